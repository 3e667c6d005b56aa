//! What every account call passes first: the anti-forgery token and the limits per address and
//! per account (counted in PostgreSQL, so across replicas).

use super::*;

/// Counts an account call from the client's address: the 429 once the address is over
/// `AccountSettings::per_address` (counted in PostgreSQL, so across replicas). The bucket is a
/// keyed hash of the address.
pub(in crate::routes) async fn limit_address(
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
pub(in crate::routes) struct AccountCall {
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
pub(in crate::routes) fn failures_bucket(email_subject: &str) -> String {
    format!("failures:{email_subject}")
}

/// The 429 when the account behind `email_subject` took too many wrong passwords lately.
pub(in crate::routes) async fn limit_failures(
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
pub(in crate::routes) async fn count_failure(
    state: &CommandState,
    email_subject: &str,
) -> Result<(), ApiError> {
    let bucket = failures_bucket(email_subject);
    kernel::limits::attempt(&state.pool, &bucket, state.accounts.failures_per_account).await?;
    Ok(())
}
