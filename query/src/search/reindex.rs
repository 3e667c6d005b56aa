//! Reindex over HTTP, for merchandisers: `POST /api/staff/search/reindex` starts a rebuild of
//! this process's search index in the background (202; 409 when one is running), and
//! `GET /api/staff/search/reindex` reads its progress. Searches keep answering throughout.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kernel::http::ApiError;
use kernel::staff::{Merchandiser, Staff};

use crate::QueryState;

pub const BUSY_MESSAGE: &str = "A reindex is already running.";

/// Reindex under `/api/staff/…` (behind the staff layer).
pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/search/reindex", get(progress))
        .route("/api/staff/search/reindex", post(start))
        .with_state(state)
}

/// The former paths, answered for one release (deprecated in the OpenAPI document).
pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/search/reindex", get(progress))
        .route("/api/search/reindex", post(start))
        .route_layer(axum::middleware::from_fn(kernel::staff::deprecated_path))
        .with_state(state)
}

/// How far the reindex is.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = ReindexProgress)]
pub struct Progress {
    /// A reindex is running.
    pub running: bool,
    /// Products indexed so far by the running (or last) reindex.
    pub done: u64,
    /// Products the running (or last) reindex reads.
    pub total: u64,
    /// Products the live index holds.
    pub indexed: u64,
}

/// The answer of a reindex started: `{"success": true, "running": true}`.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[schema(as = ReindexStarted)]
pub struct Started {
    #[schema(schema_with = always_true)]
    pub success: bool,
    #[schema(schema_with = always_true)]
    pub running: bool,
}

/// The schema of a boolean that is always `true`.
pub(crate) fn always_true() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Boolean)
        .enum_values(Some([true]))
        .build()
}

#[utoipa::path(
    get,
    path = "/api/staff/search/reindex",
    tag = "merchandising",
    summary = "Progress of this process's search reindex (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session (unsafe calls with its anti-forgery token) or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`, for machines); 401 without valid staff credentials, 403 with another role's.",
    responses(
        (status = 200, description = "OK", body = Progress),
        (status = 400, description = "`InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn progress(State(state): State<QueryState>, _staff: Staff<Merchandiser>) -> Response {
    let p = state.search.progress();
    Json(Progress {
        running: p.running,
        done: p.done,
        total: p.total,
        indexed: state.search.len(),
    })
    .into_response()
}

#[utoipa::path(
    post,
    path = "/api/staff/search/reindex",
    tag = "merchandising",
    summary = "Rebuild this process's search index in the background; searches keep answering (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session (unsafe calls with its anti-forgery token) or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`, for machines); 401 without valid staff credentials, 403 with another role's.",
    responses(
        (status = 202, description = "Started", body = Started),
        (status = 400, description = "`InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 409, description = "A reindex is already running (`Busy`).", body = kernel::http::ErrorBody),
        (status = 422, description = "`IdempotencyKeyReused`.", body = kernel::http::ErrorBody),
    )
)]
async fn start(State(state): State<QueryState>, staff: Staff<Merchandiser>) -> Response {
    let staff = staff.id();
    match state.search.spawn_reindex(state.pool.clone()) {
        Ok(()) => tracing::info!(%staff, "reindex started over HTTP"),
        Err(search_indexer::SearchError::Busy) => {
            return ApiError::refused(StatusCode::CONFLICT, "Busy", BUSY_MESSAGE).into_response()
        }
        Err(e) => return ApiError::internal(e).into_response(),
    }
    (
        StatusCode::ACCEPTED,
        Json(Started {
            success: true,
            running: true,
        }),
    )
        .into_response()
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(progress, start))]
pub(crate) struct Api;
