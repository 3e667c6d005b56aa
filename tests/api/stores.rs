//! Store search (change-store menu and stock lookup) and the store pages, through the router.
//! The 54 demo stores come from the seed; products and inventory rows are inserted by hand so
//! every case is exact.

use std::collections::HashMap;

use crate::common::*;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use chrono::{DateTime, TimeZone, Utc};
use http_body_util::BodyExt;
use query::stores::{store_search, ResolutionType, StoreSearchRequest};
use serde_json::{json, Value};
use sqlx::PgPool;
use storefront::app::{router, AppParts};
use storefront::Roles;
use tower::ServiceExt;

const NO_STORES: &str = "No additional stores found within 200 miles of your location";
const OUT_OF_STOCK_NEAR: &str = "This item is out of stock at stores near you.";
const INVALID_ZIP: &str = "Please enter a valid ZIP code.";
/// Janesville, WI: 42 demo stores lie within 200 miles of its centroid.
const JANESVILLE_ZIP: &str = "53545";
const STORES_NEAR_JANESVILLE: usize = 42;

fn reference() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap()
}

async fn setup() -> (TestEnv, axum::Router) {
    let env = spawn_env().await;
    storefront::seeding::seed(&env.pool, 0, reference())
        .await
        .expect("seed the stores");
    storefront::zips::load(&env.pool)
        .await
        .expect("ZIP centroids");
    let app = router(
        AppParts::ephemeral(env.pool.clone(), env.bus.clone(), std::env::temp_dir()),
        &Roles::all(),
    );
    (env, app)
}

