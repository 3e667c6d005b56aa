//! The operators' endpoints: `/healthz`, `/readyz`, `/ops/readyz` and `/metrics`, and the
//! background readiness check they answer from.

use std::time::Duration;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use kernel::http::ApiError;
use serde_json::json;
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

pub(super) async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

/// Ready or not, from the background check: the status code and `{"status": …}`, nothing
/// more (the detail is for operators: `GET /ops/readyz`).
pub(super) async fn readyz(State(state): State<AppState>) -> Response {
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
pub(super) async fn readyz_detail(
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

/// Prometheus text metrics of the pipeline, for a scraper that reaches the process itself.
///
/// A request that came through the public proxy (it carries `X-Forwarded-For` or `Forwarded`,
/// which the Compose nginx and the Kubernetes ingress both add) is answered 404: the same rule
/// whichever proxy is in front. The pipeline's figures come from the last background readiness
/// check (every [`READINESS_INTERVAL`]), so a scrape costs no SQL.
pub(super) async fn metrics(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
) -> Response {
    if headers.contains_key("x-forwarded-for") || headers.contains_key(header::FORWARDED) {
        return super::middleware::error_for(StatusCode::NOT_FOUND, None);
    }
    let report = current_readiness(&state).await;
    let figure = |name: &str| -> String {
        match report.as_ref().and_then(|r| r.detail[name].as_f64()) {
            Some(v) => format!("{v}"),
            None => "NaN".to_string(),
        }
    };
    let lag = report
        .as_ref()
        .and_then(|r| r.detail["outboxLagSeconds"].as_f64())
        .map_or_else(|| "NaN".to_string(), |v| format!("{v:.3}"));
    let text = format!(
        "# HELP storefront_outbox_lag_seconds Age of the oldest event not yet published to Kafka.\n\
         # TYPE storefront_outbox_lag_seconds gauge\n\
         storefront_outbox_lag_seconds {}\n\
         # HELP storefront_outbox_unpublished Events waiting in the outbox.\n\
         # TYPE storefront_outbox_unpublished gauge\n\
         storefront_outbox_unpublished {}\n\
         # HELP storefront_dead_letters Messages parked by consumers after bounded retries.\n\
         # TYPE storefront_dead_letters gauge\n\
         storefront_dead_letters {}\n",
        lag,
        figure("outboxUnpublished"),
        figure("deadLetters")
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
