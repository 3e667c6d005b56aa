//! Getting back into an account and proving it is you (spec 7): `recover` mails a reset link,
//! `reset` sets a new password through it (single use, expiring; the customer's other sessions
//! end), `verifyPassword` asks a signed-in customer for their password again before a
//! sensitive change. Like every account call, business outcomes answer 200 with `success`,
//! and nothing is stored for an Idempotency-Key.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::{
    account_by_id, count_failure, execute, limit_failures, signed_in, unstored, Account,
    AccountCall, INVALID_INPUT_DATA,
};
use crate::accounts::{
    password, Customer, CustomerCommand, CustomerError, Session, SessionCommand, SessionEndReason,
};
use crate::notify::{Channel, Message};
use crate::privacy;
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson, GENERIC_MESSAGE};
use kernel::identity::{new_id, new_session_id};
use kernel::limits::Verdict;

/// What recover always answers (spec 8), whether or not the address has an account.
pub const RECOVER_MESSAGE: &str =
    "If we found a matching account, you will receive an email shortly with a link to reset your password.";
/// A reset link that was used, replaced, expired or never made.
pub const RESET_LINK_INVALID: &str =
    "This password reset link has expired or was already used. Please request a new one.";
/// A wrong password at verifyPassword.
pub const WRONG_PASSWORD: &str = "That password is not right. Please try again.";
/// update-password for a browser that is not signed in.
pub const SIGN_IN_TO_CHANGE: &str = "Please sign in to change your password.";
/// update-password for a session that signed in (or typed its password again) too long ago.
pub const PASSWORD_AGAIN_TO_CHANGE: &str = "Please sign in again to change your password.";
/// The page a reset link opens (the sign-in panel's 'Reset Your Password').
pub const RESET_PAGE: &str = "/account/reset-password/";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/recover", post(recover))
        .route("/account/reset", post(reset))
        .route("/account/verifyPassword", post(verify_password))
        .route("/account/update-password", post(update_password))
        .with_state(state)
}

/// The forgot-password form.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoverRequest {
    #[schema(max_length = 254)]
    pub email_address: String,
}

/// `success` and the message to show (recover, reset, verifyPassword).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountAnswer {
    pub success: bool,
    /// On an answer that signed this browser in: its header data, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub header_json: Option<serde_json::Value>,
    /// On success, what to tell the customer (recover's message).
    #[schema(required)]
    pub message: Option<String>,
    /// Why not, in the spec's words where it has them.
    #[schema(required)]
    pub error_message: Option<String>,
    /// 6 (INVALID_INPUT_DATA) for a password that does not meet the rules.
    #[schema(required)]
    pub reason_code: Option<i32>,
    /// Where to go next (reset: the account page).
    #[schema(required)]
    pub redirect_url: Option<String>,
}

fn answer(answer: AccountAnswer) -> Response {
    unstored(Json(answer).into_response())
}

fn refused(message: &str, reason_code: Option<i32>) -> Response {
    answer(AccountAnswer {
        error_message: Some(message.to_string()),
        reason_code,
        ..Default::default()
    })
}

