//! Passkeys (WebAuthn, webauthn-rs): a signed-in customer adds one (`…/register/start`, then
//! `…/register/finish` with what `navigator.credentials.create` made) and removes one; anyone
//! signs in with one from the sign-in panel without a user name or password (discoverable
//! credentials: `/account/passkey/start`, then `/account/passkey/finish` with what
//! `navigator.credentials.get` made). The ceremony's state stays server-side between start and
//! finish (`crate::accounts::passkeys`: bound to this browser, 5 minutes, used once). Like every
//! account call: token header, business outcomes answer 200 with `success`, nothing stored for
//! an Idempotency-Key.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use base64::Engine;
use serde::{Deserialize, Serialize};
use webauthn_rs::prelude::{
    DiscoverableAuthentication, Passkey, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential,
};

use super::{device_of, execute, signed_in, unstored, AccountCall, SignInAnswer, INVALID_LOGIN};
use crate::accounts::passkeys::{keep_state, take_state, user_handle, Ceremony};
use crate::accounts::{Customer, CustomerCommand, CustomerError, LoginMethod};
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson};
use kernel::identity::Identity;

/// A passkey that could not be added (a failed or expired ceremony, a credential another
/// account holds).
pub const PASSKEY_NOT_ADDED: &str = "We could not add this passkey. Please try again.";
/// A passkey that is not one of the customer's.
pub const PASSKEY_UNKNOWN: &str = "This passkey is not one of yours.";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/account/passkeys/register/start", post(register_start))
        .route(
            "/api/account/passkeys/register/finish",
            post(register_finish),
        )
        .route("/api/account/passkeys/remove", post(remove))
        .route("/account/passkey/start", post(sign_in_start))
        .route("/account/passkey/finish", post(sign_in_finish))
        .with_state(state)
}

/// What the browser passes to `navigator.credentials.create` or `.get`, as webauthn-rs makes
/// it: binary fields (`challenge`, `user.id`, credential ids) in base64url.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyOptions {
    /// `PublicKeyCredentialCreationOptions` (adding) or `PublicKeyCredentialRequestOptions`
    /// (signing in).
    #[schema(value_type = Object)]
    pub public_key: serde_json::Value,
    /// Signing in: `conditional` (the browser offers passkeys in the autofill of the email
    /// field); a button may call `.get` without it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mediation: Option<String>,
}

impl PasskeyOptions {
    fn of(options: &impl Serialize) -> Result<Self, ApiError> {
        let value = serde_json::to_value(options).map_err(ApiError::internal)?;
        Ok(PasskeyOptions {
            public_key: value["publicKey"].clone(),
            mediation: value
                .get("mediation")
                .and_then(|m| m.as_str())
                .map(str::to_string),
        })
    }
}

/// What `navigator.credentials.create` (adding) or `.get` (signing in) made, binary fields in
/// base64url (`id`, `rawId`, `type`, `response.{clientDataJSON, attestationObject}` or
/// `response.{clientDataJSON, authenticatorData, signature, userHandle}`, `extensions`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyFinishRequest {
    #[schema(value_type = Object)]
    pub credential: serde_json::Value,
    /// Signing in: keep the session for 30 days.
    #[serde(default)]
    pub save_login: bool,
}

/// `success`, or why not.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasskeyAnswer {
    pub success: bool,
    #[schema(required)]
    pub error_message: Option<String>,
}

/// `success`, or why not, never stored for an Idempotency-Key.
pub(super) fn answer(success: bool, error: Option<&str>) -> Response {
    unstored(
        Json(PasskeyAnswer {
            success,
            error_message: error.map(str::to_string),
        })
        .into_response(),
    )
}

/// The browser a ceremony is bound to: its session key when it holds a session cookie, else
/// a keyed hash of its visitor id.
fn browser(identity: &Identity) -> String {
    match &identity.session_id {
        Some(session_id) => kernel::session::session_key(session_id),
        None => format!(
            "visitor:{}",
            identity
                .keyring()
                .derive("webauthn-visitor", &identity.visitor_id)
        ),
    }
}

/// A credential id as the read model and events keep it: base64url without padding.
pub fn credential_key(id: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(id)
}

