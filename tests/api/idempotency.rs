//! Idempotency-Key on POST commands: a repeat returns the stored answer and appends nothing;
//! the same key with a different request is 422; answers are stored per visitor, without
//! cookies (a replay never hands out another visitor's identity); reads store nothing; stored
//! answers have a size cap and each visitor a budget.

use crate::common::*;
use serde_json::json;

async fn events(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM events").await
}

#[tokio::test]
async fn the_same_key_twice_appends_one_event_and_replays_the_answer() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    c.get("/globalresource/header/").await;
    let body = json!({"blainNumber": "100", "quantity": 2});
    let first = c
        .post_keyed("/products/a/addtocart", "add-1", body.clone())
        .await;
    assert_eq!(first.json()["cartQty"], 2, "{}", first.body);
    assert!(first.headers.get("idempotent-replayed").is_none());
    let after_first = events(&env).await;
    assert_eq!(after_first, 1);

    let again = c
        .post_keyed("/products/a/addtocart", "add-1", body.clone())
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body, first.body, "the stored answer");
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(events(&env).await, after_first, "nothing appended");
    assert_eq!(c.get("/api/cart").await.json()["cartQty"], 2);

    // A new key is a new action.
    let next = c.post_keyed("/products/a/addtocart", "add-2", body).await;
    assert_eq!(next.json()["cartQty"], 4, "{}", next.body);
    assert_eq!(events(&env).await, after_first + 1);
}

#[tokio::test]
async fn a_key_reused_with_another_body_is_422_and_changes_nothing() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    c.post_keyed("/products/a/addtocart", "k", json!({"blainNumber": "100"}))
        .await;
    let before = events(&env).await;
    let other = c
        .post_keyed("/products/a/addtocart", "k", json!({"blainNumber": "200"}))
        .await;
    assert_eq!(other.status, 422, "{}", other.body);
    assert_eq!(other.json()["code"], "IdempotencyKeyReused");
    // Another endpoint with the same key is another request too.
    let other = c
        .post_keyed(
            "/products/a/bundletocart",
            "k",
            json!({"blainNumber": "100"}),
        )
        .await;
    assert_eq!(other.status, 422, "{}", other.body);
    assert_eq!(events(&env).await, before);
}

#[tokio::test]
async fn keys_belong_to_their_visitor() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut alice = Client::new(&env);
    alice.get("/globalresource/header/").await;
    let mut bob = alice.other();
    bob.get("/globalresource/header/").await;
    let body = json!({"blainNumber": "100"});
    let a = alice
        .post_keyed("/products/a/addtocart", "same", body.clone())
        .await;
    let b = bob.post_keyed("/products/a/addtocart", "same", body).await;
    assert!(
        b.headers.get("idempotent-replayed").is_none(),
        "Bob's request ran"
    );
    assert_eq!(a.json()["cartQty"], 1);
    assert_eq!(b.json()["cartQty"], 1);
    assert_ne!(alice.cookies["sf_cart"], bob.cookies["sf_cart"]);
    assert_eq!(events(&env).await, 2);
}

#[tokio::test]
async fn a_cookieless_retry_runs_again_as_a_new_visitor_on_both_paths() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut first = Client::new(&env);
    let body = json!({"blainNumber": "100"});
    // Stored with the events (a cart add): the answer was lost, and the browser retries with
    // no cookies and the same key. Nothing only that client holds came with it: it is a new
    // visitor, and the add runs again for a cart of its own.
    let a = first
        .post_keyed("/products/a/addtocart", "first-ever", body.clone())
        .await;
    assert_eq!(a.json()["cartQty"], 1);
    let mut retry = first.other();
    let b = retry
        .post_keyed("/products/a/addtocart", "first-ever", body)
        .await;
    assert!(b.headers.get("idempotent-replayed").is_none(), "{}", b.body);
    assert_eq!(b.json()["cartQty"], 1, "{}", b.body);
    assert_eq!(events(&env).await, 2);
    assert_ne!(retry.cookies["sf_vid"], first.cookies["sf_vid"]);
    assert_ne!(retry.cookies["sf_cart"], first.cookies["sf_cart"]);
    assert_eq!(retry.get("/api/cart").await.json()["cartQty"], 1);
    assert_eq!(first.get("/api/cart").await.json()["cartQty"], 1);

    // Stored by the middleware (a client error report): the same rule.
    let report = json!({"url": "/x", "error": "boom"});
    let mut one = first.other();
    let mut two = first.other();
    one.post_keyed("/a/log/", "log-first", report.clone()).await;
    let again = two.post_keyed("/a/log/", "log-first", report).await;
    assert!(again.headers.get("idempotent-replayed").is_none());
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        2
    );
}

