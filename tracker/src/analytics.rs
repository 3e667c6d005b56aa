//! The `analytics` consumer group: folds `storefront.tracking.v1` into the read models of
//! migration 0009 (popular searches, null-result searches, click-through per query and item,
//! conversion by query id, carousel / ad / banner / menu performance, co-views, ratings).
//!
//! Exactly-once in effect: each batch is written in one transaction that first inserts the raw
//! events by event id; only events not seen before are folded, and offsets are committed after
//! the transaction (a replayed or redelivered batch changes nothing).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use chrono::{NaiveDate, Utc};
use projections::bus::{self, BatchPolicy, BusConfig, BusError};
use rdkafka::message::{Message, OwnedMessage};
use serde_json::Value;
use sqlx::PgPool;
use tokio::sync::watch;

use crate::codes::{self, EventType};
use crate::event::{Agent, TrackingEvent};

/// The analytics consumer group: `PREFIX.analytics`.
pub fn analytics_group(prefix: &str) -> String {
    format!("{prefix}.analytics")
}

/// Tunables of the analytics role.
#[derive(Debug, Clone)]
pub struct AnalyticsSettings {
    /// Popular searches are counted over this many days (`POPULAR_SEARCH_DAYS`).
    pub popular_days: i32,
    /// A keyword is popular from this many searches with hits (`POPULAR_SEARCH_MIN`).
    pub popular_min: i64,
    /// How often popular searches are recomputed.
    pub popular_refresh: Duration,
    /// Raw events (and per-visit views) are kept this many days (`TRACKING_RETENTION_DAYS`).
    pub retention_days: i32,
    /// The longest wait between two batches of the fold (`ANALYTICS_BATCH_MS`): shorter spreads
    /// the fold's work more evenly over time, at more work per event. While the fold keeps up
    /// easily it waits less, down to `MIN_BATCH_MS`.
    pub batch_wait: Duration,
}

/// The analytics fold's batch wait by default (`ANALYTICS_BATCH_MS`).
pub const DEFAULT_BATCH_MS: u64 = 100;
/// The fold's shortest batch wait: while it keeps up easily it takes a batch this often, and
/// its wait grows toward `ANALYTICS_BATCH_MS` as its batches take longer (`BatchPolicy`).
pub const MIN_BATCH_MS: u64 = 30;

impl Default for AnalyticsSettings {
    fn default() -> Self {
        Self {
            popular_days: 14,
            popular_min: 3,
            popular_refresh: Duration::from_secs(5),
            retention_days: 30,
            batch_wait: Duration::from_millis(DEFAULT_BATCH_MS),
        }
    }
}

/// Popular searches listed at most.
pub const POPULAR_MAX: i64 = 100;
/// Items of one visit that count for co-views.
pub const VISIT_ITEMS_MAX: i64 = 50;
/// Items of one search's result list counted as shown.
pub const IMPRESSIONS_MAX: usize = 60;

/// Runs the analytics consumer and its housekeeping (popular searches, retention) until stop.
pub async fn run_analytics(
    pool: PgPool,
    bus: BusConfig,
    topic: String,
    group: String,
    settings: AnalyticsSettings,
    shutdown: watch::Receiver<bool>,
) -> Result<(), BusError> {
    let housekeeping = {
        let (pool, settings, mut stop) = (pool.clone(), settings.clone(), shutdown.clone());
        tokio::spawn(async move {
            let mut last_purge: Option<std::time::Instant> = None;
            loop {
                if let Err(e) = refresh_popular(&pool, &settings).await {
                    tracing::warn!(error = %e, "could not refresh popular searches");
                }
                if last_purge.is_none_or(|t| t.elapsed() > Duration::from_secs(3600)) {
                    match purge_expired(&pool, settings.retention_days).await {
                        Ok(0) => {}
                        Ok(n) => tracing::info!(deleted = n, "expired tracking events purged"),
                        Err(e) => tracing::warn!(error = %e, "could not purge tracking events"),
                    }
                    last_purge = Some(std::time::Instant::now());
                }
                tokio::select! {
                    _ = tokio::time::sleep(settings.popular_refresh) => {}
                    _ = stop.changed() => break,
                }
            }
        })
    };
    let result = bus::consume(
        &bus,
        &group.clone(),
        &[topic.as_str()],
        BatchPolicy {
            max_messages: 5000,
            max_wait: settings.batch_wait,
            min_wait: settings.batch_wait.min(Duration::from_millis(MIN_BATCH_MS)),
        },
        shutdown,
        |batch| {
            let pool = pool.clone();
            async move { fold_messages(&pool, batch).await.map(|_| ()) }
        },
    )
    .await;
    housekeeping.abort();
    result
}

