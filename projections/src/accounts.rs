//! The accounts projection: customers (by email subject, with their sealed fields and the
//! sealed password hash) and their sessions. Projected inline, so an account can sign in and a
//! session counts from the answer that made it.

use command::accounts::{Customer, CustomerEvent, Session, SessionEvent};
use command::privacy::subject::{Subject, SubjectEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct AccountsProjection;

/// A customer's first name as the header greets them: opened from the read model's sealed
/// field with the subject's data key (none once erased, or for an unknown customer).
pub async fn first_name(
    pool: &sqlx::PgPool,
    customer_id: &str,
) -> Result<Option<String>, command::privacy::PrivacyError> {
    let sealed: Option<serde_json::Value> =
        sqlx::query_scalar("SELECT first_name FROM customers WHERE customer_id = $1")
            .bind(customer_id)
            .fetch_optional(pool)
            .await
            .map_err(command::privacy::PrivacyError::from)?;
    match sealed {
        Some(sealed) => open_sealed(pool, sealed).await,
        None => Ok(None),
    }
}

/// A read model's sealed field (a `Sealed` as JSON), opened with its subject's data key; none
/// once the subject was erased, or when the value does not read as sealed.
pub async fn open_sealed(
    pool: &sqlx::PgPool,
    sealed: serde_json::Value,
) -> Result<Option<String>, command::privacy::PrivacyError> {
    let Ok(sealed) = serde_json::from_value::<command::privacy::Sealed>(sealed) else {
        return Ok(None);
    };
    let mut conn = pool
        .acquire()
        .await
        .map_err(command::privacy::PrivacyError::from)?;
    Ok(command::privacy::vault::open(&mut conn, &sealed)
        .await?
        .text())
}

const TYPES: [&str; 3] = [Customer::TYPE, Session::TYPE, Subject::TYPE];
const TABLES: [&str; 4] = [
    "customer_passkeys",
    "customer_providers",
    "customer_sessions",
    "customers",
];

fn json(
    e: &StoredEvent,
    value: &impl serde::Serialize,
) -> Result<serde_json::Value, ProjectionError> {
    serde_json::to_value(value).map_err(|source| ProjectionError::Decode {
        aggregate_type: e.aggregate_type.clone(),
        aggregate_id: e.aggregate_id.clone(),
        sequence: e.sequence,
        source,
    })
}

#[async_trait::async_trait]
impl Projection for AccountsProjection {
    fn name(&self) -> &'static str {
        "accounts"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    fn inline(&self) -> bool {
        true
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        let id = &e.aggregate_id;
        if e.aggregate_type == Subject::TYPE {
            // The person was erased: their account's row goes (their sessions were ended first,
            // each by its own event).
            let SubjectEvent::SubjectForgotten { .. } = e.typed()?;
            sqlx::query(
                "DELETE FROM passkey_usage WHERE credential_id IN (SELECT credential_id FROM \
                 customer_passkeys WHERE customer_id IN \
                 (SELECT customer_id FROM customers WHERE email_subject = $1))",
            )
            .bind(id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "DELETE FROM customer_passkeys WHERE customer_id IN \
                 (SELECT customer_id FROM customers WHERE email_subject = $1)",
            )
            .bind(id)
            .execute(&mut *conn)
            .await?;
            sqlx::query(
                "DELETE FROM customer_providers WHERE customer_id IN \
                 (SELECT customer_id FROM customers WHERE email_subject = $1)",
            )
            .bind(id)
            .execute(&mut *conn)
            .await?;
            sqlx::query("DELETE FROM customers WHERE email_subject = $1")
                .bind(id)
                .execute(conn)
                .await?;
            return Ok(());
        }
        if e.aggregate_type == Session::TYPE {
            match e.typed::<SessionEvent>()? {
                SessionEvent::SessionStarted {
                    customer_id,
                    device,
                    expires_at,
                } => {
                    sqlx::query(
                        "INSERT INTO customer_sessions (session_key, customer_id, device, started_at, \
                         expires_at, last_seen) VALUES ($1, $2, $3, coalesce($4, now()), $5, coalesce($4, now())) \
                         ON CONFLICT (session_key) DO NOTHING",
                    )
                    .bind(id)
                    .bind(customer_id)
                    .bind(device)
                    .bind(e.recorded_at)
                    .bind(expires_at)
                    .execute(conn)
                    .await?;
                }
                SessionEvent::SessionEnded { reason } => {
                    sqlx::query(
                        "UPDATE customer_sessions SET ended_at = coalesce($2, now()), end_reason = $3 \
                         WHERE session_key = $1 AND ended_at IS NULL",
                    )
                    .bind(id)
                    .bind(e.recorded_at)
                    .bind(format!("{reason:?}"))
                    .execute(conn)
                    .await?;
                }
                SessionEvent::Reauthenticated {} => {
                    sqlx::query(
                        "UPDATE customer_sessions SET reauthenticated_at = coalesce($2, now()) \
                         WHERE session_key = $1",
                    )
                    .bind(id)
                    .bind(e.recorded_at)
                    .execute(conn)
                    .await?;
                }
            }
            return Ok(());
        }
        match e.typed::<CustomerEvent>()? {
            CustomerEvent::CustomerRegistered {
                email_subject,
                first_name,
                phone_key,
                password,
                ..
            } => {
                sqlx::query(
                    "INSERT INTO customers (customer_id, email_subject, phone_key, first_name, password, \
                     registered_at, password_set_at) VALUES ($1, $2, $3, $4, $5, coalesce($6, now()), \
                     coalesce($6, now())) ON CONFLICT (customer_id) DO NOTHING",
                )
                .bind(id)
                .bind(email_subject)
                .bind(phone_key)
                .bind(json(e, &first_name)?)
                .bind(json(e, &password)?)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            CustomerEvent::LoginSucceeded { .. } => {
                sqlx::query("UPDATE customers SET failed_logins = 0 WHERE customer_id = $1")
                    .bind(id)
                    .execute(conn)
                    .await?;
            }
            CustomerEvent::LoginFailed {} => {
                sqlx::query(
                    "UPDATE customers SET failed_logins = failed_logins + 1 WHERE customer_id = $1",
                )
                .bind(id)
                .execute(conn)
                .await?;
            }
            CustomerEvent::PasswordChanged { password } => {
                sqlx::query(
                    "UPDATE customers SET password = $2, password_set_at = coalesce($3, now()), \
                     failed_logins = 0, password_change_required = false WHERE customer_id = $1",
                )
                .bind(id)
                .bind(json(e, &password)?)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            CustomerEvent::CartAdopted { cart_id } => {
                sqlx::query("UPDATE customers SET cart_id = $2 WHERE customer_id = $1")
                    .bind(id)
                    .bind(cart_id)
                    .execute(conn)
                    .await?;
            }
            CustomerEvent::PasswordChangeRequired {} => {
                sqlx::query(
                    "UPDATE customers SET password_change_required = true WHERE customer_id = $1",
                )
                .bind(id)
                .execute(conn)
                .await?;
            }
            // The aggregate keeps pending links itself; the read side has nothing to show.
            CustomerEvent::PasswordResetRequested { .. }
            | CustomerEvent::PasswordResetUsed { .. } => {}
            // Sign-in reads the identity's `ProviderClaim` itself (by provider and subject,
            // never by email); this list is what the customer sees and unlinks.
            CustomerEvent::ProviderLinked {
                provider,
                provider_key,
            } => {
                sqlx::query(
                    "INSERT INTO customer_providers (provider_key, customer_id, provider, linked_at) \
                     VALUES ($1, $2, $3, coalesce($4, now())) ON CONFLICT (provider_key) DO UPDATE \
                     SET customer_id = EXCLUDED.customer_id, provider = EXCLUDED.provider, \
                     linked_at = EXCLUDED.linked_at",
                )
                .bind(provider_key)
                .bind(id)
                .bind(
                    command::accounts::providers::Provider::from_name(&provider)
                        .map_or(provider.as_str(), |p| p.title()),
                )
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            CustomerEvent::ProviderUnlinked { provider_key, .. } => {
                sqlx::query(
                    "DELETE FROM customer_providers WHERE provider_key = $1 AND customer_id = $2",
                )
                .bind(provider_key)
                .bind(id)
                .execute(conn)
                .await?;
            }
            CustomerEvent::StaffRolesGranted { roles } => {
                sqlx::query(
                    "UPDATE customers SET staff_roles = ARRAY(SELECT DISTINCT r \
                     FROM unnest(staff_roles || $2::text[]) AS r ORDER BY r) WHERE customer_id = $1",
                )
                .bind(id)
                .bind(roles)
                .execute(conn)
                .await?;
            }
            CustomerEvent::StaffRolesRevoked { roles } => {
                sqlx::query(
                    "UPDATE customers SET staff_roles = ARRAY(SELECT r FROM unnest(staff_roles) \
                     AS r WHERE r <> ALL($2::text[]) ORDER BY r) WHERE customer_id = $1",
                )
                .bind(id)
                .bind(roles)
                .execute(conn)
                .await?;
            }
            CustomerEvent::PasskeyAdded {
                credential_id,
                passkey,
                name,
            } => {
                sqlx::query(
                    "INSERT INTO customer_passkeys (credential_id, customer_id, name, passkey, created_at) \
                     VALUES ($1, $2, $3, $4, coalesce($5, now())) ON CONFLICT (credential_id) DO NOTHING",
                )
                .bind(credential_id)
                .bind(id)
                .bind(name)
                .bind(passkey)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            CustomerEvent::PasskeyRemoved { credential_id } => {
                sqlx::query(
                    "DELETE FROM passkey_usage WHERE credential_id IN (SELECT credential_id \
                     FROM customer_passkeys WHERE credential_id = $1 AND customer_id = $2)",
                )
                .bind(&credential_id)
                .bind(id)
                .execute(&mut *conn)
                .await?;
                sqlx::query(
                    "DELETE FROM customer_passkeys WHERE credential_id = $1 AND customer_id = $2",
                )
                .bind(credential_id)
                .bind(id)
                .execute(conn)
                .await?;
            }
        }
        Ok(())
    }
}
