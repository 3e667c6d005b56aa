//! The tracking pipeline through the real broker: hawk.png and the beacons reach
//! `storefront.tracking.v1` decoded and enriched; bad input answers the pixel (or 400) and
//! produces nothing; the analytics consumer counts each event once, across replays and
//! restarts. Popular searches: tests/api/popular.rs.

use std::time::Duration;

use crate::common::tracking::*;
use crate::common::*;
use base64::Engine;
use serde_json::{json, Value};

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async fn get_as(client: &mut Client, path: &str, agent: &str) -> Answer {
    client
        .send_with("GET", path, None, String::new(), &[("user-agent", agent)])
        .await
}

async fn post_as(client: &mut Client, path: &str, body: &str, agent: &str) -> Answer {
    client
        .send_with(
            "POST",
            path,
            Some("text/plain;charset=UTF-8"),
            body.to_string(),
            &[("user-agent", agent)],
        )
        .await
}

fn assert_pixel(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.headers["content-type"], "image/png");
    assert!(answer.headers["cache-control"]
        .to_str()
        .unwrap()
        .contains("no-store"));
}

#[tokio::test]
async fn a_tracked_search_reaches_the_topic_with_every_field_decoded() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let event = json!({
        "event": "Search", "version": "v2", "timestamp": "2026-11-24T10:00:00Z",
        "visitor_id": "client-says-x", "visit_id": "client-visit", "request_path": "/s/",
        "qs": "keyword=dog+food", "tracking_id": "tr-1", "unique_id": "u-1", "element_no": 3,
        "mlt": false, "url": "/s/?keyword=dog+food", "query_id": "q-1", "type_id": 1,
        "banner_id": "b-1", "order_no": "o-1", "item_list": ["100001", "100002"], "total": 42,
        "tax": 1.5, "sub_total": 40.5, "currency": "USD", "price": 9.99, "quantity": 2,
        "value": "v", "widget_guid": "w-1", "item_index": 4, "request_id": "rq-1",
        "suggest_type": 1, "name": "Dog Food", "keyword": "dog food ünïcode",
        "password": "never kept"
    });
    // URL-safe alphabet without padding, custom data as JSON.
    let t = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(event.to_string());
    let answer = get_as(
        &mut shopper,
        &format!("/hawk.png?t={t}&et=2&cg=storefront-web&cd=%7B%22ab%22%3A%22b%22%7D&r=tok-1"),
        CHROME,
    )
    .await;
    assert_pixel(&answer);

    let events = read_events(&topic, 1, Duration::from_secs(20)).await;
    assert_eq!(events.len(), 1, "{events:?}");
    let (key, e) = &events[0];
    assert_eq!(key, &e.visitor_id, "the key is the visitor id");
    assert_eq!(e.version, "v2");
    assert_eq!(e.event, "Search");
    assert_eq!(e.event_type, Some(2));
    assert_eq!(e.agent, tracker::event::Agent::Browser);
    assert_eq!(e.client_id.as_deref(), Some("storefront-web"));
    assert_eq!(e.custom_data, Some(json!({"ab": "b"})));
    assert!(uuid::Uuid::parse_str(&e.event_id).is_ok());
    let mut expected = event.as_object().unwrap().clone();
    for dropped in ["event", "version", "password", "visitor_id", "visit_id"] {
        expected.remove(dropped);
    }
    assert_eq!(
        Value::Object(e.data.clone()),
        Value::Object(expected),
        "every listed field kept"
    );
    assert!(e.click.is_none());
    // Pseudonymous: neither the cookie's id nor what the client claimed.
    let cookie = shopper
        .cookies
        .get("sf_vid")
        .expect("a visitor cookie")
        .clone();
    let cookie_id = cookie.split('.').next().unwrap();
    assert_ne!(e.visitor_id, cookie_id);
    assert!(!e.visitor_id.contains("client-says"));
    assert_eq!(e.visitor_id.len(), 32);
}

