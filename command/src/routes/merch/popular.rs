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
use serde::{Deserialize, Serialize};

use crate::merch::blocklist::{
    entry, BlocklistCommand, BlocklistError, PopularBlocklist, PRODUCTS, SEARCHES,
};
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::IdempotencyKey;
use kernel::staff::{Merchandiser, Staff};

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/merch/BlockPopular", post(block))
        .route("/api/staff/merch/UnblockPopular", post(unblock))
        .with_state(state)
}

/// The list, and the term or product to keep off it (or let on it again).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = PopularBlockRequest)]
pub struct BlockRequest {
    /// `searches` or `products` (described by `list_request_schema`).
    #[serde(default)]
    #[schema(schema_with = list_request_schema)]
    pub list: Option<String>,
    /// A search term (kept as counted: trimmed, lower case, spaces collapsed; at most 100
    /// characters) or a product number.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 1000)]
    pub value: Option<String>,
}

/// The lists: `searches` or `products`.
fn list_schema() -> utoipa::openapi::Object {
    crate::routes::doc::one_of(&[SEARCHES, PRODUCTS])
}

/// [`list_schema`] with what each list is (a request's `list`).
fn list_request_schema() -> utoipa::openapi::Object {
    let mut schema = list_schema();
    schema.description = Some(
        "`searches`: the popular searches of the empty search box; `products`: the home \
         page's popular products, 'Popular in Department' and the ranking's popularity."
            .into(),
    );
    schema
}

/// A list after a change.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = PopularBlocklist)]
struct BlocklistAnswer {
    #[schema(schema_with = crate::routes::doc::always_true)]
    success: bool,
    #[schema(schema_with = list_schema)]
    list: &'static str,
    /// Every entry of the list, in order
    blocked: Vec<String>,
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
    crate::routes::run_staff_command(
        state,
        key,
        list,
        command(value),
        metadata,
        |b: &PopularBlocklist| BlocklistAnswer {
            success: true,
            list,
            blocked: b.blocked.iter().cloned().collect(),
        },
    )
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/BlockPopular", tag = "merchandising",
    summary = "Keep a search term or product off the popular lists (merchandisers)",
    description = DESCRIPTION,
    request_body = BlockRequest,
    responses(
        (status = 200, description = "The list after the change", body = BlocklistAnswer),
        (status = 400, description = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidList` ('list must be searches or products.').",
            body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the entry is empty or too long, or the list is full (`BlockRefused`).",
            body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/UnblockPopular", tag = "merchandising",
    summary = "Let a blocked term or product on the popular lists again (merchandisers)",
    description = DESCRIPTION,
    request_body = BlockRequest,
    responses(
        (status = 200, description = "The list after the change", body = BlocklistAnswer),
        (status = 400, description = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidList` ('list must be searches or products.').",
            body = kernel::http::ErrorBody),
        (status = 404, description = "UnblockPopular: that entry is not blocked (`BlockRefused`).", body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the entry is empty or too long, or the list is full (`BlockRefused`).",
            body = kernel::http::ErrorBody),
    ))]
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

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(block, unblock), modifiers(&REPLAYS))]
pub(crate) struct Api;

/// A stored answer is one of success.
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200"]);

const DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session (unsafe calls with its anti-forgery token) or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`, for machines); 401 without valid staff credentials, 403 with another role's. The popular lists every shopper is shown count distinct visitors (docs/security.md, \"Popular lists\"); a merchandiser can still keep a term or product off them. The change shows at once. The staff id is recorded in the event's metadata. Also `storefront popular block|unblock`.";
