//! Tracking beacons under load, as a user's browser sends them, against a served store (start
//! it as the run command does: durable PostgreSQL, the broker on its postgres storage, all
//! roles), beside `/healthz` in the same run. Two loads of `GET /hawk.png` over loopback:
//!
//! 1. flat out: `wrk`'s connections each send the next beacon as soon as the last is answered
//!    (the store's ceiling; the latency is mostly the queue wrk itself builds);
//! 2. at a fixed rate (`BENCH_RATE`, the tracking issue's 20,000 /s by default), open loop:
//!    each beacon is timed from when it was due, so a stall counts against every beacon it held
//!    up (the latency browsers get from a store taking that load).
//!
//! After each load it waits for the analytics role to fold every answered beacon and reports
//! beacons/s, latency, loss (answered but never counted) and the lag from a beacon's arrival
//! to its analytics row.
//!
//! ```sh
//! BENCH_STORE_URL=http://127.0.0.1:8080 \
//! BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/storefront \
//! cargo bench --bench tracking
//! ```
//!
//! `BENCH_SECONDS` (default 20, each load), `BENCH_CONNECTIONS` (32) and `BENCH_THREADS` (2)
//! for wrk, `BENCH_RATE` (20000; 0 skips the fixed-rate load) and `BENCH_RATE_CONNECTIONS`
//! (64); `BENCH_FLAT_OUT=0` skips `/healthz` and the flat-out load (the fixed rate alone, to
//! profile one load). Needs `wrk` (Debian's package). `BENCH_VISITORS=N` makes wrk send the beacons of N
//! browsers that hold the store's cookies (each got them from a first beacon before the load),
//! as pages' beacons come; by default, and always at the fixed rate, every beacon comes
//! without cookies (each a new visitor, whose cookies the server mints and signs).
//! `BENCH_TIMELINE=FILE` writes each fixed-rate beacon's due time (ms) and latency (µs), one
//! line each, to see when the slow ones came.

use std::time::{Duration, Instant};

use base64::Engine;

#[path = "support/http.rs"]
mod http_support;
use http_support::http;
#[path = "support/open_loop.rs"]
mod open_loop;
#[path = "support/wrk.rs"]
mod wrk_support;
use wrk_support::{env, lua_script, wrk};

/// Search events over ten keywords, each as hawk.png's `t` (base64 JSON).
fn events() -> Vec<String> {
    (0..10)
        .map(|i| {
            let event = serde_json::json!({
                "event": "Search", "version": "v2", "keyword": format!("bench keyword {i}"),
                "type_id": 1, "total": 24, "query_id": format!("bench-q-{i}"),
                "item_list": ["100001", "100002", "100003"], "request_path": "/s/",
                "qs": format!("keyword=bench+keyword+{i}")
            });
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(event.to_string())
        })
        .collect()
}

/// The lua script: Search events over ten keywords, a unique token per request; with
/// `cookies`, each request carries one of them (browsers that have been to the store).
fn script(cookies: &[String]) -> std::path::PathBuf {
    let events = events()
        .iter()
        .map(|e| format!("\"{e}\""))
        .collect::<Vec<_>>()
        .join(", ");
    let cookies = cookies
        .iter()
        .map(|c| format!("{{ [\"Cookie\"] = \"{c}\" }}"))
        .collect::<Vec<_>>()
        .join(", ");
    lua_script(
        "hawk",
        &format!("local events = {{ {events} }}\nlocal cookies = {{ {cookies} }}"),
        r#"  local t = events[(counter % #events) + 1]
  local headers = nil
  if #cookies > 0 then headers = cookies[((counter * 7 + tid) % #cookies) + 1] end
  return wrk.format("GET", "/hawk.png?t=" .. t .. "&et=2&cg=bench&r=" .. tid .. "-" .. counter, headers)"#,
    )
}

/// The `Cookie` header of a browser after its first beacon: every cookie the store set.
fn visitor_cookies(base: &str) -> String {
    let (status, headers, _) = http(base, "GET", "/hawk.png", &[], "");
    assert_eq!(status, 200, "a first beacon is answered");
    let cookies: Vec<String> = headers
        .iter()
        .filter(|(name, _)| name.eq_ignore_ascii_case("set-cookie"))
        .filter_map(|(_, value)| value.split(';').next().map(|c| c.trim().to_string()))
        .collect();
    assert!(!cookies.is_empty(), "the store sets its cookies");
    cookies.join("; ")
}