#[tokio::test]
async fn click_events_keep_their_click_details() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let click = json!({
        "event": "Click", "version": "v2", "unique_id": "100001", "url": "/product/100001/",
        "mouse_x": 120.4, "mouse_y": 340, "viewport_w": 1280, "viewport_h": 800,
        "scroll_x": 0, "scroll_y": 600, "element_tag": "a", "element_id": "p1",
        "element_class": "tile", "element_text": "Layena Crumbles"
    });
    assert_pixel(&get_as(&mut shopper, &hawk_url(&click, "3", "c1"), CHROME).await);
    let events = read_events(&topic, 1, Duration::from_secs(20)).await;
    let details = events[0].1.click.clone().expect("click details");
    assert_eq!(details["mouse_x"], 120);
    assert_eq!(details["scroll_y"], 600);
    assert_eq!(details["element_text"], "Layena Crumbles");
    // Browser, version and OS from the user agent when the page did not say.
    assert_eq!(details["browser"], "Chrome");
    assert_eq!(details["browser_version"], "156.0.8078.73");
    assert_eq!(details["os"], "Linux");
}

/// The pixel takes a short way round the store's layers (src/app.rs, `beacon_path`): it still
/// sets and reads the visitor's cookies and the security headers, HEAD answers like GET, and
/// any other method on its path gets the store's own JSON error.
#[tokio::test]
async fn the_pixel_keeps_the_visitor_and_headers_on_its_short_way() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let first = json!({"event": "Search", "version": "v2", "keyword": "hay", "type_id": 1});
    let answer = get_as(&mut shopper, &hawk_url(&first, "2", "k1"), CHROME).await;
    assert_pixel(&answer);
    assert_eq!(answer.headers["x-content-type-options"], "nosniff");
    assert!(answer.headers.contains_key("content-security-policy"));
    assert!(
        shopper.cookies.contains_key("sf_vid"),
        "{:?}",
        shopper.cookies
    );
    assert!(shopper.cookies.contains_key("sf_visit"));
    let second = json!({"event": "Search", "version": "v2", "keyword": "oats", "type_id": 1});
    assert_pixel(&get_as(&mut shopper, &hawk_url(&second, "2", "k2"), CHROME).await);
    let events = read_events(&topic, 2, Duration::from_secs(20)).await;
    assert_eq!(events.len(), 2);
    assert_eq!(
        events[0].1.visitor_id, events[1].1.visitor_id,
        "one visitor"
    );
    assert_eq!(events[0].1.visit_id, events[1].1.visit_id, "one visit");

    let head = shopper
        .send_with(
            "HEAD",
            "/hawk.png",
            None,
            String::new(),
            &[("user-agent", CHROME)],
        )
        .await;
    assert_eq!(head.status, 200);
    assert_eq!(head.headers["content-type"], "image/png");
    for method in ["POST", "PUT", "DELETE"] {
        let answer = shopper
            .send_with(method, "/hawk.png", None, String::new(), &[])
            .await;
        assert_eq!(answer.status, 405, "{method}");
        assert_eq!(answer.headers["content-type"], "application/json");
        assert_eq!(answer.headers["allow"], "GET,HEAD");
        assert!(answer.body.contains("MethodNotAllowed"), "{}", answer.body);
    }
}

