//! A pin board's draft and schedules: a draft changes nothing a shopper sees until it is
//! published, while a merchandiser previews it (`prv=draft`); a scheduled pin or redirect
//! applies only in its window (`HawkDate` previews a date); an earlier version of the board is
//! previewed with `prv=pins-N`.

use crate::common::search_catalog::{shop, STAFF_TOKEN};
use crate::common::*;
use axum::http::StatusCode;
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

async fn command(c: &mut Client, name: &str, body: Value) -> Value {
    let answer = merch(c, "POST", &format!("/api/staff/merch/{name}"), Some(body)).await;
    assert_eq!(answer.status, 200, "{name}: {}", answer.body);
    answer.json()
}

fn first(answer: &Answer, n: usize) -> Vec<String> {
    answer.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .take(n)
        .map(|i| i["blainNumber"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_draft_is_previewed_then_published_and_only_then_shoppers_see_it() {
    let env = spawn_env().await;
    let (mut app, _) = shop(&env).await;
    let mut shopper = app.other();
    command(
        &mut app,
        "AddItemToTop",
        json!({"keyword": "tire", "itemId": "800009"}),
    )
    .await;

    let saved = command(
        &mut app,
        "SavePinDraft",
        json!({"keyword": "tire", "itemList": ["800008", "800007"], "url": "/store-finder/"}),
    )
    .await;
    assert_eq!(saved["pins"], json!(["800009"]));
    assert_eq!(
        saved["draft"],
        json!({"pins": ["800008", "800007"], "redirect": "/store-finder/"})
    );
    // Shoppers, and the merchandiser without prv, see the published board only.
    let plain = shopper.get("/api/search?keyword=tire").await;
    assert_eq!(first(&plain, 1), ["800009"]);
    assert_eq!(plain.json()["redirect"], Value::Null);
    // A shopper's prv is ignored; the merchandiser's shows the draft.
    let sneaky = shopper.get("/api/search?keyword=tire&prv=draft").await;
    assert_eq!(first(&sneaky, 1), ["800009"]);
    let preview = merch(&mut app, "GET", "/api/search?keyword=tire&prv=draft", None).await;
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert_eq!(first(&preview, 2), ["800008", "800007"]);
    assert_eq!(preview.json()["redirect"], "/store-finder/");
    assert_eq!(preview.json()["preview"]["drafts"], true);

    // Another board's draft is not published with this one.
    command(
        &mut app,
        "SavePinDraft",
        json!({"keyword": "rope", "itemList": ["800001"]}),
    )
    .await;
    let published = command(&mut app, "PublishPinDraft", json!({"keyword": "tire"})).await;
    assert_eq!(published["pins"], json!(["800008", "800007"]));
    assert_eq!(published["draft"], Value::Null);
    let now = shopper.get("/api/search?keyword=tire").await;
    assert_eq!(now.json()["redirect"], "/store-finder/");
    let rope = merch(
        &mut app,
        "GET",
        "/api/staff/merch/pins/history?keyword=rope",
        None,
    )
    .await;
    assert_eq!(rope.json()[0]["eventType"], "DraftSaved");
    assert_eq!(rope.json()[0]["pins"], json!([]));
    assert_eq!(rope.json()[0]["draft"]["pins"], json!(["800001"]));
    command(&mut app, "DiscardPinDraft", json!({"keyword": "rope"})).await;
    let none = merch(
        &mut app,
        "POST",
        "/api/staff/merch/PublishPinDraft",
        Some(json!({"keyword": "rope"})),
    )
    .await;
    assert_eq!(
        (none.status, none.json()["message"].clone()),
        (StatusCode::NOT_FOUND, json!("This board has no draft."))
    );

    // The board as it was at version 1 (one pin), previewed; shoppers keep the newest.
    let then = merch(&mut app, "GET", "/api/search?keyword=tire&prv=pins-1", None).await;
    assert_eq!(then.status, 200, "{}", then.body);
    assert_eq!(first(&then, 1), ["800009"]);
    assert_eq!(then.json()["redirect"], Value::Null);
    assert_eq!(then.json()["preview"]["pinsVersion"], 1);
    let bad = merch(&mut app, "GET", "/api/search?keyword=tire&prv=pins-x", None).await;
    assert_eq!(
        (bad.status, bad.json()["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("InvalidPreview"))
    );

    // Refusals change nothing.
    for (name, body, status) in [
        (
            "SavePinDraft",
            json!({"keyword": "tire", "itemList": ["1", "1"]}),
            422,
        ),
        (
            "SavePinDraft",
            json!({"lp": "1", "url": "/store-finder/"}),
            400,
        ),
        (
            "SavePinDraft",
            json!({"keyword": "tire", "url": "https://elsewhere.example/"}),
            422,
        ),
    ] {
        let refused = merch(
            &mut app,
            "POST",
            &format!("/api/staff/merch/{name}"),
            Some(body.clone()),
        )
        .await;
        assert_eq!(refused.status, status, "{body}: {}", refused.body);
    }
    assert_eq!(
        first(&shopper.get("/api/search?keyword=tire").await, 2),
        ["800008", "800007"]
    );
    let shopper_try = shopper
        .post(
            "/api/staff/merch/SavePinDraft",
            json!({"keyword": "tire", "itemList": []}),
        )
        .await;
    assert_eq!(shopper_try.status, 401);
}

#[tokio::test]
async fn a_scheduled_pin_or_redirect_applies_only_in_its_window() {
    let env = spawn_env().await;
    let (mut app, _) = shop(&env).await;
    let mut shopper = app.other();
    command(
        &mut app,
        "AddItemToTop",
        json!({"keyword": "tire", "itemId": "800009"}),
    )
    .await;
    command(
        &mut app,
        "SetKeywordRedirect",
        json!({"keyword": "tire", "url": "/tires/"}),
    )
    .await;
    // The pin from a day far ahead; the redirect until a day long past.
    let scheduled = command(
        &mut app,
        "SchedulePinRule",
        json!({"keyword": "tire", "rule": "pin:800009", "startsAt": "2099-12-20T00:00:00Z", "endsAt": "2099-12-27T00:00:00Z"}),
    )
    .await;
    assert_eq!(
        scheduled["schedules"],
        json!({"pin:800009": {"startsAt": "2099-12-20T00:00:00Z", "endsAt": "2099-12-27T00:00:00Z"}})
    );
    command(
        &mut app,
        "SchedulePinRule",
        json!({"keyword": "tire", "rule": "redirect", "endsAt": "2020-01-01T00:00:00Z"}),
    )
    .await;
    let now = shopper.get("/api/search?keyword=tire").await;
    assert!(
        !now.json()["items"][0]["pinned"].as_bool().unwrap(),
        "{}",
        now.body
    );
    assert_eq!(now.json()["redirect"], Value::Null);
    // HawkDate previews a day in the pin's window (and after the redirect's end).
    let in_window = merch(
        &mut app,
        "GET",
        "/api/search?keyword=tire&HawkDate=2099-12-24",
        None,
    )
    .await;
    assert_eq!(first(&in_window, 1), ["800009"]);
    assert_eq!(in_window.json()["items"][0]["pinned"], true);
    assert_eq!(in_window.json()["redirect"], Value::Null);
    let before_end = merch(
        &mut app,
        "GET",
        "/api/search?keyword=tire&HawkDate=2019-06-01",
        None,
    )
    .await;
    assert_eq!(before_end.json()["redirect"], "/tires/");
    // Always again: the pin is back for shoppers.
    command(
        &mut app,
        "SchedulePinRule",
        json!({"keyword": "tire", "rule": "pin:800009"}),
    )
    .await;
    assert_eq!(
        first(&shopper.get("/api/search?keyword=tire").await, 1),
        ["800009"]
    );

    for (body, status) in [
        (json!({"keyword": "tire", "rule": "pin:123"}), 404),
        (json!({"keyword": "tire", "rule": "banner"}), 400),
        (
            json!({"keyword": "tire", "rule": "pin:800009", "startsAt": "2099-12-27T00:00:00Z", "endsAt": "2099-12-20T00:00:00Z"}),
            422,
        ),
        (
            json!({"keyword": "tire", "rule": "redirect", "startsAt": "next week"}),
            422,
        ),
    ] {
        let refused = merch(
            &mut app,
            "POST",
            "/api/staff/merch/SchedulePinRule",
            Some(body.clone()),
        )
        .await;
        assert_eq!(refused.status, status, "{body}: {}", refused.body);
    }
    // The window goes with its rule.
    command(
        &mut app,
        "RemoveKeywordRedirect",
        json!({"keyword": "tire"}),
    )
    .await;
    let history = merch(
        &mut app,
        "GET",
        "/api/staff/merch/pins/history?keyword=tire",
        None,
    )
    .await;
    assert_eq!(history.json()[0]["schedules"], json!({}));
}
