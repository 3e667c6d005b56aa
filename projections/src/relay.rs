//! The outbox relay: publishes unpublished outbox rows to Kafka in `id` order (key = aggregate
//! id, so per-aggregate order holds on the partition) and stamps them published once the broker
//! acknowledged them. A crash between send and stamp only republishes: duplicates, never loss.
//! A Postgres advisory lock keeps a single active relay; others wait as standbys.
//!
//! The relay heals: when the producer hits a fatal error (an idempotent producer whose broker
//! came back without its data answers UnknownProducerId, and librdkafka then refuses every
//! send) or keeps failing, the producer is dropped and a new one made; unstamped rows are
//! simply published again. Repeated failures are logged once per interval with a count.

use std::time::Duration;

use std::sync::Mutex;

use rdkafka::error::KafkaError;
use rdkafka::producer::{FutureRecord, Producer as _};
use rdkafka::types::RDKafkaErrorCode;
use sqlx::{PgPool, Row};
use tokio::sync::watch;

use crate::bus::{self, BusConfig, BusError, BusProducer};
use crate::envelope::Envelope;
use crate::lograte::LogLimiter;

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
        /// The producer cannot recover from this error: it must be replaced.
        fatal: bool,
    },
}

/// Consecutive failed batches after which the producer is replaced even without a fatal error.
const RECREATE_AFTER_FAILURES: u32 = 3;

/// Errors after which an idempotent producer can never send again.
fn is_fatal(e: &KafkaError) -> bool {
    matches!(
        e.rdkafka_error_code(),
        Some(
            RDKafkaErrorCode::Fatal
                | RDKafkaErrorCode::UnknownProducerId
                | RDKafkaErrorCode::OutOfOrderSequenceNumber
                | RDKafkaErrorCode::InvalidProducerEpoch
                | RDKafkaErrorCode::ProducerFenced
                | RDKafkaErrorCode::InvalidProducerIdMapping
        )
    )
}

#[derive(Debug, Clone)]
pub struct RelayConfig {
    pub topic: String,
    pub batch_size: i64,
    pub idle_poll: Duration,
    /// How long a batch may wait for the broker's acknowledgements. Longer means the producer
    /// is stuck (seen after a broker came back empty: no fatal error, no acknowledgement until
    /// librdkafka's 30 s message timeout): it is replaced and the batch published again.
    pub ack_timeout: Duration,
}

impl Default for RelayConfig {
    fn default() -> Self {
        Self {
            topic: bus::EVENTS_TOPIC.to_string(),
            batch_size: 500,
            idle_poll: Duration::from_millis(50),
            ack_timeout: Duration::from_secs(5),
        }
    }
}

pub struct Relay {
    pool: PgPool,
    bus: BusConfig,
    producer: Mutex<BusProducer>,
    config: RelayConfig,
    limiter: LogLimiter,
}

impl Relay {
    pub fn new(pool: PgPool, bus: &BusConfig, config: RelayConfig) -> Result<Self, RelayError> {
        Ok(Self {
            pool,
            bus: bus.clone(),
            producer: Mutex::new(bus.producer()?),
            config,
            limiter: LogLimiter::default(),
        })
    }

    fn producer(&self) -> BusProducer {
        self.producer
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// Drops the producer (and whatever it still queues) and makes a new one.
    pub fn recreate_producer(&self) -> Result<(), RelayError> {
        let fresh = self.bus.producer()?;
        *self.producer.lock().unwrap_or_else(|e| e.into_inner()) = fresh;
        tracing::warn!("outbox relay: producer recreated");
        Ok(())
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
        let mut failures = 0u32;
        while !*shutdown.borrow() {
            match self.publish_batch().await {
                Ok(n) => {
                    backoff = Duration::from_millis(100);
                    if failures > 0 {
                        let held_back = self.limiter.reset("batch").unwrap_or(0);
                        tracing::info!(failures, held_back, "outbox relay publishing again");
                        failures = 0;
                    }
                    if n == 0 {
                        tokio::select! {
                            _ = tokio::time::sleep(self.config.idle_poll) => {}
                            _ = shutdown.changed() => {}
                        }
                    }
                }
                Err(e) => {
                    failures += 1;
                    if let Some(held_back) = self.limiter.check("batch") {
                        tracing::error!(error = %e, failures, held_back, "relay batch failed; retrying");
                    }
                    let fatal = matches!(e, RelayError::NotAcknowledged { fatal: true, .. })
                        || self.producer().client().fatal_error().is_some();
                    if fatal || failures.is_multiple_of(RECREATE_AFTER_FAILURES) {
                        if let Err(e) = self.recreate_producer() {
                            tracing::error!(error = %e, "outbox relay: could not recreate the producer");
                        }
                    }
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = shutdown.changed() => {}
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(2));
                }
            }
        }
        bus::flush(&self.producer(), Duration::from_secs(10));
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
        let producer = self.producer();
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
                match producer.send_result(record) {
                    Ok(delivery) => break delivery,
                    Err((e, returned)) if is_queue_full(&e) => {
                        record = returned;
                        tokio::time::sleep(Duration::from_millis(5)).await;
                    }
                    Err((e, _)) => {
                        return Err(if is_fatal(&e) {
                            RelayError::NotAcknowledged {
                                event_id: envelope.event_id,
                                reason: e.to_string(),
                                fatal: true,
                            }
                        } else {
                            BusError::from_kafka(e).into()
                        })
                    }
                }
            };
            pending.push((envelope.event_id, delivery));
        }
        let acknowledged = tokio::time::timeout(self.config.ack_timeout, async {
            for (event_id, delivery) in pending {
                match delivery.await {
                    Ok(Ok(_)) => {}
                    Ok(Err((e, _))) => {
                        return Err(RelayError::NotAcknowledged {
                            event_id,
                            fatal: is_fatal(&e),
                            reason: e.to_string(),
                        })
                    }
                    Err(_) => {
                        return Err(RelayError::NotAcknowledged {
                            event_id,
                            reason: "the producer was dropped".into(),
                            fatal: false,
                        })
                    }
                }
            }
            Ok(())
        })
        .await;
        match acknowledged {
            Ok(result) => result?,
            Err(_) => {
                return Err(RelayError::NotAcknowledged {
                    event_id: uuid::Uuid::nil(),
                    reason: format!(
                        "no acknowledgement within {} s",
                        self.config.ack_timeout.as_secs_f64()
                    ),
                    // A producer that sends but never hears back is replaced.
                    fatal: true,
                });
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
