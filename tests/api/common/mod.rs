//! Test support: each test gets its own database (migrated) and its own topic on the broker
//! that `infra/test` starts. TEST_DATABASE_URL names the cluster's admin database,
//! TEST_KAFKA_BROKERS the broker.
#![allow(dead_code)]

pub mod logs;
pub mod search_catalog;
pub mod tracking;

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

/// A phone number of this email's own ("(555) 3xx-xxxx"), so customers made in one test hold
/// different phones (each phone is one rewards account's).
pub fn phone_of(email: &str) -> String {
    let h = email
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(131).wrapping_add(u64::from(b)));
    format!("({}) {}-{:04}", 555, 200 + h % 800, (h / 800) % 10_000)
}

/// Waits, when the clock is within 20 s of the end of a fixed window of `window_seconds`
/// (as `kernel::limits` counts attempts), until the next one begins: a burst that a test
/// counts against a limit then falls in one window.
pub async fn clear_of_window_end(window_seconds: u32) {
    let window = u64::from(window_seconds.max(1));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let left = window - now % window;
    if left < 20 {
        tokio::time::sleep(Duration::from_secs(left + 1)).await;
    }
}

pub fn unique(prefix: &str) -> String {
    format!("{prefix}_{}", uuid::Uuid::new_v4().simple())
}

/// The staff token [`Client::new`]'s app accepts (operator endpoints such as `/ops/readyz`).
pub const OPS_TOKEN: &str = "operator-test-token-0123456789abcdef";

/// The privacy keys of every test (installed in the test process, passed to servers and CLIs
/// the tests start).
pub const TEST_PSEUDONYM_KEY: &str = "test-pseudonym-key-0123456789abcdef0123";
pub const TEST_MASTER_KEYS: &str = "test-master-key-0123456789abcdef0123456789";
/// The cookie keys of servers the tests start (each test may give its own).
pub const TEST_COOKIE_KEYS: &str = "test-cookie-key-0123456789abcdef0123456789";

pub fn install_privacy_keys() {
    command::privacy::install(
        command::privacy::PrivacyKeys::parse(TEST_PSEUDONYM_KEY, TEST_MASTER_KEYS)
            .expect("test keys are valid"),
    );
}

/// A fresh, migrated database and a fresh topic name.
pub async fn spawn_env() -> TestEnv {
    install_privacy_keys();
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
/// and no more arrive for a moment; answers (key, payload) pairs in partition order.
pub async fn read_raw(
    topic: &str,
    expected: usize,
    timeout: Duration,
) -> Vec<(Option<String>, Vec<u8>)> {
    read_raw_from(&brokers(), topic, expected, timeout).await
}

/// [`read_raw`] from the broker at `bootstrap` (a test's own).
pub async fn read_raw_from(
    bootstrap: &str,
    topic: &str,
    expected: usize,
    timeout: Duration,
) -> Vec<(Option<String>, Vec<u8>)> {
    let consumer: StreamConsumer = ClientConfig::new()
        .set("bootstrap.servers", bootstrap)
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
            Ok(Ok(m)) => out.push((
                m.key().map(|k| String::from_utf8_lossy(k).to_string()),
                m.payload().expect("payload").to_vec(),
            )),
            Ok(Err(e)) => panic!("consumer error: {e}"),
            Err(_) => {
                if out.len() >= expected || tokio::time::Instant::now() >= deadline {
                    return out;
                }
            }
        }
    }
}

/// [`read_raw`] of domain events: the envelopes, each checked to be keyed by its aggregate id.
pub async fn read_topic(topic: &str, expected: usize, timeout: Duration) -> Vec<Envelope> {
    read_raw(topic, expected, timeout)
        .await
        .into_iter()
        .map(|(key, payload)| {
            let envelope: Envelope = serde_json::from_slice(&payload).expect("an envelope");
            assert_eq!(
                key,
                Some(envelope.aggregate_id.clone()),
                "the key is the aggregate id"
            );
            envelope
        })
        .collect()
}

/// A port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A broker of the test's own on 127.0.0.1:`port` with nisshi storage engine `storage`
/// (`memory://nisshi/`: a restart starts it empty; `postgres://…/DB`: durable).
pub fn start_broker(port: u16, storage: &str) -> std::process::Child {
    let nisshi = std::env::var("NISSHI").expect("NISSHI (the broker binary) is set by infra/test");
    let url = format!("tcp://127.0.0.1:{port}");
    let child = std::process::Command::new(nisshi)
        .args([
            "broker",
            "--listener-url",
            &url,
            "--advertised-listener-url",
            &url,
            "--group-initial-rebalance-delay",
            "0s",
        ])
        // In the environment, not the command line: `ps` would show the database password.
        .env("STORAGE_ENGINE", storage)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start nisshi");
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(std::time::Instant::now() < deadline, "the broker listens");
        std::thread::sleep(Duration::from_millis(50));
    }
    child
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

