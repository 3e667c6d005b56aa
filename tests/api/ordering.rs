//! Checkout and orders over HTTP against the real PostgreSQL: placing an order exactly once
//! (same key twice, same key with another body), a declined card, the race for the last unit,
//! a crash between authorisation and order, totals (shipping, tax, exemption), stock held
//! through an inventory import, the associate's lifecycle with its timeline and mail, and
//! track-your-order.

use serde_json::{json, Value};

use crate::common::*;
use command::catalog::{Inventory, InventoryCommand, StoreStock};
use command::eventstore;

/// An associate's token (and the operator's, as `Client::new` has).
const ASSOCIATE_TOKEN: &str = "associate-test-token-0123456789abcdef";

/// The app with an associate's staff token.
fn store_app(env: &TestEnv) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.staff = std::sync::Arc::new(
        kernel::staff::StaffTokens::parse(&format!(
            "ops:operator:{OPS_TOKEN},amy:associate:{ASSOCIATE_TOKEN}"
        ))
        .unwrap(),
    );
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

/// Two stores (Janesville WI, Mankato MN), the ZIP data, and products 100 (pickup only at
/// store 1, one unit; 3 online), 200 ($60, plenty everywhere) and 300 ($10, online only),
/// their stock reported through the Inventory aggregate and projected.
async fn catalog(env: &TestEnv) {
    storefront::zips::load(&env.pool).await.unwrap();
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, lat, lon, time_zone, hours, url_alias, \
         google_place_id, google_map_zoom, coming_soon, local_delivery_enabled, local_delivery_label) VALUES \
         (1, 'Janesville', 'janesville', 'WI', '2500 Milton Ave', '53545', '(608) 752-9000', 42.7, -89.0, 'America/Chicago', '{}', 'janesville-wi', 'x', 14, false, true, 'Same Day Delivery Available'), \
         (2, 'Mankato', 'mankato', 'MN', '1 Main St', '56001', '(507) 555-0100', 44.1, -94.0, 'America/Chicago', '{}', 'mankato-mn', 'y', 14, false, false, '')",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    for (blain, name, cents) in [
        ("100", "Poly Rope", 1000),
        ("200", "Tool Chest", 6000),
        ("300", "Work Gloves", 1000),
    ] {
        sqlx::query(
            "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, department_path, kind, \
             price_cents, price_mode, images, attributes, warning_level, requires_confirmation, requires_agreement, bundle, \
             warranties, ship_to_home, store_pickup, same_day_delivery, discontinued) VALUES \
             ($1, $2, 'Brand', '', 101, '{Farm}', 'General', $3, 'Regular', '[]', '[]', 'NoWarning', false, false, '[]', '[]', \
              true, true, true, false)",
        )
        .bind(blain)
        .bind(name)
        .bind(cents)
        .execute(&env.pool)
        .await
        .unwrap();
    }
    report(env, "100", 3, &[(1, 1)]).await;
    report(env, "200", 500, &[(1, 50), (2, 50)]).await;
    report(env, "300", 500, &[]).await;
}

/// The sweep's default wait before it takes over an unfinished attempt.
fn stale_after() -> chrono::Duration {
    chrono::Duration::seconds(command::ordering::checkout::STALE_AFTER_SECONDS)
}

/// Reports a product's stock (an import) and projects it.
async fn report(env: &TestEnv, blain: &str, online: i32, stores: &[(i32, i32)]) {
    let command = InventoryCommand::Report {
        blain_number: blain.into(),
        ecom_on_hand: online,
        stores: stores
            .iter()
            .map(|&(n, q)| StoreStock {
                store_num: n,
                is_stocked: true,
                store_on_hand: q,
            })
            .collect(),
    };
    eventstore::run::<Inventory>(&env.pool, &())
        .command(blain, command)
        .executed()
        .await
        .unwrap()
        .outcome
        .unwrap();
    project(env).await;
}

/// Brings the catalog read models up to date (the running store's consumer does this).
async fn project(env: &TestEnv) {
    projections::engine::catch_up(
        &projections::catalog::CatalogProjection,
        &env.pool,
        1000,
        &|_, _| {},
    )
    .await
    .unwrap();
}

