//! `GET /api/search?{the search page's own query string}`: site search and department
//! listings (a landing page, `lp`) on the index. The query string follows the URL contract
//! (`search_indexer::url`); the answer carries the page of products (from the read models, in
//! the index's order), the total and paging, the facets with counts, the filters applied, the
//! canonical query string and a query id for tracking.
//!
//! Facet parameters: `department` (ids; hierarchical), `brand`, `availability` (`store`: in
//! stock at the visitor's chosen store, `ship`: ships to home), and one per product attribute
//! (its name as a slug: `group-size`, `season`, …); the range `price` in dollars. A facet name
//! the index does not know is ignored (a stale link still finds products).

pub mod audit;
pub mod autocomplete;
pub mod compare;
pub mod explain;
pub mod pins;
pub mod popularity;
pub mod recommendations;
pub mod reindex;
pub mod synonyms;

use std::sync::Arc;

use axum::extract::State;
use axum::http::Uri;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use kernel::identity::Identity;
use search_indexer::search::{attribute_params, Availability, FacetResult, SearchQuery, Sort};
use search_indexer::url::{self, Contract, SearchState};
use search_indexer::SearchEngine;
use serde::Serialize;
use sqlx::Row;

use crate::catalog::products::{indexed_summaries, summaries_json};
use crate::QueryState;

/// The spec's search maximum length: longer keywords are cut.
pub const MAX_KEYWORD_CHARS: usize = 150;
pub const DEPARTMENT_NOT_FOUND: &str = "Department not found.";

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/search", get(search))
        .with_state(state)
}

/// A filter applied to this page (a selected facet value or the price range).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AppliedFilter)]
pub struct Applied {
    pub name: String,
    pub label: String,
    pub value: String,
    pub value_label: String,
}

/// The department of a department listing (`lp`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchLanding)]
pub struct Landing {
    pub id: i32,
    pub name: String,
    pub url: String,
}

/// One page of a search or department listing on the index.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer {
    #[schema(required, max_length = 150)]
    pub keyword: Option<String>,
    #[schema(required)]
    pub landing: Option<Landing>,
    pub total: u64,
    #[schema(minimum = 1)]
    pub pg: u32,
    #[schema(minimum = 1, maximum = 120)]
    pub mpp: u32,
    pub page_count: u64,
    pub sort: Sort,
    /// The visitor's chosen store.
    #[schema(required)]
    pub store_num: Option<i32>,
    /// Product summaries (`ProductSummary` objects), each with `pinned` (held by a
    /// merchandiser's pin at this place) and `storeOnHand` (units on hand at the visitor's
    /// store; null without a chosen store).
    #[schema(value_type = Vec<SearchItem>)]
    pub items: Box<serde_json::value::RawValue>,
    pub facets: Vec<FacetResult>,
    pub applied: Vec<Applied>,
    /// The canonical query string of this page (the URL contract's writer).
    pub query: String,
    /// Identifies this answer in tracking events (query_id).
    pub query_id: String,
    #[schema(required)]
    pub did_you_mean: Option<String>,
    #[schema(required)]
    pub redirect: Option<String>,
    /// A merchandiser's preview (`prv`, `HawkDate`): what the answer was searched with. Absent
    /// from every shopper's answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preview: Option<synonyms::Preview>,
}

/// A product summary with where it stands on this search.
// For the OpenAPI document only: the handler writes these objects itself (`summaries_json`).
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub(crate) struct SearchItem {
    #[serde(flatten)]
    summary: crate::catalog::products::ProductSummary,
    /// Held by a merchandiser's pin at this place.
    pinned: bool,
    /// Units on hand at the visitor's store; null without a chosen store.
    #[schema(required)]
    store_on_hand: Option<i32>,
}

