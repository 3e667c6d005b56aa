//! Throughput of the write pipeline: seeding through the event store (batched commands),
//! catching the read models up, and the outbox relay publishing to the broker.
//!
//! Needs a PostgreSQL and a broker: `BENCH_DATABASE_URL` (an admin database; a scratch database
//! is created and dropped) and `BENCH_KAFKA_BROKERS`. `BENCH_PRODUCTS` sets the size (10,000).
//! Run: `cargo bench --bench pipeline` (see docs/performance.md).

use std::time::Instant;

use chrono::TimeZone;
use projections::bus::BusConfig;
use projections::relay::{Relay, RelayConfig};
use sqlx::postgres::PgPoolOptions;

#[tokio::main]
async fn main() {
    let (Ok(admin), Ok(brokers)) = (
        std::env::var("BENCH_DATABASE_URL"),
        std::env::var("BENCH_KAFKA_BROKERS"),
    ) else {
        eprintln!("set BENCH_DATABASE_URL and BENCH_KAFKA_BROKERS (see docs/performance.md)");
        return;
    };
    let products: usize = std::env::var("BENCH_PRODUCTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let name = format!("bench_{}", uuid::Uuid::new_v4().simple());
    let admin_pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(&admin)
        .await
        .expect("admin database");
    sqlx::query(&format!("CREATE DATABASE \"{name}\""))
        .execute(&admin_pool)
        .await
        .unwrap();
    let (base, _) = admin.rsplit_once('/').expect("URL with a database");
    let pool = PgPoolOptions::new()
        .max_connections(8)
        .connect(&format!("{base}/{name}"))
        .await
        .unwrap();
    command::eventstore::MIGRATOR.run(&pool).await.unwrap();

    let reference = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    let started = Instant::now();
    let summary = storefront::seeding::seed(&pool, products, reference)
        .await
        .unwrap();
    let seed_secs = started.elapsed().as_secs_f64();
    println!(
        "seed (events + read models): {products} products, {} events in {seed_secs:.2} s = {:.0} events/s",
        summary.events_written,
        summary.events_written as f64 / seed_secs
    );

    let started = Instant::now();
    let replayed = projections::catalog::rebuild(&pool, 2000, &|_, _| {})
        .await
        .unwrap();
    let secs = started.elapsed().as_secs_f64();
    println!(
        "projections rebuild: {replayed} events in {secs:.2} s = {:.0} events/s",
        replayed as f64 / secs
    );

    let bus = BusConfig::new(brokers);
    let topic = format!("bench.events.{}", uuid::Uuid::new_v4().simple());
    bus.ensure_topics(&[&topic]).await.unwrap();
    let relay = Relay::new(
        pool.clone(),
        &bus,
        RelayConfig {
            topic,
            ..Default::default()
        },
    )
    .unwrap();
    let started = Instant::now();
    let mut published = 0;
    loop {
        let n = relay.publish_batch().await.unwrap();
        if n == 0 {
            break;
        }
        published += n;
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "relay publish (acks=all, idempotent): {published} events in {secs:.2} s = {:.0} events/s",
        published as f64 / secs
    );

    pool.close().await;
    sqlx::query(&format!("DROP DATABASE \"{name}\""))
        .execute(&admin_pool)
        .await
        .unwrap();
}