/// The `name=value` pairs an answer sets.
fn set_cookies(answer: &Answer) -> Vec<(String, String)> {
    answer
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| {
            let (k, v) = v.to_str().ok()?.split(';').next()?.split_once('=')?;
            Some((k.to_string(), v.to_string()))
        })
        .collect()
}

/// None of `answer`'s cookies is one `first` holds, nor names `first`'s visitor or cart.
fn hands_out_nothing_of(answer: &Answer, first: &Client) {
    let ids: Vec<&str> = first
        .cookies
        .values()
        .map(|v| v.split('.').next().unwrap())
        .collect();
    for (name, value) in set_cookies(answer) {
        assert_ne!(
            first.cookies.get(&name),
            Some(&value),
            "{name} of the first visitor handed out"
        );
        let id = value.split('.').next().unwrap();
        assert!(
            !ids.contains(&id),
            "{name}={value} carries a first-visitor id"
        );
    }
}

#[tokio::test]
async fn a_repeated_key_from_a_cookieless_client_gets_no_identity_of_the_first() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let body = json!({"blainNumber": "100", "quantity": 2});
    let mut victim = Client::new(&env);
    let first = victim
        .post_keyed("/products/a/addtocart", "known-key", body.clone())
        .await;
    assert_eq!(first.json()["cartQty"], 2, "{}", first.body);
    assert!(victim.cookies.contains_key("sf_cart"));

    // Anyone who knows (or guesses) the key and the body, without cookies.
    let mut stranger = victim.other();
    let second = stranger
        .post_keyed("/products/a/addtocart", "known-key", body)
        .await;
    assert_eq!(second.status, 200, "{}", second.body);
    hands_out_nothing_of(&second, &victim);
    assert_ne!(stranger.cookies["sf_vid"], victim.cookies["sf_vid"]);
    assert_ne!(
        stranger.cookies.get("sf_cart"),
        victim.cookies.get("sf_cart")
    );
    assert_eq!(
        stranger.get("/api/cart").await.json()["cartQty"],
        2,
        "a cart of the stranger's own, not the victim's"
    );
    assert_eq!(victim.get("/api/cart").await.json()["cartQty"], 2);
}

#[tokio::test]
async fn a_repeated_key_from_another_visitor_gets_no_identity_of_the_first() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let body = json!({"blainNumber": "100"});
    let mut alice = Client::new(&env);
    alice.get("/globalresource/header/").await;
    alice
        .post_keyed("/products/a/addtocart", "shared", body.clone())
        .await;
    assert!(alice.cookies.contains_key("sf_cart"));
    let mut bob = alice.other();
    bob.get("/globalresource/header/").await;
    let b = bob
        .post_keyed("/products/a/addtocart", "shared", body.clone())
        .await;
    assert_eq!(b.status, 200, "{}", b.body);
    hands_out_nothing_of(&b, &alice);

    // Bob also pastes Alice's cart cookie beside his own visitor cookie.
    let mut carol = alice.other();
    carol.get("/globalresource/header/").await;
    carol
        .cookies
        .insert("sf_cart".into(), alice.cookies["sf_cart"].clone());
    let c = carol
        .post_keyed("/products/a/addtocart", "shared", body)
        .await;
    assert_eq!(c.status, 200, "{}", c.body);
    hands_out_nothing_of(&c, &alice);
    assert_eq!(carol.get("/api/cart").await.json()["cartQty"], 1);
    assert_eq!(alice.get("/api/cart").await.json()["cartQty"], 1);
}

