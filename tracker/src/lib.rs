//! The tracking pipeline (DESIGN.md, "Tracking and analytics"): beacon endpoints that answer at
//! once and produce decoded events to `storefront.tracking.v1`, and the analytics consumer
//! group that folds them into read models the product and analysts use.

pub mod analytics;
pub mod beacons;
pub mod codes;
pub mod event;
pub mod hawk;
pub mod legacy;
pub mod redact;
pub mod report;
pub mod sales;
pub mod sink;
pub mod tail;

use std::sync::Arc;

use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::Router;
use chrono::Utc;
use kernel::identity::Identity;
use kernel::secrets::Keyring;

use event::{agent_class, Agent, Source, TrackingEvent};
pub use sink::{SinkSettings, TrackingSink};

/// What the beacon handlers need, behind one `Arc` (`kernel::state::Shared`).
pub type TrackerState = kernel::state::Shared<TrackerShared>;

/// The parts of [`TrackerState`].
pub struct TrackerShared {
    pub sink: Arc<TrackingSink>,
    /// Keys the pseudonymous visitor and visit ids and the retry-stable event ids.
    pub keyring: Arc<Keyring>,
    /// The analytics read models (the dashboards' report).
    pub pool: sqlx::PgPool,
    /// Who may read the dashboards' report (the analyst role; staff tokens until Accounts lands).
    pub staff: Arc<kernel::staff::StaffTokens>,
    /// The brokers the live tail reads from.
    pub bus: projections::bus::BusConfig,
    /// The live tails open in this process ([`tail::MAX_TAILS`] at most).
    pub tails: tail::Tails,
    /// The topics the live tail reads.
    pub tail_topics: tail::Topics,
}

/// Routes of the tracker role. `GET /hawk.png` (`hawk::hawk`) is routed by the app itself, by
/// a short way round its layers (`beacon_path` in `src/app.rs`).
pub fn router(state: TrackerState) -> Router {
    Router::new()
        .route("/event/a/productview", post(beacons::product_view))
        .route("/event/a/carousel-click", post(beacons::carousel_click))
        .route("/event/a/sponsored-ad-click", post(beacons::ad_click))
        .route(
            "/event/a/sponsored-ad-impression",
            post(beacons::ad_impression),
        )
        .route("/event/a/analytics", post(beacons::analytics_push))
        .route("/link.aspx", get(legacy::link))
        .route("/banners.aspx", get(legacy::banner))
        .merge(
            Router::new()
                .route("/api/analytics/report", get(report_json))
                .route_layer(axum::middleware::from_fn(kernel::staff::deprecated_path)),
        )
        .with_state(state)
}

/// The analysts' report under `/api/staff/…` (behind the staff layer); `/api/analytics/report`
/// answers for one release (deprecated in the OpenAPI document).
pub fn staff_router(state: TrackerState) -> Router {
    Router::new()
        .route("/api/staff/analytics/report", get(report_json))
        .route("/api/staff/analytics/report.csv", get(report_csv))
        .route("/api/staff/analytics/tail", get(tail::tail))
        .route("/api/staff/merch/null-results", get(null_results))
        .with_state(state)
}

impl kernel::state::HasStaffTokens for TrackerShared {
    fn staff_tokens(&self) -> &Arc<kernel::staff::StaffTokens> {
        &self.staff
    }
}

#[derive(Debug, serde::Deserialize)]
struct ReportParams {
    since: Option<String>,
    until: Option<String>,
}

impl ReportParams {
    fn range(&self) -> Result<report::Range, kernel::http::ApiError> {
        report::Range::parse(self.since.as_deref(), self.until.as_deref())
            .map_err(|(code, message)| kernel::http::ApiError::BadRequest { code, message })
    }
}