async fn add(c: &mut Client, blain: &str, quantity: i32, pickup_store: Option<i32>) -> Value {
    let mut body = json!({"blainNumber": blain, "quantity": quantity});
    if let Some(store) = pickup_store {
        body["fulfillmentType"] = json!("StorePickup");
        body["storeNum"] = json!(store);
    }
    let a = c.post("/products/a/addtocart", body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

async fn summary(c: &mut Client, zip: Option<&str>) -> Value {
    let path = match zip {
        Some(z) => format!("/api/checkout/summary?zip={z}"),
        None => "/api/checkout/summary".into(),
    };
    let a = c.get(&path).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

fn order_form(card: &str, total: i64, address: Option<Value>) -> Value {
    json!({
        "email": "ann@example.com",
        "phone": "(608) 555-0100",
        "shippingAddress": address,
        "card": {"number": card, "expiry": "12/30", "securityCode": "123", "nameOnCard": "Ann Lee"},
        "expectedTotalCents": total,
    })
}

fn address(zip: &str) -> Value {
    json!({"firstName": "Ann", "lastName": "Lee", "address1": "1 Main St", "city": "Janesville",
           "state": "WI", "zip": zip})
}

const VISA: &str = "4242 4242 4242 4242";

/// What a store's shelf shows for sale of a product (on hand less what orders hold).
async fn store_stock(env: &TestEnv, blain: &str, store: i32) -> i32 {
    sqlx::query_scalar(
        "SELECT store_on_hand FROM store_inventory WHERE blain_number = $1 AND store_num = $2",
    )
    .bind(blain)
    .bind(store)
    .fetch_one(&env.pool)
    .await
    .unwrap()
}

/// The cents of the local gateway's operations of a kind.
async fn payments_cents(env: &TestEnv, kind: &str) -> i64 {
    sqlx::query_scalar(
        "SELECT coalesce(sum(amount_cents), 0)::bigint FROM local_payments WHERE kind = $1",
    )
    .bind(kind)
    .fetch_one(&env.pool)
    .await
    .unwrap()
}

async fn orders(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM orders").await
}

async fn payments(env: &TestEnv, kind: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM local_payments WHERE kind = $1")
        .bind(kind)
        .fetch_one(&env.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_pickup_order_is_placed_once_per_key_and_empties_the_cart() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "100", 1, Some(1)).await;
    let s = summary(&mut ann, None).await;
    assert_eq!(s["needsShippingAddress"], false);
    assert_eq!(s["pickupStore"]["name"], "Janesville, WI");
    // $10.00, no shipping, WI 5%: 50 cents.
    assert_eq!(
        (s["subtotalCents"].as_i64(), s["shippingCents"].as_i64()),
        (Some(1000), Some(0))
    );
    assert_eq!(
        (s["taxCents"].as_i64(), s["totalCents"].as_i64()),
        (Some(50), Some(1050))
    );
    assert_eq!(s["taxState"], "WI");

    let unkeyed = ann
        .post("/api/checkout/place", order_form(VISA, 1050, None))
        .await;
    assert_eq!(unkeyed.status, 400, "{}", unkeyed.body);
    assert_eq!(unkeyed.json()["code"], "IdempotencyKeyRequired");

    let first = ann
        .post_keyed(
            "/api/checkout/place",
            "order-1",
            order_form(VISA, 1050, None),
        )
        .await;
    assert_eq!(first.status, 200, "{}", first.body);
    let placed = first.json();
    let order_no = placed["orderNo"].as_str().unwrap().to_string();
    assert_eq!(placed["totalCents"], 1050);
    // A double click or a retry after a timeout: the same answer, one order, one capture.
    let again = ann
        .post_keyed(
            "/api/checkout/place",
            "order-1",
            order_form(VISA, 1050, None),
        )
        .await;
    assert_eq!(again.status, 200);
    assert_eq!(again.json()["orderNo"], order_no.as_str());
    let other_body = ann
        .post_keyed(
            "/api/checkout/place",
            "order-1",
            order_form("5555 5555 5555 4444", 1050, None),
        )
        .await;
    assert_eq!(
        other_body.status, 422,
        "the same key with another body is refused"
    );
    assert_eq!(orders(&env).await, 1);
    assert_eq!(
        (
            payments(&env, "authorise").await,
            payments(&env, "capture").await
        ),
        (1, 1)
    );

    // The cart is empty; a new order from it has nothing to buy.
    assert_eq!(summary(&mut ann, None).await["lines"], json!([]));
    let empty = ann
        .post_keyed(
            "/api/checkout/place",
            "order-2",
            order_form(VISA, 1050, None),
        )
        .await;
    assert_eq!(
        (empty.status.as_u16(), empty.json()["code"].clone()),
        (409, json!("EmptyCart"))
    );

    // The confirmation opens for this browser only.
    let url = placed["confirmationUrl"].as_str().unwrap();
    let key = url.split("key=").nth(1).unwrap();
    let mine = ann
        .get(&format!("/api/orders/confirmation?key={key}"))
        .await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    let view = mine.json();
    assert_eq!(view["orderNo"], order_no.as_str());
    assert_eq!(
        view["card"],
        json!({"brand": "visa", "last4": "4242", "expiry": ""})
    );
    assert_eq!(view["timeline"][0]["label"], "Order placed");
    assert_eq!(view["pickupStore"]["storeNum"], 1);
    let stranger = ann
        .other()
        .get(&format!("/api/orders/confirmation?key={key}"))
        .await;
    assert_eq!(stranger.status, 404);

    // The unit is held: the store's stock shows none left once projected.
    project(&env).await;
    let at_store = store_stock(&env, "100", 1).await;
    assert_eq!(at_store, 0);

    // Mailed once, under the order's key; the Sale step is done.
    let mails = count(
        &env.pool,
        &format!("SELECT count(*) FROM notifications WHERE key = '{order_no}:mail:Placed'"),
    )
    .await;
    assert_eq!(mails, 1);
    let steps: Vec<String> = sqlx::query_scalar(
        "SELECT payload->'StepCompleted'->>'step' FROM events WHERE aggregate_type = 'Order' \
         AND aggregate_id = $1 AND event_type = 'StepCompleted' ORDER BY sequence",
    )
    .bind(&order_no)
    .fetch_all(&env.pool)
    .await
    .unwrap();
    assert_eq!(steps, ["cart", "mail:Placed", "sale"]);
    // No card number or code anywhere in the event store.
    let leaked = count(&env.pool, "SELECT count(*) FROM events WHERE payload::text LIKE '%424242424242%' OR payload::text LIKE '%\"123\"%'").await;
    assert_eq!(leaked, 0);
}

#[tokio::test]
async fn the_server_repeats_the_forms_checks_in_the_specs_words() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "300", 1, None).await;
    let cases = [
        (
            json!({"email": "ann@example.con"}),
            "email",
            "Please enter a valid email address.",
        ),
        (
            json!({"phone": "555"}),
            "phone",
            "Please enter a valid 10-digit phone number.",
        ),
        (
            json!({"card": {"number": "4242 4242 4242 4241", "expiry": "12/30", "securityCode": "123", "nameOnCard": "A"}}),
            "card.number",
            "Please enter a valid credit card number.",
        ),
        (
            json!({"card": {"number": "9999 9999 9999 9995", "expiry": "12/30", "securityCode": "123", "nameOnCard": "A"}}),
            "card.number",
            "We're sorry, but we do not accept this card type",
        ),
        (
            json!({"card": {"number": VISA, "expiry": "1230", "securityCode": "123", "nameOnCard": "A"}}),
            "card.expiry",
            "Expiry date format must be MM/YY",
        ),
        (
            json!({"card": {"number": VISA, "expiry": "13/30", "securityCode": "123", "nameOnCard": "A"}}),
            "card.expiry",
            "Please enter a valid month",
        ),
        (
            json!({"card": {"number": VISA, "expiry": "01/20", "securityCode": "123", "nameOnCard": "A"}}),
            "card.expiry",
            "Please enter a future date",
        ),
        (
            json!({"card": {"number": VISA, "expiry": "12/30", "securityCode": "12", "nameOnCard": "A"}}),
            "card.securityCode",
            "Security code is a 3 digit number",
        ),
        (
            json!({"shippingAddress": address("1234")}),
            "shippingAddress.zip",
            "Please enter a valid ZIP code.",
        ),
        (
            json!({"shippingAddress": address("00000")}),
            "shippingAddress.zip",
            "Please enter a valid ZIP code.",
        ),
        (
            json!({"shippingAddress": null}),
            "shippingAddress",
            "This field is required.",
        ),
    ];
    for (i, (change, field, message)) in cases.into_iter().enumerate() {
        let mut form = order_form(VISA, 1000, Some(address("53545")));
        for (k, v) in change.as_object().unwrap() {
            form[k] = v.clone();
        }
        let a = ann
            .post_keyed("/api/checkout/place", &format!("bad-{i}"), form)
            .await;
        assert_eq!(a.status, 422, "{field}: {}", a.body);
        let body = a.json();
        assert_eq!(
            (body["field"].as_str(), body["message"].as_str()),
            (Some(field), Some(message))
        );
    }
    assert_eq!(orders(&env).await, 0);
    assert_eq!(
        payments(&env, "authorise").await,
        0,
        "no gateway call for a bad form"
    );
}

#[tokio::test]
async fn a_declined_card_writes_nothing_but_the_attempt() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "100", 1, Some(1)).await;
    for (card, message) in [
        (
            "4000 0000 0000 0002",
            "Your card was declined. Please use another card.",
        ),
        (
            "4000 0000 0000 9995",
            "Your card has insufficient funds. Please use another card.",
        ),
    ] {
        let key = card.replace(' ', "");
        let a = ann
            .post_keyed("/api/checkout/place", &key, order_form(card, 1050, None))
            .await;
        assert_eq!(a.status, 402, "{}", a.body);
        assert_eq!(a.json()["message"], message);
    }
    let down = ann
        .post_keyed(
            "/api/checkout/place",
            "down",
            order_form("4000 0000 0000 0119", 1050, None),
        )
        .await;
    assert_eq!(down.status, 503);
    assert_eq!(down.json()["code"], "PaymentUnavailable");
    assert_eq!(orders(&env).await, 0);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events WHERE aggregate_type = 'Inventory' AND event_type = 'StockReserved'").await, 0);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'CheckoutFailed'"
        )
        .await,
        3
    );
    // The cart is as it was, and a good card still buys it.
    assert_eq!(
        summary(&mut ann, None).await["lines"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let ok = ann
        .post_keyed("/api/checkout/place", "good", order_form(VISA, 1050, None))
        .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
}

#[tokio::test]
async fn twenty_shoppers_racing_for_the_last_unit_make_one_order() {
    let env = spawn_env().await;
    catalog(&env).await;
    let app = store_app(&env);
    let mut shoppers = Vec::new();
    for _ in 0..20 {
        let mut s = app.other();
        add(&mut s, "100", 1, Some(1)).await;
        shoppers.push(s);
    }
    let attempts = shoppers
        .into_iter()
        .enumerate()
        .map(|(i, mut s)| async move {
            let a = s
                .post_keyed(
                    "/api/checkout/place",
                    &format!("race-{i}"),
                    order_form(VISA, 1050, None),
                )
                .await;
            (a.status.as_u16(), a.json())
        });
    let answers = futures::future::join_all(attempts).await;
    let placed = answers.iter().filter(|(s, _)| *s == 200).count();
    assert_eq!(placed, 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!(*status, 409, "{body}");
        assert_eq!(body["code"], "Unavailable");
        assert!(body["message"]
            .as_str()
            .unwrap()
            .contains("Your card was not charged."));
    }
    assert_eq!(orders(&env).await, 1);
    assert_eq!(payments(&env, "capture").await, 1, "one charge");
    // Every other authorisation was let go.
    let held: i64 = count(
        &env.pool,
        "SELECT count(*) FROM local_payments a WHERE a.kind = 'authorise' AND a.outcome = 'authorised' \
         AND NOT EXISTS (SELECT 1 FROM local_payments b WHERE b.payment_id = a.payment_id AND b.kind IN ('capture', 'void'))",
    )
    .await;
    assert_eq!(held, 0);
}

#[tokio::test]
async fn an_attempt_that_died_after_authorising_is_voided_and_its_stock_released() {
    use command::ordering::checkout::{Checkout, CheckoutCommand, HeldItem};
    use command::ordering::payment::PaymentGateway;
    let env = spawn_env().await;
    catalog(&env).await;
    // What a process killed between the authorisation and the order leaves behind: the
    // attempt, the authorisation and the held unit.
    let cart = "cart-crashed".to_string();
    let order_no = "900000001".to_string();
    let begun = chrono::Utc::now() - chrono::Duration::minutes(5);
    eventstore::run::<Checkout>(&env.pool, &())
        .command(
            &cart,
            CheckoutCommand::Begin {
                order_no: order_no.clone(),
                items: vec![HeldItem {
                    blain_number: "100".into(),
                    store_num: Some(1),
                }],
                at: begun,
            },
        )
        .inline(Some(&projections::registry::InlineShopping))
        .executed()
        .await
        .unwrap();
    let gateway = command::ordering::payment::LocalGateway {
        pool: env.pool.clone(),
    };
    let card = command::ordering::card::Card {
        digits: "4242424242424242".into(),
        brand: command::ordering::card::Brand::Visa,
        month: 12,
        year: 2030,
        security_code: "123".into(),
        name: "Ann".into(),
    };
    gateway
        .authorise(&format!("{order_no}:authorise"), 1050, &card)
        .await
        .unwrap();
    eventstore::run::<Inventory>(&env.pool, &())
        .command(
            "100",
            InventoryCommand::Reserve {
                blain_number: "100".into(),
                reservation: command::catalog::Reservation {
                    order_no: order_no.clone(),
                    store_num: Some(1),
                    quantity: 1,
                },
            },
        )
        .executed()
        .await
        .unwrap()
        .outcome
        .unwrap();

    let app = store_app(&env);
    let _ = app; // the store as it restarts
    let state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir(),
    );
    let ordering = storefront::app::command_state(&state).ordering();
    let done = command::ordering::process::recover(&ordering, chrono::Utc::now(), stale_after())
        .await
        .unwrap();
    assert_eq!(done.abandoned, 1);
    assert_eq!(orders(&env).await, 0);
    assert_eq!(
        payments(&env, "void").await,
        1,
        "the authorisation was voided"
    );
    assert_eq!(
        payments(&env, "capture").await,
        0,
        "never a capture without an order"
    );
    project(&env).await;
    let at_store = store_stock(&env, "100", 1).await;
    assert_eq!(at_store, 1, "the unit is for sale again");
    // A second sweep finds nothing to do.
    let again = command::ordering::process::recover(&ordering, chrono::Utc::now(), stale_after())
        .await
        .unwrap();
    assert_eq!(again, Default::default());
}

