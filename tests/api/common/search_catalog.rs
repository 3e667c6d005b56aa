//! The small fixed catalog of the search tests (tests/search.rs, tests/explain.rs): seven
//! departments and fourteen products written through the catalog commands, stock at store 1,
//! and a client of the whole app whose index holds it.

use std::sync::Arc;

use command::catalog::*;
use command::eventstore;
use search_indexer::SearchEngine;

use super::{product, Client, TestEnv};

pub fn department(
    id: i32,
    parent: Option<i32>,
    name: &str,
    url: &str,
) -> (String, DepartmentCommand) {
    (
        id.to_string(),
        DepartmentCommand::Upsert(DepartmentData {
            id,
            parent_id: parent,
            name: name.into(),
            url: url.into(),
            banner_image_url: None,
            banner_link_url: None,
            sort_order: id,
        }),
    )
}

pub type Fixture = (
    &'static str,
    &'static str,
    &'static str,
    i32,
    i64,
    &'static [(&'static str, &'static str)],
);

/// (number, name, brand, department, price in cents, attributes)
pub const PRODUCTS: &[Fixture] = &[
    (
        "800001",
        "Poly Rope 1/2 in x 100 ft",
        "Rugged Ranch",
        102,
        1999,
        &[],
    ),
    (
        "800002",
        "Hi-Tensile Fence Wire 12.5 ga",
        "Red Brand",
        101,
        13999,
        &[],
    ),
    ("800003", "Barbed Wire 4 Point", "Red Brand", 101, 8999, &[]),
    (
        "800004",
        "Electric Fence Charger",
        "Zareba",
        101,
        12999,
        &[],
    ),
    (
        "800005",
        "Galvanized Stock Tank 100 gal",
        "Behlen Country",
        102,
        15999,
        &[],
    ),
    (
        "800006",
        "Cattle Panel 16 ft",
        "Behlen Country",
        101,
        3499,
        &[],
    ),
    (
        "800007",
        "All Season Tire 225/65R17",
        "Cooper",
        201,
        14999,
        &[("Tire Size", "225/65R17"), ("Season", "All Season")],
    ),
    (
        "800008",
        "Winter Tire 225/65R17",
        "Firestone",
        201,
        16999,
        &[("Tire Size", "225/65R17"), ("Season", "Winter")],
    ),
    (
        "800009",
        "All Season Tire 205/55R16",
        "Cooper",
        201,
        11999,
        &[("Tire Size", "205/55R16"), ("Season", "All Season")],
    ),
    (
        "800010",
        "Car Battery Group 24F",
        "Interstate",
        202,
        17999,
        &[("Group Size", "24F")],
    ),
    (
        "800011",
        "Marine Battery Group 27",
        "Interstate",
        202,
        15999,
        &[("Group Size", "27")],
    ),
    ("800012", "Rope Halter", "Weaver", 102, 1299, &[]),
    ("800013", "Hitch Pin XYZ-123", "Curt", 3, 499, &[]),
    ("800014", "Hitch Pin XYZ-223", "Curt", 3, 599, &[]),
];

pub fn product_data(f: &Fixture) -> ProductData {
    let (number, name, brand, dept, price, attributes) = *f;
    let mut p = product(number, price);
    p.name = name.into();
    p.vendor_brand = brand.into();
    p.department_id = dept;
    p.department_path = match dept {
        101 => vec!["Farm & Ranch".into(), "Fencing".into()],
        102 => vec!["Farm & Ranch".into(), "Livestock".into()],
        201 => vec!["Automotive".into(), "Tires".into()],
        3 => vec!["Hardware".into()],
        _ => vec!["Automotive".into(), "Batteries".into()],
    };
    p.description = format!("{name} from {brand}.");
    p.attributes = attributes
        .iter()
        .map(|(n, v)| Attribute {
            name: (*n).into(),
            value: (*v).into(),
        })
        .collect();
    p.fulfillment = Fulfillment {
        ship_to_home: true,
        store_pickup: true,
        same_day_delivery: false,
    };
    let (rating, introduced) = extras(number);
    p.rating = rating.map(|(average, count)| RatingSummary { average, count });
    p.introduced_on = introduced.map(|d| d.parse().unwrap());
    // Fence wire is on sale.
    p.was_price_cents = (number == "800002").then_some(17999);
    p
}

