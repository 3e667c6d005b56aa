//! `POST /a/log/` keeps what it promises (issue 12, defect 7): no query string, fragment or
//! credentials of a URL, no visitor id or cookie value in the row or the log, a rate limit per
//! visitor and a retention window.

use std::time::Duration;

use crate::common::*;
use command::routes::log::{purge_expired, REPORTS_PER_VISITOR, RETENTION_DAYS};
use serde_json::json;

async fn rows(env: &TestEnv) -> Vec<String> {
    sqlx::query_scalar("SELECT row_to_json(c)::text FROM client_errors c ORDER BY id")
        .fetch_all(&env.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_report_keeps_no_query_string_fragment_or_visitor() {
    logs::capture("info");
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    // A first request hands out the visitor cookie; the report comes with it.
    c.get("/healthz").await;
    let cookie = c.cookies.get("sf_vid").expect("a visitor cookie").clone();
    let visitor_id = cookie.split('.').next().unwrap().to_string();
    let marker = "clientlogmarker";
    let a = c
        .post(
            "/a/log/",
            json!({
                "url": "https://me:pw@x.example/p/1?token=abc#frag",
                "error": format!("{marker} TypeError: failed to fetch /cart?session=xyz\n at f (https://x.example/assets/a.js?sig=xyz:1:2)"),
            }),
        )
        .await;
    assert_eq!(
        (a.status.as_u16(), a.body.as_str()),
        (200, r#"{"success":true}"#)
    );
    let (url, error): (String, String) = sqlx::query_as("SELECT url, error FROM client_errors")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(url, "https://x.example/p/1");
    assert_eq!(
        error,
        format!("{marker} TypeError: failed to fetch /cart\n at f (https://x.example/assets/a.js)")
    );
    let all = rows(&env).await.join("\n");
    for secret in ["abc", "xyz", "frag", "pw", &cookie, &visitor_id] {
        assert!(!all.contains(secret), "{secret:?} is stored: {all}");
    }
    let log = logs::text();
    let ours: Vec<&str> = log.lines().filter(|l| l.contains(marker)).collect();
    assert_eq!(ours.len(), 1, "the report is logged: {log}");
    assert!(ours[0].contains("client error reported"), "{}", ours[0]);
    for secret in ["abc", "xyz", &cookie, &visitor_id] {
        assert!(
            !ours[0].contains(secret),
            "{secret:?} is logged: {}",
            ours[0]
        );
    }
    assert!(
        !log.contains(&visitor_id),
        "no log line holds the visitor id"
    );
}

#[tokio::test]
async fn a_visitor_gets_ten_reports_a_minute_and_others_are_not_held_back() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let report = json!({"url": "/p/1", "error": "boom"});
    for i in 0..REPORTS_PER_VISITOR + 1 {
        let a = c.post("/a/log/", report.clone()).await;
        assert_eq!(
            (a.status.as_u16(), a.body.as_str()),
            (200, r#"{"success":true}"#),
            "report {i}: a dropped report is answered like a stored one"
        );
    }
    assert_eq!(REPORTS_PER_VISITOR, 10);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        10
    );
    assert_eq!(command::routes::log::dropped_reports(), 1);
    let a = c.other().post("/a/log/", report).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        11,
        "another visitor is stored"
    );
}

async fn insert_aged(env: &TestEnv, url: &str, days: i32) {
    sqlx::query(
        "INSERT INTO client_errors (url, error, created_at) \
         VALUES ($1, 'old', now() - make_interval(days => $2))",
    )
    .bind(url)
    .bind(days)
    .execute(&env.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn reports_older_than_the_window_are_purged() {
    let env = spawn_env().await;
    assert_eq!(RETENTION_DAYS, 14);
    insert_aged(&env, "/expired", RETENTION_DAYS + 1).await;
    insert_aged(&env, "/kept", RETENTION_DAYS - 1).await;
    assert_eq!(purge_expired(&env.pool).await.unwrap(), 1);
    let left: Vec<String> = sqlx::query_scalar("SELECT url FROM client_errors")
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert_eq!(left, vec!["/kept".to_string()]);
}

/// The handler purges at most once an hour per app (one per process); each test's app has
/// its own clock.
#[tokio::test]
async fn a_report_starts_the_purge() {
    let env = spawn_env().await;
    insert_aged(&env, "/expired", RETENTION_DAYS + 1).await;
    let mut c = Client::new(&env);
    let a = c
        .post("/a/log/", json!({"url": "/new", "error": "e"}))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let purged = eventually(Duration::from_secs(10), || async {
        count(
            &env.pool,
            "SELECT count(*) FROM client_errors WHERE url = '/expired'",
        )
        .await
            == 0
    })
    .await;
    assert!(purged, "the expired report is deleted");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        1
    );
}
