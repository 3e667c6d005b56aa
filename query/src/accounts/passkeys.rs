//! A signed-in customer's passkeys (the `customer_passkeys` read model, from the Customer
//! aggregate's `PasskeyAdded` / `PasskeyRemoved`), so they can see and remove any of them.

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
        .route("/api/account/passkeys", get(passkeys))
        .with_state(state)
}

/// One of the customer's passkeys.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyItem {
    /// The credential id (base64url): what `POST /api/account/passkeys/remove` takes.
    pub id: String,
    /// The device it was added on ("Chrome on Linux").
    pub name: String,
    pub created: DateTime<Utc>,
    /// The last sign-in with it, if any.
    #[schema(required)]
    pub last_used: Option<DateTime<Utc>>,
}

/// The customer's passkeys, the newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Passkeys {
    pub passkeys: Vec<PasskeyItem>,
}

#[utoipa::path(get, path = "/api/account/passkeys", tag = "accounts",
    summary = "The customer's passkeys",
    description = "The passkeys that sign this customer in, the newest first, with when each was added and last used. Any of them can be removed with `POST /api/account/passkeys/remove`.",
    responses(
        (status = 200, description = "The passkeys", body = Passkeys),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn passkeys(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    #[derive(sqlx::FromRow)]
    struct Row {
        credential_id: String,
        name: String,
        created_at: DateTime<Utc>,
        last_used_at: Option<DateTime<Utc>>,
    }
    let rows: Result<Vec<Row>, _> = sqlx::query_as(
        "SELECT p.credential_id, p.name, p.created_at, u.last_used_at FROM customer_passkeys p \
         LEFT JOIN passkey_usage u USING (credential_id) \
         WHERE p.customer_id = $1 ORDER BY p.created_at DESC, p.credential_id LIMIT 100",
    )
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let passkeys = rows
        .into_iter()
        .map(|r| PasskeyItem {
            id: r.credential_id,
            name: r.name,
            created: r.created_at,
            last_used: r.last_used_at,
        })
        .collect();
    let mut response = Json(Passkeys { passkeys }).into_response();
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(passkeys))]
pub(crate) struct Api;
