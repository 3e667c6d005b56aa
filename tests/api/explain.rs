//! Item details (explain) and the search page's legacy dialog calls, black-box over HTTP on the
//! small fixed catalog of tests/search.rs: the fields and matched words of a keyword, a product
//! that does not match, unknown products, staff-only score parts and pins, the legacy `html`,
//! `Html` and `Image` shapes, inert HTML, and refused calls.

use crate::common;
use crate::common::*;
use serde_json::Value;

use crate::common::search_catalog::*;

const BEARER: &str = "Bearer merchandiser-test-token-0123456789";

async fn get_as(c: &mut Client, path: &str, headers: &[(&str, &str)]) -> common::Answer {
    c.send_with("GET", path, None, String::new(), headers).await
}

/// The JSON item details of `query`, as a shopper (200 expected).
async fn explain(c: &mut Client, query: &str) -> Value {
    let a = c.get(&format!("/api/search/explain?{query}")).await;
    assert_eq!(a.status, 200, "{query}: {}", a.body);
    a.json()
}

/// The JSON item details of `query`, as a merchandiser (200 expected).
async fn explain_staff(c: &mut Client, query: &str) -> common::Answer {
    let a = get_as(
        c,
        &format!("/api/search/explain?{query}"),
        &[("authorization", BEARER)],
    )
    .await;
    assert_eq!(a.status, 200, "{query}: {}", a.body);
    a
}

fn word<'a>(answer: &'a Value, w: &str) -> &'a Value {
    answer["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["word"] == w)
        .unwrap_or_else(|| panic!("no word {w}: {}", answer["words"]))
}

async fn pin(c: &mut Client, item: &str, keyword: &str) {
    let a = c
        .send_with(
            "POST",
            "/api/merch/AddItemToTop",
            Some("application/json"),
            serde_json::json!({"itemId": item, "keyword": keyword}).to_string(),
            &[("authorization", BEARER)],
        )
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
}

#[tokio::test]
async fn item_details_name_the_fields_and_the_words_that_matched() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;

    let a = explain(&mut c, "keyword=rope&docid=800001").await;
    assert_eq!(a["docid"], "800001");
    assert_eq!(a["keyword"], "rope");
    assert_eq!(
        a["fields"],
        serde_json::json!({
            "number": "800001",
            "name": "Poly Rope 1/2 in x 100 ft",
            "brand": "Rugged Ranch",
            "keywords": ["Farm & Ranch", "Livestock"],
            "attributes": [],
            "description": "Poly Rope 1/2 in x 100 ft from Rugged Ranch.",
        })
    );
    assert_eq!(a["inIndex"], true);
    assert_eq!(a["matched"], true);
    assert_eq!(a["keywordMatched"], true);
    assert_eq!(a["failedFilters"], serde_json::json!([]));
    assert_eq!(a["numberMatched"], false);
    assert_eq!(
        a["words"],
        serde_json::json!([{
            "word": "rope",
            "stems": ["rope"],
            "fields": ["name", "description"],
            "typos": [],
            "matched": true,
        }])
    );
    assert!(a.get("scores").is_none(), "no score parts for shoppers");
    assert!(a.get("board").is_none());

    // Two words, each in its own fields; attribute values and department names count.
    let a = explain(&mut c, "keyword=winter+tire&docid=800008").await;
    assert_eq!(a["matched"], true);
    assert_eq!(
        word(&a, "winter")["fields"],
        serde_json::json!(["name", "attributes", "description"])
    );
    assert_eq!(
        word(&a, "tire")["fields"],
        serde_json::json!(["name", "keywords", "description"])
    );
    assert_eq!(
        a["fields"]["attributes"],
        serde_json::json!([
            {"name": "Tire Size", "value": "225/65R17"},
            {"name": "Season", "value": "Winter"},
        ])
    );
    let a = explain(&mut c, "keyword=firestone&docid=800008").await;
    assert_eq!(
        word(&a, "firestone")["fields"],
        serde_json::json!(["brand", "description"])
    );

    // A typo forgiven: the word of the name it stands for.
    let a = explain(&mut c, "keyword=chargr&docid=800004").await;
    assert_eq!(a["matched"], true);
    let w = word(&a, "chargr");
    assert_eq!(w["fields"], serde_json::json!([]));
    assert_eq!(
        w["typos"],
        serde_json::json!([{"field": "name", "word": "charger", "edits": 1}])
    );
    assert_eq!(w["matched"], true);

    // A synonym: the replacement word is listed with the word it stands for.
    let a = explain(&mut c, "keyword=winter+tyre&docid=800008").await;
    assert_eq!(a["matched"], true);
    // 'tyre' itself is a word the catalog lacks: it also matches 'tire' with a typo forgiven.
    assert_eq!(word(&a, "tyre")["fields"], serde_json::json!([]));
    assert_eq!(
        word(&a, "tyre")["typos"],
        serde_json::json!([{"field": "name", "word": "tire", "edits": 1}])
    );
    let tire = word(&a, "tire");
    assert_eq!(tire["synonymOf"], "tyre");
    assert_eq!(tire["matched"], true);

    // The keyword is the product's number.
    let a = explain(&mut c, "keyword=800013&docid=800013").await;
    assert_eq!(a["matched"], true);
    assert_eq!(a["numberMatched"], true);
    assert_eq!(word(&a, "800013")["fields"], serde_json::json!(["number"]));
}

