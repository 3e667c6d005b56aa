//! Add-to-cart throughput and latency at concurrency 1, 8 and 32, and the latency of the
//! header and stock-status reads, through the application router (in process: handler,
//! middleware and PostgreSQL; no TCP).
//!
//! Needs `BENCH_DATABASE_URL` (an admin database; a scratch database is created and dropped)
//! and `BENCH_KAFKA_BROKERS`. Run: `cargo bench --bench shopping` (see docs/performance.md).

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use chrono::TimeZone;
use http_body_util::BodyExt;
use sqlx::postgres::PgPoolOptions;
use tower::ServiceExt;

async fn call(
    app: &axum::Router,
    method: &str,
    path: &str,
    cookie: &str,
    body: String,
) -> (u16, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .header("cookie", cookie)
        .body(Body::from(body))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

fn report(label: &str, mut latencies: Vec<Duration>, wall: Duration) {
    latencies.sort();
    println!(
        "{label:<34} {:>6} requests  {:>8.0}/s  p50 {:>6.2} ms  p99 {:>6.2} ms",
        latencies.len(),
        latencies.len() as f64 / wall.as_secs_f64(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
    );
}

#[tokio::main]
async fn main() {
    let (Ok(admin), Ok(brokers)) = (
        std::env::var("BENCH_DATABASE_URL"),
        std::env::var("BENCH_KAFKA_BROKERS"),
    ) else {
        eprintln!("set BENCH_DATABASE_URL and BENCH_KAFKA_BROKERS (see docs/performance.md)");
        return;
    };
    let name = format!("bench_{}", uuid::Uuid::new_v4().simple());
    let admin_pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(&admin)
        .await
        .unwrap();
    sqlx::query(&format!("CREATE DATABASE \"{name}\""))
        .execute(&admin_pool)
        .await
        .unwrap();
    let (base, _) = admin.rsplit_once('/').unwrap();
    let pool = PgPoolOptions::new()
        .max_connections(pool_size())
        .connect(&format!("{base}/{name}"))
        .await
        .unwrap();
    command::eventstore::MIGRATOR.run(&pool).await.unwrap();
    storefront::zips::load(&pool).await.unwrap();
    let reference = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    storefront::seeding::seed(&pool, 2000, reference)
        .await
        .unwrap();
    let products: Vec<String> = sqlx::query_scalar(
        "SELECT blain_number FROM products WHERE NOT requires_confirmation AND NOT requires_agreement \
         AND ship_to_home AND NOT discontinued ORDER BY blain_number LIMIT 200",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let state = storefront::app::AppParts::ephemeral(
        pool.clone(),
        projections::bus::BusConfig::new(brokers),
        std::env::temp_dir(),
    );
    // Shoppers hold signed cookies, as browsers do after their first request.
    let cookies = state.cookies.clone();
    let app = storefront::app::router(state, &storefront::Roles::all());

    println!("add-to-cart (one cart per worker, 5 lines each, then new carts):");
    for concurrency in [1usize, 8, 32] {
        let per_worker = 3000 / concurrency;
        let started = Instant::now();
        let mut tasks = Vec::new();
        for w in 0..concurrency {
            let (app, products, cookies) = (app.clone(), products.clone(), cookies.clone());
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::with_capacity(per_worker);
                for i in 0..per_worker {
                    // A shopper's cart holds a handful of lines: start a new cart every 5 adds.
                    let cart = format!("c{concurrency}w{w}n{}", i / 5);
                    let cookie = cookies.cookie_header(&format!("v{w}"), Some(&cart));
                    let blain = &products[(w * 31 + i) % products.len()];
                    let body = format!(r#"{{"blainNumber":"{blain}","quantity":1}}"#);
                    let t = Instant::now();
                    let (status, answer) =
                        call(&app, "POST", "/products/a/addtocart", &cookie, body).await;
                    latencies.push(t.elapsed());
                    assert!(
                        status == 200 && answer.contains("\"Success\""),
                        "{status} {answer}"
                    );
                }
                latencies
            }));
        }
        let mut all = Vec::new();
        for t in tasks {
            all.extend(t.await.unwrap());
        }
        report(
            &format!("  concurrency {concurrency}"),
            all,
            started.elapsed(),
        );
    }

    // A visitor with a store and a cart, as the header sees it.
    call(
        &app,
        "GET",
        "/stores/set-json/1",
        &cookies.cookie_header("reader", None),
        String::new(),
    )
    .await;
    let cookie = &cookies.cookie_header("reader", Some("c1w0n0"));
    for (label, method, path, body) in [
        (
            "GET /globalresource/header/",
            "GET",
            "/globalresource/header/",
            String::new(),
        ),
        (
            "POST /products/a/stockstatus-json",
            "POST",
            "/products/a/stockstatus-json",
            format!(
                r#"{{"zip":"53545","blainNumber":"{}","mustIncludeLocalStore":true}}"#,
                products[0]
            ),
        ),
    ] {
        let mut latencies = Vec::new();
        let started = Instant::now();
        for _ in 0..500 {
            let t = Instant::now();
            let (status, answer) = call(&app, method, path, cookie, body.clone()).await;
            latencies.push(t.elapsed());
            assert_eq!(status, 200, "{answer}");
        }
        report(
            &format!("{label} (sequential)"),
            latencies,
            started.elapsed(),
        );
    }

    // Bounded work per request (issue 12): an oversized id list costs no more than a normal
    // call, because it is refused by its size before any per-id work.
    let three = products[..3].join(",");
    let many: String = (0..1_700).map(|i| format!("{i},")).collect(); // ~8 KB of ids: 400
    let huge: String = (0..16_000).map(|i| format!("{},", i % 10)).collect(); // 64 KB: 414
    for (label, path, expected) in [
        (
            "getproducts, 3 ids",
            format!("/product/a/getproducts?blainNumbers={three}"),
            200,
        ),
        (
            "getproducts, 1,700 ids (refused)",
            format!(
                "/product/a/getproducts?blainNumbers={}",
                &many[..many.len().min(8000)]
            ),
            400,
        ),
        (
            "getproducts, 64 KB of ids (refused)",
            format!("/product/a/getproducts?blainNumbers={huge}"),
            414,
        ),
    ] {
        let mut latencies = Vec::new();
        let started = Instant::now();
        for _ in 0..500 {
            let t = Instant::now();
            let (status, answer) = call(&app, "GET", &path, cookie, String::new()).await;
            latencies.push(t.elapsed());
            assert_eq!(status, expected, "{label}: {answer}");
        }
        report(
            &format!("{label} (sequential)"),
            latencies,
            started.elapsed(),
        );
    }

    pool.close().await;
    sqlx::query(&format!("DROP DATABASE \"{name}\""))
        .execute(&admin_pool)
        .await
        .unwrap();
}

/// Connections of the app's pool (BENCH_POOL_SIZE, default 10 as `storefront serve`).
fn pool_size() -> u32 {
    std::env::var("BENCH_POOL_SIZE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10)
}
