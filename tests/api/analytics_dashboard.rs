//! What the staff console's analysts and merchandisers read from the analytics read models:
//! the report over a range of days with its searches per day, each table as a CSV download,
//! the null-result queue with each keyword's redirect, and the live tail of the tracking topic.

use std::sync::Arc;
use std::time::Duration;

use crate::common::search_catalog::STAFF_TOKEN;
use crate::common::tracking::*;
use crate::common::*;
use serde_json::{json, Value};

const ANALYST_TOKEN: &str = "analyst-test-token-0123456789abcdef";

/// The whole app with a merchandiser and an analyst, its tracker producing to a fresh topic.
async fn dashboard_app(env: &TestEnv) -> (Client, String) {
    let topic = unique("test.tracking");
    env.bus
        .ensure_topics(&[&topic])
        .await
        .expect("create topic");
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.tracking = Arc::new(
        tracker::TrackingSink::new(&env.bus, tracker::SinkSettings::new(&topic))
            .expect("tracking producer"),
    );
    state.staff = Arc::new(
        kernel::staff::StaffTokens::parse(&format!(
            "merch:merchandiser:{STAFF_TOKEN}, ana:analyst:{ANALYST_TOKEN}"
        ))
        .unwrap(),
    );
    state.search.reindex(&env.pool, &|_, _| {}).await.unwrap();
    let client = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    (client, topic)
}

async fn get_with(client: &mut Client, path: &str, token: &str) -> Answer {
    let bearer = format!("Bearer {token}");
    client
        .send_with(
            "GET",
            path,
            None,
            String::new(),
            &[("authorization", &bearer)],
        )
        .await
}

async fn search(client: &mut Client, keyword: &str, results: i64, token: &str) {
    let answer = client
        .send_with(
            "GET",
            &hawk_url(&search_event(keyword, results), "2", token),
            None,
            String::new(),
            &[("user-agent", CHROME)],
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn analysts_read_a_range_of_days_and_download_each_table_as_csv() {
    let env = spawn_env().await;
    let (shopper, topic) = dashboard_app(&env).await;
    let mut visitor = shopper.other();
    // A keyword that would run as a formula in a spreadsheet, with a comma and quotes.
    let formula = r#"=hyperlink("x","y")"#;
    for (i, (keyword, results)) in [("rope", 2), ("rope", 5), (formula, 0), ("glitter hose", 0)]
        .into_iter()
        .enumerate()
    {
        search(&mut visitor, keyword, results, &format!("s{i}")).await;
    }
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(
                &env.pool,
                "SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily",
            )
            .await
                == 4
        })
        .await
    );
    let mut analyst = shopper.other();
    let today = chrono::Utc::now().date_naive();

    let answer = get_with(&mut analyst, "/api/staff/analytics/report", ANALYST_TOKEN).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let report = answer.json();
    assert_eq!(report["until"], today.to_string());
    let days = report["searchesByDay"].as_array().unwrap();
    assert_eq!(
        days.len(),
        8,
        "seven days ago to today, days without searches as zeros"
    );
    assert_eq!(days[0]["searches"], 0);
    assert_eq!(days[7]["day"], today.to_string());
    assert_eq!(days[7]["searches"], 4);
    assert_eq!(days[7]["nullResults"], 2);

    let one_day = format!("/api/staff/analytics/report?since={today}&until={today}");
    let report = get_with(&mut analyst, &one_day, ANALYST_TOKEN).await.json();
    assert_eq!(report["searchesByDay"].as_array().unwrap().len(), 1);
    assert_eq!(report["topSearches"][0]["keyword"], "rope");
    assert_eq!(report["topSearches"][0]["searches"], 2);

    let yesterday = today.pred_opt().unwrap();
    for (query, code) in [
        (format!("since={today}&until={yesterday}"), "InvalidRange"),
        ("until=2026-02-30".to_string(), "InvalidUntil"),
        (
            "since=2024-01-01&until=2026-01-01".to_string(),
            "InvalidRange",
        ),
    ] {
        let answer = get_with(
            &mut analyst,
            &format!("/api/staff/analytics/report?{query}"),
            ANALYST_TOKEN,
        )
        .await;
        assert_eq!(answer.status, 400, "{query}");
        assert_eq!(answer.json()["code"], code, "{query}");
    }

    let csv = get_with(
        &mut analyst,
        &format!("/api/staff/analytics/report.csv?table=null-result-searches&since={today}"),
        ANALYST_TOKEN,
    )
    .await;
    assert_eq!(csv.status, 200, "{}", csv.body);
    assert_eq!(csv.headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        csv.headers["content-disposition"],
        format!("attachment; filename=\"null-result-searches-{today}-to-{today}.csv\"").as_str()
    );
    let lines: Vec<&str> = csv.body.split("\r\n").collect();
    assert_eq!(
        lines[0],
        "keyword,searches,withHits,nullResults,clicks,clickThrough,addToCarts,sales,conversion,revenue"
    );
    assert!(
        lines.contains(&r#""'=hyperlink(""x"",""y"")",1,0,1,0,0.0000,0,0,0.0000,0.00"#),
        "kept as text, quoted: {lines:?}"
    );
    assert!(lines.contains(&"glitter hose,1,0,1,0,0.0000,0,0,0.0000,0.00"));

    let by_day = get_with(
        &mut analyst,
        &format!("/api/staff/analytics/report.csv?table=searches-by-day&since={today}"),
        ANALYST_TOKEN,
    )
    .await;
    assert_eq!(
        by_day.body,
        format!("day,searches,nullResults,clicks,addToCarts,sales,revenue\r\n{today},4,2,0,0,0,0.00\r\n")
    );
    let bad = get_with(
        &mut analyst,
        "/api/staff/analytics/report.csv?table=passwords",
        ANALYST_TOKEN,
    )
    .await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["code"], "InvalidTable");

    // The report is the analysts'; the null-result queue the merchandisers'.
    assert_eq!(
        get_with(
            &mut analyst,
            "/api/staff/analytics/report.csv?table=events",
            STAFF_TOKEN
        )
        .await
        .status,
        403
    );
    assert_eq!(
        get_with(&mut analyst, "/api/staff/merch/null-results", ANALYST_TOKEN)
            .await
            .status,
        403
    );
    assert_eq!(
        shopper
            .other()
            .get("/api/staff/analytics/report.csv?table=events")
            .await
            .status,
        401
    );

    let mut merchandiser = shopper.other();
    let queue = get_with(
        &mut merchandiser,
        "/api/staff/merch/null-results",
        STAFF_TOKEN,
    )
    .await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let rows = queue.json()["rows"].as_array().unwrap().clone();
    let keywords: Vec<&str> = rows
        .iter()
        .map(|r| r["keyword"].as_str().unwrap())
        .collect();
    assert_eq!(
        keywords,
        ["glitter hose", formula],
        "rope always found something; as often, the one seen last comes first"
    );
    for row in &rows {
        assert_eq!(row["nullResults"], 1);
        assert!(row["lastSeen"].is_string(), "{row}");
        assert_eq!(row["redirect"], Value::Null);
    }
    let set = merchandiser
        .send_with(
            "POST",
            "/api/staff/merch/SetKeywordRedirect",
            Some("application/json"),
            json!({"keyword": "Glitter  Hose", "url": "/store-finder/"}).to_string(),
            &[("authorization", &format!("Bearer {STAFF_TOKEN}"))],
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert!(
        eventually(Duration::from_secs(10), || {
            let mut m = merchandiser.other();
            async move {
                let rows = get_with(&mut m, "/api/staff/merch/null-results", STAFF_TOKEN)
                    .await
                    .json()["rows"]
                    .clone();
                rows[0]["redirect"] == "/store-finder/"
            }
        })
        .await,
        "the queue shows the redirect the keyword now has"
    );
}

