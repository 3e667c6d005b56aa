//! The operators' endpoints: `/healthz`, `/readyz`, `/ops/readyz` and `/metrics`, and the
//! background readiness check they answer from.

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kernel::http::ApiError;
use sqlx::PgPool;

use super::AppState;

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
    pub detail: ReadinessDetail,
}

/// Readiness with every check and the pipeline's backlog (`GET /ops/readyz`).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Readiness)]
pub struct ReadinessDetail {
    /// `ready` or `not ready`.
    pub status: &'static str,
    pub checks: Checks,
    /// Age of the oldest event not yet published (null when unknown).
    pub outbox_lag_seconds: Option<f64>,
    /// Events waiting in the outbox (null when unknown).
    pub outbox_unpublished: Option<i64>,
    /// Messages parked by consumers after bounded retries (null when unknown).
    pub dead_letters: Option<i64>,
    /// The tracker's queue: depth, bound and counters, and its producer: "ok", or why
    /// librdkafka declared it failed for good (a new one takes over at the next event).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tracking_queue: Option<TrackingQueue>,
}

/// Each check: `ok`, or what is wrong.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Checks {
    pub postgres: &'static str,
    pub migrations: &'static str,
    pub broker: &'static str,
    pub outbox: String,
}

/// The tracker's queue: events waiting for the broker, its bound, and what was dropped.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackingQueue {
    pub depth: i32,
    pub max: usize,
    pub accepted: u64,
    pub delivered: u64,
    pub dropped: u64,
    pub failed: u64,
    pub producer_renewals: u64,
    pub producer: String,
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

/// `/healthz`'s answer.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub(super) struct Health {
    /// Always `ok`: the process is up.
    status: &'static str,
}

#[utoipa::path(get, path = "/healthz", tag = "operations",
    summary = "Liveness: the process is up",
    responses((status = 200, description = "OK", body = Health)))]
pub(super) async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// `/readyz`'s answer: the state and nothing more.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub(super) struct ReadyStatus {
    status: ReadyState,
}

#[derive(serde::Serialize, utoipa::ToSchema)]
pub(super) enum ReadyState {
    #[serde(rename = "ready")]
    Ready,
    #[serde(rename = "not ready")]
    NotReady,
    /// Before the first background check finished.
    #[serde(rename = "starting")]
    Starting,
}

/// Ready or not, from the background check: the status code and `{"status": …}`, nothing
/// more (the detail is for operators: `GET /ops/readyz`).
#[utoipa::path(get, path = "/readyz", tag = "operations",
    summary = "Readiness: ready or not, from the background check",
    description = "Answers from the last background check (every 2 s: PostgreSQL and the broker answer, migrations are applied, the outbox keeps up): no work per request. 503 while not ready (or `starting` before the first check finished). The body says nothing more; operators read `/ops/readyz`.",
    responses(
        (status = 200, description = "Ready", body = ReadyStatus),
        (status = 503, description = "Not ready (or, when the server sheds load, the error shape with code `Overloaded`)",
            body = inline(ReadyOrError),
            headers(("Retry-After" = String, description = "When to try again (seconds, or an HTTP date).")))
    ))]
pub(super) async fn readyz(State(state): State<AppState>) -> Response {
    let (status, state) = match current_readiness(&state).await {
        Some(r) if r.ready => (StatusCode::OK, ReadyState::Ready),
        Some(_) => (StatusCode::SERVICE_UNAVAILABLE, ReadyState::NotReady),
        None => (StatusCode::SERVICE_UNAVAILABLE, ReadyState::Starting),
    };
    (status, Json(ReadyStatus { status: state })).into_response()
}

/// A 503 of `/readyz`: not ready, or the error shape when the server sheds load.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(super) enum ReadyOrError {
    Status(ReadyStatus),
    Error(kernel::http::ErrorBody),
}

/// Readiness with every check, the pipeline's backlog and the tracker's queue, for staff
/// (a staff bearer token; 401 otherwise).
#[utoipa::path(get, path = "/ops/readyz", tag = "operations",
    summary = "Readiness with every check, the pipeline's backlog and the tracker's queue (staff)",
    description = "For operators, with a staff bearer token. 503 while not ready (the body says which check failed). The outbox lag, the unpublished events and the dead letters are reported either way (null when unknown).",
    security(("StaffToken" = [])),
    responses(
        (status = 200, description = "Ready", body = ReadinessDetail),
        (status = 503, description = "Not ready (or, when the server sheds load, the error shape with code `Overloaded`)",
            body = inline(ReadinessOrError),
            headers(("Retry-After" = String, description = "When to try again (seconds, or an HTTP date).")))
    ))]
pub(super) async fn readyz_detail(
    State(state): State<AppState>,
    _staff: kernel::staff::Staff<kernel::staff::AnyStaff>,
) -> Response {
    let Some(report) = current_readiness(&state).await else {
        return ApiError::Unavailable("readiness: no check has finished yet".into())
            .into_response();
    };
    let mut body = report.detail.clone();
    body.tracking_queue = Some(tracking_queue(&state));
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
    let detail = ReadinessDetail {
        status: if ready { "ready" } else { "not ready" },
        checks: Checks {
            postgres: database,
            migrations,
            broker,
            outbox,
        },
        outbox_lag_seconds: lag,
        outbox_unpublished: backlog.as_ref().map(|b| b.outbox_unpublished),
        dead_letters: backlog.as_ref().map(|b| b.dead_letters),
        tracking_queue: None,
    };
    ReadyReport { ready, detail }
}