/// Decodes a batch of messages and folds it. Messages that are not tracking events are logged
/// and skipped (they can never fold).
pub async fn fold_messages(
    pool: &PgPool,
    batch: Arc<Vec<OwnedMessage>>,
) -> Result<usize, sqlx::Error> {
    let rows = off_the_workers(move || {
        let mut events = Vec::with_capacity(batch.len());
        for m in batch.iter() {
            let payload = m.payload().unwrap_or_default();
            match serde_json::from_slice::<TrackingEvent>(payload) {
                // The raw event is kept as the message's own JSON text (valid UTF-8: it decoded).
                Ok(e) => events.push((e, String::from_utf8_lossy(payload).into_owned())),
                Err(e) => tracing::warn!(
                    error = %e,
                    partition = m.partition(),
                    offset = m.offset(),
                    "skipping a message that is not a tracking event"
                ),
            }
        }
        RawRows::new(events)
    })
    .await;
    fold_raw(pool, rows).await
}

/// Runs the fold's CPU work (decoding thousands of events, adding them up) on a blocking
/// thread: on a worker of the HTTP runtime it would hold up every request queued behind it for
/// milliseconds (docs/performance.md, "The analytics fold off the request workers").
async fn off_the_workers<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    match tokio::task::spawn_blocking(work).await {
        Ok(t) => t,
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    }
}

/// A keyword as counted: trimmed, lower case, inner spaces collapsed, at most 100 characters.
pub fn normalize_keyword(keyword: &str) -> String {
    keyword
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .chars()
        .take(100)
        .collect()
}

#[derive(Default)]
struct SearchAgg {
    searches: i64,
    with_hits: i64,
    null_results: i64,
    unknown_hits: i64,
    clicks: i64,
    add_to_carts: i64,
    sales: i64,
    revenue: f64,
}

#[derive(Default)]
struct ItemAgg {
    impressions: i64,
    clicks: i64,
    views: i64,
    add_to_carts: i64,
    sales: i64,
    units: i64,
}

/// What one batch adds to the read models.
#[derive(Default)]
struct Folded {
    counts: BTreeMap<(NaiveDate, String, bool), i64>,
    searches: BTreeMap<(NaiveDate, String), SearchAgg>,
    queries: BTreeMap<String, (String, NaiveDate, Option<i32>)>,
    items: BTreeMap<(NaiveDate, String), ItemAgg>,
    query_items: BTreeMap<(String, String), (i64, i64)>,
    widgets: BTreeMap<(NaiveDate, String, String), (i64, i64)>,
    visit_items: Vec<(String, String, chrono::DateTime<Utc>)>,
    ratings: BTreeMap<String, (i64, i64)>,
}

/// An event credited to the keyword of a query id once that is looked up.
struct Credit {
    query_id: String,
    day: NaiveDate,
    item: Option<String>,
    kind: CreditKind,
}

enum CreditKind {
    Click,
    AddToCart,
    Sale(f64),
}

fn text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().chars().take(200).collect()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn items_of(e: &TrackingEvent, field: &str) -> Vec<String> {
    match e.data.get(field) {
        Some(Value::Array(list)) => list.iter().filter_map(|v| text(Some(v))).collect(),
        Some(Value::String(s)) => s
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.chars().take(200).collect())
            .collect(),
        Some(v @ Value::Number(_)) => text(Some(v)).into_iter().collect(),
        _ => vec![],
    }
}

