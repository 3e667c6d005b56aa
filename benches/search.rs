//! Search against the store as the run command starts it, beside PostgreSQL full-text search.
//!
//! 1. Builds a search index from the store's read models into a scratch directory (in process:
//!    what `storefront reindex` does) and reports its time and size.
//! 2. Builds the baseline a shop would otherwise use over the same rows: a `tsvector` column
//!    with a GIN index, `pg_trgm` for prefixes, a btree for sorted listings (schema
//!    `bench_fts`, dropped at the end), and serves the same four queries from it over HTTP with
//!    axum and sqlx, as the store serves its own.
//! 3. Measures p50/p99 over HTTP (one keep-alive connection, sequential) and throughput at
//!    concurrency 8 for: a keyword search page with facet counts, a department listing sorted
//!    by price, autocomplete and more-like-this — store and baseline side by side, with
//!    `/healthz` measured in the same run as the floor.
//!
//! Needs the store running (`infra/run`, seeded with `SEED_PRODUCTS=1000000`) and its database:
//! `BENCH_STORE_URL` (http://127.0.0.1:8080), `BENCH_DATABASE_URL`
//! (postgres://postgres@127.0.0.1:55432/storefront), `BENCH_REQUESTS` (1000 per query kind).
//! Run: `cargo bench --bench search` (see docs/performance.md).

use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// A minimal HTTP/1.1 keep-alive client: enough to time GETs without a client library.
struct Conn {
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
    host: String,
}

impl Conn {
    async fn open(host: &str) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(host).await?;
        stream.set_nodelay(true)?;
        let (r, w) = stream.into_split();
        Ok(Conn {
            reader: BufReader::new(r),
            writer: w,
            host: host.to_string(),
        })
    }

    /// GETs `path`; answers (status, body bytes).
    async fn get(&mut self, path: &str) -> std::io::Result<(u16, Vec<u8>)> {
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept: application/json\r\n\r\n",
            self.host
        );
        self.writer.write_all(request.as_bytes()).await?;
        let mut line = String::new();
        self.reader.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
        let (mut length, mut chunked) = (0usize, false);
        loop {
            line.clear();
            self.reader.read_line(&mut line).await?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            let (name, value) = header.split_once(':').unwrap_or((header, ""));
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse().unwrap_or(0);
            } else if name.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked") {
                chunked = true;
            }
        }
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                self.reader.read_line(&mut line).await?;
                let size = usize::from_str_radix(line.trim(), 16).unwrap_or(0);
                let mut chunk = vec![0; size + 2];
                self.reader.read_exact(&mut chunk).await?;
                if size == 0 {
                    break;
                }
                body.extend_from_slice(&chunk[..size]);
            }
        } else {
            body.resize(length, 0);
            self.reader.read_exact(&mut body).await?;
        }
        Ok((status, body))
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

struct Figures {
    p50: f64,
    p99: f64,
    per_sec_c8: f64,
}

/// Sequential latency over one connection, then throughput with 8 connections.
async fn measure(host: &str, paths: &[String], requests: usize) -> Figures {
    let mut conn = Conn::open(host).await.expect("connect");
    for path in paths {
        let (status, body) = conn.get(path).await.expect("warm-up request");
        assert!(
            status == 200,
            "{path} answered {status}: {}",
            String::from_utf8_lossy(&body)
        );
    }
    let mut times = Vec::with_capacity(requests);
    for path in paths.iter().cycle().take(requests) {
        let started = Instant::now();
        let (status, _) = conn.get(path).await.expect("request");
        times.push(started.elapsed());
        assert_eq!(status, 200, "{path}");
    }
    times.sort();
    let started = Instant::now();
    let mut workers = Vec::new();
    for w in 0..8 {
        let host = host.to_string();
        let mine: Vec<String> = paths.iter().skip(w).step_by(8).cloned().collect();
        let mine = if mine.is_empty() {
            paths.to_vec()
        } else {
            mine
        };
        let each = requests / 8;
        workers.push(tokio::spawn(async move {
            let mut conn = Conn::open(&host).await.expect("connect");
            for path in mine.iter().cycle().take(each) {
                let (status, _) = conn.get(path).await.expect("request");
                assert_eq!(status, 200, "{path}");
            }
            each
        }));
    }
    let mut done = 0;
    for w in workers {
        done += w.await.unwrap();
    }
    Figures {
        p50: percentile(&times, 0.50),
        p99: percentile(&times, 0.99),
        per_sec_c8: done as f64 / started.elapsed().as_secs_f64(),
    }
}

fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .flatten()
                .map(|e| match e.metadata() {
                    Ok(m) if m.is_dir() => dir_size(&e.path()),
                    Ok(m) => m.len(),
                    Err(_) => 0,
                })
                .sum()
        })
        .unwrap_or(0)
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The PostgreSQL full-text baseline.

