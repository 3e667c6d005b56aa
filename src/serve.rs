//! `storefront serve`: the HTTP roles plus the background roles (outbox relay, projections),
//! with graceful shutdown on SIGINT/SIGTERM: stop accepting, drain requests, stop consumers
//! after their current batch, flush the producer.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use projections::bus::BusConfig;
use projections::relay::{Relay, RelayConfig};
use sqlx::PgPool;
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::app::{self, AppState};
use crate::Roles;

pub struct ServeOptions {
    pub bind: SocketAddr,
    pub web_dir: PathBuf,
    pub roles: Roles,
    pub events_topic: String,
    /// Prefix of the consumer group ids.
    pub group_prefix: String,
    pub cookies: kernel::identity::CookieSettings,
    pub outbox_lag_max: Duration,
    /// When the checkout sweep takes over an unfinished attempt (`CHECKOUT_STALE_AFTER_SECS`).
    pub checkout_stale_after: chrono::Duration,
    /// Where this process keeps its search index.
    pub index_dir: PathBuf,
    /// Names this process's index consumer group (`PREFIX.indexer.INSTANCE`).
    pub search_instance: String,
    /// Score added to a keyword match in stock at the visitor's store (`SEARCH_STORE_BOOST`).
    pub search_store_boost: f32,
    pub search_facet_cache: usize,
    /// Product summaries kept beside the index (`SEARCH_ITEM_CACHE`).
    pub search_item_cache: usize,
    pub staff: kernel::staff::StaffTokens,
    /// Topic of the tracker and the analytics consumer (`TRACKING_TOPIC`).
    pub tracking_topic: String,
    /// Beacons held while the broker is away (`TRACKING_QUEUE_MAX`).
    pub tracking_queue_max: usize,
    pub tracking_linger: std::time::Duration,
    pub analytics: tracker::analytics::AnalyticsSettings,
    pub http: HttpLimits,
    /// Serve even while the broker does not answer (`WAIT_FOR_BROKER`): the roles that need it
    /// (relay, consumers) start once it does; meanwhile events wait in the outbox and beacons
    /// in the tracker's queue. Without it an unreachable broker stops the start.
    pub wait_for_broker: bool,
    /// Reset links and the account calls' limits.
    pub accounts: std::sync::Arc<command::accounts::AccountSettings>,
    /// The return window of rewards points and the limits of the rewards calls.
    pub rewards: std::sync::Arc<command::rewards::RewardsSettings>,
    pub captcha: crate::config::CaptchaSetting,
    pub notifier: crate::config::NotifierSetting,
    /// SMS through a gateway (`SMS_GATEWAY_URL`), else the mailbox.
    pub sms: Option<crate::config::SmsSetting>,
    /// Card payments through a gateway (`PAYMENT_GATEWAY_URL`), else the local gateway.
    pub payments: Option<crate::config::PaymentSetting>,
    /// The web renderer of the shoppers' pages (`SSR`, `SSR_URL`, …).
    pub ssr: crate::web_renderer::SsrSettings,
}

/// Bounds of the HTTP server itself (docs/security.md).
#[derive(Debug, Clone)]
pub struct HttpLimits {
    /// A client must send a request's whole header within this; then the connection closes
    /// (a half-sent request line no longer holds a connection open).
    pub header_read_timeout: Duration,
    /// Connections held at once; beyond it new ones wait in the kernel's backlog.
    pub max_connections: usize,
}

impl Default for HttpLimits {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            max_connections: 4096,
        }
    }
}

