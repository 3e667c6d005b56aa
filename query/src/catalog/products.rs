//! Product reads: summaries by number, bundles and similar products. Also the helpers the
//! other read resources share: prices, slugs.

use std::collections::HashMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{PgPool, Row};

use crate::QueryState;

/// Kept here too for the callers that name them by their former place.
pub use crate::params::{Params, INVALID_NUMBER};

/// `GET /product/a/getproducts` answers at most this many products.
pub const MAX_PRODUCTS_PER_REQUEST: usize = 60;
/// `GET /product/a/getSimilarProducts` (more-like-this on the search index, as
/// `/api/search/similar`) answers at most this many products.
pub const MAX_SIMILAR_PRODUCTS: usize = SIMILAR;
/// Items more-like-this answers.
pub const SIMILAR: usize = 12;

pub const PRODUCT_NOT_FOUND: &str = "Product not found.";

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/product/a/getproducts", get(get_products))
        .route("/api/product/{blainNumber}", get(product_details))
        .route("/products/a/getbundleforproduct", get(get_bundle))
        .route("/product/a/getSimilarProducts", get(similar_products))
        .with_state(state)
}

// ---------------------------------------------------------------------------------------------
// Shared helpers

/// "$1,234.99": dollars with thousands separators, always two decimals.
pub fn format_price(cents: i64) -> String {
    kernel::values::Money::from_cents(cents).to_string()
}

pub use projections::model::catalog::slug;

/// "/product/{blainNumber}/{slug}/"
pub fn product_url(blain_number: &str, name: &str) -> String {
    format!("/product/{blain_number}/{}/", slug(name))
}

// ---------------------------------------------------------------------------------------------
// Product summaries

/// Columns of [`ProductSummary::from_row`]; use with [`PRODUCT_FROM`].
/// The rating is the catalog's starting figures and the published reviews together
/// (`projections::rating_columns!`).
pub const PRODUCT_COLUMNS: &str = concat!(
    "p.blain_number, p.name, p.vendor_brand, p.department_id, \
    p.department_path, p.kind, p.price_cents, p.map_price_cents, p.price_mode, p.images, \
    p.attributes, p.tire_width, p.tire_ratio, p.tire_rim, p.warning_level, \
    p.requires_confirmation, p.requires_agreement, p.ship_to_home, p.store_pickup, \
    p.same_day_delivery, p.discontinued, coalesce(e.ecom_on_hand, 0) AS ecom_on_hand, ",
    projections::rating_columns!(),
    ", p.was_price_cents, p.introduced_on, p.sale_ends_on"
);
pub const PRODUCT_FROM: &str = concat!(
    "products p LEFT JOIN ecom_inventory e ON e.blain_number = p.blain_number",
    projections::rating_join!()
);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TireSizeOut {
    pub width: i32,
    pub ratio: i32,
    pub rim: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FulfillmentOut {
    pub ship_to_home: bool,
    pub store_pickup: bool,
    pub same_day_delivery: bool,
}

/// What lists, carousels and the cart show of a product.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductSummary {
    pub blain_number: String,
    pub name: String,
    pub vendor_brand: String,
    pub url: String,
    pub thumbnail: Option<String>,
    pub images: Vec<String>,
    pub price_cents: i64,
    pub price: String,
    pub map_price_cents: Option<i64>,
    // The read model's `PriceMode`.
    #[schema(value_type = projections::model::catalog::PriceMode, inline)]
    pub price_mode: String,
    pub below_map: bool,
    // The read model's `ProductKind`.
    #[schema(value_type = projections::model::catalog::ProductKind, inline)]
    pub kind: String,
    pub department_id: i32,
    pub department_path: Vec<String>,
    // The read model's `WarningLevel`.
    #[schema(value_type = projections::model::catalog::WarningLevel, inline)]
    pub warning_level: String,
    pub requires_confirmation: bool,
    pub requires_agreement: bool,
    #[schema(inline)]
    pub tire_size: Option<TireSizeOut>,
    /// The read model's attributes (`[{name, value}]`).
    #[schema(value_type = Vec<projections::model::catalog::Attribute>, inline)]
    pub attributes: serde_json::Value,
    #[schema(inline)]
    pub fulfillment: FulfillmentOut,
    pub ecom_on_hand: i32,
    pub discontinued: bool,
    /// Average review rating (1–5, one decimal); null without reviews.
    #[schema(minimum = 1, maximum = 5)]
    pub rating: Option<f64>,
    /// Reviews behind the rating.
    #[schema(minimum = 0)]
    pub rating_count: i32,
    /// The regular price while on sale (above priceCents); null otherwise and for below-MAP
    /// products.
    pub was_price_cents: Option<i64>,
    pub was_price: Option<String>,
    /// The day the product came into the range.
    pub introduced_on: Option<chrono::NaiveDate>,
    /// The sale's last day, while the sale is on and that day has not passed (UTC); null
    /// otherwise.
    pub sale_ends_on: Option<chrono::NaiveDate>,
}