/// Reviews (average, count) and the day each fixture product came in: the 'rating' and
/// 'newest' sorts of the automotive landing (lp=2) are 800011, 800007, 800008, 800009, 800010
/// and 800008, 800010, 800007, 800011, 800009.
fn extras(number: &str) -> (Option<(f64, i32)>, Option<&'static str>) {
    match number {
        "800001" => (Some((4.2, 40)), Some("2022-05-01")),
        "800002" => (Some((4.7, 210)), Some("2025-02-01")),
        "800003" => (Some((3.1, 8)), Some("2021-07-01")),
        "800007" => (Some((4.5, 120)), Some("2024-03-01")),
        "800008" => (Some((4.5, 30)), Some("2026-10-01")),
        "800009" => (Some((3.8, 12)), None),
        "800010" => (None, Some("2025-06-15")),
        "800011" => (Some((4.9, 3)), Some("2023-01-10")),
        _ => (None, None),
    }
}

pub async fn catalog(env: &TestEnv) {
    let departments = vec![
        department(1, None, "Farm & Ranch", "/farm-ranch/"),
        department(101, Some(1), "Fencing", "/farm-ranch/fencing/"),
        department(102, Some(1), "Livestock", "/farm-ranch/livestock/"),
        department(2, None, "Automotive", "/automotive/"),
        department(201, Some(2), "Tires", "/automotive/tires/"),
        department(202, Some(2), "Batteries", "/automotive/batteries/"),
        department(3, None, "Hardware", "/hardware/"),
    ];
    eventstore::run::<Department>(&env.pool, &())
        .commands(departments)
        .batch()
        .await
        .unwrap();
    let products = PRODUCTS
        .iter()
        .map(|f| {
            (
                f.0.to_string(),
                ProductCommand::Upsert(Box::new(product_data(f))),
            )
        })
        .collect();
    eventstore::run::<Product>(&env.pool, &())
        .commands(products)
        .batch()
        .await
        .unwrap();
    eventstore::run::<Product>(&env.pool, &())
        .commands(vec![("800012".into(), ProductCommand::Discontinue)])
        .batch()
        .await
        .unwrap();
    // Store 1 holds the tires and the rope; the warehouse holds everything but the charger.
    let inventory = PRODUCTS
        .iter()
        .map(|f| {
            let at_store = ["800001", "800007", "800008"].contains(&f.0);
            (
                f.0.to_string(),
                InventoryCommand::Report {
                    blain_number: f.0.into(),
                    ecom_on_hand: if f.0 == "800004" { 0 } else { 20 },
                    stores: vec![StoreStock {
                        store_num: 1,
                        is_stocked: true,
                        store_on_hand: if at_store { 4 } else { 0 },
                    }],
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
    sqlx::query(
        "INSERT INTO stores (store_num, city, city_alias, state, address1, zip, phone, lat, lon, time_zone, hours, url_alias, \
         google_place_id, google_map_zoom, coming_soon, local_delivery_enabled, local_delivery_label) VALUES \
         (1, 'Janesville', 'janesville', 'WI', '2500 Milton Ave', '53545', '(608) 752-9000', 42.7, -89.0, 'America/Chicago', '{}', \
          'janesville-wi', 'x', 14, false, true, '')",
    )
    .execute(&env.pool)
    .await
    .unwrap();
}

pub const STAFF_TOKEN: &str = "merchandiser-test-token-0123456789";

/// A client of the whole app whose index holds the fixed catalog.
pub async fn shop(env: &TestEnv) -> (Client, Arc<SearchEngine>) {
    catalog(env).await;
    indexed_app(env).await
}

/// A client of the whole app (the merchandiser token of [`STAFF_TOKEN`] accepted) whose index
/// holds the read models as they are now, and that index.
pub async fn indexed_app(env: &TestEnv) -> (Client, Arc<SearchEngine>) {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir(),
    );
    state.staff = Arc::new(
        kernel::staff::StaffTokens::parse(&format!("merch:merchandiser:{STAFF_TOKEN}")).unwrap(),
    );
    let engine = state.search.clone();
    engine.reindex(&env.pool, &|_, _| {}).await.unwrap();
    let app = storefront::app::router(state, &storefront::Roles::all());
    (
        Client {
            app,
            cookies: Default::default(),
        },
        engine,
    )
}

/// Every projection caught up with the event store.
pub async fn catch_up_all(env: &TestEnv) {
    for p in projections::engine::all() {
        projections::engine::catch_up(p, &env.pool, 1000, &|_, _| {})
            .await
            .unwrap();
    }
}