/// Serves `router` on `listener` (HTTP/1.1) with the header-read timeout and the connection
/// cap of `limits`, until `stop` turns true; then waits for the open connections to finish.
async fn serve_http(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    mut stop: watch::Receiver<bool>,
    limits: HttpLimits,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let connections = std::sync::Arc::new(tokio::sync::Semaphore::new(limits.max_connections));
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    loop {
        let permit = tokio::select! {
            p = connections.clone().acquire_owned() => p.expect("the semaphore is never closed"),
            _ = stop.changed() => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors and the like: back off instead of spinning.
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        let (stream, peer) = stream;
        let _ = stream.set_nodelay(true);
        // The client's address, for the limits counted per address (slow bodies).
        let service =
            hyper_util::service::TowerToHyperService::new(tower::ServiceExt::map_request(
                router.clone(),
                move |mut request: axum::http::Request<hyper::body::Incoming>| {
                    request
                        .extensions_mut()
                        .insert(axum::extract::ConnectInfo(peer));
                    request
                },
            ));
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    graceful.shutdown().await;
    Ok(())
}

pub async fn serve(pool: PgPool, bus: BusConfig, options: ServeOptions) -> anyhow::Result<()> {
    if !app::migrations_applied(&pool).await? {
        anyhow::bail!("DATABASE_URL: the database is not migrated; run `storefront migrate` first");
    }
    let broker_answered = match crate::config::check_broker(&bus).await {
        Ok(()) => true,
        Err(e) if options.wait_for_broker => {
            tracing::warn!(
                "{e}: serving without it until it answers (events wait in the outbox, beacons \
                 in the tracker's queue; the relay and the consumers start then)"
            );
            false
        }
        Err(e) => return Err(e.into()),
    };

    let (stop_tx, stop_rx) = watch::channel(false);
    let mut background = JoinSet::new();
    let tracking = std::sync::Arc::new(tracker::TrackingSink::new(
        &bus,
        tracker::SinkSettings {
            queue_max: options.tracking_queue_max,
            linger: options.tracking_linger,
            ..tracker::SinkSettings::new(options.tracking_topic.clone())
        },
    )?);

    let search = if options.roles.query {
        open_search(&pool, &options, &mut background, &stop_rx).await?
    } else {
        std::sync::Arc::new(search_indexer::SearchEngine::in_memory())
    };
    background.spawn(run_pipeline(
        broker_answered,
        pool.clone(),
        bus.clone(),
        Pipeline::of(&options),
        options.roles.query.then(|| search.clone()),
        stop_rx.clone(),
    ));

    if options.roles.command {
        // Stored idempotent answers are kept 24 hours, browser error reports 14 days, the
        // mailbox's texts 30 days; every ten minutes the rewards gift cards that came due are
        // issued.
        let (pool, mut stop) = (pool.clone(), stop_rx.clone());
        let rewards = options.rewards.clone();
        let sealer: command::privacy::vault::SealerRef =
            std::sync::Arc::new(command::privacy::vault::PgSealer { pool: pool.clone() });
        background.spawn(async move {
            loop {
                match kernel::idempotency::purge_expired(&pool).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(deleted = n, "expired idempotency keys purged"),
                    Err(e) => tracing::warn!(error = %e, "could not purge idempotency keys"),
                }
                match command::routes::log::purge_expired(&pool).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(deleted = n, "expired client error reports purged"),
                    Err(e) => tracing::warn!(error = %e, "could not purge client error reports"),
                }
                match command::notify::outbox::forget_old(&pool).await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(blanked = n, "old mailbox messages' texts forgotten"),
                    Err(e) => tracing::warn!(error = %e, "could not forget old mailbox texts"),
                }
                // Points whose return window closed may pay for gift cards now.
                let points = command::rewards::points::Points {
                    pool: &pool,
                    sealer: &sealer,
                    inline: &projections::registry::InlineShopping,
                    return_window: rewards.return_window(),
                };
                if let Err(e) = points.issue_due_gift_cards(chrono::Utc::now()).await {
                    tracing::warn!(error = %e, "could not issue due rewards gift cards");
                }
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(600)) => {}
                    _ = stop.changed() => break,
                }
            }
        });
    }

    let listener = tokio::net::TcpListener::bind(options.bind)
        .await
        .map_err(|e| {
            crate::config::setting_error("BIND", format!("cannot listen on {}: {e}", options.bind))
        })?;
    let address = listener.local_addr()?;
    let ssr = web_renderer(&options, address, &mut background, &stop_rx);
    let state = AppState::from(app::AppParts {
        pool: pool.clone(),
        bus: bus.clone(),
        web_dir: options.web_dir.clone(),
        cookies: options.cookies.clone(),
        health: app::HealthSettings {
            relay_role: options.roles.relay,
            outbox_lag_max: options.outbox_lag_max,
        },
        search,
        staff: std::sync::Arc::new(options.staff.clone()),
        tracking: tracking.clone(),
        events_topic: options.events_topic.clone(),
        pages: std::sync::Arc::new(app::load_pages(&options.web_dir)),
        readiness: Default::default(),
        header: Default::default(),
        stores: Default::default(),
        sitemaps: Default::default(),
        query: None,
        accounts: options.accounts.clone(),
        captcha: options.captcha.clone(),
        notifier: options.notifier.clone(),
        sms: options.sms.clone(),
        payments: options.payments.clone(),
        rewards: None,
        rewards_settings: options.rewards.clone(),
        ssr,
    });
    app::start_readiness_checks(&state);
    if options.roles.command {
        // The checkout's process manager: attempts that stopped half way are finished or
        // voided, and steps orders still owe are done (each once, by its key).
        let ordering = app::command_state(&state).ordering();
        let stale_after = options.checkout_stale_after;
        let mut stop = stop_rx.clone();
        background.spawn(async move {
            loop {
                match command::ordering::process::recover(
                    &ordering,
                    chrono::Utc::now(),
                    stale_after,
                )
                .await
                {
                    Ok(done) if done != Default::default() => {
                        tracing::info!(?done, "checkout sweep")
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "checkout sweep failed"),
                }
                tokio::select! {
                    _ = tokio::time::sleep(CHECKOUT_SWEEP) => {}
                    _ = stop.changed() => break,
                }
            }
        });
    }
    if options.roles.query {
        background.spawn(query::shopping::header::listen_for_changes(
            pool.clone(),
            state.on_catalog_change(),
            stop_rx.clone(),
        ));
        // The merchandisers' synonym rules: the published version, kept current.
        background.spawn(query::search::synonyms::keep_current(
            pool.clone(),
            state.search.clone(),
            stop_rx.clone(),
        ));
    }
    tracing::info!(%address, roles = ?options.roles, "storefront serving");
    println!("Storefront is up: http://{address}/");

    let router = app::router(state, &options.roles);
    let server = tokio::spawn(serve_http(
        listener,
        router,
        stop_rx.clone(),
        options.http.clone(),
    ));

    shutdown_signal().await;
    tracing::info!("shutting down: draining requests and stopping consumers");
    let _ = stop_tx.send(true);
    match tokio::time::timeout(Duration::from_secs(20), server).await {
        Ok(Ok(Ok(()))) => {}
        Ok(Ok(Err(e))) => tracing::error!(error = %e, "HTTP server error"),
        Ok(Err(e)) => tracing::error!(error = %e, "HTTP server task failed"),
        Err(_) => tracing::warn!("requests still running after 20 s; stopping anyway"),
    }
    let drained = tokio::time::timeout(Duration::from_secs(15), async {
        while background.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!("background roles did not stop within 15 s");
    }
    // Beacons already answered reach the broker before we go.
    let sink = tracking.clone();
    let _ = tokio::task::spawn_blocking(move || sink.flush(Duration::from_secs(10))).await;
    pool.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// The web renderer the pages are rendered by (`SSR`, `SSR_URL`, …): a running one at
/// `SSR_URL`, or a child process started in the background (pages are the shell until it
/// listens, and after it stops); none with `SSR=off`.
fn web_renderer(
    options: &ServeOptions,
    address: SocketAddr,
    background: &mut JoinSet<()>,
    stop: &watch::Receiver<bool>,
) -> Option<std::sync::Arc<app::ssr::Renderer>> {
    use crate::web_renderer::{own_api_url, run_child, Source};
    let api = options
        .ssr
        .api_url
        .clone()
        .unwrap_or_else(|| own_api_url(address));
    let renderer = std::sync::Arc::new(app::ssr::Renderer::new(api, options.ssr.timeout));
    match &options.ssr.source {
        Source::Off => return None,
        Source::Url(url) => {
            renderer.set_base(Some(url.clone()));
            tracing::info!(%url, api = renderer.api(), "pages are rendered by the web renderer");
        }
        Source::Child { node, script } => {
            background.spawn(run_child(
                renderer.clone(),
                node.clone(),
                script.clone(),
                options.web_dir.clone(),
                stop.clone(),
            ));
        }
    }
    Some(renderer)
}

/// Opens (or builds) this process's search index under INDEX_DIR and keeps it current with a
/// watch for generations made by `storefront reindex` (its consumer is one of the pipeline's:
/// [`run_pipeline`]).
async fn open_search(
    pool: &PgPool,
    options: &ServeOptions,
    background: &mut JoinSet<()>,
    stop: &watch::Receiver<bool>,
) -> anyhow::Result<std::sync::Arc<search_indexer::SearchEngine>> {
    use search_indexer::SearchEngine;
    let (engine, existing) = SearchEngine::open(&options.index_dir).map_err(|e| {
        crate::config::setting_error(
            "INDEX_DIR",
            format!(
                "cannot open the search index in {}: {e}",
                options.index_dir.display()
            ),
        )
    })?;
    engine.set_store_boost(options.search_store_boost);
    engine.set_facet_cache_entries(options.search_facet_cache);
    engine.items.set_capacity(options.search_item_cache);
    let engine = std::sync::Arc::new(engine);
    engine.refresh_departments(pool).await?;
    if !existing || engine.is_empty() {
        let (engine, pool) = (engine.clone(), pool.clone());
        background.spawn(async move {
            let started = std::time::Instant::now();
            match engine.reindex(&pool, &|_, _| {}).await {
                Ok(n) => tracing::info!(
                    products = n,
                    seconds = started.elapsed().as_secs_f64(),
                    "search index built"
                ),
                Err(e) => tracing::error!(error = %e, "building the search index failed"),
            }
        });
    }
    // Popularity from analytics, a ranking signal of this replica's searches.
    let (e, p, mut s) = (engine.clone(), pool.clone(), stop.clone());
    background.spawn(async move {
        loop {
            if let Err(err) = query::search::popularity::refresh(&e, &p).await {
                tracing::warn!(error = %err, "could not read popular products");
            }
            tokio::select! {
                _ = tokio::time::sleep(query::search::popularity::REFRESH) => {}
                _ = s.changed() => break,
            }
        }
    });
    let (e, p, mut s) = (engine.clone(), pool.clone(), stop.clone());
    background.spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(3)) => {}
                _ = s.changed() => break,
            }
            if let Err(err) = e.follow_current(&p).await {
                tracing::warn!(error = %err, "could not follow the new search index");
            }
        }
    });
    Ok(engine)
}

