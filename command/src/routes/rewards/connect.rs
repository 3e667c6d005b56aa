//! Connecting an existing rewards account (spec 2.3 connect, verification, enter-code; spec 4):
//! the lookup, the code sent by phone or email, the code confirmed, or the rewards number typed
//! instead. Each ends in the rewards account linked to the signed-in customer, or to the
//! account a pending registration creates (`createAccountRequest`).

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::*;
use crate::eventstore;
use crate::notify::{Channel, Message};
use crate::rewards::{
    is_code, is_rewards_number, Method, ProviderStatus, Verification, VerificationCommand,
    VerificationError, CODE_MINUTES,
};
use crate::routes::accounts::{create_account, signed_in, AccountCall, RegisterRequest};
use kernel::identity::{new_id, Identity};

/// The connect form's lookup (spec 3, findRewardsToLink): exactly one of the three.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FindRewardsRequest {
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub phone_number: Option<String>,
    #[schema(max_length = 254, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub email: Option<String>,
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub rewards_number: Option<String>,
}

/// Send a code (spec 3): what the client knows of the rewards account (values it was shown
/// masked are ignored), and how the code should come.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendCodeRequest {
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub phone_number: Option<String>,
    #[schema(max_length = 254, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub email: Option<String>,
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub rewards_number: Option<String>,
    /// `phone`, `email` or `rewardsNumber` (no code is sent: the rewards number is typed on
    /// enter-code and sent with linkuserwithrewardsnum).
    #[schema(max_length = 20, pattern = "^[^\\u0000]*$")]
    pub verification_method: String,
}

/// A code as the client sends it: a number (spec 3) or its digits as text.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum CodeValue {
    Number(u64),
    Text(String),
}

impl CodeValue {
    /// The six digits (a number loses its leading zeros on the way: they are put back).
    fn digits(&self) -> String {
        match self {
            CodeValue::Number(n) if *n < 1_000_000 => format!("{n:06}"),
            CodeValue::Number(n) => n.to_string(),
            CodeValue::Text(text) => text.trim().to_string(),
        }
    }
}

/// The sign-in a pending third-party registration would finish with (spec 3, 'Oauth account
/// request').
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OauthAccountRequest {
    #[schema(max_length = 20, pattern = "^[^\\u0000]*$")]
    pub login_method: String,
    #[schema(max_length = 16384, pattern = "^[^\\u0000]*$")]
    pub credential_token: String,
    #[serde(default)]
    pub skip_cart_merge: bool,
    /// The phone of the account it makes (the enter-phone step's), when the identity has none.
    #[serde(default)]
    #[schema(max_length = 30, pattern = "^[^\\u0000]*$")]
    pub phone_number: Option<String>,
}

/// Confirm a code (spec 3).
#[derive(Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmCodeRequest {
    pub code: CodeValue,
    #[schema(max_length = 64, pattern = "^[^\\u0000]*$")]
    pub rewards_session_id: String,
    /// A registration waiting for the rewards steps: the account is created once the code
    /// is right, then linked.
    #[serde(default)]
    pub create_account_request: Option<RegisterRequest>,
    #[serde(default)]
    pub create_oauth_account_request: Option<OauthAccountRequest>,
}

/// What the client knows of the rewards account, and the rewards number typed (spec 3).
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RewardsAccountInfo {
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub phone_number: Option<String>,
    #[schema(max_length = 254, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub email: Option<String>,
    #[schema(max_length = 100, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub rewards_number: Option<String>,
    #[schema(max_length = 20, pattern = "^[^\\u0000]*$")]
    #[serde(default)]
    pub verification_method: Option<String>,
}

/// Link by rewards number (spec 3).
#[derive(Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkRewardsRequest {
    pub account_info: RewardsAccountInfo,
    #[serde(default)]
    pub create_account_request: Option<RegisterRequest>,
    #[serde(default)]
    pub create_oauth_account_request: Option<OauthAccountRequest>,
}

/// A field the client typed: present, not blank, not a mask it was shown.
fn typed(value: &Option<String>) -> Option<&str> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty() && !mask::is_masked(v))
}

