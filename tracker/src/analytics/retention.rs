//! What tracking keeps and forgets: the retention purge, a visitor's erasure and the export of
//! their raw events.

use serde_json::Value;
use sqlx::PgPool;

/// Deletes raw events, per-visit views, popularity votes and query ids older than the
/// retention period, and daily aggregates older than theirs.
pub async fn purge_expired(
    pool: &PgPool,
    retention_days: i32,
    aggregate_days: i32,
) -> Result<u64, sqlx::Error> {
    sqlx::query("DELETE FROM analytics_votes WHERE day < current_date - $1::int")
        .bind(retention_days)
        .execute(pool)
        .await?;
    for table in [
        "analytics_event_counts",
        "analytics_search_daily",
        "analytics_item_daily",
        "analytics_widget_daily",
        "analytics_rule_daily",
    ] {
        sqlx::query(&format!(
            "DELETE FROM {table} WHERE day < current_date - $1::int"
        ))
        .bind(aggregate_days)
        .execute(pool)
        .await?;
    }
    let raw = sqlx::query(
        "DELETE FROM tracking_events WHERE received_at < now() - make_interval(days => $1)",
    )
    .bind(retention_days)
    .execute(pool)
    .await?
    .rows_affected();
    sqlx::query(
        "DELETE FROM analytics_visit_items WHERE seen_at < now() - make_interval(days => $1)",
    )
    .bind(retention_days)
    .execute(pool)
    .await?;
    // Past the retention period the topic no longer holds their events either.
    sqlx::query(
        "DELETE FROM forgotten_visitors WHERE forgotten_at < now() - make_interval(days => $1)",
    )
    .bind(retention_days)
    .execute(pool)
    .await?;
    sqlx::query("DELETE FROM analytics_queries WHERE day < current_date - $1::int")
        .bind(retention_days)
        .execute(pool)
        .await?;
    Ok(raw)
}

/// Erases one visitor's tracking data (`storefront privacy forget`): their raw events, the
/// per-visit views of their visits and their popularity votes, in the caller's transaction.
/// The visitor is remembered as forgotten, so a replay of the tracking topic (kept for the
/// retention period) does not bring back the raw events received before the erasure.
/// Aggregates carry no visitor id and stay. Answers the raw events removed.
pub async fn forget_visitor(
    conn: &mut sqlx::PgConnection,
    visitor_id: &str,
) -> Result<u64, sqlx::Error> {
    sqlx::query(
        "INSERT INTO forgotten_visitors (visitor_id) VALUES ($1) \
         ON CONFLICT (visitor_id) DO UPDATE SET forgotten_at = now()",
    )
    .bind(visitor_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "DELETE FROM analytics_votes WHERE list IN ('searches', 'products') AND visitor_id = $1",
    )
    .bind(visitor_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "DELETE FROM analytics_visit_items WHERE visit_id IN \
         (SELECT DISTINCT visit_id FROM tracking_events WHERE visitor_id = $1)",
    )
    .bind(visitor_id)
    .execute(&mut *conn)
    .await?;
    Ok(
        sqlx::query("DELETE FROM tracking_events WHERE visitor_id = $1")
            .bind(visitor_id)
            .execute(&mut *conn)
            .await?
            .rows_affected(),
    )
}

/// A visitor's raw tracking events, oldest first (`storefront privacy export`).
pub async fn visitor_events(pool: &PgPool, visitor_id: &str) -> Result<Vec<Value>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT body FROM tracking_events WHERE visitor_id = $1 ORDER BY received_at, event_id",
    )
    .bind(visitor_id)
    .fetch_all(pool)
    .await
}
