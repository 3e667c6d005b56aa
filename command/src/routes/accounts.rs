//! Customer accounts over HTTP (spec 7): create an account, sign in, sign out, and the
//! anti-forgery token the 'token header' calls carry. Business outcomes answer 200 with
//! `success` and the spec's fields (the client treats any other status as 'A network error has
//! occurred'); 403 is kept for a missing anti-forgery token (docs/decisions.md, "Accounts").
//! No account answer is stored for an Idempotency-Key: each one is about the session of the
//! browser that asked, and a replay would hand it to whoever sent the key.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::CommandState;
use crate::accounts::{
    password, session_key, Customer, CustomerCommand, CustomerError, EmailClaim, EmailClaimCommand,
    EmailClaimError, LoginMethod, Session, SessionCommand, SessionEndReason, SAVED_SESSION_DAYS,
};
use crate::eventstore::{self, Executed, StoreError};
use crate::privacy;
use kernel::csrf::AntiForgery;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::identity::{new_id, new_session_id, Identity, SessionGrant};

pub const INVALID_LOGIN: &str = "Invalid Login — Please try again.";
pub const CAPTCHA_NEEDED: &str =
    "Let's double check this. Please re-enter your password and complete the CAPTCHA below.";
/// An address that already has an account (the spec shows the server's `errorMessage`).
pub const EMAIL_TAKEN: &str =
    "An account already exists for this email address. Please sign in or reset your password.";
/// Wrong passwords for one account before sign-in asks for a captcha.
pub const CAPTCHA_AFTER_FAILURES: i32 = 3;
/// INVALID_INPUT_DATA of the spec's reason codes (8): a field the forms check did not pass.
pub const INVALID_INPUT_DATA: i32 = 6;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/register", post(register))
        .route("/account/authenticate", post(authenticate))
        .route("/account/logout/", get(logout))
        .route("/account/getantiforgerytoken", post(anti_forgery_token))
        .route("/api/account/sessions/end", post(end_device_session))
        .with_state(state)
}

/// An answer no Idempotency-Key stores or replays.
fn unstored(mut response: Response) -> Response {
    response.extensions_mut().insert(SafeRead);
    response
}

/// The create-account form (spec 3, "Create account").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterRequest {
    #[schema(max_length = 200)]
    pub first_name: String,
    #[schema(max_length = 200)]
    pub last_name: String,
    #[schema(max_length = 254)]
    pub email_address: String,
    /// 8 to 100 characters with a lowercase and an uppercase letter and a number.
    #[schema(max_length = 1000)]
    pub password: String,
    /// A US number, as typed ("(555) 234-5678").
    #[schema(max_length = 30)]
    pub phone_number: String,
    /// Keep the session for 30 days (else until the browser closes, at most 12 hours).
    #[serde(default)]
    pub save_login: bool,
    /// The rewards steps were skipped (accepted; the rewards programme reads it).
    #[serde(default)]
    pub skip_connecting_rewards: bool,
    #[serde(default)]
    pub has_desynced_rewards: bool,
}

/// The answer of `register` (spec 3): `success`, or why not in `errorMessage` (with
/// `reasonCode` 6, INVALID_INPUT_DATA, for a field that did not pass). The rewards fields
/// (`email`, `phone`, `redactedData`, `second…`) are null until the rewards programme fills them.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterAnswer {
    pub success: bool,
    #[schema(required)]
    pub header_json: Option<serde_json::Value>,
    #[schema(required)]
    pub reason_code: Option<i32>,
    #[schema(required)]
    pub error_message: Option<String>,
    #[schema(required)]
    pub email: Option<String>,
    #[schema(required)]
    pub phone: Option<String>,
    #[schema(required)]
    pub redacted_data: Option<String>,
    #[schema(required)]
    pub second_email: Option<String>,
    #[schema(required)]
    pub second_phone: Option<String>,
    #[schema(required)]
    pub second_redacted_data: Option<String>,
}

impl RegisterAnswer {
    fn refused(message: &str, reason_code: Option<i32>) -> Response {
        unstored(
            Json(RegisterAnswer {
                error_message: Some(message.to_string()),
                reason_code,
                ..Default::default()
            })
            .into_response(),
        )
    }
}

/// The sign-in form (spec 3, "Sign-in").
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInRequest {
    /// The email address.
    #[schema(max_length = 254)]
    pub user_name: String,
    #[schema(max_length = 1000)]
    pub password: String,
    #[serde(default)]
    pub save_login: bool,
    #[serde(default)]
    pub has_captcha: bool,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub captcha: Option<String>,
    #[serde(default)]
    pub skip_cart_merge: bool,
}