async fn send(app: &axum::Router, request: Request<Body>) -> (StatusCode, Value) {
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("JSON answer: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn post_raw(app: &axum::Router, path: &str, body: &str) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, request).await
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    post_raw(app, path, &body.to_string()).await
}

async fn stores_near(app: &axum::Router, body: Value) -> Value {
    let (status, v) = post(app, "/products/a/storestatus-json", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

async fn stock(app: &axum::Router, body: Value) -> Value {
    let (status, v) = post(app, "/products/a/stockstatus-json", body).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

async fn get(app: &axum::Router, path: &str) -> (StatusCode, Value) {
    send(app, Request::get(path).body(Body::empty()).unwrap()).await
}

fn store_nums(v: &Value) -> Vec<i64> {
    v["statusList"]
        .as_array()
        .expect("statusList")
        .iter()
        .map(|s| s["store"]["storeNum"].as_i64().unwrap())
        .collect()
}

/// A product row of the given kind; `ecom` adds its web stock.
async fn insert_product(pool: &PgPool, blain: &str, kind: &str, ecom: Option<i32>) {
    sqlx::query(
        "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, \
         department_path, kind, price_cents, map_price_cents, price_mode, images, attributes, \
         tire_width, tire_ratio, tire_rim, warning_level, requires_confirmation, requires_agreement, \
         bundle, warranties, ship_to_home, store_pickup, same_day_delivery) \
         VALUES ($1, 'Test product ' || $1, 'Test Brand', 'A product.', 101, \
         ARRAY['Farm & Ranch', 'Animal Feed'], $2, 1999, NULL, 'Regular', '[]', '[]', NULL, NULL, \
         NULL, 'NoWarning', false, false, '[]', '[]', true, true, false)",
    )
    .bind(blain)
    .bind(kind)
    .execute(pool)
    .await
    .unwrap();
    if let Some(ecom) = ecom {
        sqlx::query("INSERT INTO ecom_inventory (blain_number, ecom_on_hand) VALUES ($1, $2)")
            .bind(blain)
            .bind(ecom)
            .execute(pool)
            .await
            .unwrap();
    }
}

async fn insert_stock(pool: &PgPool, blain: &str, store: i32, is_stocked: bool, on_hand: i32) {
    sqlx::query(
        "INSERT INTO store_stock (blain_number, store_nums, stocked, on_hand) \
         VALUES ($1, ARRAY[$2::int], ARRAY[$3::bool], ARRAY[$4::int]) ON CONFLICT (blain_number) DO UPDATE \
         SET store_nums = store_stock.store_nums || $2::int, stocked = store_stock.stocked || $3::bool, \
         on_hand = store_stock.on_hand || $4::int",
    )
    .bind(blain)
    .bind(store)
    .bind(is_stocked)
    .bind(on_hand)
    .execute(pool)
    .await
    .unwrap();
}

/// Copies store 1 under a new number, alias and position.
async fn insert_store_at(pool: &PgPool, store_num: i32, lat: f64, lon: f64) {
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, \
         auto_center_phone, lat, lon, time_zone, hours, auto_hours, url_alias, google_place_id, \
         google_map_zoom, coming_soon, local_delivery_enabled, local_delivery_label) \
         SELECT $1, 'Test ' || $1, city_alias, 'CO', address1, zip, phone, auto_center_phone, $2, $3, \
         'America/Denver', hours, auto_hours, 'test-' || $1, google_place_id, google_map_zoom, \
         false, local_delivery_enabled, local_delivery_label FROM stores WHERE store_num = 1",
    )
    .bind(store_num)
    .bind(lat)
    .bind(lon)
    .execute(pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn a_zip_search_lists_the_stores_within_200_miles_nearest_first() {
    let (_env, app) = setup().await;
    let v = stores_near(&app, json!({ "zip": JANESVILLE_ZIP })).await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(v["storeVariant"], "NoProduct");
    assert!(v.get("message").is_none(), "{}", v["message"]);
    let list = v["statusList"].as_array().unwrap();
    assert_eq!(list.len(), STORES_NEAR_JANESVILLE);
    let nums = store_nums(&v);
    assert_eq!(&nums[..4], &[1, 27, 55, 4]);
    assert!(nums.contains(&501), "Lafayette, 197.5 mi");
    assert!(!nums.contains(&219), "Marshalltown, 203.0 mi");
    let distances: Vec<f64> = list
        .iter()
        .map(|s| s["store"]["distanceMi"].as_f64().unwrap())
        .collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "{distances:?}");
    assert!(distances.iter().all(|d| *d <= 200.0));
    assert!(distances
        .iter()
        .all(|d| ((d * 10.0).round() - d * 10.0).abs() < 1e-9));
    // No product: no inventory or label.
    assert!(list.iter().all(|s| s.get("inventory").is_none()
        && s.get("stockLabel").is_none()
        && s.get("stockStatus").is_none()));

    let first = &list[0]["store"];
    let mut keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "address1",
            "autoCenterPhone",
            "autoHours",
            "city",
            "cityAlias",
            "comingSoon",
            "currentHours",
            "distanceMi",
            "googleMapZoom",
            "googlePlaceID",
            "hours",
            "hoursStatus",
            "lat",
            "localDeliveryInformation",
            "lon",
            "phone",
            "state",
            "storeNum",
            "timeZone",
            "title",
            "urlAlias",
            "zip"
        ]
    );
    assert_eq!(first["title"], "Janesville, WI");
    assert_eq!(first["city"], "Janesville");
    assert_eq!(first["cityAlias"], "janesville");
    assert_eq!(first["state"], "WI");
    assert_eq!(first["address1"], "2500 Milton Ave");
    assert_eq!(first["zip"], "53545");
    assert_eq!(first["phone"], "(608) 752-9000");
    assert_eq!(first["autoCenterPhone"], "(608) 752-9010");
    assert_eq!(first["urlAlias"], "janesville-wi");
    assert_eq!(first["googlePlaceID"], "ChIJvZB7j4WFKqXWwZk0CK4mcVJ");
    assert_eq!(first["googleMapZoom"], 14);
    assert_eq!(first["distanceMi"], 0.7);
    assert_eq!(first["timeZone"], "America/Chicago");
    assert_eq!(first["comingSoon"], false);
    assert_eq!(
        first["localDeliveryInformation"],
        json!({ "isEnabled": true, "label": "Same Day Delivery Available" })
    );
    assert_eq!(first["hours"]["Monday"], "7:00 AM - 8:00 PM");
    assert_eq!(first["hours"]["Sunday"], "8:00 AM - 6:00 PM");
    assert_eq!(first["autoHours"]["Sunday"], "Closed");
    let style = first["currentHours"]["displayStyle"].as_str().unwrap();
    assert!(
        ["open", "closing-soon", "closed"].contains(&style),
        "{style}"
    );
}

#[tokio::test]
async fn an_exact_position_wins_and_must_be_on_the_globe() {
    let (_env, app) = setup().await;
    // Janesville store's own position; the (bad) ZIP is not looked at.
    let v = stores_near(
        &app,
        json!({ "zip": "nope", "exactPosition": { "latitude": 42.74485, "longitude": -89.03326 } }),
    )
    .await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(v["statusList"][0]["store"]["storeNum"], 1);
    assert_eq!(v["statusList"][0]["store"]["distanceMi"], 0.0);

    for (lat, lon) in [(90.5, -89.0), (-91.0, 0.0), (42.7, 180.01), (42.7, -181.0)] {
        let v = stores_near(
            &app,
            json!({ "exactPosition": { "latitude": lat, "longitude": lon }, "zip": JANESVILLE_ZIP }),
        )
        .await;
        assert_eq!(v["resolutionType"], "InvalidCoordinates", "{lat},{lon}");
        assert_eq!(v["statusList"], json!([]));
    }
    // The edges of the globe are valid positions (and far from every store).
    let v = stores_near(
        &app,
        json!({ "exactPosition": { "latitude": 90, "longitude": -180 } }),
    )
    .await;
    assert_eq!(v["resolutionType"], "NotFound");
    // null means "no position".
    let v = stores_near(
        &app,
        json!({ "exactPosition": null, "zip": JANESVILLE_ZIP }),
    )
    .await;
    assert_eq!(v["resolutionType"], "Success");
}

#[tokio::test]
async fn a_zip_must_be_five_digits_and_known() {
    let (_env, app) = setup().await;
    for zip in ["5354", "535455", "abcde", "5354a", "53 45", "53545-1234"] {
        let v = stores_near(&app, json!({ "zip": zip })).await;
        assert_eq!(v["resolutionType"], "InvalidZip", "{zip}");
        assert_eq!(v["message"], INVALID_ZIP, "{zip}");
        assert_eq!(v["statusList"], json!([]));
        assert_eq!(v["storeVariant"], "NoProduct");
    }
    // Surrounding spaces are forgiven.
    let v = stores_near(&app, json!({ "zip": " 53545 " })).await;
    assert_eq!(v["resolutionType"], "Success");
    // Five digits that name no place.
    let v = stores_near(&app, json!({ "zip": "00000" })).await;
    assert_eq!(v["resolutionType"], "GeoLocationNotFound");
    assert_eq!(v["statusList"], json!([]));
}

#[tokio::test]
async fn without_a_place_the_local_store_is_the_origin() {
    let (_env, app) = setup().await;
    let v = stores_near(&app, json!({ "storeNum": 105 })).await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(v["statusList"][0]["store"]["storeNum"], 105);
    assert_eq!(v["statusList"][0]["store"]["distanceMi"], 0.0);
    // Nothing to go by, or a local store that does not exist.
    for body in [
        json!({}),
        json!({ "storeNum": 9999 }),
        json!({ "zip": "", "storeNum": null }),
    ] {
        let v = stores_near(&app, body.clone()).await;
        assert_eq!(v["resolutionType"], "GeoLocationNotFound", "{body}");
        assert_eq!(v["statusList"], json!([]));
    }
}

#[tokio::test]
async fn the_local_store_comes_first_when_it_must_be_included() {
    let (_env, app) = setup().await;
    // Jackson, MI is 240 miles from Janesville: listed first only when it must be included.
    let v = stores_near(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "storeNum": 304, "mustIncludeLocalStore": true }),
    )
    .await;
    let nums = store_nums(&v);
    assert_eq!(nums.len(), STORES_NEAR_JANESVILLE + 1);
    assert_eq!(nums[0], 304);
    assert_eq!(v["statusList"][0]["store"]["distanceMi"], 240.0);
    assert_eq!(&nums[1..3], &[1, 27]);
    let v = stores_near(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "storeNum": 304, "mustIncludeLocalStore": false }),
    )
    .await;
    assert!(!store_nums(&v).contains(&304));
    assert_eq!(store_nums(&v).len(), STORES_NEAR_JANESVILLE);

    // A nearby local store moves to the front and is listed once.
    let v = stores_near(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "storeNum": 3, "mustIncludeLocalStore": true }),
    )
    .await;
    let nums = store_nums(&v);
    assert_eq!(&nums[..4], &[3, 1, 27, 55]);
    assert_eq!(nums.iter().filter(|n| **n == 3).count(), 1);
    assert_eq!(nums.len(), STORES_NEAR_JANESVILLE);
}

