//! `storefront privacy`: a person's rights over their data (erasure, access, unsubscribe links,
//! rewrapping the data keys).

use std::process::ExitCode;

use super::{Options, PrivacyAction};
use crate::config;

/// Runs one privacy action.
pub async fn run(options: &Options, action: PrivacyAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    match action {
        PrivacyAction::Forget {
            email: Some(email), ..
        } => {
            let report = crate::privacy::forget_email(&pool, &email).await?;
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        PrivacyAction::Forget {
            customer: Some(customer),
            ..
        } => {
            let report = crate::privacy::forget_customer(&pool, &customer).await?;
            println!("{}", serde_json::to_string_pretty(&report)?);
        }
        PrivacyAction::Forget {
            visitor: Some(visitor),
            ..
        } => {
            let removed = crate::privacy::forget_visitor(&pool, &visitor).await?;
            println!("{removed} tracking events of the visitor erased");
        }
        PrivacyAction::Forget { .. } => {
            unreachable!("clap requires --email, --customer or --visitor")
        }
        PrivacyAction::Export { email } => {
            let export = crate::privacy::export_email(&pool, &email).await?;
            println!("{}", serde_json::to_string_pretty(&export)?);
        }
        PrivacyAction::UnsubscribeLink { email, base_url } => {
            println!("{}", crate::privacy::unsubscribe_link(&email, &base_url)?);
        }
        PrivacyAction::Rewrap => {
            let progress = crate::progress::Progress::new("data keys", 0);
            let done = command::privacy::vault::rewrap(&pool, &|done, total| {
                progress.set_total(total);
                progress.set(done);
            })
            .await?;
            progress.finish();
            println!("{done} data keys wrapped with the newest master key");
        }
    }
    Ok(ExitCode::SUCCESS)
}