#[tokio::test]
async fn shipping_is_free_from_49_dollars_and_tax_spares_the_exempt() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "300", 1, None).await;
    let s = summary(&mut ann, None).await;
    assert_eq!(s["needsShippingAddress"], true);
    assert_eq!(s["taxState"], Value::Null, "no ZIP yet");
    // $10 shipped to Janesville (WI 5%): $7.99 shipping, tax on both.
    let s = summary(&mut ann, Some("53545")).await;
    assert_eq!(
        (s["shippingCents"].as_i64(), s["taxCents"].as_i64()),
        (Some(799), Some(90))
    );
    assert_eq!(s["totalCents"], 1000 + 799 + 90);
    let stale = ann
        .post_keyed(
            "/api/checkout/place",
            "stale",
            order_form(VISA, 1000, Some(address("53545"))),
        )
        .await;
    assert_eq!(
        (stale.status.as_u16(), stale.json()["code"].clone()),
        (409, json!("TotalChanged"))
    );
    add(&mut ann, "200", 1, None).await;
    let s = summary(&mut ann, Some("53545")).await;
    assert_eq!(s["shippingCents"], 0, "$70 ships free");
    assert_eq!(s["taxCents"], 350);

    // A signed-in customer with an approved exemption pays no tax.
    let made = ann
        .post_with_token("/account/register", json!({"firstName": "Ann", "lastName": "Lee",
            "emailAddress": "ann@example.com", "password": "Password1", "phoneNumber": phone_of("ann@example.com"),
            "skipConnectingRewards": true}))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let customer = exemption_approved(&mut ann, "WI").await;
    assert!(customer.starts_with("cu_"), "{customer}");
    let s = summary(&mut ann, Some("53545")).await;
    assert_eq!(
        (s["taxCents"].as_i64(), s["taxExempt"].as_bool()),
        (Some(0), Some(true))
    );
    // A Wisconsin certificate does not spare tax on an order shipped to Minnesota.
    let s = summary(&mut ann, Some("56001")).await;
    assert_eq!(s["taxState"], "MN");
    assert_eq!(s["taxExempt"], false);
    assert!(s["taxCents"].as_i64().unwrap() > 0, "{s}");
    let placed = ann
        .post_keyed(
            "/api/checkout/place",
            "exempt",
            order_form(VISA, 7000, Some(address("53545"))),
        )
        .await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let order_no = placed.json()["orderNo"].as_str().unwrap().to_string();
    let mine = ann.get("/api/account/orders").await.json();
    assert_eq!(mine["orders"][0]["orderNo"], order_no.as_str());
    assert_eq!(mine["orders"][0]["itemCount"], 2);
    let view = ann
        .get(&format!("/api/account/orders/{order_no}"))
        .await
        .json();
    assert_eq!(
        (view["taxExempt"].as_bool(), view["taxCents"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(
        view["shipTo"],
        json!({"city": "Janesville", "state": "WI", "zip": "53545"})
    );
    assert_eq!(
        ann.other()
            .get(&format!("/api/account/orders/{order_no}"))
            .await
            .status,
        401
    );
}

/// The signed-in customer applies with a `state` certificate and an associate approves it;
/// answers the customer id.
async fn exemption_approved(c: &mut Client, state: &str) -> String {
    let applied = c
        .post(
            "/api/account/certificate/apply",
            json!({"kind": "Farm", "state": state, "businessName": "Lee Family Farms",
                "certificateNumber": "ES-1234-5678"}),
        )
        .await;
    assert_eq!(applied.status, 200, "{}", applied.body);
    let list = staff_get(c, "/api/staff/tax-exemptions").await;
    let customer = list["applications"][0]["customerId"]
        .as_str()
        .unwrap()
        .to_string();
    let approved = c
        .post_as(
            "/api/staff/tax-exemptions/approve",
            ASSOCIATE_TOKEN,
            json!({"customerId": customer}),
        )
        .await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    customer
}

/// A GET as the associate, from another browser.
async fn staff_answer(c: &Client, path: &str) -> Answer {
    c.other()
        .send_with(
            "GET",
            path,
            None,
            String::new(),
            &[("authorization", &format!("Bearer {ASSOCIATE_TOKEN}"))],
        )
        .await
}

async fn staff_get(c: &Client, path: &str) -> Value {
    let a = staff_answer(c, path).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

#[tokio::test]
async fn a_customer_applies_for_a_tax_exemption_and_an_associate_decides() {
    let env = spawn_env().await;
    let mut guest = store_app(&env);
    assert_eq!(guest.get("/api/account/certificate").await.status, 401);
    let form = json!({"kind": "Resale", "state": "wi", "businessName": " Lee Hardware ",
        "certificateNumber": "RS-0042-9876"});
    let signed_out = guest
        .post("/api/account/certificate/apply", form.clone())
        .await;
    assert_eq!(signed_out.status, 401, "{}", signed_out.body);

    let mut ann = store_app(&env);
    let made = ann
        .post_with_token("/account/register", json!({"firstName": "Ann", "lastName": "Lee",
            "emailAddress": "ann@example.com", "password": "Password1", "phoneNumber": phone_of("ann@example.com"),
            "skipConnectingRewards": true}))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let none = ann.get("/api/account/certificate").await;
    assert_eq!(none.json()["status"], "None", "{}", none.body);
    for (field, bad, message) in [
        ("kind", json!("Lottery"), "Please choose an exemption type."),
        ("state", json!("ZZ"), "Please choose a state."),
        (
            "businessName",
            json!(""),
            "Please enter the name on the certificate.",
        ),
        (
            "certificateNumber",
            json!("12<"),
            "Please enter a valid certificate number.",
        ),
    ] {
        let mut body = form.clone();
        body[field] = bad;
        let refused = ann.post("/api/account/certificate/apply", body).await;
        assert_eq!(refused.status, 422, "{field}: {}", refused.body);
        assert_eq!(refused.json()["field"], field);
        assert_eq!(refused.json()["message"], message);
    }
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'TaxExemption'"
        )
        .await,
        0,
        "a refused form changes nothing"
    );

    let applied = ann
        .post("/api/account/certificate/apply", form.clone())
        .await;
    assert_eq!(applied.status, 200, "{}", applied.body);
    assert_eq!(applied.json()["status"], "Pending");
    let mine = ann.get("/api/account/certificate").await.json();
    assert_eq!(
        (
            &mine["status"],
            &mine["kind"],
            &mine["state"],
            &mine["businessName"],
            &mine["certificateLast4"]
        ),
        (
            &json!("Pending"),
            &json!("Resale"),
            &json!("WI"),
            &json!("Lee Hardware"),
            &json!("9876")
        )
    );
    // The name and number are sealed in the event, never in clear.
    let payload: String = sqlx::query_scalar(
        "SELECT payload::text FROM events WHERE aggregate_type = 'TaxExemption' ORDER BY sequence LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert!(
        !payload.contains("Lee Hardware") && !payload.contains("9876"),
        "{payload}"
    );

    let pending = staff_get(&ann, "/api/staff/tax-exemptions").await;
    let entry = &pending["applications"][0];
    assert_eq!(
        entry["certificateNumber"], "RS-0042-9876",
        "staff see it in full"
    );
    let customer = entry["customerId"].as_str().unwrap().to_string();
    let mut amy = ann.other();
    assert_eq!(
        amy.post_as(
            "/api/staff/tax-exemptions/approve",
            OPS_TOKEN,
            json!({"customerId": customer})
        )
        .await
        .status,
        403,
        "an operator is no associate"
    );
    assert_eq!(
        amy.post_as(
            "/api/staff/tax-exemptions/approve",
            ASSOCIATE_TOKEN,
            json!({"customerId": "cu_nobody"})
        )
        .await
        .status,
        404
    );
    let no_reason = amy
        .post_as(
            "/api/staff/tax-exemptions/reject",
            ASSOCIATE_TOKEN,
            json!({"customerId": customer, "reason": " "}),
        )
        .await;
    assert_eq!(no_reason.status, 422);
    assert_eq!(no_reason.json()["field"], "reason");
    let rejected = amy
        .post_as(
            "/api/staff/tax-exemptions/reject",
            ASSOCIATE_TOKEN,
            json!({"customerId": customer, "reason": "The certificate has expired."}),
        )
        .await;
    assert_eq!(rejected.status, 200, "{}", rejected.body);
    let mine = ann.get("/api/account/certificate").await.json();
    assert_eq!(
        (&mine["status"], &mine["reason"]),
        (&json!("Rejected"), &json!("The certificate has expired."))
    );
    let again = amy
        .post_as(
            "/api/staff/tax-exemptions/approve",
            ASSOCIATE_TOKEN,
            json!({"customerId": customer}),
        )
        .await;
    assert_eq!(again.status, 409);
    assert_eq!(again.json()["code"], "NotPending");

    // Applying again after a rejection, then approved: applying once more is refused.
    let decided_by: String = {
        exemption_approved(&mut ann, "WI").await;
        sqlx::query_scalar("SELECT decided_by FROM tax_exemptions WHERE customer_id = $1")
            .bind(&customer)
            .fetch_one(&env.pool)
            .await
            .unwrap()
    };
    assert_eq!(decided_by, "amy", "the associate's staff id is kept");
    assert_eq!(
        ann.get("/api/account/certificate").await.json()["status"],
        "Approved"
    );
    let refused = ann
        .post("/api/account/certificate/apply", form.clone())
        .await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.json()["code"], "AlreadyApproved");

    // Erasing the customer erases the certificate's name and number.
    storefront::privacy::forget_email(&env.pool, "ann@example.com")
        .await
        .unwrap();
    let approved = staff_get(&ann, "/api/staff/tax-exemptions?status=Approved").await;
    let entry = &approved["applications"][0];
    assert_eq!(
        (&entry["businessName"], &entry["certificateNumber"]),
        (&Value::Null, &Value::Null)
    );
    for bad in ["Maybe", "", "pending"] {
        let refused = staff_answer(&ann, &format!("/api/staff/tax-exemptions?status={bad}")).await;
        assert_eq!(refused.status, 400, "{bad:?}");
    }
}

