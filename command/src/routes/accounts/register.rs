//! Creating an account (spec 3 'Create account'): one account per email through its claim.

use super::*;

/// An address that already has an account (the spec shows the server's `errorMessage`).
pub const EMAIL_TAKEN: &str =
    "An account already exists for this email address. Please sign in or reset your password.";

/// The create-account form (spec 3, "Create account").
#[derive(Clone, Deserialize, utoipa::ToSchema)]
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
    /// The rewards steps were skipped: the account is made without joining or connecting
    /// rewards.
    #[serde(default)]
    pub skip_connecting_rewards: bool,
    /// An earlier answer said `createdRewardsDesync`: from the browser signed in to that
    /// account, the rewards link is tried again (no second account is made).
    #[serde(default)]
    pub has_desynced_rewards: bool,
}

/// The answer of `register` (spec 3): `success`, or why not in `errorMessage` (with
/// `reasonCode` 6, INVALID_INPUT_DATA, for a field that did not pass). With the rewards steps
/// (no `skipConnectingRewards`) a phone or email a rewards account holds answers its reason
/// code (2, 3 or 12) with that account's `email`, `phone` and `redactedData` masked (and the
/// second account's in `second…` for 12), and no account is made yet.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterAnswer {
    pub success: bool,
    /// On success: the header data of the browser signed in, as
    /// `GET /globalresource/header/?deptMenu=omit` answers it now; else null.
    #[schema(required, value_type = Option<Object>)]
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
    /// The account was made but joining or connecting rewards failed at the provider: a
    /// register with `hasDesyncedRewards` from this browser tries again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_rewards_desync: Option<bool>,
}

impl RegisterAnswer {
    pub(in crate::routes) fn refused(message: &str, reason_code: Option<i32>) -> Response {
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

#[utoipa::path(post, path = "/account/register", tag = "accounts",
    summary = "Create an account and sign in",
    description = "Token header (`RequestVerificationToken`, from `/account/getantiforgerytoken`). One account per email address (compared without case). A refusal answers 200 with `success` false and `errorMessage` in the spec's words (the five password messages, `reasonCode` 6 for a field that did not pass); success starts a session (cookie `sf_session`, HttpOnly, SameSite=Lax; 30 days with `saveLogin`) and the new account adopts this browser's cart. Never stored for an Idempotency-Key.",
    request_body = RegisterRequest,
    responses(
        (status = 200, description = "Created and signed in, or refused (`success` false)", body = RegisterAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 429, description = crate::routes::doc::TOO_MANY_ATTEMPTS, body = kernel::http::ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub(super) async fn register(
    State(state): State<CommandState>,
    AccountCall { identity, .. }: AccountCall,
    headers: HeaderMap,
    ApiJson(request): ApiJson<RegisterRequest>,
) -> Response {
    let save_login = request.save_login;
    let rewards_steps = !request.skip_connecting_rewards;
    if request.has_desynced_rewards {
        if let Ok(Some(signed_in)) = kernel::session::signed_in(&state.pool, &identity).await {
            let answer =
                crate::routes::rewards::retry_desynced(&state, &signed_in.customer_id).await;
            return unstored(Json(RegisterAnswer::from(answer)).into_response());
        }
    }
    let contact = kernel::values::Email::parse(&request.email_address)
        .ok()
        .zip(kernel::validation::normalize_phone(&request.phone_number));
    if let (true, Some((email, phone))) = (rewards_steps, &contact) {
        // An address with an account answers so first; the rewards steps are for new ones.
        if let Ok(keys) = privacy::keys() {
            match account_of(&state, &keys.subject_for_email(email.as_str())).await {
                Ok(Some(_)) => return RegisterAnswer::refused(EMAIL_TAKEN, None),
                Ok(None) => {}
                Err(e) => return e.into_response(),
            }
        }
        match crate::routes::rewards::registration_match(&state, email.as_str(), phone).await {
            Ok(None) => {}
            Ok(Some(answer)) => {
                return unstored(Json(RegisterAnswer::from(answer)).into_response())
            }
            Err(e) => return crate::routes::rewards::provider_failed(e),
        }
    }
    let customer_id = match create_account(&state, request).await {
        Ok(customer_id) => customer_id,
        Err(refused) => return refused,
    };
    let mut answer = RegisterAnswer {
        success: true,
        ..Default::default()
    };
    if let (true, Some((email, phone))) = (rewards_steps, contact) {
        let joined = crate::routes::rewards::join_new_account(
            &state,
            &customer_id,
            email.as_str().to_string(),
            phone,
        )
        .await;
        answer.created_rewards_desync = (!joined).then_some(true);
    }
    signed_in(
        &state,
        &identity,
        &headers,
        &customer_id,
        save_login,
        false,
        answer,
    )
    .await
}

/// Creates the account of a create-account form: the form's checks, the email's claim, the
/// customer registered. The customer id, or the refusal to answer.
pub(in crate::routes) async fn create_account(
    state: &CommandState,
    request: RegisterRequest,
) -> Result<String, Response> {
    let Ok(email) = kernel::values::Email::parse(&request.email_address) else {
        return Err(RegisterAnswer::refused(
            kernel::validation::EMAIL_MESSAGE,
            Some(INVALID_INPUT_DATA),
        ));
    };
    let Some(phone) = kernel::validation::normalize_phone(&request.phone_number) else {
        return Err(RegisterAnswer::refused(
            kernel::validation::PHONE_MESSAGE,
            Some(INVALID_INPUT_DATA),
        ));
    };
    if let Err(message) = password::check(&request.password) {
        return Err(RegisterAnswer::refused(message, Some(INVALID_INPUT_DATA)));
    }
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return Err(ApiError::Unavailable(e.to_string()).into_response()),
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
    let mut claimed = execute::<EmailClaim>(state, &(), &email_subject, claim(None)).await;
    if let Ok(Err(EmailClaimError::Taken)) = claimed {
        match stale_claim_holder(state, &email_subject).await {
            Ok(Some(holder)) => {
                claimed =
                    execute::<EmailClaim>(state, &(), &email_subject, claim(Some(holder))).await
            }
            Ok(None) => {}
            Err(e) => return Err(e.into_response()),
        }
    }
    match claimed {
        Ok(Ok(_)) => {}
        Ok(Err(EmailClaimError::Taken)) => return Err(RegisterAnswer::refused(EMAIL_TAKEN, None)),
        Err(e) => return Err(ApiError::internal(e).into_response()),
    }
    let plain = request.password;
    let password_hash = match tokio::task::spawn_blocking(move || password::hash(&plain)).await {
        Ok(hash) => hash,
        Err(e) => return Err(ApiError::internal(e).into_response()),
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
        match execute::<Customer>(state, &state.sealer, &customer_id, register).await {
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
        if let Err(e) = execute::<EmailClaim>(state, &(), &email_subject, release).await {
            tracing::error!(error = %e, "an email claim could not be released");
        }
        return Err(refusal);
    }
    Ok(customer_id)
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
