//! The HTTP shell: probes, SPA fallback, API 404s, cache headers, body limits.

use crate::common::*;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use http_body_util::BodyExt;
use projections::bus::BusConfig;
use storefront::app::{router, AppParts, AppState};
use storefront::Roles;
use tower::ServiceExt;

fn web_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(unique("web"));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Storefront</title><div id=root></div>",
    )
    .unwrap();
    std::fs::write(dir.join("assets/index-abc123.js"), "console.log('shell')").unwrap();
    std::fs::write(dir.join("humans.txt"), "Team: Storefront").unwrap();
    std::fs::write(
        dir.join("staff.html"),
        "<!doctype html><title>Storefront staff</title><div id=staff-root></div>",
    )
    .unwrap();
    dir
}

/// A web build with its routes.json (as `npm run build` writes it).
/// The whole app over `env`'s database, with a build's `routes.json`.
fn site(env: &TestEnv) -> axum::Router {
    router(
        AppParts::ephemeral(env.pool.clone(), env.bus.clone(), web_dir_with_routes()),
        &Roles::all(),
    )
}

fn web_dir_with_routes() -> std::path::PathBuf {
    let dir = web_dir();
    std::fs::write(
        dir.join("routes.json"),
        r#"{"paths": ["/", "/cart/", "/s/", "/store-finder/", "/account/login/"]}"#,
    )
    .unwrap();
    dir
}

