//! Dead letters: messages a consumer could not apply after bounded retries. They are parked
//! with the error in `dead_letters` so the consumer moves on to the next message; `/readyz`
//! and `/metrics` count them; `storefront deadletters list|retry` shows them and applies them
//! again (after a fix, e.g. a new upcaster), deleting each one that now applies.
//!
//! What is poison and what is an outage: an event that cannot be decoded, or that the read
//! model refuses (PostgreSQL data or constraint errors, SQLSTATE classes 22 and 23), will fail
//! the same way forever; anything else (connection lost, timeouts) is an outage, and the batch
//! is retried until it passes.

use sqlx::{PgPool, Row};

use crate::engine::{ProjectionError, StoredEvent};

/// Attempts of a poison event before it is parked.
pub const MAX_ATTEMPTS: u32 = 3;

/// Whether the error will repeat however often the event is applied.
pub fn is_poison(e: &ProjectionError) -> bool {
    match e {
        ProjectionError::Decode { .. } => true,
        ProjectionError::Database(sqlx::Error::Database(db)) => db
            .code()
            .is_some_and(|c| c.starts_with("22") || c.starts_with("23")),
        ProjectionError::Database(_) => false,
        // Missing master keys are fixed by configuration, not by parking the event.
        ProjectionError::Privacy(_) => false,
    }
}

/// Where a message came from.
#[derive(Debug, Clone)]
pub struct Origin<'a> {
    pub consumer: &'a str,
    pub topic: &'a str,
    pub partition: i32,
    pub offset: i64,
}

/// Parks a message. The message text is stored as received (lossy UTF-8, NUL removed so
/// PostgreSQL can hold it). A message parked twice (redelivered) stays one row.
pub async fn park(
    pool: &PgPool,
    origin: &Origin<'_>,
    event: Option<&StoredEvent>,
    message: &[u8],
    error: &str,
    attempts: u32,
) -> Result<(), sqlx::Error> {
    let text = String::from_utf8_lossy(message).replace('\0', "");
    sqlx::query(
        "INSERT INTO dead_letters (consumer, topic, partition, \"offset\", aggregate_type, aggregate_id, \
         sequence, event_type, message, error, attempts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (consumer, topic, partition, \"offset\") DO UPDATE SET error = EXCLUDED.error, \
         attempts = dead_letters.attempts + EXCLUDED.attempts",
    )
    .bind(origin.consumer)
    .bind(origin.topic)
    .bind(origin.partition)
    .bind(origin.offset)
    .bind(event.map(|e| e.aggregate_type.as_str()))
    .bind(event.map(|e| e.aggregate_id.as_str()))
    .bind(event.map(|e| e.sequence))
    .bind(event.map(|e| e.event_type.as_str()))
    .bind(text)
    .bind(error.replace('\0', ""))
    .bind(attempts as i32)
    .execute(pool)
    .await?;
    tracing::error!(
        consumer = origin.consumer,
        partition = origin.partition,
        offset = origin.offset,
        aggregate =
            event.map(|e| format!("{}/{}#{}", e.aggregate_type, e.aggregate_id, e.sequence)),
        // The error text can quote payload values (personal data): it stays in the table.
        "message dead-lettered after {attempts} attempts; `storefront deadletters list` shows why"
    );
    Ok(())
}

/// A parked message as listed.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DeadLetter {
    pub id: i64,
    pub consumer: String,
    pub topic: String,
    pub partition: i32,
    pub offset: i64,
    pub aggregate_type: Option<String>,
    pub aggregate_id: Option<String>,
    pub sequence: Option<i64>,
    pub event_type: Option<String>,
    pub message: String,
    pub error: String,
    pub attempts: i32,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

pub async fn list(pool: &PgPool) -> Result<Vec<DeadLetter>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, consumer, topic, partition, \"offset\", aggregate_type, aggregate_id, sequence, \
         event_type, message, error, attempts, created_at FROM dead_letters ORDER BY id",
    )
    .fetch_all(pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| DeadLetter {
            id: r.get("id"),
            consumer: r.get("consumer"),
            topic: r.get("topic"),
            partition: r.get("partition"),
            offset: r.get("offset"),
            aggregate_type: r.get("aggregate_type"),
            aggregate_id: r.get("aggregate_id"),
            sequence: r.get("sequence"),
            event_type: r.get("event_type"),
            message: r.get("message"),
            error: r.get("error"),
            attempts: r.get("attempts"),
            created_at: r.get("created_at"),
        })
        .collect())
}

/// What a retry did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct RetryReport {
    pub applied: usize,
    pub still_failing: Vec<(i64, String)>,
}

/// Applies parked events again (all, or the one with `only`), to every projection of their
/// aggregate type; each one that applies is deleted, the others keep their row with the new
/// error and one more attempt.
pub async fn retry(pool: &PgPool, only: Option<i64>) -> Result<RetryReport, ProjectionError> {
    let mut report = RetryReport::default();
    for letter in list(pool).await? {
        if only.is_some_and(|id| id != letter.id) {
            continue;
        }
        let outcome = match serde_json::from_str::<crate::envelope::Envelope>(&letter.message) {
            Ok(envelope) => {
                let event = StoredEvent::from(envelope);
                let mut result = Ok(());
                for projection in crate::registry::all() {
                    if let Err(e) = crate::engine::reapply(projection, pool, &event).await {
                        result = Err(e.to_string());
                        break;
                    }
                }
                result
            }
            Err(e) => Err(format!("not an event envelope: {e}")),
        };
        match outcome {
            Ok(()) => {
                sqlx::query("DELETE FROM dead_letters WHERE id = $1")
                    .bind(letter.id)
                    .execute(pool)
                    .await?;
                report.applied += 1;
            }
            Err(error) => {
                sqlx::query(
                    "UPDATE dead_letters SET error = $2, attempts = attempts + 1 WHERE id = $1",
                )
                .bind(letter.id)
                .bind(error.replace('\0', ""))
                .execute(pool)
                .await?;
                report.still_failing.push((letter.id, error));
            }
        }
    }
    Ok(report)
}
