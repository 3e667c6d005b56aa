//! The synonym rules as a versioned set: seeded from the starter list once, drafted without
//! changing shoppers' results, previewed by a merchandiser (a draft, an earlier version, a
//! scheduled rule as of a date), published one rule at a time to every query process within
//! moments, kept through a reindex, rolled back in one step, and each change's staff id read
//! back from its event.

use std::sync::Arc;
use std::time::Duration;

use crate::common::search_catalog::{catalog, indexed_app, STAFF_TOKEN};
use crate::common::*;
use search_indexer::SearchEngine;
use serde_json::{json, Value};

async fn as_merchandiser(c: &mut Client, method: &str, path: &str, body: Option<Value>) -> Answer {
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

async fn total(c: &mut Client, query: &str) -> i64 {
    let answer = c.get(&format!("/api/search?{query}")).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["total"].as_i64().unwrap()
}

/// A query process: its app and engine, its rules kept current from the database.
async fn replica(env: &TestEnv) -> (Client, Arc<SearchEngine>, tokio::sync::watch::Sender<bool>) {
    let (client, engine) = indexed_app(env).await;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(query::search::synonyms::keep_current(
        env.pool.clone(),
        engine.clone(),
        stopped,
    ));
    (client, engine, stop)
}

#[tokio::test]
async fn merchandisers_draft_preview_publish_and_roll_back_synonyms_on_every_replica() {
    let env = spawn_env().await;
    catalog(&env).await;
    assert_eq!(
        storefront::seeding::synonym_rules(&env.pool).await.unwrap(),
        Some(search_indexer::synonyms::Synonyms::starter().len()),
        "version 1 is the starter list"
    );
    assert_eq!(
        storefront::seeding::synonym_rules(&env.pool).await.unwrap(),
        None,
        "and only once"
    );
    let (mut a, engine_a, _stop_a) = replica(&env).await;
    let (mut b, engine_b, _stop_b) = replica(&env).await;
    let version = |e: &Arc<SearchEngine>| e.synonyms().version;
    assert!(
        eventually(Duration::from_secs(5), || async {
            version(&engine_a) == 1 && version(&engine_b) == 1
        })
        .await
    );
    // The starter list still applies: 'tyre' finds the tires.
    let tires = total(&mut a, "keyword=tyre").await;
    assert!(tires > 0);
    assert_eq!(tires, total(&mut a, "keyword=tire").await);
    assert_eq!(total(&mut a, "keyword=zapper").await, 0);

    let drafted = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/draft",
        Some(json!({"words": " Zapper ", "replacement": "fence charger"})),
    )
    .await;
    assert_eq!(drafted.status, 200, "{}", drafted.body);
    let rule_id = drafted.json()["drafts"][0]["ruleId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(drafted.json()["drafts"][0]["rule"]["words"], "zapper");
    assert_eq!(drafted.json()["version"], 1);

    // A draft: shoppers see nothing of it; the merchandiser's preview does.
    assert_eq!(total(&mut a, "keyword=zapper").await, 0);
    assert_eq!(total(&mut a.other(), "keyword=zapper&prv=draft").await, 0);
    let preview =
        as_merchandiser(&mut a, "GET", "/api/search?keyword=zapper&prv=draft", None).await;
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert_eq!(preview.json()["total"], 1);
    assert_eq!(preview.json()["items"][0]["blainNumber"], "800004");
    assert_eq!(
        preview.json()["preview"],
        json!({"synonymsVersion": 1, "drafts": true, "at": null})
    );
    assert_eq!(preview.headers["cache-control"], "private, no-store");
    let shopper = a.other().get("/api/search?keyword=zapper&prv=draft").await;
    assert!(
        shopper.json().get("preview").is_none(),
        "a shopper's search is never a preview"
    );

    // Published: every replica searches with it at once, and a reindex keeps it.
    let published = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/publish",
        Some(json!({ "ruleId": rule_id })),
    )
    .await;
    assert_eq!(published.status, 200, "{}", published.body);
    assert_eq!(published.json()["version"], 2);
    assert_eq!(published.json()["drafts"], json!([]));
    assert!(
        eventually(Duration::from_secs(5), || async {
            version(&engine_a) == 2 && version(&engine_b) == 2
        })
        .await,
        "both replicas load version 2"
    );
    assert_eq!(total(&mut b, "keyword=zapper").await, 1);
    engine_b.reindex(&env.pool, &|_, _| {}).await.unwrap();
    assert_eq!(total(&mut b, "keyword=zapper").await, 1, "after a reindex");

    // An earlier version, previewed, then published again in one step.
    assert_eq!(
        as_merchandiser(&mut a, "GET", "/api/search?keyword=zapper&prv=1", None)
            .await
            .json()["total"],
        0
    );
    let rolled = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/rollback",
        Some(json!({"version": 1})),
    )
    .await;
    assert_eq!(rolled.status, 200, "{}", rolled.body);
    assert_eq!(rolled.json()["version"], 3);
    assert!(
        eventually(Duration::from_secs(5), || async {
            version(&engine_a) == 3 && version(&engine_b) == 3
        })
        .await
    );
    assert_eq!(total(&mut b, "keyword=zapper").await, 0);
    assert_eq!(total(&mut b, "keyword=tyre").await, tires);

    // The history, with who made each version.
    let versions = as_merchandiser(&mut a, "GET", "/api/staff/merch/synonyms/versions", None).await;
    assert_eq!(versions.status, 200, "{}", versions.body);
    let history: Vec<(i64, String, Value)> = versions
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["version"].as_i64().unwrap(),
                v["change"].as_str().unwrap().to_string(),
                v["staffId"].clone(),
            )
        })
        .collect();
    assert_eq!(
        history,
        [
            (3, "rolled-back".to_string(), json!("merch")),
            (2, "published".to_string(), json!("merch")),
            (1, "seeded".to_string(), json!("storefront migrate")),
        ]
    );
    let two = as_merchandiser(&mut a, "GET", "/api/staff/merch/synonyms/versions/2", None).await;
    let rules = two.json()["rules"].as_array().unwrap().clone();
    assert!(rules
        .iter()
        .any(|r| r["words"] == "zapper" && r["replacement"] == "fence charger"));
    assert_eq!(
        as_merchandiser(&mut a, "GET", "/api/staff/merch/synonyms/versions/9", None)
            .await
            .status,
        404
    );
}

