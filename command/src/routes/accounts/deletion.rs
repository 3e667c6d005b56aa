//! 'Delete my account' (docs/privacy.md): a signed-in customer who typed their password again
//! lately (`/account/verifyPassword`) erases themselves through the same path as
//! `storefront privacy forget` (the [`crate::privacy::erasure::Erasure`] port): every session
//! ends (reason `Erased`), the email claim is released, the data key destroyed. Like every
//! account call, business outcomes answer 200 with `success`, and nothing is stored for an
//! Idempotency-Key.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use super::{unstored, AccountCall};
use crate::routes::CommandState;
use kernel::http::ApiError;
use kernel::identity::{CartRelease, SessionGrant};

/// What a deletion without a recent re-authentication answers.
pub const PASSWORD_AGAIN: &str = "Please enter your password again to delete your account.";
/// `reasonCode` REAUTHENTICATION_REQUIRED: the session's password was not typed again within
/// [`REAUTHENTICATION_MINUTES`] (after the spec's codes, which end at 12; docs/decisions.md).
pub const REAUTHENTICATION_REQUIRED: i32 = 13;
/// How recent a re-authentication of the session must be.
pub const REAUTHENTICATION_MINUTES: i32 = 10;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/account/delete", post(delete_account))
        .with_state(state)
}

/// The answer of 'Delete my account'.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccountAnswer {
    pub success: bool,
    /// Why not: 'Please enter your password again to delete your account.'
    #[schema(required)]
    pub error_message: Option<String>,
    /// 13 (REAUTHENTICATION_REQUIRED): re-authenticate (`/account/verifyPassword`), then ask
    /// again.
    #[schema(required)]
    pub reason_code: Option<i32>,
    /// On success, where to go: `/`.
    #[schema(required)]
    pub redirect_url: Option<String>,
}

#[utoipa::path(post, path = "/api/account/delete", tag = "accounts",
    summary = "Delete my account (erase the signed-in customer)",
    description = "Token header; signed in; no body. The session must have been re-authenticated (`/account/verifyPassword`) in the last 10 minutes, else `success` false with 'Please enter your password again to delete your account.' and `reasonCode` 13 (REAUTHENTICATION_REQUIRED), and nothing changes. Success erases the customer as `storefront privacy forget` does (docs/privacy.md): every session of the account ends, the email address may make a new account, the data key is destroyed; it answers `success` true with `redirectUrl` `/` and clears this browser's session and cart cookies. Never stored for an Idempotency-Key.",
    responses(
        (status = 200, description = "Erased (`success` true), or a re-authentication is wanted first (`success` false)", body = DeleteAccountAnswer),
        (status = 400, description = "`InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn delete_account(State(state): State<CommandState>, call: AccountCall) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &call.identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    // The account's subject, and whether this session typed the password again lately.
    let found: Result<Option<(String, bool)>, _> = sqlx::query_as(
        "SELECT c.email_subject, coalesce(s.reauthenticated_at > now() - make_interval(mins => $2), false) \
         FROM customer_sessions s JOIN customers c ON c.customer_id = s.customer_id \
         WHERE s.session_key = $1",
    )
    .bind(&signed_in.session_key)
    .bind(REAUTHENTICATION_MINUTES)
    .fetch_optional(&state.pool)
    .await;
    let (subject, recent) = match found {
        Ok(Some(found)) => found,
        Ok(None) => return kernel::session::not_signed_in().into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    if !recent {
        return unstored(
            Json(DeleteAccountAnswer {
                error_message: Some(PASSWORD_AGAIN.to_string()),
                reason_code: Some(REAUTHENTICATION_REQUIRED),
                ..Default::default()
            })
            .into_response(),
        );
    }
    if let Err(e) = state.erasure.forget_subject(&subject).await {
        return ApiError::internal(e).into_response();
    }
    let mut response = unstored(
        Json(DeleteAccountAnswer {
            success: true,
            redirect_url: Some("/".to_string()),
            ..Default::default()
        })
        .into_response(),
    );
    // Signed out: the browser keeps neither the session nor the (former) customer's cart.
    response.extensions_mut().insert(SessionGrant::End);
    response.extensions_mut().insert(CartRelease);
    response
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(delete_account))]
pub(crate) struct Api;
