//! Staff access is a role, checked once: every staff operation answers under `/api/staff/…`
//! behind one layer, 401 without staff credentials and 403 with another role's; the former
//! paths still answer, and the OpenAPI document marks them deprecated.

use std::sync::Arc;

use crate::common;
use crate::common::search_catalog::{catalog, STAFF_TOKEN};
use crate::common::*;
use serde_json::json;

const ANALYST_TOKEN: &str = "analyst-test-token-0123456789abcdef";

/// The whole app with a merchandiser, an analyst and an operator.
async fn staff_app(env: &TestEnv) -> Client {
    catalog(env).await;
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir(),
    );
    state.staff = Arc::new(
        kernel::staff::StaffTokens::parse(&format!(
            "merch:merchandiser:{STAFF_TOKEN}, ana:analyst:{ANALYST_TOKEN}, ops:operator:{OPS_TOKEN}"
        ))
        .unwrap(),
    );
    state.search.reindex(&env.pool, &|_, _| {}).await.unwrap();
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

async fn as_staff(
    c: &mut Client,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<serde_json::Value>,
) -> common::Answer {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = bearer
        .as_deref()
        .map(|b| vec![("authorization", b)])
        .unwrap_or_default();
    let (content_type, body) = match body {
        Some(b) => (Some("application/json"), b.to_string()),
        None => (None, String::new()),
    };
    c.send_with(method, path, content_type, body, &headers)
        .await
}

async fn pin_events(env: &TestEnv) -> i64 {
    count(
        &env.pool,
        "SELECT count(*) FROM events WHERE aggregate_type = 'PinBoard'",
    )
    .await
}

#[tokio::test]
async fn an_analyst_cannot_pin_and_a_merchandiser_cannot_read_the_report() {
    let env = spawn_env().await;
    let mut c = staff_app(&env).await;
    let pin = json!({"itemId": "800003", "keyword": "wire"});
    for path in ["/api/staff/merch/AddItemToTop", "/api/merch/AddItemToTop"] {
        let a = as_staff(&mut c, "POST", path, Some(ANALYST_TOKEN), Some(pin.clone())).await;
        assert_eq!(a.status, 403, "{path}: {}", a.body);
        assert_eq!(a.json()["code"], "Forbidden", "{path}");
        assert_eq!(
            pin_events(&env).await,
            0,
            "{path}: a refused pin changes nothing"
        );
    }
    let a = as_staff(
        &mut c,
        "POST",
        "/api/staff/merch/AddItemToTop",
        Some(STAFF_TOKEN),
        Some(pin),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["pins"], json!(["800003"]));
    assert_eq!(pin_events(&env).await, 1);

    for path in ["/api/staff/analytics/report", "/api/analytics/report"] {
        let a = as_staff(&mut c, "GET", path, Some(STAFF_TOKEN), None).await;
        assert_eq!(a.status, 403, "{path}: {}", a.body);
        assert_eq!(a.json()["code"], "Forbidden", "{path}");
        let a = as_staff(&mut c, "GET", path, Some(ANALYST_TOKEN), None).await;
        assert_eq!(a.status, 200, "{path}: {}", a.body);
        assert!(a.json().is_object(), "{path}: {}", a.body);
    }
}

