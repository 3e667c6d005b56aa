//! What analysts read: the top tables of the analytics read models since a day, as JSON
//! (`GET /api/analytics/report`, staff only) or as text (`storefront analytics report`).
//!
//! Click-through keeps "no data" apart from "no clicks": a rate is `null` when nothing was
//! shown (no searches, no impressions) and 0 when something was shown and never clicked.

use chrono::{NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgPool;

/// Rows per table.
pub const TOP: i64 = 20;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsEventCount)]
pub struct EventCount {
    pub event: String,
    pub bot: bool,
    pub events: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsSearchRow)]
pub struct SearchRow {
    pub keyword: String,
    pub searches: i64,
    pub with_hits: i64,
    pub null_results: i64,
    pub clicks: i64,
    /// Clicks per search; null without searches.
    pub click_through: Option<f64>,
    pub add_to_carts: i64,
    pub sales: i64,
    /// Sales per search; null without searches.
    pub conversion: Option<f64>,
    pub revenue: f64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsItemRow)]
pub struct ItemRow {
    pub item_id: String,
    pub impressions: i64,
    pub clicks: i64,
    /// Clicks per impression in search results; null when never shown.
    pub click_through: Option<f64>,
    pub views: i64,
    pub add_to_carts: i64,
    pub sales: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsWidgetRow)]
pub struct WidgetRow {
    pub kind: String,
    pub widget_id: String,
    pub impressions: i64,
    pub clicks: i64,
    /// Clicks per impression; null when no impression was recorded.
    pub click_through: Option<f64>,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsQueryItemRow)]
pub struct QueryItemRow {
    pub keyword: String,
    pub item_id: String,
    pub clicks: i64,
    pub add_to_carts: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsCoviewRow)]
pub struct CoviewRow {
    pub item_id: String,
    pub other_id: String,
    pub visits: i64,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsRatingRow)]
pub struct RatingRow {
    pub item_id: String,
    pub ratings: i64,
    pub average: f64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsReport)]
/// The analytics report for dashboards.
pub struct Report {
    pub since: NaiveDate,
    pub events: Vec<EventCount>,
    pub popular_searches: Vec<String>,
    pub top_searches: Vec<SearchRow>,
    pub null_result_searches: Vec<SearchRow>,
    pub top_items: Vec<ItemRow>,
    pub query_items: Vec<QueryItemRow>,
    pub widgets: Vec<WidgetRow>,
    pub coviews: Vec<CoviewRow>,
    pub ratings: Vec<RatingRow>,
    /// Seconds from a beacon's arrival to its analytics row, over the last hour (p50, p99).
    pub lag_p50_seconds: Option<f64>,
    pub lag_p99_seconds: Option<f64>,
}

const SEARCH_COLUMNS: &str =
    "keyword, sum(searches)::int8 AS searches, sum(with_hits)::int8 AS with_hits, \
    sum(null_results)::int8 AS null_results, sum(clicks)::int8 AS clicks, \
    CASE WHEN sum(searches) > 0 THEN sum(clicks)::float8 / sum(searches) END AS click_through, \
    sum(add_to_carts)::int8 AS add_to_carts, sum(sales)::int8 AS sales, \
    CASE WHEN sum(searches) > 0 THEN sum(sales)::float8 / sum(searches) END AS conversion, \
    sum(revenue)::float8 AS revenue";

pub async fn report(pool: &PgPool, since: NaiveDate) -> Result<Report, sqlx::Error> {
    let events = sqlx::query_as::<_, (String, bool, i64)>(
        "SELECT event, bot, sum(events)::int8 FROM analytics_event_counts WHERE day >= $1 \
         GROUP BY event, bot ORDER BY 3 DESC, 1",
    )
    .bind(since)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(event, bot, events)| EventCount { event, bot, events })
    .collect();
    let popular_searches = crate::analytics::popular_searches(pool, TOP).await?;
    let top_searches = sqlx::query_as::<_, SearchRow>(&format!(
        "SELECT {SEARCH_COLUMNS} FROM analytics_search_daily WHERE day >= $1 GROUP BY keyword \
         ORDER BY sum(searches) DESC, keyword LIMIT $2"
    ))
    .bind(since)
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let null_result_searches = sqlx::query_as::<_, SearchRow>(&format!(
        "SELECT {SEARCH_COLUMNS} FROM analytics_search_daily WHERE day >= $1 GROUP BY keyword \
         HAVING sum(null_results) > 0 ORDER BY sum(null_results) DESC, keyword LIMIT $2"
    ))
    .bind(since)
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let top_items = sqlx::query_as::<_, ItemRow>(
        "SELECT item_id, sum(impressions)::int8 AS impressions, sum(clicks)::int8 AS clicks, \
           CASE WHEN sum(impressions) > 0 THEN sum(clicks)::float8 / sum(impressions) END AS click_through, \
           sum(views)::int8 AS views, sum(add_to_carts)::int8 AS add_to_carts, sum(sales)::int8 AS sales \
         FROM analytics_item_daily WHERE day >= $1 GROUP BY item_id \
         ORDER BY sum(clicks) + sum(views) + sum(add_to_carts) DESC, item_id LIMIT $2",
    )
    .bind(since)
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let query_items = sqlx::query_as::<_, QueryItemRow>(
        "SELECT keyword, item_id, clicks, add_to_carts FROM analytics_query_items \
         ORDER BY clicks DESC, keyword, item_id LIMIT $1",
    )
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let widgets = sqlx::query_as::<_, WidgetRow>(
        "SELECT kind, widget_id, sum(impressions)::int8 AS impressions, sum(clicks)::int8 AS clicks, \
           CASE WHEN sum(impressions) > 0 THEN sum(clicks)::float8 / sum(impressions) END AS click_through \
         FROM analytics_widget_daily WHERE day >= $1 GROUP BY kind, widget_id \
         ORDER BY sum(impressions) + sum(clicks) DESC, kind, widget_id LIMIT $2",
    )
    .bind(since)
    .bind(TOP * 2)
    .fetch_all(pool)
    .await?;
    let coviews = sqlx::query_as::<_, CoviewRow>(
        "SELECT item_id, other_id, visits FROM analytics_coviews WHERE item_id < other_id \
         ORDER BY visits DESC, item_id, other_id LIMIT $1",
    )
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let ratings = sqlx::query_as::<_, RatingRow>(
        "SELECT item_id, ratings, total::float8 / ratings AS average FROM analytics_ratings \
         WHERE ratings > 0 ORDER BY ratings DESC, item_id LIMIT $1",
    )
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let (lag_p50_seconds, lag_p99_seconds) = sqlx::query_as::<_, (Option<f64>, Option<f64>)>(
        "SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM folded_at - received_at)), \
                percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM folded_at - received_at)) \
         FROM tracking_events WHERE received_at > now() - interval '1 hour'",
    )
    .fetch_one(pool)
    .await?;
    Ok(Report {
        since,
        events,
        popular_searches,
        top_searches,
        null_result_searches,
        top_items,
        query_items,
        widgets,
        coviews,
        ratings,
        lag_p50_seconds,
        lag_p99_seconds,
    })
}

