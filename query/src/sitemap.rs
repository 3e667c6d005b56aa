//! Sitemaps (sitemaps.org 0.9): `GET /sitemap.xml` is an index of gzipped sitemaps of at most
//! [`MAX_URLS`] URLs each: `pages.xml.gz` (home, content pages, departments, stores) and
//! `products-N.xml.gz` (the products on sale, by number), each URL with its `lastmod` from the
//! events (a product's `updated_at`, a department's or store's last event). The index and the
//! products' chunk boundaries are built once per catalog change (at most [`MAX_AGE`] old); each
//! file is written when asked for, from the boundaries, with one keyset query.
//!
//! [`MAX_AGE`]: crate::rebuilt::MAX_AGE

use std::io::Write;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, SecondsFormat, Utc};
use kernel::http::ApiError;
use sqlx::PgPool;

use crate::catalog::products::product_url;
use crate::html::escape_html;
use crate::rebuilt::Rebuilt;
use crate::QueryState;

/// The most URLs in one sitemap file (the protocol's limit).
pub const MAX_URLS: i64 = 50_000;

/// The fixed pages of the app a crawler should not list: the account, cart, checkout,
/// per-customer registries, search results and the newsletter's unsubscribe page.
const UNLISTED: [&str; 6] = [
    "/account/",
    "/cart/",
    "/checkout/",
    "/gift-registry/",
    "/newsletter/",
    "/s/",
];

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/sitemap.xml", get(index))
        .route("/sitemaps/{file}", get(file))
        .with_state(state)
}

/// The products' chunks: the first number of each and its newest `updated_at`.
pub struct Chunks {
    starts: Vec<(String, DateTime<Utc>)>,
    /// The pages' newest change (departments', stores').
    pages_lastmod: Option<DateTime<Utc>>,
}

/// [`Chunks`] of this process, rebuilt at most once per [`crate::rebuilt::MAX_AGE`].
#[derive(Default)]
pub struct SitemapCache(Rebuilt<Chunks>);

impl SitemapCache {
    async fn get(&self, pool: &PgPool) -> Result<std::sync::Arc<Chunks>, sqlx::Error> {
        self.0.get(|| chunks(pool)).await
    }

    /// The next request rebuilds the index.
    pub fn invalidate(&self) {
        self.0.invalidate()
    }
}

async fn chunks(pool: &PgPool) -> Result<Chunks, sqlx::Error> {
    let starts: Vec<(String, DateTime<Utc>)> = sqlx::query_as(
        "SELECT min(blain_number), max(updated_at) FROM ( \
           SELECT blain_number, updated_at, \
                  (row_number() OVER (ORDER BY blain_number) - 1) / $1 AS chunk \
           FROM products WHERE NOT discontinued) t \
         GROUP BY chunk ORDER BY chunk",
    )
    .bind(MAX_URLS)
    .fetch_all(pool)
    .await?;
    let pages_lastmod: Option<DateTime<Utc>> = sqlx::query_scalar(
        "SELECT max(recorded_at) FROM events WHERE aggregate_type IN ('Department', 'Store')",
    )
    .fetch_one(pool)
    .await?;
    Ok(Chunks {
        starts,
        pages_lastmod,
    })
}

fn w3c(at: &DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A `<urlset>` of (path, lastmod).
fn urlset(origin: &str, urls: impl Iterator<Item = (String, Option<DateTime<Utc>>)>) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (path, lastmod) in urls {
        xml.push_str("<url><loc>");
        xml.push_str(&escape_html(&format!("{origin}{path}")));
        xml.push_str("</loc>");
        if let Some(at) = lastmod {
            xml.push_str("<lastmod>");
            xml.push_str(&w3c(&at));
            xml.push_str("</lastmod>");
        }
        xml.push_str("</url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

const SITEMAP_CACHE: &str = "public, max-age=3600";

#[utoipa::path(get, path = "/sitemap.xml", tag = "shell",
    summary = "The sitemap index",
    description = "A sitemaps.org index: `pages.xml.gz` (home, content pages, departments, stores) and one `products-N.xml.gz` per 50,000 products on sale, each with its newest `lastmod`. Rebuilt after a catalog change (at most a minute old).",
    responses((status = 200, description = "The index", content_type = "application/xml", body = String)))]
async fn index(State(state): State<QueryState>) -> Result<Response, ApiError> {
    let chunks = state.sitemaps.get(&state.pool).await?;
    let origin = &state.public_url;
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    let mut entry = |name: String, lastmod: Option<&DateTime<Utc>>| {
        xml.push_str("<sitemap><loc>");
        xml.push_str(&escape_html(&format!("{origin}/sitemaps/{name}")));
        xml.push_str("</loc>");
        if let Some(at) = lastmod {
            xml.push_str("<lastmod>");
            xml.push_str(&w3c(at));
            xml.push_str("</lastmod>");
        }
        xml.push_str("</sitemap>\n");
    };
    entry("pages.xml.gz".into(), chunks.pages_lastmod.as_ref());
    for (i, (_, lastmod)) in chunks.starts.iter().enumerate() {
        entry(format!("products-{}.xml.gz", i + 1), Some(lastmod));
    }
    xml.push_str("</sitemapindex>\n");
    Ok((
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, SITEMAP_CACHE),
        ],
        xml,
    )
        .into_response())
}

