//! Merchandising commands (spec 7: AddItemToTop, UnpinItem, UpdateItemPinOrder with itemId,
//! keyword, lp, lpurl, hawkb, hawkaid, hawkp, itemList). The spec sends them as jsonp GETs;
//! a state-changing GET is a cross-site request hole, so they are POST commands here, for a
//! merchandiser only (403 otherwise), with the staff id in the events' metadata.

pub mod popular;
pub mod synonyms;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};

use crate::merch::pinboard::{
    keyword_board, landing_board, Draft, PinBoard, PinCommand, PinError, RuleRef, Window,
};
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::IdempotencyKey;
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
        .route("/api/staff/merch/RestorePins", post(restore_pins))
        .route("/api/staff/merch/SavePinDraft", post(save_pin_draft))
        .route("/api/staff/merch/DiscardPinDraft", post(discard_pin_draft))
        .route("/api/staff/merch/PublishPinDraft", post(publish_pin_draft))
        .route("/api/staff/merch/SchedulePinRule", post(schedule_pin_rule))
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

/// The spec's pin parameters. The board is the keyword's, else the landing page's (`lp`, a
/// department id, or `lpurl`). hawkb, hawkaid and hawkp (A/B bucket, ad id, page) are
/// recorded with the event; they do not choose the board.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PinRequest {
    /// The product number (AddItemToTop, UnpinItem)
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
    /// UpdateItemPinOrder: the full new order, a comma list or an array (the schema's
    /// description: `item_list_schema`)
    #[serde(default, alias = "itemlist")]
    #[schema(schema_with = item_list_schema)]
    pub item_list: Option<ItemList>,
    /// SetKeywordRedirect: the store page the keyword goes to (a local URL: one leading slash,
    /// e.g. "/store-finder/")
    #[serde(default)]
    pub url: Option<String>,
    /// RestorePins: the board's version whose pins and redirect it holds again (the
    /// `version` of `GET /api/staff/merch/pins/history`)
    #[serde(default)]
    #[schema(minimum = 1)]
    pub version: Option<i64>,
    /// SchedulePinRule: the rule, `pin:{item}` (a pinned item) or `redirect`
    #[serde(default)]
    pub rule: Option<String>,
    /// SchedulePinRule: when the rule starts to apply (none: now)
    #[serde(default)]
    pub starts_at: Option<DateTime<Utc>>,
    /// SchedulePinRule: when it stops (none: for good)
    #[serde(default)]
    pub ends_at: Option<DateTime<Utc>>,
}

/// `itemList`: a comma list or an array of item ids; anything else (numbers, objects, an array
/// holding one) is the wrong shape, refused with the rest of the body (422 `InvalidInput`).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum ItemList {
    Comma(String),
    Items(Vec<String>),
}

/// `itemList`: a comma list, an array of item ids, or null.
fn item_list_schema() -> utoipa::openapi::Schema {
    use utoipa::openapi::{schema::ArrayBuilder, ObjectBuilder, Type};
    utoipa::openapi::schema::OneOfBuilder::new()
        .item(ObjectBuilder::new().schema_type(Type::String))
        .item(ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String)))
        .item(ObjectBuilder::new().schema_type(Type::Null))
        .description(Some(
            "UpdateItemPinOrder: the full new order, a comma list or an array",
        ))
        .build()
        .into()
}

/// A board's pins in order, and the keyword's redirect.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Pins)]
struct PinsAnswer {
    #[schema(schema_with = crate::routes::doc::always_true)]
    success: bool,
    pins: Vec<String>,
    redirect: Option<String>,
    /// The draft waiting to be published (`SavePinDraft`), or null.
    draft: Option<PinDraft>,
    /// The scheduled rules' windows, by rule (`pin:{item}` or `redirect`).
    schedules: BTreeMap<String, PinWindow>,
}

/// A pin board's draft: the pins in order and the redirect it is to have.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = PinBoardDraft)]
struct PinDraft {
    pins: Vec<String>,
    #[schema(required)]
    redirect: Option<String>,
}

/// When a scheduled rule applies: from `startsAt` until `endsAt` (excluded); an absent side
/// is open.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PinRuleWindow)]
struct PinWindow {
    #[serde(skip_serializing_if = "Option::is_none")]
    starts_at: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ends_at: Option<DateTime<Utc>>,
}

