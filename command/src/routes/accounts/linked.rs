//! Undoing a link to a sign-in provider (issue: "recorded as an event that can be undone"): a
//! signed-in customer unlinks a Google, Facebook or Apple identity that signs them in. Its
//! `ProviderClaim` is released first, so from that moment the identity signs nobody in; then the
//! customer's `ProviderUnlinked` takes it off their list. The identity can be linked again, to
//! this account or another, the way any new one is (never silently by email).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use serde::Deserialize;

use super::passkeys::{answer, PasskeyAnswer};
use super::{execute, AccountCall};
use crate::accounts::provider_claim::{ProviderClaim, ProviderClaimCommand};
use crate::accounts::{Customer, CustomerCommand, CustomerError};
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson};

/// A sign-in that is not linked to the customer.
pub const SIGN_IN_UNKNOWN: &str = "This sign-in is not connected to your account.";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/account/sign-ins/unlink", post(unlink))
        .with_state(state)
}

/// Which linked sign-in to unlink, by the `id` the list shows.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct UnlinkRequest {
    #[schema(max_length = 200)]
    pub id: String,
}

#[utoipa::path(post, path = "/api/account/sign-ins/unlink", tag = "accounts",
    summary = "Unlink a sign-in provider from the account",
    description = "Token header; signed in. The identity `id` (from `GET /api/account/sign-ins`) signs nobody in from now on (`ProviderUnlinked`); it can be linked again like a new one. The account's password, passkeys and other linked sign-ins are untouched; an account made with a provider and no password gets one through 'Forgot password'. An id that is not linked to the customer answers `success` false with 'This sign-in is not connected to your account.' and changes nothing. Never stored for an Idempotency-Key.",
    request_body = UnlinkRequest,
    responses(
        (status = 200, description = "Unlinked, or not the customer's (`success` false)", body = PasskeyAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn unlink(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    ApiJson(request): ApiJson<UnlinkRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let customer_id = signed_in.customer_id;
    let provider: Option<String> = match sqlx::query_scalar(
        "SELECT lower(provider) FROM customer_providers WHERE provider_key = $1 AND customer_id = $2",
    )
    .bind(&request.id)
    .bind(&customer_id)
    .fetch_optional(&state.pool)
    .await
    {
        Ok(provider) => provider,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some(provider) = provider else {
        return answer(false, Some(SIGN_IN_UNKNOWN));
    };
    let release = ProviderClaimCommand::Release {
        customer_id: customer_id.clone(),
    };
    if let Err(e) = execute::<ProviderClaim>(&state, &(), &request.id, release).await {
        return ApiError::internal(e).into_response();
    }
    let unlink = CustomerCommand::UnlinkProvider {
        provider,
        provider_key: request.id,
    };
    match execute::<Customer>(&state, &state.sealer, &customer_id, unlink).await {
        Ok(Ok(_)) => answer(true, None),
        Ok(Err(CustomerError::UnknownProvider)) => answer(false, Some(SIGN_IN_UNKNOWN)),
        Ok(Err(e)) => ApiError::internal(e).into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(unlink))]
pub(crate) struct Api;
