//! Newsletter, local store, client error log, header and flyout, fulfillment types.

use crate::common::*;
use serde_json::json;

#[tokio::test]
async fn newsletter_subscribe_validates_in_the_spec_words_and_is_idempotent() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let ok = c
        .post(
            "/email/marketing/subscribe",
            json!({"EmailAddress": "Farmer@Example.com"}),
        )
        .await;
    assert_eq!(
        (ok.status.as_u16(), ok.json()),
        (200, json!({"success": true}))
    );
    let again = c
        .send(
            "POST",
            "/email/marketing/subscribe",
            Some("application/x-www-form-urlencoded"),
            "EmailAddress=farmer%40example.com".into(),
        )
        .await;
    assert_eq!(again.json(), json!({"success": true}), "twice is fine");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'Subscription'"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM newsletter_subscriptions WHERE email = 'farmer@example.com'"
        )
        .await,
        1
    );

    for bad in [
        "a@b.con",
        "a@comcast.nt",
        "a@b.coim",
        "a@b.vom",
        "a@gmial.com",
        "not-an-email",
        "",
    ] {
        let a = c
            .post("/email/marketing/subscribe", json!({"EmailAddress": bad}))
            .await;
        assert_eq!(a.status, 400, "{bad}");
        assert_eq!(
            a.json(),
            json!({"success": false, "code": "InvalidEmail", "message": "Please enter a valid email address."})
        );
    }
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM newsletter_subscriptions").await,
        1
    );
}

#[tokio::test]
async fn choosing_a_store_is_remembered_and_shows_in_the_header() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 50).await;
    let h = c.get("/globalresource/header/").await.json();
    assert_eq!(h["localStoreName"], serde_json::Value::Null);
    assert!(c.cookies.contains_key("sf_vid") && c.cookies.contains_key("sf_visit"));

    assert_eq!(
        c.get("/stores/set-json/99999").await.json(),
        json!({"success": false})
    );
    assert_eq!(
        c.get("/stores/set-json/abc").await.json(),
        json!({"success": false})
    );
    assert_eq!(
        c.get("/stores/set-json/1").await.json(),
        json!({"success": true})
    );
    let h = c.get("/globalresource/header/").await.json();
    assert_eq!(h["localStoreName"], "Janesville, WI");
    assert_eq!(h["localStoreJson"]["cityAlias"], "janesville");
    assert_eq!(h["localStoreJson"]["state"], "WI");
    // Footer data: the device class from the user agent; assets from this origin.
    assert_eq!(h["isMobileDevice"], false);
    assert_eq!(h["assetCdnBaseUrl"], "");
    let phone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    let h = c
        .send_with(
            "GET",
            "/globalresource/header/",
            None,
            String::new(),
            &[("user-agent", phone)],
        )
        .await
        .json();
    assert_eq!(h["isMobileDevice"], true);
    // Store searches put the chosen store first without the client naming it.
    let near_madison = c
        .post(
            "/products/a/storestatus-json",
            json!({"zip": "53703", "mustIncludeLocalStore": true}),
        )
        .await
        .json();
    assert_eq!(near_madison["resolutionType"], "Success");
    assert_eq!(
        near_madison["statusList"][0]["store"]["storeNum"], 1,
        "{near_madison}"
    );
    let without = c
        .post("/products/a/storestatus-json", json!({"zip": "53703"}))
        .await
        .json();
    assert_ne!(
        without["statusList"][0]["store"]["storeNum"], 1,
        "Madison stores are nearer than Janesville"
    );
    // A later visit of the same visitor (visit cookie expired) still has the store.
    c.cookies.remove("sf_visit");
    assert_eq!(
        c.get("/globalresource/header/").await.json()["localStoreName"],
        "Janesville, WI"
    );
    assert_eq!(
        c.other().get("/globalresource/header/").await.json()["localStoreName"],
        serde_json::Value::Null
    );
}