#[tokio::test]
async fn an_import_during_a_reservation_keeps_the_units_held() {
    let env = spawn_env().await;
    catalog(&env).await;
    report(&env, "200", 500, &[(1, 10)]).await;
    let mut ann = store_app(&env);
    add(&mut ann, "200", 4, Some(1)).await;
    let total = summary(&mut ann, None).await["totalCents"]
        .as_i64()
        .unwrap();
    let placed = ann
        .post_keyed("/api/checkout/place", "k", order_form(VISA, total, None))
        .await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    // The nightly import says the shelf holds 12 now: 8 can be sold, 4 stay held.
    report(&env, "200", 500, &[(1, 12)]).await;
    let at_store = store_stock(&env, "200", 1).await;
    assert_eq!(at_store, 8);
}

#[tokio::test]
async fn an_associate_readies_and_hands_over_an_order_and_the_shopper_tracks_it() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "200", 2, Some(1)).await;
    let total = summary(&mut ann, None).await["totalCents"]
        .as_i64()
        .unwrap();
    let placed = ann
        .post_keyed("/api/checkout/place", "k", order_form(VISA, total, None))
        .await
        .json();
    let order_no = placed["orderNo"].as_str().unwrap().to_string();
    let mut amy = ann.other();

    let queue = staff_get(&amy, "/api/staff/orders/pickup-queue?store=1").await;
    assert_eq!(queue["orders"][0]["orderNo"], order_no.as_str());
    let as_operator = amy
        .post_as(
            "/api/staff/orders/ready",
            OPS_TOKEN,
            json!({"orderNo": order_no}),
        )
        .await;
    assert_eq!(as_operator.status, 403, "an operator is no associate");
    let early = amy
        .post_as(
            "/api/staff/orders/picked-up",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no}),
        )
        .await;
    assert_eq!(early.status, 409);
    let ready = amy
        .post_as(
            "/api/staff/orders/ready",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no}),
        )
        .await;
    assert_eq!(ready.status, 200, "{}", ready.body);
    assert_eq!(ready.json()["status"], "ReadyForPickup");
    let mail = count(
        &env.pool,
        &format!("SELECT count(*) FROM notifications WHERE key = '{order_no}:mail:ReadyForPickup'"),
    )
    .await;
    assert_eq!(mail, 1, "the shopper is told");

    // Track-your-order, as a guest: the right pair, a wrong one and a missing order.
    let mut guest = ann.other();
    let found = guest
        .post(
            "/api/orders/track",
            json!({"orderNo": order_no, "emailOrZip": "ANN@example.com"}),
        )
        .await;
    assert_eq!(found.status, 200, "{}", found.body);
    let labels: Vec<Value> = found.json()["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["label"].clone())
        .collect();
    assert_eq!(labels, [json!("Order placed"), json!("Ready for pickup")]);
    let wrong = guest
        .post(
            "/api/orders/track",
            json!({"orderNo": order_no, "emailOrZip": "bob@example.com"}),
        )
        .await;
    let missing = guest
        .post(
            "/api/orders/track",
            json!({"orderNo": "999999999", "emailOrZip": "ann@example.com"}),
        )
        .await;
    assert_eq!((wrong.status.as_u16(), missing.status.as_u16()), (404, 404));
    assert_eq!(wrong.json()["message"], missing.json()["message"]);

    let picked = amy
        .post_as(
            "/api/staff/orders/picked-up",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no}),
        )
        .await;
    assert_eq!(picked.status, 200, "{}", picked.body);
    // The units left the shelf: on hand 48, nothing held.
    project(&env).await;
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM stock_reservations").await,
        0
    );
    let at_store = store_stock(&env, "200", 1).await;
    assert_eq!(at_store, 48);

    // A return refunds the line and its tax once.
    let back = amy
        .post_as(
            "/api/staff/orders/return",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no, "lineNos": [1]}),
        )
        .await;
    assert_eq!(back.status, 200, "{}", back.body);
    let again = amy
        .post_as(
            "/api/staff/orders/return",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no, "lineNos": [1]}),
        )
        .await;
    assert_eq!(again.status, 422);
    let refunded = payments_cents(&env, "refund").await;
    assert_eq!(refunded, total);
}

