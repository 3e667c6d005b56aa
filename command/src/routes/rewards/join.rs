//! Opening the rewards menu (getrewardsdata) and joining by phone (newrewardsaccount).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};

use super::*;
use crate::rewards::member::JoinedAt;
use crate::rewards::provider::{Enrolled, Enrolment};
use crate::routes::accounts::{limit_address, AccountCall};
use kernel::client::ClientAddress;
use kernel::identity::Identity;

/// What the rewards menu learns on opening (spec 3 'Rewards data'; spec 4's opening branches).
#[derive(Debug, Clone, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsData {
    pub success: bool,
    /// The customer's email belongs to a rewards account another customer holds: the join step
    /// tells them to call customer service.
    pub email_already_linked: bool,
    /// A rewards account no customer holds matches the customer's phone or email (joined in
    /// store): verification-account, with `phone` and `email` masked.
    pub session_m_found: bool,
    /// With `sessionMFound`, the member's phone (masked); otherwise none.
    pub phone: Option<String>,
    /// With `sessionMFound`, the member's email (masked unless it is the customer's own);
    /// otherwise the customer's own email, which the connect form is prefilled from.
    pub email: Option<String>,
    /// Which of `phone` and `email` are masked, with `sessionMFound`.
    pub redacted_data: Option<Redacted>,
    pub customer_has_rewards: bool,
    /// Why not, when `success` is false (0 CUSTOMER_NOT_LOGGED_IN: the customer is not found).
    #[schema(value_type = Option<i32>)]
    pub reason_code: Option<ReasonCode>,
    pub error_message: Option<String>,
}