/// The SHA-256 (hex) of a reset token: what events and the aggregate keep of it.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[utoipa::path(post, path = "/account/recover", tag = "accounts",
    summary = "Mail a password reset link",
    description = "Token header. Always answers `success` true with 'If we found a matching account, you will receive an email shortly with a link to reset your password.', whether or not the address has an account, and the mail goes out after the answer, so neither the words nor the time tell. An address with an account gets a link to `/account/reset-password/?bid=…&at=…` that works once, for `PASSWORD_RESET_MINUTES` (60), and stops working when the password changes; at most 3 mails per address an hour. An address that is not an email answers `success` false with the generic message. Never stored for an Idempotency-Key.",
    request_body = RecoverRequest,
    responses(
        (status = 200, description = "Asked (`success` true), or not an email address", body = AccountAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn recover(
    State(state): State<CommandState>,
    _call: AccountCall,
    ApiJson(request): ApiJson<RecoverRequest>,
) -> Response {
    let Ok(email) = kernel::values::Email::parse(&request.email_address) else {
        return refused(GENERIC_MESSAGE, None);
    };
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
    };
    let subject = keys.subject_for_email(email.as_str());
    // The work (and the mail) after the answer: the time says nothing of the address.
    tokio::spawn(async move {
        if let Err(e) = send_reset_link(&state, &subject, email.as_str()).await {
            tracing::error!(error = %e, "a password reset link could not be sent");
        }
    });
    answer(AccountAnswer {
        success: true,
        message: Some(RECOVER_MESSAGE.to_string()),
        ..Default::default()
    })
}

/// Makes a reset link for the account of `subject`, if there is one and it has not had its
/// hourly mails, and mails it to `email`.
async fn send_reset_link(state: &CommandState, subject: &str, email: &str) -> Result<(), ApiError> {
    let bucket = format!("recover:{subject}");
    let limit = state.accounts.recoveries_per_account;
    if let Verdict::Refused { .. } = kernel::limits::attempt(&state.pool, &bucket, limit).await? {
        tracing::info!("a password reset was asked for beyond the hourly mails of an address");
        return Ok(());
    }
    let customer_id: Option<String> =
        sqlx::query_scalar("SELECT customer_id FROM customers WHERE email_subject = $1")
            .bind(subject)
            .fetch_optional(&state.pool)
            .await?;
    let Some(customer_id) = customer_id else {
        return Ok(());
    };
    let token = new_session_id();
    let reset_id = format!("rs_{}", new_id());
    let minutes = state.accounts.reset_link_minutes;
    let request = CustomerCommand::RequestPasswordReset {
        reset_id: reset_id.clone(),
        token_hash: token_hash(&token),
        expires_at: chrono::Utc::now() + chrono::Duration::minutes(minutes),
    };
    execute::<Customer>(state, &state.sealer, &customer_id, request)
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let link = format!(
        "{}{RESET_PAGE}?bid={customer_id}&at={token}",
        state.accounts.public_url
    );
    let text = format!(
        "Someone asked to reset the password of your Storefront account.\n\n\
         To choose a new password, open this link within {minutes} minutes:\n\n{link}\n\n\
         The link works once. If you did not ask, ignore this mail: your password stays as it is.\n\n\
         Questions? Call Customer Service at 1-800-210-2370.\n"
    );
    let message = Message {
        key: format!("password-reset:{reset_id}"),
        channel: Channel::Email,
        subject: Some(subject.to_string()),
        to: email.to_string(),
        title: "Reset your Storefront password".to_string(),
        text,
    };
    state
        .notifier
        .send(message)
        .await
        .map_err(ApiError::internal)?;
    Ok(())
}

/// The reset form: the link's `bid` and `at`, and the new password.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetRequest {
    /// The link's `bid` (the account).
    #[schema(max_length = 100)]
    pub bid: String,
    /// The link's `at` (its single-use token).
    #[schema(max_length = 200)]
    pub at: String,
    /// 8 to 100 characters with a lowercase and an uppercase letter and a number.
    #[schema(max_length = 1000)]
    pub new_password: String,
    /// Keep the session for 30 days.
    #[serde(default)]
    pub remember_me: bool,
}