#[tokio::test]
async fn malformed_beacons_answer_the_pixel_and_produce_nothing() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let valid = base64::engine::general_purpose::STANDARD.encode(search_event("x", 1).to_string());
    let json_of = |v: Value| base64::engine::general_purpose::STANDARD.encode(v.to_string());
    let bad = [
        String::new(),
        "et=2".to_string(),
        format!("t={}&et=99", urlencode(&valid)),
        format!("t={}&et=0", urlencode(&valid)),
        format!("t={}&et=Purchase", urlencode(&valid)),
        "t=%%%zz&et=2".to_string(),
        "t=!!!!&et=2".to_string(),
        format!("t={}&et=2", json_of(json!([1, 2]))),
        format!(
            "t={}&et=2",
            base64::engine::general_purpose::STANDARD.encode("not json")
        ),
        format!(
            "t={}&et=2",
            urlencode(&json_of(json!({"version": "v1", "keyword": "x"})))
        ),
        format!(
            "t={}&et=2",
            urlencode(&json_of(json!({"event": "Click", "keyword": "x"})))
        ),
        format!("t={}&et=1", urlencode(&json_of(json!({"type_id": 9})))),
        format!(
            "t={}&et=5",
            urlencode(&json_of(json!({"value": 7, "unique_id": "1"})))
        ),
        format!(
            "t={}&et=11",
            urlencode(&json_of(json!({"suggest_type": 5})))
        ),
        format!("t={}&et=2", "A".repeat(20_000)),
        "t=%00%01&et=%00".to_string(),
    ];
    for query in &bad {
        let answer = get_as(&mut shopper, &format!("/hawk.png?{query}"), CHROME).await;
        assert_pixel(&answer);
    }
    let sentinel = search_event("sentinel", 3);
    assert_pixel(&get_as(&mut shopper, &hawk_url(&sentinel, "2", "s"), CHROME).await);
    let events = read_events(&topic, 1, Duration::from_secs(20)).await;
    let keywords: Vec<_> = events.iter().map(|(_, e)| e.text("keyword")).collect();
    assert_eq!(
        keywords,
        vec![Some("sentinel".to_string())],
        "only the valid event"
    );

    let metrics = shopper.get("/metrics").await.body;
    for (reason, at_least) in [
        ("unknown_event", 5),
        ("bad_encoding", 2),
        ("bad_json", 2),
        ("unknown_version", 1),
        ("invalid_field", 3),
        ("too_large", 1),
    ] {
        let line = metrics
            .lines()
            .find(|l| {
                l.starts_with(&format!(
                    "storefront_tracking_rejected_total{{reason=\"{reason}\"}}"
                ))
            })
            .unwrap_or_else(|| panic!("no {reason} line in\n{metrics}"));
        let n: u64 = line.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(n >= at_least, "{line}");
    }
}

