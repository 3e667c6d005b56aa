//! Customer accounts over HTTP (spec 7): create an account, sign in, sign out, and the
//! anti-forgery token the 'token header' calls carry. Business outcomes answer 200 with
//! `success` and the spec's fields (the client treats any other status as 'A network error has
//! occurred'); 403 is kept for a missing anti-forgery token (docs/decisions.md, "Accounts").
//! No account answer is stored for an Idempotency-Key: each one is about the session of the
//! browser that asked, and a replay would hand it to whoever sent the key.
//!
//! `register` (create an account), `sign_in` (sign in and out), `devices` (end a signed-in
//! device), `session` (a browser's session and cart at sign-in), `guard` (the anti-forgery
//! token and the limits every account call passes), `lookup` (an account as sign-in sees it).
//! `recovery`, `providers` (third-party sign-in), `linked` (unlinking one), `passkeys`,
//! `deletion`, `captcha` and `staff_invitation` (a staff member's invitation accepted) each
//! have a router of their own.

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

pub mod captcha;
pub mod deletion;
mod devices;
mod guard;
pub mod linked;
mod lookup;
pub mod passkeys;
pub mod providers;
pub mod recovery;
mod register;
pub mod registries;
mod session;
mod sign_in;
pub mod staff_invitation;

pub use devices::EndSessionRequest;
pub(in crate::routes) use guard::{count_failure, limit_address, limit_failures, AccountCall};
use lookup::account_of;
pub use lookup::UPDATE_PASSWORD_PAGE;
pub(in crate::routes) use lookup::{account_by_id, password_change_required, Account};
pub(in crate::routes) use register::create_account;
pub use register::{RegisterAnswer, RegisterRequest, EMAIL_TAKEN};
pub use session::device_of;
pub(in crate::routes) use session::{end_session, signed_in};
pub use sign_in::{
    LogoutParams, SignInAnswer, SignInRequest, ADDRESS_FAILURE_WINDOW_SECS, CAPTCHA_AFTER_FAILURES,
    CAPTCHA_FAILED, CAPTCHA_NEEDED, INVALID_LOGIN,
};

/// INVALID_INPUT_DATA of the spec's reason codes (8): a field the forms check did not pass.
pub const INVALID_INPUT_DATA: i32 = 6;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/register", post(register::register))
        .route("/account/authenticate", post(sign_in::authenticate))
        .route("/account/logout/", get(sign_in::logout))
        .route("/account/getantiforgerytoken", post(anti_forgery_token))
        .route(
            "/api/account/sessions/end",
            post(devices::end_device_session),
        )
        .with_state(state)
}

/// An answer no Idempotency-Key stores or replays.
pub(in crate::routes) fn unstored(mut response: Response) -> Response {
    response.extensions_mut().insert(SafeRead);
    response
}

/// Runs a command that names no idempotency key (account calls are never replayed).
pub(in crate::routes) async fn execute<A>(
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

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    register::register,
    sign_in::authenticate,
    sign_in::logout,
    anti_forgery_token,
    devices::end_device_session
))]
pub(crate) struct Api;