/// What the roles that need the broker run with.
struct Pipeline {
    roles: Roles,
    events_topic: String,
    tracking_topic: String,
    group_prefix: String,
    search_instance: String,
    analytics: tracker::analytics::AnalyticsSettings,
}

impl Pipeline {
    fn of(options: &ServeOptions) -> Self {
        Self {
            roles: options.roles.clone(),
            events_topic: options.events_topic.clone(),
            tracking_topic: options.tracking_topic.clone(),
            group_prefix: options.group_prefix.clone(),
            search_instance: options.search_instance.clone(),
            analytics: options.analytics.clone(),
        }
    }
}

/// How often the checkout sweep runs.
pub const CHECKOUT_SWEEP: Duration = Duration::from_secs(30);

/// How often a process that started without its broker asks again.
pub const BROKER_RETRY: Duration = Duration::from_secs(2);

/// The roles that need the broker: waits until it answers (`answered`: it just did, at start),
/// makes sure of the topics and their retention, then runs the outbox relay and the
/// consumers (projections, analytics, this process's search index) until stop. What happened
/// meanwhile is not lost: the relay publishes every outbox row not yet published, and each
/// consumer group starts where it left off (or at the beginning).
async fn run_pipeline(
    answered: bool,
    pool: PgPool,
    bus: BusConfig,
    p: Pipeline,
    search: Option<std::sync::Arc<search_indexer::SearchEngine>>,
    mut stop: watch::Receiver<bool>,
) {
    let mut waited = false;
    let mut answered = answered;
    loop {
        let checked = std::mem::take(&mut answered);
        let ready = async {
            if !checked {
                bus.check(Duration::from_secs(5)).await?;
            }
            bus.ensure_topics(&[&p.events_topic, &p.tracking_topic])
                .await
        };
        match ready.await {
            Ok(()) => break,
            Err(e) => {
                if !waited {
                    tracing::info!(error = %e, "waiting for the broker");
                }
                waited = true;
            }
        }
        tokio::select! {
            _ = tokio::time::sleep(BROKER_RETRY) => {}
            _ = stop.changed() => return,
        }
    }
    if waited {
        tracing::info!("the broker answers: starting the relay and the consumers");
    }
    // Raw tracking events leave the topic when they leave the database (docs/privacy.md).
    let retention_days = p.analytics.retention_days.max(1) as u32;
    if let Err(e) = bus.set_retention(&p.tracking_topic, retention_days).await {
        tracing::warn!(topic = %p.tracking_topic, error = %e, "could not set the topic's retention");
    }
    let mut roles = JoinSet::new();
    if p.roles.relay {
        match Relay::new(
            pool.clone(),
            &bus,
            RelayConfig {
                topic: p.events_topic.clone(),
                ..RelayConfig::default()
            },
        ) {
            Ok(relay) => {
                let stop = stop.clone();
                roles.spawn(async move {
                    if let Err(e) = relay.run(stop).await {
                        tracing::error!(error = %e, "outbox relay stopped");
                    }
                });
            }
            Err(e) => tracing::error!(error = %e, "the outbox relay could not start"),
        }
    }
    if p.roles.projections {
        let (pool, bus, topic, stop) = (
            pool.clone(),
            bus.clone(),
            p.events_topic.clone(),
            stop.clone(),
        );
        let group = projections::runner::projections_group(&p.group_prefix);
        roles.spawn(async move {
            if let Err(e) =
                projections::runner::run_projections(pool, bus, topic, group, stop).await
            {
                tracing::error!(error = %e, "catalog projection stopped");
            }
        });
    }
    if p.roles.analytics {
        let (pool, bus, topic, settings, stop) = (
            pool.clone(),
            bus.clone(),
            p.tracking_topic.clone(),
            p.analytics.clone(),
            stop.clone(),
        );
        let group = tracker::analytics::analytics_group(&p.group_prefix);
        roles.spawn(async move {
            if let Err(e) =
                tracker::analytics::run_analytics(pool, bus, topic, group, settings, stop).await
            {
                tracing::error!(error = %e, "analytics consumer stopped");
            }
        });
    }
    if let Some(engine) = search {
        let group = search_indexer::indexer::indexer_group(&p.group_prefix, &p.search_instance);
        let (pool, bus, topic, stop) = (
            pool.clone(),
            bus.clone(),
            p.events_topic.clone(),
            stop.clone(),
        );
        roles.spawn(async move {
            if let Err(err) =
                search_indexer::indexer::run_indexer(engine, pool, bus, topic, group, stop).await
            {
                tracing::error!(error = %err, "search index consumer stopped");
            }
        });
    }
    while roles.join_next().await.is_some() {}
}

/// This process's default search instance name: the host name and a hash of the index
/// directory, so processes on one host with their own INDEX_DIR get their own groups.
pub fn default_search_instance(index_dir: &std::path::Path) -> String {
    use sha2::Digest;
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".into());
    let dir = std::fs::canonicalize(index_dir).unwrap_or_else(|_| index_dir.to_path_buf());
    let hash = sha2::Sha256::digest(dir.to_string_lossy().as_bytes());
    let short: String = hash[..4].iter().map(|b| format!("{b:02x}")).collect();
    format!("{host}-{short}")
}

pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}
