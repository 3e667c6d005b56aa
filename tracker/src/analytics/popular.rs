//! Popular searches: recomputed from the daily counts of distinct visitors whose counted
//! searches had hits (the fold keeps those counts up to date as votes arrive), and read (most
//! searched first).

use sqlx::PgPool;

use super::settings::{AnalyticsSettings, POPULAR_MAX};

/// Recomputes the popular searches: the window's keywords searched with hits by at least the
/// minimum number of distinct visitors, most visitors first, none a merchandiser blocked.
///
/// One statement over the window's per-day counts (a row per day and keyword that had a vote),
/// writing only the rows that changed under row locks: shoppers reading the list never wait
/// for it, and a second analytics replica refreshing at the same time only repeats the work.
pub async fn refresh_popular(
    pool: &PgPool,
    settings: &AnalyticsSettings,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "WITH ranked AS ( \
           SELECT keyword, sum(visitors)::int8 AS visitors, \
                  row_number() OVER (ORDER BY sum(visitors) DESC, keyword)::int4 AS rank \
           FROM analytics_search_daily \
           WHERE day > current_date - $1::int AND visitors > 0 \
             AND keyword NOT IN (SELECT value FROM popular_blocks WHERE list = 'searches') \
           GROUP BY keyword HAVING sum(visitors) >= $2 \
           ORDER BY visitors DESC, keyword LIMIT $3), \
         gone AS ( \
           DELETE FROM analytics_popular_searches p \
           WHERE NOT EXISTS (SELECT 1 FROM ranked r WHERE r.keyword = p.keyword)) \
         INSERT INTO analytics_popular_searches (keyword, searches, rank) \
         SELECT keyword, visitors, rank FROM ranked ORDER BY keyword \
         ON CONFLICT (keyword) DO UPDATE SET searches = excluded.searches, rank = excluded.rank \
         WHERE (analytics_popular_searches.searches, analytics_popular_searches.rank) \
               IS DISTINCT FROM (excluded.searches, excluded.rank)",
    )
    .bind(settings.popular_days)
    .bind(settings.popular_min)
    .bind(POPULAR_MAX)
    .execute(pool)
    .await?;
    Ok(())
}

/// The popular searches, most searched first (none a merchandiser blocked since the last
/// refresh either).
pub async fn popular_searches(pool: &PgPool, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT keyword FROM analytics_popular_searches \
         WHERE keyword NOT IN (SELECT value FROM popular_blocks WHERE list = 'searches') \
         ORDER BY rank LIMIT $1",
    )
    .bind(limit)
    .fetch_all(pool)
    .await
}
