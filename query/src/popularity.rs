//! Popularity from analytics as a search ranking signal: the products most viewed, added to
//! carts and sold over the last [`POPULARITY_DAYS`] days (views + 3 × adds + 5 × sales, the same
//! weights as 'Popular in Department') are handed to the search engine, which adds a constant
//! to their keyword matches' scores (`SearchEngine::set_popular`). Each query replica reads
//! them from the analytics read model every [`REFRESH`].

use std::time::Duration;

use search_indexer::SearchEngine;
use sqlx::PgPool;

/// Days of tracked activity that count.
pub const POPULARITY_DAYS: i32 = 30;
/// How often each query process reads the popular products again.
pub const REFRESH: Duration = Duration::from_secs(60);

/// The most popular products, most popular first.
pub async fn popular_products(pool: &PgPool, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT item_id FROM analytics_item_daily WHERE day > current_date - $1::int \
         GROUP BY item_id HAVING sum(views + 3 * add_to_carts + 5 * sales) > 0 \
         ORDER BY sum(views + 3 * add_to_carts + 5 * sales) DESC, item_id LIMIT $2",
    )
    .bind(POPULARITY_DAYS)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Reads the popular products and hands them to the engine.
pub async fn refresh(engine: &SearchEngine, pool: &PgPool) -> Result<usize, sqlx::Error> {
    let ranked = popular_products(pool, search_indexer::engine::POPULAR_MAX as i64).await?;
    engine.set_popular(&ranked);
    Ok(ranked.len())
}
