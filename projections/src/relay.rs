//! The outbox relay: publishes unpublished outbox rows to Kafka in `id` order (key = aggregate
//! id, so per-aggregate order holds on the partition) and stamps them published once the broker
//! acknowledged them. A crash between send and stamp only republishes: duplicates, never loss.
//! A Postgres advisory lock keeps a single active relay; others wait as standbys.

use std::time::Duration;

use rdkafka::producer::{FutureProducer, FutureRecord};
use sqlx::{PgPool, Row};
use tokio::sync::watch;

use crate::bus::{self, BusConfig, BusError};
use crate::envelope::Envelope;

/// Advisory lock key held by the active relay ("outbox" in ASCII).
const RELAY_LOCK: i64 = 0x6f7574626f78;

#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error(transparent)]
    Bus(#[from] BusError),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the broker did not acknowledge event {event_id}: {reason}")]
    NotAcknowledged {
        event_id: uuid::Uuid,
        reason: String,
    },
}

#[derive(Debug, Clone)]
pub struct RelayConfig {
    pub topic: String,
    pub batch_size: i64,
    pub idle_poll: Duration,
}

impl Default for RelayConfig {
    fn default() -> Self {
        Self {
            topic: bus::EVENTS_TOPIC.to_string(),
            batch_size: 500,
            idle_poll: Duration::from_millis(50),
        }
    }
}

pub struct Relay {
    pool: PgPool,
    producer: FutureProducer,
    config: RelayConfig,
}

impl Relay {
    pub fn new(pool: PgPool, bus: &BusConfig, config: RelayConfig) -> Result<Self, RelayError> {
        Ok(Self {
            pool,
            producer: bus.producer()?,
            config,
        })
    }

    /// Publishes until `shutdown` turns true, then flushes the producer.
    pub async fn run(&self, mut shutdown: watch::Receiver<bool>) -> Result<(), RelayError> {
        // The lock lives as long as this connection: a crashed relay releases it at once.
        let mut lock_conn = self.pool.acquire().await?;
        loop {
            let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(RELAY_LOCK)
                .fetch_one(&mut *lock_conn)
                .await?;
            if locked {
                break;
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                _ = shutdown.changed() => return Ok(()),
            }
        }
        tracing::info!(topic = %self.config.topic, "outbox relay active");
        let mut backoff = Duration::from_millis(100);
        while !*shutdown.borrow() {
            match self.publish_batch().await {
                Ok(0) => {
                    backoff = Duration::from_millis(100);
                    tokio::select! {
                        _ = tokio::time::sleep(self.config.idle_poll) => {}
                        _ = shutdown.changed() => {}
                    }
                }
                Ok(_) => backoff = Duration::from_millis(100),
                Err(e) => {
                    tracing::error!(error = %e, "relay batch failed; retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = shutdown.changed() => {}
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                }
            }
        }
        bus::flush(&self.producer, Duration::from_secs(10));
        let _ = sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(RELAY_LOCK)
            .execute(&mut *lock_conn)
            .await;
        Ok(())
    }

    /// Publishes the oldest unpublished rows (at most one batch); answers how many.
    pub async fn publish_batch(&self) -> Result<usize, RelayError> {
        let rows = sqlx::query(
            "SELECT o.id, o.event_id, o.aggregate_type, o.aggregate_id, o.sequence, o.recorded_at, \
                    e.event_type, e.event_version, e.payload, e.metadata \
             FROM outbox o \
             JOIN events e USING (aggregate_type, aggregate_id, sequence) \
             WHERE o.published_at IS NULL ORDER BY o.id LIMIT $1",
        )
        .bind(self.config.batch_size)
        .fetch_all(&self.pool)
        .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        let mut ids = Vec::with_capacity(rows.len());
        let mut pending = Vec::with_capacity(rows.len());
        for row in rows {
            ids.push(row.get::<i64, _>("id"));
            let envelope = Envelope {
                event_id: row.get("event_id"),
                aggregate_type: row.get("aggregate_type"),
                aggregate_id: row.get("aggregate_id"),
                sequence: row.get("sequence"),
                event_type: row.get("event_type"),
                event_version: row.get("event_version"),
                payload: row.get("payload"),
                metadata: row.get("metadata"),
                recorded_at: row.get("recorded_at"),
            };
            let body = serde_json::to_vec(&envelope).expect("envelope serialises");
            let mut record = FutureRecord::to(&self.config.topic)
                .key(&envelope.aggregate_id)
                .payload(&body);
            let delivery = loop {
                match self.producer.send_result(record) {
                    Ok(delivery) => break delivery,
                    Err((e, returned)) if is_queue_full(&e) => {
                        record = returned;
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                    Err((e, _)) => return Err(BusError::from_kafka(e).into()),
                }
            };
            pending.push((envelope.event_id, delivery));
        }
        for (event_id, delivery) in pending {
            match delivery.await {
                Ok(Ok(_)) => {}
                Ok(Err((e, _))) => {
                    return Err(RelayError::NotAcknowledged {
                        event_id,
                        reason: e.to_string(),
                    })
                }
                Err(_) => {
                    return Err(RelayError::NotAcknowledged {
                        event_id,
                        reason: "the producer was dropped".into(),
                    })
                }
            }
        }
        sqlx::query("UPDATE outbox SET published_at = now() WHERE id = ANY($1)")
            .bind(&ids)
            .execute(&self.pool)
            .await?;
        Ok(ids.len())
    }
}

fn is_queue_full(e: &rdkafka::error::KafkaError) -> bool {
    e.rdkafka_error_code() == Some(rdkafka::types::RDKafkaErrorCode::QueueFull)
}
