//! The catalog projection: idempotent, ordered per aggregate, fed by Kafka, rebuildable.

use std::time::Duration;

use crate::common::*;
use projections::catalog::{self, StoredEvent};
use projections::relay::{Relay, RelayConfig};
use sqlx::Row;

async fn stored(env: &TestEnv, aggregate_id: &str) -> Vec<StoredEvent> {
    sqlx::query(
        "SELECT aggregate_type, aggregate_id, sequence, event_type, event_version, payload FROM events \
         WHERE aggregate_id = $1 ORDER BY sequence",
    )
    .bind(aggregate_id)
    .fetch_all(&env.pool)
    .await
    .unwrap()
    .iter()
    .map(|r| StoredEvent {
        aggregate_type: r.get("aggregate_type"),
        aggregate_id: r.get("aggregate_id"),
        sequence: r.get("sequence"),
        event_type: r.get("event_type"),
        event_version: r.get("event_version"),
        payload: r.get("payload"),
        recorded_at: None,
    })
    .collect()
}

async fn price(env: &TestEnv, blain: &str) -> Option<i64> {
    sqlx::query_scalar("SELECT price_cents FROM products WHERE blain_number = $1")
        .bind(blain)
        .fetch_optional(&env.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn duplicates_are_skipped_and_an_older_event_never_overwrites_a_newer_one() {
    let env = spawn_env().await;
    append_price_changes(&env.pool, 1, 3).await; // prices 1000, 1001, 1002
    let events = stored(&env, "500000").await;

    assert_eq!(catalog::apply(&env.pool, events.clone()).await.unwrap(), 3);
    assert_eq!(price(&env, "500000").await, Some(1002));
    // Redelivered in any order: nothing changes.
    let mut replay = events.clone();
    replay.reverse();
    assert_eq!(catalog::apply(&env.pool, replay).await.unwrap(), 0);
    assert_eq!(price(&env, "500000").await, Some(1002));
}

#[tokio::test]
async fn a_gap_is_caught_up_from_the_event_store() {
    let env = spawn_env().await;
    append_price_changes(&env.pool, 1, 3).await;
    let events = stored(&env, "500000").await;
    // Only sequence 3 arrives (1 and 2 were lost on the way): all three get applied.
    assert_eq!(
        catalog::apply(&env.pool, vec![events[2].clone()])
            .await
            .unwrap(),
        3
    );
    assert_eq!(price(&env, "500000").await, Some(1002));
    let last: i64 = sqlx::query_scalar(
        "SELECT last_sequence FROM projection_progress WHERE aggregate_id = '500000'",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert_eq!(last, 3);
}

#[tokio::test]
async fn events_reach_the_read_model_through_the_relay_and_kafka() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    append_price_changes(&env.pool, 5, 2).await;

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let relay = Relay::new(
        env.pool.clone(),
        &env.bus,
        RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    let relay_task = tokio::spawn({
        let stop = stop_rx.clone();
        async move { relay.run(stop).await }
    });
    let consumer_task = tokio::spawn(projections::runner::run_projections(
        env.pool.clone(),
        env.bus.clone(),
        env.topic.clone(),
        projections::runner::projections_group("storefront"),
        stop_rx,
    ));

    let projected = eventually(Duration::from_secs(30), || async {
        count(
            &env.pool,
            "SELECT count(*) FROM products WHERE price_cents = 1001",
        )
        .await
            == 5
    })
    .await;
    assert!(
        projected,
        "all five products projected at their latest price"
    );

    // A change made while everything runs arrives too.
    append_price_changes(&env.pool, 1, 1).await; // 500000 back to 1000 at sequence 3
    let updated = eventually(Duration::from_secs(30), || async {
        price(&env, "500000").await == Some(1000)
    })
    .await;
    assert!(updated);

    stop_tx.send(true).unwrap();
    tokio::time::timeout(Duration::from_secs(15), relay_task)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    tokio::time::timeout(Duration::from_secs(15), consumer_task)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
}

#[tokio::test]
async fn a_rebuild_reproduces_the_read_models_from_the_event_store() {
    let env = spawn_env().await;
    append_price_changes(&env.pool, 4, 3).await;
    catalog::catch_up(&env.pool, 5, &|_, _| {}).await.unwrap();
    sqlx::query("UPDATE products SET price_cents = 1")
        .execute(&env.pool)
        .await
        .unwrap();

    let replayed = catalog::rebuild(&env.pool, 5, &|_, _| {}).await.unwrap();
    assert_eq!(replayed, 12);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM products WHERE price_cents = 1002"
        )
        .await,
        4
    );
}