#[tokio::test]
async fn beacons_reach_the_topic_under_their_own_names() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let accepted = [
        (
            "/event/a/productview",
            r#"{"a":"view","u":"/product/100123/","b":"100123","h":"1"}"#,
        ),
        (
            "/event/a/carousel-click",
            r#"{"itemListID":"similar","itemListName":"Similar Items","index":2,"currentPrice":24.99,"belowMap":false,"priceMode":"normal","blainNumber":"100123","vendorBrand":"Purina","productName":"Layena"}"#,
        ),
        ("/event/a/sponsored-ad-click", r#""banner-winter-tires""#),
        (
            "/event/a/sponsored-ad-impression",
            r#"["banner-winter-tires","megamenu-fall-feed"]"#,
        ),
        (
            "/event/a/analytics",
            r#"{"event":"email_subscribe","method":"Footer"}"#,
        ),
        (
            "/event/a/analytics",
            r#"{"event":"menu_click","menu_name":"mega menu","link_text":"Tires","link_url":"/tires/"}"#,
        ),
    ];
    for (path, body) in accepted {
        let answer = post_as(&mut shopper, path, body, CHROME).await;
        assert_eq!(answer.status, 204, "{path}: {}", answer.body);
    }
    // A bot's product view is not recorded (but answered).
    let answer = post_as(
        &mut shopper.other(),
        "/event/a/productview",
        r#"{"b":"100999"}"#,
        GOOGLEBOT,
    )
    .await;
    assert_eq!(answer.status, 204);
    // Refused, in the one error shape, recording nothing.
    let refused = [
        (
            "/event/a/analytics",
            r#"{"event":"purchase"}"#,
            "No such tracking event",
        ),
        (
            "/event/a/analytics",
            r#"{"method":"Footer"}"#,
            "No such tracking event",
        ),
        (
            "/event/a/productview",
            r#"{"a":"view"}"#,
            "The event has a value outside its range",
        ),
        ("/event/a/productview", "{", "The event could not be read"),
        (
            "/event/a/carousel-click",
            r#"{"blainNumber":"1","index":"two"}"#,
            "The event has a value outside its range",
        ),
        (
            "/event/a/sponsored-ad-impression",
            "[]",
            "The event has a value outside its range",
        ),
        (
            "/event/a/sponsored-ad-click",
            r#"{"x":1}"#,
            "The event has a value outside its range",
        ),
    ];
    for (path, body, message) in refused {
        let answer = post_as(&mut shopper, path, body, CHROME).await;
        assert_eq!(answer.status, 400, "{path} {body}");
        assert_eq!(answer.json()["message"], message, "{path} {body}");
    }
    // The legacy links record and redirect only to local URLs.
    let local = shopper
        .get("/link.aspx?u=%2Fproduct%2F100123%2F&i=100123&qid=q-9")
        .await;
    assert_eq!(local.status, 302);
    assert_eq!(local.headers["location"], "/product/100123/");
    let away = shopper
        .get("/link.aspx?u=%2F%2Fevil.example%2F&i=100124")
        .await;
    assert_eq!(away.headers["location"], "/");
    let banner = shopper
        .get("/banners.aspx?BannerId=fall-sale&u=%2Fweekly-ad%2F")
        .await;
    assert_eq!(banner.status, 302);
    assert_eq!(banner.headers["location"], "/weekly-ad/");
    let suggestion = shopper
        .get("/s/a/?fn=ajax&f=GetAutoCompleteClick&keyword=dog&name=Dog%20Food&url=%2Fs%2F%3Fkeyword%3Ddog%2Bfood&type=popular")
        .await;
    assert_eq!(suggestion.json(), json!({"success": true}));

    let events = read_events(&topic, 10, Duration::from_secs(20)).await;
    let names: Vec<&str> = events.iter().map(|(_, e)| e.event.as_str()).collect();
    assert_eq!(
        names,
        vec![
            "productview",
            "carousel-click",
            "sponsored-ad-click",
            "sponsored-ad-impression",
            "email_subscribe",
            "menu_click",
            "Click",
            "Click",
            "BannerClick",
            "AutoCompleteClick",
        ],
        "one visitor's events in order; nothing from the refused ones or the bot"
    );
    let by_name = |n: &str| &events.iter().find(|(_, e)| e.event == n).unwrap().1;
    assert_eq!(by_name("productview").data["b"], "100123");
    assert_eq!(by_name("carousel-click").data["itemListID"], "similar");
    assert_eq!(by_name("carousel-click").data["index"], 2);
    assert_eq!(
        by_name("sponsored-ad-impression").data["adIds"],
        json!(["banner-winter-tires", "megamenu-fall-feed"])
    );
    assert_eq!(by_name("email_subscribe").data["method"], "Footer");
    assert_eq!(
        by_name("email_subscribe").source,
        tracker::event::Source::Analytics
    );
    assert_eq!(by_name("BannerClick").data["banner_id"], "fall-sale");
    assert_eq!(by_name("AutoCompleteClick").data["suggest_type"], 1);
    assert_eq!(by_name("AutoCompleteClick").event_type, Some(11));
}