/// The answer of `authenticate` (spec 3).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInAnswer {
    pub success: bool,
    pub password_change_required: bool,
    #[schema(required)]
    pub redirect_url: Option<String>,
    pub captcha_failed: bool,
    pub captcha_required: bool,
    /// Why not, in the spec's words.
    #[schema(required)]
    pub error_message: Option<String>,
}

/// "Chrome on Windows": what a device list shows of a User-Agent.
pub fn device_of(headers: &HeaderMap) -> String {
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let browser = if agent.contains("Edg/") {
        "Edge"
    } else if agent.contains("Firefox/") {
        "Firefox"
    } else if agent.contains("Chrome/") || agent.contains("Chromium/") {
        "Chrome"
    } else if agent.contains("Safari/") {
        "Safari"
    } else {
        "A browser"
    };
    let system = if agent.contains("Android") {
        "Android"
    } else if agent.contains("iPhone") || agent.contains("iPad") {
        "iOS"
    } else if agent.contains("Windows") {
        "Windows"
    } else if agent.contains("Mac OS X") || agent.contains("Macintosh") {
        "macOS"
    } else if agent.contains("Linux") {
        "Linux"
    } else {
        "another system"
    };
    format!("{browser} on {system}")
}

/// Runs a command that names no idempotency key (account calls are never replayed).
async fn execute<A>(
    state: &CommandState,
    services: &A::Services,
    id: &str,
    command: A::Command,
) -> Result<Result<A, A::Error>, StoreError>
where
    A: cqrs_es::Aggregate + Clone,
    A::Command: Clone,
{
    let Executed { aggregate, outcome } = eventstore::run::<A>(&state.pool, services)
        .command(id, command)
        .inline(Some(state.inline.as_ref()))
        .executed()
        .await?;
    Ok(outcome.map(|_| aggregate))
}

/// Starts a session for `customer_id` in this browser, ending the one it held (a new id at
/// every sign-in): the grant that sets its cookie.
async fn start_session(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    saved: bool,
) -> Result<SessionGrant, ApiError> {
    end_session(state, identity).await?;
    let session_id = new_session_id();
    let start = SessionCommand::Start {
        customer_id: customer_id.to_string(),
        device: device_of(headers),
        saved,
        now: chrono::Utc::now(),
    };
    execute::<Session>(state, &(), &session_key(&session_id), start)
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(SessionGrant::Start {
        session_id,
        max_age: saved.then_some(SAVED_SESSION_DAYS as u64 * 24 * 3600),
    })
}

/// Ends the session this browser holds, if any.
async fn end_session(state: &CommandState, identity: &Identity) -> Result<(), ApiError> {
    if let Some(session_id) = &identity.session_id {
        let end = SessionCommand::End {
            reason: SessionEndReason::SignedOut,
        };
        execute::<Session>(state, &(), &session_key(session_id), end)
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
    }
    Ok(())
}

/// Signs this browser in as `customer_id` (a new session) and answers `answer` with the
/// session's cookie.
async fn signed_in(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    saved: bool,
    answer: impl Serialize,
) -> Response {
    match start_session(state, identity, headers, customer_id, saved).await {
        Ok(grant) => {
            let mut response = unstored(Json(answer).into_response());
            response.extensions_mut().insert(grant);
            response
        }
        Err(e) => e.into_response(),
    }
}

#[utoipa::path(post, path = "/account/register", tag = "accounts",
    summary = "Create an account and sign in",
    description = "Token header (`RequestVerificationToken`, from `/account/getantiforgerytoken`). One account per email address (compared without case). A refusal answers 200 with `success` false and `errorMessage` in the spec's words (the five password messages, `reasonCode` 6 for a field that did not pass); success starts a session (cookie `sf_session`, HttpOnly, SameSite=Lax; 30 days with `saveLogin`). Never stored for an Idempotency-Key.",
    request_body = RegisterRequest,
    responses(
        (status = 200, description = "Created and signed in, or refused (`success` false)", body = RegisterAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
    ))]
