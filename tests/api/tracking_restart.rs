//! A durable broker (nisshi's postgres storage, as the run command starts it) killed and
//! restarted during a burst of beacons: every beacon the tracker answered while the broker was
//! up, or while it was away within the queue bound, is counted exactly once by analytics.

use std::time::Duration;

use crate::common::tracking::*;
use crate::common::*;

#[tokio::test]
async fn beacons_answered_across_a_broker_restart_are_counted_exactly_once() {
    let env = spawn_env().await;
    // The broker's own database in the test cluster.
    let base = std::env::var("TEST_NISSHI_STORAGE_BASE")
        .expect("TEST_NISSHI_STORAGE_BASE (the test cluster's URL) is set by infra/test");
    let database = unique("nisshi");
    sqlx::query(&format!("CREATE DATABASE \"{database}\""))
        .execute(&env.pool)
        .await
        .unwrap();
    let storage = format!("{base}/{database}");
    let port = free_port();
    let mut broker = start_broker(port, &storage);
    let brokers = format!("127.0.0.1:{port}");
    let topic = unique("test.tracking");
    let (mut server, addr) = start_server(
        &env,
        &[
            ("KAFKA_BROKERS", brokers.as_str()),
            ("TRACKING_TOPIC", topic.as_str()),
            ("ROLES", "tracker,analytics"),
        ],
    )
    .await;

    // 1,500 beacons at about 300 a second; the broker is killed after the 500th is answered
    // and comes back 3 s later, so about a thousand are answered while it is away or catching
    // up.
    const TOTAL: usize = 1500;
    let sent = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let sender = {
        let (addr, sent) = (addr.clone(), sent.clone());
        tokio::spawn(async move {
            let mut answered = 0;
            for i in 0..TOTAL {
                let event = search_event(&format!("restart {}", i % 30), 3);
                let path = hawk_url(&event, "2", &format!("b{i}"));
                match http(&addr, "GET", &path, &[], "").await {
                    Ok((200, _, _)) => answered += 1,
                    other => panic!("beacon {i}: {other:?}"),
                }
                sent.store(i + 1, std::sync::atomic::Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(3)).await;
            }
            answered
        })
    };
    let progress = || sent.load(std::sync::atomic::Ordering::SeqCst);
    assert!(
        eventually(Duration::from_secs(30), || async { progress() >= 500 }).await,
        "the first 500 beacons are answered"
    );
    broker.kill().unwrap();
    broker.wait().unwrap();
    let at_kill = progress();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let during_outage = progress() - at_kill;
    let mut broker = start_broker(port, &storage);
    assert!(
        during_outage > 100,
        "beacons kept being answered with the broker away ({during_outage})"
    );
    let answered = sender.await.unwrap();
    assert_eq!(answered, TOTAL, "every beacon was answered");

    let all_in = eventually(Duration::from_secs(90), || async {
        count(&env.pool, "SELECT count(*) FROM tracking_events").await == TOTAL as i64
    })
    .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let folded = count(&env.pool, "SELECT count(*) FROM tracking_events").await;
    let searches = count(
        &env.pool,
        "SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily",
    )
    .await;
    let _ = server.kill();
    let _ = server.wait();
    broker.kill().unwrap();
    broker.wait().unwrap();
    assert!(all_in, "all {TOTAL} beacons counted (got {folded})");
    assert_eq!(searches, TOTAL as i64, "each exactly once");
}
