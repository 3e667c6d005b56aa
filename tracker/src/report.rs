//! What analysts read: the top tables of the analytics read models over a range of days, as
//! JSON (`GET /api/staff/analytics/report`, analysts only), as CSV, one table at a time
//! (`GET /api/staff/analytics/report.csv`), or as text (`storefront analytics report`).
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

/// What followed the searches whose answers a kind of merchandising rule shaped.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsRuleRow)]
pub struct RuleRow {
    /// `pinned` (pinned items were on the page), `redirect` (the keyword went to a page),
    /// `synonym` (a synonym rule applied), `none` (no rule shaped the answer). An answer two
    /// rules shaped counts for both.
    pub rule: String,
    pub searches: i64,
    pub clicks: i64,
    /// Clicks per search; null without searches.
    pub click_through: Option<f64>,
    pub add_to_carts: i64,
    pub sales: i64,
    /// Sales per search; null without searches.
    pub conversion: Option<f64>,
    pub revenue: f64,
}

/// Searches and what followed them on one day (not from bots).
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsDayRow)]
pub struct DayRow {
    pub day: NaiveDate,
    pub searches: i64,
    pub null_results: i64,
    pub clicks: i64,
    pub add_to_carts: i64,
    pub sales: i64,
    pub revenue: f64,
}

/// The days a report counts: `since` to `until`, both inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub since: NaiveDate,
    pub until: NaiveDate,
}

/// The longest range a report covers.
pub const MAX_RANGE_DAYS: i64 = 366;

impl Range {
    /// The last seven days and today.
    pub fn last_week() -> Self {
        Range {
            since: default_since(),
            until: Utc::now().date_naive(),
        }
    }