#[tokio::test]
async fn a_cancelled_order_gives_the_stock_and_the_money_back() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "100", 1, Some(1)).await;
    let placed = ann
        .post_keyed("/api/checkout/place", "k", order_form(VISA, 1050, None))
        .await
        .json();
    let order_no = placed["orderNo"].as_str().unwrap().to_string();
    let mut amy = ann.other();
    let cancelled = amy
        .post_as(
            "/api/staff/orders/cancel",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no, "reason": "asked"}),
        )
        .await;
    assert_eq!(cancelled.status, 200, "{}", cancelled.body);
    assert_eq!(cancelled.json()["status"], "Cancelled");
    let twice = amy
        .post_as(
            "/api/staff/orders/cancel",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no}),
        )
        .await;
    assert_eq!(twice.status, 409);
    let refunded = payments_cents(&env, "refund").await;
    assert_eq!(refunded, 1050);
    project(&env).await;
    let at_store = store_stock(&env, "100", 1).await;
    assert_eq!(at_store, 1, "the last unit is for sale again");
    let missing = amy
        .post_as(
            "/api/staff/orders/ready",
            ASSOCIATE_TOKEN,
            json!({"orderNo": "123"}),
        )
        .await;
    assert_eq!(missing.status, 404);
}

#[tokio::test]
async fn a_line_the_store_cannot_ship_is_refused_at_the_add_with_the_ways_that_work() {
    let env = spawn_env().await;
    catalog(&env).await;
    report(&env, "100", 0, &[(1, 1)]).await;
    let mut ann = store_app(&env);
    // Ann's store is Janesville.
    assert_eq!(ann.get("/stores/set-json/1").await.status, 200);
    let shipped = add(&mut ann, "100", 1, None).await;
    assert_eq!(shipped["resultCode"], "PickupDeliveryError");
    assert_eq!(
        shipped["message"],
        "This item is out of stock for shipping. Choose pickup at a nearby store instead."
    );
    // In stock online when added, gone since: the summary flags it and offers pickup.
    report(&env, "100", 1, &[(1, 1)]).await;
    assert_eq!(add(&mut ann, "100", 1, None).await["resultCode"], "Success");
    report(&env, "100", 0, &[(1, 1)]).await;
    let s = summary(&mut ann, Some("53545")).await;
    let line = &s["lines"][0];
    assert_eq!(line["available"], false);
    assert_eq!(
        line["alternatives"],
        json!(["StorePickup", "SameDayDelivery"])
    );
    let refused = ann
        .post_keyed(
            "/api/checkout/place",
            "k",
            order_form(
                VISA,
                s["totalCents"].as_i64().unwrap(),
                Some(address("53545")),
            ),
        )
        .await;
    assert_eq!(
        (refused.status.as_u16(), refused.json()["code"].clone()),
        (409, json!("Unavailable"))
    );
    // One click: switch the line to pickup at store 1.
    let line_id = line["lineId"].as_i64().unwrap();
    let switched = ann
        .post(
            "/api/cart/fulfillment",
            json!({"lineId": line_id, "fulfillmentType": "StorePickup", "storeNum": 1}),
        )
        .await;
    assert_eq!(
        switched.json()["resultCode"],
        "Success",
        "{}",
        switched.body
    );
    let s = summary(&mut ann, None).await;
    assert_eq!(
        (
            s["lines"][0]["available"].as_bool(),
            s["lines"][0]["fulfillment"].as_str()
        ),
        (Some(true), Some("StorePickup"))
    );
}

