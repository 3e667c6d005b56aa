//! The HTTP application: health probes, the roles' routers and the SPA from `web/dist`.

use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use projections::bus::BusConfig;
use serde_json::json;
use sqlx::PgPool;
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// Request bodies larger than this are refused with 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A request running longer than this answers 503 (its work is dropped).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Requests handled at once by one process; beyond it new ones answer 503 `Overloaded` with
/// `Retry-After` at once (load shedding) instead of queueing for the database pool. The probes
/// are exempt, so a busy process is not taken for a dead one.
pub const MAX_IN_FLIGHT: usize = 512;

/// Addresses (path and query) longer than this are refused with 414 before any handler runs
/// (the tracking pixel excepted: it answers whatever its input and bounds its own decoding).
pub const MAX_URL_BYTES: usize = 8 * 1024;

/// Path prefixes that belong to the API: they never fall back to the SPA's index.html.
pub const API_PREFIXES: &[&str] = &[
    "/api/",
    "/globalresource/",
    "/product/a/",
    "/products/a/",
    "/s/a/",
    "/stores/set-json/",
    "/tire-size/",
    "/email/",
    "/a/",
    "/event/",
    "/click-to-reorder/",
    "/hawk.png",
    "/images/",
    "/link.aspx",
    "/banners.aspx",
    "/healthz",
    "/readyz",
    "/metrics",
    "/ops/",
];

/// What the app's own routes and layers need, behind one `Arc`: axum hands a copy of the state
/// to every request (several, through the router), and a copy of the parts themselves was a
/// dozen reference counts and two allocations, a fifth of the store's CPU on `/healthz`
/// (docs/performance.md, "… state behind one `Arc` (2026-11-26)"). Fields
/// read through `Deref`; a mutable borrow (tests, before serving) copies the parts if they are
/// shared.
#[derive(Clone)]
pub struct AppState(std::sync::Arc<AppParts>);

impl std::ops::Deref for AppState {
    type Target = AppParts;

    fn deref(&self) -> &AppParts {
        &self.0
    }
}

impl std::ops::DerefMut for AppState {
    fn deref_mut(&mut self) -> &mut AppParts {
        std::sync::Arc::make_mut(&mut self.0)
    }
}

impl From<AppParts> for AppState {
    fn from(parts: AppParts) -> Self {
        Self(std::sync::Arc::new(parts))
    }
}

/// The parts of [`AppState`].
#[derive(Clone)]
pub struct AppParts {
    pub pool: PgPool,
    pub bus: BusConfig,
    pub web_dir: PathBuf,
    /// Signing keys and flags of the identity cookies.
    pub cookies: kernel::identity::CookieSettings,
    /// What `/readyz` holds against (outbox lag bound, dead letters).
    pub health: HealthSettings,
    /// This process's search index.
    pub search: std::sync::Arc<search_indexer::SearchEngine>,
    /// Staff bearer tokens (merchandiser calls).
    pub staff: std::sync::Arc<kernel::staff::StaffTokens>,
    /// Where the tracker role queues beacons for `storefront.tracking.v1`.
    pub tracking: std::sync::Arc<tracker::TrackingSink>,
    /// The SPA's fixed page paths (`web/dist/routes.json`); `None` when the build has none, and
    /// then every path is answered as a page.
    pub pages: std::sync::Arc<Option<std::collections::HashSet<String>>>,
    /// Readiness as the background check last found it.
    pub readiness: std::sync::Arc<Readiness>,
    /// The header's shared parts (kept current by `query::header::listen_for_changes`).
    pub header: std::sync::Arc<query::header::HeaderCache>,
    /// The stores in memory (kept current by the same listener).
    pub stores: std::sync::Arc<query::stores::StoreDirectory>,
}

/// How often the background check refreshes readiness.
pub const READINESS_INTERVAL: Duration = Duration::from_secs(2);