impl ProductSummary {
    pub fn from_row(r: &PgRow) -> Result<Self, sqlx::Error> {
        let blain_number: String = r.try_get("blain_number")?;
        let name: String = r.try_get("name")?;
        let images: Vec<String> = serde_json::from_value(r.try_get("images")?).unwrap_or_default();
        let price_cents: i64 = r.try_get("price_cents")?;
        let price_mode: String = r.try_get("price_mode")?;
        let was_price_cents = r
            .try_get::<Option<i64>, _>("was_price_cents")?
            .filter(|was| *was > price_cents && price_mode != "BelowMap");
        let tire_size = match (
            r.try_get::<Option<i32>, _>("tire_width")?,
            r.try_get::<Option<i32>, _>("tire_ratio")?,
            r.try_get::<Option<i32>, _>("tire_rim")?,
        ) {
            (Some(width), Some(ratio), Some(rim)) => Some(TireSizeOut { width, ratio, rim }),
            _ => None,
        };
        Ok(ProductSummary {
            url: product_url(&blain_number, &name),
            thumbnail: images.first().cloned(),
            images,
            price: format_price(price_cents),
            price_cents,
            map_price_cents: r.try_get("map_price_cents")?,
            below_map: price_mode == "BelowMap",
            price_mode,
            vendor_brand: r.try_get("vendor_brand")?,
            kind: r.try_get("kind")?,
            department_id: r.try_get("department_id")?,
            department_path: r.try_get("department_path")?,
            warning_level: r.try_get("warning_level")?,
            requires_confirmation: r.try_get("requires_confirmation")?,
            requires_agreement: r.try_get("requires_agreement")?,
            tire_size,
            attributes: r.try_get("attributes")?,
            fulfillment: FulfillmentOut {
                ship_to_home: r.try_get("ship_to_home")?,
                store_pickup: r.try_get("store_pickup")?,
                same_day_delivery: r.try_get("same_day_delivery")?,
            },
            ecom_on_hand: r.try_get("ecom_on_hand")?,
            discontinued: r.try_get("discontinued")?,
            rating: r.try_get("rating_average")?,
            rating_count: r.try_get("rating_count")?,
            was_price: was_price_cents.map(format_price),
            was_price_cents,
            introduced_on: r.try_get("introduced_on")?,
            sale_ends_on: r
                .try_get::<Option<chrono::NaiveDate>, _>("sale_ends_on")?
                .filter(|last| {
                    was_price_cents.is_some() && *last >= chrono::Utc::now().date_naive()
                }),
            blain_number,
            name,
        })
    }
}

/// The products among `blain_numbers` that exist, in the order asked (each once).
pub async fn products_by_number(
    pool: &PgPool,
    blain_numbers: &[String],
) -> Result<Vec<ProductSummary>, sqlx::Error> {
    if blain_numbers.is_empty() {
        return Ok(vec![]);
    }
    let rows = sqlx::query(&format!(
        "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} WHERE p.blain_number = ANY($1)"
    ))
    .bind(blain_numbers)
    .fetch_all(pool)
    .await?;
    let mut found: HashMap<String, ProductSummary> = HashMap::with_capacity(rows.len());
    for r in &rows {
        let p = ProductSummary::from_row(r)?;
        found.insert(p.blain_number.clone(), p);
    }
    Ok(blain_numbers
        .iter()
        .filter_map(|b| found.remove(b))
        .collect())
}

/// A product summary with its JSON, written once when the summary is read.
#[derive(Debug)]
pub struct IndexedSummary {
    pub summary: ProductSummary,
    /// `summary` as a JSON object.
    pub json: String,
}

impl IndexedSummary {
    fn new(summary: ProductSummary) -> Self {
        let json = serde_json::to_string(&summary).expect("a summary serialises");
        Self { summary, json }
    }
}