#[tokio::test]
async fn an_erased_customers_order_keeps_its_money_and_loses_the_person() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    add(&mut ann, "300", 1, None).await;
    let total = summary(&mut ann, Some("53545")).await["totalCents"]
        .as_i64()
        .unwrap();
    let placed = ann
        .post_keyed(
            "/api/checkout/place",
            "k",
            order_form(VISA, total, Some(address("53545"))),
        )
        .await
        .json();
    let order_no = placed["orderNo"].as_str().unwrap().to_string();
    let mut guest = ann.other();
    let by_zip = guest
        .post(
            "/api/orders/track",
            json!({"orderNo": order_no, "emailOrZip": "53545"}),
        )
        .await;
    assert_eq!(by_zip.status, 200, "{}", by_zip.body);
    assert_eq!(by_zip.json()["shipTo"]["city"], "Janesville");

    storefront::privacy::forget_email(&env.pool, "ann@example.com")
        .await
        .unwrap();
    let (total_kept, subject): (i64, String) =
        sqlx::query_as("SELECT total_cents, subject FROM orders WHERE order_no = $1")
            .bind(&order_no)
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!((total_kept, subject.as_str()), (total, ""));
    for given in ["ann@example.com", "53545"] {
        let tracked = guest
            .post(
                "/api/orders/track",
                json!({"orderNo": order_no, "emailOrZip": given}),
            )
            .await;
        assert_eq!(tracked.status, 404, "{given}: the person is gone");
    }
}

