//! Gift registries over HTTP: a customer makes one (the header then says so), fills it with
//! catalog items, shares it by a signed link anyone can open, and deletes it; another customer
//! and a guest can neither read nor change it; the name is sealed in every event; erasing the
//! owner removes it.

use serde_json::{json, Value};

use crate::common::*;
use command::accounts::{DATE_OUT_OF_RANGE, NAME_REQUIRED, QUANTITY_OUT_OF_RANGE};
use command::routes::accounts::registries::UNKNOWN_PRODUCT;

fn form(email: &str) -> Value {
    json!({
        "firstName": "Jane",
        "lastName": "Doe",
        "emailAddress": email,
        "password": "Password1",
        "phoneNumber": phone_of(email),
        "skipConnectingRewards": true,
    })
}

async fn customer(env: &TestEnv, email: &str) -> Client {
    let mut browser = Client::new(env);
    let made = browser
        .post_with_token("/account/register", form(email))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    browser
}

fn in_a_year() -> String {
    (chrono::Utc::now().date_naive() + chrono::Days::new(365)).to_string()
}

async fn call(browser: &mut Client, path: &str, body: Value) -> Value {
    let answer = browser.post_with_token(path, body).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.json()
}

async fn has_registries(browser: &mut Client) -> Value {
    browser.get("/globalresource/header/").await.json()["customer"]["customerHasRegistries"].clone()
}