impl Folded {
    fn widget(
        &mut self,
        day: NaiveDate,
        kind: &str,
        id: Option<String>,
        impressions: i64,
        clicks: i64,
    ) {
        if let Some(id) = id {
            let w = self.widgets.entry((day, kind.to_string(), id)).or_default();
            w.0 += impressions;
            w.1 += clicks;
        }
    }

    fn item(&mut self, day: NaiveDate, item: &str) -> &mut ItemAgg {
        self.items.entry((day, item.to_string())).or_default()
    }

    fn add(&mut self, e: &TrackingEvent, credits: &mut Vec<Credit>) {
        let day = e.received_at.date_naive();
        let bot = e.agent == Agent::Bot;
        *self.counts.entry((day, e.event.clone(), bot)).or_default() += 1;
        if bot {
            return;
        }
        let query_id = e.text("query_id");
        let unique = e.text("unique_id");
        match e.event_type() {
            Some(EventType::Search) => {
                let keyword = e
                    .text("keyword")
                    .map(|k| normalize_keyword(&k))
                    .unwrap_or_default();
                let results = e
                    .number("total")
                    .map(|n| n.max(0.0).min(i32::MAX as f64) as i32);
                if !keyword.is_empty() {
                    if let Some(q) = &query_id {
                        self.queries
                            .entry(q.clone())
                            .or_insert((keyword.clone(), day, results));
                    }
                    let refinement = e.number("type_id") == Some(2.0);
                    if !refinement {
                        let s = self.searches.entry((day, keyword)).or_default();
                        s.searches += 1;
                        match results {
                            Some(0) => s.null_results += 1,
                            Some(_) => s.with_hits += 1,
                            None => s.unknown_hits += 1,
                        }
                    }
                }
                for item in items_of(e, "item_list").into_iter().take(IMPRESSIONS_MAX) {
                    self.item(day, &item).impressions += 1;
                }
            }
            Some(EventType::Click) => {
                if let Some(item) = &unique {
                    self.item(day, item).clicks += 1;
                }
                if let Some(q) = query_id {
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: unique,
                        kind: CreditKind::Click,
                    });
                }
            }
            Some(EventType::Add2Cart) => {
                let quantity = e.number("quantity").unwrap_or(1.0).clamp(0.0, 10_000.0) as i64;
                if let Some(item) = &unique {
                    let i = self.item(day, item);
                    i.add_to_carts += 1;
                    i.units += quantity;
                }
                if let Some(q) = query_id {
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: unique,
                        kind: CreditKind::AddToCart,
                    });
                }
            }
            Some(EventType::Sale) => {
                for item in items_of(e, "item_list").into_iter().take(IMPRESSIONS_MAX) {
                    self.item(day, &item).sales += 1;
                }
                if let Some(q) = query_id {
                    let total = e.number("total").unwrap_or(0.0).clamp(0.0, 1e9);
                    credits.push(Credit {
                        query_id: q,
                        day,
                        item: None,
                        kind: CreditKind::Sale(total),
                    });
                }
            }
            Some(EventType::Rate) => {
                let value = e.number("value").unwrap_or(0.0);
                if let (Some(item), true) =
                    (unique, (1.0..=5.0).contains(&value) && value.fract() == 0.0)
                {
                    let r = self.ratings.entry(item).or_default();
                    r.0 += 1;
                    r.1 += value as i64;
                }
            }
            Some(EventType::BannerClick) => self.widget(day, "banner", e.text("banner_id"), 0, 1),
            Some(EventType::BannerImpression) => {
                self.widget(day, "banner", e.text("banner_id"), 1, 0)
            }
            Some(EventType::RecommendationClick) => {
                self.widget(day, "recommendation", e.text("widget_guid"), 0, 1)
            }
            Some(EventType::AutoCompleteClick) => {
                let kind = e
                    .number("suggest_type")
                    .and_then(|t| codes::code_name(&codes::AUTOCOMPLETE_TYPES, t as i64))
                    .unwrap_or("unknown");
                let name = e.text("name").map(|n| normalize_keyword(&n));
                self.widget(
                    day,
                    "autocomplete",
                    name.map(|n| format!("{kind}:{n}")),
                    0,
                    1,
                )
            }
            Some(EventType::PageLoad) | Some(EventType::Login) => {}
            None => match e.event.as_str() {
                codes::PRODUCT_VIEW => {
                    if let Some(item) = e.text("b") {
                        self.item(day, &item).views += 1;
                        self.visit_items
                            .push((e.visit_id.clone(), item, e.received_at));
                    }
                }
                codes::CAROUSEL_CLICK => {
                    let id = e.text("itemListID").or_else(|| e.text("itemListName"));
                    self.widget(day, "carousel", id, 0, 1)
                }
                codes::SPONSORED_AD_CLICK => self.widget(day, "sponsored_ad", e.text("adId"), 0, 1),
                codes::SPONSORED_AD_IMPRESSION => {
                    for id in items_of(e, "adIds") {
                        self.widget(day, "sponsored_ad", Some(id), 1, 0);
                    }
                }
                "product_carousel_view" => {
                    let id = [
                        "item_list_id",
                        "itemListID",
                        "item_list_name",
                        "itemListName",
                    ]
                    .iter()
                    .find_map(|f| e.text(f));
                    self.widget(day, "carousel", id, 1, 0)
                }
                "menu_click" => {
                    let id = e.text("link_url").or_else(|| e.text("link_text"));
                    self.widget(day, "menu", id, 0, 1)
                }
                "popular_search" => {
                    let id = e.text("search_term").map(|t| normalize_keyword(&t));
                    self.widget(day, "popular_search", id, 0, 1)
                }
                _ => {}
            },
        }
    }
}