/// Readiness, checked in the background every [`READINESS_INTERVAL`]: `/readyz` answers from
/// the last result and does no work of its own (no query, no broker client), however many ask.
pub struct Readiness {
    report: tokio::sync::watch::Sender<Option<std::sync::Arc<ReadyReport>>>,
    started: std::sync::OnceLock<()>,
    /// Broker clients made for readiness probes: one for the life of the process.
    pub broker_clients: std::sync::atomic::AtomicU64,
    /// Checks run so far.
    pub checks: std::sync::atomic::AtomicU64,
}

impl Default for Readiness {
    fn default() -> Self {
        Self {
            report: tokio::sync::watch::Sender::new(None),
            started: Default::default(),
            broker_clients: Default::default(),
            checks: Default::default(),
        }
    }
}

/// One readiness check's result.
#[derive(Debug, Clone)]
pub struct ReadyReport {
    pub ready: bool,
    /// For operators (`GET /ops/readyz`): each check and the pipeline's backlog.
    pub detail: serde_json::Value,
}

/// Starts the background readiness check of this state (once).
pub fn start_readiness_checks(state: &AppState) {
    if state.readiness.started.set(()).is_err() {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        use std::sync::atomic::Ordering::Relaxed;
        let mut client = None;
        loop {
            if client.is_none() {
                if let Ok(c) = state.bus.probe_client() {
                    state.readiness.broker_clients.fetch_add(1, Relaxed);
                    client = Some(c);
                }
            }
            let report = check_readiness(&state, client.as_ref()).await;
            state.readiness.checks.fetch_add(1, Relaxed);
            state
                .readiness
                .report
                .send_replace(Some(std::sync::Arc::new(report)));
            tokio::time::sleep(READINESS_INTERVAL).await;
        }
    });
}

/// The last readiness result; the first caller starts the checks and waits for the first one.
pub async fn current_readiness(state: &AppState) -> Option<std::sync::Arc<ReadyReport>> {
    start_readiness_checks(state);
    let mut rx = state.readiness.report.subscribe();
    if rx.borrow().is_none() {
        let _ = tokio::time::timeout(Duration::from_secs(5), rx.wait_for(Option::is_some)).await;
    }
    let report = rx.borrow().clone();
    report
}

/// Reads `routes.json` of a web build: `{"paths": ["/", "/s/", …]}`.
pub fn load_pages(web_dir: &Path) -> Option<std::collections::HashSet<String>> {
    #[derive(serde::Deserialize)]
    struct Manifest {
        paths: Vec<String>,
    }
    let text = std::fs::read_to_string(web_dir.join("routes.json")).ok()?;
    match serde_json::from_str::<Manifest>(&text) {
        Ok(m) => Some(m.paths.into_iter().collect()),
        Err(e) => {
            tracing::warn!(error = %e, "web/dist/routes.json is unreadable: every path is a page");
            None
        }
    }
}

/// Readiness bounds.
#[derive(Debug, Clone)]
pub struct HealthSettings {
    /// This process runs the outbox relay: it is not ready while the outbox lags more than
    /// `outbox_lag_max` (other processes only report the lag).
    pub relay_role: bool,
    pub outbox_lag_max: Duration,
}

impl Default for HealthSettings {
    fn default() -> Self {
        Self {
            relay_role: true,
            outbox_lag_max: Duration::from_secs(60),
        }
    }
}

impl axum::extract::FromRef<AppState> for std::sync::Arc<kernel::staff::StaffTokens> {
    fn from_ref(state: &AppState) -> Self {
        state.staff.clone()
    }
}

