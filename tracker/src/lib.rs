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
}

/// `GET /api/staff/analytics/report?since=YYYY-MM-DD` (default: seven days ago), analysts only.
#[utoipa::path(
    get,
    path = "/api/staff/analytics/report",
    tag = "analytics",
    summary = "The analytics report for dashboards (analysts)",
    description = "Staff only, the analyst role: `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`); 401 without valid staff credentials, 403 with another role's. Events per name, popular searches, top and null-result searches with click-through and conversion, items (impressions, clicks, views, adds, sales), carousels, ads, banners, menus and suggestions, co-views, ratings, and the beacon-to-row lag. A click-through is null when nothing was shown (no data) and 0 when nothing shown was clicked.",
    params(
        ("since" = Option<String>, Query, pattern = r"^\s*([0-9]{4}-[0-9]{2}-[0-9]{2})?\s*$", example = "2026-11-01",
            description = "First day counted, YYYY-MM-DD (default, also when empty: seven days ago); 400 `InvalidSince` for a day that does not exist"),
    ),
    responses(
        (status = 200, description = "OK", body = report::Report),
        (status = 400, description = "`InvalidSince` (not a date like 2026-11-01), `InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn report_json(
    axum::extract::State(state): axum::extract::State<TrackerState>,
    _analyst: kernel::staff::Staff<kernel::staff::Analyst>,
    axum::extract::Query(params): axum::extract::Query<ReportParams>,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let since = match params
        .since
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        None => report::default_since(),
        Some(s) => match chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d") {
            Ok(d) => d,
            Err(_) => {
                return kernel::http::ApiError::BadRequest {
                    code: "InvalidSince",
                    message: "since must be a date like 2026-11-01.".into(),
                }
                .into_response()
            }
        },
    };
    match report::report(&state.pool, since).await {
        Ok(r) => axum::Json(r).into_response(),
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