#[tokio::test]
async fn unknown_paths_render_the_spa_with_404_while_pages_answer_200() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    sqlx::query(
        "INSERT INTO departments (id, parent_id, name, url, sort_order) VALUES (101, NULL, 'Farm', '/farm-ranch/', 1)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let app = site(&env);
    for page in [
        "/",
        "/cart/",
        "/s/?keyword=rope",
        "/store-finder",
        "/account/login/?refUrl=/cart/",
        "/farm-ranch/",
        "/farm-ranch",
        "/product/100/poly-rope-100/",
        "/stores/janesville-wi",
    ] {
        let (status, _, body) = get(&app, page).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert!(body.contains("<div id=root>"), "{page}");
    }
    for missing in [
        "/no-such-page/",
        "/farm-ranch/nothing-here/",
        "/product/999999/gone/",
        "/stores/atlantis-wi",
    ] {
        let (status, headers, body) = get(&app, missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
        assert!(
            body.contains("<div id=root>"),
            "{missing}: the SPA renders its 404 page"
        );
        assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    }
}

#[tokio::test]
async fn a_product_page_holds_its_head_and_structured_data_before_any_script_runs() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    sqlx::query(
        "INSERT INTO departments (id, parent_id, name, url, sort_order) VALUES \
         (100, NULL, 'Farm & Ranch', '/farm-ranch/', 1), (101, 100, 'Rope', '/farm-ranch/rope/', 1)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    sqlx::query(
        "UPDATE products SET description = 'Strong <poly> rope for \"every\" job.', \
         images = '[\"/images/100.jpg\"]', rating_average = 4.5, rating_count = 12 \
         WHERE blain_number = '100'",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    // One review written here (the reviews' read models), on top of the catalog's 12.
    sqlx::query(
        "INSERT INTO product_reviews (review_id, ref, blain_number, customer_id, subject, rating, \
         title, body, reviewer, verified, status, written_at) VALUES ('rv:100:cu_1', 'rw_1', '100', \
         'cu_1', 'em_1', 5, 'Holds a calf', 'Tied a calf with it all week.', 'Jane D.', true, \
         'Published', '2026-11-20T10:00:00Z')",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    sqlx::query("INSERT INTO review_stats VALUES ('100', 1, 5, '{0,0,0,0,1}')")
        .execute(&env.pool)
        .await
        .unwrap();
    let app = site(&env);
    let (status, _, html) = get(&app, "/product/100/poly-rope-100/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<div id=root>"));
    assert!(
        html.contains("<title>Poly Rope 100 | Storefront</title>"),
        "{html}"
    );
    assert_eq!(html.matches("<title>").count(), 1);
    assert!(html.contains(
        "<meta name=\"description\" content=\"$10.00 Strong &lt;poly&gt; rope for &quot;every&quot; job.\" />"
    ));
    let origin = "http://127.0.0.1:8080";
    assert!(html.contains(&format!(
        "<link rel=\"canonical\" href=\"{origin}/product/100/poly-rope-100/\" />"
    )));
    assert!(html.contains(&format!(
        "<meta property=\"og:image\" content=\"{origin}/images/100.jpg\" />"
    )));
    let blocks: Vec<serde_json::Value> = html
        .split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap())
        .collect();
    let product = &blocks[0];
    assert_eq!(product["@type"], "Product");
    assert_eq!(product["name"], "Poly Rope 100");
    assert_eq!(product["sku"], "100");
    assert_eq!(product["image"][0], format!("{origin}/images/100.jpg"));
    assert_eq!(product["offers"]["@type"], "Offer");
    assert_eq!(product["offers"]["price"], "10.00");
    assert_eq!(product["offers"]["priceCurrency"], "USD");
    assert_eq!(
        product["offers"]["availability"],
        "https://schema.org/InStock"
    );
    // (4.5 × 12 + 5) / 13 = 4.54
    assert_eq!(product["aggregateRating"]["ratingValue"], 4.5);
    assert_eq!(product["aggregateRating"]["reviewCount"], 13);
    assert_eq!(product["review"][0]["@type"], "Review");
    assert_eq!(product["review"][0]["reviewRating"]["ratingValue"], 5);
    assert_eq!(product["review"][0]["author"]["name"], "Jane D.");
    assert_eq!(
        product["review"][0]["reviewBody"],
        "Tied a calf with it all week."
    );
    assert_eq!(product["review"][0]["datePublished"], "2026-11-20");
    let crumbs = &blocks[1];
    assert_eq!(crumbs["@type"], "BreadcrumbList");
    let names: Vec<&str> = crumbs["itemListElement"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Farm & Ranch", "Rope", "Poly Rope 100"]);
    assert_eq!(
        crumbs["itemListElement"][1]["item"],
        format!("{origin}/farm-ranch/rope/")
    );
    assert_eq!(crumbs["itemListElement"][2]["position"], 3);

    // Reached by another slug (an old name's) or none: one URL, for good.
    for old in ["/product/100/old-name/", "/product/100/", "/product/100"] {
        let (status, headers, _) = get(&app, old).await;
        assert_eq!(status, StatusCode::MOVED_PERMANENTLY, "{old}");
        assert_eq!(headers[header::LOCATION], "/product/100/poly-rope-100/");
    }
    let (_, headers, _) = get(&app, "/product/100/x/?utm_source=mail").await;
    assert_eq!(
        headers[header::LOCATION],
        "/product/100/poly-rope-100/?utm_source=mail"
    );
    // Below MAP the price is the cart's to show: not in the description, no Offer.
    sqlx::query(
        "UPDATE products SET price_mode = 'BelowMap', map_price_cents = 1500, \
         description = 'Tough rope.' WHERE blain_number = '200'",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let (_, _, html) = get(&app, "/product/200/poly-rope-200/").await;
    assert!(
        html.contains("<meta name=\"description\" content=\"Tough rope.\" />"),
        "{html}"
    );
    assert!(
        !html.contains("$10.00") && !html.contains("10.00"),
        "{html}"
    );
    let product = &json_ld(&html)[0];
    assert_eq!(product["@type"], "Product");
    assert!(product["offers"].is_null(), "{product}");

    // On sale until a day to come: the offer says how long its price holds (`priceValidUntil`);
    // once that day has passed, no end is published (the price is whatever the feed set since).
    let last = chrono::Utc::now().date_naive() + chrono::Days::new(10);
    sqlx::query(
        "UPDATE products SET price_cents = 800, was_price_cents = 1000, sale_ends_on = $1          WHERE blain_number = '300'",
    )
    .bind(last)
    .execute(&env.pool)
    .await
    .unwrap();
    let on_sale = || async {
        let (_, _, html) = get(&app, "/product/300/poly-rope-300/").await;
        let product = json_ld(&html).swap_remove(0);
        assert!(
            rich_result_problems(&product, origin).is_empty(),
            "{product}"
        );
        assert_eq!(product["offers"]["price"], "8.00", "{product}");
        product["offers"]["priceValidUntil"].clone()
    };
    assert_eq!(on_sale().await, last.format("%Y-%m-%d").to_string());
    sqlx::query("UPDATE products SET sale_ends_on = $1 WHERE blain_number = '300'")
        .bind(chrono::Utc::now().date_naive() - chrono::Days::new(1))
        .execute(&env.pool)
        .await
        .unwrap();
    assert!(on_sale().await.is_null());

    // Other pages keep the app's own head.
    let (_, _, finder) = get(&app, "/store-finder/").await;
    assert!(!finder.contains("application/ld+json"));

    // Crawlers are kept out of the cart, the account, checkout, the staff console and sorted
    // copies of listings.
    let (status, headers, robots) = get(&app, "/robots.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "text/plain; charset=utf-8");
    for line in [
        "User-agent: *",
        "Disallow: /cart/",
        "Disallow: /account/",
        "Disallow: /checkout/",
        "Disallow: /staff",
        "Disallow: /*?*sort=",
        "Sitemap: http://127.0.0.1:8080/sitemap.xml",
    ] {
        assert!(robots.lines().any(|l| l == line), "{line}: {robots}");
    }
    assert!(!robots.lines().any(|l| l == "Disallow: /"));
}

/// A sitemap file, gunzipped.
async fn sitemap(app: &axum::Router, url: &str) -> String {
    use std::io::Read;
    let path = url
        .strip_prefix("http://127.0.0.1:8080")
        .expect("absolute, from PUBLIC_URL");
    let response = app
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()[header::CONTENT_TYPE], "application/gzip");
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let mut xml = String::new();
    flate2::read::GzDecoder::new(&body[..])
        .read_to_string(&mut xml)
        .unwrap();
    xml
}

/// The text of every `<tag>` in `xml`.
fn texts<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    xml.split(&format!("<{tag}>"))
        .skip(1)
        .map(|rest| rest.split(&format!("</{tag}>")).next().unwrap())
        .collect()
}

#[tokio::test]
async fn the_sitemaps_list_the_pages_departments_stores_and_products_on_sale() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    sqlx::query(
        "INSERT INTO departments (id, parent_id, name, url, sort_order) VALUES \
         (101, NULL, 'Farm', '/farm-ranch/', 1)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    sqlx::query("UPDATE products SET discontinued = true WHERE blain_number = '300'")
        .execute(&env.pool)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE products SET updated_at = '2026-11-01T08:00:00Z' WHERE blain_number = '100'",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let app = site(&env);
    let (status, headers, index) = get(&app, "/sitemap.xml").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        headers[header::CONTENT_TYPE],
        "application/xml; charset=utf-8"
    );
    assert!(index.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    let files = texts(&index, "loc");
    assert_eq!(
        files,
        [
            "http://127.0.0.1:8080/sitemaps/pages.xml.gz",
            "http://127.0.0.1:8080/sitemaps/products-1.xml.gz"
        ]
    );

    let pages = sitemap(&app, files[0]).await;
    let listed = texts(&pages, "loc");
    for page in [
        "http://127.0.0.1:8080/",
        "http://127.0.0.1:8080/store-finder/",
        "http://127.0.0.1:8080/farm-ranch/",
        "http://127.0.0.1:8080/stores/janesville-wi",
    ] {
        assert!(listed.contains(&page), "{page}: {pages}");
    }
    // Nothing of a customer's, and no search results.
    for unlisted in ["/cart/", "/account/login/", "/s/"] {
        assert!(
            !listed.iter().any(|l| l.ends_with(unlisted)),
            "{unlisted}: {pages}"
        );
    }

    let products = sitemap(&app, files[1]).await;
    assert!(products.contains(
        "<url><loc>http://127.0.0.1:8080/product/100/poly-rope-100/</loc>\
         <lastmod>2026-11-01T08:00:00Z</lastmod></url>"
    ));
    assert_eq!(
        texts(&products, "loc").len(),
        2,
        "the discontinued one is left out"
    );
    assert!(!products.contains("/product/300/"));

    for missing in [
        "/sitemaps/products-2.xml.gz",
        "/sitemaps/products-0.xml.gz",
        "/sitemaps/products-01.xml.gz",
        "/sitemaps/other.xml.gz",
    ] {
        let (status, _, _) = get(&app, missing).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
    }
}

/// The JSON-LD blocks of a page.
fn json_ld(html: &str) -> Vec<serde_json::Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).unwrap())
        .collect()
}