impl AppState {
    /// What the catalog-change listener (`query::header::listen_for_changes`) calls: the
    /// header's shared parts and the store directory are rebuilt on their next use.
    pub fn on_catalog_change(&self) -> impl Fn() + Send + 'static {
        let (header, stores) = (self.header.clone(), self.stores.clone());
        move || {
            header.invalidate();
            stores.invalidate();
        }
    }

    /// State for tests and tools: an ephemeral signing key, default bounds.
    pub fn new(pool: PgPool, bus: BusConfig, web_dir: PathBuf) -> Self {
        Self::from(AppParts {
            pages: std::sync::Arc::new(load_pages(&web_dir)),
            pool,
            web_dir,
            cookies: kernel::identity::CookieSettings::new(kernel::secrets::Keyring::ephemeral()),
            health: HealthSettings::default(),
            search: std::sync::Arc::new(search_indexer::SearchEngine::in_memory()),
            staff: Default::default(),
            tracking: std::sync::Arc::new(
                tracker::TrackingSink::new(
                    &bus,
                    tracker::SinkSettings::new(projections::bus::TRACKING_TOPIC),
                )
                .expect("a producer is made without contacting the broker"),
            ),
            bus,
            readiness: Default::default(),
            header: Default::default(),
            stores: Default::default(),
        })
    }
}

pub fn router(state: AppState, roles: &crate::Roles) -> Router {
    let mut beacons = None;
    let mut app = Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/ops/readyz", get(readyz_detail))
        .route("/metrics", get(metrics))
        .route("/api/openapi.json", get(openapi))
        .nest_service(
            "/assets",
            ServeDir::new(state.web_dir.join("assets"))
                .precompressed_br()
                .precompressed_gzip(),
        )
        .fallback(spa)
        .with_state(state.clone());
    // Every staff operation, under `/api/staff/…` behind one layer (401 without staff
    // credentials; each handler checks its role: 403).
    let mut staff = Router::new();
    if roles.command {
        let command_state = command::routes::CommandState::from(command::routes::CommandParts {
            pool: state.pool.clone(),
            cart_services: command::cart::CartServices {
                catalog: std::sync::Arc::new(command::cart::catalog_pg::PgCatalog {
                    pool: state.pool.clone(),
                }),
            },
            inline: std::sync::Arc::new(projections::shopping::InlineShopping),
            sealer: std::sync::Arc::new(command::privacy::vault::PgSealer {
                pool: state.pool.clone(),
            }),
            staff: state.staff.clone(),
            purge_clock: Default::default(),
        });
        staff = staff.merge(command::routes::staff_router(command_state.clone()));
        app = app.merge(command::routes::router(command_state));
    }
    if roles.query {
        let query_state = query::QueryState::from(query::QueryParts {
            pool: state.pool.clone(),
            search: state.search.clone(),
            staff: state.staff.clone(),
            popular: Default::default(),
            home: Default::default(),
            header: state.header.clone(),
            stores: state.stores.clone(),
        });
        staff = staff.merge(query::staff_router(query_state.clone()));
        app = app.merge(query::router(query_state));
    }
    if roles.tracker {
        let tracker_state = tracker::TrackerState::new(tracker::TrackerShared {
            sink: state.tracking.clone(),
            keyring: state.cookies.keyring.clone(),
            pool: state.pool.clone(),
            staff: state.staff.clone(),
        });
        beacons = Some(tracker_state.clone());
        staff = staff.merge(tracker::staff_router(tracker_state.clone()));
        app = app.merge(tracker::router(tracker_state.clone())).layer(
            axum::middleware::from_fn_with_state(
                tracker_state,
                tracker::legacy::autocomplete_click,
            ),
        );
    }
    let app = app
        .merge(staff.layer(axum::middleware::from_fn_with_state(
            state.staff.clone(),
            kernel::staff::require_staff,
        )))
        .layer(axum::middleware::from_fn_with_state(
            state.pool.clone(),
            kernel::idempotency::layer,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.cookies.clone(),
            kernel::identity::identity_layer,
        ))
        .layer(axum::middleware::from_fn(cache_headers))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            panic_response,
        ))
        .layer(tower_http::limit::RequestBodyLimitLayer::new(
            MAX_BODY_BYTES,
        ))
        .layer(axum::middleware::from_fn(reject_nul_in_url))
        // A request that takes longer than this answers 503 and its work is dropped.
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .layer(axum::middleware::from_fn_with_state(
            std::sync::Arc::new(tokio::sync::Semaphore::new(MAX_IN_FLIGHT)),
            shed_load,
        ))
        .layer(axum::middleware::from_fn(json_errors))
        // Brotli or gzip for what the client accepts (JSON, HTML, SVG; pictures and the tracking
        // pixel as they are); the web build's files come precompressed from disk instead.
        .layer(tower_http::compression::CompressionLayer::new().quality(API_COMPRESSION))
        .layer(axum::middleware::from_fn_with_state(
            state.cookies.secure,
            security_headers,
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http());
    // Added after the layers above, so that they do not wrap it (a router's layers wrap the
    // routes it has when they are added).
    match beacons {
        Some(tracker_state) => app.merge(beacon_path(tracker_state, &state.cookies)),
        None => app,
    }
}

