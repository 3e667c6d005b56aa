//! Carts follow the customer: at sign-in the guest cart merges into the customer's (unless
//! skipCartMerge), a customer without a cart adopts the browser's, and signing out leaves the
//! cart with the account, not the browser.

use serde_json::{json, Value};

use crate::common::*;

async fn add(browser: &mut Client, blain: &str, quantity: i32) {
    let answer = browser
        .post(
            "/products/a/addtocart",
            json!({"blainNumber": blain, "quantity": quantity}),
        )
        .await;
    assert_eq!(answer.json()["success"], true, "{}", answer.body);
}

/// The browser's cart: blain number → quantity.
async fn cart(browser: &mut Client) -> Vec<(String, i64)> {
    let cart = browser.get("/api/cart").await.json();
    let mut lines: Vec<(String, i64)> = cart["lines"]
        .as_array()
        .map(|lines| {
            lines
                .iter()
                .map(|l| {
                    (
                        l["blainNumber"].as_str().unwrap().to_string(),
                        l["quantity"].as_i64().unwrap(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    lines.sort();
    lines
}

fn lines(of: &[(&str, i64)]) -> Vec<(String, i64)> {
    of.iter().map(|(b, q)| (b.to_string(), *q)).collect()
}

/// The answer's `headerJson` is the header the browser now gets from the header call (the
/// department menu left out, as asked with `deptMenu=omit`).
async fn assert_header_json(browser: &mut Client, answer: &Value) {
    let mut carried = answer["headerJson"].clone();
    let mut asked = browser
        .get("/globalresource/header/?deptMenu=omit")
        .await
        .json();
    for header in [&mut carried, &mut asked] {
        header
            .as_object_mut()
            .expect("an object")
            .remove("serverTime");
    }
    assert_eq!(carried, asked);
    assert!(carried.get("deptMenu").is_none());
}

fn sign_in(skip_cart_merge: bool) -> Value {
    json!({"userName": "jane@example.com", "password": "Password1", "skipCartMerge": skip_cart_merge})
}

#[tokio::test]
async fn the_guest_cart_joins_the_customers_at_sign_in_unless_told_not_to() {
    let env = spawn_env().await;
    small_catalog(&env).await;

    // A guest fills a cart, then makes an account: the account adopts it.
    let mut laptop = Client::new(&env);
    add(&mut laptop, "100", 2).await;
    let made = laptop
        .post_with_token(
            "/account/register",
            json!({"firstName": "Jane", "lastName": "Doe", "emailAddress": "jane@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5678"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    assert_eq!(cart(&mut laptop).await, lines(&[("100", 2)]));
    let header = &made.json()["headerJson"];
    assert_eq!(header["loggedIn"], true, "{}", made.body);
    assert_eq!(header["customer"]["firstName"], "Jane");
    assert_eq!(header["cartSummaryJson"]["cartQty"], 2);
    assert_header_json(&mut laptop, &made.json()).await;

    // Signed out, the laptop keeps no cart: it stays with the account.
    laptop.get("/account/logout/").await;
    assert!(laptop.cookies.get("sf_cart").is_none_or(|v| v.is_empty()));
    assert_eq!(cart(&mut laptop).await, lines(&[]));

    // On her phone, as a guest, then signed in: the lines add up.
    let mut phone = laptop.other();
    add(&mut phone, "100", 1).await;
    add(&mut phone, "200", 1).await;
    let signed = phone
        .post_with_token("/account/authenticate", sign_in(false))
        .await;
    assert_eq!(signed.json()["success"], true);
    assert_eq!(cart(&mut phone).await, lines(&[("100", 3), ("200", 1)]));
    assert_eq!(signed.json()["headerJson"]["cartSummaryJson"]["cartQty"], 4);
    assert_header_json(&mut phone, &signed.json()).await;

    // On a tablet with skipCartMerge: the account's cart as it is, the tablet's lines apart.
    let mut tablet = laptop.other();
    add(&mut tablet, "300", 5).await;
    let signed = tablet
        .post_with_token("/account/authenticate", sign_in(true))
        .await;
    assert_eq!(signed.json()["success"], true);
    assert_eq!(cart(&mut tablet).await, lines(&[("100", 3), ("200", 1)]));
    assert_header_json(&mut tablet, &signed.json()).await;

    // The laptop signs in again: the account's cart comes back.
    laptop
        .post_with_token("/account/authenticate", sign_in(false))
        .await;
    assert_eq!(cart(&mut laptop).await, lines(&[("100", 3), ("200", 1)]));
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'CartMerged'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn another_customers_cart_left_in_a_browser_is_not_brought_along() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut shared = Client::new(&env);
    add(&mut shared, "100", 1).await;
    for (email, first) in [("jane@example.com", "Jane"), ("john@example.com", "John")] {
        let mut browser = shared.other();
        let made = browser
            .post_with_token(
                "/account/register",
                json!({"firstName": first, "lastName": "Doe", "emailAddress": email,
                       "password": "Password1", "phoneNumber": phone_of(email)}),
            )
            .await;
        assert_eq!(made.json()["success"], true);
        browser.get("/account/logout/").await;
    }
    // Jane signs in on the shared computer and adopts its cart.
    let signed = shared
        .post_with_token("/account/authenticate", sign_in(false))
        .await;
    assert_eq!(signed.json()["success"], true);
    let janes = shared.cookies.get("sf_cart").cloned();
    // John signs in there without Jane signing out first (her cookie is still there).
    let john = json!({"userName": "john@example.com", "password": "Password1"});
    let signed = shared.post_with_token("/account/authenticate", john).await;
    assert_eq!(signed.json()["success"], true);
    assert_eq!(cart(&mut shared).await, lines(&[]));
    assert_ne!(shared.cookies.get("sf_cart").cloned(), janes);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customers WHERE cart_id IS NOT NULL"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn a_browser_signed_out_from_elsewhere_keeps_no_hold_on_the_customers_cart() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut laptop = Client::new(&env);
    add(&mut laptop, "100", 2).await;
    let made = laptop
        .post_with_token(
            "/account/register",
            json!({"firstName": "Jane", "lastName": "Doe", "emailAddress": "jane@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5678"}),
        )
        .await;
    assert_eq!(made.json()["success"], true);
    // From her phone, Jane ends the laptop's session in the device list.
    let mut phone = laptop.other();
    phone
        .post_with_token("/account/authenticate", sign_in(false))
        .await;
    assert_eq!(cart(&mut phone).await, lines(&[("100", 2)]));
    let devices = phone.get("/api/account/sessions").await.json();
    let laptops = devices["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["current"] == false)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let ended = phone
        .post_with_token("/api/account/sessions/end", json!({"id": laptops}))
        .await;
    assert_eq!(ended.json()["success"], true);
    // The laptop still has the cart cookie, but not the cart: not in the cart page, not in
    // the header, and its next add starts a cart of its own.
    assert!(laptop.cookies.contains_key("sf_cart"));
    assert_eq!(cart(&mut laptop).await, lines(&[]));
    let header = laptop.get("/globalresource/header/").await.json();
    assert_eq!(header["cartSummaryJson"]["cartQty"], 0);
    add(&mut laptop, "200", 1).await;
    assert_eq!(cart(&mut laptop).await, lines(&[("200", 1)]));
    assert_eq!(cart(&mut phone).await, lines(&[("100", 2)]));
}