    /// From the query's `since` and `until` (YYYY-MM-DD; absent or empty: seven days ago and
    /// today). `Err` is the 400 answer's code and message.
    pub fn parse(since: Option<&str>, until: Option<&str>) -> Result<Self, (&'static str, String)> {
        fn day(value: Option<&str>) -> Option<Result<NaiveDate, ()>> {
            value
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| ()))
        }
        let default = Range::last_week();
        let since = match day(since) {
            None => default.since,
            Some(Ok(d)) => d,
            Some(Err(())) => {
                return Err((
                    "InvalidSince",
                    "since must be a date like 2026-11-01.".into(),
                ))
            }
        };
        let until = match day(until) {
            None => default.until.max(since),
            Some(Ok(d)) => d,
            Some(Err(())) => {
                return Err((
                    "InvalidUntil",
                    "until must be a date like 2026-11-28.".into(),
                ))
            }
        };
        if until < since {
            return Err(("InvalidRange", "until must not be before since.".into()));
        }
        if (until - since).num_days() >= MAX_RANGE_DAYS {
            return Err((
                "InvalidRange",
                format!("A report covers at most {MAX_RANGE_DAYS} days."),
            ));
        }
        Ok(Range { since, until })
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AnalyticsReport)]
/// The analytics report for dashboards.
pub struct Report {
    pub since: NaiveDate,
    /// Last day counted (inclusive).
    pub until: NaiveDate,
    /// One row per day from `since` to `until`, days without searches as zeros.
    pub searches_by_day: Vec<DayRow>,
    pub events: Vec<EventCount>,
    pub popular_searches: Vec<String>,
    pub top_searches: Vec<SearchRow>,
    pub null_result_searches: Vec<SearchRow>,
    /// Counted searches by the merchandising rule that shaped their answer.
    pub rules: Vec<RuleRow>,
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

pub async fn report(pool: &PgPool, range: Range) -> Result<Report, sqlx::Error> {
    let Range { since, until } = range;
    let events = sqlx::query_as::<_, (String, bool, i64)>(
        "SELECT event, bot, sum(events)::int8 FROM analytics_event_counts WHERE day BETWEEN $1 AND $2 \
         GROUP BY event, bot ORDER BY 3 DESC, 1",
    )
    .bind(since)
    .bind(until)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(event, bot, events)| EventCount { event, bot, events })
    .collect();
    let searches_by_day = sqlx::query_as::<_, DayRow>(
        "SELECT d::date AS day, coalesce(sum(s.searches), 0)::int8 AS searches, \
           coalesce(sum(s.null_results), 0)::int8 AS null_results, coalesce(sum(s.clicks), 0)::int8 AS clicks, \
           coalesce(sum(s.add_to_carts), 0)::int8 AS add_to_carts, coalesce(sum(s.sales), 0)::int8 AS sales, \
           coalesce(sum(s.revenue), 0)::float8 AS revenue \
         FROM generate_series($1::date, $2::date, interval '1 day') AS d \
         LEFT JOIN analytics_search_daily s ON s.day = d::date \
         GROUP BY d ORDER BY d",
    )
    .bind(since)
    .bind(until)
    .fetch_all(pool)
    .await?;
    let popular_searches = crate::analytics::popular_searches(pool, TOP).await?;
    let top_searches = sqlx::query_as::<_, SearchRow>(&format!(
        "SELECT {SEARCH_COLUMNS} FROM analytics_search_daily WHERE day BETWEEN $1 AND $2 GROUP BY keyword \
         ORDER BY sum(searches) DESC, keyword LIMIT $3"
    ))
    .bind(since)
    .bind(until)
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let null_result_searches = sqlx::query_as::<_, SearchRow>(&format!(
        "SELECT {SEARCH_COLUMNS} FROM analytics_search_daily WHERE day BETWEEN $1 AND $2 GROUP BY keyword \
         HAVING sum(null_results) > 0 ORDER BY sum(null_results) DESC, keyword LIMIT $3"
    ))
    .bind(since)
    .bind(until)
    .bind(TOP)
    .fetch_all(pool)
    .await?;
    let rules = sqlx::query_as::<_, RuleRow>(
        "SELECT rule, sum(searches)::int8 AS searches, sum(clicks)::int8 AS clicks, \
           CASE WHEN sum(searches) > 0 THEN sum(clicks)::float8 / sum(searches) END AS click_through, \
           sum(add_to_carts)::int8 AS add_to_carts, sum(sales)::int8 AS sales, \
           CASE WHEN sum(searches) > 0 THEN sum(sales)::float8 / sum(searches) END AS conversion, \
           sum(revenue)::float8 AS revenue \
         FROM analytics_rule_daily WHERE day BETWEEN $1 AND $2 GROUP BY rule ORDER BY rule",
    )
    .bind(since)
    .bind(until)
    .fetch_all(pool)
    .await?;
    let top_items = sqlx::query_as::<_, ItemRow>(
        "SELECT item_id, sum(impressions)::int8 AS impressions, sum(clicks)::int8 AS clicks, \
           CASE WHEN sum(impressions) > 0 THEN sum(clicks)::float8 / sum(impressions) END AS click_through, \
           sum(views)::int8 AS views, sum(add_to_carts)::int8 AS add_to_carts, sum(sales)::int8 AS sales \
         FROM analytics_item_daily WHERE day BETWEEN $1 AND $2 GROUP BY item_id \
         ORDER BY sum(clicks) + sum(views) + sum(add_to_carts) DESC, item_id LIMIT $3",
    )
    .bind(since)
    .bind(until)
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
         FROM analytics_widget_daily WHERE day BETWEEN $1 AND $2 GROUP BY kind, widget_id \
         ORDER BY sum(impressions) + sum(clicks) DESC, kind, widget_id LIMIT $3",
    )
    .bind(since)
    .bind(until)
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
        until,
        searches_by_day,
        events,
        popular_searches,
        top_searches,
        null_result_searches,
        rules,
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
    let _ = writeln!(out, "Analytics from {} to {}", r.since, r.until);
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
        "\nBy the rule that shaped the answer\n  {:<10} {:>8} {:>7} {:>10} {:>6} {:>6}",
        "rule", "searches", "clicks", "CTR", "adds", "sales"
    );
    for x in &r.rules {
        let _ = writeln!(
            out,
            "  {:<10} {:>8} {:>7} {:>10} {:>6} {:>6}",
            x.rule,
            x.searches,
            x.clicks,
            rate(x.click_through),
            x.add_to_carts,
            x.sales
        );
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

/// The tables of a report, one CSV download each (`?table=` names them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Table {
    SearchesByDay,
    TopSearches,
    NullResultSearches,
    Rules,
    TopItems,
    QueryItems,
    Widgets,
    Coviews,
    Ratings,
    Events,
}

