//! The home page's data (`GET /api/home`) on the small fixed search catalog: the hero set as
//! site content, the featured lists (top rated, new arrivals, deals; a list too short to fill
//! a carousel is left out) and the top-level departments with a picture of their top-rated
//! product. Also the hero's pictures.

use crate::common::search_catalog::*;
use crate::common::*;
use command::catalog::*;
use command::eventstore;
use serde_json::{json, Value};

fn hero() -> HomeHero {
    HomeHero {
        title: "Everything for the farm".into(),
        text: "Feed, fencing and tools at prices that work as hard as you do.".into(),
        link_text: "Shop deals".into(),
        link: "/weekly-ad/".into(),
        image: "/images/banners/hero-desktop.svg".into(),
        image_mobile: "/images/banners/hero-mobile.svg".into(),
        alt: "A red barn beside a pasture".into(),
    }
}

fn numbers(list: &Value) -> Vec<&str> {
    list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["blainNumber"].as_str().unwrap())
        .collect()
}

/// The fixture products `numbers` upserted again with pictures and, when given, a sale price.
async fn restate(env: &TestEnv, changes: &[(&str, Option<i64>)]) {
    let commands = changes
        .iter()
        .map(|(number, was)| {
            let fixture = PRODUCTS.iter().find(|f| f.0 == *number).unwrap();
            let mut p = product_data(fixture);
            p.images = vec![format!("/images/products/{number}_1.svg")];
            if was.is_some() {
                p.was_price_cents = *was;
            }
            (number.to_string(), ProductCommand::Upsert(Box::new(p)))
        })
        .collect();
    eventstore::run::<Product>(&env.pool, &())
        .commands(commands)
        .batch()
        .await
        .unwrap();
}

#[tokio::test]
async fn the_home_page_has_a_hero_featured_lists_and_departments_with_pictures() {
    let env = spawn_env().await;
    catalog(&env).await;
    eventstore::run::<SiteContent>(&env.pool, &())
        .commands(vec![(
            SITE_CONTENT_ID.to_string(),
            SiteContentCommand::SetHomeHero(hero()),
        )])
        .batch()
        .await
        .unwrap();
    // Pictures for the farm products and the tires; three more sales beside the fence wire.
    restate(
        &env,
        &[
            ("800001", Some(2499)),
            ("800002", None),
            ("800003", Some(9999)),
            ("800005", Some(24999)),
            ("800007", None),
            ("800011", None),
        ],
    )
    .await;
    catch_up_all(&env).await;
    let (mut c, _) = indexed_app(&env).await;

    let a = c.get("/api/home").await;
    assert_eq!(a.status, 200, "{}", a.body);
    let home = a.json();
    assert_eq!(
        home["hero"],
        json!({
            "title": "Everything for the farm",
            "text": "Feed, fencing and tools at prices that work as hard as you do.",
            "linkText": "Shop deals",
            "link": "/weekly-ad/",
            "image": "/images/banners/hero-desktop.svg",
            "imageMobile": "/images/banners/hero-mobile.svg",
            "alt": "A red barn beside a pasture"
        })
    );

    let featured = home["featured"].as_array().unwrap();
    let ids: Vec<&str> = featured.iter().map(|f| f["id"].as_str().unwrap()).collect();
    // Nothing tracked yet: no popular list.
    assert_eq!(ids, ["deals", "top-rated", "new-arrivals"]);
    // Deals: the biggest saving first (800005 saves 36%, 800001 20%, 800002 22%, 800003 10%).
    assert_eq!(
        numbers(&featured[0]),
        ["800005", "800002", "800001", "800003"]
    );
    assert_eq!(featured[0]["link"], "/weekly-ad/");
    assert_eq!(featured[0]["products"][0]["wasPrice"], "$249.99");
    assert_eq!(featured[0]["products"][0]["wasPriceCents"], 24999);
    // Top rated: 4 stars and up, shippable (the charger, without online stock, is not).
    assert_eq!(
        numbers(&featured[1]),
        ["800011", "800002", "800007", "800008", "800001"]
    );
    assert_eq!(featured[1]["link"], "/s/?sort=rating");
    // New arrivals: newest first, products without a known day left out.
    assert_eq!(
        numbers(&featured[2]),
        ["800008", "800010", "800002", "800007", "800011", "800001", "800003"]
    );
    assert_eq!(featured[2]["link"], "/s/?sort=newest");

    // Top-level departments in order, each pictured by its top-rated product.
    assert_eq!(
        home["departments"],
        json!([
            { "id": 1, "name": "Farm & Ranch", "url": "/farm-ranch/",
              "image": "/images/products/800002_1.svg", "imageAlt": "Hi-Tensile Fence Wire 12.5 ga" },
            { "id": 2, "name": "Automotive", "url": "/automotive/",
              "image": "/images/products/800011_1.svg", "imageAlt": "Marine Battery Group 27" },
            { "id": 3, "name": "Hardware", "url": "/hardware/", "image": null, "imageAlt": "" }
        ])
    );
    assert!(a.headers["cache-control"]
        .to_str()
        .unwrap()
        .contains("max-age"));
}

#[tokio::test]
async fn without_site_content_the_home_page_still_answers() {
    let env = spawn_env().await;
    let (mut c, _) = indexed_app(&env).await;
    let a = c.get("/api/home").await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        a.json(),
        json!({ "hero": null, "featured": [], "departments": [] })
    );
}

#[tokio::test]
async fn the_hero_pictures_are_drawn_at_their_sizes() {
    let env = spawn_env().await;
    let (mut c, _) = indexed_app(&env).await;
    for (path, size) in [
        (
            "/images/banners/hero-desktop.svg",
            r#"width="1600" height="500""#,
        ),
        (
            "/images/banners/hero-mobile.svg",
            r#"width="800" height="600""#,
        ),
    ] {
        let a = c.get(path).await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.headers["content-type"], "image/svg+xml");
        assert!(a.body.contains(size), "{path}: {}", &a.body[..200]);
    }
}

#[test]
fn a_hero_needs_its_texts_and_a_site_link() {
    let mut h = hero();
    h.link = "https://elsewhere.example/".into();
    assert_eq!(validate::home_hero(&h).unwrap_err().field, "link");
    let mut h = hero();
    h.alt = " ".into();
    assert_eq!(validate::home_hero(&h).unwrap_err().field, "alt");
    assert!(validate::home_hero(&hero()).is_ok());
}
