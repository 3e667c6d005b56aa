//! The rewards steps of creating an account (spec 4, 'Create and third-party reason codes'):
//! a phone or email a rewards account holds stops the registration with its reason code (no
//! account is made yet: the visitor verifies, selects an account or skips); otherwise the new
//! account joins rewards by its phone. A join or link that fails at the provider after the
//! account was made is kept in `rewards_pending_links` and tried again by a register with
//! `hasDesyncedRewards` from that browser.

use super::join::join;
use super::*;
use crate::routes::accounts::RegisterAnswer;

/// What a registration's phone and email meet in the programme: none, or the answer that
/// stops it (2 REWARDS_ACCOUNT_ALREADY_LINKED, 12 PHONE_AND_EMAIL_SEPARATE_MATCH, 3
/// REWARDS_ACCOUNT_ALREADY_EXISTS).
pub(in crate::routes) async fn registration_match(
    state: &CommandState,
    email: &str,
    phone: &str,
) -> Result<Option<RewardsAnswer>, ProviderError> {
    let Ok(keys) = privacy::keys() else {
        return Err(ProviderError::new("the privacy keys are not set"));
    };
    let by_phone = state
        .rewards
        .find(&Lookup::PhoneKey(keys.phone_key(phone)))
        .await?;
    let by_email = state
        .rewards
        .find(&Lookup::EmailSubject(keys.subject_for_email(email)))
        .await?;
    if let Some(member) = by_phone.as_ref().filter(|m| m.customer_id.is_some()) {
        let masked = member.email.as_deref().map(mask::email);
        let message = phone_linked_elsewhere(masked.as_deref().unwrap_or("***"));
        return Ok(Some(RewardsAnswer {
            email: masked,
            phone: Some(phone.to_string()),
            redacted_data: Some(Redacted::Email),
            ..RewardsAnswer::refused(ReasonCode::RewardsAccountAlreadyLinked, message)
        }));
    }
    if let Some(member) = by_email.as_ref().filter(|m| m.customer_id.is_some()) {
        return Ok(Some(
            RewardsAnswer::refused(
                ReasonCode::RewardsAccountAlreadyLinked,
                email_linked_elsewhere(),
            )
            .masked(member),
        ));
    }
    Ok(match (by_phone, by_email) {
        (Some(first), Some(second)) if first.rewards_number != second.rewards_number => {
            let mut answer = RewardsAnswer::refused(
                ReasonCode::PhoneAndEmailSeparateMatch,
                "We found two rewards accounts. Please choose the one to connect.",
            )
            .masked(&first);
            answer.second_phone = second.phone.as_deref().map(mask::phone);
            answer.second_email = second.email.as_deref().map(mask::email);
            answer.second_redacted_data = Some(Redacted::Both);
            Some(answer)
        }
        (Some(member), _) | (None, Some(member)) => Some(
            RewardsAnswer::refused(
                ReasonCode::RewardsAccountAlreadyExists,
                "Looks like you previously joined rewards in store! To connect your account, choose a verification method.",
            )
            .masked(&member),
        ),
        (None, None) => None,
    })
}

/// The new account joins rewards by its phone: whether it did. When it did not (the provider
/// failed, or a racing join took the phone), the join waits in `rewards_pending_links`.
pub(in crate::routes) async fn join_new_account(
    state: &CommandState,
    customer: &str,
    email: String,
    phone: String,
) -> bool {
    let joined = match join(state, customer, Some(email), phone).await {
        Ok(answer) => answer.success,
        Err(e) => {
            tracing::error!(error = %e, "a new account could not join rewards at the provider");
            false
        }
    };
    if !joined {
        if let Err(e) = pending(state, customer, None).await {
            tracing::error!(error = %e, "a pending rewards join could not be kept");
        }
    }
    joined
}

/// Keeps a link (or, without a number, a join) to try again.
pub(super) async fn pending(
    state: &CommandState,
    customer: &str,
    rewards_number: Option<&str>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO rewards_pending_links (customer_id, rewards_number) VALUES ($1, $2) \
         ON CONFLICT (customer_id) DO UPDATE SET rewards_number = \
         coalesce(EXCLUDED.rewards_number, rewards_pending_links.rewards_number), since = now()",
    )
    .bind(customer)
    .bind(rewards_number)
    .execute(&state.pool)
    .await?;
    Ok(())
}

/// A register with `hasDesyncedRewards` from a signed-in browser: the link (or join) that
/// failed is tried again for that customer.
pub(in crate::routes) async fn retry_desynced(
    state: &CommandState,
    customer: &str,
) -> RewardsAnswer {
    match retry(state, customer).await {
        Ok(answer) => {
            if answer.success {
                let done = sqlx::query("DELETE FROM rewards_pending_links WHERE customer_id = $1")
                    .bind(customer)
                    .execute(&state.pool)
                    .await;
                if let Err(e) = done {
                    tracing::error!(error = %e, "a done rewards link stays pending");
                }
            }
            answer
        }
        Err(e) => {
            tracing::error!(error = %e, "the rewards provider failed again");
            RewardsAnswer {
                created_rewards_desync: Some(true),
                ..RewardsAnswer::refused(ReasonCode::SessionMError, GENERIC_MESSAGE)
            }
        }
    }
}

async fn retry(state: &CommandState, customer: &str) -> Result<RewardsAnswer, ProviderError> {
    if state.rewards.of_customer(customer).await?.is_some() {
        return Ok(RewardsAnswer::ok());
    }
    let number: Option<Option<String>> = sqlx::query_scalar(
        "SELECT rewards_number FROM rewards_pending_links WHERE customer_id = $1",
    )
    .bind(customer)
    .fetch_optional(&state.pool)
    .await
    .map_err(ProviderError::new)?;
    if let Some(Some(number)) = number {
        return Ok(
            match state
                .rewards
                .link(&number, customer, chrono::Utc::now())
                .await?
            {
                ProviderStatus::NoError => RewardsAnswer::ok(),
                status => RewardsAnswer::refused(
                    status.reason().unwrap_or(ReasonCode::UnknownError),
                    GENERIC_MESSAGE,
                ),
            },
        );
    }
    let contact = contact_of(state, customer)
        .await
        .map_err(ProviderError::new)?;
    match contact.and_then(|c| c.phone.map(|phone| (c.email, phone))) {
        Some((email, phone)) => join(state, customer, email, phone).await,
        None => Ok(RewardsAnswer::refused(
            ReasonCode::CustomerNotLoggedIn,
            SIGN_IN_FIRST,
        )),
    }
}

use crate::rewards::ProviderStatus;

impl From<RewardsAnswer> for RegisterAnswer {
    fn from(answer: RewardsAnswer) -> Self {
        let name = |r: Option<Redacted>| {
            r.map(|r| match r {
                Redacted::Email => "email".to_string(),
                Redacted::Phone => "phone".to_string(),
                Redacted::Both => "both".to_string(),
            })
        };
        RegisterAnswer {
            success: answer.success,
            header_json: None,
            reason_code: answer.reason_code.map(ReasonCode::number),
            error_message: answer.error_message,
            email: answer.email,
            phone: answer.phone,
            redacted_data: name(answer.redacted_data),
            second_email: answer.second_email,
            second_phone: answer.second_phone,
            second_redacted_data: name(answer.second_redacted_data),
            created_rewards_desync: answer.created_rewards_desync,
        }
    }
}
