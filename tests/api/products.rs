//! Product reads through the router: summaries by number, bundles, similar products, tire
//! sizes and department listings. Departments come from the seed; products are inserted by hand
//! so every case is exact (one test runs on the seeded demo catalog).

use crate::common::*;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use chrono::{DateTime, TimeZone, Utc};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sqlx::PgPool;
use storefront::app::{router, AppParts};
use storefront::Roles;
use tower::ServiceExt;

fn reference() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap()
}

fn app_for(env: &TestEnv) -> axum::Router {
    router(
        AppParts::ephemeral(env.pool.clone(), env.bus.clone(), std::env::temp_dir()),
        &Roles::all(),
    )
}

/// The app with its search index built from the read models as they are now (listings are
/// answered by the index).
async fn indexed_app(env: &TestEnv) -> axum::Router {
    let state = AppParts::ephemeral(env.pool.clone(), env.bus.clone(), std::env::temp_dir());
    state.search.reindex(&env.pool, &|_, _| {}).await.unwrap();
    router(state, &Roles::all())
}

/// A database with the demo departments and stores but no products.
async fn setup() -> (TestEnv, axum::Router) {
    let env = spawn_env().await;
    storefront::seeding::seed(&env.pool, 0, reference())
        .await
        .expect("seed");
    let app = app_for(&env);
    (env, app)
}

async fn get(app: &axum::Router, path: &str) -> (StatusCode, Value) {
    let response = app
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("JSON answer: {}", String::from_utf8_lossy(&bytes)));
    (status, value)
}

