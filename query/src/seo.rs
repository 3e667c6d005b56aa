//! What a crawler or a link preview reads of a page before any JavaScript runs: the page's
//! head (title, description, canonical URL, Open Graph and Twitter card tags) and its
//! structured data (schema.org JSON-LD), built from the same read models as the query API,
//! and `robots.txt`. The server writes the head into the app's `index.html` for product pages
//! (`storefront` binary, `spa`); the page's body is still the app's.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use sqlx::PgPool;

use axum::http::Uri;
use kernel::http::ApiError;
use projections::model::catalog::model::WEEKDAYS;
use search_indexer::search::SearchQuery;

use crate::catalog::products::{products_by_number, ProductSummary};
use crate::html::escape_html;
use crate::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/robots.txt", get(robots))
        .with_state(state)
}

/// The paths no crawler needs: the cart, the account, checkout, the staff console, the API,
/// and the permutations of a listing (search-within, sort, page size, compare list, preview);
/// the listing itself and its pages (`pg`) stay crawlable.
pub const DISALLOWED: [&str; 12] = [
    "/cart/",
    "/account/",
    "/checkout/",
    "/staff",
    "/gift-registry/list/",
    "/api/",
    "/*?*searchWithin=",
    "/*?*sort=",
    "/*?*mpp=",
    "/*?*items=",
    "/*?*prv=",
    "/*?*HawkDate=",
];

#[utoipa::path(get, path = "/robots.txt", tag = "shell",
    summary = "What crawlers may fetch",
    description = "Disallows the cart, the account, checkout, the staff console, the API and the permutations of listings (search-within, sort, page size, compare list, preview); everything else may be crawled. Names the sitemap index.",
    responses((status = 200, description = "robots.txt", content_type = "text/plain", body = String)))]
async fn robots(State(state): State<QueryState>) -> impl IntoResponse {
    let mut text = String::from("User-agent: *\n");
    for path in DISALLOWED {
        text.push_str("Disallow: ");
        text.push_str(path);
        text.push('\n');
    }
    text.push_str(&format!("\nSitemap: {}/sitemap.xml\n", state.public_url));
    (
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        text,
    )
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(robots))]
pub(crate) struct Api;

/// A page's head as a crawler reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct PageHead {
    pub title: String,
    pub description: String,
    /// The page's one URL, a path ("/product/123/stock-tank/"), however it was reached.
    pub canonical: String,
    /// `og:type`: `product` or `website`.
    pub kind: &'static str,
    /// The first picture, a path or an absolute URL.
    pub image: Option<String>,
    /// schema.org objects, each written as its own JSON-LD block.
    pub json_ld: Vec<Value>,
}

/// The longest meta description written (characters): search engines show about 155.
pub const MAX_DESCRIPTION_CHARS: usize = 160;

/// "$12.99" → "12.99": schema.org prices are plain decimals.
fn decimal(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, (cents % 100).abs())
}

fn absolute(origin: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        path.to_string()
    } else {
        format!("{origin}{path}")
    }
}

/// The first `max` characters of `text` on one line, cut at a word with "…" when longer.
fn summary(text: &str, max: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let cut: String = line.chars().take(max - 1).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{}…", cut.trim_end_matches([',', ';', ':', '.']))
}

/// schema.org `BreadcrumbList` of `trail` (name, path) in order.
fn breadcrumb_list(origin: &str, trail: &[(String, String)]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": trail.iter().enumerate().map(|(i, (name, path))| json!({
            "@type": "ListItem",
            "position": i + 1,
            "name": name,
            "item": absolute(origin, path),
        })).collect::<Vec<_>>(),
    })
}

/// Whether the product's price may be shown: a price below the minimum advertised price (MAP)
/// shows in the cart only, so no page, description or structured data names it.
fn price_shown(p: &ProductSummary) -> bool {
    !(p.below_map || p.price_mode == "BelowMap")
}

