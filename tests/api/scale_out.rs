//! Scale-out: the one binary as separate processes by role on one machine, against the test
//! PostgreSQL and broker: one command process, two query processes (each with its own search
//! index and index consumer group), the relay twice (one active, one standby on the advisory
//! lock), projections, tracker and analytics. A command made through the command process is
//! visible through both query processes; killing one query process leaves the other answering;
//! killing the active relay lets the standby publish the rest within 10 s with nothing lost.

use std::collections::{HashMap, HashSet};
use std::process::Child;
use std::time::{Duration, Instant};

use crate::common;
use crate::common::search_catalog::{catalog, STAFF_TOKEN};
use crate::common::*;
use serde_json::Value;

const KEYS: &str = "scale-out-test-key-0123456789abcdef012345";

/// A `storefront serve --roles …` process, killed (-9) when dropped.
struct Role {
    name: &'static str,
    child: Child,
    addr: String,
}

impl Role {
    async fn start(
        env: &TestEnv,
        name: &'static str,
        roles: &str,
        shared: &[(&str, &str)],
    ) -> Role {
        let mut settings = vec![("ROLES", roles)];
        settings.extend_from_slice(shared);
        let (child, addr) = start_server(env, &settings).await;
        Role { name, child, addr }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    async fn get(&self, path: &str, cookie: &str) -> (u16, Value) {
        let mut headers = vec![];
        if !cookie.is_empty() {
            headers.push(("Cookie", cookie));
        }
        let (status, _, body) = http(&self.addr, "GET", path, &headers, "")
            .await
            .unwrap_or_else(|e| panic!("{} at {}: GET {path}: {e}", self.name, self.addr));
        (status, serde_json::from_str(&body).unwrap_or(Value::Null))
    }
}

impl Drop for Role {
    fn drop(&mut self) {
        self.kill();
    }
}

fn item_ids(answer: &Value) -> Vec<String> {
    answer["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i["blainNumber"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// A shopper's cookies (the signed visitor and cart ids the command process issued).
#[derive(Default)]
struct Jar(HashMap<String, String>);

impl Jar {
    fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    fn keep(&mut self, set_cookies: &[String]) {
        for c in set_cookies {
            if let Some((name, value)) = c.split(';').next().and_then(|p| p.split_once('=')) {
                self.0.insert(name.to_string(), value.to_string());
            }
        }
    }
}

async fn add_to_cart(command: &Role, jar: &mut Jar, blain: &str) -> Value {
    let (cookie, key) = (jar.header(), unique("add"));
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("Idempotency-Key", key.as_str()),
    ];
    if !cookie.is_empty() {
        headers.push(("Cookie", cookie.as_str()));
    }
    let body = serde_json::json!({ "blainNumber": blain }).to_string();
    let (status, cookies, body) = http(
        &command.addr,
        "POST",
        "/products/a/addtocart",
        &headers,
        &body,
    )
    .await
    .expect("the command process answers");
    assert_eq!(status, 200, "{body}");
    jar.keep(&cookies);
    serde_json::from_str(&body).unwrap()
}

/// The backend (PostgreSQL process id) holding the active relay's advisory lock, if any.
async fn relay_lock_holder(env: &TestEnv) -> Option<i32> {
    // pg_try_advisory_lock(0x6f7574626f78): classid = high 32 bits, objid = low 32 bits. The
    // lock is per database; pg_locks lists the whole cluster's (other tests' relays too).
    sqlx::query_scalar(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 \
         AND classid = 28533 AND objid = 1952608120 AND granted \
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
    )
    .fetch_optional(&env.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn roles_scale_out_as_processes_and_survive_losing_a_query_replica_and_the_active_relay() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    catalog(&env).await;
    let tracking_topic = unique("test.tracking");
    let staff = format!("merch:merchandiser:{STAFF_TOKEN}");
    let prefix = unique("scale");
    let shared = [
        ("COOKIE_KEYS", KEYS),
        ("STAFF_TOKENS", staff.as_str()),
        ("CONSUMER_GROUP_PREFIX", prefix.as_str()),
        ("TRACKING_TOPIC", tracking_topic.as_str()),
        ("RUST_LOG", "error"),
    ];

    // The first relay publishes the catalog's events: it holds the lock. The second waits.
    let mut relay_a = Role::start(&env, "relay A", "relay", &shared).await;
    assert!(
        eventually(Duration::from_secs(30), || async {
            unpublished(&env).await == 0
        })
        .await,
        "the first relay publishes the outbox"
    );
    let relay_b = Role::start(&env, "relay B", "relay", &shared).await;
    let _projections = Role::start(&env, "projections", "projections", &shared).await;
    let tracker = Role::start(&env, "tracker", "tracker", &shared).await;
    let _analytics = Role::start(&env, "analytics", "analytics", &shared).await;
    let command = Role::start(&env, "command", "command", &shared).await;
    let mut query_1 = Role::start(&env, "query 1", "query", &shared).await;
    let query_2 = Role::start(&env, "query 2", "query", &shared).await;

    // Roles answer only their own calls: a query process takes no commands.
    let (status, _, _) = http(
        &query_1.addr,
        "POST",
        "/products/a/addtocart",
        &[("Content-Type", "application/json")],
        r#"{"blainNumber":"800001"}"#,
    )
    .await
    .unwrap();
    assert!(
        matches!(status, 404 | 405),
        "query answered a command: {status}"
    );

    // Each query process built its own index from the read models.
    for q in [&query_1, &query_2] {
        assert!(
            eventually(Duration::from_secs(60), || async {
                let (status, page) = q.get("/api/search?keyword=wire", "").await;
                status == 200 && item_ids(&page).len() == 2
            })
            .await,
            "{} searches its own index",
            q.name
        );
    }

    // A merchandiser pins through the command process: the event goes outbox → relay → topic →
    // each query process's own index consumer. Both replicas show the pin.
    let natural = item_ids(&query_1.get("/api/search?keyword=wire", "").await.1);
    let last = natural.last().unwrap().clone();
    let bearer = format!("Bearer {STAFF_TOKEN}");
    let key = unique("pin");
    let body = serde_json::json!({ "itemId": last, "keyword": "wire" }).to_string();
    let (status, _, answer) = http(
        &command.addr,
        "POST",
        "/api/merch/AddItemToTop",
        &[
            ("Content-Type", "application/json"),
            ("Authorization", bearer.as_str()),
            ("Idempotency-Key", key.as_str()),
        ],
        &body,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{answer}");
    for q in [&query_1, &query_2] {
        assert!(
            eventually(Duration::from_secs(20), || async {
                let (_, page) = q.get("/api/search?keyword=wire", "").await;
                item_ids(&page).first() == Some(&last) && page["items"][0]["pinned"] == true
            })
            .await,
            "{} shows the item pinned through the command process",
            q.name
        );
    }

    // A shopper adds through the command process; both query processes read the same cart
    // from the signed cookies the command process issued (one key set for every process).
    let mut jar = Jar::default();
    let added = add_to_cart(&command, &mut jar, "800001").await;
    assert_eq!(added["cartQty"], 1, "{added}");
    for q in [&query_1, &query_2] {
        let (status, header) = q.get("/globalresource/header/", &jar.header()).await;
        assert_eq!(status, 200, "{}: {header}", q.name);
        assert_eq!(header["itemsInCartCount"], 1, "{}: {header}", q.name);
    }

    // A beacon through the tracker process is folded by the analytics process.
    let beacon = common::tracking::hawk_url(
        &common::tracking::search_event("wire", 2),
        "Search",
        &unique("r"),
    );
    let (status, _, _) = http(&tracker.addr, "GET", &beacon, &[], "").await.unwrap();
    assert_eq!(status, 200);
    assert!(
        eventually(Duration::from_secs(30), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 1
        })
        .await,
        "the analytics process folds the tracker's beacon"
    );

    // Losing a query replica: the other keeps answering searches and headers.
    query_1.kill();
    let (status, page) = query_2.get("/api/search?keyword=wire", "").await;
    assert_eq!(status, 200);
    assert_eq!(item_ids(&page).first(), Some(&last));
    let (status, header) = query_2.get("/globalresource/header/", &jar.header()).await;
    assert_eq!(
        (status, header["itemsInCartCount"].clone()),
        (200, 1.into())
    );
    assert!(http(&query_1.addr, "GET", "/healthz", &[], "")
        .await
        .is_err());

    // Losing the active relay: the standby takes the lock and publishes the rest.
    let active = relay_lock_holder(&env).await;
    assert!(active.is_some(), "a relay holds the lock");
    relay_a.kill();
    let killed = Instant::now();
    for blain in ["800001", "800002", "800007", "800008"] {
        add_to_cart(&command, &mut jar, blain).await;
    }
    let published = eventually(Duration::from_secs(10), || async {
        unpublished(&env).await == 0
    })
    .await;
    let took = killed.elapsed();
    assert!(
        published,
        "the standby relay published the outbox within 10 s of the kill ({} left)",
        unpublished(&env).await
    );
    println!("standby relay drained the outbox {took:?} after the active one was killed");
    let standby = relay_lock_holder(&env).await;
    assert!(
        standby.is_some() && standby != active,
        "the standby holds the lock now ({active:?} before, {standby:?} after)"
    );
    assert!(http(&relay_b.addr, "GET", "/healthz", &[], "")
        .await
        .is_ok());

    // Nothing lost: every event of the store is on the topic.
    let expected: HashSet<String> =
        sqlx::query_scalar::<_, uuid::Uuid>("SELECT event_id FROM outbox")
            .fetch_all(&env.pool)
            .await
            .unwrap()
            .into_iter()
            .map(|id| id.to_string())
            .collect();
    let on_topic: HashSet<String> = read_topic(&env.topic, expected.len(), Duration::from_secs(30))
        .await
        .into_iter()
        .map(|m| m.event_id.to_string())
        .collect();
    let missing: Vec<_> = expected.difference(&on_topic).collect();
    assert!(
        missing.is_empty(),
        "events missing from the topic: {missing:?}"
    );
    // And the cart the query replica reads has every acknowledged add.
    let (_, header) = query_2.get("/globalresource/header/", &jar.header()).await;
    assert_eq!(header["itemsInCartCount"], 5, "{header}");
}
