//! Recommendation widgets on a small fixed catalog written through the catalog commands:
//! which products each widget answers (similar items by more-like-this, popular in department
//! by the stock proxy), where the context product comes from, unknown widgets, untrusted
//! client ids, escaped HTML, request bounds in the one error shape, reads never stored by Idempotency-Key,
//! and the staff-only rule explanation (no JSONP).

use crate::common::search_catalog::{catch_up_all, department, indexed_app, STAFF_TOKEN};
use crate::common::*;
use command::catalog::*;
use command::eventstore;
use query::search::recommendations::{
    DEPARTMENT_STOCK_MODEL, MORE_LIKE_THIS_MODEL, POPULAR_IN_DEPARTMENT_WIDGET,
    SIMILAR_ITEMS_WIDGET,
};
use serde_json::{json, Value};

const XSS_NAME: &str = "<script>alert(1)</script> Lead \"Rope\" & 'Snap'";
const XSS_BRAND: &str = "<img src=x onerror=alert(2)>";

/// (number, name, brand, department, attributes, image)
type Fixture = (
    &'static str,
    &'static str,
    &'static str,
    i32,
    &'static [(&'static str, &'static str)],
    Option<&'static str>,
);

const PRODUCTS: &[Fixture] = &[
    (
        "800001",
        "Hi-Tensile Fence Wire 12.5 ga",
        "Red Brand",
        101,
        &[],
        None,
    ),
    ("800002", "Barbed Wire 4 Point", "Red Brand", 101, &[], None),
    ("800003", "Electric Fence Charger", "Zareba", 101, &[], None),
    (
        "800004",
        "Cattle Panel 16 ft",
        "Behlen Country",
        101,
        &[],
        None,
    ),
    // Discontinued below: never recommended, however much stock it has.
    ("800005", "Steel T-Post 6 ft", "Red Brand", 101, &[], None),
    (
        "800006",
        "All Season Tire 225/65R17",
        "Cooper",
        201,
        &[("Tire Size", "225/65R17"), ("Season", "All Season")],
        None,
    ),
    (
        "800007",
        "Winter Tire 225/65R17",
        "Firestone",
        201,
        &[("Tire Size", "225/65R17"), ("Season", "Winter")],
        None,
    ),
    (
        "800008",
        "All Season Tire 205/55R16",
        "Cooper",
        201,
        &[("Tire Size", "205/55R16"), ("Season", "All Season")],
        None,
    ),
    (
        "800009",
        XSS_NAME,
        XSS_BRAND,
        102,
        &[],
        Some("javascript:alert(3)"),
    ),
    ("800010", "Rope Halter", "Weaver", 102, &[], None),
    (
        "800011",
        "Fence Staples 1 lb",
        "Grip-Rite",
        101,
        &[],
        Some("/img/staples.jpg"),
    ),
];

/// (number, web warehouse units, [(store, is_stocked, on hand)])
type Stock = (&'static str, i32, &'static [(i32, bool, i32)]);

/// In Fencing (101): 800002 is in stock at 3 stores, 800001 at 2, 800011 and 800004 at 1 each
/// (800011 with more web units), 800003 at none (store 1 holds units but does not stock it).
const STOCK: &[Stock] = &[
    ("800001", 5, &[(1, true, 4), (2, true, 2), (3, true, 0)]),
    ("800002", 0, &[(1, true, 1), (2, true, 1), (3, true, 9)]),
    ("800003", 50, &[(1, false, 7)]),
    ("800004", 10, &[(2, true, 3)]),
    ("800005", 100, &[(1, true, 9), (2, true, 9), (3, true, 9)]),
    ("800011", 30, &[(3, true, 12)]),
];