#[tokio::test]
async fn a_members_sale_earns_points_by_line_and_a_return_takes_them_back() {
    let env = spawn_env().await;
    catalog(&env).await;
    let mut ann = store_app(&env);
    let joined = ann
        .post_with_token(
            "/account/register",
            json!({"firstName": "Ann", "lastName": "Lee",
            "emailAddress": "ann@example.com", "password": "Password1",
            "phoneNumber": phone_of("ann@example.com"), "skipConnectingRewards": false}),
        )
        .await
        .json();
    assert_eq!(joined["success"], true, "{joined}");
    add(&mut ann, "200", 1, Some(1)).await;
    add(&mut ann, "300", 2, None).await;
    let total = summary(&mut ann, Some("53545")).await["totalCents"]
        .as_i64()
        .unwrap();
    let placed = ann
        .post_keyed(
            "/api/checkout/place",
            "k",
            order_form(VISA, total, Some(address("53545"))),
        )
        .await;
    assert_eq!(placed.status, 200, "{}", placed.body);
    let order_no = placed.json()["orderNo"].as_str().unwrap().to_string();
    // 1 point per $1 of each line: $60 and $20.
    let view = ann
        .get(&format!("/api/account/orders/{order_no}"))
        .await
        .json();
    assert_eq!(view["pointsEarned"], 80, "{view}");

    let mut amy = ann.other();
    for step in ["ready", "picked-up", "ship"] {
        let a = amy
            .post_as(
                &format!("/api/staff/orders/{step}"),
                ASSOCIATE_TOKEN,
                json!({"orderNo": order_no}),
            )
            .await;
        assert_eq!(a.status, 200, "{step}: {}", a.body);
    }
    let back = amy
        .post_as(
            "/api/staff/orders/return",
            ASSOCIATE_TOKEN,
            json!({"orderNo": order_no, "lineNos": [2]}),
        )
        .await;
    assert_eq!(back.status, 200, "{}", back.body);
    let reversed: i64 = sqlx::query_scalar(
        "SELECT coalesce(sum(points), 0)::bigint FROM rewards_ledger WHERE reference = $1 AND kind = 'reversed'",
    )
    .bind(&order_no)
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert_eq!(reversed, -20, "line 2's points");
    let view = ann
        .get(&format!("/api/account/orders/{order_no}"))
        .await
        .json();
    assert_eq!(view["lines"][1]["returnedQuantity"], 2);
    let labels: Vec<&str> = view["timeline"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            "Order placed",
            "Ready for pickup",
            "Picked up",
            "Shipped",
            "Items returned"
        ]
    );
}

/// The `name=value` pairs of a browser's cookies, kept from `Set-Cookie` answers.
#[derive(Default)]
struct Jar(std::collections::BTreeMap<String, String>);

impl Jar {
    fn keep(&mut self, set_cookies: &[String]) {
        for c in set_cookies {
            if let Some((name, value)) = c.split(';').next().and_then(|p| p.split_once('=')) {
                self.0.insert(name.trim().to_string(), value.to_string());
            }
        }
    }

