//! Tax exemption's reads: the signed-in customer's application (`GET /api/account/certificate`,
//! the certificate number shown by its last four) and the associate's list of applications
//! (`GET /api/staff/tax-exemptions?status=`, the number in full to check it). From the
//! `tax_exemptions` read model; the name and number are opened from their seals.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{PgPool, Row};

use crate::params::Params;
use crate::QueryState;
use kernel::http::ApiError;
use kernel::identity::Identity;
use kernel::staff::{Associate, Staff};
use projections::model::{ExemptionKind, ExemptionStatus};

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/account/certificate", get(mine))
        .with_state(state)
}

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/tax-exemptions", get(applications))
        .with_state(state)
}

/// The customer's application as their page shows it.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxExemptionView {
    /// `None` when they never applied.
    pub status: ExemptionStatus,
    pub kind: Option<ExemptionKind>,
    pub state: Option<String>,
    /// None once the customer's personal data was erased.
    pub business_name: Option<String>,
    /// The certificate number's last four letters or digits.
    pub certificate_last4: Option<String>,
    pub applied_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Why it was rejected.
    pub reason: Option<String>,
}

/// An application as an associate reviews it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxExemptionApplication {
    pub customer_id: String,
    pub status: ExemptionStatus,
    pub kind: Option<ExemptionKind>,
    pub state: Option<String>,
    pub business_name: Option<String>,
    /// In full, to check against the certificate.
    pub certificate_number: Option<String>,
    pub applied_at: Option<DateTime<Utc>>,
    pub decided_at: Option<DateTime<Utc>>,
    /// The associate who decided.
    pub decided_by: Option<String>,
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TaxExemptionApplications {
    /// Oldest application first, at most 200.
    pub applications: Vec<TaxExemptionApplication>,
}

const COLUMNS: &str = "customer_id, status, kind, state, business_name, certificate_number, \
    applied_at, decided_at, decided_by, reason";

fn status_of(name: &str) -> ExemptionStatus {
    match name {
        "Pending" => ExemptionStatus::Pending,
        "Approved" => ExemptionStatus::Approved,
        "Rejected" => ExemptionStatus::Rejected,
        _ => ExemptionStatus::None,
    }
}

async fn opened(pool: &PgPool, r: &PgRow, column: &str) -> Result<Option<String>, ApiError> {
    match r.get::<Option<serde_json::Value>, _>(column) {
        Some(sealed) if !sealed.is_null() => projections::accounts::open_sealed(pool, sealed)
            .await
            .map_err(ApiError::internal),
        _ => Ok(None),
    }
}

async fn application(pool: &PgPool, r: &PgRow) -> Result<TaxExemptionApplication, ApiError> {
    Ok(TaxExemptionApplication {
        customer_id: r.get("customer_id"),
        status: status_of(&r.get::<String, _>("status")),
        kind: r
            .get::<Option<String>, _>("kind")
            .and_then(|k| serde_json::from_value(serde_json::Value::String(k)).ok()),
        state: r.get("state"),
        business_name: opened(pool, r, "business_name").await?,
        certificate_number: opened(pool, r, "certificate_number").await?,
        applied_at: r.get("applied_at"),
        decided_at: r.get("decided_at"),
        decided_by: r.get("decided_by"),
        reason: r.get("reason"),
    })
}

#[utoipa::path(get, path = "/api/account/certificate", tag = "ordering",
    summary = "The signed-in customer's tax-exemption application",
    responses(
        (status = 200, description = "Where it stands (`status` `None` when they never applied)", body = TaxExemptionView),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn mine(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tax_exemptions WHERE customer_id = $1"
    ))
    .bind(&signed_in.customer_id)
    .fetch_optional(&state.pool)
    .await;
    let row = match row {
        Ok(Some(row)) => row,
        Ok(None) => return Json(TaxExemptionView::default()).into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    match application(&state.pool, &row).await {
        Ok(a) => Json(TaxExemptionView {
            status: a.status,
            kind: a.kind,
            state: a.state,
            business_name: a.business_name,
            certificate_last4: a
                .certificate_number
                .as_deref()
                .map(projections::model::certificate_last4),
            applied_at: a.applied_at,
            decided_at: a.decided_at,
            reason: a.reason,
        })
        .into_response(),
        Err(e) => e.into_response(),
    }
}

#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApplicationsParams {
    /// `Pending` (the default), `Approved`, `Rejected`.
    #[param(inline)]
    pub status: Option<ReviewStatus>,
}

/// The applications an associate lists.
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
pub enum ReviewStatus {
    Pending,
    Approved,
    Rejected,
}

pub const INVALID_STATUS: &str = "status must be Pending, Approved or Rejected.";

#[utoipa::path(get, path = "/api/staff/tax-exemptions", tag = "ordering",
    summary = "Tax-exemption applications to review (or decided ones)",
    params(ApplicationsParams),
    responses(
        (status = 200, description = "The applications, oldest first", body = TaxExemptionApplications),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `InvalidStatus` ('status must be Pending, Approved or Rejected.').", body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
    ))]
async fn applications(
    State(state): State<QueryState>,
    _staff: Staff<Associate>,
    params: Params,
) -> Response {
    // Absent: the pending ones; given, one of the three (a blank one too is refused).
    let status = match params.0.get("status").map(String::as_str) {
        None => "Pending",
        Some(s @ ("Pending" | "Approved" | "Rejected")) => s,
        Some(_) => return ApiError::bad_request("InvalidStatus", INVALID_STATUS).into_response(),
    };
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM tax_exemptions WHERE status = $1 ORDER BY applied_at LIMIT 200"
    ))
    .bind(status)
    .fetch_all(&state.pool)
    .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let mut applications = Vec::with_capacity(rows.len());
    for row in &rows {
        match application(&state.pool, row).await {
            Ok(a) => applications.push(a),
            Err(e) => return e.into_response(),
        }
    }
    Json(TaxExemptionApplications { applications }).into_response()
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(mine, applications))]
pub(crate) struct Api;