/// schema.org `Product` with its `Offer` (and `AggregateRating` when reviewed); a product
/// priced below MAP has no `Offer`, its price being the cart's to show.
fn product_ld(origin: &str, p: &ProductSummary, description: &str) -> Value {
    let url = absolute(origin, &p.url);
    let available = !p.discontinued
        && (p.ecom_on_hand > 0 || p.fulfillment.store_pickup || p.fulfillment.same_day_delivery);
    let availability = if p.discontinued {
        "https://schema.org/Discontinued"
    } else if available {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let mut product = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": p.name,
        "sku": p.blain_number,
        "url": url,
        "image": p.images.iter().map(|i| absolute(origin, i)).collect::<Vec<_>>(),
        "description": summary(description, 5000),
        "brand": {"@type": "Brand", "name": p.vendor_brand},
    });
    if price_shown(p) {
        product["offers"] = json!({
            "@type": "Offer",
            "url": url,
            "price": decimal(p.price_cents),
            "priceCurrency": "USD",
            "availability": availability,
            "itemCondition": "https://schema.org/NewCondition",
        });
        // A sale price's last day, while it is to come (`ProductSummary::sale_ends_on`).
        if let Some(last) = p.sale_ends_on {
            product["offers"]["priceValidUntil"] = json!(last.format("%Y-%m-%d").to_string());
        }
    }
    if let (Some(rating), true) = (p.rating, p.rating_count > 0) {
        product["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": rating,
            "reviewCount": p.rating_count,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    product
}

/// A published review as its `Review` item needs it: rating, title, text, name, date.
type ReviewRow = (
    i16,
    Option<String>,
    Option<String>,
    Option<String>,
    chrono::DateTime<chrono::Utc>,
);

/// Up to five of the product's published reviews, most helpful first, as `Review` items
/// (an erased reviewer's review has no text left and is not listed).
async fn review_ld(pool: &PgPool, blain_number: &str) -> Result<Vec<Value>, sqlx::Error> {
    let rows: Vec<ReviewRow> = sqlx::query_as(
        "SELECT rating, title, body, reviewer, written_at FROM product_reviews \
             WHERE blain_number = $1 AND status = 'Published' AND reviewer IS NOT NULL \
             ORDER BY helpful DESC, written_at DESC LIMIT 5",
    )
    .bind(blain_number)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(rating, title, body, reviewer, at)| {
            let mut review = json!({
                "@type": "Review",
                "reviewRating": {"@type": "Rating", "ratingValue": rating, "bestRating": 5, "worstRating": 1},
                "author": {"@type": "Person", "name": reviewer},
                "datePublished": at.date_naive().to_string(),
            });
            if let Some(title) = title {
                review["name"] = Value::String(title);
            }
            if let Some(body) = body {
                review["reviewBody"] = Value::String(body);
            }
            review
        })
        .collect())
}

/// The head of a product's page, or none for a product the catalog does not hold.
pub async fn product_head(
    pool: &PgPool,
    origin: &str,
    blain_number: &str,
) -> Result<Option<PageHead>, sqlx::Error> {
    let Some(product) = products_by_number(pool, &[blain_number.to_string()])
        .await?
        .into_iter()
        .next()
    else {
        return Ok(None);
    };
    let description: String =
        sqlx::query_scalar("SELECT description FROM products WHERE blain_number = $1")
            .bind(blain_number)
            .fetch_optional(pool)
            .await?
            .unwrap_or_default();
    let mut trail = crate::catalog::products::department_trail(pool, product.department_id).await?;
    trail.push((product.name.clone(), product.url.clone()));
    let lead = if description.trim().is_empty() {
        format!("{} by {}", product.name, product.vendor_brand)
    } else {
        description.clone()
    };
    Ok(Some(PageHead {
        title: format!("{} | Storefront", product.name),
        description: summary(
            &if price_shown(&product) {
                format!("{} {lead}", product.price)
            } else {
                lead
            },
            MAX_DESCRIPTION_CHARS,
        ),
        canonical: product.url.clone(),
        kind: "product",
        image: product.images.first().cloned(),
        json_ld: vec![
            {
                let mut ld = product_ld(origin, &product, &description);
                let reviews = review_ld(pool, blain_number).await?;
                if !reviews.is_empty() {
                    ld["review"] = Value::Array(reviews);
                }
                ld
            },
            breadcrumb_list(origin, &trail),
        ],
    }))
}