const BASELINE_SETUP: &[&str] = &[
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "DROP SCHEMA IF EXISTS bench_fts CASCADE",
    "CREATE SCHEMA bench_fts",
    "CREATE TABLE bench_fts.products AS \
     SELECT p.blain_number, p.name, p.vendor_brand, p.department_id, p.price_cents, p.attributes, \
       setweight(to_tsvector('english', p.name), 'A') \
       || setweight(to_tsvector('english', p.vendor_brand), 'A') \
       || setweight(to_tsvector('english', array_to_string(p.department_path, ' ')), 'B') \
       || setweight(to_tsvector('english', coalesce((SELECT string_agg(a->>'value', ' ') \
            FROM jsonb_array_elements(p.attributes) a), '')), 'B') \
       || setweight(to_tsvector('english', p.description), 'C') AS doc \
     FROM products p WHERE NOT p.discontinued",
    "ALTER TABLE bench_fts.products ADD PRIMARY KEY (blain_number)",
    "CREATE INDEX ON bench_fts.products USING gin (doc)",
    "CREATE INDEX ON bench_fts.products USING gin (lower(name) gin_trgm_ops)",
    "CREATE INDEX ON bench_fts.products (department_id, price_cents)",
    "CREATE TABLE bench_fts.brands AS SELECT vendor_brand AS brand, count(*) AS n FROM bench_fts.products GROUP BY 1",
    "CREATE INDEX ON bench_fts.brands USING gin (lower(brand) gin_trgm_ops)",
    // Vacuumed as well as analysed: a fresh table's visibility map is empty (index-only
    // counts visit the heap), and autovacuum would otherwise vacuum 700 MB during the
    // measurements, on the same two cores as the store.
    "VACUUM ANALYZE bench_fts.products",
    "VACUUM ANALYZE bench_fts.brands",
];

/// Items, total, price range, and counts for departments, the top 20 brands and the top 8
/// attributes (20 values each): what the store's search answer carries.
const BASELINE_SEARCH: &str = "\
WITH q AS (SELECT websearch_to_tsquery('english', $1) AS q), \
m AS MATERIALIZED (SELECT p.* FROM bench_fts.products p, q WHERE p.doc @@ q.q), \
attrs AS (SELECT a->>'name' AS name, a->>'value' AS value, count(*) AS n \
          FROM m, jsonb_array_elements(m.attributes) a GROUP BY 1, 2), \
ranked AS (SELECT name, value, n, \
             dense_rank() OVER (ORDER BY name_n DESC, name) AS nr, \
             row_number() OVER (PARTITION BY name ORDER BY n DESC, value) AS vr \
           FROM (SELECT *, sum(n) OVER (PARTITION BY name) AS name_n FROM attrs) x) \
SELECT json_build_object( \
 'items', (SELECT json_agg(t) FROM (SELECT m.blain_number, m.name, m.vendor_brand, m.price_cents \
           FROM m, q ORDER BY ts_rank(m.doc, q.q) DESC, m.blain_number LIMIT 60) t), \
 'total', (SELECT count(*) FROM m), \
 'price', (SELECT json_build_array(min(price_cents), max(price_cents)) FROM m), \
 'departments', (SELECT json_agg(t) FROM (SELECT department_id, count(*) AS n FROM m GROUP BY 1 ORDER BY 2 DESC) t), \
 'brands', (SELECT json_agg(t) FROM (SELECT vendor_brand, count(*) AS n FROM m GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) t), \
 'attributes', (SELECT json_agg(t) FROM (SELECT name, value, n FROM ranked WHERE nr <= 8 AND vr <= 20) t))";

/// One page of a department sorted by price, and the department's total.
const BASELINE_LISTING: &str = "\
SELECT json_build_object( \
 'items', (SELECT json_agg(t) FROM (SELECT blain_number, name, vendor_brand, price_cents FROM bench_fts.products \
           WHERE department_id = $1 ORDER BY price_cents, blain_number LIMIT 60) t), \
 'total', (SELECT count(*) FROM bench_fts.products WHERE department_id = $1))";

/// Products whose name contains the typed text (trigram index), matching brands, and a count.
const BASELINE_AUTOCOMPLETE: &str = "\
SELECT json_build_object( \
 'products', (SELECT json_agg(t) FROM (SELECT blain_number, name, vendor_brand FROM bench_fts.products \
              WHERE lower(name) LIKE '%' || $1 || '%' LIMIT 8) t), \
 'brands', (SELECT json_agg(brand) FROM (SELECT brand FROM bench_fts.brands \
            WHERE lower(brand) LIKE $1 || '%' ORDER BY n DESC LIMIT 5) t), \
 'count', (SELECT count(*) FROM bench_fts.products WHERE lower(name) LIKE '%' || $1 || '%'))";