#[tokio::test]
async fn the_radius_is_200_miles_and_nothing_near_is_not_found() {
    let (env, app) = setup().await;
    // Due north of (40, -105) in Colorado, far from every demo store: 1 degree of latitude
    // is 3958.8 * pi / 180 miles.
    let mile = 1.0 / (3958.8 * std::f64::consts::PI / 180.0);
    insert_store_at(&env.pool, 9001, 40.0 + 199.9 * mile, -105.0).await;
    insert_store_at(&env.pool, 9002, 40.0 + 200.1 * mile, -105.0).await;
    insert_store_at(&env.pool, 9003, 40.0 + 50.0 * mile, -105.0).await;
    let v = stores_near(
        &app,
        json!({ "exactPosition": { "latitude": 40.0, "longitude": -105.0 } }),
    )
    .await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(store_nums(&v), vec![9003, 9001]);
    assert_eq!(v["statusList"][0]["store"]["distanceMi"], 50.0);
    assert_eq!(v["statusList"][1]["store"]["distanceMi"], 199.9);
    assert_eq!(v["statusList"][1]["store"]["timeZone"], "America/Denver");

    // Honolulu: no store within 200 miles.
    let v = stores_near(&app, json!({ "zip": "96813" })).await;
    assert_eq!(v["resolutionType"], "NotFound");
    assert_eq!(v["message"], NO_STORES);
    assert_eq!(v["statusList"], json!([]));
    assert_eq!(v["storeVariant"], "NoProduct");
}