#[tokio::test]
async fn a_product_that_does_not_match_gets_its_fields_and_why_not() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let a = explain(&mut c, "keyword=rope&docid=800002").await;
    assert_eq!(a["matched"], false);
    assert_eq!(a["keywordMatched"], false);
    assert_eq!(a["fields"]["name"], "Hi-Tensile Fence Wire 12.5 ga");
    assert_eq!(word(&a, "rope")["matched"], false);
    assert_eq!(word(&a, "rope")["fields"], serde_json::json!([]));

    // The keyword matches; a filter leaves it out.
    let a = explain(&mut c, "keyword=tire&brand=Cooper&docid=800008").await;
    assert_eq!(a["matched"], false);
    assert_eq!(a["keywordMatched"], true);
    assert_eq!(a["failedFilters"], serde_json::json!(["brand"]));
    let a = explain(&mut c, "lp=1&docid=800008").await;
    assert_eq!(a["matched"], false);
    assert_eq!(a["keywordMatched"], Value::Null, "no keyword");
    assert_eq!(a["failedFilters"], serde_json::json!(["lp"]));
    let a = explain(&mut c, "lp=2&season=Winter&docid=800008").await;
    assert_eq!(a["matched"], true);

    // Unknown and discontinued products: 404 in the one error shape.
    for docid in ["999999", "800012"] {
        let a = c
            .get(&format!("/api/search/explain?keyword=rope&docid={docid}"))
            .await;
        assert_eq!(a.status, 404, "{docid}");
        let v = a.json();
        assert_eq!(v["code"], "NotFound");
        assert_eq!(v["message"], "Product not found.");
        assert_eq!(v["success"], false);
    }
    let a = c.get("/api/search/explain?keyword=rope").await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(a.json()["code"], "MissingParameter");
    for bad in [
        "keyword=rope&docid=800001&sort=bogus",
        "keyword=rope&docid=800001&mpp=0",
        "keyword=rope&docid=800001&department=x",
    ] {
        let a = c.get(&format!("/api/search/explain?{bad}")).await;
        assert_eq!(a.status, 400, "{bad}: {}", a.body);
    }
    let a = c.get("/api/search/explain?lp=999999&docid=800001").await;
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["message"], "Department not found.");
}

