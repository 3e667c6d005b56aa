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
use kernel::client::ClientAddress;
use kernel::csrf::AntiForgery;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::identity::{new_id, new_session_id, CartGrant, CartRelease, Identity, SessionGrant};
use kernel::limits::Verdict;

pub const INVALID_LOGIN: &str = "Invalid Login — Please try again.";
pub const CAPTCHA_NEEDED: &str =
    "Let's double check this. Please re-enter your password and complete the CAPTCHA below.";
pub const CAPTCHA_FAILED: &str = "reCAPTCHA validation failed. Please try again.";
/// The window over which wrong passwords from one address count towards the captcha.
pub const ADDRESS_FAILURE_WINDOW_SECS: u32 = 900;
/// An address that already has an account (the spec shows the server's `errorMessage`).
pub const EMAIL_TAKEN: &str =
    "An account already exists for this email address. Please sign in or reset your password.";
/// Wrong passwords for one account (or from one address in 15 minutes) before sign-in asks
/// for a captcha.
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
pub(super) fn unstored(mut response: Response) -> Response {
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
pub(super) async fn execute<A>(
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
pub(super) async fn end_session(state: &CommandState, identity: &Identity) -> Result<(), ApiError> {
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

/// What becomes of the browser's cart cookie at sign-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum CartHandOver {
    /// It stays as it is (none, or the customer's own).
    Keep,
    /// The browser gets the customer's cart.
    Grant(String),
    /// The browser gives back a cart that is another customer's.
    Release,
}

/// At sign-in the browser's cart and the customer's meet: a customer without a cart adopts the
/// browser's; a customer with one gets it in this browser, with the browser's lines merged in
/// unless `merge` is false (skipCartMerge). A cart another customer holds is never brought
/// along (the browser gives it back).
pub(super) async fn carry_cart(
    state: &CommandState,
    identity: &Identity,
    customer_id: &str,
    merge: bool,
) -> Result<CartHandOver, ApiError> {
    let customer_cart: Option<String> =
        sqlx::query_scalar("SELECT cart_id FROM customers WHERE customer_id = $1")
            .bind(customer_id)
            .fetch_optional(&state.pool)
            .await?
            .flatten();
    let browser_cart = match &identity.cart_id {
        Some(cart) if Some(cart) != customer_cart.as_ref() => {
            let someone_elses: bool =
                sqlx::query_scalar("SELECT exists(SELECT 1 FROM customers WHERE cart_id = $1)")
                    .bind(cart)
                    .fetch_one(&state.pool)
                    .await?;
            if someone_elses {
                return Ok(match customer_cart {
                    Some(own) => CartHandOver::Grant(own),
                    None => CartHandOver::Release,
                });
            }
            Some(cart.clone())
        }
        _ => None,
    };
    match (customer_cart, browser_cart) {
        (None, None) => Ok(CartHandOver::Keep),
        (None, Some(cart)) => {
            let adopt = CustomerCommand::AdoptCart { cart_id: cart };
            execute::<Customer>(state, &state.sealer, customer_id, adopt)
                .await
                .map_err(ApiError::internal)?
                .map_err(ApiError::internal)?;
            Ok(CartHandOver::Keep)
        }
        (Some(own), None) => Ok(CartHandOver::Grant(own)),
        (Some(own), Some(guest)) => {
            if merge {
                let (mut loaded, _) = eventstore::load_many::<crate::cart::Cart>(
                    &state.pool,
                    std::slice::from_ref(&guest),
                )
                .await
                .map_err(ApiError::internal)?;
                let lines = loaded
                    .remove(&guest)
                    .map(|(cart, _)| cart.lines)
                    .unwrap_or_default();
                if !lines.is_empty() {
                    let merge = crate::cart::CartCommand::Merge {
                        from_cart_id: guest,
                        lines,
                    };
                    match execute::<crate::cart::Cart>(state, &state.cart_services, &own, merge)
                        .await
                        .map_err(ApiError::internal)?
                    {
                        Ok(_) => {}
                        Err(crate::cart::CartError::Unavailable(e)) => {
                            return Err(ApiError::Unavailable(e))
                        }
                        Err(e) => return Err(ApiError::internal(e)),
                    }
                }
            }
            Ok(CartHandOver::Grant(own))
        }
    }
}

/// Signs this browser in as `customer_id` (a new session) and answers `answer` with the
/// session's cookie; the carts meet as [`carry_cart`] says (merging unless `skip_cart_merge`).
pub(super) async fn signed_in(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer_id: &str,
    saved: bool,
    skip_cart_merge: bool,
    answer: impl Serialize,
) -> Response {
    let hand_over = match carry_cart(state, identity, customer_id, !skip_cart_merge).await {
        Ok(hand_over) => hand_over,
        Err(e) => return e.into_response(),
    };
    match start_session(state, identity, headers, customer_id, saved).await {
        Ok(grant) => {
            let mut response = unstored(Json(answer).into_response());
            response.extensions_mut().insert(grant);
            match hand_over {
                CartHandOver::Keep => {}
                CartHandOver::Grant(cart) => {
                    response.extensions_mut().insert(CartGrant(cart));
                }
                CartHandOver::Release => {
                    response.extensions_mut().insert(CartRelease);
                }
            }
            response
        }
        Err(e) => e.into_response(),
    }
}

#[utoipa::path(post, path = "/account/register", tag = "accounts",
    summary = "Create an account and sign in",
    description = "Token header (`RequestVerificationToken`, from `/account/getantiforgerytoken`). One account per email address (compared without case). A refusal answers 200 with `success` false and `errorMessage` in the spec's words (the five password messages, `reasonCode` 6 for a field that did not pass); success starts a session (cookie `sf_session`, HttpOnly, SameSite=Lax; 30 days with `saveLogin`) and the new account adopts this browser's cart. Never stored for an Idempotency-Key.",
    request_body = RegisterRequest,
    responses(
        (status = 200, description = "Created and signed in, or refused (`success` false)", body = RegisterAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = super::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn register(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
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
    // The claim first: of two registrations of one address, one holds it. A claim whose
    // registration died before `CustomerRegistered` is taken over once stale.
    let claimed_at = chrono::Utc::now();
    let claim = |unregistered_holder| EmailClaimCommand::ClaimAt {
        customer_id: customer_id.clone(),
        now: claimed_at,
        unregistered_holder,
    };
    let mut claimed = execute::<EmailClaim>(&state, &(), &email_subject, claim(None)).await;
    if let Ok(Err(EmailClaimError::Taken)) = claimed {
        match stale_claim_holder(&state, &email_subject).await {
            Ok(Some(holder)) => {
                claimed =
                    execute::<EmailClaim>(&state, &(), &email_subject, claim(Some(holder))).await
            }
            Ok(None) => {}
            Err(e) => return e.into_response(),
        }
    }
    match claimed {
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
    // Late (a stalled process), the claim may be taken over by now: give up instead.
    let late = chrono::Utc::now() - claimed_at
        > chrono::Duration::minutes(crate::accounts::REGISTER_WITHIN_MINUTES);
    let refusal = if late {
        Some(
            ApiError::Unavailable("the registration took too long; please try again".into())
                .into_response(),
        )
    } else {
        match execute::<Customer>(&state, &state.sealer, &customer_id, register).await {
            Ok(Ok(_)) => None,
            Ok(Err(CustomerError::Invalid(message))) => {
                Some(RegisterAnswer::refused(message, Some(INVALID_INPUT_DATA)))
            }
            Ok(Err(CustomerError::Unavailable(e))) => {
                Some(ApiError::Unavailable(e).into_response())
            }
            Ok(Err(e)) => Some(ApiError::internal(e).into_response()),
            Err(e) => Some(ApiError::internal(e).into_response()),
        }
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
        false,
        answer,
    )
    .await
}

/// The holder of the address's claim when that claim is stale: made [`STALE_CLAIM_MINUTES`]
/// ago or more by a customer with no `CustomerRegistered` (its registration died in between).
///
/// [`STALE_CLAIM_MINUTES`]: crate::accounts::STALE_CLAIM_MINUTES
async fn stale_claim_holder(
    state: &CommandState,
    email_subject: &str,
) -> Result<Option<String>, ApiError> {
    let subject = email_subject.to_string();
    let (mut loaded, _) =
        eventstore::load_many::<EmailClaim>(&state.pool, std::slice::from_ref(&subject))
            .await
            .map_err(ApiError::internal)?;
    let Some((claim, _)) = loaded.remove(&subject) else {
        return Ok(None);
    };
    let (Some(holder), Some(at)) = (claim.holder, claim.claimed_at) else {
        return Ok(None);
    };
    if chrono::Utc::now() - at < chrono::Duration::minutes(crate::accounts::STALE_CLAIM_MINUTES) {
        return Ok(None);
    }
    let registered: bool = sqlx::query_scalar(
        "SELECT exists(SELECT 1 FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
         AND event_type = 'CustomerRegistered')",
    )
    .bind(<Customer as cqrs_es::Aggregate>::TYPE)
    .bind(&holder)
    .fetch_one(&state.pool)
    .await?;
    Ok((!registered).then_some(holder))
}

/// Counts an account call from the client's address: the 429 once the address is over
/// `AccountSettings::per_address` (counted in PostgreSQL, so across replicas). The bucket is a
/// keyed hash of the address.
pub(super) async fn limit_address(
    state: &CommandState,
    identity: &Identity,
    address: ClientAddress,
) -> Result<(), Response> {
    let Some(ip) = address.0 else {
        return Ok(());
    };
    let bucket = format!(
        "address:{}",
        identity
            .keyring()
            .derive("attempts-address", &ip.to_string())
    );
    match kernel::limits::attempt(&state.pool, &bucket, state.accounts.per_address).await {
        Ok(Verdict::Allowed) => Ok(()),
        Ok(Verdict::Refused { retry_after }) => {
            Err(unstored(kernel::limits::too_many(retry_after)))
        }
        Err(e) => Err(ApiError::from(e).into_response()),
    }
}

/// A 'token header' account call within its address's limit: this browser's anti-forgery
/// token checked (403 without it), then the call counted for the client's address (429 beyond
/// `AccountSettings::per_address`). Who asks, and from where.
pub(super) struct AccountCall {
    pub identity: Identity,
    pub address: ClientAddress,
}

impl axum::extract::FromRequestParts<CommandState> for AccountCall {
    type Rejection = Response;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &CommandState,
    ) -> Result<Self, Response> {
        AntiForgery::from_request_parts(parts, state).await?;
        let identity = Identity::of(&parts.extensions).into_owned();
        let Ok(address) = ClientAddress::from_request_parts(parts, state).await;
        limit_address(state, &identity, address).await?;
        Ok(AccountCall { identity, address })
    }
}

/// The bucket of an account's wrong passwords (its email's subject, a keyed hash).
pub(super) fn failures_bucket(email_subject: &str) -> String {
    format!("failures:{email_subject}")
}

/// The 429 when the account behind `email_subject` took too many wrong passwords lately.
pub(super) async fn limit_failures(
    state: &CommandState,
    email_subject: &str,
) -> Result<(), Response> {
    let bucket = failures_bucket(email_subject);
    match kernel::limits::check(&state.pool, &bucket, state.accounts.failures_per_account).await {
        Ok(Verdict::Allowed) => Ok(()),
        Ok(Verdict::Refused { retry_after }) => {
            Err(unstored(kernel::limits::too_many(retry_after)))
        }
        Err(e) => Err(ApiError::from(e).into_response()),
    }
}

/// Counts a wrong password for the account behind `email_subject` (known or not).
pub(super) async fn count_failure(
    state: &CommandState,
    email_subject: &str,
) -> Result<(), ApiError> {
    let bucket = failures_bucket(email_subject);
    kernel::limits::attempt(&state.pool, &bucket, state.accounts.failures_per_account).await?;
    Ok(())
}

/// An account as sign-in sees it.
pub(super) struct Account {
    pub customer_id: String,
    pub email_subject: String,
    /// The argon2id hash, or none when its key was destroyed.
    pub password_hash: Option<String>,
    /// Wrong passwords since the last sign-in.
    pub failed_logins: i32,
}

/// The account of an email subject.
async fn account_of(
    state: &CommandState,
    email_subject: &str,
) -> Result<Option<Account>, ApiError> {
    find_account(state, "email_subject", email_subject).await
}

/// The account of a customer id.
pub(super) async fn account_by_id(
    state: &CommandState,
    customer_id: &str,
) -> Result<Option<Account>, ApiError> {
    find_account(state, "customer_id", customer_id).await
}

async fn find_account(
    state: &CommandState,
    column: &'static str,
    value: &str,
) -> Result<Option<Account>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let row: Option<(String, String, serde_json::Value, i32)> = sqlx::query_as(&format!(
        "SELECT customer_id, email_subject, password, failed_logins FROM customers WHERE {column} = $1"
    ))
    .bind(value)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((customer_id, email_subject, sealed, failed_logins)) = row else {
        return Ok(None);
    };
    let sealed: privacy::Sealed = serde_json::from_value(sealed).map_err(ApiError::internal)?;
    let hash = privacy::vault::open(&mut conn, &sealed)
        .await
        .map_err(ApiError::internal)?
        .text();
    Ok(Some(Account {
        customer_id,
        email_subject,
        password_hash: hash,
        failed_logins,
    }))
}

/// Where sign-in sends a customer whose password must change (`passwordChangeRequired`).
pub const UPDATE_PASSWORD_PAGE: &str = "/account/update-password/";

/// Whether the customer must choose a new password: an operator asked for one
/// (`PasswordChangeRequired`, until the next `PasswordChanged`), or the password is older than
/// `AccountSettings::password_max_age_days` (0: never). Both read the read model `customers`
/// (`password_change_required`, `password_set_at`), projected inline.
pub(super) async fn password_change_required(
    state: &CommandState,
    customer_id: &str,
) -> Result<bool, ApiError> {
    let days = i32::try_from(state.accounts.password_max_age_days).unwrap_or(i32::MAX);
    let required: Option<bool> = sqlx::query_scalar(
        "SELECT password_change_required \
         OR ($2 > 0 AND password_set_at < now() - make_interval(days => $2)) \
         FROM customers WHERE customer_id = $1",
    )
    .bind(customer_id)
    .bind(days)
    .fetch_optional(&state.pool)
    .await?;
    Ok(required.unwrap_or(false))
}

#[utoipa::path(post, path = "/account/authenticate", tag = "accounts",
    summary = "Sign in with email and password",
    description = "Token header. A wrong email or password answers 200 with `success` false and 'Invalid Login — Please try again.'; from the third wrong password of an account on, `captchaRequired` is true and the message asks to complete the CAPTCHA. Success ends the session this browser held and starts a new one (a new `sf_session`), and the carts meet: the customer's cart merges this browser's lines in (quantities add, each line passing the cart's rules again; not with `skipCartMerge`) and becomes this browser's cart; a customer without a cart adopts this browser's. A password older than `PASSWORD_MAX_AGE_DAYS` (0: never), or one an operator asked to change (`storefront accounts require-password-change`), still signs in and answers `passwordChangeRequired` true with `redirectUrl` `/account/update-password/`. Never stored for an Idempotency-Key.",
    request_body = SignInRequest,
    responses(
        (status = 200, description = "Signed in, or refused (`success` false)", body = SignInAnswer),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = super::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn authenticate(
    State(state): State<CommandState>,
    AccountCall { identity, address }: AccountCall,
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
    // Wrong passwords from this address lately (a keyed hash of it names the bucket).
    let address_bucket = address.0.map(|ip| {
        let hash = identity
            .keyring()
            .derive("failures-address", &ip.to_string());
        format!("failures-address:{hash}")
    });
    let address_failures = match &address_bucket {
        Some(bucket) => {
            match kernel::limits::hits(&state.pool, bucket, ADDRESS_FAILURE_WINDOW_SECS).await {
                Ok(hits) => hits,
                Err(e) => return ApiError::from(e).into_response(),
            }
        }
        None => 0,
    };
    // A wrong password: counted for the account's subject and the address; the answer says
    // whether the next attempt needs a captcha.
    let wrong = |subject: String, failed: i32| {
        let state = state.clone();
        let address_bucket = address_bucket.clone();
        async move {
            if let Err(e) = count_failure(&state, &subject).await {
                return e.into_response();
            }
            if let Some(bucket) = &address_bucket {
                let window = kernel::limits::Limit {
                    max: u32::MAX,
                    window_seconds: ADDRESS_FAILURE_WINDOW_SECS,
                };
                if let Err(e) = kernel::limits::attempt(&state.pool, bucket, window).await {
                    return ApiError::from(e).into_response();
                }
            }
            refused(
                failed + 1 >= CAPTCHA_AFTER_FAILURES
                    || address_failures + 1 >= CAPTCHA_AFTER_FAILURES,
            )
        }
    };
    let plain = request.password;
    let (subject, account) = match kernel::values::Email::parse(&request.user_name) {
        Ok(email) if !plain.is_empty() && plain.chars().count() <= password::MAX_CHARS => {
            let keys = match privacy::keys() {
                Ok(keys) => keys,
                Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
            };
            let subject = keys.subject_for_email(email.as_str());
            if let Err(refused) = limit_failures(&state, &subject).await {
                return refused;
            }
            match account_of(&state, &subject).await {
                Ok(account) => (subject, account),
                Err(e) => return e.into_response(),
            }
        }
        _ => return refused(false),
    };
    // From the third wrong password of the account, or from the address, a captcha first:
    // without a solved one the password is not even looked at.
    let failed = account.as_ref().map_or(0, |a| a.failed_logins);
    if failed >= CAPTCHA_AFTER_FAILURES || address_failures >= CAPTCHA_AFTER_FAILURES {
        let Some(captcha) = request.captcha.as_deref().filter(|c| !c.is_empty()) else {
            return refused(true);
        };
        match state.captcha.verify(captcha, address.0).await {
            Ok(true) => {}
            Ok(false) => {
                return unstored(
                    Json(SignInAnswer {
                        captcha_failed: true,
                        captcha_required: true,
                        error_message: Some(CAPTCHA_FAILED.to_string()),
                        ..Default::default()
                    })
                    .into_response(),
                )
            }
            Err(e) => return ApiError::from(e).into_response(),
        }
    }
    let Some(Account {
        customer_id,
        password_hash: Some(hash),
        ..
    }) = account
    else {
        // As long as a real check, so the time does not tell whether the address has an account.
        let _ = tokio::task::spawn_blocking(move || password::verify_nothing(&plain)).await;
        return wrong(subject, failed).await;
    };
    let matches = tokio::task::spawn_blocking(move || password::verify(&hash, &plain))
        .await
        .unwrap_or(false);
    if !matches {
        let answer = wrong(subject, failed).await;
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
        return answer;
    }
    let login = CustomerCommand::RecordLogin {
        method: LoginMethod::Local,
    };
    if let Err(e) = execute::<Customer>(&state, &state.sealer, &customer_id, login).await {
        return ApiError::internal(e).into_response();
    }
    // Signed in all the same; the web then sends the customer to choose a new password.
    let change = match password_change_required(&state, &customer_id).await {
        Ok(change) => change,
        Err(e) => return e.into_response(),
    };
    let answer = SignInAnswer {
        success: true,
        password_change_required: change,
        redirect_url: change.then(|| UPDATE_PASSWORD_PAGE.to_string()),
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        request.save_login,
        request.skip_cart_merge,
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
    description = "Ends this browser's session (and clears its cookie and the cart cookie: the customer's cart stays with the account), then redirects to `refUrl` when it is a local URL, else to `/`. A GET because the spec links it: it only ends the visitor's own session, so another site triggering it signs nobody else out (docs/decisions.md).",
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
        // Signed out, the browser keeps neither the session nor the customer's cart.
        response.extensions_mut().insert(SessionGrant::End);
        response.extensions_mut().insert(CartRelease);
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