/// storeNum → (stockStatus, stockLabel, inventory) of a stock answer.
fn labels(v: &Value) -> HashMap<i64, (String, String, Value)> {
    v["statusList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["store"]["storeNum"].as_i64().unwrap(),
                (
                    s["stockStatus"].as_str().unwrap().to_string(),
                    s["stockLabel"].as_str().unwrap().to_string(),
                    s["inventory"].clone(),
                ),
            )
        })
        .collect()
}

#[tokio::test]
async fn every_stock_label_at_its_boundaries() {
    let (env, app) = setup().await;
    let pool = &env.pool;
    // No web stock (no ecom_inventory row at all).
    insert_product(pool, "7000000", "General", None).await;
    insert_stock(pool, "7000000", 1, true, 0).await;
    insert_stock(pool, "7000000", 27, true, 1).await;
    insert_stock(pool, "7000000", 55, true, 10).await;
    insert_stock(pool, "7000000", 4, true, 11).await;
    insert_stock(pool, "7000000", 3, false, 5).await;
    // Store 29 has no row: not carried.
    let v = stock(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "7000000" }),
    )
    .await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(v["storeVariant"], "Store");
    let l = labels(&v);
    assert_eq!(l.len(), STORES_NEAR_JANESVILLE);
    let expect = |store: i64, status: &str, label: &str, inventory: Value| {
        assert_eq!(
            l[&store],
            (status.to_string(), label.to_string(), inventory),
            "store {store}"
        );
    };
    let inv = |stocked: bool, store: i32, ecom: i32| json!({ "isStocked": stocked, "storeOnHand": store, "ecomOnHand": ecom });
    expect(1, "OutOfStock", "Out of stock", inv(true, 0, 0));
    expect(
        27,
        "LimitedInStore",
        "Limited quantities in store",
        inv(true, 1, 0),
    );
    expect(
        55,
        "LimitedInStore",
        "Limited quantities in store",
        inv(true, 10, 0),
    );
    expect(
        4,
        "InStoreOnly",
        "Available in store only",
        inv(true, 11, 0),
    );
    expect(3, "NotCarried", "Not carried", inv(false, 5, 0));
    expect(29, "NotCarried", "Not carried", inv(false, 0, 0));

    // Web stock against 10 and the desired quantity.
    for (blain, ecom) in [("7000011", 11), ("7000010", 10), ("7000001", 1)] {
        insert_product(pool, blain, "General", Some(ecom)).await;
        insert_stock(pool, blain, 1, true, 0).await;
    }
    let at_janesville = |blain: &str, desired: Option<i64>| {
        let mut body = json!({ "zip": JANESVILLE_ZIP, "blainNumber": blain });
        if let Some(d) = desired {
            body["desiredQuantity"] = json!(d);
        }
        body
    };
    let cases = [
        ("7000011", None, "InStock", "In stock"),
        ("7000011", Some(1), "InStock", "In stock"),
        ("7000011", Some(10), "InStock", "In stock"),
        ("7000011", Some(11), "OnlyLeft", "Only 11 left!"),
        ("7000011", Some(12), "OnlyLeft", "Only 11 left!"),
        ("7000010", None, "OnlyLeft", "Only 10 left!"),
        ("7000010", Some(5), "OnlyLeft", "Only 10 left!"),
        ("7000001", None, "OnlyLeft", "Only 1 left!"),
    ];
    for (blain, desired, status, label) in cases {
        let v = stock(&app, at_janesville(blain, desired)).await;
        let l = labels(&v);
        assert_eq!(
            (l[&1].0.as_str(), l[&1].1.as_str()),
            (status, label),
            "{blain} x {desired:?}"
        );
    }
    // A desired quantity outside 1..=999 is refused.
    for desired in [0, -1, 1000] {
        let (status, v) = post(
            &app,
            "/products/a/stockstatus-json",
            at_janesville("7000011", Some(desired)),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{desired}");
        assert_eq!(
            v,
            json!({ "success": false, "code": "InvalidQuantity", "message": "Please enter a valid quantity." })
        );
    }
}