/// `GET /hawk.png` by a short way round: the pixel answers every input with the same 67
/// bytes at once, so of the layers above it needs only the visitor's cookies, the security
/// headers, the panic guard and the trace. The rest has nothing to do for it (no body is
/// read, nothing waits, nothing is compressed or turned into a JSON error, and it is never
/// a POST), yet each boxed a future per request: with the copies the handler no longer makes,
/// the short way takes a sixth off the store's CPU per beacon (docs/performance.md, "Beacons
/// by a short way round"). Other methods on the path get the whole way's 405; every other path
/// goes the whole way. A layer the pixel needs too must be added here as well.
fn beacon_path(
    tracker_state: tracker::TrackerState,
    cookies: &kernel::identity::CookieSettings,
) -> Router {
    use std::convert::Infallible;
    Router::new().route(
        "/hawk.png",
        get(tracker::hawk::hawk)
            .with_state(tracker_state)
            // Any other method: the answer the whole way gives (405 in the JSON shape).
            .fallback(|| async { error_for(StatusCode::METHOD_NOT_ALLOWED, Some("GET,HEAD")) })
            .layer::<_, Infallible>(axum::middleware::from_fn_with_state(
                cookies.clone(),
                kernel::identity::identity_layer,
            ))
            .layer::<_, Infallible>(axum::middleware::map_response_with_state(
                cookies.secure,
                |State(tls): State<bool>, mut response: Response| async move {
                    set_security_headers(response.headers_mut(), tls);
                    response
                },
            ))
            .layer::<_, Infallible>(tower_http::catch_panic::CatchPanicLayer::custom(
                panic_response,
            ))
            .layer::<_, Infallible>(tower_http::trace::TraceLayer::new_for_http()),
    )
}

/// How hard answers made per request are compressed: brotli and gzip at their fastest level
/// but one. A stock lookup's 45 KB of JSON took longer to compress at brotli's level 4 (the
/// usual on-the-fly default) than to make; level 1 compresses it several times faster for
/// about a third more bytes (docs/performance.md). The web build's files are compressed once,
/// at the highest level, when they are built.
pub const API_COMPRESSION: tower_http::CompressionLevel = tower_http::CompressionLevel::Precise(1);

/// The OpenAPI document of every endpoint (docs/openapi.json, kept in sync by tests/openapi.rs).
pub const OPENAPI: &str = include_str!("../docs/openapi.json");

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

/// Ready or not, from the background check: the status code and `{"status": …}`, nothing
/// more (the detail is for operators: `GET /ops/readyz`).
async fn readyz(State(state): State<AppState>) -> Response {
    match current_readiness(&state).await {
        Some(r) if r.ready => (StatusCode::OK, Json(json!({ "status": "ready" }))).into_response(),
        Some(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "not ready" })),
        )
            .into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({ "status": "starting" })),
        )
            .into_response(),
    }
}