impl PinsAnswer {
    fn of(b: &PinBoard) -> Self {
        PinsAnswer {
            success: true,
            pins: b.pins.clone(),
            redirect: b.redirect.clone(),
            draft: b.draft.as_ref().map(|Draft { pins, redirect }| PinDraft {
                pins: pins.clone(),
                redirect: redirect.clone(),
            }),
            schedules: b
                .schedules
                .iter()
                .map(|(k, Window { starts_at, ends_at })| {
                    (
                        k.clone(),
                        PinWindow {
                            starts_at: *starts_at,
                            ends_at: *ends_at,
                        },
                    )
                })
                .collect(),
        }
    }
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

fn item_list(value: &ItemList) -> Vec<String> {
    match value {
        ItemList::Comma(s) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect(),
        ItemList::Items(items) => items.clone(),
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
    crate::routes::run_staff_command(state, key, &board, command, metadata, PinsAnswer::of).await
}

/// A board's refusal: 404 for what is not there to remove, 422 otherwise (`PinRefused`).
impl From<PinError> for ApiError {
    fn from(e: PinError) -> Self {
        let status = if matches!(
            e,
            PinError::NotPinned
                | PinError::NoRedirect
                | PinError::UnknownVersion
                | PinError::NoDraft
        ) {
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

#[utoipa::path(post, path = "/api/staff/merch/AddItemToTop", tag = "merchandising",
    summary = "Pin an item at the top of a keyword's results or a landing page (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = BAD_PIN, body = kernel::http::ErrorBody),
        (status = 422, description = PIN_REFUSED, body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/UnpinItem", tag = "merchandising",
    summary = "Unpin an item (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = BAD_PIN, body = kernel::http::ErrorBody),
        (status = 404, description = "UnpinItem: the item is not pinned there (`PinRefused`).", body = kernel::http::ErrorBody),
        (status = 422, description = PIN_REFUSED, body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/UpdateItemPinOrder", tag = "merchandising",
    summary = "Set the order of the pinned items (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = BAD_PIN, body = kernel::http::ErrorBody),
        (status = 422, description = PIN_REFUSED, body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/SetKeywordRedirect", tag = "merchandising",
    summary = "Send a keyword's searches to a page of the store (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = BAD_KEYWORD, body = kernel::http::ErrorBody),
        (status = 422, description = REDIRECT_REFUSED, body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/RemoveKeywordRedirect", tag = "merchandising",
    summary = "Remove a keyword's redirect (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = BAD_KEYWORD, body = kernel::http::ErrorBody),
        (status = 404, description = "RemoveKeywordRedirect: there is no redirect (`PinRefused`).", body = kernel::http::ErrorBody),
        (status = 422, description = REDIRECT_REFUSED, body = kernel::http::ErrorBody),
    ))]
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

#[utoipa::path(post, path = "/api/staff/merch/RestorePins", tag = "merchandising",
    summary = "Put a board back as it was at an earlier version: its pins and redirect (merchandisers)",
    description = MERCH_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board's pins in order", body = PinsAnswer),
        (status = 400, description = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('Please give a keyword or a landing page.'); `InvalidVersion` ('Please choose a version.').", body = kernel::http::ErrorBody),
        (status = 404, description = "RestorePins: the board has no such version (`PinRefused`).", body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the board already holds that version (`PinRefused`).", body = kernel::http::ErrorBody),
    ))]
async fn restore_pins(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        let version = r
            .version
            .filter(|v| (1..=i64::from(u32::MAX)).contains(v))
            .ok_or_else(|| ApiError::bad_request("InvalidVersion", "Please choose a version."))?;
        Ok(PinCommand::RestoreVersion {
            version: version as u32,
        })
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/SavePinDraft", tag = "merchandising",
    summary = "Keep a draft of a board: the pins in order (`itemList`) and the redirect (`url`, keyword boards) it is to have; shoppers see none of it until it is published (merchandisers)",
    description = DRAFT_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board, its draft and its schedules", body = PinsAnswer),
        (status = 400, description = BAD_DRAFT, body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the board refuses (`PinRefused`: an item twice, more than 60 items, a redirect that is not a page of this store).", body = kernel::http::ErrorBody),
    ))]
async fn save_pin_draft(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        let pins = r.item_list.as_ref().map(item_list).unwrap_or_default();
        if pins.iter().any(|p| p.len() > 64) {
            return Err(ApiError::bad_request(
                "InvalidItem",
                PinError::NoItem.to_string(),
            ));
        }
        let redirect = r.url.clone().filter(|u| !u.trim().is_empty());
        if redirect.is_some() {
            keyword_only(r)?;
        }
        Ok(PinCommand::SaveDraft { pins, redirect })
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/DiscardPinDraft", tag = "merchandising",
    summary = "Throw a board's draft away (merchandisers)",
    description = DRAFT_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board, its draft and its schedules", body = PinsAnswer),
        (status = 400, description = BAD_PIN_BOARD, body = kernel::http::ErrorBody),
        (status = 404, description = "The board has no draft (`PinRefused`, 'This board has no draft.').", body = kernel::http::ErrorBody),
        (status = 422, description = WRONG_SHAPE, body = kernel::http::ErrorBody),
    ))]
async fn discard_pin_draft(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |_| {
        Ok(PinCommand::DiscardDraft)
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/PublishPinDraft", tag = "merchandising",
    summary = "Publish a board's draft: its pins and redirect become what shoppers see, a new version of this board only (merchandisers)",
    description = DRAFT_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board, its draft and its schedules", body = PinsAnswer),
        (status = 400, description = BAD_PIN_BOARD, body = kernel::http::ErrorBody),
        (status = 404, description = "The board has no draft (`PinRefused`, 'This board has no draft.').", body = kernel::http::ErrorBody),
        (status = 422, description = WRONG_SHAPE, body = kernel::http::ErrorBody),
    ))]
async fn publish_pin_draft(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |_| {
        Ok(PinCommand::PublishDraft)
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/SchedulePinRule", tag = "merchandising",
    summary = "Schedule a pinned item or the redirect to apply from `startsAt` until `endsAt`; neither: always (merchandisers)",
    description = DRAFT_DESCRIPTION,
    request_body = PinRequest,
    responses(
        (status = 200, description = "The board, its draft and its schedules", body = PinsAnswer),
        (status = 400, description = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('Please give a keyword or a landing page.'); `InvalidRule` ('Please choose a pinned item (pin:{item}) or the redirect.').", body = kernel::http::ErrorBody),
        (status = 404, description = "The item is not pinned there, or there is no redirect (`PinRefused`).", body = kernel::http::ErrorBody),
        (status = 422, description = "The body has the wrong shape (`InvalidInput`: a time that is not RFC 3339), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the window ends before it starts (`PinRefused`, 'A rule must start before it ends.').", body = kernel::http::ErrorBody),
    ))]
async fn schedule_pin_rule(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<PinRequest>,
) -> Response {
    run(&state, &staff, &key, request, |r| {
        let rule = match r.rule.as_deref().map(str::trim) {
            Some("redirect") => RuleRef::Redirect,
            Some(pin) => match pin.strip_prefix("pin:").map(str::trim) {
                Some(item) if !item.is_empty() && item.len() <= 64 => RuleRef::Pin(item.into()),
                _ => return Err(invalid_rule()),
            },
            None => return Err(invalid_rule()),
        };
        Ok(PinCommand::ScheduleRule {
            rule,
            starts_at: r.starts_at,
            ends_at: r.ends_at,
        })
    })
    .await
}

fn invalid_rule() -> ApiError {
    ApiError::bad_request(
        "InvalidRule",
        "Please choose a pinned item (pin:{item}) or the redirect.",
    )
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        add_item_to_top,
        unpin_item,
        update_item_pin_order,
        set_keyword_redirect,
        remove_keyword_redirect,
        restore_pins,
        save_pin_draft,
        discard_pin_draft,
        publish_pin_draft,
        schedule_pin_rule
    ),
    modifiers(&REPLAYS)
)]
pub(crate) struct Api;