#[utoipa::path(post, path = "/account/reset", tag = "accounts",
    summary = "Set a new password through a reset link, and sign in",
    description = "Token header. `bid` and `at` come from the link `/account/recover` mailed. A password that does not meet the rules answers `success` false with its message (spec 5) and `reasonCode` 6; a link that was used, replaced by a newer password, expired or never made answers `success` false with 'This password reset link has expired or was already used. Please request a new one.' Success sets the password, ends every other session of the account, and signs this browser in (a new `sf_session`; 30 days with `rememberMe`). Never stored for an Idempotency-Key.",
    request_body = ResetRequest,
    responses(
        (status = 200, description = "Reset and signed in, or refused (`success` false)", body = AccountAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn reset(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<ResetRequest>,
) -> Response {
    if let Err(message) = password::check(&request.new_password) {
        return refused(message, Some(INVALID_INPUT_DATA));
    }
    let well_formed = |text: &str, max: usize| {
        !text.is_empty()
            && text.len() <= max
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    if !well_formed(&request.bid, 100) || !well_formed(&request.at, 200) {
        return refused(RESET_LINK_INVALID, None);
    }
    let plain = request.new_password;
    let password_hash = match tokio::task::spawn_blocking(move || password::hash(&plain)).await {
        Ok(hash) => hash,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let command = CustomerCommand::ResetPassword {
        token_hash: token_hash(&request.at),
        password_hash,
        now: chrono::Utc::now(),
    };
    match execute::<Customer>(&state, &state.sealer, &request.bid, command).await {
        Ok(Ok(_)) => {}
        Ok(Err(CustomerError::ResetLinkInvalid | CustomerError::NotRegistered)) => {
            return refused(RESET_LINK_INVALID, None)
        }
        Ok(Err(CustomerError::Unavailable(e))) => return ApiError::Unavailable(e).into_response(),
        Ok(Err(e)) => return ApiError::internal(e).into_response(),
        Err(e) => return ApiError::internal(e).into_response(),
    }
    // Whoever held the old password holds no session of this account now.
    if let Err(e) = end_sessions_of(&state, &request.bid).await {
        return e.into_response();
    }
    // The session this browser held (of any account) ends as `signed_in` starts the new one.
    let answer = AccountAnswer {
        success: true,
        redirect_url: Some("/account/".to_string()),
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &request.bid,
        request.remember_me,
        false,
        answer,
    )
    .await
}

/// Ends every open session of a customer (their password changed).
pub(super) async fn end_sessions_of(
    state: &CommandState,
    customer_id: &str,
) -> Result<(), ApiError> {
    let open: Vec<String> = sqlx::query_scalar(
        "SELECT session_key FROM customer_sessions WHERE customer_id = $1 AND ended_at IS NULL",
    )
    .bind(customer_id)
    .fetch_all(&state.pool)
    .await?;
    for session_key in open {
        let end = SessionCommand::End {
            reason: SessionEndReason::PasswordChanged,
        };
        execute::<Session>(state, &(), &session_key, end)
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?;
    }
    Ok(())
}

/// The password, again.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct VerifyPasswordRequest {
    #[schema(max_length = 1000)]
    pub password: String,
}

#[utoipa::path(post, path = "/account/verifyPassword", tag = "accounts",
    summary = "Type the password again before a sensitive change",
    description = "Token header; signed in. The customer's password answers `success` true and records the re-authentication on this browser's session (a `Reauthenticated` event: linking a sign-in provider, changing the email or phone and deleting the account want one in the last 10 minutes). A wrong one answers `success` false with 'That password is not right. Please try again.' and counts as a wrong sign-in (the captcha and the account's limit). Never stored for an Idempotency-Key.",
    request_body = VerifyPasswordRequest,
    responses(
        (status = 200, description = "Verified, or not (`success` false)", body = AccountAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn verify_password(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    ApiJson(request): ApiJson<VerifyPasswordRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let account = match account_by_id(&state, &signed_in.customer_id).await {
        Ok(Some(account)) => account,
        Ok(None) => return kernel::session::not_signed_in().into_response(),
        Err(e) => return e.into_response(),
    };
    let Account {
        customer_id,
        email_subject,
        password_hash,
        ..
    } = account;
    if let Err(refused) = limit_failures(&state, &email_subject).await {
        return refused;
    }
    let plain = request.password;
    let matches = match password_hash {
        Some(hash) if plain.chars().count() <= password::MAX_CHARS => {
            tokio::task::spawn_blocking(move || password::verify(&hash, &plain))
                .await
                .unwrap_or(false)
        }
        _ => false,
    };
    if !matches {
        if let Err(e) = count_failure(&state, &email_subject).await {
            return e.into_response();
        }
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
        return refused(WRONG_PASSWORD, None);
    }
    match execute::<Session>(
        &state,
        &(),
        &signed_in.session_key,
        SessionCommand::Reauthenticate,
    )
    .await
    {
        Ok(Ok(_)) => answer(AccountAnswer {
            success: true,
            ..Default::default()
        }),
        Ok(Err(_)) => kernel::session::not_signed_in().into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(recover, reset, verify_password, update_password))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_kept_as_its_sha256() {
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

/// The update-password page's form (spec 2.1): the new password and where to go after.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePasswordRequest {
    /// 8 to 100 characters with a lowercase and an uppercase letter and a number.
    #[schema(max_length = 1000)]
    pub new_password: String,
    /// The page's hidden `refUrl`: where the answer's `redirectUrl` goes (a local path; else
    /// `/account/`).
    #[serde(default)]
    #[schema(max_length = 2048)]
    pub ref_url: Option<String>,
}

#[utoipa::path(post, path = "/account/update-password", tag = "accounts",
    summary = "Set a new password while signed in (the update-password page)",
    description = "Token header; signed in. Where a sign-in that answered `passwordChangeRequired` sends the customer. The session must have signed in or typed its password again (`/account/verifyPassword`) in the last 10 minutes, else `success` false, 'Please sign in again to change your password.' and `reasonCode` 13 (REAUTHENTICATION_REQUIRED). A password that does not meet the rules answers its message (spec 5) and `reasonCode` 6. Success sets the password (clearing a required change), ends every session of the account and signs this browser in again (a new `sf_session`, kept as long as the one it replaces), and answers `redirectUrl`: `refUrl` when it is a local path, else `/account/`. Never stored for an Idempotency-Key.",
    request_body = UpdatePasswordRequest,
    responses(
        (status = 200, description = "Changed, or refused (`success` false)", body = AccountAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn update_password(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<UpdatePasswordRequest>,
) -> Response {
    let session = match kernel::session::signed_in(&state.pool, &identity).await {
        Ok(Some(session)) => session,
        Ok(None) => return refused(SIGN_IN_TO_CHANGE, None),
        Err(e) => return ApiError::from(e).into_response(),
    };
    // Fresh: signed in or re-authenticated lately; and whether the session was 'saved'.
    let fresh: Option<(bool, bool)> = match sqlx::query_as(
        "SELECT greatest(started_at, coalesce(reauthenticated_at, started_at)) \
                > now() - make_interval(mins => $2), \
                expires_at - started_at > interval '1 day' \
         FROM customer_sessions WHERE session_key = $1",
    )
    .bind(&session.session_key)
    .bind(super::deletion::REAUTHENTICATION_MINUTES)
    .fetch_optional(&state.pool)
    .await
    {
        Ok(row) => row,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some((true, saved)) = fresh else {
        return refused(
            PASSWORD_AGAIN_TO_CHANGE,
            Some(super::deletion::REAUTHENTICATION_REQUIRED),
        );
    };
    if let Err(message) = password::check(&request.new_password) {
        return refused(message, Some(INVALID_INPUT_DATA));
    }
    let plain = request.new_password;
    let password_hash = match tokio::task::spawn_blocking(move || password::hash(&plain)).await {
        Ok(hash) => hash,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let command = CustomerCommand::ChangePassword { password_hash };
    match execute::<Customer>(&state, &state.sealer, &session.customer_id, command).await {
        Ok(Ok(_)) => {}
        Ok(Err(CustomerError::Unavailable(e))) => return ApiError::Unavailable(e).into_response(),
        Ok(Err(e)) => return ApiError::internal(e).into_response(),
        Err(e) => return ApiError::internal(e).into_response(),
    }
    if let Err(e) = end_sessions_of(&state, &session.customer_id).await {
        return e.into_response();
    }
    let redirect = request
        .ref_url
        .filter(|url| kernel::validation::is_local_url(url))
        .unwrap_or_else(|| "/account/".to_string());
    let answer = AccountAnswer {
        success: true,
        redirect_url: Some(redirect),
        ..Default::default()
    };
    signed_in(
        &state,
        &identity,
        &headers,
        &session.customer_id,
        saved,
        true,
        answer,
    )
    .await
}
