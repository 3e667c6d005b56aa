//! The data subject's rights, over every part of the store that holds personal data
//! (docs/privacy.md): erasure (`storefront privacy forget`, reused by 'Delete my account'
//! through [`PgErasure`]) and access (`storefront privacy export`), plus the newsletter's unsubscribe
//! links and the rotation of master keys.

use std::sync::Arc;

use anyhow::Context;
use command::eventstore;
use command::privacy::subject::{Subject, SubjectCommand};
use command::privacy::vault::{self, PgSealer, SealerRef};
use command::privacy::{self, Sealed};
use command::shopping::subscription::{
    Subscription, SubscriptionCommand, SubscriptionEvent, UnsubscribeReason,
};
use cqrs_es::Aggregate;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::{PgPool, Row};

/// What `forget` did.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ForgetReport {
    pub subject: String,
    /// The subject's data key existed and was destroyed.
    pub key_destroyed: bool,
    /// A running newsletter subscription was ended.
    pub subscription_ended: bool,
    /// A customer account held the address: its email claim was released (the address may
    /// make a new account), its rows removed and its sessions ended.
    pub account_closed: bool,
    /// A `SubjectForgotten` event was recorded (not when forgetting again with nothing new).
    pub recorded: bool,
    /// Visitors linked to the subject whose tracking data was erased.
    pub visitors: usize,
    pub tracking_events_removed: u64,
    /// Messages to the subject erased from `notifications` (the mailbox and SMTP's claims).
    pub notifications_removed: u64,
}

struct SubjectEvent {
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    event_version: String,
    payload: Value,
    recorded_at: chrono::DateTime<chrono::Utc>,
}

/// The columns [`event_rows`] reads.
const EVENT_COLUMNS: &str =
    "aggregate_type, aggregate_id, sequence, event_type, event_version, payload, recorded_at";

async fn subject_events(pool: &PgPool, subject: &str) -> Result<Vec<SubjectEvent>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_id = $1 \
         ORDER BY recorded_at, aggregate_type, sequence"
    ))
    .bind(subject)
    .fetch_all(pool)
    .await?;
    Ok(event_rows(rows))
}

/// The aggregates that hold the person's data under other ids than their subject: the
/// accounts registered with their address and what those accounts own (tax exemption, orders,
/// reviews, registries, rewards membership), and the orders, reviews, registries and rewards
/// memberships made with the address itself. Read from the read models.
const OWNED_AGGREGATES: &str =
    "WITH accounts AS (SELECT customer_id FROM customers WHERE email_subject = $1) \
    SELECT 'Customer', customer_id FROM accounts \
    UNION SELECT 'TaxExemption', customer_id FROM tax_exemptions \
        WHERE subject = $1 OR customer_id IN (SELECT customer_id FROM accounts) \
    UNION SELECT 'Order', order_no FROM orders \
        WHERE subject = $1 OR customer_id IN (SELECT customer_id FROM accounts) \
    UNION SELECT 'Review', review_id FROM product_reviews \
        WHERE subject = $1 OR customer_id IN (SELECT customer_id FROM accounts) \
    UNION SELECT 'Registry', registry_id FROM gift_registries \
        WHERE subject = $1 OR customer_id IN (SELECT customer_id FROM accounts) \
    UNION SELECT 'RewardsMember', rewards_number FROM rewards_members \
        WHERE email_subject = $1 OR customer_id IN (SELECT customer_id FROM accounts)";

/// Every event that holds the person's data: their subject's own and those of the aggregates
/// they own ([`OWNED_AGGREGATES`]), oldest first.
async fn person_events(pool: &PgPool, subject: &str) -> Result<Vec<SubjectEvent>, sqlx::Error> {
    let owned: Vec<(String, String)> = sqlx::query_as(OWNED_AGGREGATES)
        .bind(subject)
        .fetch_all(pool)
        .await?;
    let (types, ids): (Vec<String>, Vec<String>) = owned.into_iter().unzip();
    let rows = sqlx::query(&format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_id = $1 \
            OR (aggregate_type, aggregate_id) IN (SELECT * FROM unnest($2::text[], $3::text[])) \
         ORDER BY recorded_at, aggregate_type, aggregate_id, sequence"
    ))
    .bind(subject)
    .bind(&types)
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    Ok(event_rows(rows))
}

fn event_rows(rows: Vec<sqlx::postgres::PgRow>) -> Vec<SubjectEvent> {
    rows.into_iter()
        .map(|r| SubjectEvent {
            aggregate_type: r.get("aggregate_type"),
            aggregate_id: r.get("aggregate_id"),
            sequence: r.get("sequence"),
            event_type: r.get("event_type"),
            event_version: r.get("event_version"),
            payload: r.get("payload"),
            recorded_at: r.get("recorded_at"),
        })
        .collect()
}