/// Readiness with every check, the pipeline's backlog and the tracker's queue, for staff
/// (a staff bearer token; 401 otherwise).
async fn readyz_detail(
    State(state): State<AppState>,
    _staff: kernel::staff::Staff<kernel::staff::AnyStaff>,
) -> Response {
    let Some(report) = current_readiness(&state).await else {
        return ApiError::Unavailable("readiness: no check has finished yet".into())
            .into_response();
    };
    let mut body = report.detail.clone();
    body["trackingQueue"] = tracking_json(&state);
    let status = if report.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    (status, Json(body)).into_response()
}

/// Ready when Postgres answers, every embedded migration is applied, the broker answers and
/// (in the process that runs the relay) the outbox lags less than the configured bound.
/// Outbox lag and dead letters are reported either way.
async fn check_readiness(
    state: &AppState,
    probe: Option<&std::sync::Arc<rdkafka::consumer::BaseConsumer>>,
) -> ReadyReport {
    let (database, migrations) = match migrations_applied(&state.pool).await {
        Ok(true) => ("ok", "ok"),
        Ok(false) => ("ok", "pending: run `storefront migrate`"),
        Err(_) => ("unreachable", "unknown"),
    };
    let broker = match probe {
        Some(client) => match state.bus.probe(client, Duration::from_secs(2)).await {
            Ok(()) => "ok",
            Err(_) => "unreachable",
        },
        None => "unreachable",
    };
    let backlog = if migrations == "ok" {
        pipeline_health(&state.pool).await.ok()
    } else {
        None
    };
    let lag = backlog.as_ref().map(|b| b.outbox_lag_seconds);
    let lagging = state.health.relay_role
        && lag.is_some_and(|l| l > state.health.outbox_lag_max.as_secs_f64());
    let ready = database == "ok" && migrations == "ok" && broker == "ok" && !lagging;
    let outbox = match &backlog {
        Some(b) if lagging => format!(
            "lagging: the oldest unpublished event is {:.0} s old (bound {} s)",
            b.outbox_lag_seconds,
            state.health.outbox_lag_max.as_secs()
        ),
        Some(_) => "ok".to_string(),
        None => "unknown".to_string(),
    };
    let detail = json!({
        "status": if ready { "ready" } else { "not ready" },
        "checks": { "postgres": database, "migrations": migrations, "broker": broker, "outbox": outbox },
        "outboxLagSeconds": lag,
        "outboxUnpublished": backlog.as_ref().map(|b| b.outbox_unpublished),
        "deadLetters": backlog.as_ref().map(|b| b.dead_letters),
    });
    ReadyReport { ready, detail }
}

/// The tracker's queue: events waiting for the broker, its bound, and what was dropped.
fn tracking_json(state: &AppState) -> serde_json::Value {
    use std::sync::atomic::Ordering::Relaxed;
    let sink = &state.tracking;
    let stats = &sink.stats;
    json!({
        "depth": sink.depth(),
        "max": sink.queue_max(),
        "accepted": stats.accepted.load(Relaxed),
        "delivered": stats.delivered.load(Relaxed),
        "dropped": stats.dropped.load(Relaxed),
        "failed": stats.failed.load(Relaxed),
        "producerRenewals": stats.renewals.load(Relaxed),
        "producer": match sink.failure() {
            None => "ok".to_string(),
            Some(reason) => format!("failed for good ({reason}): a new one takes over at the next event"),
        },
    })
}

/// The pipeline's backlog: the age of the oldest unpublished outbox row, how many rows wait,
/// and how many messages are parked as dead letters.
#[derive(Debug, Clone, PartialEq)]
pub struct PipelineHealth {
    pub outbox_lag_seconds: f64,
    pub outbox_unpublished: i64,
    pub dead_letters: i64,
}

