//! The header's shared parts (department menu, links, messages) and the store directory are
//! built once per catalog change, not per request; the SPA can leave the menu out and keep it
//! by version.

use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::common::*;

/// The whole app with the catalog-change listener `serve` runs (invalidating the header and the
/// store directory); stop it by sending `true` and awaiting the handle.
fn listened_app(
    env: &TestEnv,
) -> (
    Client,
    storefront::app::AppState,
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<()>,
) {
    let state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let listener = tokio::spawn(query::shopping::header::listen_for_changes(
        env.pool.clone(),
        state.on_catalog_change(),
        stop_rx,
    ));
    let client = Client {
        app: storefront::app::router(state.clone(), &storefront::Roles::all()),
        cookies: Default::default(),
    };
    (client, state, stop_tx, listener)
}

#[tokio::test]
async fn the_menu_is_built_once_per_catalog_change_and_kept_by_version() {
    let env = spawn_env().await;
    let dir = std::env::temp_dir().join(unique("dept"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.jsonl");
    std::fs::write(
        &file,
        r#"{"type":"department","id":1,"parentId":null,"name":"Farm & Ranch","url":"/farm-ranch/","bannerImageUrl":null,"bannerLinkUrl":null,"sortOrder":0}
"#,
    )
    .unwrap();
    storefront::importer::import_file(&env.pool, &file)
        .await
        .unwrap();
    let (mut c, state, stop_tx, listener) = listened_app(&env);
    let cache = state.header.clone();

    let full = c.get("/globalresource/header/").await;
    let h = full.json();
    assert_eq!(h["deptMenu"][0]["name"], "Farm & Ranch", "{h}");
    let version = h["deptMenuVersion"].as_str().unwrap().to_string();
    for _ in 0..20 {
        c.get("/globalresource/header/").await;
    }
    let builds = cache.builds.load(Ordering::Relaxed);
    assert!(builds <= 2, "built {builds} times for 21 requests");

    // The SPA's call: the menu left out, fetched by version (immutable) instead.
    let slim = c.get("/globalresource/header/?deptMenu=omit").await;
    assert!(slim.json().get("deptMenu").is_none());
    assert_eq!(slim.json()["deptMenuVersion"], version.as_str());
    assert!(slim.body.len() * 2 < full.body.len() || full.body.len() < 600);
    let menu = c
        .get(&format!("/globalresource/dept-menu/?v={version}"))
        .await;
    assert_eq!(menu.status, 200);
    assert_eq!(menu.json(), h["deptMenu"]);
    assert_eq!(
        menu.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let old = c.get("/globalresource/dept-menu/?v=0000").await;
    assert_eq!(old.status, 302);
    assert_eq!(
        old.headers["location"],
        format!("/globalresource/dept-menu/?v={version}").as_str()
    );

    // A department change reaches the header at once (the projection notifies).
    std::fs::write(
        &file,
        r#"{"type":"department","id":2,"parentId":null,"name":"Home & Garden","url":"/home-garden/","bannerImageUrl":null,"bannerLinkUrl":null,"sortOrder":1}
"#,
    )
    .unwrap();
    storefront::importer::import_file(&env.pool, &file)
        .await
        .unwrap();
    let mut probe = c.other();
    assert!(
        eventually(Duration::from_secs(10), || {
            let mut probe = probe.other();
            async move {
                probe.get("/globalresource/header/").await.json()["deptMenu"][1]["name"]
                    == "Home & Garden"
            }
        })
        .await,
        "the new department shows"
    );
    let h = probe.get("/globalresource/header/").await.json();
    assert_ne!(h["deptMenuVersion"], version.as_str());
    let _ = stop_tx.send(true);
    let _ = listener.await;
}

/// A store as an import line, its phone number given.
fn store_line(phone: &str) -> String {
    let hours = serde_json::json!({
        "Monday": "7:00 AM - 9:00 PM", "Tuesday": "7:00 AM - 9:00 PM",
        "Wednesday": "7:00 AM - 9:00 PM", "Thursday": "7:00 AM - 9:00 PM",
        "Friday": "7:00 AM - 9:00 PM", "Saturday": "7:00 AM - 8:00 PM", "Sunday": "8:00 AM - 6:00 PM"
    });
    let line = serde_json::json!({
        "type": "store", "storeNum": 12, "city": "Janesville", "cityAlias": "janesville",
        "state": "WI", "address1": "2700 Milton Ave", "zip": "53545", "phone": phone,
        "autoCenterPhone": null, "lat": 42.7, "lon": -89.0, "timeZone": "America/Chicago",
        "hours": hours, "autoHours": null, "urlAlias": "janesville-wi", "googlePlaceID": "x",
        "googleMapZoom": 14, "comingSoon": false,
        "localDeliveryInformation": {"isEnabled": false, "label": ""}
    });
    format!("{line}\n")
}

#[tokio::test]
async fn a_store_change_reaches_store_pages_and_lookups_without_a_restart() {
    let env = spawn_env().await;
    let dir = std::env::temp_dir().join(unique("stores"));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stores.jsonl");
    std::fs::write(&file, store_line("(608) 555-0100")).unwrap();
    let report = storefront::importer::import_file(&env.pool, &file)
        .await
        .unwrap();
    assert_eq!(report.stores, 1, "{:?}", report.rejected);
    let (c, _, stop_tx, listener) = listened_app(&env);
    let phone = |mut c: Client| async move {
        let page = c.get("/api/stores/janesville-wi").await;
        assert_eq!(page.status, 200, "{}", page.body);
        page.json()["phone"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(phone(c.other()).await, "(608) 555-0100");

    // The store directory is kept in memory; the projection's notification reloads it (without
    // it the old phone would stay up to a minute).
    std::fs::write(&file, store_line("(608) 555-0199")).unwrap();
    storefront::importer::import_file(&env.pool, &file)
        .await
        .unwrap();
    assert!(
        eventually(Duration::from_secs(10), || {
            let c = c.other();
            async move { phone(c).await == "(608) 555-0199" }
        })
        .await,
        "the new phone number shows"
    );
    let _ = stop_tx.send(true);
    let _ = listener.await;
}