#[tokio::test]
async fn the_header_carries_every_field_of_the_spec() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 50).await;
    let a = c.get("/globalresource/header/").await;
    let set_cookies: Vec<&str> = a
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap())
        .collect();
    assert!(set_cookies.iter().any(|c| c.starts_with("sf_vid=")
        && c.contains("Max-Age=31104000")
        && c.contains("HttpOnly")));
    assert!(set_cookies.iter().any(|c| c.starts_with("sf_visit=")
        && c.contains("Max-Age=14400")
        && c.contains("HttpOnly")));
    let h = a.json();
    for field in [
        "loggedIn",
        "greeting",
        "customer",
        "localStoreName",
        "localStoreJson",
        "deptMenu",
        "headerLinks",
        "cartSummaryJson",
        "itemsInCartCount",
        "siteMessages",
    ] {
        assert!(h.get(field).is_some(), "header has {field}");
    }
    assert_eq!(h["loggedIn"], false);
    let links = h["headerLinks"].as_array().unwrap();
    assert_eq!(
        links.last().unwrap(),
        &json!({"text": "Registries & Lists", "link": "/gift-registry/"})
    );
    let menu = h["deptMenu"].as_array().unwrap();
    assert!(
        menu.len() >= 20
            && menu.iter().any(|d| d["id"] == 12)
            && menu.iter().any(|d| d["id"] == 13)
    );
    assert!(menu[0]["children"].as_array().unwrap().len() > 1);
    let messages = h["siteMessages"].as_array().unwrap();
    assert!(messages
        .iter()
        .any(|m| m["countdown"] == "before" && m["endDateTime"].is_string()));
    assert!(messages.iter().any(|m| m["countdown"] == "none"));

    let ad = c.get("/globalresource/category-flyout/").await.json();
    for field in [
        "adId",
        "desktopImage",
        "mobileImage",
        "ctaLink",
        "bannerImageAccessibleText",
        "ctaAccessibleText",
    ] {
        assert!(ad[field].is_string(), "flyout has {field}");
    }
}

#[tokio::test]
async fn client_errors_are_stored_truncated_and_never_echoed() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let long = "x".repeat(20_000);
    let a = c
        .post(
            "/a/log/",
            json!({"url": "/cart/?token=secret", "error": format!("TypeError <script>{long}")}),
        )
        .await;
    assert_eq!(
        (a.status.as_u16(), a.body.as_str()),
        (200, r#"{"success":true}"#)
    );
    let (url, error): (String, String) = sqlx::query_as("SELECT url, error FROM client_errors")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(url, "/cart/", "the query string is not kept");
    assert_eq!(error.chars().count(), 8192);
    let a = c
        .send("POST", "/a/log/", Some("application/json"), "{".into())
        .await;
    assert_eq!(a.status, 400);
}

#[tokio::test]
async fn fulfillment_types_follow_the_product_and_the_local_store() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 200).await;
    let (blain,): (String,) = sqlx::query_as(
        "SELECT p.blain_number FROM products p JOIN store_inventory i USING (blain_number) \
         WHERE i.store_num = 1 AND i.store_on_hand > 0 AND p.ship_to_home AND p.store_pickup ORDER BY 1 LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let before = c
        .post(
            "/click-to-reorder/get-fulfillment-type",
            json!({"blainNumber": blain}),
        )
        .await
        .json();
    assert_eq!(
        before["fulfillmentTypes"],
        json!(["ShipToHome"]),
        "no store chosen yet"
    );
    c.get("/stores/set-json/1").await;
    let after = c
        .post(
            "/click-to-reorder/get-fulfillment-type",
            json!({"blainNumber": blain}),
        )
        .await
        .json();
    assert!(
        after["fulfillmentTypes"]
            .as_array()
            .unwrap()
            .contains(&json!("StorePickup")),
        "{after}"
    );
    assert_eq!(after["storeNum"], 1);
    let unknown = c
        .post(
            "/click-to-reorder/get-fulfillment-type",
            json!({"blainNumber": "nope"}),
        )
        .await;
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.json()["message"], "Product not found.");
}