/// Outbox rows no relay has published yet.
pub async fn unpublished(env: &TestEnv) -> i64 {
    count(
        &env.pool,
        "SELECT count(*) FROM outbox WHERE published_at IS NULL",
    )
    .await
}

pub async fn count(pool: &PgPool, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(pool).await.expect(sql)
}

pub fn product(blain: &str, price_cents: i64) -> command::catalog::ProductData {
    use command::catalog::*;
    ProductData {
        vendor_brand: "Behlen Country".to_string(),
        description: "Round-end stock tank.".to_string(),
        department_id: 101,
        department_path: vec!["Farm & Ranch".into(), "Livestock Supplies".into()],
        fulfillment: Fulfillment {
            ship_to_home: false,
            store_pickup: true,
            same_day_delivery: false,
        },
        ..ProductData::new(
            blain,
            format!("Galvanized Steel Stock Tank {blain}"),
            ProductKind::General,
            price_cents,
        )
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
        let outcomes = command::eventstore::run::<Product>(pool, &())
            .commands(commands)
            .batch()
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
        let state = storefront::app::AppParts::ephemeral(
            env.pool.clone(),
            env.bus.clone(),
            std::env::temp_dir().join("no-web-dir"),
        );
        // The search index holds the seeded catalog (as `serve` builds it at start).
        state.search.reindex(&env.pool, &|_, _| {}).await.unwrap();
        Client {
            app: storefront::app::router(state, &storefront::Roles::all()),
            cookies: Default::default(),
        }
    }

    pub fn new(env: &TestEnv) -> Client {
        let mut state = storefront::app::AppParts::ephemeral(
            env.pool.clone(),
            env.bus.clone(),
            std::env::temp_dir().join("no-web-dir"),
        );
        state.staff = std::sync::Arc::new(
            kernel::staff::StaffTokens::parse(&format!("ops:operator:{OPS_TOKEN}")).unwrap(),
        );
        let app = storefront::app::router(state, &storefront::Roles::all());
        Client {
            app,
            cookies: Default::default(),
        }
    }

    /// `GET path` with the operator's staff token ([`OPS_TOKEN`]).
    pub async fn get_as_operator(&mut self, path: &str) -> Answer {
        let bearer = format!("Bearer {OPS_TOKEN}");
        self.send_with(
            "GET",
            path,
            None,
            String::new(),
            &[("authorization", &bearer)],
        )
        .await
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
        self.send_with(method, path, content_type, body, &[]).await
    }

    /// A POST of JSON with an Idempotency-Key.
    pub async fn post_keyed(&mut self, path: &str, key: &str, json: serde_json::Value) -> Answer {
        self.send_with(
            "POST",
            path,
            Some("application/json"),
            json.to_string(),
            &[("idempotency-key", key)],
        )
        .await
    }

    /// This browser's anti-forgery token, from the hidden input `getantiforgerytoken` answers.
    pub async fn anti_forgery_token(&mut self) -> String {
        let answer = self
            .send("POST", "/account/getantiforgerytoken", None, String::new())
            .await;
        assert_eq!(answer.status, 200);
        assert!(answer.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html"));
        let prefix = "<input name=\"__RequestVerificationToken\" type=\"hidden\" value=\"";
        assert!(answer.body.starts_with(prefix), "{}", answer.body);
        answer.body[prefix.len()..]
            .trim_end_matches("\">")
            .to_string()
    }

    /// A 'token header' call as the web makes it: a fresh anti-forgery token, then the JSON
    /// post carrying it.
    pub async fn post_with_token(&mut self, path: &str, json: serde_json::Value) -> Answer {
        let token = self.anti_forgery_token().await;
        self.send_with(
            "POST",
            path,
            Some("application/json"),
            json.to_string(),
            &[("requestverificationtoken", token.as_str())],
        )
        .await
    }

    /// A POST of JSON with a staff bearer token.
    pub async fn post_as(&mut self, path: &str, token: &str, json: serde_json::Value) -> Answer {
        let bearer = format!("Bearer {token}");
        self.send_with(
            "POST",
            path,
            Some("application/json"),
            json.to_string(),
            &[("authorization", &bearer)],
        )
        .await
    }

    pub async fn send_with(
        &mut self,
        method: &str,
        path: &str,
        content_type: Option<&str>,
        body: String,
        headers: &[(&str, &str)],
    ) -> Answer {
        use http_body_util::BodyExt;
        use tower::ServiceExt;
        let mut request = axum::http::Request::builder().method(method).uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
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

/// A minimal HTTP/1.1 client over TCP for tests against the real binary: one request per
/// connection. Answers (status, set-cookie values, body), or an error when the connection
/// failed (as a browser would see it).
pub async fn http(
    addr: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> std::io::Result<(u16, Vec<String>, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await?;
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "no complete answer")
    })?;
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other("no status"))?;
    let mut cookies = Vec::new();
    let mut chunked = false;
    for line in head.lines().skip(1) {
        if let Some((name, value)) = line.split_once(':') {
            let name = name.trim().to_ascii_lowercase();
            if name == "set-cookie" {
                cookies.push(value.trim().to_string());
            }
            if name == "transfer-encoding" && value.contains("chunked") {
                chunked = true;
            }
        }
    }
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_string()
    };
    Ok((status, cookies, body))
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || tail.len() < n {
            break;
        }
        out.push_str(&tail[..n]);
        rest = tail[n..].trim_start_matches("\r\n");
    }
    out
}

