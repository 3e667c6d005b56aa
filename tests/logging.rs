//! What reaches the log: client text cannot forge a line, and a broker outage writes a few
//! lines, not several a second.

#[path = "api/common/mod.rs"]
mod common;

use std::time::Duration;

use common::*;
use serde_json::json;

fn captured() {
    logs::capture("info,sqlx=warn");
}

fn lines() -> Vec<String> {
    logs::text().lines().map(str::to_string).collect()
}

#[tokio::test]
async fn a_crlf_in_a_client_error_report_is_one_log_line() {
    captured();
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let marker = unique("report");
    let forged = "2026-11-23T20:00:00.000000Z  INFO storefront: order refunded to attacker";
    let a = c
        .post(
            "/a/log/",
            json!({"url": format!("/x/{marker}\r\n{forged}"), "error": format!("{marker}\r\n{forged}\u{1b}[2J")}),
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let all = lines();
    let ours: Vec<&String> = all.iter().filter(|l| l.contains(&marker)).collect();
    assert_eq!(ours.len(), 1, "one line: {ours:?}");
    assert!(ours[0].contains("client error reported"));
    assert!(
        ours[0].contains("\\n2026-11-23"),
        "the line break is escaped: {}",
        ours[0]
    );
    assert!(!ours[0].contains('\u{1b}'), "no raw escape sequence");
    assert!(
        !all.iter().any(|l| l.starts_with(forged)),
        "no forged line in the log"
    );
    // Stored as sent (a report is data, only the log line is escaped).
    let stored: String = sqlx::query_scalar("SELECT error FROM client_errors")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert!(stored.contains('\n'));
}

#[tokio::test]
async fn a_broker_outage_writes_a_few_lines_not_a_flood() {
    captured();
    // A broker address where nothing listens: every connection attempt fails.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let env = spawn_env().await;
    let bus = projections::bus::BusConfig::new(format!("127.0.0.1:{port}"));
    append_price_changes(&env.pool, 3, 1).await;
    let relay = projections::relay::Relay::new(
        env.pool.clone(),
        &bus,
        projections::relay::RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let relay_task = tokio::spawn(async move { relay.run(stop_rx.clone()).await });
    let consumer_stop = stop_tx.subscribe();
    let consumer_task = tokio::spawn(projections::runner::run_projections(
        env.pool.clone(),
        bus.clone(),
        env.topic.clone(),
        unique("outage"),
        consumer_stop,
    ));
    // Six seconds of outage.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(Duration::from_secs(20), relay_task).await;
    let _ = tokio::time::timeout(Duration::from_secs(20), consumer_task).await;
    let about_it: Vec<String> = lines()
        .into_iter()
        .filter(|l| l.contains(&format!(":{port}")))
        .collect();
    assert!(
        !about_it.is_empty(),
        "the outage is logged (else this test proves nothing)"
    );
    assert!(
        about_it.len() <= 8,
        "{} lines in 6 s of outage:\n{}",
        about_it.len(),
        about_it.join("\n")
    );
}
