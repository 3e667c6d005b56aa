//! `projections verify` and `projections rebuild --online`: every read model is rebuilt from
//! the event store into a scratch schema beside the live one (same tables, `search_path`
//! pointing there first, so projection code runs unchanged).
//!
//! * verify compares each scratch table with its live twin, in one repeatable-read snapshot
//!   (events and inline read models commit together, so one snapshot sees them agree): row
//!   counts and an order-independent checksum (the sum of a 60-bit hash of each row's text),
//!   and on a difference a few rows only one side has. The live tables are not touched.
//! * rebuild --online then swaps the rebuilt rows in: in one transaction that holds the live
//!   tables in EXCLUSIVE mode (writers wait, readers keep reading the old rows until commit),
//!   it applies the events appended while the rebuild ran and copies the scratch rows in.

use std::fmt::Write as _;

use sqlx::{Connection, PgConnection, PgPool, Row};

use crate::engine::{self, Projection, ProjectionError};

/// Rows shown per side when a table differs.
const SAMPLE_ROWS: i64 = 5;
/// Events recorded this long before an online rebuild started are re-checked at the swap (an
/// append transaction that began earlier but committed after the rebuild's snapshot).
const TAIL_MARGIN_MINUTES: i64 = 10;

/// One table compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableDiff {
    pub table: String,
    pub live_rows: i64,
    pub rebuilt_rows: i64,
    pub live_checksum: String,
    pub rebuilt_checksum: String,
    /// Rows (as text) only the live table holds, and only the rebuilt one.
    pub only_live: Vec<String>,
    pub only_rebuilt: Vec<String>,
}

impl TableDiff {
    pub fn differs(&self) -> bool {
        self.live_rows != self.rebuilt_rows || self.live_checksum != self.rebuilt_checksum
    }
}

/// What `verify` found for one projection.
#[derive(Debug, Clone)]
pub struct Verification {
    pub projection: &'static str,
    pub tables: Vec<TableDiff>,
}

impl Verification {
    pub fn differs(&self) -> bool {
        self.tables.iter().any(TableDiff::differs)
    }

    /// A report for the operator: one line per table, the differing rows under it.
    pub fn report(&self) -> String {
        let mut out = String::new();
        for t in &self.tables {
            let verdict = if t.differs() { "DIFFERS" } else { "same" };
            let _ = writeln!(
                out,
                "{:<12} {:<28} {verdict:<8} live {} rows (checksum {}), rebuilt {} rows (checksum {})",
                self.projection,
                t.table,
                t.live_rows,
                t.live_checksum,
                t.rebuilt_rows,
                t.rebuilt_checksum
            );
            for row in &t.only_live {
                let _ = writeln!(out, "    only live:    {row}");
            }
            for row in &t.only_rebuilt {
                let _ = writeln!(out, "    only rebuilt: {row}");
            }
        }
        out
    }
}

fn scratch_name() -> String {
    format!(
        "rebuild_{}",
        &uuid::Uuid::new_v4().simple().to_string()[..12]
    )
}

/// The tables a projection's rebuild writes, `projection_progress` last.
fn tables_of(projection: &dyn Projection) -> Vec<&'static str> {
    let mut tables = projection.tables().to_vec();
    tables.push("projection_progress");
    tables
}