/// A JSON array of these summaries' objects, each with `extra(summary)` members added (JSON
/// members with their leading commas, or nothing): the objects as written once, copied.
pub fn summaries_json(
    summaries: &[std::sync::Arc<IndexedSummary>],
    mut extra: impl FnMut(&ProductSummary) -> String,
) -> Box<serde_json::value::RawValue> {
    let mut out =
        String::with_capacity(summaries.iter().map(|s| s.json.len() + 48).sum::<usize>() + 2);
    out.push('[');
    for (i, s) in summaries.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let object = s.json.strip_suffix('}').unwrap_or(&s.json);
        out.push_str(object);
        out.push_str(&extra(&s.summary));
        out.push('}');
    }
    out.push(']');
    serde_json::value::RawValue::from_string(out).expect("summaries' objects make a JSON array")
}

/// The products among `ids` (hits of this process's search index) that exist, in the order
/// asked: those the index's item cache holds from there, the rest read from the read models in
/// one query and kept (`search_indexer::items`: forgotten when the index re-reads them).
pub async fn indexed_summaries(
    pool: &PgPool,
    engine: &search_indexer::SearchEngine,
    ids: &[String],
) -> Result<Vec<std::sync::Arc<IndexedSummary>>, sqlx::Error> {
    use std::sync::Arc;
    let (held, epoch) = engine.items.get(ids);
    let missing: Vec<String> = ids
        .iter()
        .zip(&held)
        .filter(|(_, h)| h.is_none())
        .map(|(id, _)| id.clone())
        .collect();
    let mut read: HashMap<String, Arc<IndexedSummary>> = HashMap::new();
    if !missing.is_empty() {
        for p in products_by_number(pool, &missing).await? {
            read.insert(p.blain_number.clone(), Arc::new(IndexedSummary::new(p)));
        }
        engine.items.put(
            epoch,
            read.iter()
                .map(|(id, p)| (id.clone(), p.clone() as search_indexer::items::Item)),
        );
    }
    Ok(ids
        .iter()
        .zip(held)
        .filter_map(|(id, held)| match held {
            Some(item) => item.downcast::<IndexedSummary>().ok(),
            None => read.remove(id),
        })
        .collect())
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[schema(as = Products)]
pub struct ProductList {
    pub products: Vec<ProductSummary>,
}

/// `GET /product/a/getproducts?blainNumbers=a,b,c`
#[utoipa::path(get, path = "/product/a/getproducts", tag = "products",
    summary = "Products by blain number, in the order asked",
    params(("blainNumbers" = String, Query,
        description = "Comma list, at most 60 different numbers (blank items are skipped; unknown ones are left out)",
        example = "1000000,1007919")),
    responses(
        (status = 200, description = "OK", body = ProductList),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `MissingParameter` (no blainNumbers); `TooManyProducts` (more than 60 numbers).", body = kernel::http::ErrorBody),
    ))]
