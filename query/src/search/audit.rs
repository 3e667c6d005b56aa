//! Who changed what in merchandising, from the events themselves: pins and redirects
//! (`PinBoard`), the popular lists' blocklists (`PopularBlocklist`) and the synonym rules
//! (`SynonymSet`), newest first, each with the staff id its metadata names.

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
        (status = 400, description = "`InvalidQuery`: a limit or time that is not one.", body = kernel::http::ErrorBody),
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
    let limit = params.limit.unwrap_or(50).clamp(1, MAX_LIMIT);
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
#[openapi(paths(audit))]
pub(crate) struct Api;
