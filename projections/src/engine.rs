//! What every projection shares: idempotent, per-aggregate ordered application of events with
//! gap catch-up from the event store, catch-up and rebuild from the event store.
//!
//! `projection_progress` remembers the last sequence applied per (projection, aggregate); seen
//! events are skipped, and a gap is filled from the event store before a newer event is applied.
//! Writers of one aggregate in one projection are serialised by a transaction-scoped advisory
//! lock on (projection, aggregate id), so the Kafka consumer, an inline projection and a CLI
//! catch-up never interleave on the same aggregate. They hold the projection's own lock shared
//! as well; a rebuild of the live tables holds that one exclusively instead.
//!
//! A batch reaches the projection in one call ([`Projection::apply_many`]), so a projection can
//! write it with a few set-based statements (the catalog does: one statement per table).

use std::collections::HashMap;

use sqlx::{PgConnection, PgPool, Row};

use crate::envelope::Envelope;

/// Moved to [`crate::registry`] (the engine names no concrete projection); kept here for
/// callers outside the crate.
pub use crate::registry::all;

#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("event {aggregate_type}/{aggregate_id}#{sequence} could not be read: {source}")]
    Decode {
        aggregate_type: String,
        aggregate_id: String,
        sequence: i64,
        source: serde_json::Error,
    },
    /// A sealed field could not be opened (no master keys configured, a master key missing
    /// from them, or a tampered field): never skipped silently.
    #[error("personal data could not be read: {0}")]
    Privacy(String),
}

impl From<command::privacy::PrivacyError> for ProjectionError {
    fn from(e: command::privacy::PrivacyError) -> Self {
        match e {
            command::privacy::PrivacyError::Database(db) => ProjectionError::Database(db),
            other => ProjectionError::Privacy(other.to_string()),
        }
    }
}

/// An event as a projection needs it, from the event store, a Kafka envelope or an append:
/// the event store's one stored-event type.
pub use command::eventstore::StoredEvent;

impl From<Envelope> for StoredEvent {
    fn from(e: Envelope) -> Self {
        Self {
            aggregate_type: e.aggregate_type,
            aggregate_id: e.aggregate_id,
            sequence: e.sequence,
            event_type: e.event_type,
            event_version: e.event_version,
            payload: e.payload,
            recorded_at: Some(e.recorded_at),
        }
    }
}

/// A stored event decoded into its type, for projections.
pub trait Typed {
    /// The event decoded into its type (upcast first when it is an older version).
    fn typed<E: cqrs_es::DomainEvent>(&self) -> Result<E, ProjectionError>;
}

impl Typed for StoredEvent {
    fn typed<E: cqrs_es::DomainEvent>(&self) -> Result<E, ProjectionError> {
        command::eventstore::decode_ref(
            &self.aggregate_type,
            &self.aggregate_id,
            self.sequence,
            &self.event_type,
            &self.event_version,
            &self.payload,
        )
        .map_err(|source| ProjectionError::Decode {
            aggregate_type: self.aggregate_type.clone(),
            aggregate_id: self.aggregate_id.clone(),
            sequence: self.sequence,
            source,
        })
    }
}

fn from_row(row: &sqlx::postgres::PgRow) -> StoredEvent {
    StoredEvent {
        aggregate_type: row.get("aggregate_type"),
        aggregate_id: row.get("aggregate_id"),
        sequence: row.get("sequence"),
        event_type: row.get("event_type"),
        event_version: row.get("event_version"),
        payload: row.get("payload"),
        recorded_at: Some(row.get("recorded_at")),
    }
}

const EVENT_COLUMNS: &str =
    "aggregate_type, aggregate_id, sequence, event_type, event_version, payload, recorded_at";

/// A value as JSON for a read-model column.
pub fn json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("read-model values serialise")
}

/// An enum (or any value) as the text it serialises to: `PriceMode::BelowMap` → "BelowMap".
pub fn text<T: serde::Serialize>(value: &T) -> String {
    match json(value) {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}

/// One read model fed by events of some aggregate types.
#[async_trait::async_trait]
pub trait Projection: Send + Sync {
    /// Stable name, the key of its rows in `projection_progress`.
    fn name(&self) -> &'static str;
    fn aggregate_types(&self) -> &'static [&'static str];
    /// The tables it owns (emptied by a rebuild, children before parents).
    fn tables(&self) -> &'static [&'static str];
    /// Projected inside the appending transaction by the write side (see [`apply_inline`]);
    /// the Kafka consumer leaves it alone.
    fn inline(&self) -> bool {
        false
    }
    /// Applies one event; called in sequence order per aggregate, never twice.
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        event: &StoredEvent,
    ) -> Result<(), ProjectionError>;
    /// Applies events in the order given (each aggregate's in sequence order, none twice).
    /// A projection may override it to write a batch with a few set-based statements, as long
    /// as the read models end as [`Projection::apply_one`] one by one would leave them.
    async fn apply_many(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            self.apply_one(conn, event).await?;
        }
        Ok(())
    }
}

