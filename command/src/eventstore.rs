//! Access to the postgres-es event store: the one append path of the system. It loads the
//! aggregates of a command (or a batch of them) in one query, lets each aggregate `handle` its
//! command, and appends all resulting events in one transaction together with the inline read
//! models and the command's idempotent answer; a concurrent writer (sequence conflict) makes
//! it reload and decide again (bounded). See docs/decisions.md for why this replaces cqrs-es'
//! `CqrsFramework::execute`.

use std::collections::HashMap;
use std::sync::LazyLock;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use cqrs_es::{Aggregate, DomainEvent};
use serde_json::Value;
use sqlx::{PgPool, Row};

use kernel::idempotency::{lookup, store, IdempotencyKey, Lookup, Stored, StoredAnswer};

/// Every migration of the system (event store, outbox, read models), embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../infra/migrations");

/// How often a command is retried when another writer appended to the same aggregate first.
/// Enough for dozens of simultaneous writers on one aggregate (each round one of them wins).
pub const MAX_CONFLICT_RETRIES: usize = 64;

/// Upcasters for every event version that was ever released and later superseded: one per
/// superseded version, never an edited event. Each context keeps its own beside its events;
/// [`crate::upcasters`] collects them.
pub fn upcasters() -> &'static [Box<dyn EventUpcaster>] {
    static UPCASTERS: LazyLock<Vec<Box<dyn EventUpcaster>>> = LazyLock::new(crate::upcasters);
    &UPCASTERS
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

/// [`decode`] from a borrowed payload: no copy of it unless an upcaster has to rewrite it.
pub fn decode_ref<E: DomainEvent>(
    aggregate_type: &str,
    aggregate_id: &str,
    sequence: i64,
    event_type: &str,
    event_version: &str,
    payload: &Value,
) -> Result<E, serde_json::Error> {
    if upcasters()
        .iter()
        .any(|u| u.can_upcast(event_type, event_version))
    {
        return decode(
            aggregate_type,
            aggregate_id,
            sequence,
            event_type,
            event_version,
            payload.clone(),
        );
    }
    E::deserialize(payload)
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

/// A stored event: as appended (handed to an [`InlineProjection`] inside the appending
/// transaction), as read back from the event store, or as a Kafka envelope carries it (the
/// wire format, `projections::envelope::Envelope`, keeps its documented shape).
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: Value,
    /// When the event was appended; `None` while projecting inline in the appending
    /// transaction, where `now()` is that same instant. Read models take their timestamps
    /// from here, never from the clock, so a rebuild gives exactly what the live system holds.
    pub recorded_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// A read model updated in the same transaction as the append (read-your-writes, e.g. the
/// cart count in the header). It must be idempotent like any projection.
#[async_trait::async_trait]
pub trait InlineProjection: Send + Sync {
    async fn apply(
        &self,
        conn: &mut sqlx::PgConnection,
        events: &[StoredEvent],
    ) -> Result<(), sqlx::Error>;
}

/// A single command's result: the aggregate as it is now, and what the command did.
#[derive(Debug)]
pub struct Executed<A: Aggregate> {
    pub aggregate: A,
    /// How many events were appended, or why the aggregate refused.
    pub outcome: Result<usize, A::Error>,
}

/// Builds the answer of a command from the aggregate after it and the outcome; `None` for
/// answers that must not be stored (outages: a retry should run again).
pub type AnswerFn<'a, A> =
    &'a (dyn Fn(&A, &Result<usize, <A as Aggregate>::Error>) -> Option<StoredAnswer> + Send + Sync);

/// A command's idempotency: its key and how its answer is made.
pub struct IdempotentCommand<'a, A: Aggregate> {
    pub key: &'a IdempotencyKey,
    pub answer: AnswerFn<'a, A>,
}

/// The result of [`Run::one`].
#[derive(Debug)]
pub enum Idempotent<A: Aggregate> {
    /// The command ran; its answer (if any) was stored in the appending transaction.
    Fresh(Executed<A>, Option<StoredAnswer>),
    /// The key was seen before: replay this, nothing ran.
    Seen(Lookup),
}

