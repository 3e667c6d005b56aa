//! Test support: each test gets its own database (migrated) and its own topic on the broker
//! that `infra/test` starts. TEST_DATABASE_URL names the cluster's admin database,
//! TEST_KAFKA_BROKERS the broker.
#![allow(dead_code)]

use std::time::Duration;

use projections::bus::BusConfig;
use projections::envelope::Envelope;
use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::message::Message;
use rdkafka::ClientConfig;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

pub struct TestEnv {
    pub pool: PgPool,
    pub database_url: String,
    pub bus: BusConfig,
    pub topic: String,
}

fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .expect("TEST_DATABASE_URL is not set: run the tests with infra/test")
}

pub fn brokers() -> String {
    std::env::var("TEST_KAFKA_BROKERS")
        .expect("TEST_KAFKA_BROKERS is not set: run the tests with infra/test")
}

pub fn unique(prefix: &str) -> String {
    format!("{prefix}_{}", uuid::Uuid::new_v4().simple())
}

/// A fresh, migrated database and a fresh topic name.
pub async fn spawn_env() -> TestEnv {
    let admin = admin_url();
    let name = unique("t");
    let admin_pool = PgPoolOptions::new()
        .max_connections(1)
        .connect(&admin)
        .await
        .expect("the test cluster answers");
    sqlx::query(&format!("CREATE DATABASE \"{name}\""))
        .execute(&admin_pool)
        .await
        .expect("create test database");
    admin_pool.close().await;
    let (base, _) = admin.rsplit_once('/').expect("URL has a database");
    let database_url = format!("{base}/{name}");
    let pool = PgPoolOptions::new()
        .max_connections(10)
        .connect(&database_url)
        .await
        .expect("connect to test database");
    command::eventstore::MIGRATOR
        .run(&pool)
        .await
        .expect("migrations apply");
    TestEnv {
        pool,
        database_url,
        bus: BusConfig::new(brokers()),
        topic: unique("test.events"),
    }
}

impl TestEnv {
    pub async fn ensure_topic(&self) {
        self.bus
            .ensure_topics(&[&self.topic])
            .await
            .expect("create topic");
    }
}

/// Reads `topic` from the beginning until `expected` messages arrived (or `timeout` passed)
/// and no more arrive for a moment; answers the envelopes in partition order.
pub async fn read_topic(topic: &str, expected: usize, timeout: Duration) -> Vec<Envelope> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("bootstrap.servers", brokers())
        .set("group.id", unique("reader"))
        .set("auto.offset.reset", "earliest")
        .set("enable.auto.commit", "false")
        .create()
        .expect("consumer");
    consumer.subscribe(&[topic]).expect("subscribe");
    let mut out = Vec::new();
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let quiet = if out.len() >= expected {
            Duration::from_millis(1500)
        } else {
            Duration::from_secs(5)
        };
        let wait = quiet.min(deadline.saturating_duration_since(tokio::time::Instant::now()));
        match tokio::time::timeout(wait, consumer.recv()).await {
            Ok(Ok(m)) => {
                let envelope: Envelope =
                    serde_json::from_slice(m.payload().expect("payload")).expect("an envelope");
                assert_eq!(
                    m.key().map(|k| String::from_utf8_lossy(k).to_string()),
                    Some(envelope.aggregate_id.clone()),
                    "the key is the aggregate id"
                );
                out.push(envelope);
            }
            Ok(Err(e)) => panic!("consumer error: {e}"),
            Err(_) => {
                if out.len() >= expected || tokio::time::Instant::now() >= deadline {
                    return out;
                }
            }
        }
    }
}

/// Polls `check` until it is true or `timeout` passes; answers whether it became true.
pub async fn eventually<F, Fut>(timeout: Duration, mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + timeout;
    while tokio::time::Instant::now() < deadline {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    check().await
}

pub async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.expect(sql)
}

