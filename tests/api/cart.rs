//! Add-to-cart and the cart page: every result code, read-your-writes in the header, and
//! concurrent adds on one cart.

use std::time::Duration;

use crate::common::*;
use serde_json::json;

/// Products with known properties, inserted into the catalog read models.
pub(crate) async fn catalog(env: &TestEnv) {
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, lat, lon, time_zone, hours, url_alias, \
         google_place_id, google_map_zoom, coming_soon, local_delivery_enabled, local_delivery_label) VALUES \
         (1, 'Janesville', 'janesville', 'WI', '2500 Milton Ave', '53545', '(608) 752-9000', 42.7, -89.0, 'America/Chicago', '{}', 'janesville-wi', 'x', 14, false, true, 'Same Day Delivery Available'), \
         (2, 'Mankato', 'mankato', 'MN', '1 Main St', '56001', '(507) 555-0100', 44.1, -94.0, 'America/Chicago', '{}', 'mankato-mn', 'y', 14, true, false, '')",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    for (blain, name, flags) in [
        ("100", "Poly Rope", ""),
        ("200", "Hunting Knife", "confirm"),
        ("300", "Propane Cylinder", "agree"),
        ("400", "Old Lantern", "discontinued"),
        ("500", "Tool Kit", "bundle"),
        ("600", "Chainsaw", "warranty"),
    ] {
        sqlx::query(
            "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, department_path, kind, \
             price_cents, price_mode, images, attributes, warning_level, requires_confirmation, requires_agreement, bundle, \
             warranties, ship_to_home, store_pickup, same_day_delivery, discontinued) VALUES \
             ($1, $2, 'Brand', '', 101, '{Farm}', 'General', 1000, 'Regular', '[]', '[]', 'NoWarning', $3, $4, $5, $6, true, true, true, $7)",
        )
        .bind(blain)
        .bind(name)
        .bind(flags == "confirm")
        .bind(flags == "agree")
        .bind(if flags == "bundle" { json!([{"blainNumber": "100", "quantity": 2}, {"blainNumber": "600", "quantity": 1}]) } else { json!([]) })
        .bind(if flags == "warranty" { json!([{"id": "PP2-600", "name": "2-Year Protection Plan", "priceCents": 1500, "years": 2}]) } else { json!([]) })
        .bind(flags == "discontinued")
        .execute(&env.pool)
        .await
        .unwrap();
        // Online stock for shipping (an add to ship needs it).
        sqlx::query("INSERT INTO ecom_inventory VALUES ($1, 5000)")
            .bind(blain)
            .execute(&env.pool)
            .await
            .unwrap();
        sqlx::query("INSERT INTO store_stock VALUES ($1, '{1,2}', '{t,t}', '{5,50}')")
            .bind(blain)
            .execute(&env.pool)
            .await
            .unwrap();
    }
}