/// The product's name terms OR-ed, ranked by ts_rank (the usual "related products" query).
const BASELINE_SIMILAR: &str = "\
WITH q AS (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) AS q \
           FROM bench_fts.products s, unnest(to_tsvector('english', s.name)) u \
           WHERE s.blain_number = $1) \
SELECT json_build_object('products', (SELECT json_agg(t) FROM ( \
  SELECT p.blain_number, p.name FROM bench_fts.products p, q \
  WHERE p.doc @@ q.q AND p.blain_number <> $1 ORDER BY ts_rank(p.doc, q.q) DESC LIMIT 10) t))";

#[derive(Deserialize)]
struct Text {
    q: String,
}

#[derive(Deserialize)]
struct Department {
    d: i32,
}

async fn one(pool: &PgPool, sql: &str, arg: impl Into<Arg>) -> Json<serde_json::Value> {
    let query = sqlx::query_scalar::<_, serde_json::Value>(sql);
    let query = match arg.into() {
        Arg::Text(t) => query.bind(t),
        Arg::Int(i) => query.bind(i),
    };
    Json(query.fetch_one(pool).await.expect("baseline query"))
}

enum Arg {
    Text(String),
    Int(i32),
}
impl From<String> for Arg {
    fn from(t: String) -> Self {
        Arg::Text(t)
    }
}
impl From<i32> for Arg {
    fn from(i: i32) -> Self {
        Arg::Int(i)
    }
}

fn baseline_router(pool: PgPool) -> Router {
    Router::new()
        .route(
            "/search",
            get(
                |State(p): State<PgPool>, Query(t): Query<Text>| async move {
                    one(&p, BASELINE_SEARCH, t.q).await
                },
            ),
        )
        .route(
            "/listing",
            get(
                |State(p): State<PgPool>, Query(d): Query<Department>| async move {
                    one(&p, BASELINE_LISTING, d.d).await
                },
            ),
        )
        .route(
            "/autocomplete",
            get(
                |State(p): State<PgPool>, Query(t): Query<Text>| async move {
                    one(&p, BASELINE_AUTOCOMPLETE, t.q.to_lowercase()).await
                },
            ),
        )
        .route(
            "/similar",
            get(
                |State(p): State<PgPool>, Query(t): Query<Text>| async move {
                    one(&p, BASELINE_SIMILAR, t.q).await
                },
            ),
        )
        .with_state(pool)
}

// ---------------------------------------------------------------------------------------------