/// The search page's query string (the URL contract). Parameters not named here (the fixed
/// ones: prv, cref, adv, searchWithin, it, items, expand, hawkb, HawkDate, hawkflags, hawkaid,
/// hawkp; and one facet per product attribute, by its slug) are text.
// For the OpenAPI document only: the handlers read the query string from the URI
// (`search_indexer::url`).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub(crate) struct SearchParams {
    /// Cut at 150 characters
    #[serde(default)]
    keyword: String,
    /// Landing page: a department id or URL (a department listing)
    #[serde(default)]
    lp: String,
    /// Empty: the default (relevance)
    #[serde(default)]
    sort: SortParam,
    /// How the keyword's words combine: `or`, any word may match; any other value (`and`, empty, anything else) or none, every word must match.
    #[serde(default)]
    operator: String,
    #[schema(minimum = 1, maximum = 120)]
    #[serde(default)]
    mpp: u32,
    #[schema(minimum = 1, maximum = 10000)]
    #[serde(default)]
    pg: u32,
    #[schema(pattern = "^[0-9]{1,9}(,[0-9]{1,9})*$")]
    #[serde(default)]
    department: String,
    #[serde(default)]
    brand: String,
    #[schema(pattern = "^(store|ship)(,(store|ship))*$")]
    #[serde(default)]
    availability: String,
    /// from,to in dollars
    #[schema(pattern = r"^[0-9]{1,7}(\.[0-9]{1,2})?,[0-9]{1,7}(\.[0-9]{1,2})?$")]
    #[serde(default)]
    price: String,
    #[serde(flatten)]
    other: std::collections::HashMap<String, String>,
}

/// The `sort` parameter: a [`Sort`] name, or empty for the default (relevance).
// For the OpenAPI document only.
pub(crate) struct SortParam;

impl utoipa::PartialSchema for SortParam {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let names = std::iter::once("").chain(Sort::ALL.iter().map(|s| s.name()));
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(names))
            .into()
    }
}

impl utoipa::ToSchema for SortParam {}

/// The hits of `query`. A page this index version answered before needs no search, nor a
/// blocking thread; anything else is searched on one.
pub(crate) async fn hits_of(
    engine: &Arc<SearchEngine>,
    query: &SearchQuery,
) -> Result<search_indexer::search::Hits, ApiError> {
    if let Some(hits) = engine.kept(query) {
        return Ok(hits);
    }
    let (engine, query) = (engine.clone(), query.clone());
    tokio::task::spawn_blocking(move || engine.search(&query))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::bad_request(code, message)
}

/// The search query a URL state asks for (facets resolved against the index).
pub fn search_query(
    engine: &SearchEngine,
    state: &SearchState,
    store: Option<i32>,
) -> Result<SearchQuery, ApiError> {
    let mut q = SearchQuery {
        keyword: state
            .keyword
            .as_ref()
            .map(|k| k.chars().take(MAX_KEYWORD_CHARS).collect()),
        any_word: state.param("operator") == Some("or"),
        store,
        limit: state.mpp as usize,
        offset: (state.pg as usize - 1) * state.mpp as usize,
        ..SearchQuery::default()
    };
    // Search within these results: more words every result must match.
    if let Some(within) = state
        .param("searchWithin")
        .map(str::trim)
        .filter(|w| !w.is_empty())
    {
        let within: String = within.chars().take(MAX_KEYWORD_CHARS).collect();
        q.keyword = Some(match q.keyword.take().filter(|k| !k.trim().is_empty()) {
            Some(k) => format!("{k} {within}"),
            None => within,
        });
    }
    if let Some(sort) = state.param("sort") {
        q.sort = Sort::parse(sort).ok_or_else(|| {
            let names: Vec<&str> = Sort::ALL.iter().map(|s| s.name()).collect();
            bad(
                "InvalidSort",
                format!("The sort must be one of {}.", names.join(", ")),
            )
        })?;
    }
    let departments = engine.departments();
    if let Some(lp) = state.param("lp") {
        let id = match lp.parse::<i32>() {
            Ok(id) => departments.by_id.get(&id).map(|d| d.id),
            Err(_) => departments.by_url(lp).map(|d| d.id),
        };
        q.landing = Some(id.ok_or(ApiError::NotFoundMessage(DEPARTMENT_NOT_FOUND))?);
    }
    // The index's attribute facets, read once (only when the URL names one).
    let mut attributes = None;
    for facet in &state.facets {
        match facet.name.as_str() {
            "department" => {
                for v in &facet.values {
                    let id = v
                        .parse::<i32>()
                        .map_err(|_| bad("InvalidFacet", "A department is given by its number."))?;
                    q.departments.push(id);
                }
            }
            "brand" => q.brands = facet.values.clone(),
            "availability" => {
                for v in &facet.values {
                    q.availability.push(Availability::parse(v).ok_or_else(|| {
                        bad("InvalidFacet", "Availability is 'store' or 'ship'.")
                    })?);
                }
            }
            name => {
                if attributes.is_none() {
                    attributes = Some(
                        attribute_params(engine)
                            .map_err(|e| ApiError::Unavailable(e.to_string()))?,
                    );
                }
                if let Some(attribute) = attributes.as_ref().and_then(|a| a.get(name)) {
                    q.attributes.push((attribute.clone(), facet.values.clone()));
                }
            }
        }
    }
    if let Some(range) = state.range("price") {
        let lo = (range.from.max(0.0) * 100.0).floor().min(u64::MAX as f64) as u64;
        let hi = (range.to.max(0.0) * 100.0).ceil().min(u64::MAX as f64) as u64;
        q.price = Some((lo, hi));
    }
    Ok(q)
}