/// A tail's response body, read event by event.
struct Tail {
    body: axum::body::Body,
    text: String,
}

impl Tail {
    async fn open(client: &Client, query: &str) -> Result<Tail, axum::response::Response> {
        use tower::ServiceExt;
        let request = axum::http::Request::get(format!("/api/staff/analytics/tail?{query}"))
            .header("authorization", format!("Bearer {ANALYST_TOKEN}"))
            .body(axum::body::Body::empty())
            .unwrap();
        let response = client.app.clone().oneshot(request).await.unwrap();
        if response.status() != 200 {
            return Err(response);
        }
        assert_eq!(response.headers()["content-type"], "text/event-stream");
        Ok(Tail {
            body: response.into_body(),
            text: String::new(),
        })
    }

    /// Reads until the text so far holds `needle` (false after `timeout`).
    async fn until(&mut self, needle: &str, timeout: Duration) -> bool {
        use http_body_util::BodyExt;
        let deadline = tokio::time::Instant::now() + timeout;
        while !self.text.contains(needle) {
            let frame = match tokio::time::timeout_at(deadline, self.body.frame()).await {
                Ok(Some(Ok(frame))) => frame,
                _ => return false,
            };
            if let Ok(data) = frame.into_data() {
                self.text.push_str(&String::from_utf8_lossy(&data));
            }
        }
        true
    }
}