async fn get_products(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<ProductList>, ApiError> {
    if !params.0.contains_key("blainNumbers") {
        return Err(ApiError::bad_request(
            "MissingParameter",
            "The blainNumbers parameter is required.",
        ));
    }
    let Some(numbers) = params.list("blainNumbers", MAX_PRODUCTS_PER_REQUEST) else {
        return Err(ApiError::bad_request(
            "TooManyProducts",
            format!("Please ask for at most {MAX_PRODUCTS_PER_REQUEST} products at a time."),
        ));
    };
    Ok(Json(ProductList {
        products: products_by_number(&state.pool, &numbers).await?,
    }))
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct BundleItem {
    pub product: ProductSummary,
    pub quantity: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bundle {
    pub blain_number: String,
    #[schema(inline)]
    pub items: Vec<BundleItem>,
    pub total_price_cents: i64,
    pub total_price: String,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct BundleComponentRow {
    blain_number: String,
    quantity: i32,
}

/// The bundle of `blain_number` (no items when it is not a bundle); `None` for no product.
pub async fn bundle_for(pool: &PgPool, blain_number: &str) -> Result<Option<Bundle>, sqlx::Error> {
    let Some(bundle) = sqlx::query_scalar::<_, serde_json::Value>(
        "SELECT bundle FROM products WHERE blain_number = $1",
    )
    .bind(blain_number)
    .fetch_optional(pool)
    .await?
    else {
        return Ok(None);
    };
    let components: Vec<BundleComponentRow> = serde_json::from_value(bundle).unwrap_or_else(|e| {
        tracing::warn!(%blain_number, error = %e, "unreadable bundle in the read model");
        vec![]
    });
    let numbers: Vec<String> = components.iter().map(|c| c.blain_number.clone()).collect();
    let mut products: HashMap<String, ProductSummary> = products_by_number(pool, &numbers)
        .await?
        .into_iter()
        .map(|p| (p.blain_number.clone(), p))
        .collect();
    let items: Vec<BundleItem> = components
        .iter()
        .filter_map(|c| {
            products.remove(&c.blain_number).map(|product| BundleItem {
                product,
                quantity: c.quantity,
            })
        })
        .collect();
    let total: i64 = items
        .iter()
        .map(|i| i.product.price_cents.saturating_mul(i64::from(i.quantity)))
        .fold(0i64, i64::saturating_add);
    Ok(Some(Bundle {
        blain_number: blain_number.to_string(),
        items,
        total_price_cents: total,
        total_price: format_price(total),
    }))
}

/// Everything the product page shows: the summary, the description, the warranties on offer
/// and the breadcrumb.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductDetails {
    #[serde(flatten)]
    pub summary: ProductSummary,
    pub description: String,
    #[schema(inline)]
    pub warranties: Vec<projections::model::catalog::Warranty>,
    /// The product's departments, the top first, each with its page: the breadcrumb.
    #[schema(inline)]
    pub department_trail: Vec<DepartmentLink>,
}

/// A department as a link: its name and its page.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DepartmentLink {
    pub name: String,
    pub url: String,
}

/// The departments above and including `department_id`, the top first: (name, url). The
/// product page's breadcrumb and the pages' `BreadcrumbList` (`seo`).
pub(crate) async fn department_trail(
    pool: &PgPool,
    department_id: i32,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    let mut trail: Vec<(String, String, i32)> = sqlx::query_as(
        "WITH RECURSIVE up AS ( \
           SELECT id, parent_id, name, url, 0 AS depth FROM departments WHERE id = $1 \
           UNION ALL \
           SELECT d.id, d.parent_id, d.name, d.url, up.depth + 1 FROM departments d \
           JOIN up ON d.id = up.parent_id WHERE up.depth < 10) \
         SELECT name, url, depth FROM up",
    )
    .bind(department_id)
    .fetch_all(pool)
    .await?;
    trail.sort_by_key(|(_, _, depth)| -depth);
    Ok(trail
        .into_iter()
        .map(|(name, url, _)| (name, url))
        .collect())
}

/// `GET /api/product/{blainNumber}`: the product page's data; 404 'Product not found.' for an
/// unknown number (a discontinued product is answered, marked `discontinued`).
#[utoipa::path(get, path = "/api/product/{blainNumber}", tag = "catalog",
    summary = "The product page's data",
    description = "The product summary (as `getproducts` answers it) plus `description`, the `warranties` on offer and `departmentTrail` (the product's departments, the top first, each with its page: the breadcrumb). A discontinued product is answered with `discontinued: true`; an unknown or malformed number is 404 'Product not found.'.",
    params(("blainNumber" = String, Path)),
    responses(
        (status = 200, description = "OK", body = inline(ProductDetails)),
        (status = 404, description = "'Product not found.' (code `NotFound`)", body = kernel::http::ErrorBody),
    ))]
async fn product_details(
    State(state): State<QueryState>,
    axum::extract::Path(blain_number): axum::extract::Path<String>,
) -> Result<Json<ProductDetails>, ApiError> {
    let valid = !blain_number.is_empty()
        && blain_number.len() <= 40
        && blain_number
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !valid {
        return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
    }
    let row = sqlx::query(&format!(
        "SELECT {PRODUCT_COLUMNS}, p.description, p.warranties FROM {PRODUCT_FROM} WHERE p.blain_number = $1"
    ))
    .bind(&blain_number)
    .fetch_optional(&state.pool)
    .await?
    .ok_or(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND))?;
    let summary = ProductSummary::from_row(&row)?;
    let department_trail = department_trail(&state.pool, summary.department_id)
        .await?
        .into_iter()
        .map(|(name, url)| DepartmentLink { name, url })
        .collect();
    Ok(Json(ProductDetails {
        summary,
        description: row.try_get("description")?,
        warranties: serde_json::from_value(row.try_get("warranties")?).unwrap_or_default(),
        department_trail,
    }))
}

/// `GET /products/a/getbundleforproduct?blainNumber=`
#[utoipa::path(get, path = "/products/a/getbundleforproduct", tag = "products",
    summary = "A product's bundle",
    params(("blainNumber" = String, Query, description = "Must not be blank", pattern = r"\S", example = "1000000")),
    responses(
        (status = 200, description = "OK", body = inline(Bundle)),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `MissingParameter` (blainNumber absent or blank).", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (code `NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn get_bundle(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<Bundle>, ApiError> {
    let blain_number = params.required_text("blainNumber")?;
    bundle_for(&state.pool, blain_number)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND))
}

