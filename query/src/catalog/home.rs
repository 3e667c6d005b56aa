//! The home page's data: `GET /api/home` — the hero from site content, featured product lists
//! and the top-level departments, each with a picture.
//!
//! The answer is the same for every shopper (the visitor's own "recommended for you" comes
//! from the recommendation API), so each process builds it at most once per [`HOME_TTL`] and
//! serves the copy in between: the home page is the most visited page and its lists cost a
//! search each.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use kernel::http::ApiError;
use projections::model::catalog::HomeHero;
use search_indexer::search::{Availability, SearchQuery, Sort};
use search_indexer::SearchEngine;
use serde::Serialize;
use sqlx::{PgPool, Row};
use tokio::sync::Mutex;

use crate::catalog::products::{products_by_number, ProductSummary};
use crate::QueryState;

/// How long a built answer is served before it is built again.
pub const HOME_TTL: Duration = Duration::from_secs(30);
/// Products per featured list.
pub const FEATURED_PRODUCTS: usize = 12;
/// The lowest average rating of the "top rated" list.
pub const TOP_RATED_MIN: f64 = 4.0;
/// A featured list with fewer products than this is left out (a carousel of two looks broken).
pub const MIN_FEATURED: usize = 4;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/home", get(home))
        .with_state(state)
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Featured {
    /// "popular", "deals", "new-arrivals" or "top-rated".
    #[schema(schema_with = featured_ids)]
    pub id: &'static str,
    pub title: &'static str,
    /// A page listing all of them; null when there is none (popularity is no sort).
    #[schema(required)]
    pub link: Option<&'static str>,
    pub products: Vec<ProductSummary>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentCard {
    pub id: i32,
    pub name: String,
    pub url: String,
    /// A picture of the department's top-rated product; null for an empty department.
    #[schema(required)]
    pub image: Option<String>,
    pub image_alt: String,
}

/// The featured lists' ids ([`build`] names them).
const FEATURED_IDS: [&str; 4] = ["popular", "deals", "top-rated", "new-arrivals"];

/// The schema of [`Featured::id`]: one of [`FEATURED_IDS`].
fn featured_ids() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(FEATURED_IDS))
        .build()
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Home)]
pub struct HomeAnswer {
    #[schema(inline, required)]
    pub hero: Option<HomeHero>,
    #[schema(inline)]
    pub featured: Vec<Featured>,
    #[schema(inline)]
    pub departments: Vec<DepartmentCard>,
}

/// The built answer of one process, with the time it was built.
#[derive(Default)]
pub struct HomeCache(Mutex<Option<(Instant, Bytes)>>);

#[utoipa::path(get, path = "/api/home", tag = "catalog",
    summary = "The home page: hero, featured product lists, departments with pictures",
    description = "The same for every shopper; each process builds it at most once every 30 seconds. Lists with fewer than 4 products are left out.",
    responses((status = 200, description = "OK", body = HomeAnswer)))]
async fn home(State(state): State<QueryState>) -> Result<Response, ApiError> {
    // One builder at a time: a burst of first visits waits for one build, not many.
    let mut cached = state.home.0.lock().await;
    let body = match cached.as_ref() {
        Some((built, body)) if built.elapsed() < HOME_TTL => body.clone(),
        _ => {
            let answer = build(&state.pool, state.search.clone()).await?;
            let body = Bytes::from(serde_json::to_vec(&answer).map_err(ApiError::internal)?);
            *cached = Some((Instant::now(), body.clone()));
            body
        }
    };
    drop(cached);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=30"),
            ),
        ],
        body,
    )
        .into_response())
}

