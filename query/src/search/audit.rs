//! Who changed what in merchandising, from the events themselves: pins and redirects
//! (`PinBoard`), the popular lists' blocklists (`PopularBlocklist`) and the synonym rules
//! (`SynonymSet`), newest first, each with the staff id its metadata names.

use std::collections::BTreeMap;

use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use kernel::http::ApiError;
use kernel::staff::{Merchandiser, Staff};
use serde::{Deserialize, Serialize};

use crate::QueryState;

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/merch/audit", get(audit))
        .with_state(state)
}

/// The aggregates whose events the list shows.
pub const AUDITED: [&str; 3] = ["PinBoard", "PopularBlocklist", "SynonymSet"];
/// Entries per page, at most.
pub const MAX_LIMIT: i64 = 200;

#[derive(Debug, Deserialize)]
pub struct AuditParams {
    limit: Option<i64>,
    /// Entries recorded before this time (the previous page's last `at`).
    before: Option<DateTime<Utc>>,
}

/// One change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = MerchAuditEntry)]
pub struct Entry {
    pub at: DateTime<Utc>,
    /// The staff id that acted (`storefront migrate` or `cli` for commands run by an operator).
    pub staff_id: Option<String>,
    /// `PinBoard`, `PopularBlocklist` or `SynonymSet`.
    pub aggregate_type: String,
    /// The board (`kw:<keyword>`, `lp:<department>`), the list, or `search`.
    pub aggregate_id: String,
    pub event_type: String,
    /// The event's payload as recorded.
    pub payload: serde_json::Value,
}

#[utoipa::path(get, path = "/api/staff/merch/audit", tag = "merchandising",
    summary = "Who changed pins, redirects, blocklists and synonyms, newest first (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. Read from the events: each with the staff id recorded in its metadata.",
    params(
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 200, description = "Entries (default 50, at most 200)"),
        ("before" = Option<String>, Query, description = "Only entries recorded before this RFC 3339 time (the next page)"),
    ),
    responses(
        (status = 200, description = "OK", body = Vec<Entry>),
        (status = 400, description = "`InvalidQuery`: a limit outside 1 to 200, or a time that is not one.", body = kernel::http::ErrorBody),
    ))]
async fn audit(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
    params: Result<Query<AuditParams>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<Entry>>, ApiError> {
    let Query(params) = params.map_err(|_| {
        ApiError::bad_request(
            "InvalidQuery",
            "limit must be a number and before a time like 2026-11-28T12:00:00Z.",
        )
    })?;
    let limit = params.limit.unwrap_or(50);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ApiError::bad_request(
            "InvalidQuery",
            format!("limit must be a number from 1 to {MAX_LIMIT}."),
        ));
    }
    let rows: Vec<AuditRow> = sqlx::query_as(
            "SELECT recorded_at, metadata->>'staffId', aggregate_type, aggregate_id, event_type, payload \
             FROM events WHERE aggregate_type = ANY($1) AND ($2::timestamptz IS NULL OR recorded_at < $2) \
             ORDER BY recorded_at DESC, aggregate_type, aggregate_id, sequence DESC LIMIT $3",
        )
        .bind(&AUDITED[..])
        .bind(params.before)
        .bind(limit)
        .fetch_all(&state.pool)
        .await?;
    Ok(Json(
        rows.into_iter()
            .map(
                |(at, staff_id, aggregate_type, aggregate_id, event_type, payload)| Entry {
                    at,
                    staff_id,
                    aggregate_type,
                    aggregate_id,
                    event_type,
                    payload,
                },
            )
            .collect(),
    ))
}

/// A row of the events table as the list reads it.
type AuditRow = (
    DateTime<Utc>,
    Option<String>,
    String,
    String,
    String,
    serde_json::Value,
);

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(audit, pin_history))]
pub(crate) struct Api;

/// `GET /api/staff/merch/pins/history?keyword=…` (or `lp=` a department id): a board's
/// versions, newest first, each with the pins and redirect it held, who made it and when
/// (`RestorePins` puts a version back).
pub fn pins_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/merch/pins/history", get(pin_history))
        .with_state(state)
}

#[derive(Debug, Deserialize)]
pub struct BoardParams {
    keyword: Option<String>,
    lp: Option<String>,
}

/// A board's event as read: sequence, type, payload, staff id, time.
type EventRow = (
    i64,
    String,
    serde_json::Value,
    Option<String>,
    DateTime<Utc>,
);