/// The visitor ids the subject's events link to (sealed), opened with their key while it lives.
async fn linked_visitors(
    pool: &PgPool,
    events: &[SubjectEvent],
) -> Result<Vec<String>, privacy::PrivacyError> {
    let mut conn = pool.acquire().await?;
    let mut visitors = Vec::new();
    for e in events
        .iter()
        .filter(|e| e.aggregate_type == Subscription::TYPE)
    {
        let Ok(SubscriptionEvent::Subscribed {
            visitor: Some(visitor),
            ..
        }) = command::eventstore::decode::<SubscriptionEvent>(
            &e.aggregate_type,
            &e.aggregate_id,
            e.sequence,
            &e.event_type,
            &e.event_version,
            e.payload.clone(),
        )
        else {
            continue;
        };
        if let Some(id) = vault::open(&mut conn, &visitor).await?.text() {
            if !visitors.contains(&id) {
                visitors.push(id);
            }
        }
    }
    Ok(visitors)
}

/// Erases the person with this email address: ends their subscription, records
/// `SubjectForgotten` (the read models drop their rows in the same transaction), destroys their
/// data key (every sealed copy, in the event store and on the topic, is unreadable from then
/// on), erases the tracking data of the visitors they signed up from and the messages sent to
/// them (`notifications`). Safe to run again.
pub async fn forget_email(pool: &PgPool, email: &str) -> anyhow::Result<ForgetReport> {
    let keys = privacy::keys()?;
    forget_subject(pool, &keys.subject_for_email(email)).await
}

/// Erases the person with this customer account (`cu_…`), by its email's subject: what
/// [`forget_email`] does with their address. An id with no account (unknown, or already
/// forgotten) is an error and changes nothing.
pub async fn forget_customer(pool: &PgPool, customer_id: &str) -> anyhow::Result<ForgetReport> {
    let subject: Option<String> =
        sqlx::query_scalar("SELECT email_subject FROM customers WHERE customer_id = $1")
            .bind(customer_id)
            .fetch_optional(pool)
            .await?;
    let Some(subject) = subject else {
        anyhow::bail!("no customer account {customer_id:?} (unknown, or already forgotten)");
    };
    forget_subject(pool, &subject).await
}

/// The erasure the command routes call ('Delete my account'): [`forget_subject`].
pub struct PgErasure {
    pub pool: PgPool,
}

// What `#[async_trait]` writes (this crate does not depend on it).
impl command::privacy::erasure::Erasure for PgErasure {
    fn forget_subject<'a, 'b, 'f>(
        &'a self,
        subject: &'b str,
    ) -> std::pin::Pin<
        Box<
            dyn std::future::Future<Output = Result<(), command::privacy::erasure::ErasureError>>
                + Send
                + 'f,
        >,
    >
    where
        'a: 'f,
        'b: 'f,
        Self: 'f,
    {
        Box::pin(async move {
            forget_subject(&self.pool, subject).await?;
            Ok(())
        })
    }
}

/// Closes the rewards accounts of `customer_id` or with the email `subject`, releasing their
/// phone and email claims; whether there was one.
async fn close_rewards_members(
    pool: &PgPool,
    sealer: &SealerRef,
    inline: &projections::shopping::InlineShopping,
    customer_id: Option<&str>,
    subject: &str,
) -> anyhow::Result<bool> {
    let members: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT rewards_number, phone_key, email_subject FROM rewards_members \
         WHERE customer_id = $1 OR email_subject = $2",
    )
    .bind(customer_id)
    .bind(subject)
    .fetch_all(pool)
    .await?;
    for (number, phone_key, email_subject) in &members {
        for claim in std::iter::once(phone_key).chain(email_subject) {
            eventstore::run::<command::rewards::RewardsClaim>(pool, &())
                .command(
                    claim,
                    command::rewards::RewardsClaimCommand::Release {
                        rewards_number: number.clone(),
                    },
                )
                .inline(Some(inline))
                .executed()
                .await?;
        }
        eventstore::run::<command::rewards::RewardsMember>(pool, sealer)
            .command(
                number,
                command::rewards::MemberCommand::Close {
                    now: chrono::Utc::now(),
                },
            )
            .inline(Some(inline))
            .executed()
            .await?;
    }
    Ok(!members.is_empty())
}