/// `GET /product/a/getSimilarProducts`: [`similar`] (documented here; the handler is shared
/// with `/api/search/similar`).
#[utoipa::path(get, path = "/product/a/getSimilarProducts", tag = "products",
    summary = "Products most like this one (more-like-this on the search index: name, brand, department names, attribute values), at most 12",
    params(("blainNumber" = String, Query, description = "Must not be blank", pattern = r"\S", example = "1000000")),
    responses(
        (status = 200, description = "OK", body = ProductList),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `MissingParameter` (blainNumber absent or blank).", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (code `NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn similar_products(
    state: State<QueryState>,
    params: Params,
) -> Result<Json<ProductList>, ApiError> {
    similar(state, params).await
}

/// `GET /api/search/similar` and `GET /product/a/getSimilarProducts`: more-like-this on the
/// search index.
pub(crate) async fn similar(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<ProductList>, ApiError> {
    let id = params.required_text("blainNumber")?.to_string();
    let docs =
        search_indexer::document::load_products(&state.pool, std::slice::from_ref(&id)).await?;
    let Some(doc) = docs.into_iter().next() else {
        return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
    };
    let engine = state.search.clone();
    let ids = tokio::task::spawn_blocking(move || engine.more_like_this(&doc, SIMILAR))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Json(ProductList {
        products: products_by_number(&state.pool, &ids).await?,
    }))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(get_products, get_bundle, similar_products, product_details))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_have_thousands_separators_and_two_decimals() {
        assert_eq!(format_price(0), "$0.00");
        assert_eq!(format_price(5), "$0.05");
        assert_eq!(format_price(99), "$0.99");
        assert_eq!(format_price(1999), "$19.99");
        assert_eq!(format_price(99_999), "$999.99");
        assert_eq!(format_price(123_499), "$1,234.99");
        assert_eq!(format_price(100_000_000), "$1,000,000.00");
        assert_eq!(format_price(-123_499), "-$1,234.99");
    }

    fn summary(number: &str, name: &str) -> ProductSummary {
        ProductSummary {
            blain_number: number.into(),
            name: name.into(),
            vendor_brand: "Brand \"B\"".into(),
            url: product_url(number, name),
            thumbnail: None,
            images: vec![],
            price_cents: 1999,
            price: format_price(1999),
            map_price_cents: None,
            price_mode: "Regular".into(),
            below_map: false,
            kind: "General".into(),
            department_id: 1,
            department_path: vec!["Farm".into()],
            warning_level: "NoWarning".into(),
            requires_confirmation: false,
            requires_agreement: false,
            tire_size: None,
            attributes: serde_json::json!([{"name": "Size", "value": "1/2\""}]),
            fulfillment: FulfillmentOut {
                ship_to_home: true,
                store_pickup: true,
                same_day_delivery: false,
            },
            ecom_on_hand: 3,
            discontinued: false,
            rating: None,
            rating_count: 0,
            was_price_cents: None,
            was_price: None,
            introduced_on: None,
            sale_ends_on: None,
        }
    }

    #[test]
    fn summaries_written_once_read_back_as_serialised_with_their_extra_members() {
        let summaries: Vec<std::sync::Arc<IndexedSummary>> =
            [summary("1", "Rope <b>"), summary("2", "Wire \\ \u{2028}")]
                .into_iter()
                .map(|s| std::sync::Arc::new(IndexedSummary::new(s)))
                .collect();
        let raw = summaries_json(&summaries, |s| {
            format!(",\"pinned\":{}", s.blain_number == "2")
        });
        let got: serde_json::Value = serde_json::from_str(raw.get()).unwrap();
        let want: Vec<serde_json::Value> = summaries
            .iter()
            .map(|s| {
                let mut v = serde_json::to_value(&s.summary).unwrap();
                v["pinned"] = (s.summary.blain_number == "2").into();
                v
            })
            .collect();
        assert_eq!(got, serde_json::Value::Array(want));
        assert_eq!(summaries_json(&[], |_| String::new()).get(), "[]");
    }

    #[test]
    fn slugs_and_urls() {
        assert_eq!(
            product_url("1234567", "Behlen Country 4' x 2' Stock Tank, 100 gal"),
            "/product/1234567/behlen-country-4-x-2-stock-tank-100-gal/"
        );
        assert_eq!(slug("  --Hello--  "), "hello");
    }
}