#[utoipa::path(post, path = "/account/getrewardsdata", tag = "rewards",
    summary = "What the rewards menu shows on opening",
    description = "No body. For the signed-in customer, one of: `customerHasRewards` (a rewards account is linked to them); `emailAlreadyLinked` (their email belongs to another customer's rewards account); `sessionMFound` (a rewards account no customer holds matches their phone or email: verify it, `phone`/`email` masked); or none of them, with `email` the customer's own to prefill the connect form. Signed out (or an account that no longer exists): `success` false, `reasonCode` 0.",
    responses(
        (status = 200, description = "The opening branch.", body = RewardsData),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn rewards_data(
    State(state): State<CommandState>,
    identity: Identity,
    address: ClientAddress,
) -> Response {
    if let Err(refused) = limit_address(&state, &identity, address).await {
        return refused;
    }
    let not_found = || {
        let answer = RewardsData {
            reason_code: Some(ReasonCode::CustomerNotLoggedIn),
            error_message: Some(SIGN_IN_FIRST.into()),
            ..Default::default()
        };
        unstored(Json(answer).into_response())
    };
    let customer = match kernel::session::signed_in(&state.pool, &identity).await {
        Ok(Some(signed_in)) => signed_in.customer_id,
        Ok(None) => return not_found(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let contact = match contact_of(&state, &customer).await {
        Ok(Some(contact)) => contact,
        Ok(None) => return not_found(),
        Err(e) => return e.into_response(),
    };
    let answer = match opening(&state, &customer, &contact).await {
        Ok(answer) => answer,
        Err(e) => return provider_failed(e),
    };
    unstored(Json(answer).into_response())
}

/// Spec 4's opening branches, in their order.
async fn opening(
    state: &CommandState,
    customer: &str,
    contact: &Contact,
) -> Result<RewardsData, ProviderError> {
    let mut answer = RewardsData {
        success: true,
        ..Default::default()
    };
    if state.rewards.of_customer(customer).await?.is_some() {
        answer.customer_has_rewards = true;
        return Ok(answer);
    }
    let by_email = state
        .rewards
        .find(&Lookup::EmailSubject(contact.email_subject.clone()))
        .await?;
    if by_email
        .as_ref()
        .is_some_and(|m| m.customer_id.as_deref().is_some_and(|c| c != customer))
    {
        answer.email_already_linked = true;
        return Ok(answer);
    }
    let unlinked = match by_email.filter(|m| m.customer_id.is_none()) {
        Some(member) => Some(member),
        None => state
            .rewards
            .find(&Lookup::PhoneKey(contact.phone_key.clone()))
            .await?
            .filter(|m| m.customer_id.is_none()),
    };
    match unlinked {
        Some(member) => {
            answer.session_m_found = true;
            answer.phone = member.phone.as_deref().map(mask::phone);
            let own = member.email.is_some() && member.email == contact.email;
            answer.email = match (&member.email, own) {
                (Some(email), true) => Some(email.clone()),
                (Some(email), false) => Some(mask::email(email)),
                (None, _) => None,
            };
            answer.redacted_data = Some(if own || member.email.is_none() {
                Redacted::Phone
            } else {
                Redacted::Both
            });
        }
        None => answer.email = contact.email.clone(),
    }
    Ok(answer)
}

/// Join by phone (spec 5: phone required and valid).
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinRequest {
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    pub phone_number: String,
}

#[utoipa::path(post, path = "/account/newrewardsaccount", tag = "rewards",
    summary = "Join rewards by phone",
    description = "Signed-in only (otherwise `reasonCode` 0). Opens a rewards account with this phone (the in-store pin) and the customer's email, linked to the customer. The phone of a rewards account joined in store answers 3 REWARDS_ACCOUNT_ALREADY_EXISTS (verify it: the email masked); of another customer's, 2 REWARDS_ACCOUNT_ALREADY_LINKED (account-in-use, the email masked); a customer who has rewards, 8. One rewards account per phone, also when joins race. 5 SESSION_M_ERROR when the provider fails. Joins count against limits per customer and per address (429).",
    request_body = JoinRequest,
    responses(
        (status = 200, description = "Joined, or why not.", body = RewardsAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn new_rewards_account(
    State(state): State<CommandState>,
    call: AccountCall,
    kernel::http::ApiJson(request): kernel::http::ApiJson<JoinRequest>,
) -> Response {
    let customer = match kernel::session::signed_in(&state.pool, &call.identity).await {
        Ok(Some(signed_in)) => signed_in.customer_id,
        Ok(None) => {
            return RewardsAnswer::refused(ReasonCode::CustomerNotLoggedIn, SIGN_IN_FIRST)
                .response()
        }
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some(phone) = kernel::validation::normalize_phone(&request.phone_number) else {
        return RewardsAnswer::refused(
            ReasonCode::InvalidInputData,
            kernel::validation::PHONE_MESSAGE,
        )
        .response();
    };
    if let Err(refused) = limit(
        &state,
        format!("rewards-join:{customer}"),
        state.rewards_settings.per_customer,
    )
    .await
    {
        return refused;
    }
    let contact = match contact_of(&state, &customer).await {
        Ok(Some(contact)) => contact,
        Ok(None) => {
            return RewardsAnswer::refused(ReasonCode::CustomerNotLoggedIn, SIGN_IN_FIRST)
                .response()
        }
        Err(e) => return e.into_response(),
    };
    match join(&state, &customer, contact.email, phone).await {
        Ok(answer) => answer.response(),
        Err(e) => provider_failed(e),
    }
}

/// Opens a rewards account with `phone` for `customer`, or says why not (spec 4, 'Join by
/// phone').
pub(in crate::routes) async fn join(
    state: &CommandState,
    customer: &str,
    email: Option<String>,
    phone: String,
) -> Result<RewardsAnswer, ProviderError> {
    if state.rewards.of_customer(customer).await?.is_some() {
        return Ok(RewardsAnswer::refused(
            ReasonCode::CustomerHasRewards,
            ALREADY_A_MEMBER,
        ));
    }
    let enrolment = Enrolment {
        phone: phone.clone(),
        email,
        customer_id: Some(customer.to_string()),
        joined_at: JoinedAt::Online,
        now: chrono::Utc::now(),
    };
    Ok(match state.rewards.enrol(enrolment).await? {
        Enrolled::Created(_) => RewardsAnswer::ok(),
        Enrolled::PhoneTaken(member) => taken_phone(customer, &phone, &member),
    })
}

/// The answer for a phone a rewards account already holds.
pub(in crate::routes) fn taken_phone(
    customer: &str,
    phone: &str,
    member: &MemberRecord,
) -> RewardsAnswer {
    let masked_email = member.email.as_deref().map(mask::email);
    match member.customer_id.as_deref() {
        Some(holder) if holder == customer => {
            RewardsAnswer::refused(ReasonCode::CustomerHasRewards, ALREADY_A_MEMBER)
        }
        Some(_) => {
            let message = phone_linked_elsewhere(masked_email.as_deref().unwrap_or("***"));
            RewardsAnswer {
                email: masked_email,
                phone: Some(phone.to_string()),
                redacted_data: Some(Redacted::Email),
                ..RewardsAnswer::refused(ReasonCode::RewardsAccountAlreadyLinked, message)
            }
        }
        None => RewardsAnswer {
            email: masked_email,
            phone: Some(phone.to_string()),
            redacted_data: Some(Redacted::Email),
            ..RewardsAnswer::refused(
                ReasonCode::RewardsAccountAlreadyExists,
                "Looks like you previously joined rewards in store! To connect your account, choose a verification method.",
            )
        },
    }
}
