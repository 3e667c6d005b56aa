//! Crash consistency: add-to-cart at concurrency 16 against the real server, kill -9 mid-load,
//! restart. Every acknowledged command is in the event store (with its stored answer), in the
//! cart read model, and on the topic.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::common::*;

const KEYS: &str = "crash-test-key-0123456789abcdef0123456789";

/// One shopper's acknowledged adds: (visitor id, cart id, idempotency keys).
#[derive(Debug, Default)]
struct Shopper {
    visitor: String,
    cart: String,
    acked: Vec<String>,
}

fn cookie_id(cookies: &[String], name: &str) -> Option<(String, String)> {
    cookies.iter().find_map(|c| {
        let pair = c.split(';').next()?;
        let (k, v) = pair.split_once('=')?;
        (k == name).then(|| (v.to_string(), v.split('.').next().unwrap_or("").to_string()))
    })
}

async fn shop(addr: String, stop: Arc<AtomicBool>) -> Shopper {
    let mut me = Shopper::default();
    let mut jar: HashMap<&str, String> = HashMap::new();
    for _ in 0..400 {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let key = unique("add");
        let cookie = jar
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let mut headers = vec![
            ("Content-Type", "application/json"),
            ("Idempotency-Key", key.as_str()),
        ];
        if !cookie.is_empty() {
            headers.push(("Cookie", cookie.as_str()));
        }
        match http(
            &addr,
            "POST",
            "/products/a/addtocart",
            &headers,
            r#"{"blainNumber":"100"}"#,
        )
        .await
        {
            Ok((200, cookies, body)) => {
                let answer: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert_eq!(answer["resultCode"], "Success", "{body}");
                for name in ["sf_vid", "sf_cart"] {
                    if let Some((value, id)) = cookie_id(&cookies, name) {
                        jar.insert(name, value);
                        if name == "sf_vid" {
                            me.visitor = id;
                        } else {
                            me.cart = id;
                        }
                    }
                }
                me.acked.push(key);
                assert_eq!(answer["cartQty"], me.acked.len() as i64, "{body}");
            }
            Ok((status, _, body)) => panic!("unexpected answer {status}: {body}"),
            // The server died under us: this request was not acknowledged.
            Err(_) => break,
        }
    }
    me
}

#[tokio::test]
async fn acknowledged_adds_survive_kill_9_and_reach_the_topic() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    small_catalog(&env).await;
    let keys = [("COOKIE_KEYS", KEYS)];
    let (mut server, addr) = start_server(&env, &keys).await;

    let stop = Arc::new(AtomicBool::new(false));
    let shoppers: Vec<_> = (0..16)
        .map(|_| tokio::spawn(shop(addr.clone(), stop.clone())))
        .collect();
    // Let the load run, then kill -9 mid-load.
    assert!(
        eventually(Duration::from_secs(60), || async {
            count(
                &env.pool,
                "SELECT count(*) FROM events WHERE aggregate_type = 'Cart'",
            )
            .await
                > 150
        })
        .await,
        "the load runs"
    );
    server.kill().expect("kill -9");
    server.wait().unwrap();
    stop.store(true, Ordering::Relaxed);
    let mut results = Vec::new();
    for s in shoppers {
        results.push(s.await.unwrap());
    }
    let acked: usize = results.iter().map(|s| s.acked.len()).sum();
    assert!(acked > 100, "{acked} adds acknowledged before the kill");
    let committed = count(
        &env.pool,
        "SELECT count(*) FROM events WHERE aggregate_type = 'Cart'",
    )
    .await;
    println!("{acked} adds acknowledged, {committed} committed when the server was killed");

    // Restart: the relay publishes what the dead server left in the outbox.
    let (mut server, _addr) = start_server(&env, &keys).await;
    let drained = eventually(Duration::from_secs(60), || async {
        count(
            &env.pool,
            "SELECT count(*) FROM outbox WHERE published_at IS NULL",
        )
        .await
            == 0
    })
    .await;

    let mut checked = 0;
    for s in results.iter().filter(|s| !s.acked.is_empty()) {
        // Every acknowledged command has its answer stored with its events.
        let stored: Vec<String> =
            sqlx::query_scalar("SELECT key FROM idempotency_keys WHERE scope = $1")
                .bind(&s.visitor)
                .fetch_all(&env.pool)
                .await
                .unwrap();
        let stored: HashSet<String> = stored.into_iter().collect();
        for key in &s.acked {
            assert!(
                stored.contains(key),
                "acknowledged add {key} is in the store"
            );
        }
        // The event store holds them (and at most the unacknowledged one more) ...
        let events = count(
            &env.pool,
            &format!(
                "SELECT count(*) FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = '{}'",
                s.cart
            ),
        )
        .await;
        assert!(
            events >= s.acked.len() as i64,
            "{events} events for {} acks",
            s.acked.len()
        );
        assert!(events <= s.acked.len() as i64 + 1);
        assert_eq!(
            stored.len() as i64,
            events,
            "one stored answer per committed add"
        );
        // ... and the read model agrees with the event store.
        let qty: i32 = sqlx::query_scalar("SELECT item_count FROM carts WHERE cart_id = $1")
            .bind(&s.cart)
            .fetch_one(&env.pool)
            .await
            .unwrap();
        assert_eq!(i64::from(qty), events, "cart read model of {}", s.cart);
        checked += 1;
    }
    assert!(checked >= 8, "{checked} shoppers checked");

    assert!(drained, "the restarted server published the outbox");
    let expected: HashSet<uuid::Uuid> =
        sqlx::query_scalar("SELECT event_id FROM outbox WHERE aggregate_type = 'Cart'")
            .fetch_all(&env.pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    let on_topic: HashSet<uuid::Uuid> =
        read_topic(&env.topic, expected.len(), Duration::from_secs(60))
            .await
            .into_iter()
            .filter(|e| e.aggregate_type == "Cart")
            .map(|e| e.event_id)
            .collect();
    server.kill().unwrap();
    server.wait().unwrap();
    let missing = expected.difference(&on_topic).count();
    assert_eq!(missing, 0, "every committed add reached the topic");
}
