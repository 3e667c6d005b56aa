//! The HTTP application: its state ([`AppState`]) and the router that composes the probes, the
//! roles' routers and the SPA from `web/dist` with the layers around them.
//!
//! Every route is added in this file: tests/api/openapi.rs finds them in the files directly in
//! `src/`, not in `src/app/`.

mod middleware;
pub(crate) mod ops;
mod spa;
pub mod ssr;

use std::path::PathBuf;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use projections::bus::BusConfig;
use sqlx::PgPool;
use tower_http::services::ServeDir;

pub use middleware::{
    API_COMPRESSION, CONTENT_SECURITY_POLICY, MAX_BODY_BYTES, MAX_IN_FLIGHT, MAX_URL_BYTES,
    REQUEST_TIMEOUT, STRICT_TRANSPORT_SECURITY,
};
pub use ops::{
    current_readiness, migrations_applied, pipeline_health, start_readiness_checks, HealthSettings,
    PipelineHealth, Readiness, ReadyReport, READINESS_INTERVAL,
};
pub use spa::{is_api_path, load_pages, API_PREFIXES};

use middleware::{
    cache_headers, error_for, json_errors, panic_response, reject_nul_in_url, security_headers,
    set_security_headers, shed_load,
};
use ops::{healthz, metrics, readyz, readyz_detail};
use spa::spa;

/// What the app's own routes and layers need, behind one `Arc` (`kernel::state::Shared`: why).
pub type AppState = kernel::state::Shared<AppParts>;

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
    /// The domain events' topic (`EVENTS_TOPIC`): the analysts' live tail reads it.
    pub events_topic: String,
    /// The SPA's fixed page paths (`web/dist/routes.json`); `None` when the build has none, and
    /// then every path is answered as a page.
    pub pages: std::sync::Arc<Option<std::collections::HashSet<String>>>,
    /// Readiness as the background check last found it.
    pub readiness: std::sync::Arc<Readiness>,
    /// The header's shared parts (kept current by `query::shopping::header::listen_for_changes`).
    pub header: std::sync::Arc<query::shopping::header::HeaderCache>,
    /// The stores in memory (kept current by the same listener).
    pub stores: std::sync::Arc<query::stores::StoreDirectory>,
    /// The sitemap index's chunks (invalidated by the same listener).
    pub sitemaps: std::sync::Arc<query::sitemap::SitemapCache>,
    /// The read side's state when this process serves the query role: the pages' heads
    /// (`query::seo`) come from it.
    pub query: Option<query::QueryState>,
    /// Reset links and the account calls' limits.
    pub accounts: std::sync::Arc<command::accounts::AccountSettings>,
    /// Which captcha sign-in asks for (`CAPTCHA`, …).
    pub captcha: crate::config::CaptchaSetting,
    /// How mail and SMS leave the store (`SMTP_URL`, `MAIL_FROM`).
    pub notifier: crate::config::NotifierSetting,
    /// SMS through a gateway (`SMS_GATEWAY_URL`, …); none: the mailbox keeps them.
    pub sms: Option<crate::config::SmsSetting>,
    /// Card payments through a gateway (`PAYMENT_GATEWAY_URL`, checked at start); none: the
    /// local gateway.
    pub payments: Option<crate::config::PaymentSetting>,
    /// Where rewards accounts live: none for the store's own (`command::rewards::local`).
    pub rewards: Option<command::rewards::provider::ProviderRef>,
    /// The return window of points and the limits of the rewards calls.
    pub rewards_settings: std::sync::Arc<command::rewards::RewardsSettings>,
    /// The web renderer that renders the shoppers' pages on the server (`SSR`, `SSR_URL`);
    /// none: every page is the shell, rendered in the browser.
    pub ssr: Option<std::sync::Arc<ssr::Renderer>>,
}

impl kernel::state::HasStaffTokens for AppParts {
    fn staff_tokens(&self) -> &std::sync::Arc<kernel::staff::StaffTokens> {
        &self.staff
    }
}

