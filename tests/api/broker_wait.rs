//! A store started before its broker (the run command's first start, while the broker still
//! builds) serves at once, says what waits, and loses nothing of the wait: once the broker
//! answers, the events appended meanwhile reach the events topic and the search index, and the
//! beacons answered meanwhile reach the tracking topic.

use std::time::Duration;

use crate::common::tracking::{hawk_url, CHROME};
use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn a_store_started_before_its_broker_serves_and_loses_nothing_of_the_wait() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let port = free_port();
    let brokers = format!("127.0.0.1:{port}");
    let tracking = unique("test.tracking");
    let (mut server, addr) = start_server(
        &env,
        &[
            ("KAFKA_BROKERS", &brokers),
            ("WAIT_FOR_BROKER", "true"),
            ("TRACKING_TOPIC", &tracking),
        ],
    )
    .await;

    // It serves, and says it is not ready yet.
    let (status, _, _) = http(&addr, "GET", "/healthz", &[], "").await.unwrap();
    assert_eq!(status, 200);
    let ready = || async { http(&addr, "GET", "/readyz", &[], "").await.unwrap() };
    assert!(
        eventually(Duration::from_secs(10), || async {
            ready().await.2.contains("not ready")
        })
        .await,
        "not ready while the broker is away: {:?}",
        ready().await
    );
    // A shopper adds to the cart and the page's beacons are answered.
    let (status, _, body) = http(
        &addr,
        "POST",
        "/products/a/addtocart",
        &[
            ("Content-Type", "application/json"),
            ("Idempotency-Key", "wait-add-1"),
        ],
        r#"{"blainNumber":"100","quantity":2}"#,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{body}");
    let search = json!({"event": "Search", "keyword": "rope", "total": 3, "type_id": 1});
    for i in 0..5 {
        let (status, _, _) = http(
            &addr,
            "GET",
            &hawk_url(&search, "2", &format!("wait{i}")),
            &[("User-Agent", CHROME)],
            "",
        )
        .await
        .unwrap();
        assert_eq!(status, 200);
    }
    // A catalog change while waiting (through the event store, as an import makes it).
    let outcomes = command::eventstore::run::<command::catalog::Product>(&env.pool, &())
        .commands(vec![(
            "777001".to_string(),
            command::catalog::ProductCommand::Upsert(Box::new(product("777001", 4999))),
        )])
        .batch()
        .await
        .unwrap();
    assert!(matches!(outcomes[0], Ok(1)));

    // The broker comes (as the run command starts it when its build ends).
    let mut broker = start_broker(port, "memory://nisshi/");
    assert!(
        eventually(Duration::from_secs(30), || async { ready().await.0 == 200 }).await,
        "ready once the broker answers: {:?}",
        ready().await
    );
    let events = read_raw_from(&brokers, &env.topic, 2, Duration::from_secs(30)).await;
    let keys: Vec<Option<String>> = events.iter().map(|(k, _)| k.clone()).collect();
    assert!(
        keys.contains(&Some("777001".to_string())),
        "the catalog change: {keys:?}"
    );
    assert!(
        events
            .iter()
            .any(|(_, payload)| String::from_utf8_lossy(payload).contains("\"Cart\"")),
        "the cart's event: {keys:?}"
    );
    let beacons = read_raw_from(&brokers, &tracking, 5, Duration::from_secs(30)).await;
    assert_eq!(beacons.len(), 5, "every beacon of the wait");
    // The index follows the events topic: the product of the wait is found.
    assert!(
        eventually(Duration::from_secs(30), || async {
            let (_, _, page) = http(&addr, "GET", "/api/search?keyword=777001", &[], "")
                .await
                .unwrap();
            page.contains("\"777001\"")
        })
        .await,
        "the product changed while waiting is searchable"
    );
    let _ = server.kill();
    let _ = server.wait();
    let _ = broker.kill();
    let _ = broker.wait();
}
