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

#[tokio::test]
async fn account_calls_log_no_password_token_code_or_address() {
    logs::capture("debug,sqlx=warn,hyper=info,h2=info,rdkafka=info,librdkafka=info");
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let email = format!("{}@example.com", unique("jane"));
    let password = format!("Pw1{}", unique("x"));
    let made = jane
        .post_with_token(
            "/account/register",
            json!({"firstName": "Janeqx", "lastName": "Doeqx", "emailAddress": email,
                   "password": password, "phoneNumber": "(555) 234-5678"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    // The session id the cookie carries (before its signature).
    let cookie = jane.cookies["sf_session"].clone();
    let session = cookie[..cookie.len().min(40)].to_string();
    let token = jane.anti_forgery_token().await;
    let wrong = format!("Wr0ng{}", unique("y"));
    jane.post_with_token(
        "/account/authenticate",
        json!({"userName": email, "password": wrong}),
    )
    .await;
    jane.post_with_token("/account/verifyPassword", json!({"password": password}))
        .await;
    jane.post_with_token("/account/recover", json!({"emailAddress": email}))
        .await;
    // The mail goes after the answer: wait for it, then use its link.
    let mut mail = None;
    for _ in 0..100 {
        mail = sqlx::query_scalar::<_, String>("SELECT body FROM notifications LIMIT 1")
            .fetch_optional(&env.pool)
            .await
            .unwrap();
        if mail.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mail = mail.expect("the reset mail");
    let at = mail
        .split("at=")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .to_string();
    let bid = mail
        .split("bid=")
        .nth(1)
        .and_then(|rest| rest.split('&').next())
        .unwrap()
        .to_string();
    let new_password = format!("Nw1{}", unique("z"));
    let reset = jane
        .post_with_token(
            "/account/reset",
            json!({"bid": bid, "at": at, "newPassword": new_password}),
        )
        .await;
    assert_eq!(reset.json()["success"], true, "{}", reset.body);
    let log = logs::text();
    assert!(!log.is_empty());
    for secret in [
        email.as_str(),
        password.as_str(),
        wrong.as_str(),
        new_password.as_str(),
        at.as_str(),
        session.as_str(),
        token.as_str(),
        "Janeqx",
        "Doeqx",
        "2345678",
    ] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
}

#[tokio::test]
async fn rewards_calls_log_no_phone_email_or_code() {
    use command::rewards::provider::{Enrolment, RewardsProvider};
    logs::capture("debug,sqlx=warn,hyper=info,h2=info,rdkafka=info,librdkafka=info");
    let env = spawn_env().await;
    // A member who joined in store, to connect by a code.
    let provider = command::rewards::local::LocalProvider {
        pool: env.pool.clone(),
        sealer: std::sync::Arc::new(command::privacy::vault::PgSealer {
            pool: env.pool.clone(),
        }),
        inline: std::sync::Arc::new(projections::registry::InlineShopping),
    };
    let in_store = format!("{}@example.com", unique("instore"));
    provider
        .enrol(Enrolment {
            phone: "5553334444".into(),
            email: Some(in_store.clone()),
            customer_id: None,
            joined_at: command::rewards::member::JoinedAt::InStore,
            now: chrono::Utc::now(),
        })
        .await
        .unwrap();
    let mut jane = Client::new(&env);
    let email = format!("{}@example.com", unique("jane"));
    let made = jane
        .post_with_token(
            "/account/register",
            json!({"firstName": "Jane", "lastName": "Doe", "emailAddress": email,
                   "password": "Password1", "phoneNumber": "(555) 234-5678",
                   "skipConnectingRewards": true}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    jane.post_with_token("/account/getrewardsdata", json!({}))
        .await;
    jane.post_with_token(
        "/account/findrewardstolink",
        json!({"phoneNumber": "(555) 333-4444"}),
    )
    .await;
    let sent = jane
        .post_with_token(
            "/account/sendverificationcode",
            json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "email"}),
        )
        .await
        .json();
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    let body: String = sqlx::query_scalar("SELECT body FROM notifications WHERE key = $1")
        .bind(format!("rewards-code:{session}"))
        .fetch_one(&env.pool)
        .await
        .unwrap();
    let code = body
        .split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .unwrap()
        .to_string();
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for attempt in [wrong, code.as_str()] {
        jane.post_with_token(
            "/account/confirmlinkaccount",
            json!({"code": attempt, "rewardsSessionId": session}),
        )
        .await;
    }
    let linked: i64 =
        sqlx::query_scalar("SELECT count(*) FROM rewards_members WHERE customer_id IS NOT NULL")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(linked, 1, "the in-store member is Jane's now");
    let log = logs::text();
    assert!(!log.is_empty());
    for secret in [
        email.as_str(),
        in_store.as_str(),
        "3334444",
        "333-4444",
        "2345678",
        // The session id may be logged (an aggregate id: worth nothing without the browser
        // that asked and the code).
        code.as_str(),
    ] {
        assert!(!log.contains(secret), "{secret} is in the log");
    }
}