/// The store's `/metrics` tracking counters.
fn metrics(base: &str) -> std::collections::HashMap<String, f64> {
    let (_, _, body) = http(base, "GET", "/metrics", &[], "");
    String::from_utf8_lossy(&body)
        .lines()
        .filter(|l| l.starts_with("storefront_tracking"))
        .filter_map(|l| {
            let (name, value) = l.rsplit_once(' ')?;
            Some((name.to_string(), value.parse().ok()?))
        })
        .collect()
}

/// Waits until the analytics role has folded `answered` beacons more than `before` rows (or
/// stopped counting for 30 s) and reports loss and the lag of the rows received since `since`.
async fn settle(
    pool: &sqlx::PgPool,
    before: i64,
    answered: u64,
    since: chrono::DateTime<chrono::Utc>,
) {
    let waiting = Instant::now();
    let mut last = (count(pool).await, Instant::now());
    loop {
        let now = count(pool).await - before;
        if now as u64 >= answered {
            break;
        }
        if now != last.0 {
            last = (now, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(30) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let counted = (count(pool).await - before) as u64;
    let drained = waiting.elapsed();
    let (p50, p99, max) = sqlx::query_as::<_, (Option<f64>, Option<f64>, Option<f64>)>(
        "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM folded_at - received_at)), \
                percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM folded_at - received_at)), \
                max(extract(epoch FROM folded_at - received_at))::float8 \
         FROM tracking_events WHERE received_at >= $1",
    )
    .bind(since)
    .fetch_one(pool)
    .await
    .unwrap();
    println!(
        "  analytics counted {counted} of {answered} answered ({} lost), {:.1} s after the load ended",
        answered.saturating_sub(counted),
        drained.as_secs_f64()
    );
    println!(
        "  beacon to analytics row: p50 {:.3} s, p99 {:.3} s, max {:.3} s",
        p50.unwrap_or(f64::NAN),
        p99.unwrap_or(f64::NAN),
        max.unwrap_or(f64::NAN)
    );
}

async fn count(pool: &sqlx::PgPool) -> i64 {
    sqlx::query_scalar::<_, i64>("SELECT count(*) FROM tracking_events")
        .fetch_one(pool)
        .await
        .unwrap()
}

/// The size of the run command's broker's table of messages (nisshi's `record`, in its own
/// database `nisshi` of the same cluster), or `None` where there is none (a Kafka broker). It
/// keeps every message for the topics' retention, and once it held millions of rows autovacuum
/// on it took the cores in later runs (docs/performance.md, "Comparable beacon runs").
async fn broker_records_mib(database: &str) -> Option<f64> {
    let (cluster, _) = database.rsplit_once('/')?;
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(Duration::from_secs(2))
        .connect(&format!("{cluster}/nisshi"))
        .await
        .ok()?;
    // `record` is partitioned: its own size is its partitions'.
    let bytes: i64 = sqlx::query_scalar(
        "SELECT (coalesce((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits \
           WHERE inhparent = to_regclass('record')), 0) \
         + coalesce(pg_total_relation_size(to_regclass('record')), 0))::int8",
    )
    .fetch_one(&pool)
    .await
    .ok()?;
    (bytes > 0).then_some(bytes as f64 / 1048576.0)
}

#[tokio::main]
async fn main() {
    let base = env("BENCH_STORE_URL", "http://127.0.0.1:8080");
    let database = env(
        "BENCH_DATABASE_URL",
        "postgres://postgres@127.0.0.1:55432/storefront",
    );
    let seconds: u64 = env("BENCH_SECONDS", "20").parse().unwrap();
    let rate: f64 = env("BENCH_RATE", "20000").parse().unwrap();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(2)
        .connect(&database)
        .await
        .expect("BENCH_DATABASE_URL answers");

    let flat_out = env("BENCH_FLAT_OUT", "1") != "0";
    let health = flat_out.then(|| {
        println!(
            "GET /healthz, {} s (the server's own ceiling, same run)",
            seconds / 2
        );
        let health = wrk(&format!("{base}/healthz"), None, seconds / 2);
        println!(
            "  {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms",
            health.per_second, health.p50_ms, health.p99_ms
        );
        health.per_second
    });

    let before = count(&pool).await;
    // Every run adds its beacons to the raw events (kept 30 days), and inserts into a larger
    // table cost more: runs compare only at a similar size (docs/performance.md).
    let size: i64 = sqlx::query_scalar("SELECT pg_total_relation_size('tracking_events')")
        .fetch_one(&pool)
        .await
        .unwrap();
    println!(
        "tracking_events before the load: {before} rows, {:.0} MiB with its indexes",
        size as f64 / 1048576.0
    );
    if let Some(mib) = broker_records_mib(&database).await {
        println!(
            "the broker's messages before the load: {mib:.0} MiB (nisshi's `record` table; empty it between runs to compare them, docs/performance.md)"
        );
    }
    let visitors: usize = env("BENCH_VISITORS", "0").parse().unwrap();
    let cookies: Vec<String> = (0..visitors).map(|_| visitor_cookies(&base)).collect();
    if visitors > 0 {
        println!("beacons of {visitors} browsers holding their cookies");
    } else {
        println!("beacons without cookies (each a new visitor)");
    }
    let metrics_before = metrics(&base);

    // 1. Flat out: wrk's connections each send their next beacon as soon as the last is
    // answered. The rate is the store's ceiling; the latency is mostly the queue wrk builds.
    if let Some(health) = health {
        let started_at = chrono::Utc::now();
        println!(
            "GET /hawk.png flat out (wrk, {} connections), {seconds} s",
            env("BENCH_CONNECTIONS", "32")
        );
        let lua = script(&cookies);
        let hawk = wrk(&format!("{base}/hawk.png"), Some(&lua), seconds);
        let _ = std::fs::remove_file(lua);
        println!(
            "  {} beacons, {:.0} /s, p50 {:.2} ms, p99 {:.2} ms, {} errors",
            hawk.requests, hawk.per_second, hawk.p50_ms, hawk.p99_ms, hawk.errors
        );
        settle(&pool, before, hawk.requests - hawk.errors, started_at).await;
        println!(
            "  hawk.png at {:.0}% of /healthz's rate",
            100.0 * hawk.per_second / health
        );
    }

    // 2. At a fixed rate (BENCH_RATE, the tracking issue's 20,000 /s by default), each beacon
    // timed from when it was due: the latency browsers get from a store taking that load.
    if rate > 0.0 {
        let before = count(&pool).await;
        let started_at = chrono::Utc::now();
        let connections: usize = env("BENCH_RATE_CONNECTIONS", "64").parse().unwrap();
        println!(
            "GET /hawk.png at {rate:.0} /s ({connections} connections, open loop: each beacon timed from when it was due), {seconds} s"
        );
        // Without cookies, as the flat-out phase's default (each beacon a new visitor).
        let events = events();
        let run = open_loop::open_loop(
            base.trim_start_matches("http://").trim_end_matches('/'),
            rate,
            seconds,
            connections,
            move |i| {
                let t = &events[(i % events.len() as u64) as usize];
                format!("/hawk.png?t={t}&et=2&cg=bench&r=open-{i}")
            },
        )
        .await;
        println!(
            "  {} of {} due answered, {:.0} /s, p50 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms, {} errors",
            run.answered,
            run.due,
            run.per_second,
            run.p50_ms,
            run.p99_ms,
            run.p999_ms,
            run.max_ms,
            run.errors
        );
        settle(&pool, before, run.answered, started_at).await;
    }

    let metrics_after = metrics(&base);
    let delta = |name: &str| {
        metrics_after.get(name).copied().unwrap_or(0.0)
            - metrics_before.get(name).copied().unwrap_or(0.0)
    };
    println!(
        "tracker queue over both loads: dropped {}, failed {} (from /metrics)",
        delta("storefront_tracking_events_total{outcome=\"dropped\"}"),
        delta("storefront_tracking_events_total{outcome=\"failed\"}")
    );
}