pub async fn pipeline_health(pool: &PgPool) -> Result<PipelineHealth, sqlx::Error> {
    let query = sqlx::query_as::<_, (f64, i64, i64)>(
        "SELECT coalesce((SELECT extract(epoch FROM now() - recorded_at)::float8 FROM outbox \
                          WHERE published_at IS NULL ORDER BY id LIMIT 1), 0), \
                (SELECT count(*) FROM outbox WHERE published_at IS NULL), \
                (SELECT count(*) FROM dead_letters)",
    )
    .fetch_one(pool);
    let (lag, unpublished, dead) = tokio::time::timeout(Duration::from_secs(2), query)
        .await
        .map_err(|_| sqlx::Error::PoolTimedOut)??;
    Ok(PipelineHealth {
        outbox_lag_seconds: lag.max(0.0),
        outbox_unpublished: unpublished,
        dead_letters: dead,
    })
}

/// Prometheus lines of the tracker's queue and counters.
fn tracking_metrics(sink: &tracker::TrackingSink) -> String {
    use std::sync::atomic::Ordering::Relaxed;
    let stats = &sink.stats;
    let mut text = format!(
        "# HELP storefront_tracking_queue_depth Tracking events waiting for the broker.\n\
         # TYPE storefront_tracking_queue_depth gauge\n\
         storefront_tracking_queue_depth {}\n\
         # HELP storefront_tracking_queue_max Tracking events the queue holds at most.\n\
         # TYPE storefront_tracking_queue_max gauge\n\
         storefront_tracking_queue_max {}\n\
         # HELP storefront_tracking_events_total Tracking events by outcome.\n\
         # TYPE storefront_tracking_events_total counter\n\
         storefront_tracking_events_total{{outcome=\"accepted\"}} {}\n\
         storefront_tracking_events_total{{outcome=\"delivered\"}} {}\n\
         storefront_tracking_events_total{{outcome=\"dropped\"}} {}\n\
         storefront_tracking_events_total{{outcome=\"failed\"}} {}\n\
         # HELP storefront_tracking_producer_renewals_total Producers replaced after a fatal error.\n\
         # TYPE storefront_tracking_producer_renewals_total counter\n\
         storefront_tracking_producer_renewals_total {}\n\
         # HELP storefront_tracking_producer_failed 1 while the producer has failed for good and no event has come since to replace it.\n\
         # TYPE storefront_tracking_producer_failed gauge\n\
         storefront_tracking_producer_failed {}\n\
         # HELP storefront_tracking_rejected_total Beacons not recorded, by reason.\n\
         # TYPE storefront_tracking_rejected_total counter\n",
        sink.depth(),
        sink.queue_max(),
        stats.accepted.load(Relaxed),
        stats.delivered.load(Relaxed),
        stats.dropped.load(Relaxed),
        stats.failed.load(Relaxed),
        stats.renewals.load(Relaxed),
        u8::from(sink.failure().is_some()),
    );
    for why in tracker::event::Rejection::ALL {
        text.push_str(&format!(
            "storefront_tracking_rejected_total{{reason=\"{}\"}} {}\n",
            why.label(),
            stats.rejected(why)
        ));
    }
    text
}

/// Prometheus text metrics of the pipeline.
async fn metrics(State(state): State<AppState>) -> Response {
    let Ok(h) = pipeline_health(&state.pool).await else {
        return ApiError::Unavailable("metrics: PostgreSQL did not answer".into()).into_response();
    };
    let text = format!(
        "# HELP storefront_outbox_lag_seconds Age of the oldest event not yet published to Kafka.\n\
         # TYPE storefront_outbox_lag_seconds gauge\n\
         storefront_outbox_lag_seconds {:.3}\n\
         # HELP storefront_outbox_unpublished Events waiting in the outbox.\n\
         # TYPE storefront_outbox_unpublished gauge\n\
         storefront_outbox_unpublished {}\n\
         # HELP storefront_dead_letters Messages parked by consumers after bounded retries.\n\
         # TYPE storefront_dead_letters gauge\n\
         storefront_dead_letters {}\n",
        h.outbox_lag_seconds, h.outbox_unpublished, h.dead_letters
    ) + &tracking_metrics(&state.tracking);
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        text,
    )
        .into_response()
}

