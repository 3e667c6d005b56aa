//! Merchandising commands (spec 7: AddItemToTop, UnpinItem, UpdateItemPinOrder with itemId,
//! keyword, lp, lpurl, hawkb, hawkaid, hawkp, itemList). The spec sends them as jsonp GETs;
//! a state-changing GET is a cross-site request hole, so they are POST commands here, for a
//! merchandiser only (403 otherwise), with the staff id in the events' metadata.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::Deserialize;

use super::{respond, CommandState};
use crate::eventstore::{self, IdempotentCommand};
use crate::merch::pinboard::{keyword_board, landing_board, PinBoard, PinCommand, PinError};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::staff::{Merchandiser, Staff};

/// The merchandising commands under `/api/staff/merch/…` (behind the staff layer).
pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/merch/AddItemToTop", post(add_item_to_top))
        .route("/api/staff/merch/UnpinItem", post(unpin_item))
        .route(
            "/api/staff/merch/UpdateItemPinOrder",
            post(update_item_pin_order),
        )
        .route(
            "/api/staff/merch/SetKeywordRedirect",
            post(set_keyword_redirect),
        )
        .route(
            "/api/staff/merch/RemoveKeywordRedirect",
            post(remove_keyword_redirect),
        )
        .with_state(state)
}

/// The same commands at their former paths, answered for one release (deprecated in the
/// OpenAPI document).
pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/merch/AddItemToTop", post(add_item_to_top))
        .route("/api/merch/UnpinItem", post(unpin_item))
        .route("/api/merch/UpdateItemPinOrder", post(update_item_pin_order))
        .route("/api/merch/SetKeywordRedirect", post(set_keyword_redirect))
        .route(
            "/api/merch/RemoveKeywordRedirect",
            post(remove_keyword_redirect),
        )
        .route_layer(axum::middleware::from_fn(kernel::staff::deprecated_path))
        .with_state(state)
}

/// The spec's parameters. hawkb, hawkaid and hawkp (A/B bucket, ad id, page) are accepted and
/// recorded in the events' metadata; they do not choose the board.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PinRequest {
    #[serde(default, alias = "itemid", alias = "ItemId")]
    pub item_id: Option<String>,
    #[serde(default)]
    pub keyword: Option<String>,
    /// Landing page: the department id.
    #[serde(default)]
    pub lp: Option<String>,
    /// Landing page by URL, when `lp` is absent.
    #[serde(default)]
    pub lpurl: Option<String>,
    #[serde(default)]
    pub hawkb: Option<String>,
    #[serde(default)]
    pub hawkaid: Option<String>,
    #[serde(default)]
    pub hawkp: Option<String>,
    /// The full new order: a comma list (or an array) of item ids.
    #[serde(default, alias = "itemlist")]
    pub item_list: Option<serde_json::Value>,
    /// SetKeywordRedirect: the store page the keyword goes to ("/store-finder/").
    #[serde(default)]
    pub url: Option<String>,
}

pub const KEYWORD_ONLY_MESSAGE: &str = "A redirect needs a keyword.";

pub const NO_BOARD_MESSAGE: &str = "Please give a keyword or a landing page.";

async fn board(state: &CommandState, r: &PinRequest) -> Result<String, ApiError> {
    if let Some(keyword) = r.keyword.as_deref().filter(|k| !k.trim().is_empty()) {
        return Ok(keyword_board(keyword));
    }
    let id = match (
        r.lp.as_deref().filter(|l| !l.trim().is_empty()),
        r.lpurl.as_deref(),
    ) {
        (Some(lp), _) => lp.trim().parse::<i32>().ok(),
        (None, Some(url)) => {
            let url = format!("/{}/", url.trim().trim_matches('/').to_ascii_lowercase());
            sqlx::query_scalar("SELECT id FROM departments WHERE url = $1")
                .bind(url)
                .fetch_optional(&state.pool)
                .await?
        }
        (None, None) => None,
    };
    let exists: bool = match id {
        Some(id) => {
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM departments WHERE id = $1)")
                .bind(id)
                .fetch_one(&state.pool)
                .await?
        }
        None => false,
    };
    match id {
        Some(id) if exists => Ok(landing_board(id)),
        _ => Err(ApiError::bad_request("InvalidBoard", NO_BOARD_MESSAGE)),
    }
}

fn item_list(value: &serde_json::Value) -> Vec<String> {
    match value {
        serde_json::Value::String(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        serde_json::Value::Array(items) => items
            .iter()
            .filter_map(|v| v.as_str())
            .map(String::from)
            .collect(),
        _ => vec![],
    }
}

async fn run(
    state: &CommandState,
    staff: &Staff<Merchandiser>,
    key: &Option<Extension<IdempotencyKey>>,
    request: PinRequest,
    command: impl FnOnce(&PinRequest) -> Result<PinCommand, ApiError>,
) -> Response {
    let board = match board(state, &request).await {
        Ok(board) => board,
        Err(e) => return e.into_response(),
    };
    let command = match command(&request) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let metadata = serde_json::json!({
        "staffId": staff.id(),
        "hawkb": request.hawkb,
        "hawkaid": request.hawkaid,
        "hawkp": request.hawkp,
    });
    let answer = |b: &PinBoard, outcome: &Result<usize, PinError>| {
        outcome.is_ok().then(|| {
            StoredAnswer::json(
                StatusCode::OK,
                &serde_json::json!({ "success": true, "pins": b.pins, "redirect": b.redirect }),
                vec![],
            )
        })
    };
    let idempotency = key.as_ref().map(|Extension(key)| IdempotentCommand {
        key,
        answer: &answer,
    });
    let executed = eventstore::run::<PinBoard>(&state.pool, &())
        .command(&board, command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .metadata(&metadata)
        .one()
        .await;
    respond(executed, answer)
}

/// A board's refusal: 404 for what is not there to remove, 422 otherwise (`PinRefused`).
impl From<PinError> for ApiError {
    fn from(e: PinError) -> Self {
        let status = if e == PinError::NotPinned || e == PinError::NoRedirect {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        ApiError::refused(status, "PinRefused", e.to_string())
    }
}

fn item(r: &PinRequest) -> Result<String, ApiError> {
    r.item_id
        .as_deref()
        .map(str::trim)
        .filter(|i| !i.is_empty() && i.len() <= 64)
        .map(String::from)
        .ok_or_else(|| ApiError::bad_request("InvalidItem", PinError::NoItem.to_string()))
}

async fn add_item_to_top(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        Ok(PinCommand::AddItemToTop { item_id: item(r)? })
    })
    .await
}

async fn unpin_item(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        Ok(PinCommand::UnpinItem { item_id: item(r)? })
    })
    .await
}

async fn update_item_pin_order(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        let items = r.item_list.as_ref().map(item_list).unwrap_or_default();
        Ok(PinCommand::UpdateItemPinOrder { items })
    })
    .await
}

fn keyword_only(r: &PinRequest) -> Result<(), ApiError> {
    match r.keyword.as_deref() {
        Some(k) if !k.trim().is_empty() => Ok(()),
        _ => Err(ApiError::bad_request("InvalidBoard", KEYWORD_ONLY_MESSAGE)),
    }
}

async fn set_keyword_redirect(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        keyword_only(r)?;
        Ok(PinCommand::SetRedirect {
            url: r.url.clone().unwrap_or_default(),
        })
    })
    .await
}

async fn remove_keyword_redirect(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        keyword_only(r)?;
        Ok(PinCommand::RemoveRedirect)
    })
    .await
}
