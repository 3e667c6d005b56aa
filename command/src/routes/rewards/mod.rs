//! The rewards programme over HTTP (spec 3 'Rewards data', 'Verification data', 'Rewards
//! requests'; spec 4 'Rewards side menu'; spec 7; spec 8's reason codes). Every call answers
//! 200 with `success`, `errorMessage` and `reasonCode` for business outcomes, as the account
//! calls do; 429 for the limits on joining and on sending codes; 403 without the anti-forgery
//! token. No answer is stored for an Idempotency-Key: each is about the browser that asked.
//!
//! `join` (getrewardsdata, newrewardsaccount), `connect` (findrewardstolink,
//! sendverificationcode, confirmlinkaccount, linkuserwithrewardsnum).

use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use crate::accounts::CustomerEvent;
use crate::privacy;
use crate::rewards::provider::{Lookup, MemberRecord, ProviderError};
use crate::rewards::{mask, ReasonCode};
use crate::routes::accounts::unstored;
use crate::routes::CommandState;
use kernel::http::{ApiError, GENERIC_MESSAGE};
use kernel::limits::Verdict;

mod connect;
mod join;
mod registration;

pub(in crate::routes) use registration::{join_new_account, registration_match, retry_desynced};

pub use connect::{
    ConfirmCodeRequest, FindRewardsRequest, LinkRewardsRequest, RewardsAccountInfo, SendCodeRequest,
};

/// The customer service line the messages name (spec 9).
pub const CUSTOMER_SERVICE: &str = "1-800-210-2370";
/// CUSTOMER_NOT_LOGGED_IN's words.
pub const SIGN_IN_FIRST: &str = "Please sign in to join rewards.";
/// CUSTOMER_HAS_REWARDS's words (spec 2.3's success text).
pub const ALREADY_A_MEMBER: &str = "You are already a rewards member.";
/// REWARDS_ACCOUNT_NOT_FOUND's words.
pub const NOT_FOUND: &str = "We couldn't find a rewards account with that information.";
/// Connect with two or more fields filled (spec 5).
pub const ONE_PIECE: &str = "Please only enter one piece of information.";
/// Connect with none filled.
pub const NO_PIECE: &str = "Please enter a phone number, email or rewards number.";
/// A rewards number that is not 13 digits.
pub const REWARDS_NUMBER_MESSAGE: &str = "Please enter a valid 13-digit rewards number.";
/// A code that is not 6 digits.
pub const CODE_MESSAGE: &str = "Please enter the 6-digit code.";
/// A wrong code.
pub const WRONG_CODE: &str = "That code is not correct. Please try again.";
/// The session's last wrong code, or a code for a locked session.
pub const CODE_LOCKED: &str = "Too many incorrect codes. Please request a new code.";
/// A code past its time, or a session this browser did not start.
pub const CODE_EXPIRED: &str = "This code has expired. Please request a new code.";
/// A rewards number that is not the member's (NO_MATCH).
pub const NUMBER_NO_MATCH: &str = "That rewards number does not match our records.";
/// The chosen way has no address on file.
pub const NO_SUCH_CHANNEL: &str =
    "This rewards account has no email address on file. Please choose another way to verify.";

/// REWARDS_ACCOUNT_ALREADY_LINKED when joining or creating an account with a phone another
/// user's rewards account holds (spec 8; the text the spec leaves unfinished, completed with
/// the customer service line: docs/decisions.md).
pub fn phone_linked_elsewhere(masked_email: &str) -> String {
    format!(
        "This phone number is already associated with another user, {masked_email}. Please enter a different number or call Customer Service at {CUSTOMER_SERVICE}."
    )
}

/// The third-party email case of REWARDS_ACCOUNT_ALREADY_LINKED (spec 8), completed.
pub fn email_linked_elsewhere() -> String {
    format!(
        "This email is already associated with another users rewards account. Call Customer Service at {CUSTOMER_SERVICE}."
    )
}

/// Which contact details an answer shows masked (spec 3: email, phone or both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Redacted {
    Email,
    Phone,
    Both,
}

/// A rewards call's answer (spec 3, 'Rewards requests': success, errorMessage, reasonCode,
/// rewardsSessionId, createdRewardsDesync, headerJson, phone, email; the lookup's
/// redactedData; the create answer's second… for select-account).
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsAnswer {
    pub success: bool,
    pub error_message: Option<String>,
    /// The spec's numeric reason code (0 CUSTOMER_NOT_LOGGED_IN … 12
    /// PHONE_AND_EMAIL_SEPARATE_MATCH), when the call did not go through as asked.
    #[schema(value_type = Option<i32>)]
    pub reason_code: Option<ReasonCode>,
    /// The verification session a code was sent for (sendverificationcode).
    pub rewards_session_id: Option<String>,
    /// The account was made but the rewards link failed at the provider: a later register or
    /// link with `hasDesyncedRewards` tries the link again.
    pub created_rewards_desync: Option<bool>,
    /// On an answer that signed this browser in: its header data, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now; else null.
    #[schema(value_type = Option<Object>)]
    pub header_json: Option<serde_json::Value>,
    /// The member's phone and email as the screen may show them (masked as `redactedData`
    /// says).
    pub phone: Option<String>,
    pub email: Option<String>,
    pub redacted_data: Option<Redacted>,
    pub second_email: Option<String>,
    pub second_phone: Option<String>,
    pub second_redacted_data: Option<Redacted>,
}