/// JSON inside a `<script>` element: no `</script>` or `<!--` can end or bend it.
fn script_json(value: &Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// What the server does with a page's HTML: write its head, or send the browser to the page's
/// one URL for good.
#[derive(Debug, Clone, PartialEq)]
pub enum Head {
    Page(PageHead),
    MovedTo(String),
}

/// How many products a listing's `ItemList` names (its first page's first row or two).
pub const ITEM_LIST_SIZE: usize = 24;

/// The site's name on every title and in its structured data.
pub const SITE_NAME: &str = "Storefront";

/// The head of the page at `uri` (a page of the store, as the server found it): the home page,
/// a product, a department, search results or a store. `None`: the app's own head stays (the
/// content and account pages).
pub async fn page_head(state: &QueryState, uri: &Uri) -> Result<Option<Head>, ApiError> {
    let origin = state.public_url.as_str();
    let path = uri.path();
    let params: Vec<(String, String)> =
        axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map(|q| q.0)
            .unwrap_or_default();
    let param = |name: &str| {
        params
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    };
    if path == "/" {
        return Ok(Some(Head::Page(home_head(origin))));
    }
    if let Some(rest) = path.strip_prefix("/product/") {
        let number = rest.split('/').next().unwrap_or("");
        return Ok(match product_head(&state.pool, origin, number).await? {
            Some(head) if head.canonical != path => Some(Head::MovedTo(match uri.query() {
                Some(query) => format!("{}?{query}", head.canonical),
                None => head.canonical,
            })),
            Some(head) => Some(Head::Page(head)),
            None => None,
        });
    }
    if let Some(alias) = path.strip_prefix("/stores/") {
        let stores = state.stores.stores(&state.pool).await?;
        let alias = alias.trim_end_matches('/');
        return Ok(stores
            .iter()
            .find(|s| s.store().url_alias == alias)
            .map(|s| Head::Page(store_head(origin, s.store()))));
    }
    let page = param("pg")
        .and_then(|p| p.parse::<usize>().ok())
        .filter(|p| *p > 1 && *p <= 1000);
    if path == "/s/" || path == "/s" {
        let Some(keyword) = param("keyword") else {
            return Ok(None);
        };
        let keyword: String = keyword.chars().take(100).collect();
        let query = SearchQuery {
            keyword: Some(keyword.clone()),
            limit: ITEM_LIST_SIZE,
            ..SearchQuery::default()
        };
        let hits = crate::search::hits_of(&state.search, &query).await?;
        let products = products_by_number(&state.pool, &hits.ids).await?;
        let mut canonical = format!(
            "/s/?keyword={}",
            search_indexer::url::percent_encode(&keyword, &[])
        );
        if let Some(page) = page {
            canonical.push_str(&format!("&pg={page}"));
        }
        let title = format!("Results for \u{201c}{keyword}\u{201d} | {SITE_NAME}");
        return Ok(Some(Head::Page(PageHead {
            description: summary(
                &format!(
                    "{} products for \u{201c}{keyword}\u{201d} at {SITE_NAME}: farm, home and auto supplies, \
                     with pickup at your local store.",
                    hits.total
                ),
                MAX_DESCRIPTION_CHARS,
            ),
            json_ld: vec![item_list(origin, &title, &products)],
            image: products.iter().find_map(|p| p.images.first().cloned()),
            title,
            canonical,
            kind: "website",
        })));
    }
    department_head(state, origin, path, page).await
}

/// A department's listing: its name, how many products, its trail and its first products.
async fn department_head(
    state: &QueryState,
    origin: &str,
    path: &str,
    page: Option<usize>,
) -> Result<Option<Head>, ApiError> {
    let url = if path.ends_with('/') {
        path.to_string()
    } else {
        format!("{path}/")
    };
    let found: Option<(i32, String)> =
        sqlx::query_as("SELECT id, name FROM departments WHERE url = $1 ORDER BY id LIMIT 1")
            .bind(&url)
            .fetch_optional(&state.pool)
            .await?;
    let Some((id, name)) = found else {
        return Ok(None);
    };
    let query = SearchQuery {
        landing: Some(id),
        limit: ITEM_LIST_SIZE,
        ..SearchQuery::default()
    };
    let hits = crate::search::hits_of(&state.search, &query).await?;
    let products = products_by_number(&state.pool, &hits.ids).await?;
    let trail = crate::catalog::products::department_trail(&state.pool, id).await?;
    let mut canonical = url;
    if let Some(page) = page {
        canonical.push_str(&format!("?pg={page}"));
    }
    let title = format!("{name} | {SITE_NAME}");
    Ok(Some(Head::Page(PageHead {
        description: summary(
            &format!(
                "Shop {} {name} products at {SITE_NAME}, with pickup at your local store or \
                 delivery to your door.",
                hits.total
            ),
            MAX_DESCRIPTION_CHARS,
        ),
        json_ld: vec![
            breadcrumb_list(origin, &trail),
            item_list(origin, &title, &products),
        ],
        image: products.iter().find_map(|p| p.images.first().cloned()),
        title,
        canonical,
        kind: "website",
    })))
}

/// schema.org `ItemList` of a listing's products (the summary-page form: position and URL).
fn item_list(origin: &str, name: &str, products: &[ProductSummary]) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "ItemList",
        "name": name,
        "numberOfItems": products.len(),
        "itemListElement": products.iter().enumerate().map(|(i, p)| json!({
            "@type": "ListItem",
            "position": i + 1,
            "url": absolute(origin, &p.url),
            "name": p.name,
        })).collect::<Vec<_>>(),
    })
}

