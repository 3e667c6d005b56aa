//! Runs the projections from Kafka: one consumer group reads `storefront.events.v1` and feeds
//! each batch to every projection that is not projected inline by the write side. Messages that are not an envelope are logged and skipped
//! (they can never succeed); database errors make the batch retry.

use rdkafka::message::Message;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::bus::{self, BatchPolicy, BusConfig, BusError};
use crate::engine::{self, StoredEvent};
use crate::envelope::Envelope;

pub const PROJECTIONS_GROUP: &str = "storefront.projections";

pub async fn run_projections(
    pool: PgPool,
    bus: BusConfig,
    topic: String,
    shutdown: watch::Receiver<bool>,
) -> Result<(), BusError> {
    bus::consume(
        &bus,
        PROJECTIONS_GROUP,
        &[topic.as_str()],
        BatchPolicy::default(),
        shutdown,
        |batch| {
            let pool = pool.clone();
            async move {
                let events: Vec<StoredEvent> = batch
                    .iter()
                    .filter_map(|m| {
                        let body = m.payload()?;
                        match serde_json::from_slice::<Envelope>(body) {
                            Ok(e) => Some(StoredEvent::from(e)),
                            Err(e) => {
                                tracing::warn!(partition = m.partition(), offset = m.offset(), error = %e,
                                    "skipping a message that is not an event envelope");
                                None
                            }
                        }
                    })
                    .collect();
                for projection in engine::all().into_iter().filter(|p| !p.inline()) {
                    engine::apply(projection, &pool, events.clone()).await?;
                }
                Ok::<(), engine::ProjectionError>(())
            }
        },
    )
    .await
}
