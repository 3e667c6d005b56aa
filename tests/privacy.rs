//! Personal data in an immutable log: a subscriber's address is in clear nowhere but the
//! newsletter's read model; forgetting a person erases them for good and no one else; the
//! unsubscribe link works once, idempotently, and only as issued (docs/privacy.md).

#[path = "api/common/mod.rs"]
mod common;

use std::time::Duration;

use common::*;
use serde_json::{json, Value};

fn captured() {
    logs::capture("debug");
}

fn log_text() -> String {
    logs::text().to_lowercase()
}

async fn subscribe(c: &mut Client, email: &str) {
    let a = c
        .post("/email/marketing/subscribe", json!({"EmailAddress": email}))
        .await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
}

/// Rows of `sql` (one text column) that contain `needle`, case-insensitively.
async fn rows_containing(pool: &sqlx::PgPool, sql: &str, needle: &str) -> Vec<String> {
    let rows: Vec<String> = sqlx::query_scalar(sql).fetch_all(pool).await.unwrap();
    rows.into_iter()
        .filter(|r| r.to_lowercase().contains(&needle.to_lowercase()))
        .collect()
}

fn relay(env: &TestEnv) -> projections::relay::Relay {
    projections::relay::Relay::new(
        env.pool.clone(),
        &env.bus,
        projections::relay::RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap()
}

#[tokio::test]
async fn a_subscribers_address_is_in_clear_nowhere_but_the_mailing_list() {
    captured();
    let env = spawn_env().await;
    env.ensure_topic().await;
    let local = unique("sentinel");
    let sentinel = format!("{local}@example.com");
    let mut c = Client::new(&env);
    // Typed with capitals and spaces: the stored forms are normalised, the check is too.
    subscribe(&mut c, &format!("  {}@Example.COM ", local.to_uppercase())).await;
    c.post_keyed(
        "/email/marketing/subscribe",
        "k-sentinel",
        json!({"EmailAddress": sentinel}),
    )
    .await;
    let relay = relay(&env);
    while relay.publish_batch().await.unwrap() > 0 {}

    // The mailing list can read it: the projection opened the sealed address.
    let listed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM newsletter_subscriptions WHERE email = $1")
            .bind(&sentinel)
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(listed, 1);
    // The event store: no payload, id or metadata holds it.
    let events = rows_containing(
        &env.pool,
        "SELECT concat_ws(' ', aggregate_id, payload::text, metadata::text) FROM events",
        &local,
    )
    .await;
    assert!(events.is_empty(), "{events:?}");
    let subscribed: Value = sqlx::query_scalar(
        "SELECT payload::jsonb FROM events WHERE aggregate_type = 'Subscription'",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let email = &subscribed["Subscribed"]["email"];
    assert!(
        email["sealed"].as_str().is_some_and(|s| s.len() > 40),
        "{subscribed}"
    );
    let subject: String =
        sqlx::query_scalar("SELECT aggregate_id FROM events WHERE aggregate_type = 'Subscription'")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert!(subject.starts_with("em_"), "a keyed hash: {subject}");
    for (table, sql) in [
        ("outbox", "SELECT concat_ws(' ', aggregate_id) FROM outbox"),
        (
            "idempotency_keys",
            "SELECT concat_ws(' ', key, headers::text, encode(body, 'escape')) FROM idempotency_keys",
        ),
        (
            "projection_progress",
            "SELECT aggregate_id FROM projection_progress",
        ),
        (
            "subject_keys",
            "SELECT concat_ws(' ', subject_id, encode(wrapped, 'escape')) FROM subject_keys",
        ),
    ] {
        let found = rows_containing(&env.pool, sql, &local).await;
        assert!(found.is_empty(), "{table}: {found:?}");
    }
    // The topic: neither keys nor payloads.
    let messages = read_raw(&env.topic, 1, Duration::from_secs(30)).await;
    assert_eq!(
        messages.len(),
        1,
        "one Subscribed event, subscribing again is a no-op"
    );
    for (key, payload) in &messages {
        assert_eq!(key.as_deref(), Some(subject.as_str()));
        let text = String::from_utf8_lossy(payload).to_lowercase();
        assert!(!text.contains(&local), "{text}");
        assert!(text.contains("sealed"), "{text}");
    }
    // The log, at debug level.
    let log = log_text();
    assert!(!log.is_empty(), "the capture works");
    let naming: Vec<&str> = log.lines().filter(|l| l.contains(&local)).collect();
    assert!(
        naming.is_empty(),
        "the log names the subscriber: {naming:?}"
    );
}

/// `storefront privacy …` against the env's database with the test keys.
fn cli(env: &TestEnv, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_storefront"))
        .args(args)
        .env("DATABASE_URL", &env.database_url)
        .env("PSEUDONYM_KEY", TEST_PSEUDONYM_KEY)
        .env("MASTER_KEYS", TEST_MASTER_KEYS)
        .env("RUST_LOG", "warn")
        .output()
        .expect("run the CLI");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn export(env: &TestEnv, email: &str) -> Value {
    let (ok, out, err) = cli(env, &["privacy", "export", "--email", email]);
    assert!(ok, "{err}");
    serde_json::from_str(&out).expect("JSON")
}

async fn track(env: &TestEnv, visitor: &str, n: usize) {
    for _ in 0..n {
        sqlx::query(
            "INSERT INTO tracking_events (event_id, received_at, visitor_id, visit_id, event, bot, body) \
             VALUES (gen_random_uuid(), now(), $1, 'visit-1', 'PageLoad', false, '{\"event\": \"PageLoad\"}')",
        )
        .bind(visitor)
        .execute(&env.pool)
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn forgetting_a_person_erases_them_for_good_and_no_one_else() {
    let env = spawn_env().await;
    let gone = format!("{}@example.com", unique("gone"));
    let kept = format!("{}@example.com", unique("kept"));
    let mut a = Client::new(&env);
    let mut b = a.other();
    subscribe(&mut a, &gone).await;
    subscribe(&mut b, &kept).await;

    // Access: everything about the person, opened.
    let before = export(&env, &gone);
    assert_eq!(before["newsletter"][0]["email"], gone.as_str());
    let events = before["events"].as_array().unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["payload"]["Subscribed"]["email"], gone.as_str());
    let visitor_a = before["visitors"][0]["visitorId"]
        .as_str()
        .unwrap()
        .to_string();
    let visitor_b = export(&env, &kept)["visitors"][0]["visitorId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(visitor_a, visitor_b);
    track(&env, &visitor_a, 3).await;
    track(&env, &visitor_b, 2).await;
    assert_eq!(
        export(&env, &gone)["visitors"][0]["trackingEvents"]
            .as_array()
            .unwrap()
            .len(),
        3
    );

    let (ok, out, err) = cli(&env, &["privacy", "forget", "--email", &gone]);
    assert!(ok, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["keyDestroyed"], true, "{report}");
    assert_eq!(report["subscriptionEnded"], true);
    assert_eq!(report["recorded"], true);
    assert_eq!(report["trackingEventsRemoved"], 3);
    assert!(!out.contains(&gone), "the report names no address");

    let subs = |email: &str| {
        format!("SELECT count(*) FROM newsletter_subscriptions WHERE email = '{email}'")
    };
    assert_eq!(count(&env.pool, &subs(&gone)).await, 0);
    assert_eq!(
        count(&env.pool, &subs(&kept)).await,
        1,
        "another subject is untouched"
    );
    let tracked =
        |v: &str| format!("SELECT count(*) FROM tracking_events WHERE visitor_id = '{v}'");
    assert_eq!(count(&env.pool, &tracked(&visitor_a)).await, 0);
    assert_eq!(count(&env.pool, &tracked(&visitor_b)).await, 2);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM subject_keys").await,
        1,
        "only the kept subject's key"
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'SubjectForgotten'"
        )
        .await,
        1
    );

    // A rebuild from the event store brings nothing back, and verify finds no difference.
    for projection in projections::engine::all() {
        projections::engine::rebuild(projection, &env.pool, 500, &|_, _| {})
            .await
            .unwrap();
    }
    assert_eq!(count(&env.pool, &subs(&gone)).await, 0);
    assert_eq!(count(&env.pool, &subs(&kept)).await, 1);
    let (ok, out, err) = cli(&env, &["projections", "verify"]);
    assert!(ok, "{out}{err}");

    // Export afterwards returns nothing.
    let after = export(&env, &gone);
    assert_eq!(after["events"], json!([]), "{after}");
    assert_eq!(after["newsletter"], json!([]));
    assert_eq!(after["visitors"], json!([]));
    assert_eq!(export(&env, &kept)["newsletter"][0]["email"], kept.as_str());

    // Forgetting again records nothing new; signing up again is a new consent that works.
    let (ok, out, _) = cli(&env, &["privacy", "forget", "--email", &gone]);
    assert!(ok);
    assert_eq!(
        serde_json::from_str::<Value>(&out).unwrap()["recorded"],
        false
    );
    subscribe(&mut a, &gone).await;
    assert_eq!(count(&env.pool, &subs(&gone)).await, 1);
    for projection in projections::engine::all() {
        projections::engine::rebuild(projection, &env.pool, 500, &|_, _| {})
            .await
            .unwrap();
    }
    assert_eq!(
        count(&env.pool, &subs(&gone)).await,
        1,
        "the new subscription survives a rebuild; the old one stays erased"
    );
    assert_eq!(export(&env, &gone)["events"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn the_unsubscribe_link_works_once_and_only_as_issued() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let email = format!("{}@example.com", unique("reader"));
    let other = format!("{}@example.com", unique("other"));
    subscribe(&mut c, &email).await;
    subscribe(&mut c.other(), &other).await;
    let (ok, link, err) = cli(&env, &["privacy", "unsubscribe-link", "--email", &email]);
    assert!(ok, "{err}");
    let link = link.trim();
    assert!(
        link.starts_with("http://127.0.0.1:8080/newsletter/unsubscribe?token=em_"),
        "{link}"
    );
    assert!(!link.contains(&email));
    let token = link.rsplit_once("token=").unwrap().1.to_string();
    let subs = |email: &str| {
        format!("SELECT count(*) FROM newsletter_subscriptions WHERE email = '{email}'")
    };
    let unsubscribed = "SELECT count(*) FROM events WHERE event_type = 'Unsubscribed'";

    // Forged, foreign, cut short or missing: refused in one shape, nothing changes.
    let (subject, signature) = token.rsplit_once('.').unwrap();
    let other_subject = cli(&env, &["privacy", "unsubscribe-link", "--email", &other])
        .1
        .rsplit_once("token=")
        .unwrap()
        .1
        .trim()
        .rsplit_once('.')
        .unwrap()
        .0
        .to_string();
    let foreign = command::privacy::PrivacyKeys::parse(
        "another-stores-pseudonym-key-0123456789",
        TEST_MASTER_KEYS,
    )
    .unwrap()
    .unsubscribe_token(subject);
    for (bad, status) in [
        (
            json!({"token": format!("{other_subject}.{signature}")}),
            403,
        ),
        (
            json!({"token": format!("{subject}.{}", "0".repeat(32))}),
            403,
        ),
        (json!({"token": foreign}), 403),
        (json!({"token": subject}), 403),
        (json!({"token": ""}), 403),
        (json!({}), 403),
    ] {
        let a = c.post("/email/marketing/unsubscribe", bad.clone()).await;
        assert_eq!(a.status, status, "{bad}");
        assert_eq!(
            a.json(),
            json!({"success": false, "code": "InvalidToken", "message": "This unsubscribe link is not valid."})
        );
    }
    assert_eq!(count(&env.pool, &subs(&email)).await, 1);
    assert_eq!(count(&env.pool, &subs(&other)).await, 1);
    assert_eq!(count(&env.pool, unsubscribed).await, 0);

    // The real token: once, then the same answer and no new event.
    for _ in 0..2 {
        let a = c
            .post("/email/marketing/unsubscribe", json!({"token": token}))
            .await;
        assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    }
    assert_eq!(count(&env.pool, &subs(&email)).await, 0);
    assert_eq!(count(&env.pool, &subs(&other)).await, 1);
    assert_eq!(count(&env.pool, unsubscribed).await, 1);
    // One-click unsubscribe from a mail program (RFC 8058): a form post to the link itself.
    let a = c
        .send(
            "POST",
            &format!("/email/marketing/unsubscribe?token={token}"),
            Some("application/x-www-form-urlencoded"),
            "List-Unsubscribe=One-Click".into(),
        )
        .await;
    assert_eq!(a.json(), json!({"success": true}), "{}", a.body);
    assert_eq!(count(&env.pool, unsubscribed).await, 1);

    // Subscribing again after unsubscribing works, and the link works again after it.
    subscribe(&mut c, &email).await;
    assert_eq!(count(&env.pool, &subs(&email)).await, 1);
    let a = c
        .post_keyed(
            "/email/marketing/unsubscribe",
            "u1",
            json!({"token": token}),
        )
        .await;
    assert_eq!(a.json(), json!({"success": true}));
    let replay = c
        .post_keyed(
            "/email/marketing/unsubscribe",
            "u1",
            json!({"token": token}),
        )
        .await;
    assert_eq!(replay.json(), json!({"success": true}));
    assert_eq!(count(&env.pool, &subs(&email)).await, 0);
    assert_eq!(count(&env.pool, unsubscribed).await, 2);
}

#[tokio::test]
async fn a_new_master_key_is_rotated_in_and_the_old_one_dropped() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let email = format!("{}@example.com", unique("rotated"));
    subscribe(&mut c, &email).await;
    let new_key = "a-new-master-key-0123456789abcdefghijkl";
    let with_keys = |masters: &str, args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_storefront"))
            .args(args)
            .env("DATABASE_URL", &env.database_url)
            .env("PSEUDONYM_KEY", TEST_PSEUDONYM_KEY)
            .env("MASTER_KEYS", masters)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    // Before the rewrap the new key alone cannot open the data: an error, not an empty export.
    let (ok, _, err) = with_keys(new_key, &["privacy", "export", "--email", &email]);
    assert!(!ok, "the old master key is still needed");
    assert!(err.contains("MASTER_KEYS no longer holds"), "{err}");
    let rotated = format!("{new_key},{TEST_MASTER_KEYS}");
    let (ok, out, err) = with_keys(&rotated, &["privacy", "rewrap"]);
    assert!(ok, "{err}");
    assert!(out.contains("1 data keys wrapped"), "{out}");
    let (ok, out, err) = with_keys(new_key, &["privacy", "export", "--email", &email]);
    assert!(ok, "{err}");
    let export: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(export["newsletter"][0]["email"], email.as_str());
    assert_eq!(
        export["events"][0]["payload"]["Subscribed"]["email"],
        email.as_str()
    );
    // And the read models rebuild under the new key alone.
    let (ok, out, err) = with_keys(new_key, &["projections", "rebuild"]);
    assert!(ok, "{out}{err}");
    let listed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM newsletter_subscriptions WHERE email = $1")
            .bind(&email)
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(listed, 1);
}
