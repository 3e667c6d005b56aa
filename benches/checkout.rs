//! Order placement over HTTP, as a shopper's browser places an order: against a served store
//! (start it as the run command does), each order from a new visitor's cart (one product
//! shipped to ZIP 53545, the local gateway's approving test card), beside `/healthz` asked by
//! the same client in the same run, so ratios hold on a noisy machine. Only the placing
//! request is timed (the add and the summary before it are the setup of each order).
//!
//! ```sh
//! BENCH_STORE_URL=http://127.0.0.1:8080 cargo bench --bench checkout
//! ```
//!
//! `BENCH_ORDERS` (default 200 per level) and `BENCH_CONCURRENCY` (default "1,4").

#[path = "support/http.rs"]
mod http_support;
use http_support::{cookies_of, http};

use std::time::{Duration, Instant};

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

struct Level {
    per_second: f64,
    p50: f64,
    p99: f64,
    errors: usize,
}

fn summarise(mut times: Vec<Duration>, errors: usize, wall: Duration) -> Level {
    times.sort();
    Level {
        per_second: times.len() as f64 / wall.as_secs_f64(),
        p50: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        errors,
    }
}

fn row(label: &str, l: &Level, health: &Level) {
    println!(
        "{label:<44} {:>8.0}/s  p50 {:>7.2} ms  p99 {:>7.2} ms  errors {:>3}  ({:.3} of /healthz)",
        l.per_second,
        l.p50,
        l.p99,
        l.errors,
        l.per_second / health.per_second
    );
}

/// Runs `n` calls of `call` on `workers` threads; answers the timed part of each.
fn run(workers: usize, n: usize, call: impl Fn(usize) -> Option<Duration> + Sync) -> Level {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let started = Instant::now();
    let results: Vec<(Vec<Duration>, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                s.spawn(|| {
                    let (mut times, mut errors) = (Vec::new(), 0);
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= n {
                            break;
                        }
                        match call(i) {
                            Some(t) => times.push(t),
                            None => errors += 1,
                        }
                    }
                    (times, errors)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let wall = started.elapsed();
    let errors = results.iter().map(|(_, e)| e).sum();
    let times = results.into_iter().flat_map(|(t, _)| t).collect();
    summarise(times, errors, wall)
}

fn main() {
    let base = env("BENCH_STORE_URL", "");
    if base.is_empty() {
        eprintln!("set BENCH_STORE_URL to a served store (see docs/performance.md)");
        return;
    }
    let orders: usize = env("BENCH_ORDERS", "200").parse().unwrap_or(200);
    let levels: Vec<usize> = env("BENCH_CONCURRENCY", "1,4")
        .split(',')
        .filter_map(|c| c.trim().parse().ok())
        .collect();

    // Products that ship with plenty online and no prompt, from the demo catalog's search
    // (spread so that none runs out).
    let (_, _, found) = http(&base, "GET", "/api/search?mpp=120", &[], "");
    let found: serde_json::Value = serde_json::from_slice(&found).expect("search JSON");
    let products: Vec<String> = found["items"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter(|p| {
                    p["fulfillment"]["shipToHome"] == true
                        && p["ecomOnHand"].as_i64().unwrap_or(0) >= 100
                        && p["requiresConfirmation"] != true
                        && p["requiresAgreement"] != true
                        && p["discontinued"] != true
                })
                .filter_map(|p| p["blainNumber"].as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default();
    assert!(
        !products.is_empty(),
        "the demo catalog has products that ship"
    );

    let place = |i: usize| -> Option<Duration> {
        let product = &products[i % products.len()];
        let (status, headers, body) = http(
            &base,
            "POST",
            "/products/a/addtocart",
            &[],
            &format!(r#"{{"blainNumber":"{product}"}}"#),
        );
        let added: serde_json::Value = serde_json::from_slice(&body).ok()?;
        if status != 200 || added["resultCode"] != "Success" {
            return None;
        }
        let cookie = format!("Cookie: {}", cookies_of(&headers).join("; "));
        let (_, _, summary) = http(
            &base,
            "GET",
            "/api/checkout/summary?zip=53545",
            std::slice::from_ref(&cookie),
            "",
        );
        let summary: serde_json::Value = serde_json::from_slice(&summary).ok()?;
        let total = summary["totalCents"].as_i64()?;
        let form = format!(
            r#"{{"email":"bench{i}@example.com","phone":"(608) 555-0100","shippingAddress":{{"firstName":"Ann","lastName":"Lee","address1":"1 Main St","city":"Janesville","state":"WI","zip":"53545"}},"card":{{"number":"4242 4242 4242 4242","expiry":"12/30","securityCode":"123","nameOnCard":"Ann Lee"}},"expectedTotalCents":{total}}}"#
        );
        let key = format!("Idempotency-Key: bench-order-{i}-{}", std::process::id());
        let started = Instant::now();
        let (status, _, _) = http(&base, "POST", "/api/checkout/place", &[cookie, key], &form);
        let took = started.elapsed();
        (status == 200).then_some(took)
    };
    let health = |_: usize| -> Option<Duration> {
        let started = Instant::now();
        let (status, _, _) = http(&base, "GET", "/healthz", &[], "");
        (status == 200).then(|| started.elapsed())
    };

    println!("order placement over HTTP, {orders} orders a level, one connection per request");
    for workers in levels {
        let h = run(workers, orders * 5, health);
        let p = run(workers, orders, place);
        row(&format!("GET /healthz, concurrency {workers}"), &h, &h);
        row(
            &format!("POST /api/checkout/place, concurrency {workers}"),
            &p,
            &h,
        );
    }
}