/// Whether every migration embedded in this binary has been applied successfully.
pub async fn migrations_applied(pool: &PgPool) -> Result<bool, sqlx::Error> {
    let query =
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success").fetch_all(pool);
    let applied: Vec<i64> = tokio::time::timeout(Duration::from_secs(2), query)
        .await
        .map_err(|_| sqlx::Error::PoolTimedOut)?
        .or_else(|e| match &e {
            // No migrations table yet: nothing is applied.
            sqlx::Error::Database(db) if db.code().as_deref() == Some("42P01") => Ok(vec![]),
            _ => Err(e),
        })?;
    Ok(command::eventstore::MIGRATOR
        .iter()
        .all(|m| applied.contains(&m.version)))
}

pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES
        .iter()
        .any(|p| path == p.trim_end_matches('/') || path.starts_with(p))
}

/// Unknown API paths get the JSON 404; other GETs get a file of the SPA or its index.html.
async fn spa(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if is_api_path(&path) {
        return ApiError::NotFound.into_response();
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    // A real file at the top of dist (favicon, robots.txt) is served as is.
    if is_top_level_file(&state.web_dir, &path) {
        let Ok(response) = ServeDir::new(&state.web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .oneshot(request)
            .await;
        return response.map(Body::new);
    }
    // A file name that is not there (`/logo.png`, `/x/app.js`) is a 404, never the page.
    if looks_like_a_file(&path) {
        return ApiError::NotFound.into_response();
    }
    let index = state.web_dir.join("index.html");
    if !index.exists() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built: run `npm run build` in web/.",
        )
            .into_response();
    }
    let status = if is_page(&state, &path).await {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    match tokio::fs::read(&index).await {
        Ok(html) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            html,
        )
            .into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

/// Whether `path` is a page of the store: a fixed page of the SPA (routes.json), a store, a
/// product or a department. Anything else still gets the SPA (its 'Page not found'), with 404.
/// Without a routes.json, or when PostgreSQL does not answer, every path counts as a page.
async fn is_page(state: &AppState, path: &str) -> bool {
    let Some(pages) = state.pages.as_ref() else {
        return true;
    };
    let with_slash = if path.ends_with('/') {
        path.to_string()
    } else {
        format!("{path}/")
    };
    if pages.contains(path) || pages.contains(&with_slash) {
        return true;
    }
    let lookup = if let Some(rest) = path.strip_prefix("/stores/") {
        let alias = rest.trim_end_matches('/');
        sqlx::query_scalar::<_, bool>("SELECT exists(SELECT 1 FROM stores WHERE url_alias = $1)")
            .bind(alias.to_string())
    } else if let Some(rest) = path.strip_prefix("/product/") {
        let number = rest.split('/').next().unwrap_or("");
        sqlx::query_scalar::<_, bool>(
            "SELECT exists(SELECT 1 FROM products WHERE blain_number = $1)",
        )
        .bind(number.to_string())
    } else {
        sqlx::query_scalar::<_, bool>("SELECT exists(SELECT 1 FROM departments WHERE url = $1)")
            .bind(with_slash)
    };
    lookup.fetch_one(&state.pool).await.unwrap_or(true)
}

/// The last segment has a file extension (`.png`, `.js`, `.css`, …): no page of ours does.
fn looks_like_a_file(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or("");
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
    })
}

fn is_top_level_file(web_dir: &Path, path: &str) -> bool {
    match path.strip_prefix('/') {
        Some(name) if !name.is_empty() && !name.contains('/') && !name.contains("..") => {
            web_dir.join(name).is_file()
        }
        _ => false,
    }
}

/// A handler that panicked answers like any other internal error; the panic is logged.
fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("a handler panicked").into_response()
}