impl Table {
    pub const ALL: [Table; 10] = [
        Table::SearchesByDay,
        Table::TopSearches,
        Table::NullResultSearches,
        Table::Rules,
        Table::TopItems,
        Table::QueryItems,
        Table::Widgets,
        Table::Coviews,
        Table::Ratings,
        Table::Events,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Table::SearchesByDay => "searches-by-day",
            Table::TopSearches => "top-searches",
            Table::NullResultSearches => "null-result-searches",
            Table::Rules => "rules",
            Table::TopItems => "top-items",
            Table::QueryItems => "query-items",
            Table::Widgets => "widgets",
            Table::Coviews => "coviews",
            Table::Ratings => "ratings",
            Table::Events => "events",
        }
    }

    pub fn from_name(name: &str) -> Option<Table> {
        Table::ALL.into_iter().find(|t| t.name() == name.trim())
    }
}

/// One cell of a CSV row: text as the shopper or the catalog wrote it, or a figure.
enum Cell<'a> {
    Text(&'a str),
    Int(i64),
    Float(f64),
    Rate(Option<f64>),
    Day(NaiveDate),
}

impl Cell<'_> {
    fn write(&self, out: &mut String) {
        use std::fmt::Write;
        match self {
            Cell::Text(text) => {
                // A keyword is what a shopper typed: one starting like a formula would run as
                // one when the file is opened in a spreadsheet, so it is kept as text.
                let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                    format!("'{text}")
                } else {
                    text.to_string()
                };
                if guarded.contains([',', '"', '\n', '\r']) {
                    let _ = write!(out, "\"{}\"", guarded.replace('"', "\"\""));
                } else {
                    out.push_str(&guarded);
                }
            }
            Cell::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Cell::Float(x) => {
                let _ = write!(out, "{x:.2}");
            }
            Cell::Rate(r) => {
                if let Some(r) = r {
                    let _ = write!(out, "{r:.4}");
                }
            }
            Cell::Day(d) => {
                let _ = write!(out, "{d}");
            }
        }
    }
}

fn csv_rows<'a>(header: &[&str], rows: impl Iterator<Item = Vec<Cell<'a>>>) -> String {
    let mut out = header.join(",");
    out.push_str("\r\n");
    for row in rows {
        for (i, cell) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            cell.write(&mut out);
        }
        out.push_str("\r\n");
    }
    out
}

