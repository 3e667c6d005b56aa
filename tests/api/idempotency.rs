//! Idempotency-Key on POST commands: a repeat returns the stored answer and appends nothing;
//! the same key with a different request is 422; answers are stored per visitor.

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
async fn a_retried_first_request_of_a_new_browser_is_the_same_visitor() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut first = Client::new(&env);
    let body = json!({"blainNumber": "100"});
    let a = first
        .post_keyed("/products/a/addtocart", "first-ever", body.clone())
        .await;
    assert_eq!(a.json()["cartQty"], 1);
    // The answer was lost: the browser retries with no cookies and the same key.
    let mut retry = first.other();
    let b = retry
        .post_keyed("/products/a/addtocart", "first-ever", body)
        .await;
    assert_eq!(b.headers["idempotent-replayed"], "true", "{}", b.body);
    assert_eq!(b.body, a.body);
    assert_eq!(events(&env).await, 1);
    // And the cookies it gets lead to that cart.
    assert_eq!(retry.cookies["sf_vid"], first.cookies["sf_vid"]);
    assert_eq!(retry.get("/api/cart").await.json()["cartQty"], 1);
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