/// One way to run commands on the event store: [`run`] names the aggregate type and its
/// services, then the builder takes the command (or a batch), the inline projection, the
/// Idempotency-Key with how its answer is made, the metadata recorded with every event (who
/// acted) and whether the aggregate is new; [`Run::one`] or [`Run::batch`] runs it.
///
/// Conflicting concurrent writers are retried (bounded); the inline projection updates its
/// read model inside the appending transaction. With a key, nothing runs when the key was seen
/// (the stored answer, or the mismatch, comes back); otherwise the answer is stored in the
/// transaction that appends the events, so a command that committed always has its answer
/// (unless it is too large to store or its visitor's budget of stored answers is spent:
/// `kernel::idempotency::store`).
///
/// New aggregates: the ids were made by this very request (a new cart) or the catalog is empty
/// (a seed), so nothing is loaded before deciding (one round trip fewer); were an id taken
/// after all, the append's key conflict sends the command through a normal, loading retry.
pub struct Run<'a, A: Aggregate> {
    pool: &'a PgPool,
    services: &'a A::Services,
    commands: Vec<(String, A::Command)>,
    inline: Option<&'a dyn InlineProjection>,
    idempotency: Option<IdempotentCommand<'a, A>>,
    metadata: Option<&'a Value>,
    new_aggregates: bool,
}

/// Starts a [`Run`] of commands of aggregate type `A`.
pub fn run<'a, A: Aggregate>(pool: &'a PgPool, services: &'a A::Services) -> Run<'a, A> {
    Run {
        pool,
        services,
        commands: Vec::new(),
        inline: None,
        idempotency: None,
        metadata: None,
        new_aggregates: false,
    }
}

impl<'a, A> Run<'a, A>
where
    A: Aggregate + Clone,
    A::Command: Clone,
{
    /// The command for the aggregate `aggregate_id`.
    pub fn command(mut self, aggregate_id: impl Into<String>, command: A::Command) -> Self {
        self.commands.push((aggregate_id.into(), command));
        self
    }

    /// Many commands of this aggregate type, decided with one load and appended in one
    /// transaction; a refused command changes nothing, the others still apply.
    pub fn commands(mut self, commands: Vec<(String, A::Command)>) -> Self {
        self.commands.extend(commands);
        self
    }

    /// A read model updated in the appending transaction.
    pub fn inline(mut self, inline: Option<&'a dyn InlineProjection>) -> Self {
        self.inline = inline;
        self
    }

    /// The request's Idempotency-Key, if it has one, and how the answer is made.
    pub fn idempotency(mut self, idempotency: Option<IdempotentCommand<'a, A>>) -> Self {
        self.idempotency = idempotency;
        self
    }

    /// Recorded with every event appended (the staff id of a merchandiser's command).
    pub fn metadata(mut self, metadata: &'a Value) -> Self {
        self.metadata = Some(metadata);
        self
    }

    /// Whether the aggregates have no events yet (see [`Run`]).
    pub fn new_aggregates(mut self, new: bool) -> Self {
        self.new_aggregates = new;
        self
    }

    /// Runs the one command given and answers the aggregate after it (unchanged when refused),
    /// or the answer of a key seen before.
    pub async fn one(self) -> Result<Idempotent<A>, StoreError> {
        let id = match self.commands.as_slice() {
            [(id, _)] => id.clone(),
            _ => panic!("Run::one takes exactly one command"),
        };
        match self.attempt().await? {
            Attempt::Seen(lookup) => Ok(Idempotent::Seen(lookup)),
            Attempt::Done((mut outcomes, mut aggregates), answer) => {
                let outcome = outcomes.pop().expect("one outcome per command");
                let (aggregate, _) = aggregates.remove(&id).unwrap_or_default();
                Ok(Idempotent::Fresh(Executed { aggregate, outcome }, answer))
            }
        }
    }

    /// Runs the one command given without a key: the aggregate after it and the outcome.
    pub async fn executed(self) -> Result<Executed<A>, StoreError> {
        assert!(
            self.idempotency.is_none(),
            "a keyed command answers by Run::one"
        );
        match self.one().await? {
            Idempotent::Fresh(executed, _) => Ok(executed),
            Idempotent::Seen(_) => unreachable!("no key, nothing seen"),
        }
    }

    /// Runs every command given: each one's outcome, in order.
    pub async fn batch(self) -> Result<Vec<BatchOutcome<A>>, StoreError> {
        assert!(self.idempotency.is_none(), "a batch has no Idempotency-Key");
        match self.attempt().await? {
            Attempt::Done((outcomes, _), _) => Ok(outcomes),
            Attempt::Seen(_) => unreachable!("no key, nothing seen"),
        }
    }

    async fn attempt(self) -> Result<Attempt<A>, StoreError> {
        let empty = Value::Object(Default::default());
        with_retries::<A>(
            self.pool,
            self.services,
            self.commands,
            self.inline,
            self.idempotency.as_ref(),
            self.metadata.unwrap_or(&empty),
            self.new_aggregates,
        )
        .await
    }
}

type Decided<A> = (Vec<BatchOutcome<A>>, HashMap<String, (A, i64)>);