async fn get_ok(app: &axum::Router, path: &str) -> Value {
    let (status, v) = get(app, path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {v}");
    v
}

fn error(code: &str, message: &str) -> Value {
    json!({ "success": false, "code": code, "message": message })
}

#[derive(Clone)]
struct P {
    blain: String,
    name: String,
    brand: String,
    dept: i32,
    price: i64,
    kind: &'static str,
    tire: Option<(i32, i32, i32)>,
    discontinued: bool,
    bundle: Value,
}

fn p(blain: &str, name: &str, brand: &str, dept: i32, price: i64) -> P {
    P {
        blain: blain.into(),
        name: name.into(),
        brand: brand.into(),
        dept,
        price,
        kind: "General",
        tire: None,
        discontinued: false,
        bundle: json!([]),
    }
}

async fn insert(pool: &PgPool, p: &P) {
    sqlx::query(
        "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, \
         department_path, kind, price_cents, map_price_cents, price_mode, images, attributes, \
         tire_width, tire_ratio, tire_rim, warning_level, requires_confirmation, requires_agreement, \
         bundle, warranties, ship_to_home, store_pickup, same_day_delivery, discontinued) \
         VALUES ($1, $2, $3, 'A product.', $4, ARRAY['Test'], $5, $6, NULL, 'Regular', \
         jsonb_build_array('/images/products/' || $1 || '_1.jpg'), '[]', $7, $8, $9, 'NoWarning', \
         false, false, $10, '[]', true, true, false, $11)",
    )
    .bind(&p.blain)
    .bind(&p.name)
    .bind(&p.brand)
    .bind(p.dept)
    .bind(p.kind)
    .bind(p.price)
    .bind(p.tire.map(|t| t.0))
    .bind(p.tire.map(|t| t.1))
    .bind(p.tire.map(|t| t.2))
    .bind(&p.bundle)
    .bind(p.discontinued)
    .execute(pool)
    .await
    .unwrap();
}

fn numbers(v: &Value, field: &str) -> Vec<String> {
    v[field]
        .as_array()
        .unwrap_or_else(|| panic!("{field} in {v}"))
        .iter()
        .map(|p| p["blainNumber"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn products_by_number_come_in_the_order_asked() {
    let (env, app) = setup().await;
    let pool = &env.pool;
    sqlx::query(
        "INSERT INTO products (blain_number, name, vendor_brand, description, department_id, \
         department_path, kind, price_cents, map_price_cents, price_mode, images, attributes, \
         tire_width, tire_ratio, tire_rim, warning_level, requires_confirmation, requires_agreement, \
         bundle, warranties, ship_to_home, store_pickup, same_day_delivery) \
         VALUES ('8100001', 'Behlen Country 4'' x 2'' Stock Tank, 100 gal', 'Behlen Country', \
         'Round-end stock tank.', 10301, ARRAY['Farm & Ranch', 'Livestock Supplies', 'Waterers & Feeders'], \
         'General', 123499, 150000, 'BelowMap', '[\"/images/a.jpg\", \"/images/b.jpg\"]', \
         '[{\"name\": \"Capacity\", \"value\": \"100 gal\"}]', NULL, NULL, NULL, 'Cancer', true, false, \
         '[]', '[]', false, true, true)",
    )
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO ecom_inventory (blain_number, ecom_on_hand) VALUES ('8100001', 7)")
        .execute(pool)
        .await
        .unwrap();
    let mut tire = p(
        "8100002",
        "Firestone Destination A/T2",
        "Firestone",
        140101,
        18999,
    );
    tire.kind = "Tire";
    tire.tire = Some((265, 70, 17));
    insert(pool, &tire).await;
    insert(pool, &p("8100003", "Poly Tape", "Zareba", 10203, 2499)).await;

    let v = get_ok(
        &app,
        "/product/a/getproducts?blainNumbers=8100003,9999999,%208100001%20,8100003,,8100002",
    )
    .await;
    assert_eq!(numbers(&v, "products"), ["8100003", "8100001", "8100002"]);
    assert_eq!(
        v["products"][1],
        json!({
            "blainNumber": "8100001",
            "name": "Behlen Country 4' x 2' Stock Tank, 100 gal",
            "vendorBrand": "Behlen Country",
            "url": "/product/8100001/behlen-country-4-x-2-stock-tank-100-gal/",
            "thumbnail": "/images/a.jpg",
            "images": ["/images/a.jpg", "/images/b.jpg"],
            "priceCents": 123499,
            "price": "$1,234.99",
            "mapPriceCents": 150000,
            "priceMode": "BelowMap",
            "belowMap": true,
            "kind": "General",
            "departmentId": 10301,
            "departmentPath": ["Farm & Ranch", "Livestock Supplies", "Waterers & Feeders"],
            "warningLevel": "Cancer",
            "requiresConfirmation": true,
            "requiresAgreement": false,
            "tireSize": null,
            "attributes": [{ "name": "Capacity", "value": "100 gal" }],
            "fulfillment": { "shipToHome": false, "storePickup": true, "sameDayDelivery": true },
            "ecomOnHand": 7,
            "discontinued": false,
            "rating": null,
            "ratingCount": 0,
            "wasPriceCents": null,
            "wasPrice": null,
            "introducedOn": null,
            "saleEndsOn": null
        })
    );
    assert_eq!(
        v["products"][2]["tireSize"],
        json!({ "width": 265, "ratio": 70, "rim": 17 })
    );
    assert_eq!(v["products"][2]["price"], "$189.99");
    assert_eq!(v["products"][2]["belowMap"], false);
    assert_eq!(
        v["products"][2]["ecomOnHand"], 0,
        "no ecom row: none on the web"
    );

    // Only unknown ones, or none asked.
    let v = get_ok(&app, "/product/a/getproducts?blainNumbers=1,2").await;
    assert_eq!(v, json!({ "products": [] }));
    let v = get_ok(&app, "/product/a/getproducts?blainNumbers=").await;
    assert_eq!(v, json!({ "products": [] }));

    // At most 60.
    let sixty: Vec<String> = (0..60).map(|i| format!("{}", 8100000 + i)).collect();
    let v = get_ok(
        &app,
        &format!("/product/a/getproducts?blainNumbers={}", sixty.join(",")),
    )
    .await;
    assert_eq!(numbers(&v, "products"), ["8100001", "8100002", "8100003"]);
    let sixty_one: Vec<String> = (0..61).map(|i| format!("{}", 8100000 + i)).collect();
    let (status, v) = get(
        &app,
        &format!(
            "/product/a/getproducts?blainNumbers={}",
            sixty_one.join(",")
        ),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v,
        error(
            "TooManyProducts",
            "Please ask for at most 60 products at a time."
        )
    );
    let (status, v) = get(&app, "/product/a/getproducts").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v,
        error(
            "MissingParameter",
            "The blainNumbers parameter is required."
        )
    );
}

#[tokio::test]
async fn a_bundle_lists_its_products_and_totals_them() {
    let (env, app) = setup().await;
    let pool = &env.pool;
    insert(pool, &p("8200001", "Fence Charger", "Zareba", 10201, 12999)).await;
    insert(pool, &p("8200002", "Ground Rod", "Zareba", 10201, 1050)).await;
    let mut kit = p("8200009", "Fence Starter Kit", "Zareba", 10201, 19999);
    kit.bundle = json!([
        { "blainNumber": "8200002", "quantity": 3 },
        { "blainNumber": "8200001", "quantity": 1 },
        { "blainNumber": "9999999", "quantity": 1 }
    ]);
    insert(pool, &kit).await;

    let v = get_ok(&app, "/products/a/getbundleforproduct?blainNumber=8200009").await;
    assert_eq!(v["blainNumber"], "8200009");
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "the unknown component is left out");
    assert_eq!(items[0]["product"]["blainNumber"], "8200002");
    assert_eq!(items[0]["quantity"], 3);
    assert_eq!(items[1]["product"]["blainNumber"], "8200001");
    assert_eq!(items[1]["quantity"], 1);
    assert_eq!(v["totalPriceCents"], 3 * 1050 + 12999);
    assert_eq!(v["totalPrice"], "$161.49");

    let v = get_ok(&app, "/products/a/getbundleforproduct?blainNumber=8200001").await;
    assert_eq!(
        v,
        json!({ "blainNumber": "8200001", "items": [], "totalPriceCents": 0, "totalPrice": "$0.00" })
    );

    let (status, v) = get(&app, "/products/a/getbundleforproduct?blainNumber=9999999").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v, error("NotFound", "Product not found."));
    let (status, v) = get(&app, "/products/a/getbundleforproduct").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        v,
        error("MissingParameter", "The blainNumber parameter is required.")
    );
}