#[tokio::test]
async fn beacons_keep_reaching_the_topic_after_the_producer_fails_for_good() {
    let env = spawn_env().await;
    let topic = unique("test.tracking");
    env.bus
        .ensure_topics(&[&topic])
        .await
        .expect("create topic");
    let sink = std::sync::Arc::new(
        tracker::TrackingSink::new(&env.bus, tracker::SinkSettings::new(&topic))
            .expect("tracking producer"),
    );
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.tracking = sink.clone();
    let mut shopper = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    let delivered = || {
        sink.stats
            .delivered
            .load(std::sync::atomic::Ordering::Relaxed)
    };
    let before = hawk_url(&search_event("before", 2), "2", "tok-before");
    assert_pixel(&get_as(&mut shopper, &before, CHROME).await);
    assert!(eventually(Duration::from_secs(20), || async { delivered() == 1 }).await);

    // As librdkafka does after the run command's broker answered a batch sent again with
    // "out of order sequence number": the producer refuses every event from then on.
    sink.fail_for_good();
    let failed_gauge = |body: &str| {
        body.lines()
            .find_map(|l| l.strip_prefix("storefront_tracking_producer_failed "))
            .map(str::to_string)
    };
    let metrics = get_as(&mut shopper, "/metrics", CHROME).await;
    assert_eq!(
        failed_gauge(&metrics.body).as_deref(),
        Some("1"),
        "operators see the failed producer before any event renews it: {}",
        metrics.body
    );
    let after = hawk_url(&search_event("after", 2), "2", "tok-after");
    assert_pixel(&get_as(&mut shopper, &after, CHROME).await);

    let events = read_events(&topic, 2, Duration::from_secs(20)).await;
    let keywords: Vec<_> = events
        .iter()
        .map(|(_, e)| e.data["keyword"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        keywords,
        ["before", "after"],
        "the beacon after the failure reached the topic"
    );
    assert_eq!(
        sink.stats.failed.load(std::sync::atomic::Ordering::Relaxed),
        0
    );
    let metrics = get_as(&mut shopper, "/metrics", CHROME).await;
    assert!(
        metrics
            .body
            .contains("storefront_tracking_producer_renewals_total 1\n"),
        "operators see the renewal: {}",
        metrics.body
    );
    assert_eq!(
        failed_gauge(&metrics.body).as_deref(),
        Some("0"),
        "the new producer takes events"
    );
}

#[tokio::test]
async fn a_retried_beacon_is_one_event() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let event = search_event("hay", 4);
    for _ in 0..3 {
        assert_pixel(&get_as(&mut shopper, &hawk_url(&event, "2", "same-token"), CHROME).await);
    }
    let events = read_events(&topic, 3, Duration::from_secs(20)).await;
    assert_eq!(events.len(), 3, "each request is produced");
    let ids: std::collections::HashSet<_> =
        events.iter().map(|(_, e)| e.event_id.clone()).collect();
    assert_eq!(
        ids.len(),
        1,
        "with one event id, so analytics counts it once"
    );
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 1
        })
        .await
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        count(
            &env.pool,
            "SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn the_consumer_counts_a_replayed_batch_once() {
    let env = spawn_env().await;
    let (shopper, topic) = tracked_app(&env).await;
    for i in 0..20 {
        let event = search_event(&format!("feed {}", i % 4), 5);
        assert_pixel(
            &get_as(
                &mut shopper.other(),
                &hawk_url(&event, "2", &format!("t{i}")),
                CHROME,
            )
            .await,
        );
    }
    let events = read_events(&topic, 20, Duration::from_secs(20)).await;
    assert_eq!(events.len(), 20);
    // The same 20 messages produced again: a replay of the whole batch.
    let producer = env.bus.producer().unwrap();
    for (key, e) in &events {
        let payload = serde_json::to_vec(e).unwrap();
        producer
            .send(
                rdkafka::producer::FutureRecord::to(&topic)
                    .key(key)
                    .payload(&payload),
                Duration::from_secs(5),
            )
            .await
            .unwrap();
    }
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 20
        })
        .await
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    let counted = |sql: &'static str| count(&env.pool, sql);
    assert_eq!(
        counted("SELECT coalesce(sum(events), 0)::int8 FROM analytics_event_counts").await,
        20
    );
    assert_eq!(
        counted("SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily").await,
        20
    );
    // Folding the same events once more directly changes nothing either.
    let again: Vec<_> = events.into_iter().map(|(_, e)| e).collect();
    assert_eq!(tracker::analytics::fold(&env.pool, again).await.unwrap(), 0);
    assert_eq!(
        counted("SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily").await,
        20
    );
}

