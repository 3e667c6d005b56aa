//! Compare (spec 5: 2 to 5 items) and more-like-this.
//!
//! * `GET /api/search/compare?items=a,b` — JSON: the items and their attributes side by side.
//! * `GET /s/a/compare?Items=a,b` — the legacy call's HTML table, rendered here from escaped
//!   text (the spec's `{base}?fn=compare&Items=`; the search page's base is the SPA's, so the
//!   legacy form lives under `/s/a/` with the other search calls).
//! * `GET /api/search/similar?blainNumber=` — more-like-this on the index (JSON).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use serde::Serialize;

use crate::catalog::products::{products_by_number, similar, ProductSummary, PRODUCT_NOT_FOUND};
use crate::html::escape_html;
use crate::params::Params;
use crate::QueryState;

pub const MIN_ITEMS: usize = 2;
pub const MAX_ITEMS: usize = 5;
pub const TOO_FEW: &str = "You should select at least 2 items";
pub const TOO_MANY: &str = "You can compare up to 5 items";

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/search/compare", get(compare_json))
        .route("/s/a/compare", get(compare_html))
        .route("/api/search/similar", get(similar_json))
        .with_state(state)
}

/// One attribute of the compared items.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ComparisonRow)]
pub struct AttributeRow {
    pub name: String,
    /// One value per item, in the items' order (null where the item has none).
    pub values: Vec<Option<String>>,
}

/// The compared items and their attributes side by side.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub items: Vec<ProductSummary>,
    pub attributes: Vec<AttributeRow>,
}

/// The comparison of the listed items. The spec's bounds count the items asked for (2 to 5);
/// fewer than two of them that exist (unknown numbers, an item listed twice) is a 404.
pub async fn comparison(state: &QueryState, list: &str) -> Result<Comparison, ApiError> {
    let asked: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if asked.len() < MIN_ITEMS {
        return Err(ApiError::bad_request("TooFewItems", TOO_FEW));
    }
    if asked.len() > MAX_ITEMS {
        return Err(ApiError::bad_request("TooManyItems", TOO_MANY));
    }
    let mut ids: Vec<String> = Vec::new();
    for id in asked {
        if !ids.iter().any(|x| x == id) {
            ids.push(id.to_string());
        }
    }
    let items = products_by_number(&state.pool, &ids).await?;
    if items.len() < MIN_ITEMS {
        return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
    }
    let mut names: Vec<String> = Vec::new();
    let per_item: Vec<Vec<(String, String)>> = items
        .iter()
        .map(|p| {
            let attrs: Vec<projections::model::catalog::Attribute> =
                serde_json::from_value(p.attributes.clone()).unwrap_or_default();
            attrs.into_iter().map(|a| (a.name, a.value)).collect()
        })
        .collect();
    for attrs in &per_item {
        for (name, _) in attrs {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    let mut attributes = vec![
        AttributeRow {
            name: "Brand".into(),
            values: items.iter().map(|p| Some(p.vendor_brand.clone())).collect(),
        },
        AttributeRow {
            name: "Price".into(),
            values: items.iter().map(|p| Some(p.price.clone())).collect(),
        },
    ];
    for name in names.into_iter().filter(|n| n != "Brand") {
        attributes.push(AttributeRow {
            values: per_item
                .iter()
                .map(|attrs| {
                    attrs
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map(|(_, v)| v.clone())
                })
                .collect(),
            name,
        });
    }
    Ok(Comparison { items, attributes })
}

fn items_param(params: &Params, name: &str) -> String {
    params.text(name).unwrap_or("").to_string()
}

#[utoipa::path(
    get,
    path = "/api/search/compare",
    tag = "search",
    summary = "Compare 2 to 5 items: their attributes side by side",
    params(("items" = String, Query, description = "Comma list of 2 to 5 product numbers",
        pattern = r"^[^,\s]+(,[^,\s]+){1,4}$")),
    responses(
        (status = 200, description = "OK", body = Comparison),
        (status = 400, description = "`TooFewItems` ('You should select at least 2 items'), `TooManyItems` ('You can compare up to 5 items'), `InvalidText`, `InvalidQuery`.", body = kernel::http::ErrorBody),
        (status = 404, description = "Fewer than two of the listed products exist (`NotFound`, 'Product not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn compare_json(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<Comparison>, ApiError> {
    Ok(Json(
        comparison(&state, &items_param(&params, "items")).await?,
    ))
}

/// The comparison as an HTML table; every piece of text escaped.
pub fn render(c: &Comparison) -> String {
    let mut html = String::from("<table class=\"compare\"><thead><tr><th scope=\"col\">Item</th>");
    for p in &c.items {
        html.push_str(&format!(
            "<th scope=\"col\"><a href=\"{}\">{}</a></th>",
            escape_html(&p.url),
            escape_html(&p.name)
        ));
    }
    html.push_str("</tr></thead><tbody>");
    for row in &c.attributes {
        html.push_str(&format!(
            "<tr><th scope=\"row\">{}</th>",
            escape_html(&row.name)
        ));
        for v in &row.values {
            html.push_str(&format!(
                "<td>{}</td>",
                escape_html(v.as_deref().unwrap_or("—"))
            ));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>");
    html
}

#[utoipa::path(
    get,
    path = "/s/a/compare",
    tag = "search",
    summary = "The legacy compare call: an HTML table rendered server-side from escaped text",
    params(("Items" = String, Query, description = "Comma list of 2 to 5 product numbers",
        pattern = r"^[^,\s]+(,[^,\s]+){1,4}$")),
    responses(
        (status = 200, description = "OK", content_type = "text/html", body = String),
        (status = 400, description = "`TooFewItems` ('You should select at least 2 items'), `TooManyItems` ('You can compare up to 5 items'), `InvalidText`, `InvalidQuery`.", body = kernel::http::ErrorBody),
        (status = 404, description = "Fewer than two of the listed products exist (`NotFound`, 'Product not found.').", body = kernel::http::ErrorBody),
    )
)]
pub(crate) async fn compare_html(State(state): State<QueryState>, params: Params) -> Response {
    let list = params
        .text("Items")
        .or_else(|| params.text("items"))
        .unwrap_or("")
        .to_string();
    match comparison(&state, &list).await {
        Ok(c) => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            render(&c),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

/// `GET /api/search/similar`: more like this (`products::similar`, also routed at the
/// legacy `/product/a/getSimilarProducts`).
#[utoipa::path(
    get,
    path = "/api/search/similar",
    tag = "search",
    summary = "More like this: products like the given one (the search index's more-like-this), best first",
    params(("blainNumber" = String, Query, pattern = r"\S")),
    responses(
        (status = 200, description = "OK", body = crate::catalog::products::ProductList),
        (status = 400, description = "`MissingParameter`, `InvalidText`, `InvalidQuery`.", body = kernel::http::ErrorBody),
        (status = 404, description = "No such (sellable) product (`NotFound`, 'Product not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn similar_json(
    state: State<QueryState>,
    params: Params,
) -> Result<Json<crate::catalog::products::ProductList>, ApiError> {
    similar(state, params).await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(compare_json, compare_html, similar_json))]
pub(crate) struct Api;
