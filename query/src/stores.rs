//! Stores: the store list and details pages, and the store search behind the change-store menu
//! and the product page's stock lookup (`POST /products/a/storestatus-json` and
//! `POST /products/a/stockstatus-json`).
//!
//! This file holds the router and the handlers; the parts live in `stores/`: the directory
//! (the Store entity and every store in memory), geography (distances, positions, ZIP
//! centroids), and the search.

mod directory;
mod geo;
pub mod hours;
mod search;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use chrono::Utc;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::identity::Identity;
use serde::Deserialize;

pub use directory::{CachedStore, Store, StoreDirectory};
pub use geo::{distance_miles, Position, EARTH_RADIUS_MILES};
pub use search::{
    store_search, Local, ResolutionType, StoreSearchRequest, StoreSearchResponse, StoreStatus,
    StoreVariant, INVALID_QUANTITY_MESSAGE, INVALID_ZIP_MESSAGE, MAX_DESIRED_QUANTITY,
    NO_STORES_MESSAGE, OUT_OF_STOCK_NEARBY_MESSAGE, SEARCH_RADIUS_MILES,
};

use crate::QueryState;

pub const STORE_NOT_FOUND: &str = "Store not found.";

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/products/a/storestatus-json", post(store_status))
        .route("/products/a/stockstatus-json", post(stock_status))
        .route("/api/stores", get(list_stores))
        .route("/api/stores/{url_alias}", get(store_details))
        .with_state(state)
}

#[utoipa::path(get, path = "/api/stores", tag = "stores",
    summary = "Every store (store finder)",
    responses((status = 200, description = "OK", body = Vec<Store>)))]
async fn list_stores(State(state): State<QueryState>) -> Result<Json<Vec<Store>>, ApiError> {
    let now = Utc::now();
    let stores = state.stores.stores(&state.pool).await?;
    Ok(Json(stores.iter().map(|s| s.at(now, None)).collect()))
}

#[utoipa::path(get, path = "/api/stores/{url_alias}", tag = "stores",
    summary = "One store by its URL alias (store details)",
    params(("url_alias" = String, Path, description = "e.g. janesville-wi (trimmed)", example = "janesville-wi")),
    responses(
        (status = 200, description = "OK", body = Store),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `BadRequest` (a path parameter that is not valid UTF-8).", body = kernel::http::ErrorBody),
        (status = 404, description = "No such store (code `NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn store_details(
    State(state): State<QueryState>,
    Path(url_alias): Path<String>,
) -> Result<Json<Store>, ApiError> {
    let stores = state.stores.stores(&state.pool).await?;
    stores
        .iter()
        .find(|s| s.store.url_alias == url_alias.trim())
        .map(|s| Json(s.at(Utc::now(), None)))
        .ok_or(ApiError::NotFoundMessage(STORE_NOT_FOUND))
}

/// The body of `POST /products/a/storestatus-json`. Where to search from: exactPosition, else
/// zip, else the local store (storeNum, else the store the visitor chose).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreSearchRequest)]
pub struct StoreStatusBody {
    /// 5 digits; anything else answers resolutionType InvalidZip
    #[serde(default)]
    pub zip: Option<String>,
    #[serde(default)]
    pub must_include_local_store: Option<bool>,
    /// Outside -90..90 / -180..180 the search answers resolutionType InvalidCoordinates
    #[serde(default)]
    #[schema(inline)]
    pub exact_position: Option<Position>,
    /// The visitor's store as the client knows it; else the one the visitor chose.
    #[serde(default)]
    pub store_num: Option<i32>,
}

/// The body of `POST /products/a/stockstatus-json`: the same plus the product.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StockSearchRequest)]
pub struct StockStatusBody {
    #[serde(flatten)]
    pub origin: StoreStatusBody,
    pub blain_number: String,
    #[serde(default)]
    pub filter_only_in_stock: Option<bool>,
    /// 1 when absent; outside 1-999 answers 400 InvalidQuantity
    #[serde(default)]
    #[schema(minimum = 1, maximum = 999)]
    pub desired_quantity: Option<i64>,
}

impl StoreStatusBody {
    /// The search request and the local store: the body's, else the visitor's choice.
    fn resolve<'i>(self, identity: &'i Identity) -> (StoreSearchRequest, Local<'i>) {
        let local = match self.store_num {
            Some(store) => Local::Known(Some(store)),
            None => Local::OfVisitor(&identity.visitor_id),
        };
        let request = StoreSearchRequest {
            zip: self.zip,
            must_include_local_store: self.must_include_local_store,
            exact_position: self.exact_position,
            ..StoreSearchRequest::default()
        };
        (request, local)
    }
}

/// A search's JSON as the answer, marked as a read (never stored as an idempotent answer).
fn json_answer(body: Vec<u8>) -> Response {
    (
        Extension(SafeRead),
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// `POST /products/a/storestatus-json`
#[utoipa::path(post, path = "/products/a/storestatus-json", tag = "stores",
    summary = "Stores near a ZIP or position, with hours",
    request_body(content = StoreStatusBody,
        example = json!({"zip": "53545", "mustIncludeLocalStore": false})),
    responses(
        (status = 200, description = "OK", body = StoreSearchResponse),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
    ))]
async fn store_status(
    State(state): State<QueryState>,
    identity: Identity,
    ApiJson(body): ApiJson<StoreStatusBody>,
) -> Result<Response, ApiError> {
    let (request, local) = body.resolve(&identity);
    let answer = state
        .stores
        .search_json(&state.pool, request, local, Utc::now())
        .await?;
    Ok(json_answer(answer))
}

/// `POST /products/a/stockstatus-json`
#[utoipa::path(post, path = "/products/a/stockstatus-json", tag = "stores",
    summary = "Stores near a ZIP or position with a product's stock and label",
    request_body(content = StockStatusBody,
        example = json!({"blainNumber": "1000000", "zip": "53545", "desiredQuantity": 1})),
    responses(
        (status = 200, description = "OK", body = StoreSearchResponse),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `InvalidQuantity` (desiredQuantity outside 1-999).", body = kernel::http::ErrorBody),
    ))]
async fn stock_status(
    State(state): State<QueryState>,
    identity: Identity,
    ApiJson(body): ApiJson<StockStatusBody>,
) -> Result<Response, ApiError> {
    let (request, local) = body.origin.resolve(&identity);
    let request = StoreSearchRequest {
        blain_number: Some(body.blain_number),
        filter_only_in_stock: body.filter_only_in_stock,
        desired_quantity: body.desired_quantity,
        ..request
    };
    let answer = state
        .stores
        .search_json(&state.pool, request, local, Utc::now())
        .await?;
    Ok(json_answer(answer))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(store_status, stock_status, list_stores, store_details))]
pub(crate) struct Api;
