//! Text PostgreSQL cannot store (NUL) and bodies of the wrong shape are refused once, at the
//! extractors, with 400/422 in the one error shape, and change nothing.

use crate::common::*;
use serde_json::{json, Value};

/// Every write endpoint with a body that would succeed, and the string fields in it.
fn write_endpoints() -> Vec<(&'static str, Value, Vec<&'static str>)> {
    vec![
        (
            "/products/a/addtocart",
            json!({"blainNumber": "100", "quantity": 1, "warrantyId": "w", "fulfillmentType": "ShipToHome"}),
            vec!["blainNumber", "warrantyId", "fulfillmentType"],
        ),
        (
            "/products/a/bundletocart",
            json!({"blainNumber": "100", "fulfillmentType": "ShipToHome"}),
            vec!["blainNumber", "fulfillmentType"],
        ),
        (
            "/products/a/productcomparisontocart",
            json!({"blainNumbers": ["100", "200"], "fulfillmentType": "ShipToHome"}),
            vec!["blainNumbers", "fulfillmentType"],
        ),
        (
            "/products/a/update-warranty",
            json!({"lineId": 1, "warrantyId": "w"}),
            vec!["warrantyId"],
        ),
        (
            "/email/marketing/subscribe",
            json!({"EmailAddress": "shopper@example.com", "source": "Footer"}),
            vec!["EmailAddress", "source"],
        ),
        (
            "/a/log/",
            json!({"url": "/x", "error": "boom"}),
            vec!["url", "error"],
        ),
        (
            "/products/a/stockstatus-json",
            json!({"zip": "53545", "blainNumber": "100"}),
            vec!["zip", "blainNumber"],
        ),
        (
            "/products/a/storestatus-json",
            json!({"zip": "53545"}),
            vec!["zip"],
        ),
        (
            "/click-to-reorder/get-fulfillment-type",
            json!({"blainNumber": "100"}),
            vec!["blainNumber"],
        ),
    ]
}

fn with_nul(mut body: Value, field: &str) -> Value {
    match &mut body[field] {
        Value::Array(items) => items[0] = json!("10\u{0}0"),
        slot => *slot = json!(format!("{}\u{0}", slot.as_str().unwrap_or("x"))),
    }
    body
}

async fn totals(env: &TestEnv) -> (i64, i64, i64) {
    (
        count(&env.pool, "SELECT count(*) FROM events").await,
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        count(&env.pool, "SELECT count(*) FROM idempotency_keys").await,
    )
}

#[tokio::test]
async fn a_nul_in_any_string_field_of_any_write_endpoint_is_400_and_changes_nothing() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    let before = totals(&env).await;
    for (path, body, fields) in write_endpoints() {
        for field in fields {
            let bad = with_nul(body.clone(), field);
            let a = c.post_keyed(path, &unique("k"), bad.clone()).await;
            assert_eq!(a.status, 400, "{path} {field}: {}", a.body);
            assert_eq!(
                a.json()["code"],
                "InvalidText",
                "{path} {field}: {}",
                a.body
            );
            assert_eq!(a.json()["success"], false);
            // The same as a classic form post where the endpoint takes forms.
            if path == "/email/marketing/subscribe" || path == "/a/log/" {
                let form = bad
                    .as_object()
                    .unwrap()
                    .iter()
                    .map(|(k, v)| format!("{k}={}", v.as_str().unwrap().replace('\0', "%00")))
                    .collect::<Vec<_>>()
                    .join("&");
                let a = c
                    .send(
                        "POST",
                        path,
                        Some("application/x-www-form-urlencoded"),
                        form,
                    )
                    .await;
                assert_eq!(a.status, 400, "{path} {field} (form): {}", a.body);
                assert_eq!(a.json()["code"], "InvalidText");
            }
        }
    }
    // A NUL as an object key too.
    let a = c
        .post("/a/log/", json!({"url": "/x", "error": "e", "x\u{0}": 1}))
        .await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(totals(&env).await, before, "nothing was stored");

    // The same bodies without the NUL do work (the test would otherwise prove nothing).
    let a = c
        .post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    assert_eq!(a.json()["resultCode"], "Success", "{}", a.body);
}

#[tokio::test]
async fn a_nul_or_bad_encoding_in_the_url_is_a_json_400() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    for path in [
        "/product/a/getproducts?blainNumbers=10%000",
        "/stores/set-json/%00",
        "/s/a/autocomplete?keyword=a%00b",
        "/products/a/getbundleforproduct?blainNumber=%00",
    ] {
        let a = c.get(path).await;
        assert_eq!(a.status, 400, "{path}: {}", a.body);
        assert_eq!(a.json()["code"], "InvalidText", "{path}");
    }
    let a = c.get("/stores/set-json/%ff").await;
    assert!(a.status.is_client_error(), "{}", a.status);
    assert_eq!(
        a.json()["success"],
        false,
        "JSON, not plain text: {}",
        a.body
    );
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

#[tokio::test]
async fn a_body_that_is_not_an_object_is_422() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    for path in [
        "/a/log/",
        "/products/a/storestatus-json",
        "/products/a/stockstatus-json",
        "/products/a/addtocart",
        "/email/marketing/subscribe",
    ] {
        for body in ["[]", "\"text\"", "1", "null"] {
            let a = c
                .send("POST", path, Some("application/json"), body.into())
                .await;
            assert_eq!(a.status, 422, "{path} {body}: {}", a.body);
            assert_eq!(a.json()["code"], "InvalidInput");
        }
    }
    // A lone surrogate cannot be stored either: unreadable JSON.
    let a = c
        .send(
            "POST",
            "/a/log/",
            Some("application/json"),
            r#"{"error": "\ud800"}"#.into(),
        )
        .await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM client_errors").await,
        0
    );
}
