//! The outbox relay: per-aggregate order on the topic, and no loss across a crash.

use std::collections::{HashMap, HashSet};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::*;
use projections::relay::{Relay, RelayConfig};
use uuid::Uuid;

async fn event_ids(env: &TestEnv) -> HashSet<Uuid> {
    sqlx::query_scalar("SELECT event_id FROM outbox")
        .fetch_all(&env.pool)
        .await
        .unwrap()
        .into_iter()
        .collect()
}

/// Per aggregate, the first time each sequence shows up must be in increasing order with no
/// gap, starting at 1 (duplicates after a crash are allowed).
fn assert_per_aggregate_order(messages: &[projections::envelope::Envelope]) {
    let mut next: HashMap<&str, i64> = HashMap::new();
    for m in messages {
        let expected = next.entry(&m.aggregate_id).or_insert(1);
        if m.sequence == *expected {
            *expected += 1;
        } else {
            assert!(
                m.sequence < *expected,
                "aggregate {} jumped to sequence {} before {}",
                m.aggregate_id,
                m.sequence,
                expected
            );
        }
    }
}

#[tokio::test]
async fn the_relay_publishes_every_event_in_per_aggregate_order() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    append_price_changes(&env.pool, 12, 15).await;

    let relay = Relay::new(
        env.pool.clone(),
        &env.bus,
        RelayConfig {
            topic: env.topic.clone(),
            batch_size: 40,
            ..Default::default()
        },
    )
    .unwrap();
    let mut published = 0;
    loop {
        let n = relay.publish_batch().await.unwrap();
        if n == 0 {
            break;
        }
        published += n;
    }
    assert_eq!(published, 180);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM outbox WHERE published_at IS NULL"
        )
        .await,
        0
    );

    let messages = read_topic(&env.topic, 180, Duration::from_secs(30)).await;
    assert_eq!(
        messages.len(),
        180,
        "each event exactly once without a crash"
    );
    let seen: HashSet<Uuid> = messages.iter().map(|m| m.event_id).collect();
    assert_eq!(seen, event_ids(&env).await);
    assert_per_aggregate_order(&messages);
    let first = messages
        .iter()
        .find(|m| m.aggregate_id == "500003" && m.sequence == 2)
        .unwrap();
    assert_eq!(first.aggregate_type, "Product");
    assert_eq!(first.event_type, "ProductUpserted");
    assert_eq!(first.event_version, "3.0");
    assert_eq!(first.payload["ProductUpserted"]["priceCents"], 1001);
}

fn start_relay(env: &TestEnv) -> Child {
    Command::new(env!("CARGO_BIN_EXE_storefront"))
        .args(["relay", "--batch-size", "25"])
        .env("DATABASE_URL", &env.database_url)
        .env("KAFKA_BROKERS", brokers())
        .env("EVENTS_TOPIC", &env.topic)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("start the relay")
}

#[tokio::test]
async fn a_relay_killed_mid_stream_resumes_without_losing_events() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    append_price_changes(&env.pool, 40, 50).await;
    let total = 2000;

    let mut relay = start_relay(&env);
    let started = eventually(Duration::from_secs(60), || async {
        count(
            &env.pool,
            "SELECT count(*) FROM outbox WHERE published_at IS NOT NULL",
        )
        .await
            > 100
    })
    .await;
    assert!(started, "the relay published something");
    relay.kill().expect("kill -9 the relay");
    relay.wait().unwrap();
    let published_before = count(
        &env.pool,
        "SELECT count(*) FROM outbox WHERE published_at IS NOT NULL",
    )
    .await;
    assert!(
        published_before < total,
        "killed before finishing ({published_before} of {total} published)"
    );

    let mut relay = start_relay(&env);
    let finished = eventually(Duration::from_secs(120), || async {
        count(
            &env.pool,
            "SELECT count(*) FROM outbox WHERE published_at IS NULL",
        )
        .await
            == 0
    })
    .await;
    relay.kill().unwrap();
    relay.wait().unwrap();
    assert!(finished, "the restarted relay published the rest");

    let messages = read_topic(&env.topic, total as usize, Duration::from_secs(60)).await;
    let seen: HashSet<Uuid> = messages.iter().map(|m| m.event_id).collect();
    assert_eq!(seen, event_ids(&env).await, "no event lost");
    assert!(messages.len() >= total as usize);
    assert_per_aggregate_order(&messages);
}
