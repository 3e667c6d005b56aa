//! Keeping terms and products off the popular lists every shopper is shown (the empty search
//! box's popular searches; the home page's popular products, 'Popular in Department' and the
//! ranking's popularity): `POST /api/staff/merch/BlockPopular` and `…/UnblockPopular` with
//! `{"list": "searches" | "products", "value": …}`, merchandisers only, the staff id in the
//! events' metadata. The lists are read by `GET /api/staff/merch/popular-blocks` (query side)
//! and `storefront popular list`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::Deserialize;

use super::{respond, CommandState};
use crate::eventstore::{self, IdempotentCommand};
use crate::merch::blocklist::{
    entry, BlocklistCommand, BlocklistError, PopularBlocklist, PRODUCTS, SEARCHES,
};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::staff::{Merchandiser, Staff};

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/merch/BlockPopular", post(block))
        .route("/api/staff/merch/UnblockPopular", post(unblock))
        .with_state(state)
}

#[derive(Debug, Deserialize)]
pub struct BlockRequest {
    #[serde(default)]
    pub list: Option<String>,
    #[serde(default)]
    pub value: Option<String>,
}

pub const INVALID_LIST_MESSAGE: &str = "list must be searches or products.";

/// 404 for what is not blocked, 422 otherwise (`BlockRefused`).
impl From<BlocklistError> for ApiError {
    fn from(e: BlocklistError) -> Self {
        let status = if e == BlocklistError::NotBlocked {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        ApiError::refused(status, "BlockRefused", e.to_string())
    }
}

/// The list and the entry as it holds it.
fn target(r: &BlockRequest) -> Result<(&'static str, String), ApiError> {
    let list = match r.list.as_deref().map(str::trim) {
        Some(SEARCHES) => SEARCHES,
        Some(PRODUCTS) => PRODUCTS,
        _ => return Err(ApiError::bad_request("InvalidList", INVALID_LIST_MESSAGE)),
    };
    let raw = r.value.as_deref().unwrap_or("");
    if raw.chars().count() > 1000 {
        return Err(BlocklistError::TooLong.into());
    }
    Ok((list, entry(list, raw)))
}

async fn run(
    state: &CommandState,
    staff: &Staff<Merchandiser>,
    key: &Option<Extension<IdempotencyKey>>,
    request: BlockRequest,
    command: fn(String) -> BlocklistCommand,
) -> Response {
    let (list, value) = match target(&request) {
        Ok(t) => t,
        Err(e) => return e.into_response(),
    };
    let metadata = serde_json::json!({ "staffId": staff.id() });
    let answer = |b: &PopularBlocklist, outcome: &Result<usize, BlocklistError>| {
        outcome.is_ok().then(|| {
            StoredAnswer::json(
                StatusCode::OK,
                &serde_json::json!({ "success": true, "list": list, "blocked": b.blocked }),
                vec![],
            )
        })
    };
    let idempotency = key.as_ref().map(|Extension(key)| IdempotentCommand {
        key,
        answer: &answer,
    });
    let executed = eventstore::run::<PopularBlocklist>(&state.pool, &())
        .command(list, command(value))
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .metadata(&metadata)
        .one()
        .await;
    respond(executed, answer)
}

async fn block(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<BlockRequest>,
) -> Response {
    run(&state, &staff, &key, request, |value| {
        BlocklistCommand::Block { value }
    })
    .await
}

async fn unblock(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<BlockRequest>,
) -> Response {
    run(&state, &staff, &key, request, |value| {
        BlocklistCommand::Unblock { value }
    })
    .await
}