#[tokio::test]
async fn staff_paths_need_credentials_and_each_checks_its_role() {
    let env = spawn_env().await;
    let mut c = staff_app(&env).await;
    let staff_paths = [
        ("GET", "/api/staff/search/reindex"),
        ("POST", "/api/staff/merch/UnpinItem"),
        ("GET", "/api/staff/analytics/report"),
        ("GET", "/api/staff/search/explain?docid=800003&keyword=wire"),
        (
            "GET",
            "/api/staff/recommendation/getruleexplain?widgetGuid=x",
        ),
    ];
    for (method, path) in staff_paths {
        let body = (method == "POST").then(|| json!({"itemId": "800003", "keyword": "wire"}));
        for token in [None, Some("not-a-staff-token-0123456789abcdef")] {
            let a = as_staff(&mut c, method, path, token, body.clone()).await;
            assert_eq!(a.status, 401, "{method} {path}: {}", a.body);
            assert_eq!(a.json()["code"], "Unauthorized");
            assert_eq!(a.headers["www-authenticate"], "Bearer");
        }
        // An operator is staff, but none of these is an operator's.
        let a = as_staff(&mut c, method, path, Some(OPS_TOKEN), body.clone()).await;
        assert_eq!(a.status, 403, "{method} {path}: {}", a.body);
    }

    let a = as_staff(
        &mut c,
        "GET",
        "/api/staff/search/reindex",
        Some(STAFF_TOKEN),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.json()["indexed"].as_u64().unwrap() > 0, "{}", a.body);
    let a = as_staff(
        &mut c,
        "GET",
        "/api/staff/search/explain?docid=800003&keyword=wire",
        Some(STAFF_TOKEN),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.headers["cache-control"], "private, no-store");
    // The operational detail is for any member of staff, as before roles.
    let a = as_staff(&mut c, "GET", "/ops/readyz", Some(ANALYST_TOKEN), None).await;
    assert!(![401, 403].contains(&a.status.as_u16()), "{}", a.body);
}

#[tokio::test]
async fn the_former_paths_answer_and_say_they_are_deprecated() {
    let env = spawn_env().await;
    let mut c = staff_app(&env).await;
    let a = as_staff(
        &mut c,
        "GET",
        "/api/search/reindex",
        Some(STAFF_TOKEN),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.headers["deprecation"], kernel::staff::DEPRECATED_SINCE);
    assert_eq!(
        a.headers["link"],
        "</api/staff/search/reindex>; rel=\"successor-version\""
    );
    let pin = json!({"itemId": "800003", "keyword": "wire"});
    let a = as_staff(
        &mut c,
        "POST",
        "/api/merch/AddItemToTop",
        Some(STAFF_TOKEN),
        Some(pin),
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        a.headers["link"],
        "</api/staff/merch/AddItemToTop>; rel=\"successor-version\""
    );
    let a = as_staff(
        &mut c,
        "GET",
        "/api/analytics/report",
        Some(ANALYST_TOKEN),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.headers.contains_key("deprecation"));
    // The new paths are not deprecated.
    let a = as_staff(
        &mut c,
        "GET",
        "/api/staff/analytics/report",
        Some(ANALYST_TOKEN),
        None,
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(!a.headers.contains_key("deprecation"));
}

#[test]
fn the_former_staff_paths_are_deprecated_and_each_has_its_staff_path() {
    let doc: serde_json::Value = serde_json::from_str(storefront::app::OPENAPI).unwrap();
    let paths = doc["paths"].as_object().unwrap();
    let former = [
        ("/api/merch/AddItemToTop", "/api/staff/merch/AddItemToTop"),
        ("/api/merch/UnpinItem", "/api/staff/merch/UnpinItem"),
        (
            "/api/merch/UpdateItemPinOrder",
            "/api/staff/merch/UpdateItemPinOrder",
        ),
        (
            "/api/merch/SetKeywordRedirect",
            "/api/staff/merch/SetKeywordRedirect",
        ),
        (
            "/api/merch/RemoveKeywordRedirect",
            "/api/staff/merch/RemoveKeywordRedirect",
        ),
        ("/api/search/reindex", "/api/staff/search/reindex"),
        ("/api/analytics/report", "/api/staff/analytics/report"),
    ];
    for (old, new) in former {
        let old_item = paths[old].as_object().unwrap();
        let new_item = paths[new].as_object().unwrap();
        for (method, op) in old_item {
            assert_eq!(op["deprecated"], true, "{method} {old}");
            assert!(new_item.contains_key(method), "{method} {new}");
            assert!(
                new_item[method].get("deprecated").is_none(),
                "{method} {new}"
            );
            assert!(
                new_item[method]["responses"]["403"].is_object(),
                "{method} {new} documents 403"
            );
        }
    }
}