async fn add(c: &mut Client, body: serde_json::Value) -> serde_json::Value {
    let a = c.post("/products/a/addtocart", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

async fn header_qty(c: &mut Client) -> i64 {
    let h = c.get("/globalresource/header/").await.json();
    assert_eq!(h["cartSummaryJson"]["cartQty"], h["itemsInCartCount"]);
    h["cartSummaryJson"]["cartQty"].as_i64().unwrap()
}

#[tokio::test]
async fn adds_answer_every_result_code_and_the_cart_quantity() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut c = Client::new(&env);

    let ok = add(&mut c, json!({"blainNumber": "100", "quantity": 2})).await;
    assert_eq!(
        (
            ok["resultCode"].as_str(),
            ok["cartQty"].as_i64(),
            ok["success"].as_bool()
        ),
        (Some("Success"), Some(2), Some(true))
    );
    assert!(
        c.cookies.contains_key("sf_cart"),
        "the guest cart is remembered in a cookie"
    );

    for (body, code) in [
        (json!({"blainNumber": "999"}), "CannotAdd"),
        (json!({"blainNumber": "400"}), "CannotAdd"),
        (json!({"blainNumber": "100", "quantity": 0}), "CannotAdd"),
        (json!({"blainNumber": "100", "quantity": 1000}), "CannotAdd"),
        (json!({"blainNumber": "200"}), "RequireConfirmation"),
        (json!({"blainNumber": "300"}), "RequireAgreement"),
        (
            json!({"blainNumber": "100", "quantity": 6, "fulfillmentType": "StorePickup", "storeNum": 1}),
            "PickupDeliveryError",
        ),
        (
            json!({"blainNumber": "100", "fulfillmentType": "StorePickup", "storeNum": 2}),
            "PickupDeliveryError",
        ),
        (
            json!({"blainNumber": "100", "fulfillmentType": "StorePickup"}),
            "PickupDeliveryError",
        ),
    ] {
        let answer = add(&mut c, body.clone()).await;
        assert_eq!(answer["resultCode"], code, "{body}: {answer}");
        assert_eq!(answer["success"], false);
        assert_eq!(
            answer["cartQty"], 2,
            "a refused add changes nothing: {body}"
        );
        assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // The client repeats with the confirmation / agreement.
    let confirmed = add(&mut c, json!({"blainNumber": "200", "confirmed": true})).await;
    assert_eq!(
        (
            confirmed["resultCode"].as_str(),
            confirmed["cartQty"].as_i64()
        ),
        (Some("Success"), Some(3))
    );
    let agreed = add(&mut c, json!({"blainNumber": "300", "agreed": true, "fulfillmentType": "StorePickup", "storeNum": 1})).await;
    assert_eq!(
        (agreed["resultCode"].as_str(), agreed["cartQty"].as_i64()),
        (Some("Success"), Some(4))
    );
    assert_eq!(header_qty(&mut c).await, 4);
    // The pickup line names its store; a shipped line has none.
    let cart = c.get("/api/cart").await.json();
    let lines = cart["lines"].as_array().unwrap();
    let propane = lines.iter().find(|l| l["blainNumber"] == "300").unwrap();
    assert_eq!(
        propane["store"],
        json!({"storeNum": 1, "city": "Janesville", "state": "WI", "address1": "2500 Milton Ave", "urlAlias": "janesville-wi"})
    );
    let knife = lines.iter().find(|l| l["blainNumber"] == "200").unwrap();
    assert_eq!(knife["store"], serde_json::Value::Null);
    // Refused commands left no events behind.
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'Cart'"
        )
        .await,
        3
    );
}

#[tokio::test]
async fn the_line_limit_answers_max_lines() {
    let env = spawn_env().await;
    catalog(&env).await;
    for i in 0..100 {
        sqlx::query(
            "INSERT INTO products SELECT $1, name, vendor_brand, description, department_id, department_path, kind, price_cents, \
             map_price_cents, price_mode, images, attributes, tire_width, tire_ratio, tire_rim, warning_level, requires_confirmation, \
             requires_agreement, bundle, warranties, ship_to_home, store_pickup, same_day_delivery, discontinued FROM products WHERE blain_number = '100'",
        )
        .bind(format!("9{i:03}"))
        .execute(&env.pool)
        .await
        .unwrap();
        sqlx::query("INSERT INTO ecom_inventory VALUES ($1, 5000)")
            .bind(format!("9{i:03}"))
            .execute(&env.pool)
            .await
            .unwrap();
    }
    let mut c = Client::new(&env);
    for i in 0..100 {
        let a = add(&mut c, json!({"blainNumber": format!("9{i:03}")})).await;
        assert_eq!(a["resultCode"], "Success");
    }
    let full = add(&mut c, json!({"blainNumber": "100"})).await;
    assert_eq!(
        (full["resultCode"].as_str(), full["cartQty"].as_i64()),
        (Some("MaxLines"), Some(100))
    );
}