/// How a batch is protected from concurrent writers of the same projection.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Locking {
    /// Every aggregate of the batch is locked (shared projection lock first).
    PerAggregate,
    /// The caller holds the projection exclusively, or works on a private scratch schema.
    Held,
    /// The events are their aggregates' first, in the transaction appending them: no one can
    /// be projecting an earlier event of those aggregates (there is none, and the event
    /// store's key makes this transaction the only writer of the first), and no progress is
    /// recorded for them yet. Only the projection's shared lock is taken (a rebuild waits).
    FirstEvents,
}

/// Writers of a projection hold its lock shared; a rebuild of the live tables holds it
/// exclusively, so it needs no per-aggregate locks (a million of them would not fit in
/// PostgreSQL's lock table in one transaction).
async fn lock_projection(
    conn: &mut PgConnection,
    projection: &dyn Projection,
    exclusive: bool,
) -> Result<(), sqlx::Error> {
    let call = if exclusive {
        "pg_advisory_xact_lock"
    } else {
        "pg_advisory_xact_lock_shared"
    };
    sqlx::query(&format!(
        "SELECT {call}(hashtext('projection:' || $1)::bigint)"
    ))
    .bind(projection.name())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Applies events (in the order given) in one transaction; answers how many were new.
pub async fn apply(
    projection: &dyn Projection,
    pool: &PgPool,
    events: Vec<StoredEvent>,
) -> Result<usize, ProjectionError> {
    let mut tx = pool.begin().await?;
    let applied = apply_in(projection, &mut tx, events).await?;
    tx.commit().await?;
    Ok(applied)
}

/// [`apply`] inside the caller's transaction.
pub async fn apply_in(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    events: Vec<StoredEvent>,
) -> Result<usize, ProjectionError> {
    apply_locked(projection, conn, events, Locking::PerAggregate).await
}

async fn apply_locked(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    events: Vec<StoredEvent>,
    locking: Locking,
) -> Result<usize, ProjectionError> {
    let types = projection.aggregate_types();
    let events: Vec<StoredEvent> = events
        .into_iter()
        .filter(|e| types.contains(&e.aggregate_type.as_str()))
        .collect();
    if events.is_empty() {
        return Ok(0);
    }
    let name = projection.name();
    let (types, ids): (Vec<String>, Vec<String>) = events
        .iter()
        .map(|e| (e.aggregate_type.clone(), e.aggregate_id.clone()))
        .unzip();
    if locking == Locking::FirstEvents {
        lock_projection(conn, projection, false).await?;
    }
    if locking == Locking::PerAggregate {
        lock_projection(conn, projection, false).await?;
        // Lock every aggregate of the batch, in one order, so concurrent writers cannot deadlock.
        sqlx::query(
            "SELECT pg_advisory_xact_lock(hashtext($1), hashtext(k)) \
             FROM (SELECT DISTINCT t || '/' || i AS k FROM UNNEST($2::text[], $3::text[]) AS u(t, i) ORDER BY 1) keys",
        )
        .bind(name)
        .bind(&types)
        .bind(&ids)
        .execute(&mut *conn)
        .await?;
    }
    let mut progress: HashMap<(String, String), i64> = if locking == Locking::FirstEvents {
        HashMap::new()
    } else {
        sqlx::query(
            "SELECT p.aggregate_type, p.aggregate_id, p.last_sequence FROM projection_progress p \
             JOIN (SELECT DISTINCT t, i FROM UNNEST($2::text[], $3::text[]) AS u(t, i)) k \
               ON p.aggregate_type = k.t AND p.aggregate_id = k.i \
             WHERE p.projection = $1",
        )
        .bind(name)
        .bind(&types)
        .bind(&ids)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .map(|r| ((r.get(0), r.get(1)), r.get(2)))
        .collect()
    };
    let mut changed: HashMap<(String, String), i64> = HashMap::new();

    let mut fresh = Vec::with_capacity(events.len());
    for event in events {
        let key = (event.aggregate_type.clone(), event.aggregate_id.clone());
        let last = progress.get(&key).copied().unwrap_or(0);
        if event.sequence <= last {
            continue;
        }
        if event.sequence > last + 1 {
            // A gap: catch up what we missed from the source of truth first.
            let missed = sqlx::query(&format!(
                "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
                 AND sequence > $3 AND sequence < $4 ORDER BY sequence"
            ))
            .bind(&event.aggregate_type)
            .bind(&event.aggregate_id)
            .bind(last)
            .bind(event.sequence)
            .fetch_all(&mut *conn)
            .await?;
            fresh.extend(missed.iter().map(from_row));
        }
        progress.insert(key.clone(), event.sequence);
        changed.insert(key, event.sequence);
        fresh.push(event);
    }
    let applied = fresh.len();
    projection.apply_many(conn, &fresh).await?;

    if !changed.is_empty() {
        let mut types = Vec::with_capacity(changed.len());
        let mut ids = Vec::with_capacity(changed.len());
        let mut seqs = Vec::with_capacity(changed.len());
        for ((t, i), s) in changed {
            types.push(t);
            ids.push(i);
            seqs.push(s);
        }
        sqlx::query(
            "INSERT INTO projection_progress (projection, aggregate_type, aggregate_id, last_sequence) \
             SELECT $1, t, i, s FROM UNNEST($2::text[], $3::text[], $4::bigint[]) AS u(t, i, s) \
             ON CONFLICT (projection, aggregate_type, aggregate_id) DO UPDATE SET last_sequence = EXCLUDED.last_sequence",
        )
        .bind(name)
        .bind(&types)
        .bind(&ids)
        .bind(&seqs)
        .execute(&mut *conn)
        .await?;
    }
    Ok(applied)
}

/// Applies events inside the transaction that appends them (a write side's inline projection,
/// such as the seed's). When each aggregate's events start at its first, the per-aggregate
/// locks and the progress read are skipped (see `Locking::FirstEvents`); otherwise this is
/// [`apply_in`].
pub async fn apply_appended(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    events: Vec<StoredEvent>,
) -> Result<usize, ProjectionError> {
    let locking = if first_events(&events) {
        Locking::FirstEvents
    } else {
        Locking::PerAggregate
    };
    apply_locked(projection, conn, events, locking).await
}

/// Whether every aggregate's events in `events` (in order) start at its first event.
fn first_events(events: &[StoredEvent]) -> bool {
    let mut seen = std::collections::HashSet::new();
    events.iter().all(|e| {
        !seen.insert((e.aggregate_type.as_str(), e.aggregate_id.as_str())) || e.sequence == 1
    })
}

/// Applies freshly appended events inside their appending transaction. No lock or progress
/// read is needed: the event store's key already serialises writers of an aggregate, and the
/// previous event's projection committed with that event. Progress is recorded so catch-up and
/// rebuild stay exact. (A rebuild of an inline projection runs with the command role stopped.)
pub async fn apply_inline(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    events: &[StoredEvent],
) -> Result<(), ProjectionError> {
    let types = projection.aggregate_types();
    let mut last: HashMap<(&str, &str), i64> = HashMap::new();
    for event in events
        .iter()
        .filter(|e| types.contains(&e.aggregate_type.as_str()))
    {
        projection.apply_one(conn, event).await?;
        last.insert((&event.aggregate_type, &event.aggregate_id), event.sequence);
    }
    for ((aggregate_type, aggregate_id), sequence) in last {
        advance(conn, projection, aggregate_type, aggregate_id, sequence).await?;
    }
    Ok(())
}

/// Reads the event store in key order, `chunk` events at a time, and applies what the
/// projection has not seen. `on_progress(done, total)` reports as it goes.
pub async fn catch_up(
    projection: &dyn Projection,
    pool: &PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    let mut conn = pool.acquire().await?;
    stream_events(projection, &mut conn, Some(pool), chunk, on_progress, false).await
}

/// Empties the projection's tables and replays every event, in one transaction: readers keep
/// seeing the old read models until the rebuilt ones commit.
pub async fn rebuild(
    projection: &dyn Projection,
    pool: &PgPool,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    let mut tx = pool.begin().await?;
    lock_projection(&mut tx, projection, true).await?;
    let applied = rebuild_in(projection, &mut tx, Some(pool), chunk, on_progress).await?;
    tx.commit().await?;
    Ok(applied)
}

/// [`rebuild`] inside the caller's transaction, on whatever tables its `search_path` names
/// first (a scratch schema for `projections verify` and `rebuild --online`). The caller holds
/// the projection exclusively or works on a scratch schema no one else writes.
///
/// With a `reader` pool the events are read (and decoded) on a connection of their own, a few
/// chunks ahead of the writes; without one (a caller that needs the transaction's own snapshot
/// of the event store, like `projections verify`) they are read in the transaction.
pub async fn rebuild_in(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    reader: Option<&PgPool>,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    for table in projection.tables() {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("DELETE FROM projection_progress WHERE projection = $1")
        .bind(projection.name())
        .execute(&mut *conn)
        .await?;
    stream_events(projection, conn, reader, chunk, on_progress, true).await
}

/// Applies, inside the caller's transaction, the events of the projection's aggregates recorded
/// at or after `since` that it has not seen (the tail appended while an online rebuild ran).
pub async fn apply_recorded_since(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    since: chrono::DateTime<chrono::Utc>,
) -> Result<u64, ProjectionError> {
    let types: Vec<String> = projection
        .aggregate_types()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let rows = sqlx::query(&format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_type = ANY($1) AND recorded_at >= $2 \
         ORDER BY aggregate_type, aggregate_id, sequence"
    ))
    .bind(&types)
    .bind(since)
    .fetch_all(&mut *conn)
    .await?;
    let events: Vec<StoredEvent> = rows.iter().map(from_row).collect();
    Ok(apply_in(projection, conn, events).await? as u64)
}

/// Chunks a reader connection holds ready ahead of the writes.
const READ_AHEAD: usize = 2;

async fn stream_events(
    projection: &dyn Projection,
    conn: &mut PgConnection,
    reader: Option<&PgPool>,
    chunk: i64,
    on_progress: &(dyn Fn(u64, u64) + Sync),
    in_transaction: bool,
) -> Result<u64, ProjectionError> {
    let types: Vec<String> = projection
        .aggregate_types()
        .iter()
        .map(|t| t.to_string())
        .collect();
    let total: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = ANY($1)")
            .bind(&types)
            .fetch_one(&mut *conn)
            .await?;
    let total = total as u64;
    let (mut done, mut applied) = (0u64, 0u64);
    on_progress(0, total);
    let mut apply = async |conn: &mut PgConnection, events: Vec<StoredEvent>| {
        done += events.len() as u64;
        applied += if in_transaction {
            apply_locked(projection, &mut *conn, events, Locking::Held).await? as u64
        } else {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let n = apply_in(projection, &mut tx, events).await?;
            tx.commit().await?;
            n as u64
        };
        on_progress(done.min(total), total);
        Ok::<(), ProjectionError>(())
    };
    match reader {
        Some(pool) => {
            // Reading and decoding the next chunks overlaps writing this one. The reader stops
            // at its next chunk if this side stops (the set aborts it when dropped).
            let (sender, mut chunks) = tokio::sync::mpsc::channel(READ_AHEAD);
            let mut reading = tokio::task::JoinSet::new();
            let pool = pool.clone();
            reading.spawn(async move {
                let mut conn = match pool.acquire().await {
                    Ok(conn) => conn,
                    Err(e) => {
                        let _ = sender.send(Err(e)).await;
                        return;
                    }
                };
                for aggregate_type in &types {
                    let mut after = (String::new(), 0i64);
                    loop {
                        match read_chunk(&mut conn, aggregate_type, &mut after, chunk).await {
                            Ok(events) if events.is_empty() => break,
                            Ok(events) => {
                                if sender.send(Ok(events)).await.is_err() {
                                    return;
                                }
                            }
                            Err(e) => {
                                let _ = sender.send(Err(e)).await;
                                return;
                            }
                        }
                    }
                }
            });
            while let Some(events) = chunks.recv().await {
                apply(&mut *conn, events?).await?;
            }
        }
        None => {
            for aggregate_type in &types {
                let mut after = (String::new(), 0i64);
                loop {
                    let events = read_chunk(&mut *conn, aggregate_type, &mut after, chunk).await?;
                    if events.is_empty() {
                        break;
                    }
                    apply(&mut *conn, events).await?;
                }
            }
        }
    }
    Ok(applied)
}

/// The next `chunk` events of `aggregate_type` after `after` (aggregate id, sequence) in key
/// order, a range scan of the primary key; moves `after` past them.
async fn read_chunk(
    conn: &mut PgConnection,
    aggregate_type: &str,
    after: &mut (String, i64),
    chunk: i64,
) -> Result<Vec<StoredEvent>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {EVENT_COLUMNS} FROM events WHERE aggregate_type = $1 \
         AND (aggregate_id, sequence) > ($2, $3) ORDER BY aggregate_id, sequence LIMIT $4"
    ))
    .bind(aggregate_type)
    .bind(&after.0)
    .bind(after.1)
    .bind(chunk)
    .fetch_all(&mut *conn)
    .await?;
    let events: Vec<StoredEvent> = rows.iter().map(from_row).collect();
    if let Some(last) = events.last() {
        *after = (last.aggregate_id.clone(), last.sequence);
    }
    Ok(events)
}

