//! Keeps a process's index current from `storefront.events.v1`: each batch first brings the
//! catalog read models up to date for its events (the projection is idempotent, so whether the
//! projections consumer got there first does not matter, and poison events are dead-lettered
//! as there), then re-reads the touched products and replaces their documents.
//!
//! Each process with the query role has its own index and its own consumer group,
//! `PREFIX.indexer.INSTANCE` (SEARCH_INSTANCE, the host name by default), so query replicas
//! scale out on Kafka with no shared disk; a restarted replica resumes from its committed
//! offsets.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use projections::bus::{self, BatchPolicy, BusConfig, BusError};
use rdkafka::message::Message;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::engine::SearchEngine;

/// The consumer group of one process's index.
pub fn indexer_group(prefix: &str, instance: &str) -> String {
    format!("{prefix}.indexer.{instance}")
}

/// Product numbers an event touches in the index, and whether departments changed.
fn touched(aggregate_type: &str, aggregate_id: &str, ids: &mut BTreeSet<String>) -> bool {
    match aggregate_type {
        "Product" | "Inventory" => {
            ids.insert(aggregate_id.to_string());
            false
        }
        "Department" => true,
        // A review changes its product's rating (projected inline, before the event is on the
        // topic): the 'Top Rated' sort follows within the batch.
        "Review" => {
            if let Some(product) = projections::model::reviews::product_of(aggregate_id) {
                ids.insert(product.to_string());
            }
            false
        }
        _ => false,
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IndexerError {
    #[error(transparent)]
    Projection(#[from] projections::engine::ProjectionError),
    #[error(transparent)]
    Search(#[from] crate::engine::SearchError),
}

pub async fn run_indexer(
    engine: Arc<SearchEngine>,
    pool: PgPool,
    bus: BusConfig,
    topic: String,
    group: String,
    shutdown: watch::Receiver<bool>,
) -> Result<(), BusError> {
    let policy = BatchPolicy::fixed(1000, Duration::from_millis(20));
    bus::consume(
        &bus,
        &group.clone(),
        &[topic.as_str()],
        policy,
        shutdown,
        |batch| {
            let (engine, pool, group) = (engine.clone(), pool.clone(), group.clone());
            async move {
                let mut ids = BTreeSet::new();
                let mut departments = false;
                for m in batch.iter() {
                    let Some(body) = m.payload() else { continue };
                    if let Ok(e) = serde_json::from_slice::<projections::envelope::Envelope>(body) {
                        departments |= touched(&e.aggregate_type, &e.aggregate_id, &mut ids);
                    }
                }
                projections::runner::apply_batch(&pool, &group, batch).await?;
                if departments {
                    engine.refresh_departments(&pool).await?;
                }
                let ids: Vec<String> = ids.into_iter().collect();
                engine.update(&pool, &ids).await?;
                Ok::<(), IndexerError>(())
            }
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_touches_its_product_and_a_department_the_whole_tree() {
        let mut ids = BTreeSet::new();
        assert!(!touched("Review", "rv:800009:cu_0123", &mut ids));
        assert!(!touched("Inventory", "800001", &mut ids));
        assert!(!touched("Customer", "cu_0123", &mut ids));
        assert_eq!(ids.into_iter().collect::<Vec<_>>(), ["800001", "800009"]);
        assert!(touched("Department", "12", &mut BTreeSet::new()));
    }
}