/// The default start of a report: seven days ago.
pub fn default_since() -> NaiveDate {
    (Utc::now() - chrono::Duration::days(7)).date_naive()
}

fn rate(r: Option<f64>) -> String {
    r.map_or_else(|| "no data".to_string(), |r| format!("{:.1}%", r * 100.0))
}

/// The report as text tables.
pub fn render(r: &Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(out, "Analytics since {}", r.since);
    if let (Some(p50), Some(p99)) = (r.lag_p50_seconds, r.lag_p99_seconds) {
        let _ = writeln!(
            out,
            "Beacon to analytics lag (last hour): p50 {p50:.3} s, p99 {p99:.3} s"
        );
    }
    let _ = writeln!(out, "\nEvents");
    for e in &r.events {
        let _ = writeln!(
            out,
            "  {:<28} {:>10}{}",
            e.event,
            e.events,
            if e.bot { "  (bots)" } else { "" }
        );
    }
    let _ = writeln!(
        out,
        "\nPopular searches: {}",
        if r.popular_searches.is_empty() {
            "none yet".to_string()
        } else {
            r.popular_searches.join(", ")
        }
    );
    for (title, rows) in [
        ("Top searches", &r.top_searches),
        ("Null-result searches", &r.null_result_searches),
    ] {
        let _ = writeln!(
            out,
            "\n{title}\n  {:<30} {:>8} {:>6} {:>6} {:>7} {:>10} {:>6} {:>6}",
            "keyword", "searches", "hits", "null", "clicks", "CTR", "adds", "sales"
        );
        for s in rows.iter() {
            let _ = writeln!(
                out,
                "  {:<30} {:>8} {:>6} {:>6} {:>7} {:>10} {:>6} {:>6}",
                s.keyword,
                s.searches,
                s.with_hits,
                s.null_results,
                s.clicks,
                rate(s.click_through),
                s.add_to_carts,
                s.sales
            );
        }
    }
    let _ = writeln!(
        out,
        "\nItems\n  {:<14} {:>11} {:>7} {:>10} {:>6} {:>6} {:>6}",
        "item", "impressions", "clicks", "CTR", "views", "adds", "sales"
    );
    for i in &r.top_items {
        let _ = writeln!(
            out,
            "  {:<14} {:>11} {:>7} {:>10} {:>6} {:>6} {:>6}",
            i.item_id,
            i.impressions,
            i.clicks,
            rate(i.click_through),
            i.views,
            i.add_to_carts,
            i.sales
        );
    }
    let _ = writeln!(
        out,
        "\nCarousels, ads, banners, menus, suggestions\n  {:<16} {:<32} {:>11} {:>7} {:>10}",
        "kind", "id", "impressions", "clicks", "CTR"
    );
    for w in &r.widgets {
        let _ = writeln!(
            out,
            "  {:<16} {:<32} {:>11} {:>7} {:>10}",
            w.kind,
            w.widget_id,
            w.impressions,
            w.clicks,
            rate(w.click_through)
        );
    }
    let _ = writeln!(out, "\nViewed together");
    for c in &r.coviews {
        let _ = writeln!(out, "  {} + {}: {} visits", c.item_id, c.other_id, c.visits);
    }
    let _ = writeln!(out, "\nRatings");
    for x in &r.ratings {
        let _ = writeln!(
            out,
            "  {:<14} {:>6} ratings, average {:.2}",
            x.item_id, x.ratings, x.average
        );
    }
    out
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(crate::report_json))]
pub(crate) struct Api;