async fn catalog(env: &TestEnv) {
    let departments = vec![
        department(1, None, "Farm & Ranch", "/farm-ranch/"),
        department(101, Some(1), "Fencing", "/farm-ranch/fencing/"),
        department(102, Some(1), "Livestock", "/farm-ranch/livestock/"),
        department(2, None, "Automotive", "/automotive/"),
        department(201, Some(2), "Tires", "/automotive/tires/"),
    ];
    eventstore::run::<Department>(&env.pool, &())
        .commands(departments)
        .batch()
        .await
        .unwrap();
    let products = PRODUCTS
        .iter()
        .map(|&(number, name, brand, dept, attributes, image)| {
            let mut p = product(number, 1999);
            p.name = name.into();
            p.vendor_brand = brand.into();
            p.department_id = dept;
            p.department_path = match dept {
                101 => vec!["Farm & Ranch".into(), "Fencing".into()],
                102 => vec!["Farm & Ranch".into(), "Livestock".into()],
                _ => vec!["Automotive".into(), "Tires".into()],
            };
            p.description = format!("{name} from {brand}.");
            p.attributes = attributes
                .iter()
                .map(|(n, v)| Attribute {
                    name: (*n).into(),
                    value: (*v).into(),
                })
                .collect();
            p.images = image.iter().map(|i| i.to_string()).collect();
            (number.to_string(), ProductCommand::Upsert(Box::new(p)))
        })
        .collect();
    eventstore::run::<Product>(&env.pool, &())
        .commands(products)
        .batch()
        .await
        .unwrap();
    eventstore::run::<Product>(&env.pool, &())
        .commands(vec![("800005".into(), ProductCommand::Discontinue)])
        .batch()
        .await
        .unwrap();
    let inventory = STOCK
        .iter()
        .map(|&(number, ecom, stores)| {
            (
                number.to_string(),
                InventoryCommand::Report {
                    blain_number: number.into(),
                    ecom_on_hand: ecom,
                    stores: stores
                        .iter()
                        .map(|&(store_num, is_stocked, store_on_hand)| StoreStock {
                            store_num,
                            is_stocked,
                            store_on_hand,
                        })
                        .collect(),
                },
            )
        })
        .collect();
    eventstore::run::<Inventory>(&env.pool, &())
        .commands(inventory)
        .batch()
        .await
        .unwrap();
    catch_up_all(env).await;
}

/// A client of the whole app whose index holds the fixed catalog; staff token configured.
async fn shop(env: &TestEnv) -> Client {
    catalog(env).await;
    indexed_app(env).await.0
}

const PATH: &str = "/api/recommendation/";

fn request(widgets: Value) -> Value {
    json!({
        "visitId": "0b0c3a4e-6a43-4bd7-8a3e-6a3f3f5f8f11",
        "visitorId": "5b7f0c1e-1f6e-4d59-9d5e-0e4d1d2b7c22",
        "clientGuid": "c0ffee00-0000-4000-8000-000000000001",
        "enablePreview": false,
        "widgetUids": widgets,
        "contextProperties": {},
        "customProperties": {}
    })
}

async fn recommend(c: &mut Client, body: Value) -> Value {
    let a = c.post(PATH, body).await;
    assert_eq!(a.status, 200, "{}", a.body);
    a.json()
}