/// Folds events into the read models; answers how many were new.
pub async fn fold(pool: &PgPool, events: Vec<TrackingEvent>) -> Result<usize, sqlx::Error> {
    let rows = off_the_workers(move || {
        RawRows::new(
            events
                .into_iter()
                .map(|e| {
                    let body = serde_json::to_string(&e).unwrap_or_else(|_| "null".into());
                    (e, body)
                })
                .collect(),
        )
    })
    .await;
    fold_raw(pool, rows).await
}

/// A batch's events, one per event id and every id valid, each beside its id and its JSON
/// text as kept in `tracking_events.body`.
struct RawRows {
    events: Vec<TrackingEvent>,
    ids: Vec<uuid::Uuid>,
    bodies: Vec<String>,
}

impl RawRows {
    fn new(events: Vec<(TrackingEvent, String)>) -> Self {
        let mut seen = HashSet::new();
        let mut rows = RawRows {
            events: Vec::with_capacity(events.len()),
            ids: Vec::with_capacity(events.len()),
            bodies: Vec::with_capacity(events.len()),
        };
        for (e, body) in events {
            let Ok(id) = uuid::Uuid::parse_str(&e.event_id) else {
                continue;
            };
            if seen.insert(id) {
                rows.ids.push(id);
                rows.bodies.push(body);
                rows.events.push(e);
            }
        }
        rows
    }
}