#[tokio::test]
async fn the_in_stock_filter_keeps_stores_holding_the_item() {
    let (env, app) = setup().await;
    let pool = &env.pool;
    insert_product(pool, "7100000", "General", Some(50)).await;
    insert_stock(pool, "7100000", 1, true, 0).await;
    insert_stock(pool, "7100000", 27, true, 1).await;
    insert_stock(pool, "7100000", 4, true, 30).await;
    insert_stock(pool, "7100000", 3, false, 5).await;
    let v = stock(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "7100000", "filterOnlyInStock": true }),
    )
    .await;
    assert_eq!(v["resolutionType"], "Success");
    assert_eq!(store_nums(&v), vec![27, 4]);
    // The local store is filtered like any other.
    let v = stock(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "7100000", "filterOnlyInStock": true,
                "storeNum": 1, "mustIncludeLocalStore": true }),
    )
    .await;
    assert_eq!(store_nums(&v), vec![27, 4]);

    // Nothing on any nearby shelf.
    insert_product(pool, "7100001", "General", Some(50)).await;
    insert_stock(pool, "7100001", 1, true, 0).await;
    let v = stock(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "7100001", "filterOnlyInStock": true }),
    )
    .await;
    assert_eq!(v["resolutionType"], "NotFound");
    assert_eq!(v["message"], OUT_OF_STOCK_NEAR);
    assert_eq!(v["statusList"], json!([]));
    // Without the filter every nearby store is listed.
    let v = stock(
        &app,
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "7100001" }),
    )
    .await;
    assert_eq!(store_nums(&v).len(), STORES_NEAR_JANESVILLE);
    // Far from every store the usual message stands.
    let v = stock(&app, json!({ "zip": "96813", "blainNumber": "7100001" })).await;
    assert_eq!(v["resolutionType"], "NotFound");
    assert_eq!(v["message"], NO_STORES);
}