#[utoipa::path(
    get,
    path = "/api/search",
    tag = "search",
    summary = "Site search and department listings on the index",
    description = "Takes the search page's own query string (the URL contract, docs/decisions.md): `keyword`, the fixed parameters (prv, lp, cref, adv, searchWithin, sort, it, items, operator, expand, hawkb, HawkDate, hawkflags, hawkaid, hawkp), `mpp` (1-120, default 60), `pg` (from 1), facets `name=v1,v2` (a comma inside a value written `\\,`) and the range `price=from,to` in dollars. Facets: `department` (ids, hierarchical: a parent matches its children), `brand`, `availability` (`store` = in stock at the visitor's chosen store, `ship` = ships to home) and one per product attribute, named by its slug (`season`, `tire-size`, `group-size`, ...); unknown facet names are ignored. Counts are multi-select: a facet's own selections do not shrink its counts.",
    params(
        ("search" = inline(Option<SearchParams>), Query, style = Form, explode,
            description = "The URL contract's parameters.",
            example = json!({"lp": "1", "mpp": 24, "sort": "price-asc"})),
    ),
    responses(
        (status = 200, description = "OK", body = SearchAnswer),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidSearch` (mpp outside 1-120, pg outside 1-10000, a range that is not two numbers, a query string over 4096 characters); `InvalidSort`; `InvalidFacet` (a department that is not a number, an availability other than store or ship).", body = kernel::http::ErrorBody),
        (status = 404, description = "The landing page (`lp`) names no department (`NotFound`, 'Department not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn search(
    State(state): State<QueryState>,
    identity: Identity,
    uri: Uri,
    parts: axum::http::request::Parts,
) -> Result<axum::response::Response, ApiError> {
    let contract = Contract::default();
    let url_state = url::parse(uri.query().unwrap_or(""), &contract)
        .map_err(|e| bad("InvalidSearch", e.to_string()))?;
    // A visitor made for this request has chosen no store yet.
    let store = if identity.new_visitor {
        None
    } else {
        crate::shopping::visitor::local_store(&state.pool, &identity.visitor_id).await?
    };
    let engine: Arc<SearchEngine> = state.search.clone();
    let mut query = search_query(&engine, &url_state, store)?;
    let preview = synonyms::preview(
        &state,
        &parts,
        url_state.param("prv"),
        url_state.param("HawkDate"),
    )
    .await?;
    if let Some(p) = &preview {
        query.synonyms = p.rules.clone();
        query.at = p.at;
    }
    // The merchandiser's pins of this keyword (as typed, before any search-within words), or
    // of this landing page.
    let typed = url_state
        .keyword
        .as_ref()
        .map(|k| k.chars().take(MAX_KEYWORD_CHARS).collect::<String>());
    let board = match (&typed, query.landing) {
        (Some(k), _) => Some(projections::model::pinboard::keyword_board(k)),
        (None, Some(lp)) => Some(projections::model::pinboard::landing_board(lp)),
        (None, None) => None,
    };
    let mut redirect = None;
    if let Some(board) = board {
        let (items, to) = pins::board_rules(&state.pool, &board, preview.as_ref()).await?;
        query.pins = items;
        // A keyword a merchandiser sends elsewhere ('store hours' → /store-finder/).
        redirect = to.filter(|_| typed.is_some() && url_state.param("searchWithin").is_none());
    }
    let hits = hits_of(&engine, &query).await?;
    // Nothing found for a keyword: suggest the nearest keyword the catalog has.
    let did_you_mean = match (&query.keyword, hits.total) {
        (Some(keyword), 0) => {
            let (engine, keyword) = (engine.clone(), keyword.clone());
            tokio::task::spawn_blocking(move || engine.did_you_mean(&keyword))
                .await
                .map_err(ApiError::internal)?
                .map_err(ApiError::internal)?
        }
        _ => None,
    };
    let products = indexed_summaries(&state.pool, &engine, &hits.ids).await?;
    let on_hand: std::collections::HashMap<String, i32> = match store {
        Some(store) if !hits.ids.is_empty() => sqlx::query(
            "SELECT blain_number, store_on_hand FROM store_inventory WHERE store_num = $1 AND blain_number = ANY($2)",
        )
        .bind(store)
        .bind(&hits.ids)
        .fetch_all(&state.pool)
        .await?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect(),
        _ => Default::default(),
    };
    let items = summaries_json(&products, |product| {
        let pinned = hits.pinned.contains(&product.blain_number);
        match store {
            Some(_) => {
                let units = on_hand.get(&product.blain_number).copied().unwrap_or(0);
                format!(",\"pinned\":{pinned},\"storeOnHand\":{units}")
            }
            None => format!(",\"pinned\":{pinned},\"storeOnHand\":null"),
        }
    });

    let mut applied = Vec::new();
    for facet in &hits.facets {
        for v in facet.values.iter().filter(|v| v.selected) {
            applied.push(Applied {
                name: facet.name.clone(),
                label: facet.label.clone(),
                value: v.value.clone(),
                value_label: v.label.clone(),
            });
        }
    }
    if let Some((lo, hi)) = query.price {
        applied.push(Applied {
            name: "price".into(),
            label: "Price".into(),
            value: format!("{},{}", lo as f64 / 100.0, hi as f64 / 100.0),
            value_label: format!(
                "{} – {}",
                crate::catalog::products::format_price(lo as i64),
                crate::catalog::products::format_price(hi as i64)
            ),
        });
    }
    let price_bounds = hits
        .facets
        .iter()
        .find(|f| f.name == "price")
        .and_then(|f| f.min.zip(f.max));
    let bounds = |name: &str| (name == "price").then_some(price_bounds).flatten();
    let departments = engine.departments();
    let landing = query.landing.and_then(|id| {
        departments.by_id.get(&id).map(|d| Landing {
            id: d.id,
            name: d.name.clone(),
            url: d.url.clone(),
        })
    });
    // Signed for this visitor and keyword, with whether it had hits: the tracker counts a
    // search toward popular searches only with such an id (kernel::query_id).
    // Which merchandising rules shaped this answer, signed into its query id: analysts see
    // the clicks and sales that followed each kind of rule.
    let shaped = kernel::query_id::Shaped {
        pinned: !hits.pinned.is_empty(),
        redirect: redirect.is_some(),
        synonym: query.keyword.as_deref().is_some_and(|k| {
            let (synonyms, at) = engine.synonyms_of(&query);
            synonyms.applies_to(k, at)
        }),
    };
    let query_id = kernel::query_id::issue_shaped(
        identity.keyring(),
        &identity.visitor_id,
        typed.as_deref().unwrap_or(""),
        hits.total > 0,
        shaped,
    );
    let private = preview.is_some();
    let answer = Json(SearchAnswer {
        keyword: typed,
        landing,
        total: hits.total,
        pg: url_state.pg,
        mpp: url_state.mpp,
        page_count: hits.total.div_ceil(u64::from(url_state.mpp)),
        sort: query.sort,
        store_num: store,
        items,
        facets: hits.facets,
        applied,
        query: url::write(&url_state, &contract, &bounds),
        query_id,
        did_you_mean,
        redirect,
        preview,
    });
    use axum::response::IntoResponse;
    Ok(if private {
        // A merchandiser's preview is theirs alone: no cache keeps it.
        (
            [(axum::http::header::CACHE_CONTROL, "private, no-store")],
            answer,
        )
            .into_response()
    } else {
        answer.into_response()
    })
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(search), components(schemas(SortParam)))]
pub(crate) struct Api;
