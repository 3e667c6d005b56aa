//! `storefront accounts`: what an operator does to customer accounts.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use command::accounts::{Customer, CustomerCommand};
use command::eventstore;
use command::privacy::vault::{PgSealer, SealerRef};
use sqlx::PgPool;

use super::{AccountsAction, Options};
use crate::config;

/// Runs one accounts action.
pub async fn run(options: &Options, action: AccountsAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    match action {
        AccountsAction::RequirePasswordChange { email } => {
            let customer_id = require_password_change(&pool, &email).await?;
            println!("{customer_id} chooses a new password at their next sign-in");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Records `PasswordChangeRequired` on the account of this address (its id is returned): sign-in
/// answers `passwordChangeRequired` until the customer sets a new password. An address without
/// an account is an error.
pub async fn require_password_change(pool: &PgPool, email: &str) -> anyhow::Result<String> {
    let email =
        kernel::values::Email::parse(email).map_err(|_| anyhow::anyhow!("not an email address"))?;
    let subject = command::privacy::keys()?.subject_for_email(email.as_str());
    let customer_id: Option<String> =
        sqlx::query_scalar("SELECT customer_id FROM customers WHERE email_subject = $1")
            .bind(&subject)
            .fetch_optional(pool)
            .await?;
    let customer_id = customer_id.context("no customer account has this email address")?;
    let sealer: SealerRef = Arc::new(PgSealer { pool: pool.clone() });
    let inline = projections::shopping::InlineShopping;
    let executed = eventstore::run::<Customer>(pool, &sealer)
        .command(&customer_id, CustomerCommand::RequirePasswordChange)
        .inline(Some(&inline))
        .executed()
        .await?;
    executed.outcome.map_err(|e| anyhow::anyhow!(e))?;
    Ok(customer_id)
}