enum Attempt<A: Aggregate> {
    Done(Decided<A>, Option<StoredAnswer>),
    Seen(Lookup),
}

async fn with_retries<A>(
    pool: &PgPool,
    services: &A::Services,
    commands: Vec<(String, A::Command)>,
    inline: Option<&dyn InlineProjection>,
    idempotency: Option<&IdempotentCommand<'_, A>>,
    metadata: &Value,
    new_aggregates: bool,
) -> Result<Attempt<A>, StoreError>
where
    A: Aggregate + Clone,
    A::Command: Clone,
{
    for attempt in 0..MAX_CONFLICT_RETRIES {
        match try_batch::<A>(
            pool,
            services,
            commands.clone(),
            inline,
            idempotency,
            metadata,
            new_aggregates && attempt == 0,
        )
        .await
        {
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
    idempotency: Option<&IdempotentCommand<'_, A>>,
    metadata: &Value,
    new_aggregates: bool,
) -> Result<Attempt<A>, StoreError>
where
    A: Aggregate + Clone,
{
    // A key is not looked up before deciding: storing the answer first thing in the appending
    // transaction finds a key already used (and then replays it), which saves a round trip on
    // every fresh command, the common case; a retry only decides once more for nothing.
    let ids: Vec<String> = commands.iter().map(|(id, _)| id.clone()).collect();
    let (mut aggregates, _) = if new_aggregates {
        (HashMap::new(), 0)
    } else {
        load_many::<A>(pool, &ids).await?
    };
    let loaded_sequences: HashMap<String, i64> = aggregates
        .iter()
        .map(|(id, (_, sequence))| (id.clone(), *sequence))
        .collect();

    let mut outcomes = Vec::with_capacity(commands.len());
    let mut appended: Vec<StoredEvent> = Vec::new();
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
                    appended.push(StoredEvent {
                        aggregate_type: A::TYPE.to_string(),
                        aggregate_id: id.clone(),
                        sequence: *last_sequence,
                        event_type: event.event_type(),
                        event_version: event.event_version(),
                        payload: serde_json::to_value(&event)?,
                        recorded_at: None,
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

    // The answer is made from what the aggregate decided, before anything is written.
    let answer = match (
        idempotency,
        outcomes.first(),
        commands_first_id(&aggregates, &ids),
    ) {
        (Some(idem), Some(outcome), Some(aggregate)) if outcomes.len() == 1 => {
            (idem.answer)(aggregate, outcome)
        }
        _ => None,
    };
    if !appended.is_empty() || answer.is_some() {
        let mut tx = pool.begin().await?;
        if let (Some(idem), Some(answer)) = (idempotency, &answer) {
            // First, so a concurrent request with the same key waits here and then replays.
            match store(&mut tx, idem.key, answer).await? {
                Stored::Yes => {}
                Stored::KeyTaken => {
                    drop(tx);
                    let mut conn = pool.acquire().await?;
                    return Ok(Attempt::Seen(lookup(&mut conn, idem.key).await?));
                }
                // Too large, or the visitor's budget of stored answers is spent: the answer is
                // sent and not kept, but a key used before still replays.
                Stored::NotKept => match lookup(&mut tx, idem.key).await? {
                    Lookup::Fresh => {}
                    seen => return Ok(Attempt::Seen(seen)),
                },
            }
        }
        sqlx::query(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
             SELECT $1, a, s, t, v, p, $7::json \
             FROM UNNEST($2::text[], $3::bigint[], $4::text[], $5::text[], $6::json[]) AS u(a, s, t, v, p)",
        )
        .bind(A::TYPE)
        .bind(appended.iter().map(|e| e.aggregate_id.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.sequence).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.event_type.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| e.event_version.as_str()).collect::<Vec<_>>())
        .bind(appended.iter().map(|e| &e.payload).collect::<Vec<_>>())
        .bind(metadata)
        .execute(&mut *tx)
        .await?;
        if let Some(projection) = inline {
            projection.apply(&mut tx, &appended).await?;
        }
        // A snapshot each time an aggregate passes a multiple of SNAPSHOT_EVERY events.
        for (id, (aggregate, sequence)) in &aggregates {
            let before = loaded_sequences.get(id).copied().unwrap_or(0);
            if *sequence / SNAPSHOT_EVERY > before / SNAPSHOT_EVERY {
                write_snapshot(
                    &mut tx,
                    A::TYPE,
                    id,
                    *sequence,
                    &serde_json::to_value(aggregate)?,
                )
                .await?;
            }
        }
        tx.commit().await?;
    } else if let Some(idem) = idempotency {
        // Nothing to write or store (an outage): a retry of a command that did run replays it.
        let mut conn = pool.acquire().await?;
        match lookup(&mut conn, idem.key).await? {
            Lookup::Fresh => {}
            seen => return Ok(Attempt::Seen(seen)),
        }
    }
    Ok(Attempt::Done((outcomes, aggregates), answer))
}

/// Events between snapshots of an aggregate: loading one replays at most this many events
/// after its latest snapshot, however long its history (docs/security.md).
pub const SNAPSHOT_EVERY: i64 = 100;

async fn write_snapshot(
    tx: &mut sqlx::PgConnection,
    aggregate_type: &str,
    id: &str,
    sequence: i64,
    state: &Value,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(aggregate_type)
    .bind(id)
    .bind(sequence)
    .bind(sequence / SNAPSHOT_EVERY)
    .bind(state)
    .execute(&mut *tx)
    .await?;
    // Only the latest is kept.
    sqlx::query(
        "DELETE FROM snapshots WHERE aggregate_type = $1 AND aggregate_id = $2 AND last_sequence < $3",
    )
    .bind(aggregate_type)
    .bind(id)
    .bind(sequence)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Aggregates as their latest snapshot and the events after it say, in one query; and how
/// many events were replayed. A snapshot that no longer decodes (the aggregate's state
/// changed shape) is ignored and that aggregate is replayed from its first event.
pub async fn load_many<A: Aggregate>(
    pool: &PgPool,
    ids: &[String],
) -> Result<(HashMap<String, (A, i64)>, usize), StoreError> {
    let rows = sqlx::query(
        "WITH snap AS (SELECT DISTINCT ON (aggregate_id) aggregate_id, last_sequence, payload FROM snapshots \
                       WHERE aggregate_type = $1 AND aggregate_id = ANY($2) ORDER BY aggregate_id, last_sequence DESC) \
         SELECT aggregate_id, last_sequence AS sequence, NULL::text AS event_type, NULL::text AS event_version, payload, true AS snapshot \
         FROM snap \
         UNION ALL \
         SELECT e.aggregate_id, e.sequence, e.event_type, e.event_version, e.payload, false \
         FROM events e LEFT JOIN snap s ON s.aggregate_id = e.aggregate_id \
         WHERE e.aggregate_type = $1 AND e.aggregate_id = ANY($2) AND e.sequence > coalesce(s.last_sequence, 0) \
         ORDER BY 1, 2",
    )
    .bind(A::TYPE)
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let mut aggregates: HashMap<String, (A, i64)> = HashMap::new();
    let mut stale: Vec<String> = Vec::new();
    let mut replayed = 0;
    for row in rows {
        let id: String = row.get(0);
        let sequence: i64 = row.get(1);
        if row.get::<bool, _>(5) {
            match serde_json::from_value::<A>(row.get(4)) {
                Ok(state) => {
                    aggregates.insert(id, (state, sequence));
                }
                Err(e) => {
                    tracing::warn!(aggregate = A::TYPE, error = %e, "a snapshot no longer decodes; replaying");
                    stale.push(id);
                }
            }
            continue;
        }
        if stale.contains(&id) {
            continue;
        }
        let event: A::Event = decode(A::TYPE, &id, sequence, row.get(2), row.get(3), row.get(4))?;
        let entry = aggregates.entry(id).or_insert_with(|| (A::default(), 0));
        entry.0.apply(event);
        entry.1 = sequence;
        replayed += 1;
    }
    if !stale.is_empty() {
        let rows = sqlx::query(
            "SELECT aggregate_id, sequence, event_type, event_version, payload FROM events \
             WHERE aggregate_type = $1 AND aggregate_id = ANY($2) ORDER BY aggregate_id, sequence",
        )
        .bind(A::TYPE)
        .bind(&stale)
        .fetch_all(pool)
        .await?;
        for row in rows {
            let id: String = row.get(0);
            let sequence: i64 = row.get(1);
            let event: A::Event =
                decode(A::TYPE, &id, sequence, row.get(2), row.get(3), row.get(4))?;
            let entry = aggregates.entry(id).or_insert_with(|| (A::default(), 0));
            entry.0.apply(event);
            entry.1 = sequence;
            replayed += 1;
        }
    }
    Ok((aggregates, replayed))
}

/// The (single) command's aggregate after deciding.
fn commands_first_id<'m, A>(
    aggregates: &'m HashMap<String, (A, i64)>,
    ids: &[String],
) -> Option<&'m A> {
    aggregates.get(ids.first()?).map(|(a, _)| a)
}