/// How a member is looked up from what was typed; `Err` is the answer for a field that does
/// not pass its form's check (spec 5).
fn lookup_of(
    phone: Option<&str>,
    email: Option<&str>,
    number: Option<&str>,
) -> Result<Option<Lookup>, Box<RewardsAnswer>> {
    let keys = privacy::keys().map_err(|_| {
        Box::new(RewardsAnswer::refused(
            ReasonCode::UnknownError,
            GENERIC_MESSAGE,
        ))
    })?;
    let invalid = |message: &str| {
        Box::new(RewardsAnswer::refused(
            ReasonCode::InvalidInputData,
            message,
        ))
    };
    if let Some(number) = number {
        if !is_rewards_number(number) {
            return Err(invalid(REWARDS_NUMBER_MESSAGE));
        }
        return Ok(Some(Lookup::Number(number.to_string())));
    }
    if let Some(phone) = phone {
        let Some(phone) = kernel::validation::normalize_phone(phone) else {
            return Err(invalid(kernel::validation::PHONE_MESSAGE));
        };
        return Ok(Some(Lookup::PhoneKey(keys.phone_key(&phone))));
    }
    if let Some(email) = email {
        if email.chars().count() > 254 || !kernel::validation::valid_email(email) {
            return Err(invalid(kernel::validation::EMAIL_MESSAGE));
        }
        return Ok(Some(Lookup::EmailSubject(keys.subject_for_email(email))));
    }
    Ok(None)
}

/// Who is asking: the signed-in customer, if any.
async fn customer_of(
    state: &CommandState,
    identity: &Identity,
) -> Result<Option<String>, Response> {
    match kernel::session::signed_in(&state.pool, identity).await {
        Ok(signed_in) => Ok(signed_in.map(|s| s.customer_id)),
        Err(e) => Err(ApiError::from(e).into_response()),
    }
}

/// The member a verification is about: from what was typed, else the signed-in customer's own
/// phone or email.
async fn member_for(
    state: &CommandState,
    customer: Option<&str>,
    lookup: Option<Lookup>,
) -> Result<Option<MemberRecord>, Response> {
    let found = match (lookup, customer) {
        (Some(lookup), _) => state.rewards.find(&lookup).await,
        (None, Some(customer)) => match contact_of(state, customer).await {
            Ok(Some(contact)) => member_of_contact(state, &contact).await,
            Ok(None) => Ok(None),
            Err(e) => return Err(e.into_response()),
        },
        (None, None) => Ok(None),
    };
    found.map_err(provider_failed)
}

/// The answer when `member` cannot be connected to `customer` (spec 4's lookup branches):
/// none, another customer's, or theirs already.
fn unconnectable(customer: Option<&str>, member: &Option<MemberRecord>) -> Option<RewardsAnswer> {
    let Some(member) = member else {
        return Some(RewardsAnswer::refused(
            ReasonCode::RewardsAccountNotFound,
            NOT_FOUND,
        ));
    };
    match member.customer_id.as_deref() {
        None => None,
        Some(holder) if Some(holder) == customer => Some(RewardsAnswer::refused(
            ReasonCode::CustomerHasRewards,
            ALREADY_A_MEMBER,
        )),
        Some(_) => Some(
            RewardsAnswer::refused(
                ReasonCode::RewardsAccountAlreadyLinked,
                "This rewards account is already associated with another user",
            )
            .masked(member),
        ),
    }
}

/// The member that may be connected to `customer`, or the answer why not (spec 4's lookup
/// branches: none, another customer's, theirs already).
async fn connectable(
    state: &CommandState,
    customer: Option<&str>,
    lookup: Option<Lookup>,
) -> Result<MemberRecord, Response> {
    let member = member_for(state, customer, lookup).await?;
    if let Some(answer) = unconnectable(customer, &member) {
        return Err(answer.response());
    }
    member.ok_or_else(|| {
        RewardsAnswer::refused(ReasonCode::RewardsAccountNotFound, NOT_FOUND).response()
    })
}

/// The 429 once the rewards account took too many wrong codes or numbers lately (counted in
/// `bucket`, without counting one).
async fn within_failures(state: &CommandState, bucket: &str) -> Result<(), Response> {
    let limits = state.rewards_settings.failures_per_member;
    match kernel::limits::check(&state.pool, bucket, limits).await {
        Ok(Verdict::Allowed) => Ok(()),
        Ok(Verdict::Refused { retry_after }) => {
            Err(unstored(kernel::limits::too_many(retry_after)))
        }
        Err(e) => Err(ApiError::from(e).into_response()),
    }
}