/// Errors produced below our handlers (body limit, method not allowed, unreadable path or
/// query parameters) on API paths get the one JSON error shape too.
async fn json_errors(request: Request, next: axum::middleware::Next) -> Response {
    let api = is_api_path(request.uri().path());
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let status = response.status();
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    if !api && status != StatusCode::PAYLOAD_TOO_LARGE {
        return response;
    }
    let mut r = error_for(status, None);
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            r.headers_mut().insert(name, value.clone());
        }
    }
    r
}

/// The store's JSON error for a bare status (what [`json_errors`] makes of an empty one), with
/// the methods allowed where it is a 405.
fn error_for(status: StatusCode, allow: Option<&'static str>) -> Response {
    let (code, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ("TooLarge", "The request is too large."),
        StatusCode::METHOD_NOT_ALLOWED => ("MethodNotAllowed", "This method is not allowed here."),
        StatusCode::NOT_FOUND => ("NotFound", "URL route not found"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "UnsupportedMediaType",
            "The request must be JSON (Content-Type: application/json).",
        ),
        StatusCode::UNPROCESSABLE_ENTITY => ("InvalidInput", "The request is not valid."),
        s if s.is_server_error() => ("Internal", kernel::http::GENERIC_MESSAGE),
        _ => ("BadRequest", "The request could not be read."),
    };
    let mut r = kernel::http::error_response(status, code, message);
    if let Some(allow) = allow {
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allow));
    }
    r
}

/// A URL whose path or query holds an encoded NUL (`%00`) is refused once, here: no handler
/// ever sees text PostgreSQL cannot store.
async fn reject_nul_in_url(request: Request, next: axum::middleware::Next) -> Response {
    // The tracking pixel answers whatever its input (its decoder drops control characters).
    let pixel = request.uri().path() == "/hawk.png";
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if length > MAX_URL_BYTES && !pixel {
        return kernel::http::error_response(
            StatusCode::URI_TOO_LONG,
            "UriTooLong",
            "The address is too long.",
        );
    }
    let has_nul = !pixel
        && request
            .uri()
            .path_and_query()
            .is_some_and(|p| p.as_str().as_bytes().windows(3).any(|w| w == b"%00"));
    if has_nul {
        return kernel::http::error_response(
            StatusCode::BAD_REQUEST,
            "InvalidText",
            kernel::http::INVALID_TEXT_MESSAGE,
        );
    }
    next.run(request).await
}

/// Sheds load: past [`MAX_IN_FLIGHT`] requests at once, answers 503 `Overloaded` with
/// `Retry-After: 1` without running the request.
async fn shed_load(
    State(in_flight): State<std::sync::Arc<tokio::sync::Semaphore>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(request).await;
    }
    let Ok(_permit) = in_flight.try_acquire() else {
        let mut r = kernel::http::error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            "Overloaded",
            "The store is very busy right now. Please try again in a moment.",
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return r;
    };
    next.run(request).await
}

/// The Content-Security-Policy of every answer: only our own scripts, styles, pictures (and
/// `data:` ones: the favicon) and API; no plugins, no `<base>` elsewhere, forms post to us,
/// and no site may frame a page (clickjacking). It is the second layer behind the server's
/// escaping of the suggestions' HTML (`dangerouslySetInnerHTML`): an injected script or
/// inline handler would not run.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self'; style-src 'self'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// HSTS when served over TLS (`COOKIE_SECURE`): a year, subdomains included.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// The security headers of every answer (pages, API, files, errors): CSP, no MIME sniffing,
/// no framing, a referrer that leaves only the origin to other sites, and HSTS over TLS.
async fn security_headers(
    State(tls): State<bool>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    set_security_headers(response.headers_mut(), tls);
    response
}

/// The headers [`security_headers`] adds, where the answer has not set them itself.
fn set_security_headers(headers: &mut axum::http::HeaderMap, tls: bool) {
    let mut set = |name: header::HeaderName, value: &'static str| {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    };
    set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    if tls {
        set(header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY);
    }
}

/// Hashed assets are immutable; everything else (index.html, API answers) is revalidated.
async fn cache_headers(request: Request, next: axum::middleware::Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(value));
    response
}