#[tokio::test]
async fn a_customer_makes_fills_shares_and_deletes_a_registry() {
    let env = spawn_env().await;
    crate::cart::catalog(&env).await;
    let mut jane = customer(&env, "jane@example.com").await;
    assert_eq!(has_registries(&mut jane).await, false);

    let refused = call(
        &mut jane,
        "/api/account/registry/create",
        json!({"name": "  ", "eventType": "Wedding", "eventDate": in_a_year()}),
    )
    .await;
    assert_eq!(refused["success"], false);
    assert_eq!(refused["errorMessage"], NAME_REQUIRED);
    let past = call(
        &mut jane,
        "/api/account/registry/create",
        json!({"name": "Ours", "eventType": "Wedding", "eventDate": "2020-01-01"}),
    )
    .await;
    assert_eq!(past["errorMessage"], DATE_OUT_OF_RANGE);

    let made = call(
        &mut jane,
        "/api/account/registry/create",
        json!({"name": "Jane & John's Wedding", "eventType": "Wedding", "eventDate": in_a_year()}),
    )
    .await;
    assert_eq!(made["success"], true, "{made}");
    let id = made["registryId"].as_str().unwrap().to_string();
    assert!(id.starts_with("gr_"));
    assert_eq!(has_registries(&mut jane).await, true, "the header knows");

    let set = call(
        &mut jane,
        "/api/account/registry/items",
        json!({"registryId": id, "blainNumber": "100", "quantity": 2}),
    )
    .await;
    assert_eq!(set["itemCount"], 1, "{set}");
    call(
        &mut jane,
        "/api/account/registry/items",
        json!({"registryId": id, "blainNumber": "600", "quantity": 1}),
    )
    .await;
    let unknown = call(
        &mut jane,
        "/api/account/registry/items",
        json!({"registryId": id, "blainNumber": "999", "quantity": 1}),
    )
    .await;
    assert_eq!(unknown["errorMessage"], UNKNOWN_PRODUCT);
    let too_many = call(
        &mut jane,
        "/api/account/registry/items",
        json!({"registryId": id, "blainNumber": "100", "quantity": 100}),
    )
    .await;
    assert_eq!(too_many["errorMessage"], QUANTITY_OUT_OF_RANGE);

    let list = jane.get("/api/account/registries").await.json();
    assert_eq!(list["registries"][0]["name"], "Jane & John's Wedding");
    assert_eq!(list["registries"][0]["itemCount"], 2);
    assert_eq!(list["registries"][0]["shared"], false);
    let one = jane
        .get(&format!("/api/account/registries/{id}"))
        .await
        .json();
    assert_eq!(one["items"][0]["blainNumber"], "100");
    assert_eq!(one["items"][0]["quantity"], 2);
    assert_eq!(one["items"][0]["product"]["name"], "Poly Rope");
    assert_eq!(one["shareUrl"], Value::Null);

    let removed = call(
        &mut jane,
        "/api/account/registry/items/remove",
        json!({"registryId": id, "blainNumber": "600"}),
    )
    .await;
    assert_eq!(removed["itemCount"], 1);

    // Before sharing, a link made by hand opens nothing; after, the store's link opens it for
    // anyone, and a key for another id does not.
    let shared = call(
        &mut jane,
        "/api/account/registry/share",
        json!({"registryId": id}),
    )
    .await;
    let url = shared["shareUrl"].as_str().unwrap().to_string();
    assert!(url.starts_with("/gift-registry/view/?key="), "{url}");
    let key = url.split_once("key=").unwrap().1.to_string();
    let mut guest = jane.other();
    let public = guest.get(&format!("/api/registry/shared?key={key}")).await;
    assert_eq!(public.status, 200, "{}", public.body);
    assert_eq!(public.json()["name"], "Jane & John's Wedding");
    assert_eq!(public.json()["items"][0]["quantity"], 2);
    assert!(
        public.json().get("id").is_none(),
        "no owner or id in the public view"
    );
    let forged = key.replacen("gr_", "gr_0", 1);
    assert_eq!(
        guest
            .get(&format!("/api/registry/shared?key={forged}"))
            .await
            .status,
        404
    );
    assert_eq!(
        guest
            .get(&format!("/api/registry/shared?key={id}"))
            .await
            .status,
        404
    );

    // Nobody else reads or changes it.
    let mut sam = jane.other();
    let made = sam
        .post_with_token("/account/register", form("sam@example.com"))
        .await;
    assert_eq!(made.json()["success"], true);
    assert_eq!(
        sam.get(&format!("/api/account/registries/{id}"))
            .await
            .status,
        404
    );
    let theirs = sam
        .post_with_token(
            "/api/account/registry/items",
            json!({"registryId": id, "blainNumber": "100", "quantity": 5}),
        )
        .await;
    assert_eq!(theirs.status, 404);
    assert_eq!(guest.get("/api/account/registries").await.status, 401);
    let signed_out = guest
        .post_with_token("/api/account/registry/delete", json!({"registryId": id}))
        .await;
    assert_eq!(signed_out.status, 401);

    // The name never travels in clear.
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE strpos(payload::text, 'Jane & John') > 0"
        )
        .await,
        0
    );

    let deleted = call(
        &mut jane,
        "/api/account/registry/delete",
        json!({"registryId": id}),
    )
    .await;
    assert_eq!(deleted["success"], true);
    assert_eq!(
        guest
            .get(&format!("/api/registry/shared?key={key}"))
            .await
            .status,
        404
    );
    assert_eq!(has_registries(&mut jane).await, false);
}

#[tokio::test]
async fn erasing_the_owner_removes_their_registries() {
    let env = spawn_env().await;
    crate::cart::catalog(&env).await;
    let mut jane = customer(&env, "jane@example.com").await;
    let made = call(
        &mut jane,
        "/api/account/registry/create",
        json!({"name": "Baby Doe", "eventType": "Baby", "eventDate": in_a_year()}),
    )
    .await;
    let id = made["registryId"].as_str().unwrap().to_string();
    let shared = call(
        &mut jane,
        "/api/account/registry/share",
        json!({"registryId": id}),
    )
    .await;
    let url = shared["shareUrl"].as_str().unwrap().to_string();
    storefront::privacy::forget_email(&env.pool, "jane@example.com")
        .await
        .unwrap();
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM gift_registries").await,
        0
    );
    let mut guest = jane.other();
    let key = url.split_once("key=").unwrap().1;
    assert_eq!(
        guest
            .get(&format!("/api/registry/shared?key={key}"))
            .await
            .status,
        404
    );
}
