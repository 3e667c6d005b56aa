//! The analytics role's settings and limits: its consumer group, batch waits, popular-search
//! window, retention, and the caps on what one event or visit counts.

use std::time::Duration;

/// The analytics consumer group: `PREFIX.analytics`.
pub fn analytics_group(prefix: &str) -> String {
    format!("{prefix}.analytics")
}

/// Tunables of the analytics role.
#[derive(Debug, Clone)]
pub struct AnalyticsSettings {
    /// Popular searches are counted over this many days (`POPULAR_SEARCH_DAYS`).
    pub popular_days: i32,
    /// A keyword is popular from this many distinct visitors' searches with hits
    /// (`POPULAR_SEARCH_MIN`).
    pub popular_min: i64,
    /// How often popular searches are recomputed.
    pub popular_refresh: Duration,
    /// Raw events (and per-visit views) are kept this many days (`TRACKING_RETENTION_DAYS`).
    pub retention_days: i32,
    /// The daily aggregates (event counts, searches, items, widgets) are kept this many days
    /// (`ANALYTICS_RETENTION_DAYS`).
    pub aggregate_retention_days: i32,
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
            aggregate_retention_days: 400,
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
/// Keywords one visitor adds to the popular searches' counts a day: more searches that day
/// count for analysts, not for what shoppers are shown.
pub const SEARCH_VOTES_PER_DAY: i64 = 20;
/// Votes (view, add, purchase of an item) one visitor adds to product popularity a day.
pub const ITEM_VOTES_PER_DAY: i64 = 100;