#[tokio::test]
async fn score_parts_pins_and_rules_are_for_staff_only() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    pin(&mut c, "800003", "wire").await;
    pin(&mut c, "800002", "wire").await; // the board: 800002, 800003

    // A shopper, with or without a preview cookie or a wrong token, sees no score parts.
    for headers in [
        vec![],
        vec![("cookie", "preview=1; hawkpreview=true; enablePreview=true")],
        vec![("authorization", "Bearer not-a-staff-token-0123456789")],
    ] {
        let a = get_as(
            &mut c,
            "/api/search/explain?keyword=wire&docid=800003",
            &headers,
        )
        .await;
        assert_eq!(a.status, 200, "{}", a.body);
        let v = a.json();
        assert_eq!(v["matched"], true);
        assert!(v.get("scores").is_none(), "{headers:?}: {v}");
        assert!(v.get("board").is_none());
        assert!(!a.body.contains("pin"), "nothing about pins: {}", a.body);
    }

    let a = explain_staff(&mut c, "keyword=wire&docid=800003").await;
    assert_eq!(a.headers["cache-control"], "private, no-store");
    let v = a.json();
    assert_eq!(v["board"], "kw:wire");
    let s = &v["scores"];
    let score = s["score"].as_f64().unwrap();
    assert!(score > 0.0, "{s}");
    assert!(
        (s["explanation"]["value"].as_f64().unwrap() - score).abs() < 1e-6,
        "the explanation adds up to the score: {s}"
    );
    assert!(s["explanation"]["details"]
        .as_array()
        .is_some_and(|d| !d.is_empty()));
    assert_eq!(s["rankedByScore"], true);
    assert_eq!(s["storeBoost"], 2.0);
    assert_eq!(s["storeBoostApplied"], false);
    assert_eq!(s["pin"], serde_json::json!({"position": 2, "slot": 2}));
    assert!(s["rules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r.as_str().unwrap().starts_with("Pinned: position 2")));
    let v = explain_staff(&mut c, "keyword=Wire&docid=800002")
        .await
        .json();
    assert_eq!(
        v["scores"]["pin"],
        serde_json::json!({"position": 1, "slot": 1})
    );
    // Another sort: the pin does not hold its slot; the score does not order.
    let v = explain_staff(&mut c, "keyword=wire&sort=price-desc&docid=800003")
        .await
        .json();
    assert_eq!(
        v["scores"]["pin"],
        serde_json::json!({"position": 2, "slot": null})
    );
    assert_eq!(v["scores"]["rankedByScore"], false);
    // Not pinned, and not matching: no score.
    let v = explain_staff(&mut c, "keyword=wire&docid=800001")
        .await
        .json();
    assert_eq!(v["matched"], false);
    assert_eq!(v["scores"]["score"], Value::Null);
    assert_eq!(v["scores"]["pin"], Value::Null);
    // A synonym rule is named.
    let v = explain_staff(&mut c, "keyword=winter+tyre&docid=800008")
        .await
        .json();
    assert!(v["scores"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r == "Synonym: 'tyre' also matches 'tire'."));

    // With store 1 chosen: the in-store boost is added to a match on its shelf only.
    c.get("/stores/set-json/1").await;
    let at_store = explain_staff(&mut c, "keyword=tire&docid=800007")
        .await
        .json();
    assert_eq!(at_store["scores"]["storeBoostApplied"], true);
    let elsewhere = explain_staff(&mut c, "keyword=tire&docid=800009")
        .await
        .json();
    assert_eq!(elsewhere["scores"]["storeBoostApplied"], false);
}

#[tokio::test]
async fn the_legacy_calls_answer_the_spec_shapes() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;

    // Item details: {"html": …}.
    let a = c.get("/s/a/?keyword=rope&ajax=1&json=1&docid=800001").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v.as_object().unwrap().len(), 1, "{v}");
    let html = v["html"].as_str().unwrap();
    assert!(html.starts_with("<div class=\"item-explain\""), "{html}");
    assert!(html.contains("Poly Rope 1/2 in x 100 ft"));
    assert!(html.contains("Matches this search."));
    assert!(
        html.contains("<tr><td>rope</td><td>name, description</td></tr>"),
        "{html}"
    );
    assert!(!html.contains("Score parts"), "shoppers: {html}");
    let staff = get_as(
        &mut c,
        "/s/a/?keyword=rope&ajax=1&json=1&docid=800001",
        &[("authorization", BEARER)],
    )
    .await;
    assert!(staff.json()["html"]
        .as_str()
        .unwrap()
        .contains("Score parts"));
    let a = c.get("/s/a/?keyword=rope&ajax=1&json=1&docid=999999").await;
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["message"], "Product not found.");

    // More like this: {"Html": …}, the similar items, never the product itself.
    let a = c
        .get("/s/a/default.aspx?fn=ajax&f=MoreLikeThis&args=800007")
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let v = a.json();
    assert_eq!(v.as_object().unwrap().len(), 1, "{v}");
    let html = v["Html"].as_str().unwrap();
    assert!(html.starts_with("<ul class=\"similar-items\">"), "{html}");
    assert!(html.contains("data-blain-number=\"800008\""));
    assert!(html.contains("data-blain-number=\"800009\""));
    assert!(!html.contains("data-blain-number=\"800007\""));
    // The function's name and value in any case, on either legacy path.
    let a = c.get("/s/a/?fn=ajax&F=morelikethis&args=800007").await;
    assert_eq!(a.json()["Html"], v["Html"]);
    let a = c
        .get("/s/a/default.aspx?fn=ajax&f=MoreLikeThis&args=999999")
        .await;
    assert_eq!(a.status, 404);

    // The image to compare: the product's first image.
    sqlx::query(
        "UPDATE products SET images = '[\"/images/800007-front.jpg\", \"/images/800007-side.jpg\"]'::jsonb \
         WHERE blain_number = '800007'",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let a = c
        .get("/s/a/default.aspx?fn=ajax&F=GetItemImageToCompare&ItemId=800007")
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        a.json(),
        serde_json::json!({"Image": "/images/800007-front.jpg"})
    );
    let a = c
        .get("/s/a/default.aspx?fn=ajax&F=GetItemImageToCompare&ItemId=800008")
        .await;
    assert_eq!(a.json(), serde_json::json!({"Image": ""}), "no image");
    let a = c
        .get("/s/a/default.aspx?fn=ajax&F=GetItemImageToCompare&ItemId=999999")
        .await;
    assert_eq!(a.status, 404);
    assert_eq!(a.json()["message"], "Product not found.");

    // Compare: the same HTML as /s/a/compare.
    let legacy = c.get("/s/a/?fn=compare&Items=800007,800008").await;
    let direct = c.get("/s/a/compare?Items=800007,800008").await;
    assert_eq!(legacy.status, 200);
    assert!(legacy.headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    assert!(legacy.body.starts_with("<table"));
    assert_eq!(legacy.body, direct.body);
    let a = c.get("/s/a/?fn=compare&Items=800007").await;
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["message"], "You should select at least 2 items");
}

