//! GET /stores/set-json/{storeNum}: the visitor chooses their local store.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use super::CommandState;
use crate::eventstore;
use crate::shopping::visitor::{Visitor, VisitorCommand};
use kernel::http::ApiError;
use kernel::identity::Identity;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/stores/set-json/{store_num}", get(set_store))
        .with_state(state)
}

async fn set_store(
    State(state): State<CommandState>,
    identity: Identity,
    Path(store_num): Path<String>,
) -> Response {
    let refused = || Json(serde_json::json!({ "success": false })).into_response();
    let Ok(store_num) = store_num.parse::<i32>() else {
        return refused();
    };
    let exists: Result<bool, _> =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM stores WHERE store_num = $1)")
            .bind(store_num)
            .fetch_one(&state.pool)
            .await;
    match exists {
        Ok(true) => {}
        Ok(false) => return refused(),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let command = VisitorCommand::SelectStore { store_num };
    match eventstore::run::<Visitor>(&state.pool, &())
        .command(&identity.visitor_id, command)
        .inline(Some(state.inline.as_ref()))
        .executed()
        .await
    {
        Ok(executed) if executed.outcome.is_ok() => {
            Json(serde_json::json!({ "success": true })).into_response()
        }
        Ok(_) => refused(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}
