//! A pin board's versions: each change to its pins or redirect is a version, read back with
//! who made it, and any earlier version can be put back in one step (a new version), which
//! shoppers' searches follow at once.

use crate::common::search_catalog::{shop, STAFF_TOKEN};
use crate::common::*;
use serde_json::{json, Value};

async fn merch(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Answer {
    let bearer = format!("Bearer {STAFF_TOKEN}");
    let (content_type, body) = match body {
        Some(b) => (Some("application/json"), b.to_string()),
        None => (None, String::new()),
    };
    c.send_with(
        method,
        path,
        content_type,
        body,
        &[("authorization", &bearer)],
    )
    .await
}

async fn first_results(c: &mut Client) -> Vec<String> {
    let answer = c.get("/api/search?keyword=tire").await;
    answer.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|i| i["blainNumber"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_board_goes_back_to_any_earlier_version_and_shoppers_see_it() {
    let env = spawn_env().await;
    let (mut app, _) = shop(&env).await;
    for (path, body) in [
        (
            "AddItemToTop",
            json!({"keyword": "tire", "itemId": "800009"}),
        ),
        (
            "AddItemToTop",
            json!({"keyword": "tire", "itemId": "800008"}),
        ),
        ("UnpinItem", json!({"keyword": "tire", "itemId": "800009"})),
    ] {
        let answer = merch(
            &mut app,
            "POST",
            &format!("/api/staff/merch/{path}"),
            Some(body),
        )
        .await;
        assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    }
    let history = merch(
        &mut app,
        "GET",
        "/api/staff/merch/pins/history?keyword=Tire",
        None,
    )
    .await;
    assert_eq!(history.status, 200, "{}", history.body);
    let versions: Vec<(i64, String, Value, Value)> = history
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["version"].as_i64().unwrap(),
                v["eventType"].as_str().unwrap().to_string(),
                v["pins"].clone(),
                v["staffId"].clone(),
            )
        })
        .collect();
    assert_eq!(
        versions,
        [
            (3, "Unpinned".to_string(), json!(["800008"]), json!("merch")),
            (
                2,
                "Pinned".to_string(),
                json!(["800008", "800009"]),
                json!("merch")
            ),
            (1, "Pinned".to_string(), json!(["800009"]), json!("merch")),
        ]
    );
    let mut shopper = app.other();
    assert_eq!(first_results(&mut shopper).await[0], "800008");

    let restored = merch(
        &mut app,
        "POST",
        "/api/staff/merch/RestorePins",
        Some(json!({"keyword": "tire", "version": 2})),
    )
    .await;
    assert_eq!(restored.status, 200, "{}", restored.body);
    assert_eq!(restored.json()["pins"], json!(["800008", "800009"]));
    assert_eq!(first_results(&mut shopper).await, ["800008", "800009"]);
    let newest = merch(
        &mut app,
        "GET",
        "/api/staff/merch/pins/history?keyword=tire",
        None,
    )
    .await;
    assert_eq!(newest.json()[0]["version"], 4);
    assert_eq!(newest.json()[0]["eventType"], "BoardRestored");

    for (body, status) in [
        (json!({"keyword": "tire", "version": 4}), 422),
        (json!({"keyword": "tire", "version": 9}), 404),
        (json!({"keyword": "tire"}), 400),
    ] {
        let refused = merch(
            &mut app,
            "POST",
            "/api/staff/merch/RestorePins",
            Some(body.clone()),
        )
        .await;
        assert_eq!(refused.status, status, "{body}: {}", refused.body);
    }
    assert_eq!(
        app.other()
            .get("/api/staff/merch/pins/history?keyword=tire")
            .await
            .status,
        401
    );
}