/// `GET /api/staff/analytics/report?since=YYYY-MM-DD&until=YYYY-MM-DD` (default: the last seven
/// days and today), analysts only.
#[utoipa::path(
    get,
    path = "/api/staff/analytics/report",
    tag = "analytics",
    summary = "The analytics report for dashboards (analysts)",
    description = "Staff only, the analyst role: a staff session, or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`); 401 without valid staff credentials, 403 with another role's. Searches per day, events per name, popular searches, top and null-result searches with click-through and conversion, the same by the merchandising rule that shaped the answer (pinned items, a redirect, a synonym, or none), items (impressions, clicks, views, adds, sales), carousels, ads, banners, menus and suggestions, co-views, ratings, and the beacon-to-row lag. A click-through is null when nothing was shown (no data) and 0 when nothing shown was clicked. Query-item pairs, co-views and ratings are totals (not by day).",
    params(
        ("since" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-01",
            description = "First day counted, YYYY-MM-DD (default, also when empty: seven days ago); 400 `InvalidSince` for a day that does not exist"),
        ("until" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-28",
            description = "Last day counted, YYYY-MM-DD (default, also when empty: today); 400 `InvalidUntil` for a day that does not exist, `InvalidRange` before `since` or more than 366 days after it"),
    ),
    responses(
        (status = 200, description = "OK", body = report::Report),
        (status = 400, description = "`InvalidSince`, `InvalidUntil`, `InvalidRange`, `InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn report_json(
    axum::extract::State(state): axum::extract::State<TrackerState>,
    _analyst: kernel::staff::Staff<kernel::staff::Analyst>,
    axum::extract::Query(params): axum::extract::Query<ReportParams>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let range = match params.range() {
        Ok(range) => range,
        Err(e) => return e.into_response(),
    };
    match report::report(&state.pool, range).await {
        Ok(r) => axum::Json(r).into_response(),
        Err(e) => kernel::http::ApiError::from(e).into_response(),
    }
}

#[derive(Debug, serde::Deserialize)]
struct CsvParams {
    table: Option<String>,
    since: Option<String>,
    until: Option<String>,
}

/// `GET /api/staff/analytics/report.csv?table=top-searches&since=…&until=…`, analysts only.
#[utoipa::path(
    get,
    path = "/api/staff/analytics/report.csv",
    tag = "analytics",
    summary = "One table of the analytics report as CSV (analysts)",
    description = "Staff only, the analyst role (as the report). The table named by `table`, over the report's range, as an RFC 4180 CSV download: a header row of the report's field names, rates as fractions (empty for no data), money in dollars. A text cell starting like a spreadsheet formula (`=`, `+`, `-`, `@`) is prefixed with `'`.",
    params(
        ("table" = String, Query, example = "top-searches",
            description = "`searches-by-day`, `top-searches`, `null-result-searches`, `rules`, `top-items`, `query-items`, `widgets`, `coviews`, `ratings` or `events`; 400 `InvalidTable` otherwise"),
        ("since" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-01",
            description = "First day counted (as the report)"),
        ("until" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-28",
            description = "Last day counted (as the report)"),
    ),
    responses(
        (status = 200, description = "The table as CSV (an attachment)", content_type = "text/csv", body = String),
        (status = 400, description = "`InvalidTable`, `InvalidSince`, `InvalidUntil`, `InvalidRange`, `InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn report_csv(
    axum::extract::State(state): axum::extract::State<TrackerState>,
    _analyst: kernel::staff::Staff<kernel::staff::Analyst>,
    axum::extract::Query(params): axum::extract::Query<CsvParams>,
) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    let Some(table) = params.table.as_deref().and_then(report::Table::from_name) else {
        return kernel::http::ApiError::bad_request(
            "InvalidTable",
            format!(
                "table must be one of {}.",
                report::Table::ALL.map(report::Table::name).join(", ")
            ),
        )
        .into_response();
    };
    let range = match (ReportParams {
        since: params.since,
        until: params.until,
    })
    .range()
    {
        Ok(range) => range,
        Err(e) => return e.into_response(),
    };
    match report::report(&state.pool, range).await {
        Ok(r) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!(
                        "attachment; filename=\"{}-{}-to-{}.csv\"",
                        table.name(),
                        range.since,
                        range.until
                    ),
                ),
            ],
            report::csv(&r, table),
        )
            .into_response(),
        Err(e) => kernel::http::ApiError::from(e).into_response(),
    }
}

/// The null-result queue's answer.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct NullResults {
    since: chrono::NaiveDate,
    until: chrono::NaiveDate,
    rows: Vec<report::NullResultRow>,
}