/// Creates the scratch schema with empty copies of the projection's tables and points the
/// transaction's search_path at it (then at public for the event store and reference data).
async fn prepare_scratch(
    conn: &mut PgConnection,
    scratch: &str,
    projection: &dyn Projection,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("CREATE SCHEMA {scratch}"))
        .execute(&mut *conn)
        .await?;
    for table in tables_of(projection) {
        sqlx::query(&format!(
            "CREATE TABLE {scratch}.{table} (LIKE public.{table} INCLUDING ALL)"
        ))
        .execute(&mut *conn)
        .await?;
    }
    sqlx::query(&format!("SET LOCAL search_path TO {scratch}, public"))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The rows of `schema.table` that belong to the projection (all, but for the shared
/// progress table).
fn rows_of(schema: &str, table: &str, projection: &dyn Projection) -> String {
    if table == "projection_progress" {
        format!(
            "(SELECT * FROM {schema}.{table} WHERE projection = '{}')",
            projection.name()
        )
    } else {
        format!("{schema}.{table}")
    }
}

async fn compare_table(
    conn: &mut PgConnection,
    scratch: &str,
    table: &str,
    projection: &dyn Projection,
) -> Result<TableDiff, sqlx::Error> {
    let live = rows_of("public", table, projection);
    let rebuilt = rows_of(scratch, table, projection);
    let sum = |from: &str| {
        format!(
            "SELECT count(*), coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint::numeric), 0)::text \
             FROM {from} t"
        )
    };
    let (live_rows, live_checksum): (i64, String) =
        sqlx::query_as(&sum(&live)).fetch_one(&mut *conn).await?;
    let (rebuilt_rows, rebuilt_checksum): (i64, String) =
        sqlx::query_as(&sum(&rebuilt)).fetch_one(&mut *conn).await?;
    let mut diff = TableDiff {
        table: table.to_string(),
        live_rows,
        rebuilt_rows,
        live_checksum,
        rebuilt_checksum,
        only_live: vec![],
        only_rebuilt: vec![],
    };
    if diff.differs() {
        let sample = |a: &str, b: &str| {
            format!(
                "SELECT t::text FROM {a} t EXCEPT ALL SELECT t::text FROM {b} t ORDER BY 1 LIMIT {SAMPLE_ROWS}"
            )
        };
        diff.only_live = sqlx::query(&sample(&live, &rebuilt))
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        diff.only_rebuilt = sqlx::query(&sample(&rebuilt, &live))
            .fetch_all(&mut *conn)
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
    }
    Ok(diff)
}

/// Rebuilds `projection` into a scratch schema and compares it with the live tables. Nothing
/// live changes; the scratch schema is rolled back with the transaction.
pub async fn verify(
    projection: &dyn Projection,
    pool: &PgPool,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Verification, ProjectionError> {
    let mut conn = pool.acquire().await?;
    let mut tx = conn.begin().await?;
    sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        .execute(&mut *tx)
        .await?;
    let scratch = scratch_name();
    prepare_scratch(&mut tx, &scratch, projection).await?;
    // Read in the transaction: the comparison needs the rebuild's own snapshot.
    engine::rebuild_in(projection, &mut tx, None, 2000, on_progress).await?;
    let mut tables = Vec::new();
    for table in tables_of(projection) {
        tables.push(compare_table(&mut tx, &scratch, table, projection).await?);
    }
    tx.rollback().await?;
    Ok(Verification {
        projection: projection.name(),
        tables,
    })
}

/// Rebuilds `projection` beside the live tables and swaps the result in; reads keep answering
/// (from the old rows) throughout. Answers how many events the rebuild applied.
pub async fn rebuild_online(
    projection: &dyn Projection,
    pool: &PgPool,
    on_progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<u64, ProjectionError> {
    let scratch = scratch_name();
    let mut conn = pool.acquire().await?;
    let started: chrono::DateTime<chrono::Utc> = sqlx::query_scalar("SELECT now()")
        .fetch_one(&mut *conn)
        .await?;
    // 1. Build beside the live tables (committed, so the swap can read it).
    let mut tx = conn.begin().await?;
    prepare_scratch(&mut tx, &scratch, projection).await?;
    // Events appended meanwhile are caught up at the swap, whichever connection read them.
    let applied = engine::rebuild_in(projection, &mut tx, Some(pool), 2000, on_progress).await?;
    tx.commit().await?;

    // 2. Swap: hold writers, catch up what was appended meanwhile, copy in, commit.
    let swapped = swap(&mut conn, &scratch, projection, started).await;
    let dropped = sqlx::query(&format!("DROP SCHEMA IF EXISTS {scratch} CASCADE"))
        .execute(&mut *conn)
        .await;
    let tail = swapped?;
    dropped?;
    Ok(applied + tail)
}

async fn swap(
    conn: &mut PgConnection,
    scratch: &str,
    projection: &dyn Projection,
    started: chrono::DateTime<chrono::Utc>,
) -> Result<u64, ProjectionError> {
    let mut tx = conn.begin().await?;
    let tables = tables_of(projection);
    let list = tables
        .iter()
        .map(|t| format!("public.{t}"))
        .collect::<Vec<_>>()
        .join(", ");
    sqlx::query(&format!("LOCK TABLE {list} IN EXCLUSIVE MODE"))
        .execute(&mut *tx)
        .await?;
    sqlx::query(&format!("SET LOCAL search_path TO {scratch}, public"))
        .execute(&mut *tx)
        .await?;
    let since = started - chrono::Duration::minutes(TAIL_MARGIN_MINUTES);
    let tail = engine::apply_recorded_since(projection, &mut tx, since).await?;
    for table in &tables {
        let (live, rebuilt) = if *table == "projection_progress" {
            (
                format!("public.{table} WHERE projection = '{}'", projection.name()),
                format!(
                    "{scratch}.{table} WHERE projection = '{}'",
                    projection.name()
                ),
            )
        } else {
            (format!("public.{table}"), format!("{scratch}.{table}"))
        };
        sqlx::query(&format!("DELETE FROM {live}"))
            .execute(&mut *tx)
            .await?;
        sqlx::query(&format!(
            "INSERT INTO public.{table} SELECT * FROM {rebuilt}"
        ))
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(tail)
}
