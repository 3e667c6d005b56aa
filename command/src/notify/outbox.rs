//! The local notifier: the `notifications` table is the mailbox. Nothing leaves the store; an
//! operator reads the messages with `storefront mail list|show` (the default without
//! `SMTP_URL`, and how a person running the store locally follows a sign-up link). Also the
//! table's reads for that CLI and its erasure for `privacy forget`.

use chrono::{DateTime, Utc};
use sqlx::{PgExecutor, PgPool, Row};

use super::{Channel, Message, Notifier, NotifyError, Sent};

/// Keeps every message, once per key, in `notifications`.
#[derive(Clone)]
pub struct Outbox {
    pub pool: PgPool,
}

#[async_trait::async_trait]
impl Notifier for Outbox {
    async fn send(&self, message: Message) -> Result<Sent, NotifyError> {
        let sent = record(&self.pool, &message).await?;
        tracing::info!(key = %message.key, channel = %message.channel, ?sent, "notification kept in the mailbox");
        Ok(sent)
    }
}

/// Inserts the whole message (recipient, title and text) unless its key is there.
pub(crate) async fn record<'c>(
    db: impl PgExecutor<'c>,
    message: &Message,
) -> Result<Sent, NotifyError> {
    let inserted = sqlx::query(
        "INSERT INTO notifications (key, channel, subject, recipient, title, body, sent_at) \
         VALUES ($1, $2, $3, $4, $5, $6, now()) ON CONFLICT (key) DO NOTHING",
    )
    .bind(&message.key)
    .bind(message.channel.as_str())
    .bind(&message.subject)
    .bind(&message.to)
    .bind(&message.title)
    .bind(&message.text)
    .execute(db)
    .await?
    .rows_affected();
    Ok(if inserted == 1 {
        Sent::Now
    } else {
        Sent::Already
    })
}

/// Days the mailbox keeps a message's recipient, title and text; after that only its key (so it
/// is still sent once) and when. Reset links and codes are long dead by then.
pub const MAILBOX_RETENTION_DAYS: i32 = 30;

/// Blanks the recipient, title and text of mailbox messages older than
/// [`MAILBOX_RETENTION_DAYS`] (the rows stay: their keys keep each message once). Answers how
/// many were blanked.
pub async fn forget_old(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE notifications SET recipient = NULL, title = NULL, body = NULL \
         WHERE created_at < now() - make_interval(days => $1) \
         AND (recipient IS NOT NULL OR title IS NOT NULL OR body IS NOT NULL)",
    )
    .bind(MAILBOX_RETENTION_DAYS)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// A row of `notifications`. Holds the recipient and the text in clear (the mailbox's rows;
/// the SMTP adapter's rows have none): print it for an operator, never log it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutboxEntry {
    pub key: String,
    pub channel: Channel,
    pub subject: Option<String>,
    pub to: Option<String>,
    pub title: Option<String>,
    pub text: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When the message went: into the mailbox, or to the SMTP server; `None` while an SMTP
    /// send is under way.
    pub sent_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "key, channel, subject, recipient, title, body, created_at, sent_at";

fn entry(row: &sqlx::postgres::PgRow) -> Result<OutboxEntry, sqlx::Error> {
    let channel: String = row.try_get("channel")?;
    Ok(OutboxEntry {
        key: row.try_get("key")?,
        channel: Channel::parse(&channel).ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "channel".into(),
            source: format!("unknown channel '{channel}'").into(),
        })?,
        subject: row.try_get("subject")?,
        to: row.try_get("recipient")?,
        title: row.try_get("title")?,
        text: row.try_get("body")?,
        created_at: row.try_get("created_at")?,
        sent_at: row.try_get("sent_at")?,
    })
}

/// The newest `limit` messages, newest first.
pub async fn list<'c>(
    db: impl PgExecutor<'c>,
    limit: i64,
) -> Result<Vec<OutboxEntry>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM notifications ORDER BY created_at DESC, key DESC LIMIT $1"
    ))
    .bind(limit.max(0))
    .fetch_all(db)
    .await?
    .iter()
    .map(entry)
    .collect()
}

/// The message with this key.
pub async fn show<'c>(
    db: impl PgExecutor<'c>,
    key: &str,
) -> Result<Option<OutboxEntry>, sqlx::Error> {
    sqlx::query(&format!(
        "SELECT {COLUMNS} FROM notifications WHERE key = $1"
    ))
    .bind(key)
    .fetch_optional(db)
    .await?
    .as_ref()
    .map(entry)
    .transpose()
}

/// Deletes every message of the subject (`privacy forget`); answers how many.
pub async fn forget_subject<'c>(
    db: impl PgExecutor<'c>,
    subject: &str,
) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM notifications WHERE subject = $1")
        .bind(subject)
        .execute(db)
        .await?
        .rows_affected())
}

/// Claims `message`'s key for a sender that keeps no copy of the text (SMTP, the SMS
/// gateway): true when this sender may send: a new claim (key, channel and subject only), or
/// a claim left unsent for `stale` by a process that died while sending, taken over.
pub async fn claim(
    pool: &PgPool,
    message: &Message,
    stale: std::time::Duration,
) -> Result<bool, NotifyError> {
    let claimed = sqlx::query(
        "INSERT INTO notifications (key, channel, subject) VALUES ($1, $2, $3) \
         ON CONFLICT (key) DO NOTHING",
    )
    .bind(&message.key)
    .bind(message.channel.as_str())
    .bind(&message.subject)
    .execute(pool)
    .await?
    .rows_affected()
        == 1;
    if claimed {
        return Ok(true);
    }
    let taken_over = sqlx::query(
        "UPDATE notifications SET created_at = now() \
         WHERE key = $1 AND sent_at IS NULL AND body IS NULL \
           AND created_at < now() - make_interval(secs => $2)",
    )
    .bind(&message.key)
    .bind(stale.as_secs_f64())
    .execute(pool)
    .await?
    .rows_affected()
        == 1;
    if taken_over {
        tracing::warn!(key = %message.key, "an unsent claim of a notification was taken over: sending it again");
    }
    Ok(taken_over)
}