/// The home page: the store as an `Organization`, and the site with its search box.
fn home_head(origin: &str) -> PageHead {
    PageHead {
        title: format!("{SITE_NAME} | Farm, Home & Auto Supplies"),
        description: format!(
            "Shop farm, ranch, home, auto and outdoor supplies at {SITE_NAME}: tires, feed, \
             tools, clothing and more, with pickup at your local store."
        ),
        canonical: "/".into(),
        kind: "website",
        image: None,
        json_ld: vec![
            json!({
                "@context": "https://schema.org",
                "@type": "Organization",
                "name": SITE_NAME,
                "url": format!("{origin}/"),
            }),
            json!({
                "@context": "https://schema.org",
                "@type": "WebSite",
                "name": SITE_NAME,
                "url": format!("{origin}/"),
                "potentialAction": {
                    "@type": "SearchAction",
                    "target": {
                        "@type": "EntryPoint",
                        "urlTemplate": format!("{origin}/s/?keyword={{search_term_string}}"),
                    },
                    "query-input": "required name=search_term_string",
                },
            }),
        ],
    }
}

/// A store's page: the store as a schema.org `Store` with its address, place and hours.
fn store_head(origin: &str, store: &crate::stores::Store) -> PageHead {
    let canonical = format!("/stores/{}", store.url_alias);
    let hours: Vec<Value> = store
        .hours
        .0
        .iter()
        .zip(WEEKDAYS)
        .filter_map(|(day, name)| {
            day.map(|h| {
                json!({
                    "@type": "OpeningHoursSpecification",
                    "dayOfWeek": format!("https://schema.org/{name}"),
                    "opens": h.open.format("%H:%M").to_string(),
                    "closes": h.close.format("%H:%M").to_string(),
                })
            })
        })
        .collect();
    let name = format!("{SITE_NAME} {}", store.title);
    PageHead {
        title: format!("{} | Store Hours & Directions | {SITE_NAME}", store.title),
        description: summary(
            &format!(
                "{SITE_NAME} in {}: {}, {}, {} {}. Call {}. Store hours, directions, and pickup \
                 of orders placed online.",
                store.title, store.address1, store.city, store.state, store.zip, store.phone
            ),
            MAX_DESCRIPTION_CHARS,
        ),
        kind: "website",
        image: None,
        json_ld: vec![json!({
            "@context": "https://schema.org",
            "@type": "Store",
            "name": name,
            "url": absolute(origin, &canonical),
            "telephone": store.phone,
            "address": {
                "@type": "PostalAddress",
                "streetAddress": store.address1,
                "addressLocality": store.city,
                "addressRegion": store.state,
                "postalCode": store.zip,
                "addressCountry": "US",
            },
            "geo": {"@type": "GeoCoordinates", "latitude": store.lat, "longitude": store.lon},
            "openingHoursSpecification": hours,
        })],
        canonical,
    }
}

/// Cuts the first `<tag …>…</tag>` or `<tag …>` starting with `start` out of `html`.
fn remove_first(html: &mut String, start: &str, end: &str) {
    if let Some(from) = html.find(start) {
        if let Some(len) = html[from..].find(end) {
            html.replace_range(from..from + len + end.len(), "");
        }
    }
}