#[tokio::main]
async fn main() {
    let store = std::env::var("BENCH_STORE_URL").unwrap_or_else(|_| "http://127.0.0.1:8080".into());
    let database = std::env::var("BENCH_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:55432/storefront".into());
    let requests: usize = std::env::var("BENCH_REQUESTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let store_host = store
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    if Conn::open(&store_host).await.is_err() {
        eprintln!("no store at {store}: start it with infra/run (see docs/performance.md)");
        return;
    }
    let pool = PgPoolOptions::new()
        .max_connections(10)
        .connect(&database)
        .await
        .expect("the store's database (BENCH_DATABASE_URL)");
    let products: i64 = sqlx::query_scalar("SELECT count(*) FROM products")
        .fetch_one(&pool)
        .await
        .unwrap();
    println!("catalog: {products} products");

    // 1. Index build, in process, into a scratch directory.
    let scratch =
        std::env::temp_dir().join(format!("bench-index-{}", uuid::Uuid::new_v4().simple()));
    let started = Instant::now();
    let (docs, path) = search_indexer::SearchEngine::build_in_dir(&scratch, &pool, &|_, _| {})
        .await
        .expect("index build");
    let secs = started.elapsed().as_secs_f64();
    println!(
        "index build: {docs} documents in {secs:.1} s ({:.0} docs/s), {:.0} MiB on disk",
        docs as f64 / secs,
        dir_size(&path) as f64 / 1048576.0
    );
    let _ = std::fs::remove_dir_all(&scratch);

    // 2. The PostgreSQL baseline over the same rows.
    let started = Instant::now();
    for statement in BASELINE_SETUP {
        sqlx::raw_sql(statement)
            .execute(&pool)
            .await
            .expect(statement);
    }
    let fts_size: i64 = sqlx::query_scalar(
        "SELECT sum(pg_total_relation_size(c.oid))::bigint FROM pg_class c \
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'bench_fts' AND c.relkind = 'r'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    println!(
        "baseline build (tsvector + GIN, pg_trgm, btree): {:.1} s, {:.0} MiB",
        started.elapsed().as_secs_f64(),
        fts_size as f64 / 1048576.0
    );
    // The baseline's hundreds of MiB are written out now, not by a checkpoint in the middle of
    // the measurements below (a superuser's right; skipped otherwise).
    if let Err(e) = sqlx::raw_sql("CHECKPOINT").execute(&pool).await {
        eprintln!("no CHECKPOINT after the baseline build ({e}); measurements may meet one");
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let baseline_host = listener.local_addr().unwrap().to_string();
    let router = baseline_router(pool.clone());
    let server = tokio::spawn(async move { axum::serve(listener, router).await });

    // The inputs: the relevance list's shopper queries, their prefixes, the largest leaf
    // departments, and products spread over the catalog.
    #[derive(Deserialize)]
    struct Judgements {
        judgements: Vec<Judgement>,
    }
    #[derive(Deserialize)]
    struct Judgement {
        query: String,
    }
    let list: Judgements =
        serde_json::from_str(include_str!("../search-indexer/relevance/judgements.json")).unwrap();
    let keywords: Vec<String> = list
        .judgements
        .into_iter()
        .map(|j| j.query)
        .filter(|q| q.chars().any(|c| c.is_alphabetic()))
        .collect();
    let prefixes: Vec<String> = keywords
        .iter()
        .map(|k| {
            let n = (k.chars().count() * 2 / 3).max(3);
            k.chars().take(n).collect::<String>().trim().to_string()
        })
        .collect();
    let departments: Vec<i32> = sqlx::query_scalar(
        "SELECT department_id FROM products p WHERE NOT EXISTS \
           (SELECT 1 FROM departments c WHERE c.parent_id = p.department_id) \
         GROUP BY 1 ORDER BY count(*) DESC LIMIT 10",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let items: Vec<String> =
        sqlx::query_scalar("SELECT blain_number FROM products ORDER BY md5(blain_number) LIMIT 40")
            .fetch_all(&pool)
            .await
            .unwrap();

    let kinds: Vec<(&str, Vec<String>, Vec<String>)> = vec![
        (
            "keyword search page (items, total, price range, department/brand/8 attribute facet counts)",
            keywords
                .iter()
                .map(|k| format!("/api/search?keyword={}", encode(k)))
                .collect(),
            keywords
                .iter()
                .map(|k| format!("/search?q={}", encode(k)))
                .collect(),
        ),
        (
            "department listing sorted by price (leaf departments)",
            departments
                .iter()
                .map(|d| format!("/api/search?lp={d}&sort=price-asc"))
                .collect(),
            departments
                .iter()
                .map(|d| format!("/listing?d={d}"))
                .collect(),
        ),
        (
            "autocomplete",
            prefixes
                .iter()
                .map(|p| format!("/s/a/autocomplete?keyword={}", encode(p)))
                .collect(),
            prefixes
                .iter()
                .map(|p| format!("/autocomplete?q={}", encode(p)))
                .collect(),
        ),
        (
            "more-like-this",
            items
                .iter()
                .map(|i| format!("/api/search/similar?blainNumber={}", encode(i)))
                .collect(),
            items
                .iter()
                .map(|i| format!("/similar?q={}", encode(i)))
                .collect(),
        ),
    ];

    let healthz = vec!["/healthz".to_string()];
    let floor = measure(&store_host, &healthz, requests).await;
    println!(
        "\n/healthz (floor): p50 {:.2} ms, p99 {:.2} ms, {:.0}/s at concurrency 8",
        floor.p50, floor.p99, floor.per_sec_c8
    );
    println!("\n| query | store p50 | store p99 | store /s (c=8) | PostgreSQL p50 | PostgreSQL p99 | PostgreSQL /s (c=8) | p99 ratio |");
    println!("|---|---|---|---|---|---|---|---|");
    for (name, store_paths, baseline_paths) in &kinds {
        let s = measure(&store_host, store_paths, requests).await;
        let b = measure(&baseline_host, baseline_paths, requests / 4).await;
        println!(
            "| {name} | {:.2} ms | {:.2} ms | {:.0} | {:.2} ms | {:.2} ms | {:.0} | {:.1}× |",
            s.p50,
            s.p99,
            s.per_sec_c8,
            b.p50,
            b.p99,
            b.per_sec_c8,
            b.p99 / s.p99
        );
    }
    let floor = measure(&store_host, &healthz, requests).await;
    println!(
        "\n/healthz again: p50 {:.2} ms, p99 {:.2} ms",
        floor.p50, floor.p99
    );
    server.abort();
    if std::env::var("BENCH_KEEP_BASELINE").is_err() {
        sqlx::query("DROP SCHEMA bench_fts CASCADE")
            .execute(&pool)
            .await
            .unwrap();
    }
}