#[utoipa::path(post, path = "/api/account/passkeys/register/start", tag = "accounts",
    summary = "Start adding a passkey",
    description = "Token header; signed in. No body. Answers the options for `navigator.credentials.create` (`{publicKey}`, binary fields in base64url): a discoverable credential (resident key required) with user verification, the customer's passkeys excluded, the user handle a hash of the customer id (never the email). The ceremony's state stays server-side, bound to this browser's session, for 5 minutes; a new start replaces it. Never stored for an Idempotency-Key.",
    responses(
        (status = 200, description = "The creation options", body = PasskeyOptions),
        (status = 400, description = "`InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn register_start(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let existing: Vec<String> = match sqlx::query_scalar(
        "SELECT credential_id FROM customer_passkeys WHERE customer_id = $1",
    )
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await
    {
        Ok(existing) => existing,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let exclude = existing
        .iter()
        .filter_map(|id| {
            base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(id)
                .ok()
        })
        .collect::<Vec<_>>();
    // What the browser's passkey list shows of the account: no name or email leaves the store.
    let started = state.webauthn.start_passkey_registration(
        user_handle(&signed_in.customer_id),
        "Storefront account",
        "Storefront account",
        Some(exclude),
    );
    let (creation, registration) = match started {
        Ok(started) => started,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let (mut options, kept) = match (
        PasskeyOptions::of(&creation),
        serde_json::to_value(&registration),
    ) {
        (Ok(options), Ok(kept)) => (options, kept),
        (Err(e), _) => return e.into_response(),
        (_, Err(e)) => return ApiError::internal(e).into_response(),
    };
    // Discoverable, so it signs in without a user name (webauthn-rs asks for none; the finish
    // does not check it).
    if let Some(selection) = options.public_key.get_mut("authenticatorSelection") {
        selection["residentKey"] = "required".into();
        selection["requireResidentKey"] = true.into();
    }
    if let Err(e) = keep_state(
        &state.pool,
        Ceremony::Register,
        &signed_in.session_key,
        &kept,
    )
    .await
    {
        return ApiError::from(e).into_response();
    }
    unstored(Json(options).into_response())
}

#[utoipa::path(post, path = "/api/account/passkeys/register/finish", tag = "accounts",
    summary = "Finish adding a passkey",
    description = "Token header; signed in. `credential` is what `navigator.credentials.create` made (binary fields in base64url). Verified against this browser's ceremony (taken: it works once), the passkey is the customer's from now on (`PasskeyAdded`), named after the device ('Chrome on Linux'). A failed, expired or missing ceremony, or a credential another account holds, answers `success` false with 'We could not add this passkey. Please try again.' and changes nothing. Never stored for an Idempotency-Key.",
    request_body = PasskeyFinishRequest,
    responses(
        (status = 200, description = "Added, or refused (`success` false)", body = PasskeyAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn register_finish(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<PasskeyFinishRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let kept = match take_state(&state.pool, Ceremony::Register, &signed_in.session_key).await {
        Ok(Some(kept)) => kept,
        Ok(None) => return answer(false, Some(PASSKEY_NOT_ADDED)),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let (Ok(registration), Ok(credential)) = (
        serde_json::from_value::<PasskeyRegistration>(kept),
        serde_json::from_value::<RegisterPublicKeyCredential>(request.credential),
    ) else {
        return answer(false, Some(PASSKEY_NOT_ADDED));
    };
    let passkey = match state
        .webauthn
        .finish_passkey_registration(&credential, &registration)
    {
        Ok(passkey) => passkey,
        Err(e) => {
            tracing::info!(error = %e, "a passkey registration did not verify");
            return answer(false, Some(PASSKEY_NOT_ADDED));
        }
    };
    let credential_id = credential_key(passkey.cred_id());
    let held: Result<bool, _> =
        sqlx::query_scalar("SELECT exists(SELECT 1 FROM customer_passkeys WHERE credential_id = $1 AND customer_id <> $2)")
            .bind(&credential_id)
            .bind(&signed_in.customer_id)
            .fetch_one(&state.pool)
            .await;
    match held {
        Ok(false) => {}
        Ok(true) => return answer(false, Some(PASSKEY_NOT_ADDED)),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let passkey = match serde_json::to_value(&passkey) {
        Ok(passkey) => passkey,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let add = CustomerCommand::AddPasskey {
        credential_id,
        passkey,
        name: device_of(&headers),
    };
    match execute::<Customer>(&state, &state.sealer, &signed_in.customer_id, add).await {
        Ok(Ok(_)) => answer(true, None),
        Ok(Err(e)) => ApiError::internal(e).into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// Which passkey to remove, by the `id` the list shows.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct RemovePasskeyRequest {
    #[schema(max_length = 1400)]
    pub id: String,
}

#[utoipa::path(post, path = "/api/account/passkeys/remove", tag = "accounts",
    summary = "Remove one of the customer's passkeys",
    description = "Token header; signed in. Removes the customer's passkey `id` (from `GET /api/account/passkeys`): it signs nobody in from now on (`PasskeyRemoved`). An id that is not one of the customer's passkeys answers `success` false with 'This passkey is not one of yours.' and changes nothing. Never stored for an Idempotency-Key.",
    request_body = RemovePasskeyRequest,
    responses(
        (status = 200, description = "Removed, or not one of the customer's (`success` false)", body = PasskeyAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn remove(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    ApiJson(request): ApiJson<RemovePasskeyRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let remove = CustomerCommand::RemovePasskey {
        credential_id: request.id,
    };
    match execute::<Customer>(&state, &state.sealer, &signed_in.customer_id, remove).await {
        Ok(Ok(_)) => answer(true, None),
        Ok(Err(CustomerError::UnknownPasskey)) => answer(false, Some(PASSKEY_UNKNOWN)),
        Ok(Err(e)) => ApiError::internal(e).into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

#[utoipa::path(post, path = "/account/passkey/start", tag = "accounts",
    summary = "Start signing in with a passkey",
    description = "Token header. No body, no user name: answers the options for `navigator.credentials.get` (`{publicKey, mediation}`, binary fields in base64url; `mediation` `conditional` for the autofill of the email field, which a button may leave out). The ceremony's state stays server-side, bound to this browser (its session, else its visitor), for 5 minutes; a new start replaces it. Never stored for an Idempotency-Key.",
    responses(
        (status = 200, description = "The request options", body = PasskeyOptions),
        (status = 400, description = "`InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn sign_in_start(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
) -> Response {
    let (request, authentication) = match state.webauthn.start_discoverable_authentication() {
        Ok(started) => started,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let (options, kept) = match (
        PasskeyOptions::of(&request),
        serde_json::to_value(&authentication),
    ) {
        (Ok(options), Ok(kept)) => (options, kept),
        (Err(e), _) => return e.into_response(),
        (_, Err(e)) => return ApiError::internal(e).into_response(),
    };
    if let Err(e) = keep_state(
        &state.pool,
        Ceremony::Authenticate,
        &browser(&identity),
        &kept,
    )
    .await
    {
        return ApiError::from(e).into_response();
    }
    unstored(Json(options).into_response())
}

#[utoipa::path(post, path = "/account/passkey/finish", tag = "accounts",
    summary = "Sign in with a passkey",
    description = "Token header. `credential` is what `navigator.credentials.get` made (binary fields in base64url). The passkey is found by its credential id, its user handle must be its customer's, and the assertion is verified against this browser's ceremony (taken: it works once); the passkey's counter is kept. Success signs in like `/account/authenticate` (a new `sf_session`, 30 days with `saveLogin`; the carts meet and merge). Anything else (an unknown passkey, a failed or replayed assertion, no ceremony) answers `success` false with 'Invalid Login — Please try again.'. Never stored for an Idempotency-Key.",
    request_body = PasskeyFinishRequest,
    responses(
        (status = 200, description = "Signed in, or refused (`success` false)", body = SignInAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn sign_in_finish(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<PasskeyFinishRequest>,
) -> Response {
    let refused = || {
        unstored(
            Json(SignInAnswer {
                error_message: Some(INVALID_LOGIN.to_string()),
                ..Default::default()
            })
            .into_response(),
        )
    };
    let kept = match take_state(&state.pool, Ceremony::Authenticate, &browser(&identity)).await {
        Ok(Some(kept)) => kept,
        Ok(None) => return refused(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let (Ok(authentication), Ok(credential)) = (
        serde_json::from_value::<DiscoverableAuthentication>(kept),
        serde_json::from_value::<PublicKeyCredential>(request.credential),
    ) else {
        return refused();
    };
    let Ok((handle, credential_id)) = state
        .webauthn
        .identify_discoverable_authentication(&credential)
    else {
        return refused();
    };
    let credential_id = credential_key(credential_id);
    let row: Result<Option<(String, serde_json::Value)>, _> = sqlx::query_as(
        "SELECT p.customer_id, coalesce(u.passkey, p.passkey) FROM customer_passkeys p \
         LEFT JOIN passkey_usage u USING (credential_id) WHERE p.credential_id = $1",
    )
    .bind(&credential_id)
    .fetch_optional(&state.pool)
    .await;
    let (customer_id, passkey) = match row {
        Ok(Some(row)) => row,
        Ok(None) => return refused(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    if handle != user_handle(&customer_id) {
        return refused();
    }
    let Ok(mut passkey) = serde_json::from_value::<Passkey>(passkey) else {
        return refused();
    };
    let verified = match state.webauthn.finish_discoverable_authentication_v2(
        &credential,
        authentication,
        &passkey,
    ) {
        Ok(verified) => verified,
        Err(e) => {
            tracing::info!(error = %e, "a passkey assertion did not verify");
            return refused();
        }
    };
    // The counter (and backup flags) as the authenticator last said, and when it was used.
    let updated = match passkey.update_credential(&verified) {
        Some(true) => serde_json::to_value(&passkey).ok(),
        _ => None,
    };
    if let Err(e) = sqlx::query(
        "INSERT INTO passkey_usage (credential_id, passkey, last_used_at) VALUES ($1, $2, now()) \
         ON CONFLICT (credential_id) DO UPDATE SET last_used_at = now(), \
         passkey = coalesce(EXCLUDED.passkey, passkey_usage.passkey)",
    )
    .bind(&credential_id)
    .bind(updated)
    .execute(&state.pool)
    .await
    {
        return ApiError::from(e).into_response();
    }
    let login = CustomerCommand::RecordLogin {
        method: LoginMethod::Passkey,
    };
    match execute::<Customer>(&state, &state.sealer, &customer_id, login).await {
        Ok(Ok(_)) => {}
        Ok(Err(_)) => return refused(),
        Err(e) => return ApiError::internal(e).into_response(),
    }
    let answer = SignInAnswer {
        success: true,
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        request.save_login,
        false,
        answer,
    )
    .await
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(register_start, register_finish, remove, sign_in_start, sign_in_finish))]
pub(crate) struct Api;
