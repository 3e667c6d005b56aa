//! What every shopper is shown (popular searches in the empty search box, popular products)
//! can't be written by anyone: only distinct visitors with the store's signed cookie count,
//! searches only when the search API itself answered them with hits (its signed queryId), each
//! visitor at most once per keyword or product, and merchandisers can block a term or product.

use std::sync::Arc;
use std::time::Duration;

use crate::common::search_catalog::STAFF_TOKEN;
use crate::common::tracking::*;
use crate::common::*;
use serde_json::{json, Value};

const ANALYST_TOKEN: &str = "analyst-test-token-0123456789abcdef";
const SPAM: &str = "zzrvw free gift card at evil-example dot com";

/// The whole app over the small catalog (indexed), its tracker producing to a fresh topic,
/// with a merchandiser and an analyst token.
async fn app(env: &TestEnv) -> (Client, String) {
    small_catalog(env).await;
    let topic = unique("test.tracking");
    env.bus.ensure_topics(&[&topic]).await.unwrap();
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.tracking =
        Arc::new(tracker::TrackingSink::new(&env.bus, tracker::SinkSettings::new(&topic)).unwrap());
    state.staff = Arc::new(
        kernel::staff::StaffTokens::parse(&format!(
            "merch:merchandiser:{STAFF_TOKEN},ana:analyst:{ANALYST_TOKEN}"
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

fn assert_pixel(answer: &Answer) {
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.headers["content-type"], "image/png");
}

async fn get_as(client: &mut Client, path: &str) -> Answer {
    get_with_agent(client, path, CHROME).await
}

async fn get_with_agent(client: &mut Client, path: &str, agent: &str) -> Answer {
    client
        .send_with("GET", path, None, String::new(), &[("user-agent", agent)])
        .await
}

/// A shopper's search through the API (which issues its queryId), then the Search beacon the
/// web sends for it.
async fn search_and_track(shopper: &mut Client, keyword: &str) -> Value {
    let answer = get_as(
        shopper,
        &format!("/api/search?keyword={}", urlencode(keyword)),
    )
    .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let found = answer.json();
    let event = json!({"event": "Search", "version": "v2", "keyword": keyword, "type_id": 1,
        "query_id": found["queryId"], "total": found["total"]});
    let token = uuid::Uuid::new_v4().to_string();
    assert_pixel(&get_as(shopper, &hawk_url(&event, "2", &token)).await);
    found
}

/// A product page's view beacon, as the web sends it (with an Idempotency-Key when given).
async fn viewed(client: &mut Client, blain: &str, key: Option<&str>) {
    let body = json!({"b": blain, "u": format!("/p/{blain}/")}).to_string();
    let mut headers = vec![("user-agent", CHROME)];
    if let Some(key) = key {
        headers.push(("idempotency-key", key));
    }
    let a = client
        .send_with(
            "POST",
            "/event/a/productview",
            Some("application/json"),
            body,
            &headers,
        )
        .await;
    assert_eq!(a.status, 204, "{}", a.body);
}

async fn popular_searches(env: &TestEnv) -> Vec<String> {
    tracker::analytics::popular_searches(&env.pool, 100)
        .await
        .unwrap()
}

/// Waits until the analytics role has folded `events` raw events.
async fn folded(env: &TestEnv, events: i64) {
    assert!(
        eventually(Duration::from_secs(60), || async {
            count(&env.pool, "SELECT count(*) FROM tracking_events").await >= events
        })
        .await,
        "the fold kept up: {} of {events}",
        count(&env.pool, "SELECT count(*) FROM tracking_events").await
    );
    // One more refresh of the popular searches after the last batch.
    tokio::time::sleep(Duration::from_millis(600)).await;
}

#[tokio::test]
async fn forged_and_repeated_searches_change_nothing_shoppers_see() {
    let env = spawn_env().await;
    let (store, topic) = app(&env).await;
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    let mut sent = 0;

    // Three shoppers search for poly rope and get hits: that is popular.
    for _ in 0..3 {
        let found = search_and_track(&mut store.other(), "Poly Rope").await;
        assert!(found["total"].as_u64().unwrap() > 0);
        sent += 1;
    }

    // The attack as seen: three cookie-less beacons claiming 99 results.
    for i in 0..3 {
        let event = json!({"keyword": SPAM, "total": 99});
        let url = hawk_url(&event, "2", &format!("spam{i}"));
        assert_pixel(&get_as(&mut store.other(), &url).await);
        sent += 1;
    }
    // Shoppers with a signed cookie, claiming hits with query ids of their own making, or one
    // issued for another keyword, or one the server issued for a search without hits.
    for i in 0..3 {
        let mut visitor = store.other();
        let rope = get_as(&mut visitor, "/api/search?keyword=rope")
            .await
            .json();
        let none = get_as(
            &mut visitor,
            &format!("/api/search?keyword={}", urlencode(SPAM)),
        )
        .await;
        assert_eq!(none.json()["total"], 0);
        for (n, query_id) in [
            json!(uuid::Uuid::new_v4().to_string()),
            rope["queryId"].clone(),
            none.json()["queryId"].clone(),
        ]
        .into_iter()
        .enumerate()
        {
            let event =
                json!({"event": "Search", "keyword": SPAM, "query_id": query_id, "total": 99});
            assert_pixel(&get_as(&mut visitor, &hawk_url(&event, "2", &format!("f{i}{n}"))).await);
        }
        sent += 3;
    }
    // One visitor, 1,000 beacons of one real search with hits.
    let mut loud = store.other();
    let found = search_and_track(&mut loud, "poly rope 300").await;
    sent += 1;
    for i in 0..1000 {
        let event = json!({"event": "Search", "keyword": "poly rope 300", "type_id": 1,
            "query_id": found["queryId"], "total": 1});
        assert_pixel(&get_as(&mut loud, &hawk_url(&event, "2", &format!("loud{i}"))).await);
        sent += 1;
    }

    folded(&env, sent).await;
    assert!(
        eventually(Duration::from_secs(20), || async {
            popular_searches(&env).await == vec!["poly rope".to_string()]
        })
        .await,
        "only the three shoppers' search is popular: {:?}",
        popular_searches(&env).await
    );
    // And what the empty search box shows.
    let shown = store.other().get("/s/a/autocomplete").await.json();
    let urls: Vec<&str> = shown["popularSearches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["url"].as_str().unwrap())
        .collect();
    assert_eq!(urls, ["/s/?keyword=poly+rope"]);
}

#[tokio::test]
async fn a_visitor_counts_once_however_much_they_send() {
    let env = spawn_env().await;
    let (store, topic) = app(&env).await;
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    let mut sent = 0;
    // One visitor views, adds and "buys" product 300 a thousand times over.
    let mut loud = store.other();
    get_as(&mut loud, "/globalresource/header/").await; // the signed cookie
    for i in 0..1000 {
        viewed(&mut loud, "300", Some(&format!("v{i}"))).await;
        sent += 1;
    }
    for i in 0..50 {
        let add = json!({"event": "Add2Cart", "unique_id": "300", "quantity": 1});
        assert_pixel(&get_as(&mut loud, &hawk_url(&add, "4", &format!("a{i}"))).await);
        sent += 1;
    }
    // Cookie-less and made-up item ids count for nothing either.
    for i in 0..20 {
        let item = if i % 2 == 0 { "200" } else { "999999" };
        viewed(&mut store.other(), item, None).await;
        sent += 1;
    }
    folded(&env, sent).await;
    assert!(
        query::search::popularity::popular_products(&env.pool, 10)
            .await
            .unwrap()
            .is_empty(),
        "one visitor makes nothing popular"
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM analytics_votes WHERE subject = '300'"
        )
        .await,
        3,
        "one vote of interest, one of views, one of adds"
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM analytics_item_daily WHERE item_id = '999999'"
        )
        .await,
        0,
        "item ids are checked against the catalog"
    );

    // Three visitors who each view product 200 once make it popular.
    for _ in 0..3 {
        let mut shopper = store.other();
        get_as(&mut shopper, "/globalresource/header/").await;
        viewed(&mut shopper, "200", None).await;
        sent += 1;
    }
    folded(&env, sent).await;
    assert_eq!(
        query::search::popularity::popular_products(&env.pool, 10)
            .await
            .unwrap(),
        ["200"]
    );

    // Erasing the loud visitor erases their votes; the daily counts (no visitor id) stay.
    let visitor: String =
        sqlx::query_scalar("SELECT visitor_id FROM analytics_votes WHERE subject = '300' LIMIT 1")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    let mut tx = env.pool.begin().await.unwrap();
    tracker::analytics::forget_visitor(&mut tx, &visitor)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM analytics_votes WHERE subject = '300'"
        )
        .await,
        0
    );
    // Past their retention, votes and daily aggregates go.
    sqlx::query("UPDATE analytics_votes SET day = day - 31")
        .execute(&env.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE analytics_item_daily SET day = day - 401")
        .execute(&env.pool)
        .await
        .unwrap();
    tracker::analytics::purge_expired(&env.pool, 30, 400)
        .await
        .unwrap();
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM analytics_votes").await,
        0
    );
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM analytics_item_daily").await,
        0
    );
}