/// One table of a report as CSV (RFC 4180: a header row, CRLF line ends, quoted where needed).
/// Rates are fractions (0.125 is 12.5%), empty when there is no data; money in dollars.
pub fn csv(r: &Report, table: Table) -> String {
    use Cell::*;
    match table {
        Table::SearchesByDay => csv_rows(
            &[
                "day",
                "searches",
                "nullResults",
                "clicks",
                "addToCarts",
                "sales",
                "revenue",
            ],
            r.searches_by_day.iter().map(|d| {
                vec![
                    Day(d.day),
                    Int(d.searches),
                    Int(d.null_results),
                    Int(d.clicks),
                    Int(d.add_to_carts),
                    Int(d.sales),
                    Float(d.revenue),
                ]
            }),
        ),
        Table::TopSearches | Table::NullResultSearches => csv_rows(
            &[
                "keyword",
                "searches",
                "withHits",
                "nullResults",
                "clicks",
                "clickThrough",
                "addToCarts",
                "sales",
                "conversion",
                "revenue",
            ],
            if table == Table::TopSearches {
                &r.top_searches
            } else {
                &r.null_result_searches
            }
            .iter()
            .map(|s| {
                vec![
                    Text(&s.keyword),
                    Int(s.searches),
                    Int(s.with_hits),
                    Int(s.null_results),
                    Int(s.clicks),
                    Rate(s.click_through),
                    Int(s.add_to_carts),
                    Int(s.sales),
                    Rate(s.conversion),
                    Float(s.revenue),
                ]
            }),
        ),
        Table::Rules => csv_rows(
            &[
                "rule",
                "searches",
                "clicks",
                "clickThrough",
                "addToCarts",
                "sales",
                "conversion",
                "revenue",
            ],
            r.rules.iter().map(|x| {
                vec![
                    Text(&x.rule),
                    Int(x.searches),
                    Int(x.clicks),
                    Rate(x.click_through),
                    Int(x.add_to_carts),
                    Int(x.sales),
                    Rate(x.conversion),
                    Float(x.revenue),
                ]
            }),
        ),
        Table::TopItems => csv_rows(
            &[
                "itemId",
                "impressions",
                "clicks",
                "clickThrough",
                "views",
                "addToCarts",
                "sales",
            ],
            r.top_items.iter().map(|i| {
                vec![
                    Text(&i.item_id),
                    Int(i.impressions),
                    Int(i.clicks),
                    Rate(i.click_through),
                    Int(i.views),
                    Int(i.add_to_carts),
                    Int(i.sales),
                ]
            }),
        ),
        Table::QueryItems => csv_rows(
            &["keyword", "itemId", "clicks", "addToCarts"],
            r.query_items.iter().map(|q| {
                vec![
                    Text(&q.keyword),
                    Text(&q.item_id),
                    Int(q.clicks),
                    Int(q.add_to_carts),
                ]
            }),
        ),
        Table::Widgets => csv_rows(
            &["kind", "widgetId", "impressions", "clicks", "clickThrough"],
            r.widgets.iter().map(|w| {
                vec![
                    Text(&w.kind),
                    Text(&w.widget_id),
                    Int(w.impressions),
                    Int(w.clicks),
                    Rate(w.click_through),
                ]
            }),
        ),
        Table::Coviews => csv_rows(
            &["itemId", "otherId", "visits"],
            r.coviews
                .iter()
                .map(|c| vec![Text(&c.item_id), Text(&c.other_id), Int(c.visits)]),
        ),
        Table::Ratings => csv_rows(
            &["itemId", "ratings", "average"],
            r.ratings
                .iter()
                .map(|x| vec![Text(&x.item_id), Int(x.ratings), Float(x.average)]),
        ),
        Table::Events => csv_rows(
            &["event", "bot", "events"],
            r.events.iter().map(|e| {
                vec![
                    Text(&e.event),
                    Text(if e.bot { "true" } else { "false" }),
                    Int(e.events),
                ]
            }),
        ),
    }
}

/// A keyword shoppers searched for and found nothing: the merchandisers' queue.
#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = NullResultRow)]
pub struct NullResultRow {
    pub keyword: String,
    /// Searches for it that found nothing, in the range.
    pub null_results: i64,
    /// All searches for it in the range.
    pub searches: i64,
    /// When a search for it last found nothing (null for counts kept from before the time
    /// was recorded).
    pub last_seen: Option<chrono::DateTime<Utc>>,
    /// The store page the keyword now goes to, when a merchandiser set one.
    pub redirect: Option<String>,
}

/// Rows of the null-result queue.
pub const NULL_RESULT_ROWS: i64 = 100;

/// The keywords that found nothing in the range, most often first, with the redirect each has.
pub async fn null_result_queue(
    pool: &PgPool,
    range: Range,
) -> Result<Vec<NullResultRow>, sqlx::Error> {
    sqlx::query_as::<_, NullResultRow>(
        "SELECT s.keyword, sum(s.null_results)::int8 AS null_results, sum(s.searches)::int8 AS searches, \
           max(s.last_null_at) AS last_seen, \
           (SELECT b.redirect FROM pin_boards b WHERE b.board = 'kw:' || s.keyword) AS redirect \
         FROM analytics_search_daily s WHERE s.day BETWEEN $1 AND $2 GROUP BY s.keyword \
         HAVING sum(s.null_results) > 0 \
         ORDER BY sum(s.null_results) DESC, max(s.last_null_at) DESC NULLS LAST, s.keyword LIMIT $3",
    )
    .bind(range.since)
    .bind(range.until)
    .bind(NULL_RESULT_ROWS)
    .fetch_all(pool)
    .await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    crate::report_json,
    crate::report_csv,
    crate::null_results,
    crate::tail::tail
))]
pub(crate) struct Api;