/// What Google's rich-result documentation requires of each type we write (Product snippets
/// and merchant listings, Breadcrumb, Carousel's summary-page ItemList, LocalBusiness,
/// Sitelinks search box): the problems of `block`, none when it passes.
fn rich_result_problems(block: &serde_json::Value, origin: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut need = |ok: bool, what: &str| {
        if !ok {
            problems.push(format!("{}: {what}", block["@type"]));
        }
    };
    let text = |v: &serde_json::Value| v.as_str().is_some_and(|s| !s.trim().is_empty());
    let absolute = |v: &serde_json::Value| v.as_str().is_some_and(|s| s.starts_with(origin));
    need(block["@context"] == "https://schema.org", "@context");
    match block["@type"].as_str().unwrap_or("") {
        "Product" => {
            need(text(&block["name"]), "name");
            need(
                !block["offers"].is_null() || !block["aggregateRating"].is_null(),
                "offers or aggregateRating",
            );
            let offer = &block["offers"];
            if offer.is_null() {
                return problems;
            }
            need(offer["@type"] == "Offer", "offers");
            let price = offer["price"].as_str().unwrap_or("");
            need(
                price.parse::<f64>().is_ok_and(|p| p > 0.0)
                    && price.split('.').nth(1).is_some_and(|c| c.len() == 2),
                "offers.price, a decimal",
            );
            need(offer["priceCurrency"] == "USD", "offers.priceCurrency");
            need(
                offer["priceValidUntil"].is_null()
                    || offer["priceValidUntil"]
                        .as_str()
                        .is_some_and(|d| chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok()),
                "offers.priceValidUntil, an ISO 8601 date",
            );
            need(
                offer["availability"]
                    .as_str()
                    .is_some_and(|a| a.starts_with("https://schema.org/")),
                "offers.availability",
            );
            need(
                block["image"]
                    .as_array()
                    .is_some_and(|i| i.iter().all(&absolute)),
                "image, absolute URLs",
            );
            if !block["aggregateRating"].is_null() {
                let rating = &block["aggregateRating"];
                need(
                    rating["ratingValue"]
                        .as_f64()
                        .is_some_and(|r| (1.0..=5.0).contains(&r)),
                    "ratingValue",
                );
                need(
                    rating["reviewCount"].as_i64().is_some_and(|c| c > 0),
                    "reviewCount",
                );
            }
        }
        kind @ ("BreadcrumbList" | "ItemList") => {
            let items = block["itemListElement"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            need(!items.is_empty(), "itemListElement");
            for (i, item) in items.iter().enumerate() {
                need(
                    item["@type"] == "ListItem" && item["position"] == i + 1,
                    "position",
                );
                if kind == "ItemList" {
                    need(absolute(&item["url"]), "url on this site");
                } else {
                    need(text(&item["name"]), "name");
                    need(
                        i + 1 == items.len() || absolute(&item["item"]),
                        "item, an absolute URL",
                    );
                }
            }
        }
        "Store" => {
            need(text(&block["name"]), "name");
            let address = &block["address"];
            for field in [
                "streetAddress",
                "addressLocality",
                "addressRegion",
                "postalCode",
                "addressCountry",
            ] {
                need(text(&address[field]), field);
            }
            need(text(&block["telephone"]), "telephone");
            need(block["geo"]["latitude"].is_f64(), "geo");
            let hours = block["openingHoursSpecification"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            need(!hours.is_empty(), "openingHoursSpecification");
            for h in hours {
                need(
                    h["dayOfWeek"]
                        .as_str()
                        .is_some_and(|d| d.starts_with("https://schema.org/")),
                    "dayOfWeek",
                );
                for end in ["opens", "closes"] {
                    need(
                        h[end]
                            .as_str()
                            .is_some_and(|t| t.len() == 5 && t.as_bytes()[2] == b':'),
                        end,
                    );
                }
            }
        }
        "WebSite" => {
            need(absolute(&block["url"]), "url");
            let action = &block["potentialAction"];
            need(action["@type"] == "SearchAction", "potentialAction");
            need(
                action["target"]["urlTemplate"]
                    .as_str()
                    .is_some_and(|t| t.starts_with(origin) && t.contains("{search_term_string}")),
                "target.urlTemplate",
            );
            need(
                action["query-input"] == "required name=search_term_string",
                "query-input",
            );
        }
        "Organization" => {
            need(text(&block["name"]), "name");
            need(absolute(&block["url"]), "url");
        }
        other => need(false, &format!("an unexpected type {other}")),
    }
    problems
}

#[tokio::test]
async fn every_kind_of_shopper_page_holds_its_head_and_valid_structured_data() {
    use chrono::TimeZone;
    let env = spawn_env().await;
    let reference = chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap();
    storefront::seeding::seed(&env.pool, 300, reference)
        .await
        .unwrap();
    let state = AppParts::ephemeral(env.pool.clone(), env.bus.clone(), web_dir_with_routes());
    state.search.reindex(&env.pool, &|_, _| {}).await.unwrap();
    let app = router(state, &Roles::all());
    let origin = "http://127.0.0.1:8080";
    let (department, department_name): (String, String) = sqlx::query_as(
        "SELECT d.url, d.name FROM departments d WHERE d.parent_id IS NULL ORDER BY d.sort_order, d.id LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let (store, city): (String, String) = sqlx::query_as(
        "SELECT url_alias, city FROM stores WHERE NOT coming_soon ORDER BY store_num LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let (product, product_name): (String, String) =
        sqlx::query_as("SELECT blain_number, name FROM products ORDER BY blain_number LIMIT 1")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    let product_path = format!(
        "/product/{product}/{}/",
        projections::model::catalog::slug(&product_name)
    );
    // A word of a brand the catalog holds.
    let brand: String = sqlx::query_scalar(
        "SELECT lower(split_part(vendor_brand, ' ', 1)) FROM products ORDER BY blain_number LIMIT 1",
    )
    .fetch_one(&env.pool)
    .await
    .unwrap();
    let search = format!("/s/?keyword={brand}&sort=price-asc");
    let pages: [(&str, String, &[&str], String); 5] = [
        ("home", "/".into(), &["Organization", "WebSite"], "/".into()),
        (
            "department",
            format!("{department}?sort=price-asc&mpp=120"),
            &["BreadcrumbList", "ItemList"],
            department.clone(),
        ),
        (
            "search",
            search,
            &["ItemList"],
            format!("/s/?keyword={brand}"),
        ),
        (
            "product",
            product_path.clone(),
            &["Product", "BreadcrumbList"],
            product_path.clone(),
        ),
        (
            "store",
            format!("/stores/{store}"),
            &["Store"],
            format!("/stores/{store}"),
        ),
    ];
    for (kind, path, types, canonical) in pages {
        let (status, _, html) = get(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{kind} {path}");
        assert_eq!(html.matches("<title>").count(), 1, "{kind}");
        let title = html
            .split("<title>")
            .nth(1)
            .unwrap()
            .split("</title>")
            .next()
            .unwrap();
        assert!(
            title.contains("Storefront") && title.len() > "Storefront".len(),
            "{kind}: {title}"
        );
        assert!(
            html.contains(&format!(
                "<link rel=\"canonical\" href=\"{origin}{canonical}\" />"
            )),
            "{kind}: the canonical URL drops sort and page size: {html}"
        );
        assert!(html.contains("<meta property=\"og:title\""), "{kind}");
        let blocks = json_ld(&html);
        let found: Vec<&str> = blocks
            .iter()
            .map(|b| b["@type"].as_str().unwrap())
            .collect();
        assert_eq!(found, types, "{kind}");
        for block in &blocks {
            let problems = rich_result_problems(block, origin);
            assert!(problems.is_empty(), "{kind}: {problems:?} in {block}");
        }
        match kind {
            "department" => assert!(html.contains(
                &format!("<title>{department_name} | Storefront</title>").replace('&', "&amp;")
            )),
            "store" => assert!(html.contains(&city)),
            _ => {}
        }
    }
    // A search without a keyword, a content page: the app's own head.
    for path in ["/s/", "/store-finder/"] {
        let (_, _, html) = get(&app, path).await;
        assert!(json_ld(&html).is_empty(), "{path}");
    }
    // The checker does catch what Google would refuse.
    let broken = serde_json::json!({"@context": "https://schema.org", "@type": "Product",
        "name": "x", "offers": {"@type": "Offer", "price": "12", "priceCurrency": "USD"}});
    assert_eq!(rich_result_problems(&broken, origin).len(), 3);
}

async fn get(app: &axum::Router, path: &str) -> (StatusCode, axum::http::HeaderMap, String) {
    let response = app
        .clone()
        .oneshot(Request::get(path).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8_lossy(&body).to_string())
}

fn state(env: &TestEnv, bus: BusConfig) -> AppState {
    let mut state = AppParts::ephemeral(env.pool.clone(), bus, web_dir());
    state.staff = std::sync::Arc::new(
        kernel::staff::StaffTokens::parse(&format!("ops:operator:{OPS_TOKEN}")).unwrap(),
    );
    state
}

async fn app(env: &TestEnv, bus: BusConfig) -> axum::Router {
    storefront::zips::load(&env.pool).await.unwrap();
    router(state(env, bus), &Roles::all())
}

/// `GET path` with the operator's bearer token.
async fn get_as_operator(app: &axum::Router, path: &str) -> (StatusCode, String) {
    let response = app
        .clone()
        .oneshot(
            Request::get(path)
                .header("authorization", format!("Bearer {OPS_TOKEN}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&body).to_string())
}

#[tokio::test]
async fn probes_report_liveness_and_readiness() {
    let env = spawn_env().await;
    let app = app(&env, env.bus.clone()).await;
    let (status, _, body) = get(&app, "/healthz").await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, r#"{"status":"ok"}"#)
    );
    let (status, _, body) = get(&app, "/readyz").await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, r#"{"status":"ready"}"#),
        "anyone learns ready or not, nothing more"
    );
    let (status, _, body) = get(&app, "/ops/readyz").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    assert!(!body.contains("broker"), "{body}");
    let (status, body) = get_as_operator(&app, "/ops/readyz").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body.contains(r#""broker":"ok""#) && body.contains(r#""migrations":"ok""#),
        "{body}"
    );
}

#[tokio::test]
async fn readiness_is_checked_in_the_background_not_per_request() {
    let env = spawn_env().await;
    storefront::zips::load(&env.pool).await.unwrap();
    let state = state(&env, env.bus.clone());
    let app = router(state.clone(), &Roles::all());
    let (status, _, _) = get(&app, "/readyz").await;
    assert_eq!(status, StatusCode::OK);
    let checks = || {
        state
            .readiness
            .checks
            .load(std::sync::atomic::Ordering::Relaxed)
    };
    let before = checks();
    let calls = (0..50).map(|_| get(&app, "/readyz"));
    for (status, _, body) in futures::future::join_all(calls).await {
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert!(
        checks() <= before + 1,
        "50 calls ran {} checks (the interval's own tick may fall in between)",
        checks() - before
    );
    assert_eq!(
        state
            .readiness
            .broker_clients
            .load(std::sync::atomic::Ordering::Relaxed),
        1,
        "one broker client for the life of the process"
    );
}

#[tokio::test]
async fn readiness_fails_and_says_why_when_the_broker_is_unreachable() {
    let env = spawn_env().await;
    let app = app(&env, BusConfig::new("127.0.0.1:1")).await;
    let (status, _, body) = get(&app, "/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body, r#"{"status":"not ready"}"#);
    let (status, body) = get_as_operator(&app, "/ops/readyz").await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(body.contains(r#""broker":"unreachable""#), "{body}");
    assert!(body.contains(r#""postgres":"ok""#), "{body}");
}

#[tokio::test]
async fn the_staff_console_is_its_own_entry_never_indexed() {
    let env = spawn_env().await;
    let app = app(&env, env.bus.clone()).await;
    for path in [
        "/staff",
        "/staff/",
        "/staff/orders/pickup/",
        "/staff/no-such-page/",
    ] {
        let (status, headers, body) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.contains("<div id=staff-root>"), "{path}");
        assert_eq!(headers["x-robots-tag"], "noindex", "{path}");
    }
    // Not the console: a shopper's page, and a path that only starts alike.
    let (_, _, body) = get(&app, "/staffing/").await;
    assert!(!body.contains("staff-root"));
}

#[tokio::test]
async fn spa_routes_fall_back_to_index_html_but_api_paths_never_do() {
    let env = spawn_env().await;
    let app = app(&env, env.bus.clone()).await;

    for path in [
        "/",
        "/store-finder/",
        "/stores/janesville-wi",
        "/account/login/?refUrl=/cart/",
    ] {
        let (status, headers, body) = get(&app, path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(body.contains("<div id=root>"), "{path}");
        assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{path}");
    }
    for path in [
        "/api/nope",
        "/globalresource/nothing/",
        "/products/a/unknown",
        "/s/a/x",
    ] {
        let (status, headers, body) = get(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(headers[header::CONTENT_TYPE], "application/json", "{path}");
        assert_eq!(
            body,
            r#"{"success":false,"code":"NotFound","message":"URL route not found"}"#
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_top_level_files_are_served() {
    let env = spawn_env().await;
    let app = app(&env, env.bus.clone()).await;
    let (status, headers, body) = get(&app, "/assets/index-abc123.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, "console.log('shell')");
    assert_eq!(
        headers[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    let (status, headers, _) = get(&app, "/assets/missing.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    let (status, _, body) = get(&app, "/humans.txt").await;
    assert_eq!(
        (status, body.as_str()),
        (StatusCode::OK, "Team: Storefront")
    );
}

/// A GET with `Accept-Encoding`: status, headers and the raw (still encoded) body.
async fn get_encoded(
    app: &axum::Router,
    path: &str,
    accept: &str,
) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let response = app
        .clone()
        .oneshot(
            Request::get(path)
                .header(header::ACCEPT_ENCODING, accept)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (status, headers, body.to_vec())
}

#[tokio::test]
async fn answers_are_compressed_for_clients_that_accept_it() {
    use std::io::Read;
    let env = spawn_env().await;
    let dir = web_dir();
    // The web build writes precompressed copies beside its files.
    let script = "console.log('shell');".repeat(100);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gz, script.as_bytes()).unwrap();
    std::fs::write(dir.join("assets/app-1.js"), &script).unwrap();
    std::fs::write(dir.join("assets/app-1.js.gz"), gz.finish().unwrap()).unwrap();
    let app = router(
        AppParts::ephemeral(env.pool.clone(), env.bus.clone(), dir),
        &Roles::all(),
    );

    // A file of the build: its gzip copy, marked as such, varying by Accept-Encoding.
    let (status, headers, body) = get_encoded(&app, "/assets/app-1.js", "gzip").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
    assert!(headers[header::VARY]
        .to_str()
        .unwrap()
        .contains("accept-encoding"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(body.as_slice())
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(text, script);
    // Without Accept-Encoding: the file as it is.
    let (_, headers, body) = get_encoded(&app, "/assets/app-1.js", "identity").await;
    assert!(headers.get(header::CONTENT_ENCODING).is_none());
    assert_eq!(body, script.as_bytes());

    // An API answer: brotli when asked for (the OpenAPI document is large).
    let (status, headers, body) = get_encoded(&app, "/api/openapi.json", "br").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_ENCODING], "br");
    assert!(
        body.len() * 5 < storefront::app::OPENAPI.len(),
        "{} bytes",
        body.len()
    );
    let (_, headers, body) = get_encoded(&app, "/api/openapi.json", "gzip").await;
    assert_eq!(headers[header::CONTENT_ENCODING], "gzip");
    let mut text = String::new();
    flate2::read::GzDecoder::new(body.as_slice())
        .read_to_string(&mut text)
        .unwrap();
    assert_eq!(text, storefront::app::OPENAPI);
}

#[tokio::test]
async fn the_department_tree_is_served_from_the_read_model() {
    let env = spawn_env().await;
    sqlx::query(
        "INSERT INTO departments (id, parent_id, name, url, sort_order) VALUES \
         (1, NULL, 'Farm & Ranch', '/farm-ranch/', 0), (101, 1, 'Fencing', '/farm-ranch/fencing/', 0), \
         (12, NULL, 'Automotive Service Center', '/automotive-service/', 1)",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let app = app(&env, env.bus.clone()).await;
    let (status, _, body) = get(&app, "/api/catalog/departments").await;
    assert_eq!(status, StatusCode::OK);
    let tree: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(tree[0]["name"], "Farm & Ranch");
    assert_eq!(tree[0]["children"][0]["url"], "/farm-ranch/fencing/");
    assert_eq!(tree[1]["id"], 12);
}

#[tokio::test]
async fn an_oversize_body_is_refused_with_413() {
    let env = spawn_env().await;
    let app = app(&env, env.bus.clone()).await;
    let big = vec![b'x'; storefront::app::MAX_BODY_BYTES + 1];
    let response = app
        .oneshot(
            Request::post("/api/nope")
                .header(header::CONTENT_LENGTH, big.len())
                .body(Body::from(big))
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(
        String::from_utf8_lossy(&body),
        r#"{"success":false,"code":"TooLarge","message":"The request is too large."}"#
    );
}

#[tokio::test]
async fn metrics_are_not_served_through_the_public_proxy() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let direct = c.get("/metrics").await;
    assert_eq!(direct.status, 200);
    assert!(
        direct.body.contains("storefront_outbox_lag_seconds"),
        "{}",
        direct.body
    );
    for (name, value) in [
        ("x-forwarded-for", "203.0.113.9"),
        ("forwarded", "for=203.0.113.9"),
    ] {
        let proxied = c
            .send_with("GET", "/metrics", None, String::new(), &[(name, value)])
            .await;
        assert_eq!(proxied.status, 404, "{name}");
        assert_eq!(proxied.json()["code"], "NotFound");
        assert!(!proxied.body.contains("storefront_"));
    }
}

#[tokio::test]
async fn the_autocomplete_click_never_answers_a_script() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    let a = c
        .get(
            "/s/a/?fn=ajax&f=GetAutoCompleteClick&keyword=dog&name=Dog&type=popular&callback=alert",
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.headers["content-type"], "application/json");
    assert_eq!(a.json(), serde_json::json!({"success": true}));
}

/// Preview mode: a merchandiser whose browser holds `sf_preview=1` gets each page of the store
/// with the staff's preview script, never kept by a cache; without the cookie, or for anyone
/// else with it (another role, a shopper), the page is the shoppers'.
#[tokio::test]
async fn a_merchandiser_in_preview_mode_gets_the_preview_script_and_no_one_else_does() {
    let env = spawn_env().await;
    let mut parts = AppParts::ephemeral(env.pool.clone(), env.bus.clone(), web_dir_with_routes());
    parts.staff = std::sync::Arc::new(
        kernel::staff::StaffTokens::parse(
            "merch:merchandiser:merchandiser-token-0123456789abcdef, ana:analyst:analyst-token-0123456789abcdef",
        )
        .unwrap(),
    );
    let app = router(parts, &Roles::all());
    let page = |token: Option<&str>, cookie: Option<&str>| {
        let mut request = Request::get("/s/?keyword=rope");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(cookie) = cookie {
            request = request.header(header::COOKIE, cookie);
        }
        let app = app.clone();
        async move {
            let response = app
                .oneshot(request.body(Body::empty()).unwrap())
                .await
                .unwrap();
            let cache = response.headers()[header::CACHE_CONTROL].clone();
            let body = response.into_body().collect().await.unwrap().to_bytes();
            (cache, String::from_utf8(body.to_vec()).unwrap())
        }
    };
    let script = r#"<script type="module" src="/staff-preview.js"></script>"#;
    let (cache, body) = page(
        Some("merchandiser-token-0123456789abcdef"),
        Some("sf_vid=x; sf_preview=1"),
    )
    .await;
    assert!(body.contains(script), "{body}");
    assert_eq!(cache, "private, no-store");
    for (token, cookie) in [
        (Some("merchandiser-token-0123456789abcdef"), None),
        (Some("analyst-token-0123456789abcdef"), Some("sf_preview=1")),
        (None, Some("sf_preview=1")),
        (
            Some("merchandiser-token-0123456789abcdef"),
            Some("sf_preview=0"),
        ),
    ] {
        let (cache, body) = page(token, cookie).await;
        assert!(!body.contains("staff-preview"), "{token:?} {cookie:?}");
        assert_eq!(cache, "no-cache", "{token:?} {cookie:?}");
    }
}