#[tokio::test]
async fn stored_answers_keep_no_cookies_and_a_replay_gives_the_visitor_its_cart() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    // A first add without cookies, one with a visitor cookie, a subscription and a report.
    let body = json!({"blainNumber": "100"});
    c.post_keyed("/products/a/addtocart", "add-a", body.clone())
        .await;
    let mut d = c.other();
    d.get("/globalresource/header/").await;
    let first = d
        .post_keyed("/products/a/addtocart", "add-b", body.clone())
        .await;
    let cart = d.cookies["sf_cart"].clone();
    d.post_keyed(
        "/email/marketing/subscribe",
        "sub",
        json!({"EmailAddress": "shopper@example.com"}),
    )
    .await;
    d.post_keyed("/a/log/", "log", json!({"url": "/x", "error": "boom"}))
        .await;
    let rows: Vec<String> = sqlx::query_scalar("SELECT headers::text FROM idempotency_keys")
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert_eq!(rows.len(), 4, "{rows:?}");
    for headers in &rows {
        let lower = headers.to_lowercase();
        assert!(!lower.contains("set-cookie"), "{headers}");
        assert!(!lower.contains("sf_"), "{headers}");
    }

    // The answer was lost before the cart cookie arrived: the same visitor retries and gets
    // the first answer, and the cart cookie again, signed for itself.
    d.cookies.remove("sf_cart");
    let again = d.post_keyed("/products/a/addtocart", "add-b", body).await;
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(again.body, first.body);
    assert_eq!(
        d.cookies.get("sf_cart"),
        Some(&cart),
        "{:?}",
        set_cookies(&again)
    );
    assert_eq!(d.get("/api/cart").await.json()["cartQty"], 1);
    // A replay to a visitor who holds the cart sets no cart cookie.
    let once_more = d
        .post_keyed(
            "/products/a/addtocart",
            "add-b",
            json!({"blainNumber": "100"}),
        )
        .await;
    assert_eq!(once_more.headers["idempotent-replayed"], "true");
    assert!(set_cookies(&once_more).iter().all(|(k, _)| k != "sf_cart"));
}

/// Ten widgets, each on another product of the seeded catalog.
async fn ten_widgets(env: &TestEnv) -> serde_json::Value {
    let products: Vec<String> = sqlx::query_scalar(
        "SELECT blain_number FROM products WHERE NOT discontinued ORDER BY blain_number LIMIT 10",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    let widgets: Vec<_> = products
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let guid = if i % 2 == 0 {
                query::search::recommendations::SIMILAR_ITEMS_WIDGET
            } else {
                query::search::recommendations::POPULAR_IN_DEPARTMENT_WIDGET
            };
            json!({"widgetGuid": guid, "uniqueId": p})
        })
        .collect();
    json!({"widgetUids": widgets})
}

#[tokio::test]
async fn reads_sent_as_posts_store_nothing_however_large() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 200).await;
    c.get("/globalresource/header/").await;
    let request = ten_widgets(&env).await;
    let a = c
        .post_keyed("/api/recommendation/", "rec-10", request.clone())
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["items"].as_array().unwrap().len(), 10);
    assert!(a.body.len() > 64 * 1024, "{} bytes", a.body.len());
    let b = c
        .post_keyed("/api/recommendation/", "rec-10", request)
        .await;
    assert_eq!(b.status, 200, "{}", b.body);
    assert!(b.headers.get("idempotent-replayed").is_none(), "read again");
    let blain: String = sqlx::query_scalar("SELECT min(blain_number) FROM products")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    // A small answer of a read is not stored either.
    let one = json!({"widgetUids": [{"widgetGuid": query::search::recommendations::SIMILAR_ITEMS_WIDGET, "uniqueId": blain}]});
    let small = c.post_keyed("/api/recommendation/", "rec-1", one).await;
    assert_eq!(small.status, 200, "{}", small.body);
    assert!(small.body.len() < 64 * 1024);
    let f = c
        .post_keyed(
            "/click-to-reorder/get-fulfillment-type",
            "ful-1",
            json!({"blainNumber": blain}),
        )
        .await;
    assert_eq!(f.status, 200, "{}", f.body);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM idempotency_keys").await,
        0,
        "no answer of a read is stored ({} bytes answered)",
        a.body.len()
    );
}