#[tokio::test]
async fn similar_products_come_from_the_search_index_most_alike_first() {
    let (env, _) = setup().await;
    let pool = &env.pool;
    insert(
        pool,
        &p(
            "8300000",
            "Poly Rope 1/2 in x 100 ft",
            "Rugged Ranch",
            201,
            1999,
        ),
    )
    .await;
    insert(
        pool,
        &p(
            "8300001",
            "Poly Rope 3/8 in x 50 ft",
            "Rugged Ranch",
            201,
            1299,
        ),
    )
    .await;
    insert(
        pool,
        &p("8300002", "Manila Rope 1/2 in", "SecureLine", 201, 2499),
    )
    .await;
    insert(
        pool,
        &p("8300003", "Adult Dog Food 40 lb", "Purina", 202, 4599),
    )
    .await;
    let mut gone = p(
        "8300006",
        "Poly Rope 1/4 in x 100 ft",
        "Rugged Ranch",
        201,
        999,
    );
    gone.discontinued = true;
    insert(pool, &gone).await;
    for i in 0..15 {
        let blain = format!("83000{}", 10 + i);
        insert(
            pool,
            &p(&blain, &format!("Rope Halter {i}"), "Weaver", 201, 1500),
        )
        .await;
    }
    let app = indexed_app(&env).await;
    let v = get_ok(&app, "/product/a/getSimilarProducts?blainNumber=8300000").await;
    let got = numbers(&v, "products");
    // The same words and brand first; never the product itself or a discontinued one; 12 at most.
    assert_eq!(&got[..2], ["8300001", "8300002"], "{got:?}");
    assert_eq!(got.len(), 12);
    assert!(!got.contains(&"8300000".to_string()));
    assert!(!got.contains(&"8300006".to_string()));
    // The same answer as the search page's more-like-this.
    assert_eq!(
        v,
        get_ok(&app, "/api/search/similar?blainNumber=8300000").await
    );

    let (status, v) = get(&app, "/product/a/getSimilarProducts?blainNumber=1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(v, error("NotFound", "Product not found."));
}

#[tokio::test]
async fn tire_sizes_narrow_down_numerically() {
    let (env, app) = setup().await;
    let pool = &env.pool;
    let sizes = [
        (225, 65, 17),
        (225, 65, 18),
        (225, 65, 17),
        (225, 60, 16),
        (205, 55, 16),
        (31, 10, 15),
        (225, 65, 9),
    ];
    for (i, size) in sizes.iter().enumerate() {
        let mut t = p(&format!("84000{i:02}"), "Tire", "Firestone", 140101, 15000);
        t.kind = "Tire";
        t.tire = Some(*size);
        insert(pool, &t).await;
    }
    // Neither a discontinued tire nor a non-tire with size columns counts.
    let mut old = p("8400090", "Old tire", "Firestone", 140101, 15000);
    old.kind = "Tire";
    old.tire = Some((245, 45, 19));
    old.discontinued = true;
    insert(pool, &old).await;
    let mut wheel = p("8400091", "Wheel", "Carlisle", 140101, 15000);
    wheel.tire = Some((265, 70, 17));
    insert(pool, &wheel).await;

    assert_eq!(
        get_ok(&app, "/tire-size/section-widths/").await,
        json!([31, 205, 225])
    );
    assert_eq!(
        get_ok(&app, "/tire-size/aspect-ratios/?width=225").await,
        json!([60, 65])
    );
    assert_eq!(
        get_ok(&app, "/tire-size/aspect-ratios/?width=245").await,
        json!([])
    );
    assert_eq!(
        get_ok(&app, "/tire-size/rim-sizes/?width=225&ratio=65").await,
        json!([9, 17, 18])
    );
    assert_eq!(
        get_ok(&app, "/tire-size/rim-sizes/?width=%20205%20&ratio=55").await,
        json!([16])
    );
    for path in [
        "/tire-size/aspect-ratios/",
        "/tire-size/aspect-ratios/?width=",
        "/tire-size/aspect-ratios/?width=wide",
        "/tire-size/aspect-ratios/?width=225.5",
        "/tire-size/rim-sizes/?width=225",
        "/tire-size/rim-sizes/?width=225&ratio=x",
        "/tire-size/rim-sizes/?ratio=65",
    ] {
        let (status, v) = get(&app, path).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(
            v,
            error("InvalidNumber", "Please enter a valid number."),
            "{path}"
        );
    }
}

/// Farm & Ranch (1): Animal Feed (101) > Poultry Feed (10101); Fencing (102) > Electric Fence
/// Chargers (10201), Fence Posts (10202).
async fn listing_fixture(pool: &PgPool) {
    for product in [
        p("8500001", "Alpha Feed", "Purina", 10101, 1500),
        p("8500002", "Beta Feed", "Nutrena", 10101, 2500),
        p("8500003", "Charger Zulu", "Zareba", 10201, 12999),
        p("8500004", "Charger Yankee", "Patriot", 10201, 8999),
        p("8500005", "Post Steel", "Zareba", 10202, 599),
        p("8500006", "Fencing Kit", "Patriot", 102, 4999),
        p("8500007", "Dog Food", "Purina", 201, 2999),
    ] {
        insert(pool, &product).await;
    }
    let mut gone = p("8500008", "Post Old", "Zareba", 10202, 100);
    gone.discontinued = true;
    insert(pool, &gone).await;
}

#[tokio::test]
async fn a_department_listing_pages_sorts_and_counts() {
    let (env, _) = setup().await;
    listing_fixture(&env.pool).await;
    let app = indexed_app(&env).await;

    let v = get_ok(&app, "/api/catalog/list?department=1").await;
    assert_eq!(v["department"]["id"], 1);
    assert_eq!(v["department"]["name"], "Farm & Ranch");
    assert_eq!(v["department"]["url"], "/farm-ranch/");
    assert_eq!(v["department"]["children"][0]["id"], 101);
    assert_eq!(
        v["department"]["children"][1]["url"],
        "/farm-ranch/fencing/"
    );
    assert_eq!(
        (v["total"].clone(), v["pg"].clone(), v["mpp"].clone()),
        (json!(6), json!(1), json!(60))
    );
    assert_eq!(v["pageCount"], 1);
    assert_eq!(v["sort"], "relevance");
    assert_eq!(
        numbers(&v, "items"),
        ["8500001", "8500002", "8500004", "8500003", "8500006", "8500005"]
    );
    assert_eq!(
        v["facets"],
        json!({
            "departments": [
                { "id": 101, "name": "Animal Feed", "url": "/farm-ranch/animal-feed/", "count": 2 },
                { "id": 102, "name": "Fencing", "url": "/farm-ranch/fencing/", "count": 4 }
            ],
            "brands": [
                { "name": "Patriot", "count": 2 },
                { "name": "Zareba", "count": 2 },
                { "name": "Nutrena", "count": 1 },
                { "name": "Purina", "count": 1 }
            ],
            "price": { "min": 599, "max": 12999 }
        })
    );

    let sorted = |sort: &str| format!("/api/catalog/list?department=1&sort={sort}");
    let v = get_ok(&app, &sorted("price-asc")).await;
    assert_eq!(
        numbers(&v, "items"),
        ["8500005", "8500001", "8500002", "8500006", "8500004", "8500003"]
    );
    let v = get_ok(&app, &sorted("price-desc")).await;
    assert_eq!(
        numbers(&v, "items"),
        ["8500003", "8500004", "8500006", "8500002", "8500001", "8500005"]
    );
    let v = get_ok(&app, &sorted("name")).await;
    assert_eq!(v["sort"], "name");
    assert_eq!(
        numbers(&v, "items"),
        ["8500001", "8500002", "8500004", "8500003", "8500006", "8500005"]
    );
    let v = get_ok(&app, &sorted("brand")).await;
    assert_eq!(
        numbers(&v, "items"),
        ["8500002", "8500004", "8500006", "8500001", "8500003", "8500005"]
    );

    // Pages of 4.
    let page = |pg: i64| format!("/api/catalog/list?department=1&sort=price-asc&mpp=4&pg={pg}");
    let v = get_ok(&app, &page(1)).await;
    assert_eq!(
        numbers(&v, "items"),
        ["8500005", "8500001", "8500002", "8500006"]
    );
    assert_eq!(v["pageCount"], 2);
    let v = get_ok(&app, &page(2)).await;
    assert_eq!(numbers(&v, "items"), ["8500004", "8500003"]);
    assert_eq!((v["pg"].clone(), v["total"].clone()), (json!(2), json!(6)));
    let v = get_ok(&app, &page(3)).await;
    assert_eq!(v["items"], json!([]));
    assert_eq!(v["total"], 6);

    // A sub-department by its URL, with or without the slashes.
    for url in [
        "/farm-ranch/fencing/",
        "farm-ranch/fencing",
        "/Farm-Ranch/Fencing",
    ] {
        let v = get_ok(&app, &format!("/api/catalog/list?url={url}")).await;
        assert_eq!(v["department"]["id"], 102, "{url}");
        assert_eq!(v["total"], 4);
        assert_eq!(
            v["facets"]["departments"],
            json!([
                { "id": 10201, "name": "Electric Fence Chargers", "url": "/farm-ranch/fencing/electric-fence-chargers/", "count": 2 },
                { "id": 10202, "name": "Fence Posts", "url": "/farm-ranch/fencing/fence-posts/", "count": 1 }
            ])
        );
    }
    // A leaf.
    let v = get_ok(&app, "/api/catalog/list?department=10202").await;
    assert_eq!(numbers(&v, "items"), ["8500005"]);
    assert_eq!(v["facets"]["departments"], json!([]));
    assert_eq!(v["department"]["children"], json!([]));
    // A department with nothing in it.
    let v = get_ok(&app, "/api/catalog/list?department=10203").await;
    assert_eq!(v["total"], 0);
    assert_eq!(v["pageCount"], 0);
    assert_eq!(
        v["facets"],
        json!({ "departments": [], "brands": [], "price": { "min": null, "max": null } })
    );
}

#[tokio::test]
async fn brand_filters_narrow_the_items_but_not_the_brand_facet() {
    let (env, _) = setup().await;
    listing_fixture(&env.pool).await;
    let app = indexed_app(&env).await;
    let v = get_ok(
        &app,
        "/api/catalog/list?department=1&brand=Zareba,%20Patriot",
    )
    .await;
    assert_eq!(v["total"], 4);
    assert_eq!(
        numbers(&v, "items"),
        ["8500004", "8500003", "8500006", "8500005"]
    );
    assert_eq!(
        v["facets"]["departments"],
        json!([{ "id": 102, "name": "Fencing", "url": "/farm-ranch/fencing/", "count": 4 }])
    );
    assert_eq!(v["facets"]["brands"].as_array().unwrap().len(), 4);
    assert_eq!(v["facets"]["price"], json!({ "min": 599, "max": 12999 }));
    let v = get_ok(&app, "/api/catalog/list?department=1&brand=Acme").await;
    assert_eq!(v["total"], 0);
    assert_eq!(v["items"], json!([]));

    // The brand facet holds the top 20 brands, plus any chosen one.
    for i in 0..25 {
        let blain = format!("86000{i:02}");
        let brand = format!("Brand {i:02}");
        insert(&env.pool, &p(&blain, "Decoy", &brand, 401, 1000)).await;
    }
    let app = indexed_app(&env).await;
    let v = get_ok(&app, "/api/catalog/list?department=4").await;
    let brands = v["facets"]["brands"].as_array().unwrap();
    assert_eq!(brands.len(), 20);
    assert_eq!(brands[0], json!({ "name": "Brand 00", "count": 1 }));
    let v = get_ok(&app, "/api/catalog/list?department=4&brand=Brand%2024").await;
    let brands = v["facets"]["brands"].as_array().unwrap();
    assert_eq!(brands.len(), 21);
    assert_eq!(brands[20]["name"], "Brand 24");
    assert_eq!(v["total"], 1);
}

#[tokio::test]
async fn listing_parameters_are_checked() {
    let (env, _) = setup().await;
    listing_fixture(&env.pool).await;
    let app = indexed_app(&env).await;
    for mpp in [1, 120] {
        let v = get_ok(&app, &format!("/api/catalog/list?department=1&mpp={mpp}")).await;
        assert_eq!(v["mpp"], mpp);
        assert_eq!(v["items"].as_array().unwrap().len(), mpp.min(6) as usize);
    }
    let bad_size = error(
        "InvalidPageSize",
        "The page size (mpp) must be between 1 and 120.",
    );
    let cases = [
        ("department=1&mpp=0", bad_size.clone()),
        ("department=1&mpp=121", bad_size.clone()),
        ("department=1&mpp=-1", bad_size),
        (
            "department=1&mpp=many",
            error("InvalidNumber", "Please enter a valid number."),
        ),
        (
            "department=1&pg=0",
            error("InvalidPage", "The page number (pg) must be 1 or more."),
        ),
        (
            "department=1&pg=two",
            error("InvalidNumber", "Please enter a valid number."),
        ),
        (
            "department=farm",
            error("InvalidNumber", "Please enter a valid number."),
        ),
        (
            "department=1&sort=cheapest",
            error(
                "InvalidSort",
                "The sort must be one of relevance, price-asc, price-desc, name, brand, rating, newest.",
            ),
        ),
        (
            "pg=1",
            error(
                "MissingParameter",
                "The department or url parameter is required.",
            ),
        ),
    ];
    for (query, expected) in cases {
        let (status, v) = get(&app, &format!("/api/catalog/list?{query}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(v, expected, "{query}");
    }
    for query in [
        "department=999999",
        "department=99999999999",
        "url=/no-such/",
    ] {
        let (status, v) = get(&app, &format!("/api/catalog/list?{query}")).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{query}");
        assert_eq!(v, error("NotFound", "Department not found."), "{query}");
    }
    // A huge page number is just past the end.
    let v = get_ok(
        &app,
        "/api/catalog/list?department=1&pg=9223372036854775807",
    )
    .await;
    assert_eq!(v["items"], json!([]));
}

#[tokio::test]
async fn the_seeded_catalog_answers_consistently() {
    let env = spawn_env().await;
    storefront::seeding::seed(&env.pool, 300, reference())
        .await
        .expect("seed");
    storefront::zips::load(&env.pool).await.expect("ZIPs");
    let app = indexed_app(&env).await;
    let pool = &env.pool;

    let widths: Vec<i32> = sqlx::query_scalar(
        "SELECT DISTINCT tire_width FROM products WHERE kind = 'Tire' AND NOT discontinued \
         AND tire_width IS NOT NULL ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    assert!(!widths.is_empty());
    assert_eq!(
        get_ok(&app, "/tire-size/section-widths/").await,
        json!(widths)
    );
    let ratios = get_ok(
        &app,
        &format!("/tire-size/aspect-ratios/?width={}", widths[0]),
    )
    .await;
    let ratio = ratios[0].as_i64().expect("a ratio for a listed width");
    let rims = get_ok(
        &app,
        &format!("/tire-size/rim-sizes/?width={}&ratio={ratio}", widths[0]),
    )
    .await;
    assert!(!rims.as_array().unwrap().is_empty());

    // Automotive (14) lists every product under it.
    let automotive = count(
        pool,
        "SELECT count(*) FROM products WHERE department_path[1] = 'Automotive' AND NOT discontinued",
    )
    .await;
    let v = get_ok(&app, "/api/catalog/list?department=14&mpp=120").await;
    assert_eq!(v["total"], automotive);
    let facet_sum: i64 = v["facets"]["departments"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["count"].as_i64().unwrap())
        .sum();
    assert_eq!(facet_sum, automotive);

    // A bundle of the demo catalog.
    let bundled: String = sqlx::query_scalar(
        "SELECT blain_number FROM products WHERE jsonb_array_length(bundle) > 0 \
         ORDER BY blain_number LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let v = get_ok(
        &app,
        &format!("/products/a/getbundleforproduct?blainNumber={bundled}"),
    )
    .await;
    assert!(!v["items"].as_array().unwrap().is_empty(), "{v}");

    // Stock status of a demo product over the 54 stores: one query for the product's stock,
    // one for the stores.
    let blain: String =
        sqlx::query_scalar("SELECT blain_number FROM products ORDER BY blain_number LIMIT 1")
            .fetch_one(pool)
            .await
            .unwrap();
    let request = query::stores::StoreSearchRequest {
        zip: Some("53545".into()),
        blain_number: Some(blain.clone()),
        ..Default::default()
    };
    let started = std::time::Instant::now();
    let runs = 20;
    for _ in 0..runs {
        let answer = query::stores::store_search(pool, request.clone(), Some(1), Utc::now())
            .await
            .unwrap();
        assert_eq!(answer.status_list.len(), 42);
    }
    let each = started.elapsed() / runs;
    println!("stock status for {blain} over the demo stores: {each:?} per search");
    assert!(each < std::time::Duration::from_millis(250), "{each:?}");
}

#[tokio::test]
async fn a_products_page_data_leads_back_through_its_departments() {
    let (env, app) = setup().await;
    insert(
        &env.pool,
        &p("8100201", "Stock Tank Float", "Behlen", 10301, 1299),
    )
    .await;
    let details = get_ok(&app, "/api/product/8100201").await;
    assert_eq!(
        details["departmentTrail"],
        json!([
            { "name": "Farm & Ranch", "url": "/farm-ranch/" },
            { "name": "Livestock Supplies", "url": "/farm-ranch/livestock-supplies/" },
            { "name": "Waterers & Feeders", "url": "/farm-ranch/livestock-supplies/waterers-feeders/" },
        ]),
        "{details}"
    );
}