async fn register(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    headers: HeaderMap,
    ApiJson(request): ApiJson<RegisterRequest>,
) -> Response {
    let Ok(email) = kernel::values::Email::parse(&request.email_address) else {
        return RegisterAnswer::refused(
            kernel::validation::EMAIL_MESSAGE,
            Some(INVALID_INPUT_DATA),
        );
    };
    let Some(phone) = kernel::validation::normalize_phone(&request.phone_number) else {
        return RegisterAnswer::refused(
            kernel::validation::PHONE_MESSAGE,
            Some(INVALID_INPUT_DATA),
        );
    };
    if let Err(message) = password::check(&request.password) {
        return RegisterAnswer::refused(message, Some(INVALID_INPUT_DATA));
    }
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
    };
    let email_subject = keys.subject_for_email(email.as_str());
    let customer_id = format!("cu_{}", new_id());
    // The claim first: of two registrations of one address, one holds it.
    let claim = EmailClaimCommand::Claim {
        customer_id: customer_id.clone(),
    };
    match execute::<EmailClaim>(&state, &(), &email_subject, claim).await {
        Ok(Ok(_)) => {}
        Ok(Err(EmailClaimError::Taken)) => return RegisterAnswer::refused(EMAIL_TAKEN, None),
        Err(e) => return ApiError::internal(e).into_response(),
    }
    let plain = request.password;
    let password_hash = match tokio::task::spawn_blocking(move || password::hash(&plain)).await {
        Ok(hash) => hash,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let register = CustomerCommand::Register {
        email_subject: email_subject.clone(),
        email: email.as_str().to_string(),
        first_name: request.first_name,
        last_name: request.last_name,
        phone_key: keys.phone_key(&phone),
        phone,
        password_hash,
    };
    let refusal = match execute::<Customer>(&state, &state.sealer, &customer_id, register).await {
        Ok(Ok(_)) => None,
        Ok(Err(CustomerError::Invalid(message))) => {
            Some(RegisterAnswer::refused(message, Some(INVALID_INPUT_DATA)))
        }
        Ok(Err(CustomerError::Unavailable(e))) => Some(ApiError::Unavailable(e).into_response()),
        Ok(Err(e)) => Some(ApiError::internal(e).into_response()),
        Err(e) => Some(ApiError::internal(e).into_response()),
    };
    if let Some(refusal) = refusal {
        // The address is free again for a corrected form.
        let release = EmailClaimCommand::Release { customer_id };
        if let Err(e) = execute::<EmailClaim>(&state, &(), &email_subject, release).await {
            tracing::error!(error = %e, "an email claim could not be released");
        }
        return refusal;
    }
    let answer = RegisterAnswer {
        success: true,
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        request.save_login,
        answer,
    )
    .await
}

/// The account of an email subject: its id, sealed password hash and wrong passwords so far.
async fn account_of(
    state: &CommandState,
    email_subject: &str,
) -> Result<Option<(String, Option<String>, i32)>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let row: Option<(String, serde_json::Value, i32)> = sqlx::query_as(
        "SELECT customer_id, password, failed_logins FROM customers WHERE email_subject = $1",
    )
    .bind(email_subject)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((customer_id, sealed, failed)) = row else {
        return Ok(None);
    };
    let sealed: privacy::Sealed = serde_json::from_value(sealed).map_err(ApiError::internal)?;
    let hash = privacy::vault::open(&mut conn, &sealed)
        .await
        .map_err(ApiError::internal)?
        .text();
    Ok(Some((customer_id, hash, failed)))
}

#[utoipa::path(post, path = "/account/authenticate", tag = "accounts",
    summary = "Sign in with email and password",
    description = "Token header. A wrong email or password answers 200 with `success` false and 'Invalid Login — Please try again.'; from the third wrong password of an account on, `captchaRequired` is true and the message asks to complete the CAPTCHA. Success ends the session this browser held and starts a new one (a new `sf_session`). Never stored for an Idempotency-Key.",
    request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in, or refused (`success` false)", body = SignInAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
    ))]
async fn authenticate(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    headers: HeaderMap,
    ApiJson(request): ApiJson<SignInRequest>,
) -> Response {
    let refused = |captcha_required: bool| {
        unstored(
            Json(SignInAnswer {
                captcha_required,
                error_message: Some(
                    if captcha_required {
                        CAPTCHA_NEEDED
                    } else {
                        INVALID_LOGIN
                    }
                    .to_string(),
                ),
                ..Default::default()
            })
            .into_response(),
        )
    };
    let plain = request.password;
    let account = match kernel::values::Email::parse(&request.user_name) {
        Ok(email) if !plain.is_empty() && plain.chars().count() <= password::MAX_CHARS => {
            let keys = match privacy::keys() {
                Ok(keys) => keys,
                Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
            };
            match account_of(&state, &keys.subject_for_email(email.as_str())).await {
                Ok(account) => account,
                Err(e) => return e.into_response(),
            }
        }
        _ => return refused(false),
    };
    let Some((customer_id, Some(hash), failed)) = account else {
        // As long as a real check, so the time does not tell whether the address has an account.
        let _ = tokio::task::spawn_blocking(move || password::verify_nothing(&plain)).await;
        return refused(false);
    };
    let matches = tokio::task::spawn_blocking(move || password::verify(&hash, &plain))
        .await
        .unwrap_or(false);
    if !matches {
        if let Err(e) = execute::<Customer>(
            &state,
            &state.sealer,
            &customer_id,
            CustomerCommand::RecordFailedLogin,
        )
        .await
        {
            return ApiError::internal(e).into_response();
        }
        return refused(failed + 1 >= CAPTCHA_AFTER_FAILURES);
    }
    let login = CustomerCommand::RecordLogin {
        method: LoginMethod::Local,
    };
    if let Err(e) = execute::<Customer>(&state, &state.sealer, &customer_id, login).await {
        return ApiError::internal(e).into_response();
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
        answer,
    )
    .await
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogoutParams {
    /// Where to go after: a local URL (a single leading slash, no `//`, no backslash, no
    /// control character); anything else goes to the home page.
    #[serde(rename = "refUrl")]
    pub ref_url: Option<String>,
}

#[utoipa::path(get, path = "/account/logout/", tag = "accounts",
    summary = "Sign out and go on",
    description = "Ends this browser's session (and clears its cookie), then redirects to `refUrl` when it is a local URL, else to `/`. A GET because the spec links it: it only ends the visitor's own session, so another site triggering it signs nobody else out (docs/decisions.md).",
    params(LogoutParams),
    responses(
        (status = 303, description = "To `refUrl` or `/`", headers(("Location" = String))),
    ))]
