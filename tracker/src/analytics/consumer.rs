//! The analytics consumer: runs the fold over the tracking topic with its housekeeping, and
//! folds each batch in one transaction (the raw events kept by id, only new ones added up and
//! written), the CPU work off the request workers.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use projections::bus::{self, BatchPolicy, BusConfig, BusError};
use rdkafka::message::{Message, OwnedMessage};
use sqlx::PgPool;
use tokio::sync::watch;

use super::fold::Folded;
use super::popular::refresh_popular;
use super::raw::{copy_rows, RawRows};
use super::retention::purge_expired;
use super::settings::{AnalyticsSettings, MIN_BATCH_MS};
use super::writer::write;
use crate::event::TrackingEvent;

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
                    match purge_expired(
                        &pool,
                        settings.retention_days,
                        settings.aggregate_retention_days,
                    )
                    .await
                    {
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
