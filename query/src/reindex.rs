//! Reindex over HTTP, for merchandisers: `POST /api/search/reindex` starts a rebuild of this
//! process's search index in the background (202; 409 when one is running), and
//! `GET /api/search/reindex` reads its progress. Searches keep answering throughout.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kernel::http::error_response;

use crate::QueryState;

pub const BUSY_MESSAGE: &str = "A reindex is already running.";

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/search/reindex", get(progress))
        .route("/api/search/reindex", post(start))
        .with_state(state)
}

async fn progress(State(state): State<QueryState>, headers: HeaderMap) -> Response {
    if let Err(refused) = state.staff.merchandiser(&headers) {
        return refused;
    }
    let p = state.search.progress();
    Json(serde_json::json!({
        "running": p.running,
        "done": p.done,
        "total": p.total,
        "indexed": state.search.len(),
    }))
    .into_response()
}

async fn start(State(state): State<QueryState>, headers: HeaderMap) -> Response {
    let staff = match state.staff.merchandiser(&headers) {
        Ok(staff) => staff,
        Err(refused) => return refused,
    };
    match state.search.spawn_reindex(state.pool.clone()) {
        Ok(()) => tracing::info!(%staff, "reindex started over HTTP"),
        Err(search_indexer::SearchError::Busy) => {
            return error_response(StatusCode::CONFLICT, "Busy", BUSY_MESSAGE)
        }
        Err(e) => return kernel::http::ApiError::internal(e).into_response(),
    }
    (
        StatusCode::ACCEPTED,
        Json(serde_json::json!({ "success": true, "running": true })),
    )
        .into_response()
}