/// The tracker's queue: events waiting for the broker, its bound, and what was dropped.
fn tracking_queue(state: &AppState) -> TrackingQueue {
    use std::sync::atomic::Ordering::Relaxed;
    let sink = &state.tracking;
    let stats = &sink.stats;
    TrackingQueue {
        depth: sink.depth(),
        max: sink.queue_max(),
        accepted: stats.accepted.load(Relaxed),
        delivered: stats.delivered.load(Relaxed),
        dropped: stats.dropped.load(Relaxed),
        failed: stats.failed.load(Relaxed),
        producer_renewals: stats.renewals.load(Relaxed),
        producer: match sink.failure() {
            None => "ok".to_string(),
            Some(reason) => {
                format!("failed for good ({reason}): a new one takes over at the next event")
            }
        },
    }
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
fn tracking_metrics(sink: &tracker::TrackingSink) {
    use metrics::{counter, describe_counter, describe_gauge, gauge};
    use std::sync::atomic::Ordering::Relaxed;
    let stats = &sink.stats;
    describe_gauge!(
        "storefront_tracking_queue_depth",
        "Tracking events waiting for the broker."
    );
    gauge!("storefront_tracking_queue_depth").set(f64::from(sink.depth()));
    describe_gauge!(
        "storefront_tracking_queue_max",
        "Tracking events the queue holds at most."
    );
    gauge!("storefront_tracking_queue_max").set(sink.queue_max() as f64);
    describe_counter!(
        "storefront_tracking_events_total",
        "Tracking events by outcome."
    );
    for (outcome, count) in [
        ("accepted", &stats.accepted),
        ("delivered", &stats.delivered),
        ("dropped", &stats.dropped),
        ("failed", &stats.failed),
    ] {
        counter!("storefront_tracking_events_total", "outcome" => outcome)
            .absolute(count.load(Relaxed));
    }
    describe_counter!(
        "storefront_tracking_producer_renewals_total",
        "Producers replaced after a fatal error."
    );
    counter!("storefront_tracking_producer_renewals_total").absolute(stats.renewals.load(Relaxed));
    describe_gauge!(
        "storefront_tracking_producer_failed",
        "1 while the producer has failed for good and no event has come since to replace it."
    );
    gauge!("storefront_tracking_producer_failed")
        .set(f64::from(u8::from(sink.failure().is_some())));
    describe_counter!(
        "storefront_tracking_rejected_total",
        "Beacons not recorded, by reason."
    );
    for why in tracker::event::Rejection::ALL {
        counter!("storefront_tracking_rejected_total", "reason" => why.label())
            .absolute(stats.rejected(why));
    }
}

/// A 503 of `/ops/readyz`: not ready, or the error shape when the server sheds load.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
pub(super) enum ReadinessOrError {
    Readiness(ReadinessDetail),
    Error(kernel::http::ErrorBody),
}

/// Prometheus text metrics of the pipeline, for a scraper that reaches the process itself.
///
/// A request that came through the public proxy (it carries `X-Forwarded-For` or `Forwarded`,
/// which the Compose nginx and the Kubernetes ingress both add) is answered 404: the same rule
/// whichever proxy is in front. The pipeline's figures come from the last background readiness
/// check (every [`READINESS_INTERVAL`]), so a scrape costs no SQL.
#[utoipa::path(get, path = "/metrics", tag = "operations",
    summary = "Prometheus metrics of the pipeline: outbox lag, unpublished events, dead letters",
    description = "For a scraper that reaches the process itself: a request that came through the public proxy (`X-Forwarded-For` or `Forwarded`, which the Compose nginx and the Kubernetes ingress add) answers 404. The pipeline's figures are those of the last background readiness check (every 2 s; `NaN` before the first), so a scrape runs no SQL.",
    responses(
        (status = 200, description = "Prometheus text exposition format 0.0.4", body = String, content_type = "text/plain"),
        (status = 404, description = "Asked through the public proxy (`NotFound`).", body = kernel::http::ErrorBody)
    ))]
pub(super) async fn metrics(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
) -> Response {
    if headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED) {
        return super::middleware::error_for(StatusCode::NOT_FOUND, None);
    }
    let report = current_readiness(&state).await;
    let detail = report.as_ref().map(|r| &r.detail);
    // A recorder of this scrape's own (no process-wide one: every app of a process, each test's
    // included, answers its own figures), filled from the readiness report and the tracker's
    // counters, rendered by the Prometheus exporter.
    let recorder = metrics_exporter_prometheus::PrometheusBuilder::new().build_recorder();
    metrics::with_local_recorder(&recorder, || {
        use metrics::{describe_gauge, gauge};
        let figure = |value: Option<f64>| value.unwrap_or(f64::NAN);
        describe_gauge!(
            "storefront_outbox_lag_seconds",
            "Age of the oldest event not yet published to Kafka."
        );
        gauge!("storefront_outbox_lag_seconds")
            .set(figure(detail.and_then(|d| d.outbox_lag_seconds)));
        describe_gauge!(
            "storefront_outbox_unpublished",
            "Events waiting in the outbox."
        );
        gauge!("storefront_outbox_unpublished").set(figure(
            detail.and_then(|d| d.outbox_unpublished.map(|n| n as f64)),
        ));
        describe_gauge!(
            "storefront_dead_letters",
            "Messages parked by consumers after bounded retries."
        );
        gauge!("storefront_dead_letters").set(figure(
            detail.and_then(|d| d.dead_letters.map(|n| n as f64)),
        ));
        tracking_metrics(&state.tracking);
    });
    let text = recorder.handle().render();
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

/// The operations' part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(healthz, readyz, readyz_detail, metrics, super::openapi))]
pub(crate) struct Api;