/// A POST route answering `bytes` bytes behind the identity and idempotency layers; counts its
/// runs.
fn sized_app(
    env: &TestEnv,
    bytes: usize,
) -> (Client, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
    use axum::routing::post;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let runs = std::sync::Arc::new(AtomicUsize::new(0));
    let counter = runs.clone();
    let app = axum::Router::new()
        .route(
            "/sized",
            post(move || {
                let counter = counter.clone();
                async move {
                    counter.fetch_add(1, Ordering::SeqCst);
                    "x".repeat(bytes)
                }
            }),
        )
        .layer(axum::middleware::from_fn_with_state(
            env.pool.clone(),
            kernel::idempotency::layer,
        ))
        .layer(axum::middleware::from_fn_with_state(
            kernel::identity::CookieSettings::new(kernel::secrets::Keyring::ephemeral()),
            kernel::identity::identity_layer,
        ));
    (
        Client {
            app,
            cookies: Default::default(),
        },
        runs,
    )
}

#[tokio::test]
async fn an_answer_over_the_size_cap_is_not_stored_and_a_retry_runs_again() {
    let env = spawn_env().await;
    let (mut c, runs) = sized_app(&env, 100 * 1024);
    c.post("/sized", json!({})).await; // a visitor cookie
    let a = c.post_keyed("/sized", "big", json!({})).await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body.len(), 100 * 1024, "answered in full");
    let b = c.post_keyed("/sized", "big", json!({})).await;
    assert_eq!(b.body.len(), 100 * 1024);
    assert!(b.headers.get("idempotent-replayed").is_none());
    assert_eq!(runs.load(std::sync::atomic::Ordering::SeqCst), 3);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM idempotency_keys").await,
        0
    );
    // A small answer is stored and replayed as before.
    let (mut small, runs) = sized_app(&env, 100);
    small.post("/sized", json!({})).await;
    small.post_keyed("/sized", "small", json!({})).await;
    let again = small.post_keyed("/sized", "small", json!({})).await;
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(runs.load(std::sync::atomic::Ordering::SeqCst), 2);
}

#[tokio::test]
async fn an_over_budget_visitor_is_answered_and_nothing_more_is_stored() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    c.get("/globalresource/header/").await;
    let first = c
        .post_keyed(
            "/products/a/addtocart",
            "b-0",
            json!({"blainNumber": "100"}),
        )
        .await;
    assert_eq!(first.json()["cartQty"], 1);
    let scope: String = sqlx::query_scalar("SELECT scope FROM idempotency_keys")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    // The visitor has used up its budget of stored answers for the day.
    sqlx::query(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, status, headers, body) \
         SELECT $1, 'filler-' || n, '\\x00', 200, '[]', '\\x7b7d' FROM generate_series(1, $2) n",
    )
    .bind(&scope)
    .bind(kernel::idempotency::MAX_ANSWERS_PER_VISITOR)
    .execute(&env.pool)
    .await
    .unwrap();
    let rows = || async {
        count(
            &env.pool,
            "SELECT count(*) FROM idempotency_keys WHERE key NOT LIKE 'filler-%'",
        )
        .await
    };
    assert_eq!(rows().await, 1);
    let before = events(&env).await;
    let add = c
        .post_keyed(
            "/products/a/addtocart",
            "b-1",
            json!({"blainNumber": "200"}),
        )
        .await;
    assert_eq!(add.status, 200, "{}", add.body);
    assert_eq!(add.json()["cartQty"], 2, "answered: {}", add.body);
    assert_eq!(events(&env).await, before + 1);
    let report = c
        .post_keyed("/a/log/", "b-2", json!({"url": "/x", "error": "boom"}))
        .await;
    assert_eq!(report.status, 200, "{}", report.body);
    assert_eq!(rows().await, 1, "nothing more stored for this visitor");
    // A key stored before the budget ran out still replays.
    let again = c
        .post_keyed(
            "/products/a/addtocart",
            "b-0",
            json!({"blainNumber": "100"}),
        )
        .await;
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(again.body, first.body);
    // Another visitor is not affected.
    let mut other = c.other();
    other.get("/globalresource/header/").await;
    other
        .post_keyed(
            "/products/a/addtocart",
            "b-1",
            json!({"blainNumber": "200"}),
        )
        .await;
    assert_eq!(rows().await, 2);
}

