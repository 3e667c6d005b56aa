//! Access to the postgres-es event store: the cqrs-es framework per aggregate (single
//! commands, bounded retry on conflicts) and a batch path that loads many aggregates in one
//! query, lets each aggregate `handle` its command and appends all resulting events in one
//! transaction (import and seed).

use std::collections::HashMap;
use std::sync::Arc;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{EventUpcaster, PersistedEventStore, SerializedEvent};
use cqrs_es::{Aggregate, AggregateError, CqrsFramework, DomainEvent};
use postgres_es::PostgresEventRepository;
use serde_json::Value;
use sqlx::{PgPool, Row};

/// Every migration of the system (event store, outbox, read models), embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../infra/migrations");

/// How often a command is retried when another writer appended to the same aggregate first.
/// Enough for dozens of simultaneous writers on one aggregate (each round one of them wins).
pub const MAX_CONFLICT_RETRIES: usize = 64;

pub type Cqrs<A> = CqrsFramework<A, PersistedEventStore<PostgresEventRepository, A>>;

/// Upcasters for every event version that was ever released and later superseded.
/// None yet: all catalog events are at 1.0. Add one per superseded version, never edit events.
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    Vec::new()
}

/// A cqrs-es framework for one aggregate type on the shared pool, with the upcasters.
pub fn cqrs<A: Aggregate + 'static>(pool: PgPool, services: A::Services) -> Arc<Cqrs<A>> {
    let store = PersistedEventStore::new_event_store(PostgresEventRepository::new(pool))
        .with_upcasters(upcasters());
    Arc::new(CqrsFramework::new(store, vec![], services))
}

/// Runs a command, retrying (bounded) when a concurrent writer won the race on the aggregate.
pub async fn execute_with_retry<A: Aggregate + 'static>(
    cqrs: &Cqrs<A>,
    aggregate_id: &str,
    command: A::Command,
) -> Result<(), AggregateError<A::Error>>
where
    A::Command: Clone,
{
    let mut attempt = 0;
    loop {
        match cqrs.execute(aggregate_id, command.clone()).await {
            Err(AggregateError::AggregateConflict) if attempt < MAX_CONFLICT_RETRIES => {
                attempt += 1;
                tokio::time::sleep(std::time::Duration::from_millis(attempt as u64)).await;
            }
            other => return other,
        }
    }
}