/// [`forget_email`] by the address's subject (`em_…`, `PrivacyKeys::subject_for_email`).
pub async fn forget_subject(pool: &PgPool, subject: &str) -> anyhow::Result<ForgetReport> {
    let subject = subject.to_string();
    let events = subject_events(pool, &subject).await?;
    let visitors = linked_visitors(pool, &events).await?;
    let has_key: bool =
        sqlx::query_scalar("SELECT exists(SELECT 1 FROM subject_keys WHERE subject_id = $1)")
            .bind(&subject)
            .fetch_one(pool)
            .await?;
    let sealer: SealerRef = Arc::new(PgSealer { pool: pool.clone() });
    let inline = projections::shopping::InlineShopping;
    let ended = eventstore::run::<Subscription>(pool, &sealer)
        .command(
            &subject,
            SubscriptionCommand::Unsubscribe {
                reason: UnsubscribeReason::Forgotten,
            },
        )
        .inline(Some(&inline))
        .executed()
        .await?;
    let subscription_ended = matches!(ended.outcome, Ok(n) if n > 0);
    // The address is free for a new account (the account's rows go with SubjectForgotten).
    let holder: Option<String> =
        sqlx::query_scalar("SELECT customer_id FROM customers WHERE email_subject = $1")
            .bind(&subject)
            .fetch_optional(pool)
            .await?;
    let account_closed = holder.is_some();
    // The rewards accounts of the address close, their phones and emails free for new ones:
    // the customer's, and one joined in store with this email and no customer.
    let members_closed =
        close_rewards_members(pool, &sealer, &inline, holder.as_deref(), &subject).await?;
    if let Some(customer_id) = holder {
        // Its sessions end (each an event, so the device history says why).
        let open: Vec<String> = sqlx::query_scalar(
            "SELECT session_key FROM customer_sessions WHERE customer_id = $1 AND ended_at IS NULL",
        )
        .bind(&customer_id)
        .fetch_all(pool)
        .await?;
        for key in open {
            eventstore::run::<command::accounts::Session>(pool, &())
                .command(
                    &key,
                    command::accounts::SessionCommand::End {
                        reason: command::accounts::SessionEndReason::Erased,
                    },
                )
                .inline(Some(&inline))
                .executed()
                .await?;
        }
        // Its sign-in providers' identities are free too (they named only this account).
        let (mut loaded, _) = eventstore::load_many::<command::accounts::Customer>(
            pool,
            std::slice::from_ref(&customer_id),
        )
        .await?;
        let provider_keys = loaded
            .remove(&customer_id)
            .map(|(customer, _)| customer.provider_keys)
            .unwrap_or_default();
        for key in provider_keys {
            eventstore::run::<command::accounts::ProviderClaim>(pool, &())
                .command(
                    &key,
                    command::accounts::ProviderClaimCommand::Release {
                        customer_id: customer_id.clone(),
                    },
                )
                .inline(Some(&inline))
                .executed()
                .await?;
        }
        eventstore::run::<command::accounts::EmailClaim>(pool, &())
            .command(
                &subject,
                command::accounts::EmailClaimCommand::Release { customer_id },
            )
            .inline(Some(&inline))
            .executed()
            .await?;
    }
    let recorded = eventstore::run::<Subject>(pool, &())
        .command(
            &subject,
            SubjectCommand::Forget {
                reason: "request".into(),
                holds_data: has_key || subscription_ended || account_closed || members_closed,
            },
        )
        .inline(Some(&inline))
        .executed()
        .await?;
    let mut tx = pool.begin().await?;
    let key_destroyed = vault::destroy(&mut tx, &subject).await?;
    let mut tracking_events_removed = 0;
    for visitor in &visitors {
        tracking_events_removed += tracker::analytics::forget_visitor(&mut tx, visitor).await?;
    }
    let notifications_removed = command::notify::outbox::forget_subject(&mut *tx, &subject).await?;
    tx.commit().await?;
    Ok(ForgetReport {
        subject,
        key_destroyed,
        subscription_ended,
        account_closed,
        recorded: matches!(recorded.outcome, Ok(n) if n > 0),
        visitors: visitors.len(),
        tracking_events_removed,
        notifications_removed,
    })
}

/// Erases one visitor's tracking data, by the tracking topic's `visitorId`.
pub async fn forget_visitor(pool: &PgPool, visitor_id: &str) -> anyhow::Result<u64> {
    let mut tx = pool.begin().await?;
    let removed = tracker::analytics::forget_visitor(&mut tx, visitor_id).await?;
    tx.commit().await?;
    Ok(removed)
}

