//! `projections verify` shows that a rebuild from the event store gives what the live system
//! holds, and reports a hand-edited row; `projections rebuild --online` swaps a rebuild in
//! while reads keep answering.

use std::time::Duration;

use crate::common::*;
use serde_json::json;

/// Adds, quantity changes, removals, store changes, subscriptions and catalog imports, through
/// the HTTP API and the importer, as shoppers and merchandisers would.
async fn mixed_workload(env: &TestEnv) -> Client {
    let mut c = Client::seeded(env, 60).await;
    let blains: Vec<String> = sqlx::query_scalar(
        "SELECT blain_number FROM products WHERE NOT discontinued ORDER BY 1 LIMIT 6",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    for shopper in 0..4 {
        let mut s = c.other();
        for (i, blain) in blains.iter().enumerate().skip(shopper) {
            s.post(
                "/products/a/addtocart",
                json!({"blainNumber": blain, "quantity": 1 + i}),
            )
            .await;
        }
        s.post("/api/cart/quantity", json!({"lineId": 1, "quantity": 7}))
            .await;
        s.post("/api/cart/remove", json!({"lineId": 2})).await;
        s.get(&format!("/stores/set-json/{}", [1, 2, 3, 1][shopper]))
            .await;
        s.get("/stores/set-json/2").await;
        s.post(
            "/email/marketing/subscribe",
            json!({"EmailAddress": format!("shopper{shopper}@example.com")}),
        )
        .await;
        // An account, signed out, a wrong password, signed in again.
        let email = format!("customer{shopper}@example.com");
        let account = json!({"firstName": "Sam", "lastName": "Shopper", "emailAddress": email,
            "password": "Password1", "phoneNumber": phone_of(&email)});
        s.post_with_token("/account/register", account).await;
        s.get("/account/logout/").await;
        for password in ["Wrong1234", "Password1"] {
            let sign_in = json!({"userName": email, "password": password});
            s.post_with_token("/account/authenticate", sign_in).await;
        }
        // A gift registry with an item, shared.
        let date = (chrono::Utc::now().date_naive() + chrono::Days::new(90)).to_string();
        let made = s
            .post_with_token(
                "/api/account/registry/create",
                json!({"name": "Our list", "eventType": "Holiday", "eventDate": date}),
            )
            .await
            .json();
        let registry = made["registryId"].as_str().unwrap_or_default().to_string();
        let blain: String = sqlx::query_scalar("SELECT blain_number FROM products LIMIT 1")
            .fetch_one(&env.pool)
            .await
            .unwrap();
        s.post_with_token(
            "/api/account/registry/items",
            json!({"registryId": registry, "blainNumber": blain, "quantity": 2}),
        )
        .await;
        s.post_with_token(
            "/api/account/registry/share",
            json!({"registryId": registry}),
        )
        .await;
        // A review (held when it gives a phone number), voted helpful by another shopper.
        let text = if shopper == 3 {
            "Good value. Call 555-010-9999 to buy my spare."
        } else {
            "Good value for the money, works as it says."
        };
        let written = s
            .post_with_token(
                "/api/reviews/WriteReview",
                json!({"product": blain, "rating": 2 + shopper, "text": text}),
            )
            .await;
        assert_eq!(written.status, 200, "{}", written.body);
    }
    let review: String =
        sqlx::query_scalar("SELECT ref FROM product_reviews WHERE status = 'Published' LIMIT 1")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    c.other()
        .post_with_token("/api/reviews/VoteHelpful", json!({"review": review}))
        .await;
    // An order, shipped, readied by no one yet: its order and its checkout attempt.
    let shipped: String = sqlx::query_scalar(
        "SELECT p.blain_number FROM products p JOIN ecom_inventory e USING (blain_number) \
         WHERE p.ship_to_home AND NOT p.discontinued AND e.ecom_on_hand >= 5 ORDER BY 1 LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let mut buyer = c.other();
    buyer
        .post("/products/a/addtocart", json!({"blainNumber": shipped}))
        .await;
    let total = buyer.get("/api/checkout/summary?zip=53545").await.json()["totalCents"].clone();
    let placed = buyer
        .post_keyed(
            "/api/checkout/place",
            "verify-order",
            json!({"email": "buyer@example.com", "phone": "(608) 555-0100",
                "shippingAddress": {"firstName": "Ann", "lastName": "Lee", "address1": "1 Main St",
                    "city": "Janesville", "state": "WI", "zip": "53545"},
                "card": {"number": "4242 4242 4242 4242", "expiry": "12/30", "securityCode": "123",
                    "nameOnCard": "Ann Lee"},
                "expectedTotalCents": total}),
        )
        .await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    // A catalog import changing prices and adding a product.
    let dir = std::env::temp_dir().join(unique("import"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("catalog.csv");
    let department: i32 = sqlx::query_scalar("SELECT department_id FROM products LIMIT 1")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    std::fs::write(
        &file,
        format!(
            "blainNumber,name,vendorBrand,departmentId,price\n{},Changed Name,Brand,{department},12.34\n990001,New Bucket,Brand,{department},5.00\n",
            blains[0]
        ),
    )
    .unwrap();
    let report = storefront::importer::import_file(&env.pool, &file)
        .await
        .unwrap();
    assert!(report.rejected.is_empty(), "{}", report.summary());
    c.get("/globalresource/header/").await;
    c
}

async fn verify_all(env: &TestEnv) -> Vec<projections::verify::Verification> {
    let mut out = Vec::new();
    for projection in projections::engine::all() {
        out.push(
            projections::verify::verify(projection, &env.pool, &|_, _| {})
                .await
                .unwrap(),
        );
    }
    out
}

#[tokio::test]
async fn verify_finds_no_difference_after_a_mixed_workload_and_reports_an_edited_row() {
    let env = spawn_env().await;
    mixed_workload(&env).await;
    let carts = count(&env.pool, "SELECT count(*) FROM carts").await;
    assert!(carts >= 4, "the workload made carts ({carts})");

    for v in verify_all(&env).await {
        assert!(!v.differs(), "{}", v.report());
        if v.projection != "merch" {
            assert!(v.tables.iter().any(|t| t.live_rows > 0), "{}", v.report());
        }
    }

    // A read-model row edited by hand is reported, with the row.
    sqlx::query(
        "UPDATE carts SET item_count = item_count + 5 WHERE cart_id = (SELECT min(cart_id) FROM carts)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    sqlx::query("DELETE FROM newsletter_subscriptions WHERE email = 'shopper2@example.com'")
        .execute(&env.pool)
        .await
        .unwrap();
    let shopping = verify_all(&env)
        .await
        .into_iter()
        .find(|v| v.projection == "shopping")
        .unwrap();
    assert!(shopping.differs());
    let carts = shopping.tables.iter().find(|t| t.table == "carts").unwrap();
    assert!(carts.differs(), "{}", shopping.report());
    assert_eq!(carts.live_rows, carts.rebuilt_rows);
    assert_eq!(carts.only_live.len(), 1, "{}", shopping.report());
    assert_eq!(carts.only_rebuilt.len(), 1);
    let subs = shopping
        .tables
        .iter()
        .find(|t| t.table == "newsletter_subscriptions")
        .unwrap();
    assert_eq!(subs.rebuilt_rows, subs.live_rows + 1);
    assert!(subs.only_rebuilt[0].contains("shopper2@example.com"));
    let report = shopping.report();
    assert!(report.contains("DIFFERS"), "{report}");
    // Verify changed nothing live: the edit is still there, and no scratch schema is left.
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM newsletter_subscriptions WHERE email = 'shopper2@example.com'"
        )
        .await,
        0
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'rebuild_%'"
        )
        .await,
        0
    );
}

#[tokio::test]
async fn an_online_rebuild_swaps_in_while_reads_keep_answering() {
    let env = spawn_env().await;
    let c = mixed_workload(&env).await;
    // Break the live read models so the swap is visible.
    sqlx::query("UPDATE carts SET item_count = 0")
        .execute(&env.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE products SET price_cents = 1")
        .execute(&env.pool)
        .await
        .unwrap();

    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let mut r = c.other();
        let stop = stop.clone();
        tokio::spawn(async move {
            let mut answered = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let header = r.get("/globalresource/header/").await;
                assert_eq!(header.status, 200, "{}", header.body);
                let products = r.get("/product/a/getproducts?blainNumbers=990001").await;
                assert_eq!(products.status, 200, "{}", products.body);
                answered += 1;
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            answered
        })
    };
    for projection in projections::engine::all() {
        projections::verify::rebuild_online(projection, &env.pool, &|_, _| {})
            .await
            .unwrap();
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let answered = reader
        .await
        .expect("every read during the rebuild answered");
    assert!(answered > 0);

    for v in verify_all(&env).await {
        assert!(!v.differs(), "{}", v.report());
    }
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM products WHERE price_cents = 1"
        )
        .await,
        0
    );
    assert_eq!(
        // (A cart checked out is empty, and rightly so.)
        count(
            &env.pool,
            "SELECT count(*) FROM carts WHERE item_count = 0 AND line_count > 0"
        )
        .await,
        0
    );
}