/// Inserts the raw rows not seen before and folds those events, in one transaction.
///
/// The events already kept (a replayed batch, a beacon sent twice) and those of a visitor
/// forgotten since they were received are looked up first, two index probes a batch; the rest
/// go in with one binary `COPY`, which costs PostgreSQL less than an `INSERT … ON CONFLICT` of
/// the same rows (docs/performance.md, "Raw events by COPY"). Two consumers folding the same
/// events at once (a rebalance) cannot both keep them: the second's `COPY` fails on the event id
/// and its batch is retried, when the probe finds them.
async fn fold_raw(pool: &PgPool, rows: RawRows) -> Result<usize, sqlx::Error> {
    if rows.events.is_empty() {
        return Ok(0);
    }
    let mut tx = pool.begin().await?;
    // One index probe per id, whatever the planner's statistics say. As `event_id = ANY($1)`
    // PostgreSQL read the whole table instead while it held fewer than about 20 rows per id of
    // the batch (a new store, or right after a purge): 30–45 ms a batch at 50,000 rows, against
    // a few milliseconds through the index (docs/performance.md, "The fold's probe").
    // Planned for each batch (an unnamed statement), never from a plan the connection kept: a
    // kept generic plan made while the table was empty (a TRUNCATE under a running store) read
    // the whole table for every id until the next ANALYZE, 33 s for one batch at 100,000 rows;
    // a plan made at bind time sees the table's current size.
    let kept: Vec<uuid::Uuid> = sqlx::query_scalar(
        "SELECT k.event_id FROM unnest($1::uuid[]) AS u(id) \
         CROSS JOIN LATERAL (SELECT t.event_id FROM tracking_events t WHERE t.event_id = u.id LIMIT 1) AS k",
    )
    .persistent(false)
    .bind(&rows.ids)
    .fetch_all(&mut *tx)
    .await?;
    let forgotten: Vec<(String, chrono::DateTime<Utc>)> = {
        let visitors: Vec<&str> = rows.events.iter().map(|e| e.visitor_id.as_str()).collect();
        sqlx::query_as(
            "SELECT visitor_id, forgotten_at FROM forgotten_visitors WHERE visitor_id = ANY($1)",
        )
        .bind(&visitors)
        .fetch_all(&mut *tx)
        .await?
    };
    // Which events are new is known before the COPY: the same pass off the workers picks them,
    // writes their rows and adds them up.
    let (inserted, copy, mut folded, credits) = off_the_workers(move || {
        let kept: HashSet<uuid::Uuid> = kept.into_iter().collect();
        let forgotten: HashMap<String, chrono::DateTime<Utc>> = forgotten.into_iter().collect();
        let fresh: Vec<bool> = rows
            .events
            .iter()
            .zip(&rows.ids)
            .map(|(e, id)| {
                !kept.contains(id)
                    && forgotten
                        .get(&e.visitor_id)
                        .is_none_or(|at| *at < e.received_at)
            })
            .collect();
        let copy = copy_rows(&rows, &fresh);
        let mut folded = Folded::default();
        let mut credits = Vec::new();
        for (e, fresh) in rows.events.iter().zip(&fresh) {
            if *fresh {
                folded.add(e, &mut credits);
            }
        }
        let inserted = fresh.iter().filter(|f| **f).count();
        (inserted, copy, folded, credits)
    })
    .await;
    if inserted > 0 {
        let mut sink = tx
            .copy_in_raw(
                "COPY tracking_events (event_id, received_at, visitor_id, visit_id, event, bot, body) \
                 FROM STDIN (FORMAT binary)",
            )
            .await?;
        sink.send(copy).await?;
        sink.finish().await?;
    }
    write(&mut tx, &mut folded, credits).await?;
    tx.commit().await?;
    Ok(inserted)
}

/// The fresh rows of a batch in `COPY`'s binary format: a header, then per row its field count
/// and each field as a length and its bytes (uuid: 16 bytes; timestamptz: microseconds since
/// 2000-01-01 UTC; text and json: UTF-8; bool: one byte), then -1.
fn copy_rows(rows: &RawRows, fresh: &[bool]) -> Vec<u8> {
    fn field(out: &mut Vec<u8>, bytes: &[u8]) {
        out.extend_from_slice(&(bytes.len() as i32).to_be_bytes());
        out.extend_from_slice(bytes);
    }
    const EPOCH_2000_MICROS: i64 = 946_684_800_000_000;
    let mut out = Vec::with_capacity(19 + rows.bodies.iter().map(|b| b.len() + 200).sum::<usize>());
    out.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
    out.extend_from_slice(&0i32.to_be_bytes());
    out.extend_from_slice(&0i32.to_be_bytes());
    for (((e, id), body), fresh) in rows
        .events
        .iter()
        .zip(&rows.ids)
        .zip(&rows.bodies)
        .zip(fresh)
    {
        if !fresh {
            continue;
        }
        out.extend_from_slice(&7i16.to_be_bytes());
        field(&mut out, id.as_bytes());
        let micros = e.received_at.timestamp_micros() - EPOCH_2000_MICROS;
        field(&mut out, &micros.to_be_bytes());
        field(&mut out, e.visitor_id.as_bytes());
        field(&mut out, e.visit_id.as_bytes());
        field(&mut out, e.event.as_bytes());
        field(&mut out, &[u8::from(e.agent == Agent::Bot)]);
        field(&mut out, body.as_bytes());
    }
    out.extend_from_slice(&(-1i16).to_be_bytes());
    out
}