fn numbers(item: &Value) -> Vec<String> {
    item["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["blainNumber"].as_str().unwrap().to_string())
        .collect()
}

fn assert_refused(a: &Answer, status: u16, code: &str) {
    assert_eq!(a.status.as_u16(), status, "{}", a.body);
    let body = a.json();
    assert_eq!(body["success"], false, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[tokio::test]
async fn a_product_page_gets_similar_items_and_popular_in_its_department() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let body = recommend(
        &mut c,
        request(json!([
            {"widgetGuid": SIMILAR_ITEMS_WIDGET, "uniqueId": "800006"},
            {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800001"}
        ])),
    )
    .await;
    assert_eq!(body["isSuccess"], true);
    let request_id = body["requestId"].as_str().unwrap();
    assert!(uuid::Uuid::parse_str(request_id).is_ok(), "{request_id}");
    let items = body["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "{body}");

    // Similar items: the other tires first, never the product itself.
    let similar = &items[0];
    assert_eq!(similar["widgetGuid"], SIMILAR_ITEMS_WIDGET);
    assert_eq!(similar["title"], "Similar Items");
    let got = numbers(similar);
    assert!(
        !got.contains(&"800006".to_string()),
        "never itself: {got:?}"
    );
    let mut first_two = got[..2].to_vec();
    first_two.sort();
    assert_eq!(first_two, ["800007", "800008"], "{got:?}");
    assert!(!got.contains(&"800005".to_string()), "never discontinued");

    // Popular in Fencing: by stores in stock, then web units, then number; not itself, not
    // the discontinued post, not the charger's unstocked store units.
    let popular = &items[1];
    assert_eq!(popular["widgetGuid"], POPULAR_IN_DEPARTMENT_WIDGET);
    assert_eq!(popular["title"], "Popular in Fencing");
    assert_eq!(
        numbers(popular),
        ["800002", "800011", "800004", "800003"],
        "{popular}"
    );
    let p = &popular["products"][0];
    assert_eq!(p["name"], "Barbed Wire 4 Point");
    assert_eq!(p["vendorBrand"], "Red Brand");
    assert_eq!(p["url"], "/product/800002/barbed-wire-4-point/");
    assert_eq!(p["price"], "$19.99");
    assert_eq!(popular["products"][1]["thumbnail"], "/img/staples.jpg");

    // The HTML shows the same products in the same order, as links with their images.
    let html = popular["html"].as_str().unwrap();
    let at = |needle: &str| {
        html.find(needle)
            .unwrap_or_else(|| panic!("{needle} in {html}"))
    };
    assert!(at("/product/800002/") < at("/product/800011/"));
    assert!(at("/product/800011/") < at("/product/800004/"));
    assert!(at("/product/800004/") < at("/product/800003/"));
    assert!(html.contains("<h2 class=\"rec-widget__title\">Popular in Fencing</h2>"));
    assert!(html.contains("src=\"/img/staples.jpg\""));
    assert!(html.contains(&format!(
        "data-widget-guid=\"{POPULAR_IN_DEPARTMENT_WIDGET}\""
    )));

    for item in items {
        assert_eq!(item["isVertical"], false);
        assert_eq!(item["isCarousel"], true);
        assert_eq!(
            item["carouselData"],
            json!({
                "showNextPrevButtons": true,
                "showDots": false,
                "autoRotate": false,
                "autoRotateSpeed": 5000,
                "animationSpeed": 400,
                "nofVisible": 4,
                "scrollNumber": 4,
                "isCircular": false,
                "enableResponsive": true,
                "responseiveConfig": [
                    {"breakpoint": 1024, "nofVisible": 3, "scrollNumber": 3},
                    {"breakpoint": 768, "nofVisible": 2, "scrollNumber": 2},
                    {"breakpoint": 480, "nofVisible": 1, "scrollNumber": 1}
                ]
            })
        );
    }

    // Every answer has its own request id.
    let again = recommend(&mut c, request(json!([]))).await;
    assert_ne!(again["requestId"], body["requestId"]);
    assert_eq!(again["items"], json!([]));
}

#[tokio::test]
async fn the_context_product_comes_from_the_widget_or_the_context_properties() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    // No uniqueId on the widget: contextProperties.uniqueId (any case), then itemId.
    let mut body = request(json!([{"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET}]));
    body["contextProperties"] = json!({"UniqueId": "800002", "itemId": "800004"});
    let answer = recommend(&mut c, body).await;
    assert_eq!(
        numbers(&answer["items"][0]),
        ["800001", "800011", "800004", "800003"]
    );
    let mut body = request(json!([{"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": null}]));
    body["contextProperties"] = json!({"itemId": 800004});
    let answer = recommend(&mut c, body).await;
    assert_eq!(
        numbers(&answer["items"][0]),
        ["800002", "800001", "800011", "800003"]
    );
    // The widget's own uniqueId wins over the page's.
    let mut body = request(json!([
        {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800010"}
    ]));
    body["contextProperties"] = json!({"uniqueId": "800001"});
    let answer = recommend(&mut c, body).await;
    assert_eq!(numbers(&answer["items"][0]), ["800009"]);
    assert_eq!(answer["items"][0]["title"], "Popular in Livestock");

    // No context product, or an unknown one: the widget answers, empty.
    for widgets in [
        json!([{"widgetGuid": SIMILAR_ITEMS_WIDGET}]),
        json!([{"widgetGuid": SIMILAR_ITEMS_WIDGET, "uniqueId": "999999"}]),
        json!([{"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "  "}]),
        json!([{"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "999999"}]),
    ] {
        let answer = recommend(&mut c, request(widgets.clone())).await;
        let items = answer["items"].as_array().unwrap();
        assert_eq!(items.len(), 1, "{widgets}: {answer}");
        assert_eq!(items[0]["products"], json!([]), "{widgets}");
        assert_eq!(items[0]["html"], "", "{widgets}");
        assert_eq!(items[0]["widgetGuid"], widgets[0]["widgetGuid"]);
    }
}

#[tokio::test]
async fn unknown_widgets_are_skipped_and_known_ones_match_without_regard_to_case() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let upper = SIMILAR_ITEMS_WIDGET.to_uppercase();
    let answer = recommend(
        &mut c,
        request(json!([
            {"widgetGuid": "00000000-0000-4000-8000-000000000000", "uniqueId": "800006"},
            {"widgetGuid": "", "uniqueId": "800006"},
            {"widgetGuid": upper, "uniqueId": "800006"},
            {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800001"},
            {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800002"}
        ])),
    )
    .await;
    let items = answer["items"].as_array().unwrap();
    let guids: Vec<&str> = items
        .iter()
        .map(|i| i["widgetGuid"].as_str().unwrap())
        .collect();
    assert_eq!(
        guids,
        [
            upper.as_str(),
            POPULAR_IN_DEPARTMENT_WIDGET,
            POPULAR_IN_DEPARTMENT_WIDGET
        ],
        "unknown widgets get no item; the rest keep the request's order and spelling"
    );
    // The HTML names the widget by its own GUID, not by the client's text.
    assert!(items[0]["html"]
        .as_str()
        .unwrap()
        .contains(&format!("data-widget-guid=\"{SIMILAR_ITEMS_WIDGET}\"")));
    assert_eq!(numbers(&items[1])[0], "800002");
    assert_eq!(numbers(&items[2])[0], "800001");
}

#[tokio::test]
async fn the_client_ids_decide_nothing() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let widgets = json!([
        {"widgetGuid": SIMILAR_ITEMS_WIDGET, "uniqueId": "800006"},
        {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800001"}
    ]);
    let a = recommend(&mut c, request(widgets.clone())).await;
    let mut other = request(widgets.clone());
    other["visitId"] = json!("someone-else");
    other["visitorId"] = json!("admin");
    other["clientGuid"] = json!(null);
    other["enablePreview"] = json!(true);
    other["customProperties"] = json!({"segment": "staff", "tier": 3, "vip": true});
    let b = recommend(&mut c.other(), other).await;
    let bare = recommend(&mut c.other(), json!({ "widgetUids": widgets })).await;
    for answer in [&b, &bare] {
        assert_eq!(answer["items"], a["items"]);
    }
}

#[tokio::test]
async fn product_text_comes_back_inert_in_the_html() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let answer = recommend(
        &mut c,
        request(json!([
            {"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800010"}
        ])),
    )
    .await;
    let item = &answer["items"][0];
    // The JSON carries the text as it is (the SPA renders it as text).
    assert_eq!(item["products"][0]["name"], XSS_NAME);
    assert_eq!(item["products"][0]["vendorBrand"], XSS_BRAND);
    let html = item["html"].as_str().unwrap();
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<img src=x"), "{html}");
    assert!(
        !html.contains("javascript:"),
        "unsafe image left out: {html}"
    );
    assert!(
        html.contains(
            "&lt;script&gt;alert(1)&lt;/script&gt; Lead &quot;Rope&quot; &amp; &#39;Snap&#39;"
        ),
        "{html}"
    );
    assert!(
        html.contains("&lt;img src=x onerror=alert(2)&gt;"),
        "{html}"
    );
    // Only the widget's own markup is HTML: every tag is one of ours.
    for tag in html.split('<').skip(1) {
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(
            ["section", "h2", "ul", "li", "a", "span", "img"].contains(&name.as_str()),
            "unexpected tag {name} in {html}"
        );
    }
    assert!(!html.contains("<img"), "no image for this product: {html}");
}

#[tokio::test]
async fn requests_out_of_bounds_are_refused_in_the_error_shape() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let widget = json!({"widgetGuid": POPULAR_IN_DEPARTMENT_WIDGET, "uniqueId": "800001"});
    let ten: Vec<Value> = (0..10).map(|_| widget.clone()).collect();
    let answer = recommend(&mut c, request(json!(ten))).await;
    assert_eq!(answer["items"].as_array().unwrap().len(), 10);

    let eleven: Vec<Value> = (0..11).map(|_| widget.clone()).collect();
    let a = c.post(PATH, request(json!(eleven))).await;
    assert_refused(&a, 400, "TooManyWidgets");
    assert_eq!(a.json()["message"], "You can ask for up to 10 widgets.");

    let long = "x".repeat(101);
    let ok = "x".repeat(100);
    for field in ["visitId", "visitorId", "clientGuid"] {
        let mut body = request(json!([widget]));
        body[field] = json!(long);
        assert_refused(&c.post(PATH, body.clone()).await, 400, "TextTooLong");
        body[field] = json!(ok);
        assert_eq!(c.post(PATH, body).await.status, 200, "{field}");
    }
    for field in ["widgetGuid", "uniqueId"] {
        let mut w = widget.clone();
        w[field] = json!(long);
        assert_refused(&c.post(PATH, request(json!([w]))).await, 400, "TextTooLong");
    }
    let mut body = request(json!([widget]));
    body["contextProperties"] = json!({ "uniqueId": "x".repeat(501) });
    assert_refused(&c.post(PATH, body.clone()).await, 400, "TextTooLong");
    body["contextProperties"] = json!({ "k".repeat(101): "800001" });
    assert_refused(&c.post(PATH, body.clone()).await, 400, "TextTooLong");
    let many: serde_json::Map<String, Value> =
        (0..21).map(|i| (format!("p{i}"), json!("v"))).collect();
    body["customProperties"] = Value::Object(many);
    body["contextProperties"] = json!({});
    assert_refused(&c.post(PATH, body.clone()).await, 400, "TooManyProperties");
    body["customProperties"] = json!({"nested": {"a": 1}});
    assert_refused(&c.post(PATH, body.clone()).await, 422, "InvalidInput");

    // The A/B bucket: short text.
    let a = c
        .post(&format!("{PATH}?hawkb=b"), request(json!([widget])))
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    let a = c
        .post(&format!("{PATH}?hawkb={long}"), request(json!([widget])))
        .await;
    assert_refused(&a, 400, "TextTooLong");

    // Wrong shapes and types.
    for bad in [
        json!({}),
        json!({"widgetUids": "800001"}),
        json!({"widgetUids": [{"uniqueId": "800001"}]}),
        json!({"widgetUids": [{"widgetGuid": 7}]}),
        json!({"widgetUids": [{"widgetGuid": SIMILAR_ITEMS_WIDGET, "uniqueId": 800001}]}),
        json!({"widgetUids": [], "visitorId": 5}),
        json!({"widgetUids": [], "enablePreview": "yes"}),
        json!({"widgetUids": [], "contextProperties": []}),
        json!([]),
    ] {
        let a = c.post(PATH, bad.clone()).await;
        assert_refused(&a, 422, "InvalidInput");
    }
    let a = c
        .send(
            "POST",
            PATH,
            Some("application/json"),
            "{\"widgetUids\": [".into(),
        )
        .await;
    assert_refused(&a, 400, "MalformedJson");
    let a = c
        .send(
            "POST",
            PATH,
            Some("application/json"),
            "{\"widgetUids\": [], \"visitId\": \"a\\u0000b\"}".into(),
        )
        .await;
    assert_refused(&a, 400, "InvalidText");
    let a = c.send("POST", PATH, Some("text/plain"), "{}".into()).await;
    assert_refused(&a, 415, "UnsupportedMediaType");
}

#[tokio::test]
async fn a_repeat_with_the_same_idempotency_key_reads_again_and_stores_nothing() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let body = request(json!([{"widgetGuid": SIMILAR_ITEMS_WIDGET, "uniqueId": "800006"}]));
    let first = c.post_keyed(PATH, "rec-key-1", body.clone()).await;
    assert_eq!(first.status, 200, "{}", first.body);
    // A read (`SafeRead`, docs/decisions.md "Idempotency-Key"): the repeat reads again.
    let second = c.post_keyed(PATH, "rec-key-1", body.clone()).await;
    assert_eq!(second.status, 200);
    assert!(second.headers.get("idempotent-replayed").is_none());
    assert_ne!(second.json()["requestId"], first.json()["requestId"]);
    assert_eq!(
        second.json()["items"],
        first.json()["items"],
        "the same items"
    );
    let mut changed = body.clone();
    changed["widgetUids"][0]["uniqueId"] = json!("800007");
    let other = c.post_keyed(PATH, "rec-key-1", changed).await;
    assert_eq!(other.status, 200, "{}", other.body);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM idempotency_keys").await,
        0,
        "no answer of a read is stored"
    );
}

#[tokio::test]
async fn only_staff_read_the_rule_behind_a_widget_and_never_as_jsonp() {
    let env = spawn_env().await;
    let mut c = shop(&env).await;
    let explain = format!(
        "/api/v3/RecommendationModel/getruleexplain?widgetGuid={SIMILAR_ITEMS_WIDGET}&bu=https%3A%2F%2Fwww.example.com%2F&cg=c0ffee"
    );
    let a = c.get(&explain).await;
    assert_refused(&a, 401, "Unauthorized");
    assert_eq!(a.headers["www-authenticate"], "Bearer");
    let wrong = "Bearer merchandiser-test-token-0123456780".to_string();
    let a = c
        .send_with(
            "GET",
            &explain,
            None,
            String::new(),
            &[("authorization", &wrong)],
        )
        .await;
    assert_refused(&a, 401, "Unauthorized");

    let bearer = format!("Bearer {STAFF_TOKEN}");
    let auth = [("authorization", bearer.as_str())];
    let a = c
        .send_with("GET", &explain, None, String::new(), &auth)
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.headers["cache-control"], "private, no-store");
    let rules = a.json();
    let rules = rules.as_array().unwrap();
    assert_eq!(rules.len(), 1, "{rules:?}");
    assert_eq!(rules[0]["ModelGuid"], MORE_LIKE_THIS_MODEL);
    assert!(rules[0]["RuleString"]
        .as_str()
        .unwrap()
        .starts_with("Similar Items: more like this"));
    assert!(rules[0]["TriggerRuleString"]
        .as_str()
        .unwrap()
        .contains("uniqueId"));

    let path = format!(
        "/api/v3/RecommendationModel/getruleexplain?widgetGuid={}",
        POPULAR_IN_DEPARTMENT_WIDGET.to_uppercase()
    );
    let a = c.send_with("GET", &path, None, String::new(), &auth).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()[0]["ModelGuid"], DEPARTMENT_STOCK_MODEL);
    assert!(a.json()[0]["RuleString"]
        .as_str()
        .unwrap()
        .contains("number of stores holding the item in stock"));

    // An unknown widget has no rules.
    let a = c
        .send_with(
            "GET",
            "/api/v3/RecommendationModel/getruleexplain?widgetGuid=nope",
            None,
            String::new(),
            &auth,
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.json(), json!([]));

    // JSONP is refused, staff or not: a script tag on another site must get nothing.
    for headers in [&auth[..], &[]] {
        let a = c
            .send_with(
                "GET",
                &format!("{explain}&callback=steal"),
                None,
                String::new(),
                headers,
            )
            .await;
        assert_refused(&a, 400, "JsonpNotSupported");
        assert!(!a.body.contains("steal("));
    }

    // Missing or over-long parameters.
    let a = c
        .send_with(
            "GET",
            "/api/v3/RecommendationModel/getruleexplain?bu=x",
            None,
            String::new(),
            &auth,
        )
        .await;
    assert_refused(&a, 400, "MissingParameter");
    let a = c
        .send_with(
            "GET",
            &format!(
                "/api/v3/RecommendationModel/getruleexplain?widgetGuid=a&cg={}",
                "c".repeat(101)
            ),
            None,
            String::new(),
            &auth,
        )
        .await;
    assert_refused(&a, 400, "TextTooLong");
}
