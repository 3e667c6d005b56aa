//! The sign-in providers linked to a signed-in customer (the `customer_providers` read model,
//! from the Customer aggregate's `ProviderLinked` / `ProviderUnlinked`), so they can see each
//! one and unlink it.

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
        .route("/api/account/sign-ins", get(sign_ins))
        .with_state(state)
}

/// A provider whose sign-in signs this customer in.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedSignIn {
    /// What `POST /api/account/sign-ins/unlink` takes: the keyed hash of the identity, never
    /// its subject at the provider.
    pub id: String,
    /// `Google`, `Facebook` or `Apple` (the spec's loginMethod).
    pub provider: String,
    pub linked: DateTime<Utc>,
}

/// The customer's linked sign-ins, the newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedSignIns {
    pub sign_ins: Vec<LinkedSignIn>,
}

#[utoipa::path(get, path = "/api/account/sign-ins", tag = "accounts",
    summary = "The sign-in providers linked to this account",
    description = "The Google, Facebook and Apple identities that sign this customer in, the newest first, with when each was linked. Any of them can be unlinked with `POST /api/account/sign-ins/unlink`.",
    responses(
        (status = 200, description = "The linked sign-ins", body = LinkedSignIns),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn sign_ins(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let rows: Result<Vec<(String, String, DateTime<Utc>)>, _> = sqlx::query_as(
        "SELECT provider_key, provider, linked_at FROM customer_providers \
         WHERE customer_id = $1 ORDER BY linked_at DESC, provider_key LIMIT 20",
    )
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await;
    let rows = match rows {
        Ok(rows) => rows,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let sign_ins = rows
        .into_iter()
        .map(|(id, provider, linked)| LinkedSignIn {
            id,
            provider,
            linked,
        })
        .collect();
    let mut response = Json(LinkedSignIns { sign_ins }).into_response();
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(sign_ins))]
pub(crate) struct Api;
