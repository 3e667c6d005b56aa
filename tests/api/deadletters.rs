//! A poison message never stalls the projections: after bounded retries it is parked in
//! `dead_letters` with its error, counted on `/readyz` and `/metrics`, and the next event is
//! projected; `deadletters retry` applies it once it can be applied.

use std::time::Duration;

use crate::common::*;
use projections::envelope::Envelope;
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::ClientConfig;
use serde_json::json;

fn envelope(blain: &str, payload: serde_json::Value) -> Envelope {
    Envelope {
        event_id: uuid::Uuid::new_v4(),
        aggregate_type: "Product".into(),
        aggregate_id: blain.into(),
        sequence: 1,
        event_type: "ProductUpserted".into(),
        event_version: "1.0".into(),
        payload,
        metadata: json!({}),
        recorded_at: chrono::Utc::now(),
    }
}

fn good(blain: &str) -> serde_json::Value {
    json!({ "ProductUpserted": serde_json::to_value(product(blain, 1234)).unwrap() })
}

async fn produce(topic: &str, key: &str, body: Vec<u8>) {
    let producer: FutureProducer = ClientConfig::new()
        .set("bootstrap.servers", brokers())
        .create()
        .unwrap();
    producer
        .send(
            FutureRecord::to(topic).key(key).payload(&body),
            Duration::from_secs(10),
        )
        .await
        .map_err(|(e, _)| e)
        .unwrap();
}

async fn products(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM products").await
}

#[tokio::test]
async fn a_poison_event_is_dead_lettered_and_the_next_event_projected() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    // All on one key, so one partition, in this order: garbage, a poison event, a good one.
    produce(&env.topic, "k", b"not json at all".to_vec()).await;
    let poison = envelope("700001", json!({"ProductUpserted": {"oops": true}}));
    produce(&env.topic, "k", serde_json::to_vec(&poison).unwrap()).await;
    produce(
        &env.topic,
        "k",
        serde_json::to_vec(&envelope("700002", good("700002"))).unwrap(),
    )
    .await;

    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let consumer = tokio::spawn(projections::runner::run_projections(
        env.pool.clone(),
        env.bus.clone(),
        env.topic.clone(),
        unique("dl"),
        stop_rx,
    ));
    let projected = eventually(Duration::from_secs(30), || async {
        products(&env).await == 1
    })
    .await;
    assert!(projected, "the event after the poison one was projected");
    let letters = projections::deadletters::list(&env.pool).await.unwrap();
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(15), consumer).await;

    assert_eq!(letters.len(), 2, "{letters:?}");
    assert!(
        letters[0].error.contains("not an event envelope"),
        "{:?}",
        letters[0]
    );
    assert_eq!(letters[0].message, "not json at all");
    let parked = &letters[1];
    assert_eq!(parked.aggregate_id.as_deref(), Some("700001"));
    assert_eq!(parked.sequence, Some(1));
    assert_eq!(
        parked.attempts,
        projections::deadletters::MAX_ATTEMPTS as i32
    );
    assert!(parked.error.contains("catalog"), "{}", parked.error);

    // Counted where operators look.
    let mut c = Client::new(&env);
    assert_eq!(
        c.get_as_operator("/ops/readyz").await.json()["deadLetters"],
        2
    );
    assert!(c
        .get("/metrics")
        .await
        .body
        .contains("storefront_dead_letters 2"));

    // A retry that still fails keeps them; once fixed (here: the message repaired, as a new
    // upcaster would), it applies and the dead letter is gone.
    let report = projections::deadletters::retry(&env.pool, None)
        .await
        .unwrap();
    assert_eq!(report.applied, 0);
    assert_eq!(report.still_failing.len(), 2);
    let repaired = serde_json::to_string(&envelope("700001", good("700001"))).unwrap();
    sqlx::query("UPDATE dead_letters SET message = $1 WHERE id = $2")
        .bind(repaired)
        .bind(parked.id)
        .execute(&env.pool)
        .await
        .unwrap();
    let report = projections::deadletters::retry(&env.pool, Some(parked.id))
        .await
        .unwrap();
    assert_eq!(report.applied, 1, "{report:?}");
    assert_eq!(products(&env).await, 2);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM dead_letters").await,
        1
    );
}

#[tokio::test]
async fn two_stacks_with_their_own_group_prefix_each_get_every_event() {
    // Two stores (two databases) read the same topic on one broker.
    let one = spawn_env().await;
    let two = spawn_env().await;
    one.ensure_topic().await;
    for i in 0..20 {
        let blain = format!("{}", 710000 + i);
        produce(
            &one.topic,
            &blain,
            serde_json::to_vec(&envelope(&blain, good(&blain))).unwrap(),
        )
        .await;
    }
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut tasks = Vec::new();
    for (env, prefix) in [(&one, unique("stack-a")), (&two, unique("stack-b"))] {
        tasks.push(tokio::spawn(projections::runner::run_projections(
            env.pool.clone(),
            env.bus.clone(),
            one.topic.clone(),
            projections::runner::projections_group(&prefix),
            stop_rx.clone(),
        )));
    }
    let both = eventually(Duration::from_secs(30), || async {
        products(&one).await == 20 && products(&two).await == 20
    })
    .await;
    let _ = stop_tx.send(true);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
    }
    assert!(
        both,
        "each stack projected all 20 (one: {}, two: {})",
        products(&one).await,
        products(&two).await
    );
}