async fn write(
    tx: &mut sqlx::PgConnection,
    f: &mut Folded,
    credits: Vec<Credit>,
) -> Result<(), sqlx::Error> {
    if !f.counts.is_empty() {
        let (mut day, mut event, mut bot, mut n) = (vec![], vec![], vec![], vec![]);
        for ((d, e, b), c) in &f.counts {
            day.push(*d);
            event.push(e.as_str());
            bot.push(*b);
            n.push(*c);
        }
        sqlx::query(
            "INSERT INTO analytics_event_counts (day, event, bot, events) \
             SELECT * FROM unnest($1::date[], $2::text[], $3::bool[], $4::int8[]) \
             ON CONFLICT (day, event, bot) DO UPDATE SET events = analytics_event_counts.events + excluded.events",
        )
        .bind(&day)
        .bind(&event)
        .bind(&bot)
        .bind(&n)
        .execute(&mut *tx)
        .await?;
    }
    if !f.queries.is_empty() {
        let (mut id, mut kw, mut day, mut res) = (vec![], vec![], vec![], vec![]);
        for (q, (k, d, r)) in &f.queries {
            id.push(q.as_str());
            kw.push(k.as_str());
            day.push(*d);
            res.push(*r);
        }
        sqlx::query(
            "INSERT INTO analytics_queries (query_id, keyword, day, results) \
             SELECT * FROM unnest($1::text[], $2::text[], $3::date[], $4::int4[]) \
             ON CONFLICT (query_id) DO NOTHING",
        )
        .bind(&id)
        .bind(&kw)
        .bind(&day)
        .bind(&res)
        .execute(&mut *tx)
        .await?;
    }
    if !credits.is_empty() {
        let wanted: Vec<&str> = credits.iter().map(|c| c.query_id.as_str()).collect();
        let keywords: HashMap<String, String> = sqlx::query_as::<_, (String, String)>(
            "SELECT query_id, keyword FROM analytics_queries WHERE query_id = ANY($1)",
        )
        .bind(&wanted)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .collect();
        for c in credits {
            let Some(keyword) = keywords.get(&c.query_id) else {
                continue;
            };
            let s = f.searches.entry((c.day, keyword.clone())).or_default();
            match c.kind {
                CreditKind::Click => s.clicks += 1,
                CreditKind::AddToCart => s.add_to_carts += 1,
                CreditKind::Sale(total) => {
                    s.sales += 1;
                    s.revenue += total;
                }
            }
            if let Some(item) = c.item {
                let qi = f.query_items.entry((keyword.clone(), item)).or_default();
                match c.kind {
                    CreditKind::Click => qi.0 += 1,
                    CreditKind::AddToCart => qi.1 += 1,
                    CreditKind::Sale(_) => {}
                }
            }
        }
    }
    if !f.searches.is_empty() {
        let (mut day, mut keyword) = (Vec::new(), Vec::new());
        let (mut searches, mut with_hits, mut nulls, mut unknown) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let (mut clicks, mut adds, mut sales, mut revenue) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for ((d, k), s) in &f.searches {
            day.push(*d);
            keyword.push(k.as_str());
            searches.push(s.searches);
            with_hits.push(s.with_hits);
            nulls.push(s.null_results);
            unknown.push(s.unknown_hits);
            clicks.push(s.clicks);
            adds.push(s.add_to_carts);
            sales.push(s.sales);
            revenue.push(s.revenue);
        }
        sqlx::query(
            "INSERT INTO analytics_search_daily (day, keyword, searches, with_hits, null_results, unknown_hits, clicks, add_to_carts, sales, revenue) \
             SELECT d, k, a, b, c, u, cl, ad, sa, rv::numeric(14,2) FROM unnest($1::date[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::int8[], $10::float8[]) \
               AS t(d, k, a, b, c, u, cl, ad, sa, rv) \
             ON CONFLICT (day, keyword) DO UPDATE SET \
               searches = analytics_search_daily.searches + excluded.searches, \
               with_hits = analytics_search_daily.with_hits + excluded.with_hits, \
               null_results = analytics_search_daily.null_results + excluded.null_results, \
               unknown_hits = analytics_search_daily.unknown_hits + excluded.unknown_hits, \
               clicks = analytics_search_daily.clicks + excluded.clicks, \
               add_to_carts = analytics_search_daily.add_to_carts + excluded.add_to_carts, \
               sales = analytics_search_daily.sales + excluded.sales, \
               revenue = analytics_search_daily.revenue + excluded.revenue",
        )
        .bind(&day)
        .bind(&keyword)
        .bind(&searches)
        .bind(&with_hits)
        .bind(&nulls)
        .bind(&unknown)
        .bind(&clicks)
        .bind(&adds)
        .bind(&sales)
        .bind(&revenue)
        .execute(&mut *tx)
        .await?;
    }
    if !f.items.is_empty() {
        let (mut day, mut item) = (Vec::new(), Vec::new());
        let (mut impressions, mut clicks, mut views) = (Vec::new(), Vec::new(), Vec::new());
        let (mut adds, mut sales, mut units) = (Vec::new(), Vec::new(), Vec::new());
        for ((d, i), a) in &f.items {
            day.push(*d);
            item.push(i.as_str());
            impressions.push(a.impressions);
            clicks.push(a.clicks);
            views.push(a.views);
            adds.push(a.add_to_carts);
            sales.push(a.sales);
            units.push(a.units);
        }
        sqlx::query(
            "INSERT INTO analytics_item_daily (day, item_id, impressions, clicks, views, add_to_carts, sales, units) \
             SELECT * FROM unnest($1::date[], $2::text[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[]) \
             ON CONFLICT (day, item_id) DO UPDATE SET \
               impressions = analytics_item_daily.impressions + excluded.impressions, \
               clicks = analytics_item_daily.clicks + excluded.clicks, \
               views = analytics_item_daily.views + excluded.views, \
               add_to_carts = analytics_item_daily.add_to_carts + excluded.add_to_carts, \
               sales = analytics_item_daily.sales + excluded.sales, \
               units = analytics_item_daily.units + excluded.units",
        )
        .bind(&day)
        .bind(&item)
        .bind(&impressions)
        .bind(&clicks)
        .bind(&views)
        .bind(&adds)
        .bind(&sales)
        .bind(&units)
        .execute(&mut *tx)
        .await?;
    }
    if !f.query_items.is_empty() {
        let (mut k, mut i, mut cl, mut ad) = (vec![], vec![], vec![], vec![]);
        for ((kw, item), (c, a)) in &f.query_items {
            k.push(kw.as_str());
            i.push(item.as_str());
            cl.push(*c);
            ad.push(*a);
        }
        sqlx::query(
            "INSERT INTO analytics_query_items (keyword, item_id, clicks, add_to_carts) \
             SELECT * FROM unnest($1::text[], $2::text[], $3::int8[], $4::int8[]) \
             ON CONFLICT (keyword, item_id) DO UPDATE SET \
               clicks = analytics_query_items.clicks + excluded.clicks, \
               add_to_carts = analytics_query_items.add_to_carts + excluded.add_to_carts",
        )
        .bind(&k)
        .bind(&i)
        .bind(&cl)
        .bind(&ad)
        .execute(&mut *tx)
        .await?;
    }
    if !f.widgets.is_empty() {
        let (mut d, mut k, mut w, mut im, mut cl) = (vec![], vec![], vec![], vec![], vec![]);
        for ((day, kind, id), (i, c)) in &f.widgets {
            d.push(*day);
            k.push(kind.as_str());
            w.push(id.as_str());
            im.push(*i);
            cl.push(*c);
        }
        sqlx::query(
            "INSERT INTO analytics_widget_daily (day, kind, widget_id, impressions, clicks) \
             SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::int8[], $5::int8[]) \
             ON CONFLICT (day, kind, widget_id) DO UPDATE SET \
               impressions = analytics_widget_daily.impressions + excluded.impressions, \
               clicks = analytics_widget_daily.clicks + excluded.clicks",
        )
        .bind(&d)
        .bind(&k)
        .bind(&w)
        .bind(&im)
        .bind(&cl)
        .execute(&mut *tx)
        .await?;
    }
    if !f.ratings.is_empty() {
        let (mut i, mut n, mut t) = (vec![], vec![], vec![]);
        for (item, (count, total)) in &f.ratings {
            i.push(item.as_str());
            n.push(*count);
            t.push(*total);
        }
        sqlx::query(
            "INSERT INTO analytics_ratings (item_id, ratings, total) \
             SELECT * FROM unnest($1::text[], $2::int8[], $3::int8[]) \
             ON CONFLICT (item_id) DO UPDATE SET ratings = analytics_ratings.ratings + excluded.ratings, \
               total = analytics_ratings.total + excluded.total",
        )
        .bind(&i)
        .bind(&n)
        .bind(&t)
        .execute(&mut *tx)
        .await?;
    }
    if !f.visit_items.is_empty() {
        f.visit_items.sort();
        let visits: Vec<&str> = f.visit_items.iter().map(|v| v.0.as_str()).collect();
        let items: Vec<&str> = f.visit_items.iter().map(|v| v.1.as_str()).collect();
        let at: Vec<chrono::DateTime<Utc>> = f.visit_items.iter().map(|v| v.2).collect();
        let new: Vec<(String, String)> = sqlx::query_as(
            "INSERT INTO analytics_visit_items (visit_id, item_id, seen_at) \
             SELECT i.visit_id, i.item_id, i.seen_at \
             FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS i(visit_id, item_id, seen_at) \
             WHERE (SELECT count(*) FROM analytics_visit_items v WHERE v.visit_id = i.visit_id) < $4 \
             ON CONFLICT (visit_id, item_id) DO NOTHING RETURNING visit_id, item_id",
        )
        .bind(&visits)
        .bind(&items)
        .bind(&at)
        .bind(VISIT_ITEMS_MAX)
        .fetch_all(&mut *tx)
        .await?;
        if !new.is_empty() {
            let visits: Vec<&str> = new.iter().map(|v| v.0.as_str()).collect();
            let items: Vec<&str> = new.iter().map(|v| v.1.as_str()).collect();
            sqlx::query(
                "WITH new AS (SELECT * FROM unnest($1::text[], $2::text[]) AS t(visit_id, item_id)), \
                 pairs AS (SELECT DISTINCT n.visit_id, least(n.item_id, v.item_id) AS a, greatest(n.item_id, v.item_id) AS b \
                           FROM new n JOIN analytics_visit_items v ON v.visit_id = n.visit_id AND v.item_id <> n.item_id), \
                 counted AS (SELECT a, b, count(*) AS c FROM pairs GROUP BY a, b), \
                 both_ways AS (SELECT a AS item_id, b AS other_id, c FROM counted UNION ALL SELECT b, a, c FROM counted) \
                 INSERT INTO analytics_coviews (item_id, other_id, visits) \
                 SELECT item_id, other_id, c FROM both_ways ORDER BY item_id, other_id \
                 ON CONFLICT (item_id, other_id) DO UPDATE SET visits = analytics_coviews.visits + excluded.visits",
            )
            .bind(&visits)
            .bind(&items)
            .execute(&mut *tx)
            .await?;
        }
    }
    Ok(())
}

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

/// Deletes raw events, per-visit views and query ids older than the retention period.
pub async fn purge_expired(pool: &PgPool, retention_days: i32) -> Result<u64, sqlx::Error> {
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

/// Erases one visitor's tracking data (`storefront privacy forget`): their raw events and the
/// per-visit views of their visits, in the caller's transaction. The visitor is remembered as
/// forgotten, so a replay of the tracking topic (kept for the retention period) does not bring
/// back the raw events received before the erasure. Aggregates carry no visitor id and stay. Answers the raw events
/// removed.
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

/// The popular searches, most searched first.
pub async fn popular_searches(pool: &PgPool, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT keyword FROM analytics_popular_searches ORDER BY rank LIMIT $1")
        .bind(limit)
        .fetch_all(pool)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_normalised() {
        assert_eq!(normalize_keyword("  Chicken   FEED "), "chicken feed");
        assert_eq!(normalize_keyword(&"x".repeat(300)).len(), 100);
    }
}