/// `GET /api/staff/merch/null-results?since=…&until=…`, merchandisers only.
#[utoipa::path(
    get,
    path = "/api/staff/merch/null-results",
    tag = "merchandising",
    summary = "Searches that found nothing (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session, or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. Each normalised keyword whose searches found nothing in the range (not from bots), most null results first, at most 100: how many found nothing, how many searches there were, when one last found nothing, and the store page the keyword redirects to when a merchandiser set one (`SetKeywordRedirect`).",
    params(
        ("since" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-01",
            description = "First day counted (default: seven days ago)"),
        ("until" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-28",
            description = "Last day counted (default: today)"),
    ),
    responses(
        (status = 200, description = "OK", body = NullResults),
        (status = 400, description = "`InvalidSince`, `InvalidUntil`, `InvalidRange`, `InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn null_results(
    axum::extract::State(state): axum::extract::State<TrackerState>,
    _merchandiser: kernel::staff::Staff<kernel::staff::Merchandiser>,
    axum::extract::Query(params): axum::extract::Query<ReportParams>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let range = match params.range() {
        Ok(range) => range,
        Err(e) => return e.into_response(),
    };
    match report::null_result_queue(&state.pool, range).await {
        Ok(rows) => axum::Json(NullResults {
            since: range.since,
            until: range.until,
            rows,
        })
        .into_response(),
        Err(e) => kernel::http::ApiError::from(e).into_response(),
    }
}

/// Purposes of the keyed hashes.
const VISIT_PURPOSE: &str = "tracking-visit";
const EVENT_PURPOSE: &str = "tracking-event";

/// A visitor id as it appears on the tracking topic: a keyed hash of the cookie's id, so the
/// topic never carries the id the browser holds.
pub fn pseudonymous_visitor(keyring: &Keyring, visitor_id: &str) -> String {
    kernel::identity::tracking_visitor(keyring, visitor_id)
}

impl TrackerShared {
    /// A new event from this request, enriched on the server: receive time, event id,
    /// pseudonymous visitor and visit ids, user-agent class.
    ///
    /// `token` (hawk.png's random token or the request's Idempotency-Key) makes the event id
    /// stable: the same beacon sent twice by the same visitor is one event.
    pub fn event(
        &self,
        identity: &Identity,
        headers: &HeaderMap,
        source: Source,
        name: &str,
        token: Option<&str>,
    ) -> TrackingEvent {
        let event_id = match token.filter(|t| !t.is_empty() && t.len() <= 200) {
            Some(t) => uuid_from_hex(&self.keyring.derive(
                EVENT_PURPOSE,
                &format!("{}\n{name}\n{t}", identity.visitor_id),
            )),
            None => uuid::Uuid::new_v4().to_string(),
        };
        TrackingEvent {
            version: codes::TRACKING_VERSION.to_string(),
            event_id,
            event: name.to_string(),
            event_type: None,
            source,
            received_at: Utc::now(),
            visitor_id: pseudonymous_visitor(&self.keyring, &identity.visitor_id),
            visit_id: self.keyring.derive(VISIT_PURPOSE, &identity.visit_id),
            agent: agent(headers),
            client_id: None,
            base_url: None,
            custom_data: None,
            data: Default::default(),
            click: None,
            counted: counts(identity, headers),
        }
    }
}

/// Whether a beacon may count toward what every shopper is shown: it carries the store's signed
/// visitor cookie (a visitor id made for this very request could be anyone's, and a cross-site
/// image request carries no SameSite=Lax cookie) and the browser does not say it comes from
/// another site's page. A Search must also carry a query id the search API issued
/// (`hawk::decode`).
pub fn counts(identity: &Identity, headers: &HeaderMap) -> bool {
    !identity.new_visitor
        && !kernel::csrf::is_from_another_site(headers, &axum::http::Uri::default())
}

pub fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
}

pub fn agent(headers: &HeaderMap) -> Agent {
    agent_class(user_agent(headers))
}

/// 32 hex digits shaped as a UUID.
fn uuid_from_hex(hex: &str) -> String {
    let h: String = hex.chars().chain(std::iter::repeat('0')).take(32).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// This crate's operations and the schemas they use, for the OpenAPI document the binary
/// assembles (`storefront openapi`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let mut doc = beacons::Api::openapi();
    doc.merge(legacy::Api::openapi());
    doc.merge(report::Api::openapi());
    doc.merge(hawk::Api::openapi());
    doc
}

#[cfg(test)]
mod tests {
    #[test]
    fn event_ids_are_uuid_shaped() {
        let id = super::uuid_from_hex("0123456789abcdef0123456789abcdef");
        assert_eq!(id, "01234567-89ab-cdef-0123-456789abcdef");
        assert!(uuid::Uuid::parse_str(&id).is_ok());
    }
}