#[tokio::test]
async fn a_replay_brings_back_no_event_of_a_forgotten_visitor() {
    let env = spawn_env().await;
    let (shopper, topic) = tracked_app(&env).await;
    let mut browser = shopper.other();
    for i in 0..3 {
        let event = search_event("hay bale", 4);
        assert_pixel(
            &get_as(
                &mut browser,
                &hawk_url(&event, "2", &format!("f{i}")),
                CHROME,
            )
            .await,
        );
    }
    let events: Vec<_> = read_events(&topic, 3, Duration::from_secs(20))
        .await
        .into_iter()
        .map(|(_, e)| e)
        .collect();
    assert_eq!(events.len(), 3);
    let visitor = events[0].visitor_id.clone();
    assert!(
        events.iter().all(|e| e.visitor_id == visitor),
        "one browser, one visitor"
    );
    assert_eq!(
        tracker::analytics::fold(&env.pool, events.clone())
            .await
            .unwrap(),
        3
    );

    let mut tx = env.pool.begin().await.unwrap();
    assert_eq!(
        tracker::analytics::forget_visitor(&mut tx, &visitor)
            .await
            .unwrap(),
        3
    );
    tx.commit().await.unwrap();
    let raw = format!("SELECT count(*) FROM tracking_events WHERE visitor_id = '{visitor}'");
    let searches = "SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily";

    // The topic replayed (its events were received before the erasure): nothing comes back and
    // nothing is counted twice.
    assert_eq!(
        tracker::analytics::fold(&env.pool, events.clone())
            .await
            .unwrap(),
        0
    );
    assert_eq!(count(&env.pool, &raw).await, 0);
    assert_eq!(count(&env.pool, searches).await, 3);

    // An event the same browser sends after the erasure is a new one, kept and counted.
    let mut later = events[0].clone();
    later.event_id = uuid::Uuid::new_v4().to_string();
    later.received_at = chrono::Utc::now() + chrono::Duration::seconds(1);
    assert_eq!(
        tracker::analytics::fold(&env.pool, vec![later])
            .await
            .unwrap(),
        1
    );
    assert_eq!(count(&env.pool, &raw).await, 1);
    assert_eq!(count(&env.pool, searches).await, 4);
}

#[tokio::test]
async fn stopping_and_restarting_the_consumer_loses_and_double_counts_nothing() {
    let env = spawn_env().await;
    let (shopper, topic) = tracked_app(&env).await;
    let send = |from: usize, to: usize| {
        let mut shopper = shopper.other();
        async move {
            for i in from..to {
                let event = search_event(&format!("fence {}", i % 7), 2);
                let answer = get_as(
                    &mut shopper,
                    &hawk_url(&event, "2", &format!("n{i}")),
                    CHROME,
                )
                .await;
                assert_eq!(answer.status, 200);
            }
        }
    };
    send(0, 300).await;
    let group = unique("analytics");
    let (stop, task) = run_analytics(&env, &topic, &group, quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await > 0
        })
        .await
    );
    stop.send(true).unwrap();
    task.await.unwrap();
    send(300, 500).await;
    let (_stop, _task) = run_analytics(&env, &topic, &group, quick_settings());
    assert!(
        eventually(Duration::from_secs(30), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 500
        })
        .await,
        "every event folded after the restart"
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(
        count(
            &env.pool,
            "SELECT coalesce(sum(searches), 0)::int8 FROM analytics_search_daily"
        )
        .await,
        500,
        "and none twice"
    );
}