/// Replaces every sealed field in `value` by its clear text (null when it cannot be opened).
fn unseal(value: &mut Value, subject: &str, key: &(String, command::privacy::envelope::SecretKey)) {
    match value {
        Value::Object(map) => {
            if map.len() == 3 {
                if let Ok(sealed) = serde_json::from_value::<Sealed>(Value::Object(map.clone())) {
                    *value = if sealed.subject == subject && sealed.key == key.0 {
                        vault::open_with(&key.1, &sealed)
                            .map(Value::String)
                            .unwrap_or(Value::Null)
                    } else {
                        Value::Null
                    };
                    return;
                }
            }
            for v in map.values_mut() {
                unseal(v, subject, key);
            }
        }
        Value::Array(items) => {
            for v in items {
                unseal(v, subject, key);
            }
        }
        _ => {}
    }
}

/// Everything the store holds about the person with this email address, as JSON: their events
/// and those of their accounts and what the accounts own (personal fields opened), their
/// read-model rows, the tracking data of the visitors they
/// signed up from, and the messages sent to them (`notifications`). A forgotten (or unknown)
/// person has no key: nothing but their messages is returned (none once forgotten).
pub async fn export_email(pool: &PgPool, email: &str) -> anyhow::Result<Value> {
    let keys = privacy::keys()?;
    let subject = keys.subject_for_email(email);
    let notifications = subject_notifications(pool, &subject).await?;
    let mut conn = pool.acquire().await?;
    let key = vault::data_key(&mut conn, keys, &subject, false).await?;
    drop(conn);
    let Some(key) = key else {
        return Ok(json!({
            "subject": subject,
            "events": [],
            "newsletter": [],
            "visitors": [],
            "notifications": notifications,
        }));
    };
    let events = person_events(pool, &subject).await?;
    let visitors = linked_visitors(pool, &events).await?;
    let events: Vec<Value> = events
        .into_iter()
        .map(|e| {
            let mut payload = e.payload;
            unseal(&mut payload, &subject, &key);
            json!({
                "aggregateType": e.aggregate_type,
                "aggregateId": e.aggregate_id,
                "sequence": e.sequence,
                "eventType": e.event_type,
                "eventVersion": e.event_version,
                "recordedAt": e.recorded_at,
                "payload": payload,
            })
        })
        .collect();
    let newsletter: Vec<Value> = sqlx::query(
        "SELECT email, source, subscribed_at FROM newsletter_subscriptions WHERE subject_id = $1",
    )
    .bind(&subject)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| {
        json!({
            "email": r.get::<String, _>("email"),
            "source": r.get::<String, _>("source"),
            "subscribedAt": r.get::<chrono::DateTime<chrono::Utc>, _>("subscribed_at"),
        })
    })
    .collect();
    let mut linked = Vec::new();
    for visitor in visitors {
        let tracking = tracker::analytics::visitor_events(pool, &visitor).await?;
        linked.push(json!({
            "visitorId": visitor,
            "trackingEvents": tracking,
        }));
    }
    Ok(json!({
        "subject": subject,
        "events": events,
        "newsletter": newsletter,
        "visitors": linked,
        "notifications": notifications,
    }))
}

/// The messages to the subject, as the export shows them (an SMTP message's row holds only
/// its key and times: the mail itself is not kept).
async fn subject_notifications(pool: &PgPool, subject: &str) -> Result<Vec<Value>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT key, channel, recipient, title, body, created_at, sent_at FROM notifications \
         WHERE subject = $1 ORDER BY created_at, key",
    )
    .bind(subject)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| {
            json!({
                "key": r.get::<String, _>("key"),
                "channel": r.get::<String, _>("channel"),
                "to": r.get::<Option<String>, _>("recipient"),
                "title": r.get::<Option<String>, _>("title"),
                "text": r.get::<Option<String>, _>("body"),
                "createdAt": r.get::<chrono::DateTime<chrono::Utc>, _>("created_at"),
                "sentAt": r.get::<Option<chrono::DateTime<chrono::Utc>>, _>("sent_at"),
            })
        })
        .collect())
}

/// The link a newsletter mail carries to unsubscribe this address.
pub fn unsubscribe_link(email: &str, base_url: &str) -> anyhow::Result<String> {
    let keys = privacy::keys().context("unsubscribe links are signed with PSEUDONYM_KEY")?;
    let subject = keys.subject_for_email(email);
    Ok(format!(
        "{}/newsletter/unsubscribe?token={}",
        base_url.trim_end_matches('/'),
        keys.unsubscribe_token(&subject)
    ))
}