/// The real `storefront serve` on a port the kernel picks, against the env's database and
/// broker; answers the process and its address (host:port).
pub async fn start_server(
    env: &TestEnv,
    extra_env: &[(&str, &str)],
) -> (std::process::Child, String) {
    start_server_with_web(env, std::path::Path::new("/nonexistent"), extra_env).await
}

/// [`start_server`] serving the web build in `web_dir`.
pub async fn start_server_with_web(
    env: &TestEnv,
    web_dir: &std::path::Path,
    extra_env: &[(&str, &str)],
) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_storefront"));
    command
        .args(["serve", "--bind", "127.0.0.1:0", "--web-dir"])
        .arg(web_dir)
        .env("DATABASE_URL", &env.database_url)
        .env("KAFKA_BROKERS", brokers())
        .env("EVENTS_TOPIC", &env.topic)
        .env("CONSUMER_GROUP_PREFIX", unique("group"))
        .env("INDEX_DIR", std::env::temp_dir().join(unique("index")))
        .env("RUST_LOG", "warn")
        .env("PSEUDONYM_KEY", TEST_PSEUDONYM_KEY)
        .env("MASTER_KEYS", TEST_MASTER_KEYS)
        .env("COOKIE_KEYS", TEST_COOKIE_KEYS)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null());
    for (k, v) in extra_env {
        command.env(k, v);
    }
    let mut child = command.spawn().expect("start the server");
    let stdout = child.stdout.take().expect("stdout");
    let addr = tokio::task::spawn_blocking(move || {
        let mut lines = BufReader::new(stdout).lines();
        let line = lines
            .find_map(|l| l.ok().filter(|l| l.starts_with("Storefront is up: ")))
            .expect("the server prints its URL");
        // Keep draining stdout so the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        line.trim_start_matches("Storefront is up: http://")
            .trim_end_matches('/')
            .to_string()
    })
    .await
    .unwrap();
    (child, addr)
}

/// A store and a few plain products (ship to home, pickup at store 1) in the read models, for
/// tests that shop without seeding the demo catalog.
pub async fn small_catalog(env: &TestEnv) {
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, lat, lon, time_zone, hours, url_alias, \
         google_place_id, google_map_zoom, coming_soon, local_delivery_enabled, local_delivery_label) VALUES \
         (1, 'Janesville', 'janesville', 'WI', '2500 Milton Ave', '53545', '(608) 752-9000', 42.7, -89.0, 'America/Chicago', '{}', \
          'janesville-wi', 'x', 14, false, true, 'Same Day Delivery Available')",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    for blain in ["100", "200", "300"] {
        sqlx::query(
            "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, department_path, kind, \
             price_cents, price_mode, images, attributes, warning_level, requires_confirmation, requires_agreement, bundle, \
             warranties, ship_to_home, store_pickup, same_day_delivery, discontinued) VALUES \
             ($1, 'Poly Rope ' || $1, 'Brand', '', 101, '{Farm}', 'General', 1000, 'Regular', '[]', '[]', 'NoWarning', false, false, \
              '[]', '[]', true, true, true, false)",
        )
        .bind(blain)
        .execute(&env.pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO ecom_inventory VALUES ($1, 100000)")
            .bind(blain)
            .execute(&env.pool)
            .await
            .unwrap();
        sqlx::query("INSERT INTO store_stock VALUES ($1, '{1}', '{t}', '{100000}')")
            .bind(blain)
            .execute(&env.pool)
            .await
            .unwrap();
    }
}