#[tokio::test]
async fn unknown_products_and_the_store_variant_of_each_kind() {
    let (env, app) = setup().await;
    insert_product(&env.pool, "7200001", "Tire", Some(4)).await;
    insert_product(&env.pool, "7200002", "Auto", Some(4)).await;
    insert_product(&env.pool, "7200003", "General", Some(4)).await;
    for (blain, variant) in [
        ("7200001", "Tire"),
        ("7200002", "Auto"),
        ("7200003", "Store"),
    ] {
        let v = stock(&app, json!({ "zip": JANESVILLE_ZIP, "blainNumber": blain })).await;
        assert_eq!(v["resolutionType"], "Success");
        assert_eq!(v["storeVariant"], variant, "{blain}");
    }
    let v = stores_near(&app, json!({ "zip": JANESVILLE_ZIP })).await;
    assert_eq!(v["storeVariant"], "NoProduct");

    for blain in ["0000000", "", "7200001 x"] {
        let v = stock(&app, json!({ "zip": JANESVILLE_ZIP, "blainNumber": blain })).await;
        assert_eq!(v["resolutionType"], "InvalidBlainNumber", "{blain:?}");
        assert_eq!(v["statusList"], json!([]));
        assert_eq!(v["storeVariant"], "NoProduct");
    }
}