/// Serialises writers of one aggregate in one projection (transaction-scoped).
async fn lock_aggregate(
    conn: &mut PgConnection,
    projection: &dyn Projection,
    event: &StoredEvent,
) -> Result<(), sqlx::Error> {
    lock_projection(conn, projection, false).await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2 || '/' || $3))")
        .bind(projection.name())
        .bind(&event.aggregate_type)
        .bind(&event.aggregate_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records that the projection is past `sequence` of the aggregate (never moving it back).
async fn advance(
    conn: &mut PgConnection,
    projection: &dyn Projection,
    aggregate_type: &str,
    aggregate_id: &str,
    sequence: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projection_progress (projection, aggregate_type, aggregate_id, last_sequence) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (projection, aggregate_type, aggregate_id) \
         DO UPDATE SET last_sequence = GREATEST(projection_progress.last_sequence, EXCLUDED.last_sequence)",
    )
    .bind(projection.name())
    .bind(aggregate_type)
    .bind(aggregate_id)
    .bind(sequence)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Moves the projection past a parked (dead-lettered) event without applying it, so the
/// aggregate's later events apply instead of stopping at the gap.
pub async fn skip_past(
    projection: &dyn Projection,
    pool: &PgPool,
    event: &StoredEvent,
) -> Result<(), ProjectionError> {
    past(projection, pool, event, false).await
}

/// Applies one (parked) event again whatever the progress says, for `deadletters retry`.
pub async fn reapply(
    projection: &dyn Projection,
    pool: &PgPool,
    event: &StoredEvent,
) -> Result<(), ProjectionError> {
    if projection.inline() {
        return Ok(());
    }
    past(projection, pool, event, true).await
}

/// Records the projection past `event` (applying it first when `apply`), under the
/// aggregate's lock, in one transaction.
async fn past(
    projection: &dyn Projection,
    pool: &PgPool,
    event: &StoredEvent,
    apply: bool,
) -> Result<(), ProjectionError> {
    if !projection
        .aggregate_types()
        .contains(&event.aggregate_type.as_str())
    {
        return Ok(());
    }
    let mut tx = pool.begin().await?;
    lock_aggregate(&mut tx, projection, event).await?;
    if apply {
        projection.apply_one(&mut tx, event).await?;
    }
    advance(
        &mut tx,
        projection,
        &event.aggregate_type,
        &event.aggregate_id,
        event.sequence,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// A projection error where the write side expects a database error (inline projections).
pub fn into_sqlx(error: ProjectionError) -> sqlx::Error {
    match error {
        ProjectionError::Database(db) => db,
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(id: &str, sequence: i64) -> StoredEvent {
        StoredEvent {
            aggregate_type: "Product".into(),
            aggregate_id: id.into(),
            sequence,
            event_type: "ProductUpserted".into(),
            event_version: "1".into(),
            payload: serde_json::Value::Null,
            recorded_at: None,
        }
    }

    #[test]
    fn only_batches_starting_every_aggregate_at_its_first_event_skip_the_locks() {
        assert!(first_events(&[event("a", 1), event("b", 1), event("a", 2)]));
        assert!(!first_events(&[event("a", 1), event("b", 2)]));
        assert!(!first_events(&[event("a", 3), event("a", 4)]));
        // The same id under another aggregate type is another aggregate.
        let mut other = event("a", 2);
        other.aggregate_type = "Inventory".into();
        assert!(!first_events(&[event("a", 1), other]));
    }
}