#[tokio::test]
async fn a_scheduled_rule_applies_only_in_its_window_and_a_merchandiser_previews_it_by_date() {
    let env = spawn_env().await;
    catalog(&env).await;
    storefront::seeding::synonym_rules(&env.pool).await.unwrap();
    let (mut a, engine, _stop) = replica(&env).await;
    let start = chrono::Utc::now() + chrono::Duration::days(30);
    let end = start + chrono::Duration::days(7);
    let drafted = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/draft",
        Some(
            json!({"words": "stocking stuffer", "replacement": "cattle panel",
            "startsAt": start.to_rfc3339(), "endsAt": end.to_rfc3339()}),
        ),
    )
    .await;
    assert_eq!(drafted.status, 200, "{}", drafted.body);
    let rule_id = drafted.json()["drafts"][0]["ruleId"].clone();
    let published = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/publish",
        Some(json!({ "ruleId": rule_id })),
    )
    .await;
    assert_eq!(published.status, 200, "{}", published.body);
    assert!(
        eventually(Duration::from_secs(5), || async {
            engine.synonyms().version == 2
        })
        .await
    );
    assert_eq!(
        total(&mut a, "keyword=stocking+stuffer").await,
        0,
        "not yet"
    );
    let day = (start + chrono::Duration::days(1)).format("%Y-%m-%d");
    let params = format!("keyword=stocking+stuffer&HawkDate={day}");
    assert_eq!(
        total(&mut a.other(), &params).await,
        0,
        "a shopper's HawkDate is ignored"
    );
    let preview = as_merchandiser(&mut a, "GET", &format!("/api/search?{params}"), None).await;
    assert_eq!(preview.json()["total"], 1, "{}", preview.body);
    assert_eq!(preview.json()["items"][0]["blainNumber"], "800006");
    let bad = as_merchandiser(&mut a, "GET", "/api/search?keyword=x&HawkDate=soon", None).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.json()["code"], "InvalidPreview");
}

#[tokio::test]
async fn the_rule_set_refuses_what_is_no_rule_and_is_for_merchandisers_only() {
    let env = spawn_env().await;
    storefront::seeding::synonym_rules(&env.pool).await.unwrap();
    let (mut a, _) = indexed_app(&env).await;
    for (body, status, code) in [
        (
            json!({"words": "tyre", "replacement": "wheel"}),
            422,
            "SynonymRefused",
        ),
        (
            json!({"words": "hat", "replacement": "HAT"}),
            422,
            "SynonymRefused",
        ),
        (
            json!({"words": "", "replacement": "x"}),
            422,
            "SynonymRefused",
        ),
        (
            json!({"ruleId": "nope", "words": "a", "replacement": "b"}),
            404,
            "SynonymRefused",
        ),
    ] {
        let answer = as_merchandiser(
            &mut a,
            "POST",
            "/api/staff/merch/synonyms/draft",
            Some(body.clone()),
        )
        .await;
        assert_eq!(answer.status, status, "{body}: {}", answer.body);
        assert_eq!(answer.json()["code"], code, "{body}");
    }
    let same = as_merchandiser(
        &mut a,
        "POST",
        "/api/staff/merch/synonyms/rollback",
        Some(json!({"version": 1})),
    )
    .await;
    assert_eq!(same.status, 422, "version 1 is the one published");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'SynonymSet'"
        )
        .await,
        1,
        "nothing refused was recorded"
    );
    assert_eq!(a.other().get("/api/staff/merch/synonyms").await.status, 401);
    let post = a
        .other()
        .post(
            "/api/staff/merch/synonyms/draft",
            json!({"words": "a", "replacement": "b"}),
        )
        .await;
    assert_eq!(post.status, 401);
}