#[tokio::test]
async fn concurrent_repeats_of_one_key_append_once() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    c.post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    let before = events(&env).await;
    let tasks: Vec<_> = (0..8)
        .map(|_| {
            let mut c = Client {
                app: c.app.clone(),
                cookies: c.cookies.clone(),
            };
            tokio::spawn(async move {
                c.post_keyed(
                    "/products/a/addtocart",
                    "burst",
                    json!({"blainNumber": "200"}),
                )
                .await
            })
        })
        .collect();
    let mut bodies = Vec::new();
    for t in tasks {
        let a = t.await.unwrap();
        assert_eq!(a.status, 200, "{}", a.body);
        bodies.push(a.body);
    }
    assert_eq!(events(&env).await, before + 1, "one add for eight requests");
    assert!(bodies.iter().all(|b| *b == bodies[0]), "{bodies:?}");
    assert_eq!(c.get("/api/cart").await.json()["cartQty"], 2);
}

#[tokio::test]
async fn every_post_command_accepts_a_key_and_bad_keys_are_400() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    let sub = json!({"EmailAddress": "shopper@example.com"});
    let a = c
        .post_keyed("/email/marketing/subscribe", "s1", sub.clone())
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    let b = c.post_keyed("/email/marketing/subscribe", "s1", sub).await;
    assert_eq!(b.headers["idempotent-replayed"], "true");
    let log = json!({"url": "/x", "error": "boom"});
    c.post_keyed("/a/log/", "l1", log.clone()).await;
    let again = c.post_keyed("/a/log/", "l1", log).await;
    assert_eq!(again.headers["idempotent-replayed"], "true");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        1
    );

    for bad in ["has space", &"k".repeat(256)] {
        let a = c
            .post_keyed("/products/a/addtocart", bad, json!({"blainNumber": "100"}))
            .await;
        assert_eq!(a.status, 400, "{}", a.body);
        assert_eq!(a.json()["code"], "InvalidIdempotencyKey");
    }
    let cart_events = count(
        &env.pool,
        "SELECT count(*) FROM events WHERE aggregate_type = 'Cart'",
    )
    .await;
    assert_eq!(cart_events, 0);
}

#[tokio::test]
async fn reads_sent_as_posts_are_answered_again_and_never_stored() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    let lookup = json!({"storeNum": 1, "blainNumber": "100"});
    let first = c
        .post_keyed("/products/a/stockstatus-json", "look-1", lookup.clone())
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(first.json()["resolutionType"], "Success", "{}", first.body);
    // A stock level that changed since: the repeat reads it again, it is no replay.
    sqlx::query("UPDATE store_stock SET on_hand = '{3}' WHERE blain_number = '100'")
        .execute(&env.pool)
        .await
        .unwrap();
    let again = c
        .post_keyed("/products/a/stockstatus-json", "look-1", lookup)
        .await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert!(again.headers.get("idempotent-replayed").is_none());
    assert_ne!(again.body, first.body, "the lookup ran again");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM idempotency_keys").await,
        0,
        "no answer of a read is stored"
    );
}
