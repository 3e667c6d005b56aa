//! What a signed-in customer reads of their account: the devices signed in (the sessions read
//! model, from the Session aggregate's events), so they can see and end any of them.

pub mod passkeys;
pub mod registries;
pub mod rewards;
pub mod sign_ins;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::Serialize;

use crate::QueryState;
use kernel::http::ApiError;
use kernel::identity::Identity;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/account/sessions", get(sessions))
        .with_state(state)
}

/// A signed-in device.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSession {
    /// What `POST /api/account/sessions/end` takes to end it.
    pub id: String,
    /// Browser and system ("Chrome on Windows").
    pub device: String,
    pub started_at: DateTime<Utc>,
    /// The last request (to the minute).
    pub last_seen: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The session of the browser asking.
    pub current: bool,
}

/// The customer's open sessions, the most recent first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct DeviceSessions {
    pub sessions: Vec<DeviceSession>,
}

#[utoipa::path(get, path = "/api/account/sessions", tag = "accounts",
    summary = "The devices signed in to this account",
    description = "The customer's open sessions (not ended, not expired), the most recent first, with the one of the browser asking marked `current`. Any of them can be ended with `POST /api/account/sessions/end`.",
    responses(
        (status = 200, description = "The sessions", body = DeviceSessions),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn sessions(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    #[derive(sqlx::FromRow)]
    struct Row {
        session_key: String,
        device: String,
        started_at: DateTime<Utc>,
        last_seen: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    }
    let rows: Result<Vec<Row>, _> = sqlx::query_as(
        "SELECT session_key, device, started_at, last_seen, expires_at FROM customer_sessions \
             WHERE customer_id = $1 AND ended_at IS NULL AND expires_at > now() \
             ORDER BY last_seen DESC, started_at DESC LIMIT 100",
    )
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let sessions = rows
        .into_iter()
        .map(|r| DeviceSession {
            current: r.session_key == signed_in.session_key,
            id: r.session_key,
            device: r.device,
            started_at: r.started_at,
            last_seen: r.last_seen,
            expires_at: r.expires_at,
        })
        .collect();
    let mut response = Json(DeviceSessions { sessions }).into_response();
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(sessions))]
pub(crate) struct Api;