impl AppParts {
    /// What the catalog-change listener (`query::shopping::header::listen_for_changes`) calls: the
    /// header's shared parts and the store directory are rebuilt on their next use.
    pub fn on_catalog_change(&self) -> impl Fn() + Send + 'static {
        let (header, stores, sitemaps) = (
            self.header.clone(),
            self.stores.clone(),
            self.sitemaps.clone(),
        );
        move || {
            header.invalidate();
            stores.invalidate();
            sitemaps.invalidate();
        }
    }

    /// An app's state for tests and tools: an ephemeral signing key, default bounds.
    pub fn ephemeral(pool: PgPool, bus: BusConfig, web_dir: PathBuf) -> AppState {
        AppState::from(AppParts {
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
            events_topic: projections::bus::EVENTS_TOPIC.to_string(),
            bus,
            readiness: Default::default(),
            header: Default::default(),
            stores: Default::default(),
            sitemaps: Default::default(),
            query: None,
            accounts: Default::default(),
            captcha: crate::config::CaptchaSetting::ProofOfWork {
                difficulty: command::accounts::captcha::DEFAULT_DIFFICULTY,
            },
            notifier: crate::config::NotifierSetting::Mailbox,
            sms: None,
            payments: None,
            rewards: None,
            rewards_settings: Default::default(),
            ssr: None,
        })
    }
}

/// The write side's state: the command role's parts (its ports' adapters built from the
/// settings) — the router's, and the checkout sweep's (`storefront serve`).
pub fn command_state(state: &AppState) -> command::routes::CommandState {
    let sealer: command::privacy::vault::SealerRef =
        std::sync::Arc::new(command::privacy::vault::PgSealer {
            pool: state.pool.clone(),
        });
    let inline: std::sync::Arc<dyn command::eventstore::InlineProjection> =
        std::sync::Arc::new(projections::registry::InlineShopping);
    let rewards = state.rewards.clone().unwrap_or_else(|| {
        std::sync::Arc::new(command::rewards::local::LocalProvider {
            pool: state.pool.clone(),
            sealer: sealer.clone(),
            inline: inline.clone(),
        })
    });
    command::routes::CommandState::from(command::routes::CommandParts {
        rewards,
        rewards_settings: state.rewards_settings.clone(),
        // The HTTP gateway with `PAYMENT_GATEWAY_URL` (checked at start), else the local one.
        payments: crate::config::payment_gateway(state.payments.as_ref(), &state.pool)
            .unwrap_or_else(|e| crate::config::refuse_to_start(e)),
        sales: std::sync::Arc::new(tracker::sales::TopicSales::new(
            state.bus.clone(),
            state.tracking.topic(),
        )),
        header: std::sync::Arc::new(QueryHeader {
            pool: state.pool.clone(),
            cache: state.header.clone(),
            stores: state.stores.clone(),
        }),
        pool: state.pool.clone(),
        cart_services: command::cart::CartServices {
            catalog: std::sync::Arc::new(command::cart::catalog_pg::PgCatalog {
                pool: state.pool.clone(),
            }),
        },
        inline,
        sealer,
        staff: state.staff.clone(),
        purge_clock: Default::default(),
        accounts: state.accounts.clone(),
        providers: std::sync::Arc::new(command::accounts::providers::Providers::from_settings(
            &state.accounts.providers,
        )),
        // Checked before the start (`storefront serve`): the relying party of passkeys.
        webauthn: std::sync::Arc::new(
            state
                .accounts
                .passkeys
                .webauthn(&state.accounts.public_url)
                .unwrap_or_else(|e| {
                    crate::config::refuse_to_start(crate::config::setting_error(
                        "PASSKEY_RP_ID / PASSKEY_RP_ORIGIN",
                        e,
                    ))
                }),
        ),
        erasure: std::sync::Arc::new(crate::privacy::PgErasure {
            pool: state.pool.clone(),
        }),
        // Read and checked before the start (`storefront serve`); the proof of work's key
        // comes from the cookie keys, so every replica agrees.
        captcha: state
            .captcha
            .build(&state.pool, &state.cookies.keyring)
            .unwrap_or_else(|e| crate::config::refuse_to_start(e)),
        notifier: state
            .notifier
            .build(&state.pool)
            .and_then(|mail| match &state.sms {
                Some(sms) => sms.build(&state.pool, mail),
                None => Ok(mail),
            })
            .unwrap_or_else(|e| crate::config::refuse_to_start(e)),
    })
}

/// The write side's header port ([`command::accounts::header`]) answered by the read side's
/// builder, from this process's header cache and store directory.
struct QueryHeader {
    pool: PgPool,
    cache: std::sync::Arc<query::shopping::header::HeaderCache>,
    stores: std::sync::Arc<query::stores::StoreDirectory>,
}

#[async_trait::async_trait]
impl command::accounts::header::HeaderSource for QueryHeader {
    async fn header_json(
        &self,
        identity: &kernel::identity::Identity,
        user_agent: &str,
    ) -> Result<serde_json::Value, String> {
        let parts = query::shopping::header::HeaderParts {
            pool: &self.pool,
            cache: &self.cache,
            stores: &self.stores,
        };
        query::shopping::header::header_json(parts, identity, user_agent)
            .await
            .map_err(|e| e.to_string())
    }
}