/// A stored answer is one of success.
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200"]);

const MERCH_DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session (unsafe calls with its anti-forgery token) or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`, for machines); 401 without valid staff credentials, 403 with another role's. The staff id is recorded in the event's metadata. The spec's jsonp GET is a POST here (a state-changing GET is a cross-site request hole).";

const BAD_PIN: &str = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('Please give a keyword or a landing page.'); `InvalidItem` ('Please choose an item.').";

const DRAFT_DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session (with its anti-forgery token) or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. The staff id is recorded in the event's metadata. A draft and a schedule are previewed on the store's own pages with `prv=draft` and `HawkDate`.";

const BAD_DRAFT: &str = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('Please give a keyword or a landing page.', or 'A redirect needs a keyword.'); `InvalidItem` ('Please choose an item.').";

const BAD_PIN_BOARD: &str = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('Please give a keyword or a landing page.').";

const WRONG_SHAPE: &str = "The body has the wrong shape (`InvalidInput`) or the Idempotency-Key was used for another request (`IdempotencyKeyReused`).";

const BAD_KEYWORD: &str = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`; `InvalidBoard` ('A redirect needs a keyword.').";

const PIN_REFUSED: &str = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the board refuses (`PinRefused`: the new order must list exactly the pinned items; at most 60 pins).";

const REDIRECT_REFUSED: &str = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the URL is not a page of this store (`PinRefused`).";
