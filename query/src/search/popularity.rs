//! Popularity from analytics as a search ranking signal: the products most viewed, added to
//! carts and bought over the last [`POPULARITY_DAYS`] days, each distinct visitor counting once
//! a day per kind of interest (1 viewed, 3 added, 5 bought: the same weights as 'Popular in
//! Department'), from counted events only and none a merchandiser blocked (the fold's `score`),
//! are handed to the search engine, which adds a constant
//! to their keyword matches' scores (`SearchEngine::set_popular`). Each query replica reads
//! them from the analytics read model every [`REFRESH`].

use std::time::Duration;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use kernel::staff::{Merchandiser, Staff};
use search_indexer::SearchEngine;
use sqlx::PgPool;

use crate::QueryState;

/// Days of tracked activity that count.
pub const POPULARITY_DAYS: i32 = 30;
/// Distinct visitors a product needs in the window to be popular at all: one visitor's views,
/// however many, make nothing popular.
pub const POPULAR_MIN_VISITORS: i64 = 3;
/// How often each query process reads the popular products again.
pub const REFRESH: Duration = Duration::from_secs(60);

/// The most popular products, most popular first.
pub async fn popular_products(pool: &PgPool, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT item_id FROM analytics_item_daily WHERE day > current_date - $1::int AND visitors > 0 \
           AND item_id NOT IN (SELECT value FROM popular_blocks WHERE list = 'products') \
         GROUP BY item_id HAVING sum(visitors) >= $3 \
         ORDER BY sum(score) DESC, item_id LIMIT $2",
    )
    .bind(POPULARITY_DAYS)
    .bind(limit)
    .bind(POPULAR_MIN_VISITORS)
    .fetch_all(pool)
    .await
}

/// Reads the popular products and hands them to the engine.
pub async fn refresh(engine: &SearchEngine, pool: &PgPool) -> Result<usize, sqlx::Error> {
    let ranked = popular_products(pool, search_indexer::engine::POPULAR_MAX as i64).await?;
    engine.set_popular(&ranked);
    Ok(ranked.len())
}

/// `GET /api/staff/merch/popular-blocks`: the terms and products merchandisers keep off the
/// popular lists (blocked with `POST /api/staff/merch/BlockPopular`).
pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/merch/popular-blocks", get(blocks))
        .with_state(state)
}

/// One blocked entry.
#[derive(Debug, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PopularBlock)]
pub struct Block {
    pub value: String,
    pub blocked_at: chrono::DateTime<chrono::Utc>,
}

/// Both blocklists: the search terms and the products kept off the popular lists.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[schema(as = PopularBlocks)]
pub struct Blocks {
    pub searches: Vec<Block>,
    pub products: Vec<Block>,
}

/// Both blocklists, each in the order of its entries.
pub async fn blocklists(pool: &PgPool) -> Result<Blocks, sqlx::Error> {
    let rows: Vec<(String, String, chrono::DateTime<chrono::Utc>)> =
        sqlx::query_as("SELECT list, value, blocked_at FROM popular_blocks ORDER BY list, value")
            .fetch_all(pool)
            .await?;
    let mut blocks = Blocks {
        searches: vec![],
        products: vec![],
    };
    for (list, value, blocked_at) in rows {
        let block = Block { value, blocked_at };
        if list == "searches" {
            blocks.searches.push(block);
        } else {
            blocks.products.push(block);
        }
    }
    Ok(blocks)
}

#[utoipa::path(
    get,
    path = "/api/staff/merch/popular-blocks",
    tag = "merchandising",
    summary = "The popular lists' blocklists (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session (unsafe calls with its anti-forgery token) or `Authorization: Bearer` with a staff token of `STAFF_TOKENS` (`staffid:role:token`, for machines); 401 without valid staff credentials, 403 with another role's. Every search term and product kept off the popular lists, each with when it was blocked. Also `storefront popular list`.",
    responses((status = 200, description = "Both lists", body = Blocks))
)]
async fn blocks(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
) -> Result<Json<Blocks>, ApiError> {
    Ok(Json(blocklists(&state.pool).await?))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(blocks))]
pub(crate) struct Api;