/// Decodes a stored or published event into its type, upcasting older versions first.
pub fn decode<E: DomainEvent>(
    aggregate_type: &str,
    aggregate_id: &str,
    sequence: i64,
    event_type: &str,
    event_version: &str,
    payload: Value,
) -> Result<E, serde_json::Error> {
    let serialized = SerializedEvent::new(
        aggregate_id.to_string(),
        sequence.max(0) as usize,
        aggregate_type.to_string(),
        event_type.to_string(),
        event_version.to_string(),
        payload,
        Value::Null,
    );
    let upcasted = upcasters().iter().fold(serialized, |event, upcaster| {
        if upcaster.can_upcast(&event.event_type, &event.event_version) {
            upcaster.upcast(event)
        } else {
            event
        }
    });
    serde_json::from_value(upcasted.payload)
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored event could not be read: {0}")]
    Decode(#[from] serde_json::Error),
    #[error("another writer kept changing the same aggregates; gave up after {0} attempts")]
    Conflict(usize),
}

/// Outcome of one command in a batch: how many events it appended, or why it was refused.
pub type BatchOutcome<A> = Result<usize, <A as Aggregate>::Error>;

/// An event as appended, handed to an [`InlineProjection`] inside the appending transaction.
#[derive(Debug, Clone)]
pub struct AppendedEvent {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: Value,
}

/// A read model updated in the same transaction as the append (read-your-writes, e.g. the
/// cart count in the header). It must be idempotent like any projection.
#[async_trait::async_trait]
pub trait InlineProjection: Send + Sync {
    async fn apply(
        &self,
        conn: &mut sqlx::PgConnection,
        events: &[AppendedEvent],
    ) -> Result<(), sqlx::Error>;
}

/// A single command's result: the aggregate as it is now, and what the command did.
#[derive(Debug)]
pub struct Executed<A: Aggregate> {
    pub aggregate: A,
    /// How many events were appended, or why the aggregate refused.
    pub outcome: Result<usize, A::Error>,
}

/// Executes one command and answers the aggregate's state after it (unchanged when refused).
/// Conflicting concurrent writers are retried (bounded); `inline` updates its read model inside
/// the appending transaction.
pub async fn execute<A>(
    pool: &PgPool,
    services: &A::Services,
    aggregate_id: &str,
    command: A::Command,
    inline: Option<&dyn InlineProjection>,
) -> Result<Executed<A>, StoreError>
where
    A: Aggregate + Clone,
    A::Command: Clone,
{
    let commands = vec![(aggregate_id.to_string(), command)];
    let (mut outcomes, mut aggregates) =
        with_retries::<A>(pool, services, commands, inline).await?;
    let outcome = outcomes.pop().expect("one outcome per command");
    let (aggregate, _) = aggregates.remove(aggregate_id).unwrap_or_default();
    Ok(Executed { aggregate, outcome })
}

/// Executes many commands of one aggregate type with few round trips: one query loads the
/// aggregates, each aggregate decides with its own `handle`, one transaction appends every
/// event. A refused command changes nothing; the others still apply. On a sequence conflict the
/// whole batch is reloaded and decided again (bounded).
pub async fn execute_batch<A>(
    pool: &PgPool,
    services: &A::Services,
    commands: Vec<(String, A::Command)>,
) -> Result<Vec<BatchOutcome<A>>, StoreError>
where
    A: Aggregate + Clone,
    A::Command: Clone,
{
    Ok(with_retries::<A>(pool, services, commands, None).await?.0)
}

type Decided<A> = (Vec<BatchOutcome<A>>, HashMap<String, (A, i64)>);

async fn with_retries<A>(
    pool: &PgPool,
    services: &A::Services,
    commands: Vec<(String, A::Command)>,
    inline: Option<&dyn InlineProjection>,
) -> Result<Decided<A>, StoreError>
where
    A: Aggregate + Clone,
    A::Command: Clone,
{
    for attempt in 0..MAX_CONFLICT_RETRIES {
        match try_batch::<A>(pool, services, commands.clone(), inline).await {
            Err(StoreError::Database(sqlx::Error::Database(e)))
                if e.code().as_deref() == Some("23505") =>
            {
                // Jittered back-off so racing writers spread out.
                // Exponential back-off with full jitter (100 µs doubling, at most 5 ms).
                let ceiling = (100u64 << attempt.min(6)).min(5_000);
                let pause = (uuid::Uuid::new_v4().as_u128() % u128::from(ceiling)) as u64;
                tokio::time::sleep(std::time::Duration::from_micros(pause)).await;
                continue;
            }
            other => return other,
        }
    }
    Err(StoreError::Conflict(MAX_CONFLICT_RETRIES))
}

async fn try_batch<A>(
    pool: &PgPool,
    services: &A::Services,
    commands: Vec<(String, A::Command)>,
    inline: Option<&dyn InlineProjection>,
) -> Result<Decided<A>, StoreError>
where
    A: Aggregate + Clone,
{
    let ids: Vec<String> = commands.iter().map(|(id, _)| id.clone()).collect();
    let rows = sqlx::query(
        "SELECT aggregate_id, sequence, event_type, event_version, payload FROM events \
         WHERE aggregate_type = $1 AND aggregate_id = ANY($2) ORDER BY aggregate_id, sequence",
    )
    .bind(A::TYPE)
    .bind(&ids)
    .fetch_all(pool)
    .await?;

    let mut aggregates: HashMap<String, (A, i64)> = HashMap::new();
    for row in rows {
        let id: String = row.get(0);
        let sequence: i64 = row.get(1);
        let event: A::Event = decode(A::TYPE, &id, sequence, row.get(2), row.get(3), row.get(4))?;
        let entry = aggregates.entry(id).or_insert_with(|| (A::default(), 0));
        entry.0.apply(event);
        entry.1 = sequence;
    }

    let mut outcomes = Vec::with_capacity(commands.len());
    let mut appended: Vec<AppendedEvent> = Vec::new();
    for (id, command) in commands {
        let (aggregate, last_sequence) = aggregates
            .entry(id.clone())
            .or_insert_with(|| (A::default(), 0));
        let before = aggregate.clone();
        let sink = EventSink::<A>::default();
        match aggregate.handle(command, services, &sink).await {
            Ok(()) => {
                let events = sink.collect().await;
                outcomes.push(Ok(events.len()));
                for event in events {
                    *last_sequence += 1;
                    appended.push(AppendedEvent {
                        aggregate_type: A::TYPE.to_string(),
                        aggregate_id: id.clone(),
                        sequence: *last_sequence,
                        event_type: event.event_type(),
                        event_version: event.event_version(),
                        payload: serde_json::to_value(&event)?,
                    });
                }
            }
            Err(e) => {
                // A refused command leaves no trace, even if `handle` applied part of it.
                *aggregate = before;
                outcomes.push(Err(e));
            }
        }
    }

    if !appended.is_empty() {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
             SELECT $1, a, s, t, v, p, '{}'::json \
             FROM UNNEST($2::text[], $3::bigint[], $4::text[], $5::text[], $6::json[]) AS u(a, s, t, v, p)",
        )
        .bind(A::TYPE)
        .bind(appended.iter().map(|e| e.aggregate_id.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.sequence).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.event_type.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.event_version.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| &e.payload).collect::<Vec<_>>())
        .execute(&mut *tx)
        .await?;
        if let Some(projection) = inline {
            projection.apply(&mut tx, &appended).await?;
        }
        tx.commit().await?;
    }
    Ok((outcomes, aggregates))
}