/// Builds the answer from the read models, analytics and the index.
pub async fn build(pool: &PgPool, engine: Arc<SearchEngine>) -> Result<HomeAnswer, ApiError> {
    let hero: Option<HomeHero> = sqlx::query_scalar("SELECT hero FROM home_hero")
        .fetch_optional(pool)
        .await?
        .and_then(|v: serde_json::Value| serde_json::from_value(v).ok());

    let departments: Vec<(i32, String, String)> = sqlx::query(
        "SELECT id, name, url FROM departments WHERE parent_id IS NULL ORDER BY sort_order, name",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| (r.get("id"), r.get("name"), r.get("url")))
    .collect();

    // The index's lists, on a blocking thread (searches are CPU work).
    let landings: Vec<i32> = departments.iter().map(|d| d.0).collect();
    let (top_rated, newest, department_tops) = tokio::task::spawn_blocking(move || {
        let list = |sort: Sort, landing: Option<i32>, limit: usize| {
            engine
                .search(&SearchQuery {
                    landing,
                    sort,
                    limit,
                    availability: vec![Availability::Ship],
                    ..SearchQuery::default()
                })
                .map(|h| h.ids)
        };
        let top_rated = list(Sort::Rating, None, FEATURED_PRODUCTS)?;
        let newest = list(Sort::Newest, None, FEATURED_PRODUCTS)?;
        let mut tops = Vec::with_capacity(landings.len());
        for id in landings {
            tops.push(list(Sort::Rating, Some(id), 1)?.into_iter().next());
        }
        Ok::<_, search_indexer::SearchError>((top_rated, newest, tops))
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(ApiError::internal)?;

    let popular =
        crate::search::popularity::popular_products(pool, FEATURED_PRODUCTS as i64).await?;
    let deals: Vec<String> = sqlx::query_scalar(
        "SELECT p.blain_number FROM products p JOIN ecom_inventory e USING (blain_number) \
         WHERE p.was_price_cents IS NOT NULL AND NOT p.discontinued AND p.price_mode = 'Regular' \
           AND e.ecom_on_hand > 0 AND p.ship_to_home \
         ORDER BY p.price_cents::float8 / p.was_price_cents, p.blain_number LIMIT $1",
    )
    .bind(FEATURED_PRODUCTS as i64)
    .fetch_all(pool)
    .await?;

    // Every product the page shows, read in one query.
    let mut wanted: Vec<String> = popular
        .iter()
        .chain(&deals)
        .chain(&top_rated)
        .chain(&newest)
        .chain(department_tops.iter().flatten())
        .cloned()
        .collect();
    wanted.sort_unstable();
    wanted.dedup();
    let found: HashMap<String, ProductSummary> = products_by_number(pool, &wanted)
        .await?
        .into_iter()
        .map(|p| (p.blain_number.clone(), p))
        .collect();

    let mut featured = Vec::new();
    for (id, title, link, ids) in [
        ("popular", "Popular right now", None, popular),
        ("deals", "Deals of the week", Some("/weekly-ad/"), deals),
        (
            "top-rated",
            "Top rated by customers",
            Some("/s/?sort=rating"),
            top_rated,
        ),
        (
            "new-arrivals",
            "New arrivals",
            Some("/s/?sort=newest"),
            newest,
        ),
    ] {
        let products: Vec<ProductSummary> = ids
            .iter()
            .filter_map(|n| found.get(n).cloned())
            .filter(|p| !p.discontinued)
            .filter(|p| match id {
                "top-rated" => p.rating.is_some_and(|r| r >= TOP_RATED_MIN),
                "new-arrivals" => p.introduced_on.is_some(),
                _ => true,
            })
            .collect();
        if products.len() >= MIN_FEATURED {
            featured.push(Featured {
                id,
                title,
                link,
                products,
            });
        }
    }

    let departments = departments
        .into_iter()
        .zip(department_tops)
        .map(|((id, name, url), top)| {
            let product = top.and_then(|t| found.get(&t));
            let image = product.and_then(|p| p.thumbnail.clone());
            DepartmentCard {
                image_alt: match (&image, product) {
                    (Some(_), Some(p)) => p.name.clone(),
                    _ => String::new(),
                },
                image,
                id,
                name,
                url,
            }
        })
        .collect();

    Ok(HomeAnswer {
        hero,
        featured,
        departments,
    })
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(home))]
pub(crate) struct Api;