#[tokio::test]
async fn bundles_comparisons_warranties_and_the_cart_page() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut c = Client::new(&env);
    let bundle = c
        .post(
            "/products/a/bundletocart",
            json!({"blainNumber": "500", "quantity": 1}),
        )
        .await
        .json();
    assert_eq!(
        (bundle["resultCode"].as_str(), bundle["cartQty"].as_i64()),
        (Some("Success"), Some(3))
    );
    let compare = c
        .post(
            "/products/a/productcomparisontocart",
            json!({"blainNumbers": ["100", "600"]}),
        )
        .await
        .json();
    assert_eq!(
        (compare["resultCode"].as_str(), compare["cartQty"].as_i64()),
        (Some("Success"), Some(5))
    );

    let cart = c.get("/api/cart").await.json();
    let lines = cart["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{cart}");
    let saw = lines.iter().find(|l| l["blainNumber"] == "600").unwrap();
    let line_id = saw["lineId"].as_i64().unwrap();
    assert_eq!(saw["quantity"], 2);
    // The cart names the plans each product offers (no call per product).
    let plans: Vec<&str> = saw["plans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert!(plans.contains(&"PP2-600"), "{saw}");
    let rope = lines.iter().find(|l| l["blainNumber"] == "100").unwrap();
    assert_eq!(rope["plans"], json!([]));

    let w = c
        .post(
            "/products/a/update-warranty",
            json!({"lineId": line_id, "warrantyId": "PP2-600"}),
        )
        .await
        .json();
    assert_eq!(w["resultCode"], "Success");
    let cart = c.get("/api/cart").await.json();
    assert_eq!(cart["subtotalCents"], 5 * 1000 + 2 * 1500);
    assert_eq!(cart["subtotal"], "$80.00");
    let bad = c
        .post(
            "/products/a/update-warranty",
            json!({"lineId": line_id, "warrantyId": "nope"}),
        )
        .await
        .json();
    assert_eq!(bad["success"], false);
    c.post("/products/a/remove-warranty", json!({"lineId": line_id}))
        .await;
    assert_eq!(c.get("/api/cart").await.json()["subtotalCents"], 5000);

    let q = c
        .post(
            "/api/cart/quantity",
            json!({"lineId": line_id, "quantity": 4}),
        )
        .await
        .json();
    assert_eq!(q["cartQty"], 7);
    let q = c
        .post(
            "/api/cart/quantity",
            json!({"lineId": line_id, "quantity": 0}),
        )
        .await
        .json();
    assert_eq!(
        (q["success"].as_bool(), q["cartQty"].as_i64()),
        (Some(false), Some(7))
    );
    let r = c
        .post("/api/cart/remove", json!({"lineId": line_id}))
        .await
        .json();
    assert_eq!(r["cartQty"], 3);
    assert_eq!(header_qty(&mut c).await, 3);
    // Another browser has its own, empty cart.
    assert_eq!(header_qty(&mut c.other()).await, 0);

    // The inline read model equals a replay of the cart's events.
    let before = c.get("/api/cart").await.json();
    let replayed = projections::engine::rebuild(
        &projections::shopping::ShoppingProjection,
        &env.pool,
        100,
        &|_, _| {},
    )
    .await
    .unwrap();
    assert!(replayed >= 6, "{replayed}");
    assert_eq!(c.get("/api/cart").await.json(), before);
}

#[tokio::test]
async fn malformed_and_mistyped_requests_get_the_error_shape_and_change_nothing() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut c = Client::new(&env);
    let a = c
        .send(
            "POST",
            "/products/a/addtocart",
            Some("application/json"),
            "{not json".into(),
        )
        .await;
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["code"], "MalformedJson");
    let a = c
        .post(
            "/products/a/addtocart",
            json!({"blainNumber": "100", "quantity": "two"}),
        )
        .await;
    assert_eq!(a.status, 422);
    assert_eq!(a.json()["success"], false);
    let a = c
        .send(
            "POST",
            "/products/a/addtocart",
            Some("text/plain"),
            "x".into(),
        )
        .await;
    assert_eq!(a.status, 415);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