/// `index_html` with `head` in place of the app's own title and description, before
/// `</head>`; `origin` makes the URLs absolute (`PUBLIC_URL`).
pub fn render(index_html: &str, head: &PageHead, origin: &str) -> String {
    let mut html = index_html.to_string();
    remove_first(&mut html, "<title>", "</title>");
    remove_first(&mut html, "<meta name=\"description\"", ">");
    let canonical = absolute(origin, &head.canonical);
    let mut tags = format!(
        "<title>{title}</title>\n\
         <meta name=\"description\" content=\"{description}\" />\n\
         <link rel=\"canonical\" href=\"{canonical}\" />\n\
         <meta property=\"og:type\" content=\"{kind}\" />\n\
         <meta property=\"og:site_name\" content=\"Storefront\" />\n\
         <meta property=\"og:title\" content=\"{title}\" />\n\
         <meta property=\"og:description\" content=\"{description}\" />\n\
         <meta property=\"og:url\" content=\"{canonical}\" />\n\
         <meta name=\"twitter:title\" content=\"{title}\" />\n\
         <meta name=\"twitter:description\" content=\"{description}\" />\n",
        title = escape_html(&head.title),
        description = escape_html(&head.description),
        canonical = escape_html(&canonical),
        kind = head.kind,
    );
    match &head.image {
        Some(image) => {
            let image = escape_html(&absolute(origin, image));
            tags.push_str(&format!(
                "<meta property=\"og:image\" content=\"{image}\" />\n\
                 <meta name=\"twitter:card\" content=\"summary_large_image\" />\n\
                 <meta name=\"twitter:image\" content=\"{image}\" />\n"
            ));
        }
        None => tags.push_str("<meta name=\"twitter:card\" content=\"summary\" />\n"),
    }
    for block in &head.json_ld {
        tags.push_str(&format!(
            "<script type=\"application/ld+json\">{}</script>\n",
            script_json(block)
        ));
    }
    match html.find("</head>") {
        Some(at) => html.insert_str(at, &tags),
        None => html.insert_str(0, &tags),
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    const INDEX: &str = "<html><head><meta charset=\"UTF-8\" />\
        <meta name=\"description\" content=\"Storefront: farm, home and auto supplies.\" />\
        <title>Storefront</title></head><body><div id=\"root\"></div></body></html>";

    fn head() -> PageHead {
        PageHead {
            title: "Stock Tank \"100 gal\" | Storefront".into(),
            description: "$129.99 A <b>tough</b> tank".into(),
            canonical: "/product/123/stock-tank/".into(),
            kind: "product",
            image: Some("/images/123.jpg".into()),
            json_ld: vec![json!({"@type": "Product", "name": "</script><script>alert(1)"})],
        }
    }

    #[test]
    fn the_head_replaces_the_apps_title_and_description_and_escapes_what_it_writes() {
        let html = render(INDEX, &head(), "https://store.example");
        assert_eq!(html.matches("<title>").count(), 1);
        assert_eq!(html.matches("name=\"description\"").count(), 1);
        assert!(html.contains("<title>Stock Tank &quot;100 gal&quot; | Storefront</title>"));
        assert!(html.contains("content=\"$129.99 A &lt;b&gt;tough&lt;/b&gt; tank\""));
        assert!(html.contains(
            "<link rel=\"canonical\" href=\"https://store.example/product/123/stock-tank/\" />"
        ));
        assert!(html.contains("content=\"https://store.example/images/123.jpg\""));
        // The JSON-LD cannot close its script element.
        assert_eq!(html.matches("</script>").count(), 1);
        let block = html
            .split("<script type=\"application/ld+json\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap();
        let parsed: Value = serde_json::from_str(block).unwrap();
        assert_eq!(parsed["name"], "</script><script>alert(1)");
        assert!(html.find("</script>").unwrap() < html.find("</head>").unwrap());
    }

    #[test]
    fn a_long_description_is_cut_at_a_word() {
        let text = "word ".repeat(100);
        let cut = summary(&text, MAX_DESCRIPTION_CHARS);
        assert!(cut.chars().count() <= MAX_DESCRIPTION_CHARS);
        assert!(cut.ends_with("word…"));
        assert_eq!(summary("  two\n words ", 160), "two words");
    }

    #[test]
    fn prices_are_plain_decimals() {
        assert_eq!(decimal(12999), "129.99");
        assert_eq!(decimal(5), "0.05");
        assert_eq!(decimal(100), "1.00");
    }
}
