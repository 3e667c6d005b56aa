//! Finding an account as sign-in sees it (the read model `customers`), and whether its password
//! must change.

use super::*;

/// An account as sign-in sees it.
pub(in crate::routes) struct Account {
    pub customer_id: String,
    pub email_subject: String,
    /// The argon2id hash, or none when its key was destroyed.
    pub password_hash: Option<String>,
    /// Wrong passwords since the last sign-in.
    pub failed_logins: i32,
}

/// The account of an email subject.
pub(super) async fn account_of(
    state: &CommandState,
    email_subject: &str,
) -> Result<Option<Account>, ApiError> {
    find_account(state, "email_subject", email_subject).await
}

/// The account of a customer id.
pub(in crate::routes) async fn account_by_id(
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
pub(in crate::routes) async fn password_change_required(
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
