//! Cart and visitor ids are server-issued and signed; a cart is bound to its visitor. A cart
//! cookie copied into another browser, a forged or an unsigned id reads and changes nothing.

use crate::common::*;
use serde_json::json;

async fn cart_qty(c: &mut Client) -> i64 {
    let a = c.get("/api/cart").await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()["cartQty"].as_i64().unwrap()
}

#[tokio::test]
async fn another_visitors_cart_cookie_reads_and_changes_nothing() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut alice = Client::new(&env);
    alice.get("/globalresource/header/").await;
    let added = alice
        .post(
            "/products/a/addtocart",
            json!({"blainNumber": "100", "quantity": 3}),
        )
        .await;
    assert_eq!(added.json()["resultCode"], "Success", "{}", added.body);
    let alice_cart = alice.cookies["sf_cart"].clone();
    assert!(alice_cart.contains('.'), "signed: {alice_cart}");
    assert_eq!(cart_qty(&mut alice).await, 3);

    // Mallory has her own visitor cookie and pastes Alice's cart cookie.
    let mut mallory = alice.other();
    mallory.get("/globalresource/header/").await;
    assert_ne!(mallory.cookies["sf_vid"], alice.cookies["sf_vid"]);
    mallory.cookies.insert("sf_cart".into(), alice_cart.clone());
    assert_eq!(
        cart_qty(&mut mallory).await,
        0,
        "Alice's cart does not leak"
    );
    let header = mallory.get("/globalresource/header/").await;
    assert_eq!(header.json()["itemsInCartCount"], 0, "{}", header.body);

    // Her changes go to a new cart of her own; Alice's stays as it was.
    let removed = mallory.post("/api/cart/remove", json!({"lineId": 1})).await;
    assert_eq!(removed.json()["success"], false, "{}", removed.body);
    let changed = mallory
        .post("/api/cart/quantity", json!({"lineId": 1, "quantity": 999}))
        .await;
    assert_eq!(changed.json()["success"], false, "{}", changed.body);
    let added = mallory
        .post("/products/a/addtocart", json!({"blainNumber": "200"}))
        .await;
    assert_eq!(added.json()["cartQty"], 1, "a new cart: {}", added.body);
    assert_ne!(mallory.cookies["sf_cart"], alice_cart);
    assert_eq!(cart_qty(&mut alice).await, 3, "Alice's cart is untouched");
    let lines = count(
        &env.pool,
        "SELECT count(*) FROM cart_lines WHERE blain_number = '200'",
    )
    .await;
    assert_eq!(lines, 1);
}

#[tokio::test]
async fn a_stolen_cart_cookie_without_its_visitor_cookie_is_ignored() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut alice = Client::new(&env);
    alice
        .post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    // A browser with no cookies but Alice's cart cookie gets a fresh visitor, and no cart.
    let mut thief = alice.other();
    thief
        .cookies
        .insert("sf_cart".into(), alice.cookies["sf_cart"].clone());
    assert_eq!(cart_qty(&mut thief).await, 0);
}

#[tokio::test]
async fn client_chosen_and_forged_ids_are_not_adopted() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    // Fixation: a cart id chosen by the client, unsigned.
    c.cookies.insert("sf_cart".into(), "a".into());
    c.cookies.insert("sf_vid".into(), "attacker-chosen".into());
    let added = c
        .post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    assert_eq!(added.json()["cartQty"], 1, "{}", added.body);
    let vid = c.cookies["sf_vid"].clone();
    assert_ne!(
        vid, "attacker-chosen",
        "a new, signed visitor id was issued"
    );
    assert!(vid.contains('.'));
    let cart = c.cookies["sf_cart"].clone();
    assert!(!cart.starts_with("a."), "{cart}");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_id = 'a'"
        )
        .await,
        0,
        "no cart under the client's id"
    );

    // A forged signature (the id changed, the signature kept) is not accepted either.
    let (id, sig) = cart.split_once('.').unwrap();
    let forged = format!(
        "{}{}.{sig}",
        &id[..id.len() - 1],
        if id.ends_with('0') { '1' } else { '0' }
    );
    let mut forger = c.other();
    forger.cookies.insert("sf_vid".into(), vid.clone());
    forger.cookies.insert("sf_cart".into(), forged);
    assert_eq!(cart_qty(&mut forger).await, 0);
    // With the genuine cookies, the owner still sees the cart.
    assert_eq!(cart_qty(&mut c).await, 1);
}

#[tokio::test]
async fn signed_cookies_survive_a_restart_and_key_rotation() {
    use kernel::identity::CookieSettings;
    use kernel::secrets::Keyring;
    let env = spawn_env().await;
    small_catalog(&env).await;
    let old_key = "k1-0123456789abcdef0123456789abcdef";
    let new_key = "k2-fedcba9876543210fedcba9876543210";
    let app_with = |keys: &str| {
        let mut state = storefront::app::AppParts::ephemeral(
            env.pool.clone(),
            env.bus.clone(),
            std::env::temp_dir(),
        );
        state.cookies = CookieSettings::new(Keyring::parse(keys).unwrap());
        storefront::app::router(state, &storefront::Roles::all())
    };
    let mut c = Client {
        app: app_with(old_key),
        cookies: Default::default(),
    };
    c.post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    // Rotated: the new key signs, the old one still verifies.
    c.app = app_with(&format!("{new_key},{old_key}"));
    assert_eq!(cart_qty(&mut c).await, 1);
    // The old key retired: its cookies no longer verify.
    c.app = app_with(new_key);
    assert_eq!(cart_qty(&mut c).await, 0);
}