#[tokio::test]
async fn merchandisers_block_terms_and_products_from_the_popular_lists() {
    let env = spawn_env().await;
    let (store, topic) = app(&env).await;
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    let mut sent = 0;
    for _ in 0..3 {
        let mut shopper = store.other();
        search_and_track(&mut shopper, "poly rope").await;
        search_and_track(&mut shopper, "rope").await;
        viewed(&mut shopper, "100", None).await;
        sent += 3;
    }
    folded(&env, sent).await;
    assert!(
        eventually(Duration::from_secs(20), || async {
            popular_searches(&env).await.len() == 2
        })
        .await
    );
    let (merch, analyst) = (STAFF_TOKEN, ANALYST_TOKEN);
    let mut staff = store.other();
    let block = |list: &str, value: &str| json!({"list": list, "value": value});
    // An analyst may not; a merchandiser may.
    let refused = staff
        .other()
        .post_as(
            "/api/staff/merch/BlockPopular",
            analyst,
            block("searches", "Poly  ROPE"),
        )
        .await;
    assert_eq!(refused.status, 403);
    let bad = staff
        .other()
        .post_as("/api/staff/merch/BlockPopular", merch, block("people", "x"))
        .await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(bad.json()["code"], "InvalidList");
    let done = staff
        .other()
        .post_as(
            "/api/staff/merch/BlockPopular",
            merch,
            block("searches", "Poly  ROPE"),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(popular_searches(&env).await, ["rope"], "gone at once");
    let done = staff
        .other()
        .post_as(
            "/api/staff/merch/BlockPopular",
            merch,
            block("products", "100"),
        )
        .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(query::search::popularity::popular_products(&env.pool, 10)
        .await
        .unwrap()
        .is_empty());
    let listed = staff
        .send_with(
            "GET",
            "/api/staff/merch/popular-blocks",
            None,
            String::new(),
            &[("authorization", format!("Bearer {merch}").as_str())],
        )
        .await;
    assert_eq!(listed.status, 200);
    let listed = listed.json();
    assert_eq!(listed["searches"][0]["value"], "poly rope");
    assert_eq!(listed["products"][0]["value"], "100");
    // The next refresh keeps it off too; unblocking brings it back.
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(popular_searches(&env).await, ["rope"]);
    let missing = staff
        .other()
        .post_as(
            "/api/staff/merch/UnblockPopular",
            merch,
            block("searches", "chain"),
        )
        .await;
    assert_eq!(missing.status, 404);
    let done = staff
        .other()
        .post_as(
            "/api/staff/merch/UnblockPopular",
            merch,
            block("searches", "poly rope"),
        )
        .await;
    assert_eq!(done.status, 200);
    assert!(
        eventually(Duration::from_secs(20), || async {
            popular_searches(&env).await.len() == 2
        })
        .await
    );
}

#[tokio::test]
async fn popular_searches_reach_autocomplete_with_the_typed_part_marked() {
    const GOOGLEBOT: &str =
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let env = spawn_env().await;
    let (store, topic) = app(&env).await;
    let (_stop, _task) = run_analytics(&env, &topic, &unique("analytics"), quick_settings());
    let mut sent = 0;
    for _ in 0..3 {
        search_and_track(&mut store.other(), "Poly  Rope").await; // popular: 3 visitors, hits
        search_and_track(&mut store.other(), "zebra null").await; // no hits
                                                                  // Bots never count, with a real query id or not.
        let mut bot = store.other();
        let found = get_with_agent(&mut bot, "/api/search?keyword=rope", GOOGLEBOT)
            .await
            .json();
        let event = json!({"event": "Search", "keyword": "rope", "query_id": found["queryId"],
            "total": found["total"], "type_id": 1});
        let url = hawk_url(&event, "2", &uuid::Uuid::new_v4().to_string());
        assert_pixel(&get_with_agent(&mut bot, &url, GOOGLEBOT).await);
        sent += 3;
    }
    search_and_track(&mut store.other(), "poly rop").await; // half-typed, one visitor
    sent += 1;
    folded(&env, sent).await;
    let mut client = store.other();
    let popular = |answer: &Answer| -> Vec<String> {
        answer.json()["popularSearches"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["url"].as_str().unwrap().to_string())
            .collect()
    };
    let mut found = vec![];
    for _ in 0..100 {
        found = popular(&client.get("/s/a/autocomplete").await);
        if found.iter().any(|u| u.contains("poly")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(
        found,
        vec!["/s/?keyword=poly+rope".to_string()],
        "only the popular one"
    );
    let typed = client.get("/s/a/autocomplete?keyword=pol").await.json();
    assert_eq!(
        typed["popularSearches"][0]["html"],
        "<strong>pol</strong>y rope"
    );
}