#[tokio::test]
async fn legacy_html_is_inert() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    let payload = "<img src=x onerror=alert(1)> \"Rope\" <script>alert('x')</script>";
    for number in ["800001", "800008"] {
        sqlx::query(
            "UPDATE products SET name = $1, vendor_brand = $1, description = $1, \
             images = '[\"javascript:alert(1)\"]'::jsonb WHERE blain_number = $2",
        )
        .bind(payload)
        .bind(number)
        .execute(&env.pool)
        .await
        .unwrap();
    }
    let bodies = [
        c.get("/s/a/?keyword=rope&ajax=1&json=1&docid=800001")
            .await
            .json()["html"]
            .as_str()
            .unwrap()
            .to_string(),
        get_as(
            &mut c,
            "/s/a/?keyword=%3Cscript%3Erope&ajax=1&json=1&docid=800001",
            &[("authorization", BEARER)],
        )
        .await
        .json()["html"]
            .as_str()
            .unwrap()
            .to_string(),
        c.get("/s/a/default.aspx?fn=ajax&f=MoreLikeThis&args=800007")
            .await
            .json()["Html"]
            .as_str()
            .unwrap()
            .to_string(),
    ];
    for html in &bodies {
        assert!(!html.contains("<img src=x"), "inert: {html}");
        assert!(!html.contains("<script"), "inert: {html}");
        assert!(!html.contains("javascript:"), "no script URLs: {html}");
    }
    assert!(bodies[0].contains("&lt;img src=x onerror=alert(1)&gt; &quot;Rope&quot;"));
    assert!(
        bodies[2].contains("data-blain-number=\"800008\""),
        "{}",
        bodies[2]
    );
    assert!(bodies[2].contains("&lt;script&gt;"));
    let a = c
        .get("/s/a/default.aspx?fn=ajax&F=GetItemImageToCompare&ItemId=800001")
        .await;
    assert_eq!(a.json(), serde_json::json!({"Image": ""}), "no script URL");
}