impl RewardsAnswer {
    pub fn ok() -> Self {
        Self {
            success: true,
            ..Default::default()
        }
    }

    pub fn refused(code: ReasonCode, message: impl Into<String>) -> Self {
        Self {
            success: false,
            reason_code: Some(code),
            error_message: Some(message.into()),
            ..Default::default()
        }
    }

    /// The member's contact details, masked.
    pub fn masked(mut self, member: &MemberRecord) -> Self {
        self.phone = member.phone.as_deref().map(mask::phone);
        self.email = member.email.as_deref().map(mask::email);
        self.redacted_data = Some(Redacted::Both);
        self
    }

    pub fn response(self) -> Response {
        unstored(Json(self).into_response())
    }
}

/// A provider failure: reported (without anyone's details) and answered SESSION_M_ERROR with
/// the generic message.
pub(in crate::routes) fn provider_failed(e: ProviderError) -> Response {
    tracing::error!(error = %e, "the rewards provider failed");
    RewardsAnswer::refused(ReasonCode::SessionMError, GENERIC_MESSAGE).response()
}

/// A signed-in customer's own contact details, opened from their registration.
pub(super) struct Contact {
    pub email: Option<String>,
    pub email_subject: String,
    pub phone: Option<String>,
    pub phone_key: String,
}

/// The contact details the customer registered with (none when erased).
pub(super) async fn contact_of(
    state: &CommandState,
    customer_id: &str,
) -> Result<Option<Contact>, ApiError> {
    let mut conn = state.pool.acquire().await?;
    let row: Option<(i64, String, serde_json::Value)> = sqlx::query_as(
        "SELECT sequence, event_version, payload FROM events WHERE aggregate_type = 'Customer' \
         AND aggregate_id = $1 AND event_type = 'CustomerRegistered' ORDER BY sequence LIMIT 1",
    )
    .bind(customer_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((sequence, version, payload)) = row else {
        return Ok(None);
    };
    let event: CustomerEvent = crate::eventstore::decode(
        "Customer",
        customer_id,
        sequence,
        "CustomerRegistered",
        &version,
        payload,
    )
    .map_err(ApiError::internal)?;
    let CustomerEvent::CustomerRegistered {
        email_subject,
        email,
        phone,
        phone_key,
        ..
    } = event
    else {
        return Ok(None);
    };
    let email = privacy::vault::open(&mut conn, &email)
        .await
        .map_err(ApiError::internal)?
        .text();
    let phone = privacy::vault::open(&mut conn, &phone)
        .await
        .map_err(ApiError::internal)?
        .text();
    Ok(Some(Contact {
        email,
        email_subject,
        phone,
        phone_key,
    }))
}

/// The member of this customer's own phone or email that no customer holds yet (spec 4: 'a
/// rewards session was found'), or any member of them.
pub(super) async fn member_of_contact(
    state: &CommandState,
    contact: &Contact,
) -> Result<Option<MemberRecord>, ProviderError> {
    if let Some(member) = state
        .rewards
        .find(&Lookup::PhoneKey(contact.phone_key.clone()))
        .await?
    {
        return Ok(Some(member));
    }
    state
        .rewards
        .find(&Lookup::EmailSubject(contact.email_subject.clone()))
        .await
}

pub(super) use crate::routes::limit;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/account/getrewardsdata", post(join::rewards_data))
        .route(
            "/account/newrewardsaccount",
            post(join::new_rewards_account),
        )
        .route(
            "/account/findrewardstolink",
            post(connect::find_rewards_to_link),
        )
        .route(
            "/account/sendverificationcode",
            post(connect::send_verification_code),
        )
        .route(
            "/account/confirmlinkaccount",
            post(connect::confirm_link_account),
        )
        .route(
            "/account/linkuserwithrewardsnum",
            post(connect::link_user_with_rewards_number),
        )
        .with_state(state)
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        join::rewards_data,
        join::new_rewards_account,
        connect::find_rewards_to_link,
        connect::send_verification_code,
        connect::confirm_link_account,
        connect::link_user_with_rewards_number,
    ),
    components(schemas(RewardsAnswer, join::RewardsData, join::JoinRequest, Redacted))
)]
pub struct Api;