#[tokio::test]
async fn unreadable_bodies_answer_in_the_one_error_shape() {
    let (_env, app) = setup().await;
    for path in [
        "/products/a/storestatus-json",
        "/products/a/stockstatus-json",
    ] {
        let (status, v) = post_raw(&app, path, "{\"zip\": ").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(v["success"], false);
        assert_eq!(v["code"], "MalformedJson");

        for body in [
            json!({ "zip": 53545, "blainNumber": "1" }),
            json!({ "mustIncludeLocalStore": "yes", "blainNumber": "1" }),
            json!({ "exactPosition": { "latitude": "north", "longitude": 1 }, "blainNumber": "1" }),
            json!({ "exactPosition": { "latitude": 42.0 }, "blainNumber": "1" }),
            json!({ "storeNum": "one", "blainNumber": "1" }),
            json!([1, 2]),
        ] {
            let (status, v) = post(&app, path, body.clone()).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{path} {body}");
            assert_eq!(v["success"], false);
            assert_eq!(v["code"], "InvalidInput");
        }

        let request = Request::post(path)
            .body(Body::from(r#"{"zip":"53545"}"#))
            .unwrap();
        let (status, v) = send(&app, request).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(v["code"], "UnsupportedMediaType");
    }
    // The stock lookup needs its product number.
    let (status, v) = post(
        &app,
        "/products/a/stockstatus-json",
        json!({ "zip": JANESVILLE_ZIP }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["message"].as_str().unwrap().contains("blainNumber"),
        "{v}"
    );
    let (status, v) = post(
        &app,
        "/products/a/stockstatus-json",
        json!({ "zip": JANESVILLE_ZIP, "blainNumber": "1", "desiredQuantity": 1.5 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
}

fn current(v: &Value, store: i64) -> (String, String, String) {
    let s = v["statusList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["store"])
        .find(|s| s["storeNum"] == store)
        .unwrap_or_else(|| panic!("store {store} listed"));
    (
        s["hoursStatus"].as_str().unwrap().to_string(),
        s["currentHours"]["displayText"]
            .as_str()
            .unwrap()
            .to_string(),
        s["currentHours"]["displayStyle"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

async fn search_at(
    pool: &PgPool,
    request: StoreSearchRequest,
    local: Option<i32>,
    now: DateTime<Utc>,
) -> Value {
    let answer = store_search(pool, request, local, now)
        .await
        .expect("search");
    serde_json::to_value(answer).unwrap()
}

#[tokio::test]
async fn hours_follow_each_store_time_zone_and_run_past_midnight() {
    let (env, _app) = setup().await;
    let near_janesville = || StoreSearchRequest {
        zip: Some(JANESVILLE_ZIP.into()),
        must_include_local_store: Some(true),
        ..Default::default()
    };
    // Monday 2026-06-01, 19:30 in Chicago = 20:30 in Michigan.
    let now = Utc.with_ymd_and_hms(2026, 6, 2, 0, 30, 0).unwrap();
    let v = search_at(&env.pool, near_janesville(), Some(304), now).await;
    assert_eq!(
        current(&v, 1),
        (
            "ClosingSoon".into(),
            "Closing soon at 8:00 PM".into(),
            "closing-soon".into()
        )
    );
    // Jackson, MI keeps Eastern time.
    assert_eq!(
        current(&v, 304),
        (
            "Closed".into(),
            "Closed - Opens Tuesday at 7:00 AM".into(),
            "closed".into()
        )
    );
    // Big Rapids, MI is coming soon.
    assert_eq!(
        current(&v, 316),
        (
            "ComingSoon".into(),
            "Coming soon".into(),
            "coming-soon".into()
        )
    );
    // Monday 06:30 in Chicago = 07:30 in Michigan.
    let now = Utc.with_ymd_and_hms(2026, 6, 1, 11, 30, 0).unwrap();
    let v = search_at(&env.pool, near_janesville(), Some(304), now).await;
    assert_eq!(
        current(&v, 1),
        (
            "Closed".into(),
            "Closed - Opens at 7:00 AM".into(),
            "closed".into()
        )
    );
    assert_eq!(
        current(&v, 304),
        ("Open".into(), "Open until 8:00 PM".into(), "open".into())
    );

    // A late night sale: Champaign stays open past midnight this Friday.
    sqlx::query(
        "UPDATE stores SET hours = jsonb_set(hours, '{Friday}', '\"6:00 AM - 1:00 AM\"') \
         WHERE store_num = 105",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    // Saturday 2026-06-06, 00:30 in Chicago: Champaign's Friday hours (6:00 AM - 1:00 AM)
    // still run; Jackson, MI is open all Saturday (12:00 AM - 11:59 PM).
    let now = Utc.with_ymd_and_hms(2026, 6, 6, 5, 30, 0).unwrap();
    let v = search_at(&env.pool, near_janesville(), Some(304), now).await;
    assert_eq!(
        current(&v, 105),
        (
            "ClosingSoon".into(),
            "Closing soon at 1:00 AM".into(),
            "closing-soon".into()
        )
    );
    assert_eq!(
        current(&v, 304),
        ("Open".into(), "Open until 11:59 PM".into(), "open".into())
    );
    assert_eq!(
        current(&v, 1),
        (
            "Closed".into(),
            "Closed - Opens at 7:00 AM".into(),
            "closed".into()
        )
    );
    // Friday 23:00 in Chicago: Champaign is open until 1:00 AM.
    let now = Utc.with_ymd_and_hms(2026, 6, 6, 4, 0, 0).unwrap();
    let v = search_at(&env.pool, near_janesville(), Some(304), now).await;
    assert_eq!(
        current(&v, 105),
        ("Open".into(), "Open until 1:00 AM".into(), "open".into())
    );
    // Saturday 01:00 in Chicago: Champaign has closed and opens at 8:00 AM.
    let now = Utc.with_ymd_and_hms(2026, 6, 6, 6, 0, 0).unwrap();
    let v = search_at(&env.pool, near_janesville(), Some(304), now).await;
    assert_eq!(
        current(&v, 105),
        (
            "Closed".into(),
            "Closed - Opens at 8:00 AM".into(),
            "closed".into()
        )
    );
}

/// What `query::stores::hours` says of a store row (as JSON) at `now`.
fn expected_hours(store: &Value, now: DateTime<Utc>) -> Value {
    let hours: command::catalog::WeeklyHours =
        serde_json::from_value(store["hours"].clone()).unwrap();
    let tz = query::stores::hours::parse_time_zone(store["timeZone"].as_str().unwrap()).unwrap();
    let (status, current) = query::stores::hours::current_hours(
        &hours,
        tz,
        store["comingSoon"].as_bool().unwrap(),
        now,
    );
    json!({ "hoursStatus": status, "currentHours": current })
}

#[tokio::test]
async fn the_api_computes_current_hours_at_the_time_of_the_request() {
    let (_env, app) = setup().await;
    let before = Utc::now();
    let v = stores_near(&app, json!({ "zip": JANESVILLE_ZIP })).await;
    let (_, all) = get(&app, "/api/stores").await;
    let after = Utc::now();
    let stores = v["statusList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["store"])
        .chain(all.as_array().unwrap().iter());
    for s in stores {
        let got = json!({ "hoursStatus": s["hoursStatus"], "currentHours": s["currentHours"] });
        assert!(
            got == expected_hours(s, before) || got == expected_hours(s, after),
            "{} {got}",
            s["storeNum"]
        );
    }
}

#[tokio::test]
async fn store_pages_list_every_store_and_find_one_by_alias() {
    let (_env, app) = setup().await;
    let (status, v) = get(&app, "/api/stores").await;
    assert_eq!(status, StatusCode::OK);
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 54);
    let keys: Vec<(String, String)> = list
        .iter()
        .map(|s| {
            (
                s["state"].as_str().unwrap().to_string(),
                s["city"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    assert_eq!(keys[0].0, "IA");
    assert!(list.iter().all(|s| s.get("distanceMi").is_none()));
    let coming: Vec<i64> = list
        .iter()
        .filter(|s| s["hoursStatus"] == "ComingSoon")
        .map(|s| s["storeNum"].as_i64().unwrap())
        .collect();
    assert_eq!(coming.len(), 2, "Big Rapids and Mankato");
    // Every store has a title of its own: the two Madison stores go by their streets.
    let mut titles: Vec<&str> = list.iter().map(|s| s["title"].as_str().unwrap()).collect();
    assert!(
        titles.contains(&"Madison, WI – E Washington Ave"),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Madison, WI – Mineral Point Rd"),
        "{titles:?}"
    );
    assert!(titles.contains(&"Portage, WI") && titles.contains(&"Portage, MI"));
    titles.sort_unstable();
    titles.dedup();
    assert_eq!(titles.len(), 54);

    let (status, s) = get(&app, "/api/stores/jackson-mi").await;
    assert_eq!(status, StatusCode::OK, "{s}");
    assert_eq!(s["storeNum"], 304);
    assert_eq!(s["timeZone"], "America/Detroit");
    assert_eq!(s["hours"]["Saturday"], "12:00 AM - 11:59 PM");
    assert!(s.get("distanceMi").is_none());

    let (status, s) = get(&app, "/api/stores/nowhere-xx").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        s,
        json!({ "success": false, "code": "NotFound", "message": "Store not found." })
    );
}

#[tokio::test]
async fn the_search_function_answers_like_the_endpoint() {
    let (env, app) = setup().await;
    let now = Utc::now();
    let answer = store_search(
        &env.pool,
        StoreSearchRequest {
            zip: Some(JANESVILLE_ZIP.into()),
            ..Default::default()
        },
        Some(304),
        now,
    )
    .await
    .unwrap();
    assert_eq!(answer.resolution_type, ResolutionType::Success);
    assert_eq!(answer.status_list.len(), STORES_NEAR_JANESVILLE);
    let v = stores_near(&app, json!({ "zip": JANESVILLE_ZIP, "storeNum": 304 })).await;
    assert_eq!(
        store_nums(&v),
        answer
            .status_list
            .iter()
            .map(|s| i64::from(s.store.store_num))
            .collect::<Vec<_>>()
    );
}