#[tokio::test]
async fn unknown_and_odd_calls_are_refused_clearly() {
    let env = spawn_env().await;
    let (mut c, _) = shop(&env).await;
    for (path, code) in [
        ("/s/a/?fn=bogus", "UnknownFunction"),
        ("/s/a/default.aspx?fn=", "UnknownFunction"),
        (
            "/s/a/default.aspx?fn=ajax&f=Bogus&args=1",
            "UnknownFunction",
        ),
        ("/s/a/default.aspx?fn=ajax", "MissingParameter"),
        (
            "/s/a/default.aspx?fn=ajax&f=MoreLikeThis",
            "MissingParameter",
        ),
        (
            "/s/a/default.aspx?fn=ajax&F=GetItemImageToCompare&ItemId=+",
            "MissingParameter",
        ),
        ("/s/a/", "MissingParameter"),
        ("/s/a/default.aspx", "MissingParameter"),
        ("/s/a/?keyword=rope", "MissingParameter"),
        ("/s/a/?keyword=rope&docid=800001&mpp=999", "InvalidSearch"),
        (
            "/s/a/?fn=ajax&f=AddItemToTop&itemId=800001&keyword=wire",
            "PinsArePosts",
        ),
    ] {
        let a = c.get(path).await;
        assert_eq!(a.status, 400, "{path}: {}", a.body);
        let v = a.json();
        assert_eq!(v["code"], code, "{path}: {v}");
        assert!(!v["message"].as_str().unwrap().is_empty());
    }
    let a = c.get("/s/a/?fn=bogus").await;
    assert_eq!(
        a.json()["message"],
        "Unknown fn: the search page's calls are fn=compare and fn=ajax."
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'PinBoard'"
        )
        .await,
        0,
        "a GET never pins"
    );
    // Odd but readable input never fails the server.
    let long = "x".repeat(3000);
    for path in [
        format!("/s/a/?keyword={long}&docid=800001"),
        format!("/api/search/explain?keyword={long}&docid={long}"),
        "/api/search/explain?keyword=%E2%80%AE%F0%9F%98%80+a+b+c+d+e+f+g+h+i+j+k+l+m+n+o+p+q+r&docid=800001".to_string(),
        "/s/a/default.aspx?fn=ajax&f=MoreLikeThis&args=%F0%9F%98%80".to_string(),
        "/s/a/?fn=compare&Items=,,,,".to_string(),
        "/s/a/?docid=%FF%FE".to_string(),
        "/s/a/?fn=ajax&f=GetItemImageToCompare&ItemId=%C0%80".to_string(),
    ] {
        let a = c.get(&path).await;
        assert!(a.status.as_u16() < 500, "{path}: {} {}", a.status, a.body);
    }
}
