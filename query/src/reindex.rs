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

async fn progress(State(state): State<QueryState>, _staff: Staff<Merchandiser>) -> Response {
    let p = state.search.progress();
    Json(serde_json::json!({
        "running": p.running,
        "done": p.done,
        "total": p.total,
        "indexed": state.search.len(),
    }))
    .into_response()
}

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
        Json(serde_json::json!({ "success": true, "running": true })),
    )
        .into_response()
}
