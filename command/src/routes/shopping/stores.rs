//! GET /stores/set-json/{storeNum}: the visitor chooses their local store.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::eventstore;
use crate::routes::CommandState;
use crate::shopping::visitor::{Visitor, VisitorCommand};
use kernel::http::ApiError;
use kernel::identity::Identity;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/stores/set-json/{store_num}", get(set_store))
        .with_state(state)
}

#[utoipa::path(get, path = "/stores/set-json/{store_num}", tag = "stores",
    summary = "Set the visitor's local store (success false for an unknown store)",
    params(("store_num" = String, Path,
        description = "The store number; anything else answers success false", example = "1")),
    responses(
        (status = 200, description = "OK", body = crate::routes::Success),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `BadRequest` (a path parameter that is not valid UTF-8).",
            body = kernel::http::ErrorBody),
    ))]
async fn set_store(
    State(state): State<CommandState>,
    identity: Identity,
    Path(store_num): Path<String>,
) -> Response {
    let refused = || Json(crate::routes::Success::FALSE).into_response();
    let Ok(store_num) = kernel::values::StoreNumber::parse(&store_num) else {
        return refused();
    };
    let store_num = store_num.get();
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
            Json(crate::routes::Success::TRUE).into_response()
        }
        Ok(_) => refused(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(set_store))]
pub(crate) struct Api;
