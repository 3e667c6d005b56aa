//! Staff accounts: a person invited to the staff (`storefront staff invite`) accepts the mailed
//! link here. The invitation knows the address only as its keyed hash, so the form carries the
//! address too, and it must be the invited one. An address without an account gets one (the
//! steps of `/account/register`: the email's claim, then `Customer.CustomerRegistered`); an
//! address with one must be signed in as it. Then the invitation is used up
//! (`StaffInvitationAccepted`), the customer holds its roles (`StaffRolesGranted`) and this
//! browser is signed in with a new session. Like every account call, business outcomes answer
//! 200 with `success`, and nothing is stored for an Idempotency-Key.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::recovery::token_hash;
use super::{execute, signed_in, unstored, AccountCall, INVALID_INPUT_DATA};
use crate::accounts::{
    password, Customer, CustomerCommand, CustomerError, EmailClaim, EmailClaimCommand,
    EmailClaimError, StaffInvitation, StaffInvitationCommand, StaffInvitationError,
};
use crate::eventstore;
use crate::privacy;
use crate::routes::CommandState;
use kernel::http::ApiError;
use kernel::http::ApiJson;
use kernel::identity::new_id;

/// An invitation that was used, expired, never made, or a wrong token.
pub const INVITATION_INVALID: &str =
    "This invitation has expired or was already used. Please ask for a new one.";
/// The address typed is not the invited one.
pub const INVITATION_OTHER_EMAIL: &str =
    "This invitation was sent to another email address. Please enter the address it was sent to.";
/// The invited address has an account, and this browser is not signed in as it.
pub const SIGN_IN_FIRST: &str =
    "An account already exists for this email address. Please sign in to it, then open the invitation again.";
/// The page an invitation link opens.
pub const ACCEPT_PAGE: &str = "/staff/accept-invite/";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff-invitation/accept", post(accept))
        .with_state(state)
}

/// The accept-invitation form: the link's `id` and `token`, the invited address, and the new
/// account's fields (ignored when the address has an account already).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitationRequest {
    /// The link's `id` (`si_…`).
    #[schema(max_length = 100)]
    pub id: String,
    /// The link's single-use `token`.
    #[schema(max_length = 200)]
    pub token: String,
    /// The address the invitation was sent to.
    #[schema(max_length = 254)]
    pub email_address: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub first_name: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub last_name: String,
    /// 8 to 100 characters with a lowercase and an uppercase letter and a number.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub password: String,
    /// A US number, as typed ("(555) 234-5678").
    #[serde(default)]
    #[schema(max_length = 30)]
    pub phone_number: String,
}

/// `success`, or why not.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitationAnswer {
    pub success: bool,
    /// On an answer that signed this browser in: its header data, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub header_json: Option<serde_json::Value>,
    /// Why not, in words to show.
    #[schema(required)]
    pub error_message: Option<String>,
    /// 6 (INVALID_INPUT_DATA) for a field of the new account that did not pass.
    #[schema(required)]
    pub reason_code: Option<i32>,
    /// The staff roles held now (on success).
    pub roles: Vec<String>,
}

fn refused(message: &str, reason_code: Option<i32>) -> Response {
    unstored(
        Json(AcceptInvitationAnswer {
            error_message: Some(message.to_string()),
            reason_code,
            ..Default::default()
        })
        .into_response(),
    )
}

fn refusal_of(e: StaffInvitationError) -> Response {
    match e {
        StaffInvitationError::OtherEmail => refused(INVITATION_OTHER_EMAIL, None),
        _ => refused(INVITATION_INVALID, None),
    }
}

