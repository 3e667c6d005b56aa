//! A broker that stops answering with its connections open (stalled: a long pause, an
//! overloaded host, a stopped process) costs the store no CPU while beacons wait for it, and
//! loses none of them once it answers again.
//!
//! librdkafka's idempotent producer sends one request per partition at a time. Unpatched, once
//! the next batch was due while that request waited, its broker thread woke again at once, over
//! and over: up to a core for as long as the broker took to answer, taken from the request
//! workers and from the broker itself (docs/performance.md, "The producer's busy loop while a
//! request is in flight"). The workspace builds librdkafka with a fix (vendor/README.md).
//!
//! Its own test binary: it counts the CPU of every librdkafka broker thread in the process.

#[path = "api/common/mod.rs"]
mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use common::tracking::*;
use common::*;

/// CPU seconds used so far by this process's librdkafka broker threads (`rdk:broker…`).
fn producer_threads_cpu() -> f64 {
    let ticks = 100.0; // USER_HZ on Linux
    let mut total = 0.0;
    for task in std::fs::read_dir("/proc/self/task").expect("/proc/self/task") {
        let dir = task.unwrap().path();
        let comm = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
        if !comm.starts_with("rdk:broker") {
            continue;
        }
        let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
        // After the command's closing parenthesis: state is field 3, utime 14, stime 15.
        let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
            continue;
        };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let (utime, stime): (f64, f64) = (
            fields.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0),
            fields.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0),
        );
        total += (utime + stime) / ticks;
    }
    total
}

fn signal(broker: &std::process::Child, signal: &str) {
    let status = std::process::Command::new("kill")
        .args([signal, &broker.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success(), "kill {signal}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stalled_broker_costs_the_store_no_cpu_and_loses_no_beacon() {
    let env = spawn_env().await;
    let port = free_port();
    let mut broker = start_broker(port, "memory://nisshi/");
    let bus = projections::bus::BusConfig::new(format!("127.0.0.1:{port}"));
    let topic = unique("test.tracking");
    bus.ensure_topics(&[&topic]).await.expect("create topic");
    let sink = Arc::new(
        tracker::TrackingSink::new(&bus, tracker::SinkSettings::new(&topic))
            .expect("tracking producer"),
    );
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        bus,
        std::env::temp_dir().join("no-web"),
    );
    state.tracking = sink.clone();
    let mut shopper = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    let delivered = || sink.stats.delivered.load(Ordering::Relaxed);

    for n in 0..20 {
        beacon(&mut shopper, n).await;
    }
    assert!(
        eventually(Duration::from_secs(30), || async { delivered() == 20 }).await,
        "the broker acknowledges the first beacons"
    );

    // The broker stops answering; its connections stay open. Four seconds of beacons at about
    // a hundred a second: the first batch goes out and waits, the next ones fall due behind it.
    signal(&broker, "-STOP");
    let cpu_before = producer_threads_cpu();
    let stalled = std::time::Instant::now();
    let mut n = 20;
    while stalled.elapsed() < Duration::from_secs(4) {
        beacon(&mut shopper, n).await;
        n += 1;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let spent = producer_threads_cpu() - cpu_before;
    eprintln!("the producer's threads used {spent:.2} s of CPU during the stall");
    signal(&broker, "-CONT");

    let total = n;
    let all = eventually(Duration::from_secs(60), || async { delivered() == total }).await;
    let failed = sink.stats.failed.load(Ordering::Relaxed);
    broker.kill().unwrap();
    broker.wait().unwrap();
    assert!(
        spent < 0.5,
        "the producer's threads used {spent:.2} s of CPU during a 4 s stall (a busy loop uses \
         about a core)"
    );
    assert!(
        all,
        "every beacon reached the broker once it answered again ({} of {total})",
        delivered()
    );
    assert_eq!(failed, 0, "none failed");
}

/// Beacon number `n` (a search), answered with the pixel.
async fn beacon(shopper: &mut Client, n: u64) {
    let url = hawk_url(&search_event("stall", 2), "2", &format!("tok-{n}"));
    let answer = shopper
        .send_with("GET", &url, None, String::new(), &[("user-agent", CHROME)])
        .await;
    assert_eq!(answer.status, 200, "the pixel is answered");
}
