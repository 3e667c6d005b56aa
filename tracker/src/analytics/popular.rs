//! Popular searches: recomputed from the daily search counts, and read (most searched first).

use sqlx::PgPool;

use super::settings::{AnalyticsSettings, POPULAR_MAX};

/// Recomputes the popular searches: the window's keywords with at least the minimum number of
/// searches that returned hits (bots were never counted), most searched first.
pub async fn refresh_popular(
    pool: &PgPool,
    settings: &AnalyticsSettings,
) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    sqlx::query("LOCK TABLE analytics_popular_searches IN EXCLUSIVE MODE")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM analytics_popular_searches")
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO analytics_popular_searches (keyword, searches, rank) \
         SELECT keyword, hits, row_number() OVER (ORDER BY hits DESC, keyword) FROM ( \
           SELECT keyword, sum(with_hits)::int8 AS hits FROM analytics_search_daily \
           WHERE day > current_date - $1::int GROUP BY keyword HAVING sum(with_hits) >= $2) w \
         ORDER BY hits DESC, keyword LIMIT $3",
    )
    .bind(settings.popular_days)
    .bind(settings.popular_min)
    .bind(POPULAR_MAX)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// The popular searches, most searched first.
pub async fn popular_searches(pool: &PgPool, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT keyword FROM analytics_popular_searches ORDER BY rank LIMIT $1")
        .bind(limit)
        .fetch_all(pool)
        .await
}
