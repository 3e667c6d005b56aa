//! `storefront staff`: staff accounts for people. `invite` records a `StaffInvitation` and
//! mails its one-time link (`PUBLIC_URL/staff/accept-invite/?id=…&token=…`, 7 days); the
//! person accepts it at `POST /api/staff-invitation/accept` and signs in with their account.
//! `revoke` takes roles away (the next request of their session has them no more).
//! `STAFF_TOKENS` stays for machines (CI, scripts).

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use command::accounts::{
    new_invitation_id, new_invitation_token, Customer, CustomerCommand, StaffInvitation,
    StaffInvitationCommand, STAFF_INVITATION_DAYS,
};
use command::eventstore;
use command::notify::{Channel, Message, NotifierRef, Sent};
use command::privacy::vault::{PgSealer, SealerRef};
use command::routes::accounts::staff_invitation::ACCEPT_PAGE;
use kernel::staff::Role;
use sqlx::PgPool;

use super::{Options, StaffAction};
use crate::config;

/// Runs one staff action.
pub async fn run(options: &Options, action: StaffAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    match action {
        StaffAction::Invite {
            email,
            role,
            public_url,
        } => {
            let setting = config::NotifierSetting::from_lookup(|name| std::env::var(name).ok());
            let notifier = setting.build(&pool).map_err(|e| anyhow::anyhow!("{e}"))?;
            let invited = invite(&pool, &notifier, &public_url, &email, &role).await?;
            let went = match setting {
                config::NotifierSetting::Mailbox => format!(
                    "to the local mailbox (SMTP_URL is unset): `storefront mail list`, \
                     `storefront mail show {}`",
                    invited.mail_key
                ),
                config::NotifierSetting::Smtp { .. } => {
                    "by SMTP to the invited address".to_string()
                }
            };
            println!(
                "invitation {} ({}) until {}: the link went {went}",
                invited.id,
                invited.roles.join("+"),
                invited.expires_at.to_rfc3339()
            );
        }
        StaffAction::Revoke { email, role } => {
            let (customer_id, held) = revoke(&pool, &email, role.as_deref()).await?;
            let held = if held.is_empty() {
                "no staff role".to_string()
            } else {
                held.join("+")
            };
            println!("{customer_id} holds {held} now");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What [`invite`] made.
#[derive(Debug, Clone)]
pub struct Invited {
    /// The invitation's id (`si_…`).
    pub id: String,
    pub roles: Vec<String>,
    pub expires_at: chrono::DateTime<chrono::Utc>,
    /// The key of the mail that carries the link (`staff-invite:si_…`).
    pub mail_key: String,
}

/// The roles of `merchandiser+analyst`, as names.
fn role_names(list: &str) -> anyhow::Result<Vec<String>> {
    let roles = Role::parse_list(list)
        .context("--role must be merchandiser, analyst or operator (several joined by +)")?;
    Ok(roles.into_iter().map(|r| r.name().to_string()).collect())
}

/// Records an invitation of `email` to the staff with `roles` (`merchandiser+analyst`) and mails
/// its one-time link, which starts with `public_url`. Neither the address nor the token enters
/// an event: the address's keyed hash and the token's SHA-256 do.
pub async fn invite(
    pool: &PgPool,
    notifier: &NotifierRef,
    public_url: &str,
    email: &str,
    roles: &str,
) -> anyhow::Result<Invited> {
    let public_url = public_url.trim_end_matches('/');
    if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
        anyhow::bail!("PUBLIC_URL must start with http:// or https://");
    }
    let email =
        kernel::values::Email::parse(email).map_err(|_| anyhow::anyhow!("not an email address"))?;
    let roles = role_names(roles)?;
    let subject = command::privacy::keys()?.subject_for_email(email.as_str());
    let id = new_invitation_id();
    let token = new_invitation_token();
    let expires_at = chrono::Utc::now() + chrono::Duration::days(STAFF_INVITATION_DAYS);
    let executed = eventstore::run::<StaffInvitation>(pool, &())
        .command(
            &id,
            StaffInvitationCommand::Invite {
                email_subject: subject.clone(),
                roles: roles.clone(),
                token_hash: command::routes::accounts::recovery::token_hash(&token),
                expires_at,
            },
        )
        .metadata(&serde_json::json!({"staffId": "cli"}))
        .executed()
        .await?;
    executed.outcome.map_err(|e| anyhow::anyhow!(e))?;
    let link = format!("{public_url}{ACCEPT_PAGE}?id={id}&token={token}");
    let text = format!(
        "You are invited to the staff of the Storefront, as {}.\n\n\
         To accept, open this link within {STAFF_INVITATION_DAYS} days and sign in with your \
         account, or create one with this address:\n\n{link}\n\n\
         The link works once. If you did not expect it, ignore this mail.\n",
        roles.join(" and ")
    );
    let mail_key = format!("staff-invite:{id}");
    let message = Message {
        key: mail_key.clone(),
        channel: Channel::Email,
        subject: Some(subject),
        to: email.as_str().to_string(),
        title: "Your invitation to the Storefront staff".to_string(),
        text,
    };
    let sent = notifier.send(message).await?;
    debug_assert_eq!(sent, Sent::Now);
    Ok(Invited {
        id,
        roles,
        expires_at,
        mail_key,
    })
}

/// Takes `roles` (`merchandiser+analyst`; all of them when `None`) from the account of `email`:
/// its sessions lose them at their next request. Answers the customer id and the roles held now.
pub async fn revoke(
    pool: &PgPool,
    email: &str,
    roles: Option<&str>,
) -> anyhow::Result<(String, Vec<String>)> {
    let roles = match roles {
        Some(list) => role_names(list)?,
        None => Role::ALL.iter().map(|r| r.name().to_string()).collect(),
    };
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
        .command(&customer_id, CustomerCommand::RevokeStaffRoles { roles })
        .inline(Some(&inline))
        .metadata(&serde_json::json!({"staffId": "cli"}))
        .executed()
        .await?;
    let customer = executed.outcome.map(|_| executed.aggregate);
    let customer = customer.map_err(|e| anyhow::anyhow!(e))?;
    Ok((customer_id, customer.staff_roles))
}