#[tokio::test]
async fn analytics_fold_click_through_coviews_and_ratings() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let (shopper, topic) = tracked_app(&env).await;
    // A search shows items 100 and 200; 100 is clicked through the query id, then added.
    let mut visitor = shopper.other();
    let query = json!({"event": "Search", "version": "v2", "keyword": "rope", "query_id": "q-rope",
        "total": 2, "item_list": ["100", "200"]});
    get_as(&mut visitor, &hawk_url(&query, "2", "s1"), CHROME).await;
    let click =
        json!({"event": "Click", "version": "v2", "unique_id": "100", "query_id": "q-rope"});
    get_as(&mut visitor, &hawk_url(&click, "3", "c1"), CHROME).await;
    let add = json!({"event": "Add2Cart", "version": "v2", "unique_id": "100", "query_id": "q-rope", "quantity": 2});
    get_as(&mut visitor, &hawk_url(&add, "4", "a1"), CHROME).await;
    for rating in [5, 4] {
        let rate = json!({"event": "Rate", "version": "v2", "unique_id": "300", "value": rating});
        get_as(
            &mut visitor,
            &hawk_url(&rate, "5", &format!("r{rating}")),
            CHROME,
        )
        .await;
    }
    // Two visits view 100 and 300 together; a third views 100 and 200.
    for (items, _) in [
        (["100", "300"], 1),
        (["300", "100"], 2),
        (["100", "200"], 3),
    ] {
        let mut browser = shopper.other();
        for item in items {
            let body = format!(r#"{{"b":"{item}"}}"#);
            assert_eq!(
                post_as(&mut browser, "/event/a/productview", &body, CHROME)
                    .await
                    .status,
                204
            );
        }
    }
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 11
        })
        .await
    );
    let row = sqlx::query_as::<_, (i64, i64, i64)>(
        "SELECT sum(searches)::int8, sum(clicks)::int8, sum(add_to_carts)::int8 FROM analytics_search_daily WHERE keyword = 'rope'",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert_eq!(row, (1, 1, 1), "searches, clicks and adds of the query");
    let report = tracker::report::report(&env.pool, tracker::report::Range::last_week())
        .await
        .unwrap();
    let item = |id: &str| report.top_items.iter().find(|i| i.item_id == id);
    assert_eq!(item("100").unwrap().click_through, Some(1.0));
    assert_eq!(
        item("200").unwrap().click_through,
        Some(0.0),
        "shown, never clicked"
    );
    assert_eq!(
        item("300").unwrap().click_through,
        None,
        "never shown: no data"
    );
    assert_eq!(report.ratings[0].item_id, "300");
    assert_eq!(report.ratings[0].average, 4.5);
    assert_eq!(
        count(
            &env.pool,
            "SELECT visits FROM analytics_coviews WHERE item_id = '100' AND other_id = '300'"
        )
        .await,
        2
    );
    // Customers also viewed: 300 (two visits) before 200 (one).
    let answer = shopper
        .other()
        .post(
            "/api/recommendation/",
            json!({"widgetUids": [{"widgetGuid": query::search::recommendations::ALSO_VIEWED_WIDGET, "uniqueId": "100"}]}),
        )
        .await;
    let products: Vec<String> = answer.json()["items"][0]["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["blainNumber"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(products, vec!["300", "200"]);
    assert_eq!(answer.json()["items"][0]["title"], "Customers Also Viewed");
}

#[tokio::test]
async fn the_report_is_for_staff() {
    let env = spawn_env().await;
    let (mut shopper, _) = tracked_app(&env).await;
    let answer = shopper.get("/api/analytics/report").await;
    assert_eq!(answer.status, 401);
    assert_eq!(answer.headers["www-authenticate"], "Bearer");
}

#[tokio::test]
async fn a_restart_finds_the_topics_retention_already_set() {
    let env = spawn_env().await;
    let topic = unique("test.tracking");
    env.bus
        .set_retention(&topic, 30)
        .await
        .expect("a new topic is created with its retention");
    // Every start of the store asks again. The test broker, like the run command's, cannot
    // alter a topic's configuration: an unchanged retention must not need it.
    env.bus
        .set_retention(&topic, 30)
        .await
        .expect("an unchanged retention is left as it is");
}

/// Issue 34: personal data a shopper typed or a page carries reaches neither the tracking topic
/// nor `tracking_events` in clear, whatever field it came in and however it was written: a
/// clicked element's text, the client id (`cg`), custom data (`cd`), keywords with an
/// international number, a fullwidth '＠' and a twice percent-encoded '@' (`%2540`).
#[tokio::test]
async fn personal_data_in_any_free_text_field_is_redacted_at_ingest() {
    let env = spawn_env().await;
    let (mut shopper, topic) = tracked_app(&env).await;
    let click = json!({
        "event": "Click", "version": "v2", "unique_id": "100001",
        "element_tag": "p", "element_id": "note-jane.doe@example.com",
        "element_text": "Write to jane.doe@example.com or call 608-555-0100",
        "keyword": "call +44 20 7946 0958",
        "name": "jane\u{ff20}example.com",
        "url": "/s/?keyword=jane%2540example.com&pg=2",
    });
    let t = base64::engine::general_purpose::STANDARD.encode(click.to_string());
    let query = format!(
        "/hawk.png?t={}&et=3&cg={}&bu={}&cd={}&r=pii-1",
        urlencode(&t),
        urlencode("jane.roe@example.com"),
        urlencode("https://shop.example/?phone=%2B1%20(555)%20010-9999"),
        urlencode("jane%2540example.com"),
    );
    assert_pixel(&get_as(&mut shopper, &query, CHROME).await);
    let push = json!({
        "event": "menu_click", "menu_name": "call +44 20 7946 0958",
        "link_text": "jane\u{ff20}example.com",
        "link_url": "/s/?keyword=jane%2540example.com",
        "jane.doe@example.com": "key",
    });
    let answer = post_as(
        &mut shopper,
        "/event/a/analytics",
        &push.to_string(),
        CHROME,
    )
    .await;
    assert_eq!(answer.status, 204, "{}", answer.body);

    let personal = [
        "jane",
        "roe",
        "example.com",
        "\u{ff20}",
        "%2540",
        "%40",
        "7946",
        "0958",
        "555-0100",
        "010-9999",
    ];
    let events = read_events(&topic, 2, Duration::from_secs(20)).await;
    assert_eq!(events.len(), 2, "{events:?}");
    for (_, e) in &events {
        let text = serde_json::to_string(e).unwrap();
        for p in personal {
            assert!(!text.contains(p), "{p:?} reached the topic: {text}");
        }
    }
    let hawk = &events[0].1;
    assert_eq!(hawk.event, "Click");
    let click = hawk.click.as_ref().expect("click details");
    assert_eq!(click["element_text"], "Write to [email] or call [phone]");
    // 'note-' reads as part of the address.
    assert_eq!(click["element_id"], "[email]");
    assert_eq!(hawk.client_id.as_deref(), Some("[email]"));
    assert_eq!(hawk.data["keyword"], "call [phone]");
    assert_eq!(hawk.data["name"], "[email]");
    assert_eq!(hawk.data["url"], "/s/?keyword=[email]&pg=2");
    assert_eq!(hawk.custom_data, Some(json!("[email]")));
    assert!(
        hawk.base_url
            .as_deref()
            .is_some_and(|b| b.contains("[phone]")),
        "{:?}",
        hawk.base_url
    );
    let pushed = &events[1].1;
    assert_eq!(pushed.event, "menu_click");
    assert_eq!(pushed.data["menu_name"], "call [phone]");
    assert_eq!(pushed.data["link_text"], "[email]");
    assert_eq!(pushed.data["link_url"], "/s/?keyword=[email]");
    assert_eq!(pushed.data["[email]"], "key");

    // What the analytics consumer keeps of them.
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    assert!(
        eventually(Duration::from_secs(20), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await == 2
        })
        .await
    );
    let bodies: Vec<String> =
        sqlx::query_scalar("SELECT body::text FROM tracking_events ORDER BY received_at")
            .fetch_all(&env.pool)
            .await
            .unwrap();
    for body in &bodies {
        for p in personal {
            assert!(!body.contains(p), "{p:?} stored in tracking_events: {body}");
        }
        assert!(
            body.contains("[email]") && body.contains("[phone]"),
            "{body}"
        );
    }
}
