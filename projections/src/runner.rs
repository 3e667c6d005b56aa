//! Runs the projections from Kafka: one consumer group reads `storefront.events.v1` and feeds
//! each batch to every projection that is not projected inline by the write side.
//!
//! Poison messages never stall it: a message that is not an event envelope is parked at once
//! (it can never succeed); an event a projection cannot apply (undecodable, or refused by the
//! read model) is retried alone [`deadletters::MAX_ATTEMPTS`] times, then parked and skipped,
//! and the rest of the batch applies. Outages (database unreachable) make the batch retry
//! until it passes.

use std::sync::Arc;
use std::time::Duration;

use rdkafka::message::{Message, OwnedMessage};
use sqlx::PgPool;
use tokio::sync::watch;

use crate::bus::{self, BatchPolicy, BusConfig, BusError};
use crate::deadletters::{self, Origin};
use crate::engine::{self, ProjectionError, StoredEvent};
use crate::envelope::Envelope;

/// The consumer group of the projections: `PREFIX.projections` (CONSUMER_GROUP_PREFIX), so
/// two stacks can share a broker.
pub fn projections_group(prefix: &str) -> String {
    format!("{prefix}.projections")
}

pub async fn run_projections(
    pool: PgPool,
    bus: BusConfig,
    topic: String,
    group: String,
    shutdown: watch::Receiver<bool>,
) -> Result<(), BusError> {
    bus::consume(
        &bus,
        &group.clone(),
        &[topic.as_str()],
        BatchPolicy::default(),
        shutdown,
        |batch| {
            let (pool, group) = (pool.clone(), group.clone());
            async move { apply_batch(&pool, &group, batch).await }
        },
    )
    .await
}

fn origin<'a>(group: &'a str, m: &'a OwnedMessage) -> Origin<'a> {
    Origin {
        consumer: group,
        topic: m.topic(),
        partition: m.partition(),
        offset: m.offset(),
    }
}

/// Applies one batch of messages to every Kafka-fed projection, parking poison messages.
pub async fn apply_batch(
    pool: &PgPool,
    group: &str,
    batch: Arc<Vec<OwnedMessage>>,
) -> Result<(), ProjectionError> {
    let mut events: Vec<(StoredEvent, &OwnedMessage)> = Vec::with_capacity(batch.len());
    for m in batch.iter() {
        let body = m.payload().unwrap_or_default();
        match serde_json::from_slice::<Envelope>(body) {
            Ok(e) => events.push((StoredEvent::from(e), m)),
            Err(e) => {
                let error = format!("not an event envelope: {e}");
                deadletters::park(pool, &origin(group, m), None, body, &error, 1).await?;
            }
        }
    }
    for projection in crate::registry::all().into_iter().filter(|p| !p.inline()) {
        let all: Vec<StoredEvent> = events.iter().map(|(e, _)| e.clone()).collect();
        match engine::apply(projection, pool, all).await {
            Ok(_) => continue,
            Err(e) if deadletters::is_poison(&e) => {}
            Err(e) => return Err(e),
        }
        // Some event of the batch is poison: apply them one at a time to find it.
        for (event, message) in &events {
            let mut attempts = 0;
            loop {
                match engine::apply(projection, pool, vec![event.clone()]).await {
                    Ok(_) => break,
                    Err(e) if deadletters::is_poison(&e) => {
                        attempts += 1;
                        if attempts < deadletters::MAX_ATTEMPTS {
                            tokio::time::sleep(Duration::from_millis(100 * u64::from(attempts)))
                                .await;
                            continue;
                        }
                        let body = message.payload().unwrap_or_default();
                        let error = format!("{}: {e}", projection.name());
                        deadletters::park(
                            pool,
                            &origin(group, message),
                            Some(event),
                            body,
                            &error,
                            attempts,
                        )
                        .await?;
                        engine::skip_past(projection, pool, event).await?;
                        break;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
    }
    Ok(())
}