pub fn product(blain: &str, price_cents: i64) -> command::catalog::ProductData {
    use command::catalog::*;
    ProductData {
        blain_number: blain.to_string(),
        name: format!("Galvanized Steel Stock Tank {blain}"),
        vendor_brand: "Behlen Country".to_string(),
        description: "Round-end stock tank.".to_string(),
        department_id: 101,
        department_path: vec!["Farm & Ranch".into(), "Livestock Supplies".into()],
        kind: ProductKind::General,
        price_cents,
        map_price_cents: None,
        price_mode: PriceMode::Regular,
        images: vec![],
        attributes: vec![],
        tire_size: None,
        warning_level: WarningLevel::NoWarning,
        requires_confirmation: false,
        requires_agreement: false,
        bundle: vec![],
        warranties: vec![],
        fulfillment: Fulfillment {
            ship_to_home: false,
            store_pickup: true,
            same_day_delivery: false,
        },
    }
}

/// Appends `per_aggregate` price changes to each of `aggregates` products, interleaved.
pub async fn append_price_changes(pool: &PgPool, aggregates: usize, per_aggregate: usize) {
    use command::catalog::{Product, ProductCommand};
    for round in 0..per_aggregate {
        let commands = (0..aggregates)
            .map(|a| {
                let blain = format!("{}", 500000 + a);
                let p = product(&blain, 1000 + round as i64);
                (blain, ProductCommand::Upsert(Box::new(p)))
            })
            .collect();
        let outcomes = command::eventstore::execute_batch::<Product>(pool, &(), commands)
            .await
            .expect("append");
        assert!(outcomes.iter().all(|o| matches!(o, Ok(1))));
    }
}

/// A browser-like client over the app router: keeps cookies between requests.
pub struct Client {
    pub app: axum::Router,
    pub cookies: std::collections::BTreeMap<String, String>,
}

pub struct Answer {
    pub status: axum::http::StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

impl Client {
    /// The whole app (all roles) on the env's database, catalog seeded with `products`.
    pub async fn seeded(env: &TestEnv, products: usize) -> Client {
        use chrono::TimeZone;
        storefront::zips::load(&env.pool).await.unwrap();
        if products > 0 {
            let reference = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
            storefront::seeding::seed(&env.pool, products, reference)
                .await
                .unwrap();
        }
        Client::new(env)
    }

    pub fn new(env: &TestEnv) -> Client {
        let app = storefront::app::router(
            storefront::app::AppState {
                pool: env.pool.clone(),
                bus: env.bus.clone(),
                web_dir: std::env::temp_dir().join("no-web-dir"),
            },
            &storefront::Roles::all(),
        );
        Client {
            app,
            cookies: Default::default(),
        }
    }

    /// The same app, as a different browser (no cookies).
    pub fn other(&self) -> Client {
        Client {
            app: self.app.clone(),
            cookies: Default::default(),
        }
    }

    pub async fn send(
        &mut self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: String,
    ) -> Answer {
        use http_body_util::BodyExt;
        use tower::ServiceExt;
        let mut request = axum::http::Request::builder().method(method).uri(path);
        if !self.cookies.is_empty() {
            let cookie = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; ");
            request = request.header("cookie", cookie);
        }
        if let Some(ct) = content_type {
            request = request.header("content-type", ct);
        }
        let response = self
            .app
            .clone()
            .oneshot(request.body(axum::body::Body::from(body)).unwrap())
            .await
            .unwrap();
        for value in response.headers().get_all("set-cookie") {
            let text = value.to_str().unwrap();
            let pair = text.split(';').next().unwrap();
            let (k, v) = pair.split_once('=').unwrap();
            self.cookies.insert(k.to_string(), v.to_string());
        }
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).to_string(),
        }
    }

    pub async fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, None, String::new()).await
    }

    pub async fn post(&mut self, path: &str, json: serde_json::Value) -> Answer {
        self.send("POST", path, Some("application/json"), json.to_string())
            .await
    }
}