#[tokio::test]
async fn thirty_two_concurrent_adds_on_one_cart_all_land() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut c = Client::new(&env);
    let first = add(&mut c, json!({"blainNumber": "100"})).await;
    assert_eq!(first["cartQty"], 1);
    let cookies = c.cookies.clone();
    let mut tasks = Vec::new();
    for _ in 0..32 {
        let mut client = c.other();
        client.cookies = cookies.clone();
        tasks.push(tokio::spawn(async move {
            let a = client
                .post("/products/a/addtocart", json!({"blainNumber": "600"}))
                .await;
            let answer = a.json();
            let header = client.get("/globalresource/header/").await.json();
            (
                answer,
                header["cartSummaryJson"]["cartQty"].as_i64().unwrap(),
            )
        }));
    }
    let mut seen = Vec::new();
    for t in tasks {
        let (answer, header_qty) = t.await.unwrap();
        assert_eq!(answer["resultCode"], "Success", "{answer}");
        let qty = answer["cartQty"].as_i64().unwrap();
        assert!(
            header_qty >= qty,
            "the header never lags the add's answer ({header_qty} < {qty})"
        );
        seen.push(qty);
    }
    seen.sort();
    assert_eq!(
        seen,
        (2..=33).collect::<Vec<_>>(),
        "each add saw its own increment"
    );
    let cart = c.get("/api/cart").await.json();
    assert_eq!(cart["cartQty"], 33);
    let chainsaws = cart["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["blainNumber"] == "600")
        .unwrap();
    assert_eq!(chainsaws["quantity"], 32);
}

#[tokio::test]
async fn cart_events_reach_the_event_topic() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    catalog(&env).await;
    let mut c = Client::new(&env);
    add(&mut c, json!({"blainNumber": "100"})).await;
    c.post(
        "/email/marketing/subscribe",
        json!({"EmailAddress": "farmer@example.com"}),
    )
    .await;
    c.get("/stores/set-json/1").await;
    let relay = projections::relay::Relay::new(
        env.pool.clone(),
        &env.bus,
        projections::relay::RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    while relay.publish_batch().await.unwrap() > 0 {}
    let messages = read_topic(&env.topic, 3, Duration::from_secs(30)).await;
    let mut kinds: Vec<(String, String)> = messages
        .iter()
        .map(|m| (m.aggregate_type.clone(), m.event_type.clone()))
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        vec![
            ("Cart".into(), "ItemAdded".into()),
            ("Subscription".into(), "Subscribed".into()),
            ("Visitor".into(), "LocalStoreSelected".into()),
        ]
    );
}

#[tokio::test]
async fn one_item_listed_five_times_is_one_line_and_limits_hold_across_lines_and_concurrent_adds() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut c = Client::new(&env);
    let a = c
        .post(
            "/products/a/productcomparisontocart",
            json!({"blainNumbers": ["100", "100", "100", "100", "100"]}),
        )
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    assert_eq!(a.json()["lineCount"], 1);
    assert_eq!(a.json()["cartQty"], 1);

    // 999 shipped: no pickup line of the same item may add more.
    let cart = c.get("/api/cart").await.json();
    let line = cart["lines"][0]["lineId"].as_i64().unwrap();
    let a = c
        .post(
            "/api/cart/quantity",
            json!({"lineId": line, "quantity": 999}),
        )
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    let a = add(
        &mut c,
        json!({"blainNumber": "100", "fulfillmentType": "StorePickup", "storeNum": 2}),
    )
    .await;
    assert_eq!(a["resultCode"], "CannotAdd", "{a}");
    assert_eq!(a["message"], "You can buy at most 999 of this item.");

    // Store 1 holds 5: eight shoppers' tabs adding one each at once get 5 between them.
    let mut shopper = c.other();
    let first = add(
        &mut shopper,
        json!({"blainNumber": "600", "fulfillmentType": "StorePickup", "storeNum": 1}),
    )
    .await;
    assert_eq!(first["success"], true, "{first}");
    let tabs = (0..8).map(|_| {
        let mut tab = Client {
            app: shopper.app.clone(),
            cookies: shopper.cookies.clone(),
        };
        async move {
            tab.post(
                "/products/a/addtocart",
                json!({"blainNumber": "600", "fulfillmentType": "StorePickup", "storeNum": 1}),
            )
            .await
            .json()
        }
    });
    let answers = futures::future::join_all(tabs).await;
    let added = answers.iter().filter(|a| a["success"] == true).count();
    assert_eq!(added, 4, "{answers:?}");
    assert!(answers
        .iter()
        .filter(|a| a["success"] != true)
        .all(|a| a["resultCode"] == "PickupDeliveryError"));
    assert_eq!(header_qty(&mut shopper).await, 5);
}