pub fn router(mut state: AppState, roles: &crate::Roles) -> Router {
    // Staff are also people signed in to an account with staff roles: the staff checks look
    // their session up in this database (`kernel::staff`).
    let staff = std::sync::Arc::new(state.staff.with_sessions(state.pool.clone()));
    state.staff = staff;
    state.query = roles.query.then(|| {
        query::QueryState::from(query::QueryParts {
            pool: state.pool.clone(),
            search: state.search.clone(),
            staff: state.staff.clone(),
            popular: Default::default(),
            home: Default::default(),
            header: state.header.clone(),
            stores: state.stores.clone(),
            rewards_return_window_days: state.rewards_settings.return_window_days,
            public_url: state.accounts.public_url.clone(),
            site_pages: state.pages.clone(),
            sitemaps: state.sitemaps.clone(),
        })
    });
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
        let command_state = command_state(&state);
        staff = staff.merge(command::routes::staff_router(command_state.clone()));
        app = app.merge(command::routes::router(command_state));
    }
    if let Some(query_state) = state.query.clone() {
        staff = staff.merge(query::staff_router(query_state.clone()));
        app = app.merge(query::router(query_state));
    }
    if roles.tracker {
        let tracker_state = tracker::TrackerState::from(tracker::TrackerShared {
            sink: state.tracking.clone(),
            keyring: state.cookies.keyring.clone(),
            pool: state.pool.clone(),
            staff: state.staff.clone(),
            bus: state.bus.clone(),
            tails: Default::default(),
            tail_topics: tracker::tail::Topics {
                tracking: state.tracking.topic().to_string(),
                events: state.events_topic.clone(),
            },
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
    // The load-shedding slots, one set for the whole way and the pixel's short way.
    let in_flight = std::sync::Arc::new(tokio::sync::Semaphore::new(MAX_IN_FLIGHT));
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
            in_flight.clone(),
            shed_load,
        ))
        // Outside the slots and the timeout: a body arriving slowly holds neither.
        .layer(axum::middleware::from_fn_with_state(
            std::sync::Arc::new(middleware::BodyReaders::default()),
            middleware::read_body_first,
        ))
        .layer(axum::middleware::from_fn(json_errors))
        // Brotli or gzip for what the client accepts (JSON, HTML, SVG; pictures and the tracking
        // pixel as they are); the web build's files come precompressed from disk instead.
        .layer(tower_http::compression::CompressionLayer::new().quality(API_COMPRESSION))
        .layer(axum::middleware::from_fn_with_state(
            middleware::SecurityPolicy::new(state.cookies.secure, &{
                let mut origins = state.captcha.origins();
                origins.extend(command::accounts::providers::csp_origins(
                    &state.accounts.providers,
                ));
                origins
            }),
            security_headers,
        ))
        .layer(tower_http::trace::TraceLayer::new_for_http());
    // Added after the layers above, so that they do not wrap it (a router's layers wrap the
    // routes it has when they are added).
    match beacons {
        Some(tracker_state) => app.merge(beacon_path(tracker_state, &state.cookies, in_flight)),
        None => app,
    }
}

/// `GET /hawk.png` by a short way round: the pixel answers every input with the same 67
/// bytes at once, so of the layers above it needs only the visitor's cookies, the security
/// headers, the panic guard, the load shedding and the trace. The rest has nothing to do for it (no body is
/// read, nothing waits, nothing is compressed or turned into a JSON error, and it is never
/// a POST), yet each boxed a future per request: with the copies the handler no longer makes,
/// the short way takes a sixth off the store's CPU per beacon (docs/performance.md, "Beacons
/// by a short way round"). Other methods on the path get the whole way's 405; every other path
/// goes the whole way. A layer the pixel needs too must be added here as well.
fn beacon_path(
    tracker_state: tracker::TrackerState,
    cookies: &kernel::identity::CookieSettings,
    in_flight: std::sync::Arc<tokio::sync::Semaphore>,
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
            // The same slots as every other request: past them the pixel answers 503 too.
            .layer::<_, Infallible>(axum::middleware::from_fn_with_state(in_flight, shed_load))
            .layer::<_, Infallible>(tower_http::trace::TraceLayer::new_for_http()),
    )
}

/// The OpenAPI document of every endpoint (docs/openapi.json, kept in sync by tests/openapi.rs).
pub const OPENAPI: &str = include_str!("../docs/openapi.json");

#[utoipa::path(get, path = "/api/openapi.json", tag = "operations", summary = "This document",
    responses((status = 200, description = "OK", body = serde_json::Value)))]
async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}
