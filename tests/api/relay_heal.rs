//! The relay heals after the broker came back without its data, and `/readyz` reports
//! outbox lag (non-ready past the bound).

use std::time::{Duration, Instant};

use crate::common::*;
use projections::bus::BusConfig;
use projections::relay::{Relay, RelayConfig};

#[tokio::test]
async fn a_broker_restarted_empty_is_caught_up_within_ten_seconds() {
    let env = spawn_env().await;
    let port = free_port();
    let mut broker = start_broker(port, "memory://nisshi/");
    let bus = BusConfig::new(format!("127.0.0.1:{port}"));
    bus.ensure_topics(&[&env.topic]).await.unwrap();

    append_price_changes(&env.pool, 10, 5).await;
    let relay = Relay::new(
        env.pool.clone(),
        &bus,
        RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let task = tokio::spawn(async move { relay.run(stop_rx).await });
    assert!(
        eventually(Duration::from_secs(30), || async {
            unpublished(&env).await == 0
        })
        .await,
        "the first 50 events are published"
    );

    // The broker dies and comes back empty (memory storage) while events keep coming.
    broker.kill().unwrap();
    broker.wait().unwrap();
    append_price_changes(&env.pool, 10, 3).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        unpublished(&env).await,
        30,
        "nothing published without a broker"
    );
    let mut broker = start_broker(port, "memory://nisshi/");
    let back = Instant::now();
    let drained = eventually(Duration::from_secs(10), || async {
        unpublished(&env).await == 0
    })
    .await;
    let took = back.elapsed();
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(15), task).await;
    broker.kill().unwrap();
    broker.wait().unwrap();
    assert!(
        drained,
        "the outbox drained within 10 s of the broker's return (still {} unpublished)",
        unpublished(&env).await
    );
    println!("drained {took:?} after the broker came back");
}

#[tokio::test]
async fn readyz_reports_outbox_lag_and_turns_non_ready_past_the_bound() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    let mut c = Client::new(&env);
    let ready = c.get_as_operator("/ops/readyz").await;
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.json()["outboxLagSeconds"], 0.0);

    // An event waits in the outbox for five minutes (no relay runs).
    append_price_changes(&env.pool, 1, 1).await;
    sqlx::query("UPDATE outbox SET recorded_at = now() - interval '5 minutes'")
        .execute(&env.pool)
        .await
        .unwrap();
    // Readiness is checked in the background every couple of seconds.
    let mut polled = c.other();
    assert!(
        eventually(Duration::from_secs(15), || {
            let mut c = polled.other();
            async move { c.get("/readyz").await.status == 503 }
        })
        .await,
        "not ready once the outbox lags"
    );
    let lagging = polled.get_as_operator("/ops/readyz").await;
    assert_eq!(lagging.status, 503, "{}", lagging.body);
    let body = lagging.json();
    assert!(
        body["checks"]["outbox"]
            .as_str()
            .unwrap()
            .starts_with("lagging"),
        "{body}"
    );
    assert!(
        body["outboxLagSeconds"].as_f64().unwrap() >= 299.0,
        "{body}"
    );
    assert_eq!(body["outboxUnpublished"], 1);
    let metrics = c.get("/metrics").await;
    assert_eq!(metrics.status, 200);
    let lag_line = metrics
        .body
        .lines()
        .find(|l| l.starts_with("storefront_outbox_lag_seconds "))
        .expect("the lag metric");
    let lag: f64 = lag_line.split(' ').nth(1).unwrap().parse().unwrap();
    assert!(lag >= 299.0, "{lag_line}");

    // Once published, ready again.
    let relay = Relay::new(
        env.pool.clone(),
        &env.bus,
        RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(relay.publish_batch().await.unwrap(), 1);
    assert!(
        eventually(Duration::from_secs(15), || {
            let mut c = polled.other();
            async move { c.get("/readyz").await.status == 200 }
        })
        .await,
        "ready again"
    );
}