#[tokio::test]
async fn the_live_tail_shows_what_arrives_after_it_opened_and_keeps_to_its_cap() {
    let env = spawn_env().await;
    let (shopper, topic) = dashboard_app(&env).await;
    let mut visitor = shopper.other();
    search(&mut visitor, "before the tail", 3, "b1").await;
    // On the topic before the tail opens (the tracker produces in the background).
    assert_eq!(
        read_events(&topic, 1, Duration::from_secs(20)).await.len(),
        1
    );

    let mut tail = Tail::open(&shopper, "topics=tracking&types=search")
        .await
        .unwrap_or_else(|r| panic!("the tail answers {}", r.status()));
    assert!(tail.until("event: ready", Duration::from_secs(10)).await);
    search(&mut visitor, "rope ladder", 7, "s1").await;
    let click = json!({"event": "Click", "version": "v2", "unique_id": "100"});
    visitor
        .send_with(
            "GET",
            &hawk_url(&click, "3", "c1"),
            None,
            String::new(),
            &[("user-agent", CHROME)],
        )
        .await;
    search(&mut visitor, "hose reel", 2, "s2").await;
    assert!(
        tail.until("hose reel", Duration::from_secs(10)).await,
        "the search arrives: {}",
        tail.text
    );
    assert!(tail.text.contains("rope ladder"));
    assert!(tail.text.contains(r#""type":"Search""#));
    assert!(
        !tail.text.contains("before the tail"),
        "it starts at the end"
    );
    assert!(!tail.text.contains(r#""type":"Click""#), "filtered by type");
    let data: Value = tail
        .text
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .filter_map(|d| serde_json::from_str::<Value>(d).ok())
        .find(|d| d["payload"]["data"]["keyword"] == "rope ladder")
        .expect("the search as a JSON event");
    assert_eq!(data["payload"]["data"]["total"], 7);
    assert_eq!(
        data["payload"]["visitorId"].as_str().map(str::len),
        Some(32),
        "pseudonymous"
    );

    let many_types = format!("types={}", vec!["a"; 21].join(","));
    for query in ["topics=orders", many_types.as_str()] {
        let refused = Tail::open(&shopper, query).await.err().expect("refused");
        assert_eq!(refused.status(), 400, "{query}");
    }

    // The cap: eight open at once (this one and seven more); the ninth is told to come back.
    let mut open = Vec::new();
    for _ in 1..tracker::tail::MAX_TAILS {
        open.push(
            Tail::open(&shopper, "topics=tracking")
                .await
                .unwrap_or_else(|r| panic!("under the cap: {}", r.status())),
        );
    }
    let busy = Tail::open(&shopper, "topics=tracking")
        .await
        .err()
        .expect("over the cap");
    assert_eq!(busy.status(), 429);
    assert_eq!(busy.headers()["retry-after"], "10");
    drop(tail);
    assert!(
        eventually(Duration::from_secs(10), || async {
            Tail::open(&shopper, "topics=tracking").await.is_ok()
        })
        .await,
        "a closed tail gives its place back"
    );
}

/// The rules that shaped an answer are signed into its query id; the clicks after a search a
/// pin shaped, or a synonym, are credited to that rule, and a search no rule shaped to `none`.
#[tokio::test]
async fn clicks_are_credited_to_the_rule_that_shaped_the_answer() {
    let env = spawn_env().await;
    crate::common::search_catalog::catalog(&env).await;
    let (shopper, topic) = dashboard_app(&env).await;
    let mut merchandiser = shopper.other();
    let pinned = merchandiser
        .send_with(
            "POST",
            "/api/staff/merch/AddItemToTop",
            Some("application/json"),
            json!({"keyword": "cattle panel", "itemId": "800006"}).to_string(),
            &[("authorization", &format!("Bearer {STAFF_TOKEN}"))],
        )
        .await;
    assert_eq!(pinned.status, 200, "{}", pinned.body);
    let mut visitor = shopper.other();
    // The starter list's 'tyre => tire' shapes the first; the pin the second; nothing the third.
    for (i, (keyword, rule)) in [("tyre", "s"), ("cattle panel", "p"), ("barbed wire", "")]
        .into_iter()
        .enumerate()
    {
        let answer = visitor
            .get(&format!("/api/search?keyword={}", urlencode(keyword)))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let query_id = answer.json()["queryId"].as_str().unwrap().to_string();
        let mark = query_id
            .split('.')
            .next()
            .unwrap()
            .rsplit('-')
            .next()
            .unwrap();
        assert_eq!(mark, format!("h{rule}"), "{keyword}");
        let item = answer.json()["items"][0]["blainNumber"]
            .as_str()
            .unwrap()
            .to_string();
        let search = json!({"event": "Search", "version": "v2", "keyword": keyword,
            "query_id": query_id, "total": answer.json()["total"], "type_id": 1});
        let click = json!({"event": "Click", "version": "v2", "unique_id": item,
            "query_id": query_id});
        for (event, et, token) in [
            (search, "2", format!("s{i}")),
            (click, "3", format!("c{i}")),
        ] {
            let sent = visitor
                .send_with(
                    "GET",
                    &hawk_url(&event, et, &token),
                    None,
                    String::new(),
                    &[("user-agent", CHROME)],
                )
                .await;
            assert_eq!(sent.status, 200);
        }
    }
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(
                &env.pool,
                "SELECT coalesce(sum(clicks), 0)::int8 FROM analytics_rule_daily",
            )
            .await
                == 3
        })
        .await,
        "every click credited to a rule"
    );
    let mut analyst = shopper.other();
    let report = get_with(&mut analyst, "/api/staff/analytics/report", ANALYST_TOKEN)
        .await
        .json();
    let rules: Vec<(String, i64, i64, f64)> = report["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rule"].as_str().unwrap().to_string(),
                r["searches"].as_i64().unwrap(),
                r["clicks"].as_i64().unwrap(),
                r["clickThrough"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rules,
        [
            ("none".to_string(), 1, 1, 1.0),
            ("pinned".to_string(), 1, 1, 1.0),
            ("synonym".to_string(), 1, 1, 1.0),
        ]
    );
}
