//! The `analytics` consumer group: folds `storefront.tracking.v1` into the read models of
//! migration 0009 (popular searches, null-result searches, click-through per query and item,
//! conversion by query id, carousel / ad / banner / menu performance, co-views, ratings).
//!
//! Exactly-once in effect: each batch is written in one transaction that first inserts the raw
//! events by event id; only events not seen before are folded, and offsets are committed after
//! the transaction (a replayed or redelivered batch changes nothing).
//!
//! Files: `settings`, `consumer` (the consumer and a batch's transaction), `raw` (the raw
//! events' rows), `fold` (adding events up), `writer` (the read models' upserts), `popular`
//! (popular searches), `retention` (purge, erasure, export).

mod consumer;
mod fold;
mod popular;
mod raw;
mod retention;
mod settings;
mod writer;

pub use consumer::{fold, fold_messages, run_analytics};
pub use fold::normalize_keyword;
pub use popular::{popular_searches, refresh_popular};
pub use retention::{forget_visitor, purge_expired, visitor_events};
pub use settings::{
    analytics_group, AnalyticsSettings, DEFAULT_BATCH_MS, IMPRESSIONS_MAX, MIN_BATCH_MS,
    POPULAR_MAX, VISIT_ITEMS_MAX,
};