async fn logout(
    State(state): State<CommandState>,
    identity: Identity,
    Query(params): Query<LogoutParams>,
) -> Response {
    if let Err(e) = end_session(&state, &identity).await {
        return e.into_response();
    }
    let to = params
        .ref_url
        .filter(|url| kernel::validation::is_local_url(url))
        .unwrap_or_else(|| "/".to_string());
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response();
    if identity.session_id.is_some() {
        response.extensions_mut().insert(SessionGrant::End);
    }
    unstored(response)
}

#[utoipa::path(post, path = "/account/getantiforgerytoken", tag = "accounts",
    summary = "The anti-forgery token, as the hidden input the forms carry",
    description = "No body. The token is bound to this browser's session (or, signed out, to the visitor): fetch a new one after signing in or out. The 'token header' calls want it in `RequestVerificationToken`.",
    responses(
        (status = 200, description = "`<input name=\"__RequestVerificationToken\" type=\"hidden\" value=\"…\">`",
            content_type = "text/html", body = String),
        (status = 400, description = "`InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
    ))]
async fn anti_forgery_token(identity: Identity) -> Response {
    let token = kernel::csrf::anti_forgery_token(&identity);
    let html = format!(
        "<input name=\"{}\" type=\"hidden\" value=\"{token}\">",
        kernel::csrf::ANTI_FORGERY_FIELD
    );
    unstored(
        (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            html,
        )
            .into_response(),
    )
}

/// Which session to end, by the `id` the device list shows.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EndSessionRequest {
    #[schema(max_length = 100)]
    pub id: String,
}

#[utoipa::path(post, path = "/api/account/sessions/end", tag = "accounts",
    summary = "End one of the devices signed in to this account",
    description = "Token header. Ends the customer's session `id` (from `GET /api/account/sessions`): that browser is signed out at its next request. Ending the current session signs this browser out too. An id that is not one of the customer's open sessions answers `success` false and changes nothing.",
    request_body = EndSessionRequest,
    responses(
        (status = 200, description = "Ended (`success` true) or not one of the customer's open sessions (`success` false)", body = super::Success),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
    ))]
async fn end_device_session(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<EndSessionRequest>,
) -> Response {
    let signed_in = match kernel::session::signed_in(&state.pool, &identity).await {
        Ok(Some(signed_in)) => signed_in,
        Ok(None) => return kernel::session::not_signed_in().into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let owned: Result<bool, _> = sqlx::query_scalar(
        "SELECT exists(SELECT 1 FROM customer_sessions WHERE session_key = $1 \
         AND customer_id = $2 AND ended_at IS NULL)",
    )
    .bind(&request.id)
    .bind(&signed_in.customer_id)
    .fetch_one(&state.pool)
    .await;
    match owned {
        Ok(true) => {}
        Ok(false) => return unstored(Json(super::Success::FALSE).into_response()),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let end = SessionCommand::End {
        reason: SessionEndReason::EndedFromDeviceList,
    };
    if let Err(e) = execute::<Session>(&state, &(), &request.id, end).await {
        return ApiError::internal(e).into_response();
    }
    let mut response = unstored(Json(super::Success::TRUE).into_response());
    if request.id == signed_in.session_key {
        response.extensions_mut().insert(SessionGrant::End);
    }
    response
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(register, authenticate, logout, anti_forgery_token, end_device_session))]
pub(crate) struct Api;