    fn header(&self) -> String {
        self.0
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// A JSON call to the real server as the browser holding `jar`.
async fn call(
    addr: &str,
    jar: &mut Jar,
    method: &str,
    path: &str,
    key: Option<&str>,
    body: &str,
) -> std::io::Result<(u16, Value)> {
    let cookie = jar.header();
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("Cookie", cookie.as_str()),
    ];
    if let Some(key) = key {
        headers.push(("Idempotency-Key", key));
    }
    let (status, cookies, text) = http(addr, method, path, &headers, body).await?;
    jar.keep(&cookies);
    Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

#[tokio::test]
async fn a_kill_9_between_authorisation_and_order_never_leaves_a_capture_without_an_order() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    catalog(&env).await;
    let tracking = unique("test.tracking");
    let settings = [
        ("CHECKOUT_STALE_AFTER_SECS", "2"),
        ("TRACKING_TOPIC", tracking.as_str()),
    ];
    let (mut server, addr) = start_server(&env, &settings).await;
    let mut jar = Jar::default();
    let add = r#"{"blainNumber":"100","quantity":1,"fulfillmentType":"StorePickup","storeNum":1}"#;
    let (status, added) = call(
        &addr,
        &mut jar,
        "POST",
        "/products/a/addtocart",
        Some("add"),
        add,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{added}");
    let (_, summary) = call(&addr, &mut jar, "GET", "/api/checkout/summary", None, "")
        .await
        .unwrap();
    let total = summary["totalCents"].as_i64().unwrap();
    // The slow test card is authorised at once and answered 3 s later: the server dies while
    // the answer is on its way, after the authorisation and before the order.
    let form = order_form(command::ordering::payment::SLOW_CARD, total, None).to_string();
    let placing = {
        let (addr, cookie, form) = (addr.clone(), jar.header(), form.clone());
        tokio::spawn(async move {
            let headers = [
                ("Content-Type", "application/json"),
                ("Cookie", cookie.as_str()),
                ("Idempotency-Key", "place-1"),
            ];
            http(&addr, "POST", "/api/checkout/place", &headers, &form).await
        })
    };
    assert!(
        eventually(std::time::Duration::from_secs(30), || async {
            payments(&env, "authorise").await == 1
        })
        .await,
        "the card was authorised"
    );
    server.kill().expect("kill -9");
    server.wait().unwrap();
    let answer = placing.await.unwrap();
    assert!(
        !matches!(answer, Ok((200, _, _))),
        "no order was confirmed: {answer:?}"
    );
    assert_eq!(orders(&env).await, 0);
    assert_eq!(payments(&env, "capture").await, 0);
    // Authorising comes before holding stock: the unit was never held.
    project(&env).await;
    assert_eq!(store_stock(&env, "100", 1).await, 1);

    // The restarted store's sweep takes over the attempt once it is 2 s old.
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let (mut server, addr) = start_server(&env, &settings).await;
    assert!(
        eventually(std::time::Duration::from_secs(30), || async {
            payments(&env, "void").await == 1
        })
        .await,
        "the authorisation was voided"
    );
    assert_eq!(orders(&env).await, 0);
    assert_eq!(
        payments(&env, "capture").await,
        0,
        "never a capture without an order"
    );
    project(&env).await;
    assert_eq!(store_stock(&env, "100", 1).await, 1, "the unit is for sale");

    // The shopper tries again (same key, same body), twice: one order, one capture.
    let mut answers = Vec::new();
    for _ in 0..2 {
        let place = "/api/checkout/place";
        answers.push(
            call(&addr, &mut jar, "POST", place, Some("place-1"), &form)
                .await
                .unwrap(),
        );
    }
    let (status, placed) = answers.remove(0);
    assert_eq!(status, 200, "{placed}");
    let order_no = placed["orderNo"].as_str().unwrap().to_string();
    assert_eq!(
        (answers[0].0, &answers[0].1["orderNo"]),
        (200, &placed["orderNo"])
    );
    assert_eq!(orders(&env).await, 1);
    assert_eq!(payments(&env, "capture").await, 1);
    // Reloading the confirmation, and another kill -9 and restart (the sweep looks at the
    // order's steps again), send no second Sale.
    let confirmation = placed["confirmationUrl"].as_str().unwrap().replace(
        command::ordering::CONFIRMATION_PAGE,
        "/api/orders/confirmation",
    );
    for _ in 0..2 {
        let (status, view) = call(&addr, &mut jar, "GET", &confirmation, None, "")
            .await
            .unwrap();
        assert_eq!(
            (status, &view["orderNo"]),
            (200, &placed["orderNo"]),
            "{view}"
        );
    }
    server.kill().expect("kill -9");
    server.wait().unwrap();
    let (mut server, _addr) = start_server(&env, &settings).await;
    let messages = read_raw(&tracking, 1, std::time::Duration::from_secs(30)).await;
    server.kill().unwrap();
    server.wait().unwrap();
    let sales: Vec<Value> = messages
        .iter()
        .filter_map(|(_, payload)| serde_json::from_slice::<Value>(payload).ok())
        .filter(|e| e["event"] == "Sale")
        .collect();
    assert_eq!(sales.len(), 1, "one Sale for one order: {sales:?}");
    let sale = &sales[0];
    assert_eq!(sale["eventType"], 6);
    assert_eq!(sale["data"]["order_no"], order_no.as_str());
    assert_eq!(sale["data"]["item_list"], json!(["100"]));
    assert_eq!(sale["data"]["currency"], "USD");
    assert_eq!(sale["data"]["total"], json!(total as f64 / 100.0));
    let tax = sale["data"]["tax"].as_f64().unwrap();
    let sub_total = sale["data"]["sub_total"].as_f64().unwrap();
    assert!(
        (sub_total + tax - total as f64 / 100.0).abs() < 0.001,
        "{sale}"
    );
    assert!(
        !messages
            .iter()
            .any(|(_, p)| String::from_utf8_lossy(p).contains("ann@example.com")),
        "no email on the tracking topic"
    );
}