/// One version of a pin board.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PinBoardVersion)]
pub struct BoardVersion {
    /// The board after its `version`th event.
    pub version: i64,
    /// The event that made it (`Pinned`, `Unpinned`, `PinsReordered`, `RedirectSet`,
    /// `RedirectRemoved`, `BoardRestored`, `DraftSaved`, `DraftDiscarded`, `DraftPublished`,
    /// `RuleScheduled`).
    pub event_type: String,
    pub staff_id: Option<String>,
    pub at: DateTime<Utc>,
    /// The pinned items in order.
    pub pins: Vec<String>,
    #[schema(required)]
    pub redirect: Option<String>,
    /// The draft waiting then (`PublishPinDraft` makes it the board's), or null.
    #[schema(required)]
    pub draft: Option<DraftView>,
    /// The scheduled rules' windows then, by rule (`pin:{item}` or `redirect`).
    pub schedules: BTreeMap<String, WindowView>,
}

/// A pin board's draft: the pins in order and the redirect it is to have.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = PinBoardDraft)]
pub struct DraftView {
    pub pins: Vec<String>,
    #[schema(required)]
    pub redirect: Option<String>,
}

/// When a scheduled rule applies: from `startsAt` until `endsAt` (excluded); an absent side
/// is open.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PinRuleWindow)]
pub struct WindowView {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<DateTime<Utc>>,
}

#[utoipa::path(get, path = "/api/staff/merch/pins/history", tag = "merchandising",
    summary = "A pin board's versions, newest first (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. Read from the board's events: after each, the pins in order and the redirect, who made it (the staff id) and when; at most the last 500. `POST /api/staff/merch/RestorePins` puts a version back.",
    params(
        ("keyword" = Option<String>, Query, description = "The keyword's board"),
        ("lp" = Option<String>, Query, description = "A department's board, by its id (when no keyword)"),
    ),
    responses(
        (status = 200, description = "OK", body = Vec<BoardVersion>),
        (status = 400, description = "`InvalidBoard` ('Please give a keyword or a landing page.').", body = kernel::http::ErrorBody),
    ))]
async fn pin_history(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
    Query(params): Query<BoardParams>,
) -> Result<Json<Vec<BoardVersion>>, ApiError> {
    use cqrs_es::Aggregate;
    use projections::model::pinboard::{keyword_board, landing_board, PinBoard, PinEvent};
    let board = match (
        params.keyword.as_deref().filter(|k| !k.trim().is_empty()),
        params
            .lp
            .as_deref()
            .and_then(|l| l.trim().parse::<i32>().ok()),
    ) {
        (Some(keyword), _) if keyword.chars().count() <= 150 => keyword_board(keyword),
        (None, Some(lp)) => landing_board(lp),
        _ => {
            return Err(ApiError::bad_request(
                "InvalidBoard",
                "Please give a keyword or a landing page.",
            ))
        }
    };
    let rows: Vec<EventRow> = sqlx::query_as(
        "SELECT sequence, event_type, payload, metadata->>'staffId', recorded_at FROM events \
             WHERE aggregate_type = 'PinBoard' AND aggregate_id = $1 ORDER BY sequence",
    )
    .bind(&board)
    .fetch_all(&state.pool)
    .await?;
    let mut state_now = PinBoard::default();
    let mut versions = Vec::with_capacity(rows.len());
    for (version, event_type, payload, staff_id, at) in rows {
        let Ok(event) = serde_json::from_value::<PinEvent>(payload) else {
            continue;
        };
        state_now.apply(event);
        versions.push(BoardVersion {
            version,
            event_type,
            staff_id,
            at,
            pins: state_now.pins.clone(),
            redirect: state_now.redirect.clone(),
            draft: state_now.draft.as_ref().map(|d| DraftView {
                pins: d.pins.clone(),
                redirect: d.redirect.clone(),
            }),
            schedules: state_now
                .schedules
                .iter()
                .map(|(rule, w)| {
                    (
                        rule.clone(),
                        WindowView {
                            starts_at: w.starts_at,
                            ends_at: w.ends_at,
                        },
                    )
                })
                .collect(),
        });
    }
    versions.reverse();
    versions.truncate(projections::model::pinboard::KEPT_VERSIONS);
    Ok(Json(versions))
}