/// CUSTOMER_HAS_REWARDS when the signed-in customer holds a rewards account already (one
/// each: a second cannot be connected).
async fn has_no_rewards(state: &CommandState, customer: Option<&str>) -> Result<(), Response> {
    let Some(customer) = customer else {
        return Ok(());
    };
    match state.rewards.of_customer(customer).await {
        Ok(None) => Ok(()),
        Ok(Some(_)) => {
            Err(RewardsAnswer::refused(ReasonCode::CustomerHasRewards, ALREADY_A_MEMBER).response())
        }
        Err(e) => Err(provider_failed(e)),
    }
}

/// A bucket of the limits: a keyed hash of `value`, never the value.
fn bucket(identity: &Identity, kind: &str, value: &str) -> String {
    format!(
        "{kind}:{}",
        identity
            .keyring()
            .derive(&format!("attempts-{kind}"), value)
    )
}

#[utoipa::path(post, path = "/account/findrewardstolink", tag = "rewards",
    summary = "Look up a rewards account to connect",
    description = "Signed-in only (`reasonCode` 0). Exactly one of `phoneNumber`, `email`, `rewardsNumber` (13 digits), else 6 with 'Please only enter one piece of information.'. Answers 4 VERIFICATION_REQUIRED with the account's phone and email masked (`redactedData` both), 1 REWARDS_ACCOUNT_NOT_FOUND, 2 REWARDS_ACCOUNT_ALREADY_LINKED (another customer's), 8 CUSTOMER_HAS_REWARDS, 5 SESSION_M_ERROR.",
    request_body = FindRewardsRequest,
    responses(
        (status = 200, description = "What was found.", body = RewardsAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn find_rewards_to_link(
    State(state): State<CommandState>,
    call: AccountCall,
    kernel::http::ApiJson(request): kernel::http::ApiJson<FindRewardsRequest>,
) -> Response {
    let customer = match customer_of(&state, &call.identity).await {
        Ok(Some(customer)) => customer,
        Ok(None) => {
            return RewardsAnswer::refused(ReasonCode::CustomerNotLoggedIn, SIGN_IN_FIRST)
                .response()
        }
        Err(refused) => return refused,
    };
    let fields = [
        typed(&request.phone_number),
        typed(&request.email),
        typed(&request.rewards_number),
    ];
    match fields.iter().flatten().count() {
        0 => return RewardsAnswer::refused(ReasonCode::InvalidInputData, NO_PIECE).response(),
        1 => {}
        _ => return RewardsAnswer::refused(ReasonCode::InvalidInputData, ONE_PIECE).response(),
    }
    let lookup = match lookup_of(fields[0], fields[1], fields[2]) {
        Ok(lookup) => lookup,
        Err(answer) => return answer.response(),
    };
    if let Err(refused) = limit(
        &state,
        format!("rewards-lookup:{customer}"),
        state.rewards_settings.per_customer,
    )
    .await
    {
        return refused;
    }
    match state.rewards.of_customer(&customer).await {
        Ok(Some(_)) => {
            return RewardsAnswer::refused(ReasonCode::CustomerHasRewards, ALREADY_A_MEMBER)
                .response()
        }
        Ok(None) => {}
        Err(e) => return provider_failed(e),
    }
    let member = match connectable(&state, Some(&customer), lookup).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    RewardsAnswer::refused(
        ReasonCode::VerificationRequired,
        "We found a matching account. How would you like to receive your verification code?",
    )
    .masked(&member)
    .response()
}

#[utoipa::path(post, path = "/account/sendverificationcode", tag = "rewards",
    summary = "Send a verification code for a rewards account",
    description = "The rewards account is found from the fields typed (masked values are ignored) or, without them, the signed-in customer's own phone and email. `verificationMethod` phone or email sends a 6-digit code there (SMS or mail), good for 10 minutes and 5 tries, and answers `rewardsSessionId` with the recipient masked; rewardsNumber sends nothing (type the rewards number and link with it). 1, 2 or 8 as for the lookup; 5 SESSION_M_ERROR. Codes count against limits per rewards account (3 an hour: the resend limit), per browser and per address (429).",
    request_body = SendCodeRequest,
    responses(
        (status = 200, description = "Sent, or why not.", body = RewardsAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn send_verification_code(
    State(state): State<CommandState>,
    call: AccountCall,
    kernel::http::ApiJson(request): kernel::http::ApiJson<SendCodeRequest>,
) -> Response {
    let method = match request.verification_method.trim() {
        "phone" => Some(Method::Phone),
        "email" => Some(Method::Email),
        "rewardsNumber" => None,
        _ => {
            return RewardsAnswer::refused(
                ReasonCode::InvalidInputData,
                "Please choose how to receive your verification code.",
            )
            .response()
        }
    };
    let customer = match customer_of(&state, &call.identity).await {
        Ok(customer) => customer,
        Err(refused) => return refused,
    };
    if let Err(refused) = has_no_rewards(&state, customer.as_deref()).await {
        return refused;
    }
    let lookup = match lookup_of(
        typed(&request.phone_number),
        typed(&request.email),
        typed(&request.rewards_number),
    ) {
        Ok(lookup) => lookup,
        Err(answer) => return answer.response(),
    };
    let member = match connectable(&state, customer.as_deref(), lookup).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    let Some(method) = method else {
        // The rewards number is typed instead: nothing to send.
        return RewardsAnswer::ok().masked(&member).response();
    };
    let (channel, to) = match method {
        Method::Phone => (Channel::Sms, member.phone.clone()),
        Method::Email => (Channel::Email, member.email.clone()),
    };
    let Some(to) = to else {
        return RewardsAnswer::refused(ReasonCode::InvalidInputData, NO_SUCH_CHANNEL).response();
    };
    let identity = &call.identity;
    let limits = [
        (
            bucket(identity, "rewards-codes", &member.rewards_number),
            state.rewards_settings.codes_per_member,
        ),
        (
            bucket(identity, "rewards-codes-browser", &identity.visitor_id),
            state.rewards_settings.codes_per_browser,
        ),
    ];
    for (bucket, within) in limits {
        if let Err(refused) = limit(&state, bucket, within).await {
            return refused;
        }
    }
    let session_id = format!("rs_{}", new_id());
    let code = format!("{:06}", uuid::Uuid::new_v4().as_u128() % 1_000_000);
    let start = VerificationCommand::Start {
        rewards_number: member.rewards_number.clone(),
        method,
        visitor: identity.visitor_id.clone(),
        customer_id: customer.clone(),
        code_hash: code_hash(identity, &session_id, &code),
        now: chrono::Utc::now(),
    };
    match eventstore::run::<Verification>(&state.pool, &())
        .command(&session_id, start)
        .new_aggregates(true)
        .executed()
        .await
    {
        Ok(executed) if executed.outcome.is_ok() => {}
        Ok(_) => {
            return ApiError::internal("a new verification session was refused").into_response()
        }
        Err(e) => return ApiError::internal(e).into_response(),
    }
    let subject = privacy::keys().ok().map(|keys| match &member.email {
        Some(email) => keys.subject_for_email(email),
        None => keys.phone_key(member.phone.as_deref().unwrap_or_default()),
    });
    let message = Message {
        key: format!("rewards-code:{session_id}"),
        channel,
        subject,
        to,
        title: "Your rewards verification code".into(),
        text: format!(
            "Your Storefront rewards verification code is {code}. It expires in {CODE_MINUTES} minutes. If you did not ask for it, you can ignore this message."
        ),
    };
    if let Err(e) = state.notifier.send(message).await {
        tracing::error!(error = %e, "a rewards verification code could not be sent");
        return RewardsAnswer::refused(ReasonCode::UnknownError, GENERIC_MESSAGE).response();
    }
    let mut answer = RewardsAnswer::ok();
    answer.rewards_session_id = Some(session_id);
    match method {
        Method::Phone => {
            answer.phone = member.phone.as_deref().map(mask::phone);
            answer.redacted_data = Some(Redacted::Phone);
        }
        Method::Email => {
            answer.email = member.email.as_deref().map(mask::email);
            answer.redacted_data = Some(Redacted::Email);
        }
    }
    answer.response()
}

/// The keyed hash a session keeps of its code: bound to the session id, so a code is good
/// for its own session only.
fn code_hash(identity: &Identity, session_id: &str, code: &str) -> String {
    identity
        .keyring()
        .derive("rewards-code", &format!("{session_id}:{code}"))
}

#[utoipa::path(post, path = "/account/confirmlinkaccount", tag = "rewards",
    summary = "Confirm a verification code and connect the rewards account",
    description = "Token header. `code` (6 digits, a number or text) for `rewardsSessionId`, from the browser the code was asked from. A wrong code answers 6 with 'That code is not correct. Please try again.'; the fifth locks the session ('Too many incorrect codes. Please request a new code.'); after 10 minutes 'This code has expired. Please request a new code.'. A right code links the rewards account to the signed-in customer, or creates the account of `createAccountRequest` first and signs it in (if the link then fails at the provider, `createdRewardsDesync` true). 2, 8 and 5 as for the lookup.",
    request_body = ConfirmCodeRequest,
    responses(
        (status = 200, description = "Connected, or why not.", body = RewardsAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn confirm_link_account(
    State(state): State<CommandState>,
    call: AccountCall,
    headers: HeaderMap,
    kernel::http::ApiJson(request): kernel::http::ApiJson<ConfirmCodeRequest>,
) -> Response {
    let code = request.code.digits();
    if !is_code(&code) {
        return RewardsAnswer::refused(ReasonCode::InvalidInputData, CODE_MESSAGE).response();
    }
    let session_id = request.rewards_session_id.trim();
    let well_formed = session_id.len() <= 64
        && session_id.starts_with("rs_")
        && session_id[3..].bytes().all(|b| b.is_ascii_alphanumeric());
    let expired = || RewardsAnswer::refused(ReasonCode::InvalidInputData, CODE_EXPIRED).response();
    if !well_formed {
        return expired();
    }
    let identity = &call.identity;
    let customer = match customer_of(&state, identity).await {
        Ok(customer) => customer,
        Err(refused) => return refused,
    };
    let (mut loaded, _) =
        match eventstore::load_many::<Verification>(&state.pool, &[session_id.to_string()]).await {
            Ok(loaded) => loaded,
            Err(e) => return ApiError::internal(e).into_response(),
        };
    let Some((session, _)) = loaded.remove(session_id) else {
        return expired();
    };
    // Bound to the browser that asked, and to its customer if one was signed in.
    let owner = session.customer_id.is_none() || session.customer_id == customer;
    let Some(rewards_number) = session
        .rewards_number
        .clone()
        .filter(|_| session.visitor == identity.visitor_id && owner)
    else {
        return expired();
    };
    let failures = bucket(identity, "rewards-failures", &rewards_number);
    let limits = state.rewards_settings.failures_per_member;
    if let Err(refused) = within_failures(&state, &failures).await {
        return refused;
    }
    let confirm = VerificationCommand::Confirm {
        code_hash: code_hash(identity, session_id, &code),
        now: chrono::Utc::now(),
    };
    let executed = match eventstore::run::<Verification>(&state.pool, &())
        .command(session_id, confirm)
        .executed()
        .await
    {
        Ok(executed) => executed,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    match executed.outcome {
        Ok(_) if executed.aggregate.confirmed => {}
        Ok(_) => {
            if let Err(e) = kernel::limits::attempt(&state.pool, &failures, limits).await {
                return ApiError::from(e).into_response();
            }
            let message = if executed.aggregate.locked {
                CODE_LOCKED
            } else {
                WRONG_CODE
            };
            return RewardsAnswer::refused(ReasonCode::InvalidInputData, message).response();
        }
        Err(VerificationError::Locked) => {
            return RewardsAnswer::refused(ReasonCode::InvalidInputData, CODE_LOCKED).response()
        }
        Err(_) => return expired(),
    }
    connect(
        &state,
        identity,
        &headers,
        customer,
        &rewards_number,
        request.create_account_request,
        request.create_oauth_account_request,
    )
    .await
}

#[utoipa::path(post, path = "/account/linkuserwithrewardsnum", tag = "rewards",
    summary = "Connect a rewards account by typing its rewards number",
    description = "Token header. The rewards account is found from `accountInfo`'s phone or email (masked values ignored) or the signed-in customer's own; `accountInfo.rewardsNumber` (13 digits) must be its number, else 9 NO_MATCH ('That rewards number does not match our records.'; wrong numbers count against a limit per rewards account: 429). Then as confirmlinkaccount: linked to the signed-in customer, or to the account `createAccountRequest` creates.",
    request_body = LinkRewardsRequest,
    responses(
        (status = 200, description = "Connected, or why not.", body = RewardsAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn link_user_with_rewards_number(
    State(state): State<CommandState>,
    call: AccountCall,
    headers: HeaderMap,
    kernel::http::ApiJson(request): kernel::http::ApiJson<LinkRewardsRequest>,
) -> Response {
    let info = &request.account_info;
    let Some(number) = typed(&info.rewards_number).filter(|n| is_rewards_number(n)) else {
        return RewardsAnswer::refused(ReasonCode::InvalidInputData, REWARDS_NUMBER_MESSAGE)
            .response();
    };
    let identity = &call.identity;
    let customer = match customer_of(&state, identity).await {
        Ok(customer) => customer,
        Err(refused) => return refused,
    };
    let lookup = match lookup_of(typed(&info.phone_number), typed(&info.email), None) {
        Ok(lookup) => lookup,
        Err(answer) => return answer.response(),
    };
    let member = match connectable(&state, customer.as_deref(), lookup).await {
        Ok(member) => member,
        Err(refused) => return refused,
    };
    let failures = bucket(identity, "rewards-failures", &member.rewards_number);
    let limits = state.rewards_settings.failures_per_member;
    if let Err(refused) = within_failures(&state, &failures).await {
        return refused;
    }
    if !crate::rewards::verification::same(number, &member.rewards_number) {
        if let Err(e) = kernel::limits::attempt(&state.pool, &failures, limits).await {
            return ApiError::from(e).into_response();
        }
        return RewardsAnswer::refused(ReasonCode::NoMatch, NUMBER_NO_MATCH).response();
    }
    connect(
        &state,
        identity,
        &headers,
        customer,
        &member.rewards_number,
        request.create_account_request,
        request.create_oauth_account_request,
    )
    .await
}

/// Links the verified rewards account to the signed-in customer, or to the account a pending
/// registration creates (then signed in).
async fn connect(
    state: &CommandState,
    identity: &Identity,
    headers: &HeaderMap,
    customer: Option<String>,
    rewards_number: &str,
    create: Option<RegisterRequest>,
    create_oauth: Option<OauthAccountRequest>,
) -> Response {
    let connected = || RewardsAnswer {
        error_message: None,
        ..RewardsAnswer::ok()
    };
    if let Err(refused) = has_no_rewards(state, customer.as_deref()).await {
        return refused;
    }
    // A new account is signed in with its form's 'save login' and cart choice.
    let (customer, created) = match (customer, create, create_oauth) {
        (Some(customer), _, _) => (customer, None),
        (None, Some(form), _) => {
            let save_login = form.save_login;
            match create_account(state, form).await {
                Ok(customer) => (customer, Some((save_login, false))),
                Err(refused) => return refused,
            }
        }
        (None, None, Some(oauth)) => {
            let made = crate::routes::accounts::providers::pending_account(
                state,
                identity,
                &oauth.login_method,
                &oauth.credential_token,
                oauth.phone_number.as_deref(),
            )
            .await;
            match made {
                Ok(customer) => (customer, Some((false, oauth.skip_cart_merge))),
                Err(refused) => return refused,
            }
        }
        (None, None, None) => {
            return RewardsAnswer::refused(ReasonCode::CustomerNotLoggedIn, SIGN_IN_FIRST)
                .response()
        }
    };
    if created.is_some() {
        // An account a third-party identity already held may have rewards of its own.
        if let Err(refused) = has_no_rewards(state, Some(&customer)).await {
            return refused;
        }
    }
    let linked = state
        .rewards
        .link(rewards_number, &customer, chrono::Utc::now())
        .await;
    let answer = match linked {
        Ok(ProviderStatus::NoError) => connected(),
        Ok(status) if created.is_none() => {
            let code = status.reason().unwrap_or(ReasonCode::UnknownError);
            return RewardsAnswer::refused(code, GENERIC_MESSAGE).response();
        }
        Err(e) if created.is_none() => return provider_failed(e),
        // The account exists now: it is signed in, and the link is tried again later.
        Ok(status) => {
            tracing::error!(?status, "a new account's rewards link was refused");
            if let Err(e) =
                super::registration::pending(state, &customer, Some(rewards_number)).await
            {
                tracing::error!(error = %e, "a pending rewards link could not be kept");
            }
            RewardsAnswer {
                created_rewards_desync: Some(true),
                ..RewardsAnswer::ok()
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "a new account's rewards link failed at the provider");
            if let Err(e) =
                super::registration::pending(state, &customer, Some(rewards_number)).await
            {
                tracing::error!(error = %e, "a pending rewards link could not be kept");
            }
            RewardsAnswer {
                created_rewards_desync: Some(true),
                ..RewardsAnswer::ok()
            }
        }
    };
    match created {
        Some((save_login, skip_cart_merge)) => {
            signed_in(
                state,
                identity,
                headers,
                &customer,
                save_login,
                skip_cart_merge,
                answer,
            )
            .await
        }
        None => answer.response(),
    }
}
