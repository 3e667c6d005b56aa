//! The OpenAPI document stays in sync with the routers and the code: it is the one the
//! handlers generate, every documented operation is routed, and every route in the source is
//! documented.

use std::collections::BTreeSet;

use crate::common::*;

fn documented() -> BTreeSet<(String, String)> {
    let doc: serde_json::Value =
        serde_json::from_str(storefront::app::OPENAPI).expect("docs/openapi.json is JSON");
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().unwrap().keys() {
            ops.insert((method.to_uppercase(), path.clone()));
        }
    }
    ops
}

/// `.route("/path", get(handler))` and `.route("/path", post(handler))` in the source files.
fn routed_in_source() -> BTreeSet<(String, String)> {
    let root = env!("CARGO_MANIFEST_DIR");
    fn walk(dir: &std::path::Path, files: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    for dir in ["src", "command/src", "query/src", "tracker/src"] {
        walk(&std::path::Path::new(root).join(dir), &mut files);
    }
    let mut ops = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let compact = text
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace(".route( \"", ".route(\"");
        for part in compact.split(".route(\"").skip(1) {
            let (path, rest) = part.split_once('"').unwrap();
            let rest = rest.trim_start_matches(',').trim_start();
            let method = rest.split('(').next().unwrap().to_uppercase();
            ops.insert((method, path.to_string()));
        }
    }
    ops
}

#[test]
fn the_committed_document_is_the_one_the_handlers_generate() {
    let generated = storefront::openapi::document_text();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/openapi.json");
        std::fs::write(path, &generated).unwrap();
    }
    assert!(
        generated == storefront::app::OPENAPI,
        "docs/openapi.json is not the document the handlers generate: run \
         `cargo run -q -- openapi > docs/openapi.json`, then `npm run api-types` in web/"
    );
}

#[test]
fn every_route_in_the_source_is_documented_and_nothing_else() {
    let source = routed_in_source();
    let doc = documented();
    let undocumented: Vec<_> = source.difference(&doc).collect();
    let stale: Vec<_> = doc.difference(&source).collect();
    assert!(
        undocumented.is_empty(),
        "routes missing from docs/openapi.json: {undocumented:?}"
    );
    assert!(stale.is_empty(), "documented but not routed: {stale:?}");
    assert!(
        source.len() >= 25,
        "the scan finds the routes ({})",
        source.len()
    );
}

#[tokio::test]
async fn every_documented_operation_answers_and_the_document_is_served() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    for (method, path) in documented() {
        let concrete = path
            .replace("{store_num}", "1")
            .replace("{url_alias}", "janesville-wi")
            .replace("{file}", "pages.xml.gz");
        let answer = if method == "POST" {
            c.send("POST", &concrete, Some("application/json"), "{}".into())
                .await
        } else {
            c.get(&concrete).await
        };
        let unrouted = answer.status == 405 || answer.body.contains("URL route not found");
        assert!(
            !unrouted,
            "{method} {path} is not routed: {} {}",
            answer.status, answer.body
        );
        assert!(
            answer.status.as_u16() < 500 || path == "/readyz",
            "{method} {path}: {} {}",
            answer.status,
            answer.body
        );
    }
    let served = c.get("/api/openapi.json").await;
    assert_eq!(served.json()["openapi"], "3.1.0");
}