#[utoipa::path(get, path = "/sitemaps/{file}", tag = "shell",
    summary = "One gzipped sitemap of the index",
    description = "`pages.xml.gz` or `products-N.xml.gz` (N from 1, as the index names them): a sitemaps.org `urlset`, gzipped, of at most 50,000 URLs with their `lastmod`. Any other name answers 404.",
    params(("file" = String, Path, description = "`pages.xml.gz` or `products-N.xml.gz`")),
    responses(
        (status = 200, description = "The sitemap, gzipped", content_type = "application/gzip", body = Vec<u8>),
        (status = 404, description = "No such sitemap (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn file(
    State(state): State<QueryState>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let origin = &state.public_url;
    let xml = if file == "pages.xml.gz" {
        pages(&state).await?
    } else {
        let n = file
            .strip_prefix("products-")
            .and_then(|rest| rest.strip_suffix(".xml.gz"))
            .filter(|n| !n.starts_with('0') && n.len() <= 6)
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or(ApiError::NotFound)?;
        let chunks = state.sitemaps.get(&state.pool).await?;
        let (start, _) = chunks.starts.get(n - 1).ok_or(ApiError::NotFound)?;
        let rows: Vec<(String, String, DateTime<Utc>)> = sqlx::query_as(
            "SELECT blain_number, name, updated_at FROM products \
             WHERE NOT discontinued AND blain_number >= $1 ORDER BY blain_number LIMIT $2",
        )
        .bind(start)
        .bind(MAX_URLS)
        .fetch_all(&state.pool)
        .await?;
        urlset(
            origin,
            rows.into_iter()
                .map(|(number, name, at)| (product_url(&number, &name), Some(at))),
        )
    };
    let gzipped = tokio::task::spawn_blocking(move || gzip(xml.as_bytes()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok((
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/gzip"),
            (header::CACHE_CONTROL, SITEMAP_CACHE),
        ],
        gzipped,
    )
        .into_response())
}

fn gzip(data: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(data.len() / 6),
        flate2::Compression::default(),
    );
    encoder.write_all(data)?;
    encoder.finish()
}

/// The home page, the content pages, the departments and the stores.
async fn pages(state: &QueryState) -> Result<String, ApiError> {
    let mut urls: Vec<(String, Option<DateTime<Utc>>)> = Vec::new();
    let mut fixed: Vec<&String> = state
        .site_pages
        .iter()
        .flatten()
        .filter(|p| !UNLISTED.iter().any(|u| p.starts_with(u)))
        .collect();
    fixed.sort();
    urls.extend(fixed.into_iter().map(|p| (p.clone(), None)));
    if !urls.iter().any(|(p, _)| p == "/") {
        urls.insert(0, ("/".into(), None));
    }
    let departments: Vec<(String, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT d.url, e.at FROM departments d LEFT JOIN ( \
           SELECT aggregate_id, max(recorded_at) AS at FROM events \
           WHERE aggregate_type = 'Department' GROUP BY aggregate_id) e \
         ON e.aggregate_id = d.id::text ORDER BY d.url LIMIT $1",
    )
    .bind(MAX_URLS / 2)
    .fetch_all(&state.pool)
    .await?;
    urls.extend(departments);
    let stores: Vec<(String, Option<DateTime<Utc>>)> = sqlx::query_as(
        "SELECT '/stores/' || s.url_alias, e.at FROM stores s LEFT JOIN ( \
           SELECT aggregate_id, max(recorded_at) AS at FROM events \
           WHERE aggregate_type = 'Store' GROUP BY aggregate_id) e \
         ON e.aggregate_id = s.store_num::text WHERE NOT s.coming_soon ORDER BY s.url_alias LIMIT $1",
    )
    .bind(MAX_URLS / 4)
    .fetch_all(&state.pool)
    .await?;
    urls.extend(stores);
    urls.truncate(MAX_URLS as usize);
    Ok(urlset(&state.public_url, urls.into_iter()))
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(index, file))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_escaped_and_lastmod_is_w3c() {
        let at = DateTime::parse_from_rfc3339("2026-11-28T12:00:00.123Z")
            .unwrap()
            .with_timezone(&Utc);
        let xml = urlset(
            "https://shop.example",
            [
                ("/a?b=1&c=2".to_string(), Some(at)),
                ("/".to_string(), None),
            ]
            .into_iter(),
        );
        assert!(xml.contains(
            "<url><loc>https://shop.example/a?b=1&amp;c=2</loc><lastmod>2026-11-28T12:00:00Z</lastmod></url>"
        ));
        assert!(xml.contains("<url><loc>https://shop.example/</loc></url>"));
    }
}