#[utoipa::path(post, path = "/api/staff-invitation/accept", tag = "accounts",
    summary = "Accept a staff invitation: make or use the account, hold its roles, sign in",
    description = "Token header. `id` and `token` come from the link `storefront staff invite` mailed (`/staff/accept-invite/?id=…&token=…`, 7 days, once). `emailAddress` must be the invited address ('This invitation was sent to another email address. …'). An address without an account gets one from `firstName`, `lastName`, `password` and `phoneNumber` (the rules and messages of `/account/register`, `reasonCode` 6); an address with one must be signed in as it in this browser ('An account already exists for this email address. Please sign in to it, then open the invitation again.'). A link that was used, expired, never made, or a wrong token answers 'This invitation has expired or was already used. Please ask for a new one.' Every refusal changes nothing. Success uses the invitation up, grants its staff roles to the account (`roles`: the roles held now) and signs this browser in with a new session (`sf_session`): the staff pages and `/api/staff/…` then answer for those roles. Never stored for an Idempotency-Key.",
    request_body = AcceptInvitationRequest,
    responses(
        (status = 200, description = "Accepted and signed in, or refused (`success` false)", body = AcceptInvitationAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
async fn accept(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<AcceptInvitationRequest>,
) -> Response {
    let well_formed = |text: &str, max: usize| {
        !text.is_empty()
            && text.len() <= max
            && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    };
    if !well_formed(&request.id, 100) || !well_formed(&request.token, 200) {
        return refused(INVITATION_INVALID, None);
    }
    let Ok(email) = kernel::values::Email::parse(&request.email_address) else {
        return refused(INVITATION_OTHER_EMAIL, None);
    };
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
    };
    let email_subject = keys.subject_for_email(email.as_str());
    let hash = token_hash(&request.token);
    let now = chrono::Utc::now();
    let (mut loaded, _) = match eventstore::load_many::<StaffInvitation>(
        &state.pool,
        std::slice::from_ref(&request.id),
    )
    .await
    {
        Ok(loaded) => loaded,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    let invitation = loaded
        .remove(&request.id)
        .map(|(invitation, _)| invitation)
        .unwrap_or_default();
    if let Err(e) = invitation.check(&hash, &email_subject, now) {
        return refusal_of(e);
    }
    // The account: this browser's, when the address has one; else a new one.
    let existing: Option<String> =
        match sqlx::query_scalar("SELECT customer_id FROM customers WHERE email_subject = $1")
            .bind(&email_subject)
            .fetch_optional(&state.pool)
            .await
        {
            Ok(existing) => existing,
            Err(e) => return ApiError::from(e).into_response(),
        };
    let customer_id = match existing {
        Some(customer_id) => {
            match kernel::session::signed_in(&state.pool, &identity).await {
                Ok(Some(s)) if s.customer_id == customer_id => {}
                Ok(_) => return refused(SIGN_IN_FIRST, None),
                Err(e) => return ApiError::from(e).into_response(),
            }
            customer_id
        }
        None => match make_account(&state, &request, &email_subject, email.as_str()).await {
            Ok(customer_id) => customer_id,
            Err(refusal) => return refusal,
        },
    };
    let accept = StaffInvitationCommand::Accept {
        token_hash: hash,
        email_subject,
        customer_id: customer_id.clone(),
        now,
    };
    match execute::<StaffInvitation>(&state, &(), &request.id, accept).await {
        Ok(Ok(_)) => {}
        // Used by a concurrent call in between.
        Ok(Err(e)) => return refusal_of(e),
        Err(e) => return ApiError::internal(e).into_response(),
    }
    let grant = CustomerCommand::GrantStaffRoles {
        roles: invitation.roles,
    };
    let roles = match execute::<Customer>(&state, &state.sealer, &customer_id, grant).await {
        Ok(Ok(customer)) => customer.staff_roles,
        Ok(Err(e)) => return ApiError::internal(e).into_response(),
        Err(e) => return ApiError::internal(e).into_response(),
    };
    tracing::info!(invitation = %request.id, customer = %customer_id, "a staff invitation was accepted");
    let answer = AcceptInvitationAnswer {
        success: true,
        roles,
        ..Default::default()
    };
    // A new session at the change of privilege, whether or not this browser was signed in.
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        false,
        false,
        answer,
    )
    .await
}

/// Makes the account of the invited address as `/account/register` does: the address's claim
/// first (of two registrations, one holds it), then `Register`; a refused registration frees
/// the claim again. `Err` is the answer.
async fn make_account(
    state: &CommandState,
    request: &AcceptInvitationRequest,
    email_subject: &str,
    email: &str,
) -> Result<String, Response> {
    let Some(phone) = kernel::validation::normalize_phone(&request.phone_number) else {
        return Err(refused(
            kernel::validation::PHONE_MESSAGE,
            Some(INVALID_INPUT_DATA),
        ));
    };
    if let Err(message) = password::check(&request.password) {
        return Err(refused(message, Some(INVALID_INPUT_DATA)));
    }
    for (name, missing) in [
        (&request.first_name, "Please enter your first name."),
        (&request.last_name, "Please enter your last name."),
    ] {
        if name.trim().is_empty() {
            return Err(refused(missing, Some(INVALID_INPUT_DATA)));
        }
    }
    let keys = privacy::keys().map_err(|e| ApiError::Unavailable(e.to_string()).into_response())?;
    let customer_id = format!("cu_{}", new_id());
    let claim = EmailClaimCommand::ClaimAt {
        customer_id: customer_id.clone(),
        now: chrono::Utc::now(),
        unregistered_holder: None,
    };
    match execute::<EmailClaim>(state, &(), email_subject, claim).await {
        Ok(Ok(_)) => {}
        // Held by a registration under way (or one that died): not ours to take over here.
        Ok(Err(EmailClaimError::Taken)) => return Err(refused(SIGN_IN_FIRST, None)),
        Err(e) => return Err(ApiError::internal(e).into_response()),
    }
    let plain = request.password.clone();
    let password_hash = tokio::task::spawn_blocking(move || password::hash(&plain))
        .await
        .map_err(|e| ApiError::internal(e).into_response())?;
    let register = CustomerCommand::Register {
        email_subject: email_subject.to_string(),
        email: email.to_string(),
        first_name: request.first_name.clone(),
        last_name: request.last_name.clone(),
        phone_key: keys.phone_key(&phone),
        phone,
        password_hash,
    };
    let refusal = match execute::<Customer>(state, &state.sealer, &customer_id, register).await {
        Ok(Ok(_)) => return Ok(customer_id),
        Ok(Err(CustomerError::Invalid(message))) => refused(message, Some(INVALID_INPUT_DATA)),
        Ok(Err(CustomerError::Unavailable(e))) => ApiError::Unavailable(e).into_response(),
        Ok(Err(e)) => ApiError::internal(e).into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    };
    let release = EmailClaimCommand::Release { customer_id };
    if let Err(e) = execute::<EmailClaim>(state, &(), email_subject, release).await {
        tracing::error!(error = %e, "an email claim could not be released");
    }
    Err(refusal)
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(accept))]
pub(crate) struct Api;
