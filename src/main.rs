//! `storefront`: one binary for every role of the store. See `storefront --help`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use projections::bus::{self, BusConfig};
use storefront::config::{self, DEFAULT_BIND, DEFAULT_DATABASE_URL, DEFAULT_KAFKA_BROKERS};
use storefront::{importer, seeding, serve, zips, Roles, ROLE_NAMES};

/// mimalloc instead of glibc's allocator: under beacon load about a quarter of the store's CPU
/// samples were glibc's malloc and free (with lock waits between threads); with mimalloc the
/// store takes about a tenth more beacons (docs/performance.md, "mimalloc, measured again").
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "storefront",
    version,
    about = "Storefront: the online store of a farm, home and auto retailer"
)]
struct Cli {
    /// PostgreSQL holding the event store and the read models.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, global = true, hide_env_values = true)]
    database_url: String,
    /// Kafka bootstrap brokers, comma separated.
    #[arg(long, env = "KAFKA_BROKERS", default_value = DEFAULT_KAFKA_BROKERS, global = true)]
    kafka_brokers: String,
    /// Topic the outbox relay publishes domain events to.
    #[arg(long, env = "EVENTS_TOPIC", default_value = bus::EVENTS_TOPIC, global = true)]
    events_topic: String,
    /// Topic of the tracking beacons (the tracker produces, the analytics role consumes).
    #[arg(long, env = "TRACKING_TOPIC", default_value = bus::TRACKING_TOPIC, global = true)]
    tracking_topic: String,
    /// Prefix of our Kafka consumer group ids (`PREFIX.projections`, …), so two stacks can
    /// share a broker.
    #[arg(
        long,
        env = "CONSUMER_GROUP_PREFIX",
        default_value = "storefront",
        global = true
    )]
    consumer_group_prefix: String,
    /// Secret of pseudonymous ids: keyed hashes of emails and phones, and the signature of
    /// unsubscribe links (at least 32 characters; never rotated: ids derive from it).
    #[arg(long, env = "PSEUDONYM_KEY", global = true, hide_env_values = true)]
    pseudonym_key: Option<String>,
    /// Master keys that wrap the subjects' data keys, comma separated, newest first (each at
    /// least 32 characters). The first wraps, all unwrap: rotate with `privacy rewrap`.
    #[arg(long, env = "MASTER_KEYS", global = true, hide_env_values = true)]
    master_keys: Option<String>,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "LOG_JSON", global = true)]
    log_json: bool,
    #[command(subcommand)]
    command: Command,
}

// Parsed once at start; the `serve` variant carries every setting of the server.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
enum Command {
    /// Serve the store (SPA and API) and run the background roles.
    Serve {
        /// Address to listen on.
        #[arg(long, env = "BIND", default_value = DEFAULT_BIND)]
        bind: String,
        /// The built SPA (web/dist).
        #[arg(long, env = "WEB_DIR", default_value = "web/dist")]
        web_dir: PathBuf,
        /// Where each query replica keeps its search index.
        #[arg(long, env = "INDEX_DIR", default_value = "var/index")]
        index_dir: PathBuf,
        /// This process's name in its search index consumer group (default: host name and a
        /// hash of INDEX_DIR).
        #[arg(long, env = "SEARCH_INSTANCE")]
        search_instance: Option<String>,
        /// Score added to a keyword match in stock at the visitor's chosen store (0: off).
        #[arg(long, env = "SEARCH_STORE_BOOST", default_value_t = search_indexer::engine::DEFAULT_STORE_BOOST)]
        search_store_boost: f32,
        /// Searches and listings whose total and facet counts each index version keeps, so
        /// their other pages and sorts count nothing again (0: count every time).
        #[arg(long, env = "SEARCH_FACET_CACHE", default_value_t = search_indexer::engine::FACET_CACHE_ENTRIES)]
        search_facet_cache: usize,
        /// Products whose summaries (what search and listing pages show of each) are kept in
        /// memory beside the index, forgotten as the index re-reads them (0: read every time).
        #[arg(long, env = "SEARCH_ITEM_CACHE", default_value_t = search_indexer::items::ITEM_CACHE_ENTRIES)]
        search_item_cache: usize,
        /// Roles to run, comma separated (default: all).
        #[arg(long, env = "ROLES", default_value = ROLE_NAMES)]
        roles: String,
        /// PostgreSQL connections of the pool. More than a few per core only adds contention.
        #[arg(long, env = "DB_POOL_SIZE", default_value_t = 10)]
        db_pool_size: u32,
        /// Keys that sign visitor, visit and cart cookies, comma separated, newest first (each at
        /// least 32 characters). The first signs, all verify: put a new key first to rotate.
        /// Without it a random key is made for this process (cookies end with it).
        #[arg(long, env = "COOKIE_KEYS", hide_env_values = true)]
        cookie_keys: Option<String>,
        /// Staff bearer tokens until staff accounts land: `staffid:role:token,…` (roles
        /// merchandiser, analyst, operator, several joined by `+`; tokens of at least 24
        /// characters).
        #[arg(long, env = "STAFF_TOKENS", hide_env_values = true)]
        staff_tokens: Option<String>,
        /// Mark cookies `Secure` (served over TLS, or behind a TLS proxy).
        #[arg(long, env = "COOKIE_SECURE")]
        cookie_secure: bool,
        /// `/readyz` turns non-ready when the oldest unpublished outbox event is older than
        /// this many seconds (in the process that runs the relay).
        #[arg(long, env = "OUTBOX_LAG_MAX_SECS", default_value_t = 60)]
        outbox_lag_max_secs: u64,
        /// Tracking beacons held while the broker is away; beyond it new ones are dropped and
        /// counted (`/metrics`).
        #[arg(long, env = "TRACKING_QUEUE_MAX", default_value_t = tracker::sink::DEFAULT_QUEUE_MAX)]
        tracking_queue_max: usize,
        /// Milliseconds the tracker's producer gathers beacons into one batch before sending
        /// it to the broker (more per batch: less work for the broker per beacon).
        #[arg(long, env = "TRACKING_LINGER_MS", default_value_t = tracker::sink::DEFAULT_LINGER_MS)]
        tracking_linger_ms: u64,
        /// Milliseconds the analytics fold gathers tracking events into one batch, at most.
        #[arg(long, env = "ANALYTICS_BATCH_MS", default_value_t = tracker::analytics::DEFAULT_BATCH_MS)]
        analytics_batch_ms: u64,
        /// Seconds a client has to send a request's whole header before its connection closes.
        #[arg(long, env = "HEADER_READ_TIMEOUT_SECS", default_value_t = 10)]
        header_read_timeout_secs: u64,
        /// Connections held at once (more wait in the kernel's backlog).
        #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 4096)]
        max_connections: usize,
        /// Days raw tracking events (and per-visit views) are kept; aggregates stay.
        #[arg(long, env = "TRACKING_RETENTION_DAYS", default_value_t = 30)]
        tracking_retention_days: i32,
        /// Days popular searches are counted over.
        #[arg(long, env = "POPULAR_SEARCH_DAYS", default_value_t = 14)]
        popular_search_days: i32,
        /// Searches with hits a keyword needs to be a popular search.
        #[arg(long, env = "POPULAR_SEARCH_MIN", default_value_t = 3)]
        popular_search_min: i64,
    },
    /// Read a Kafka topic from the command line.
    Topic {
        #[command(subcommand)]
        action: TopicAction,
    },
    /// The analytics read models.
    Analytics {
        #[command(subcommand)]
        action: AnalyticsAction,
    },
    /// Apply the database migrations and load reference data (ZIP centroids).
    Migrate,
    /// Write the deterministic demo catalog through the event store.
    Seed {
        /// How many products to generate.
        #[arg(long, env = "SEED_PRODUCTS", default_value_t = 10_000)]
        products: usize,
        /// Do nothing when a catalog already exists.
        #[arg(long)]
        if_empty: bool,
    },
    /// Load a catalog file (.csv of products, or .jsonl / .json of typed records).
    Import { file: PathBuf },
    /// Read-model maintenance.
    Projections {
        #[command(subcommand)]
        action: ProjectionsAction,
    },
    /// Build a fresh search index from the catalog read models and make it current; a running
    /// server swaps to it within seconds, answering searches throughout.
    Reindex {
        /// Where the index lives (the server's INDEX_DIR).
        #[arg(long, env = "INDEX_DIR", default_value = "var/index")]
        index_dir: PathBuf,
    },
    /// A person's rights over their data: erasure, access (docs/privacy.md).
    Privacy {
        #[command(subcommand)]
        action: PrivacyAction,
    },
    /// Messages the consumers parked after bounded retries.
    Deadletters {
        #[command(subcommand)]
        action: DeadlettersAction,
    },
    /// Run only the outbox relay (same as `serve --roles relay` without HTTP).
    Relay {
        /// Rows per publish batch.
        #[arg(long, default_value_t = 500)]
        batch_size: i64,
    },
}

#[derive(Subcommand)]
enum TopicAction {
    /// Print a topic's messages as they arrive (Ctrl-C stops).
    Tail {
        /// The topic, e.g. storefront.tracking.v1.
        topic: String,
        /// Start at the oldest message kept instead of new ones.
        #[arg(long)]
        from_beginning: bool,
        /// One JSON object per line (partition, offset, key, timestamp, value).
        #[arg(long)]
        json: bool,
        /// Stop after this many messages.
        #[arg(long)]
        max: Option<u64>,
    },
}

#[derive(Subcommand)]
enum AnalyticsAction {
    /// Print the top tables: events, searches, null results, items, widgets, co-views.
    Report {
        /// First day counted (YYYY-MM-DD); default seven days ago.
        #[arg(long)]
        since: Option<chrono::NaiveDate>,
        /// The report as JSON (the dashboards' API shape).
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum ProjectionsAction {
    /// Empty the read models and replay every event from the event store.
    Rebuild {
        /// Rebuild beside the live tables and swap them in; reads keep answering throughout.
        #[arg(long)]
        online: bool,
    },
    /// Rebuild every read model into a scratch schema and compare it with the live one, table
    /// by table (row counts and checksums); exit 1 on a difference. Changes nothing.
    Verify,
}

#[derive(Subcommand)]
enum PrivacyAction {
    /// Erase a person: end their subscription, destroy their data key (crypto-shredding),
    /// remove their read-model rows and their tracking data, record SubjectForgotten.
    Forget {
        /// The person's email address.
        #[arg(long, required_unless_present = "visitor", conflicts_with = "visitor")]
        email: Option<String>,
        /// Only a visitor's tracking data, by the tracking topic's `visitorId` (what analysts
        /// see; a keyed hash of the browser's visitor id).
        #[arg(long)]
        visitor: Option<String>,
    },
    /// Print everything the store holds about a person as JSON (personal fields opened).
    Export {
        #[arg(long)]
        email: String,
    },
    /// Print the unsubscribe link a newsletter mail to this address carries.
    UnsubscribeLink {
        #[arg(long)]
        email: String,
        /// The store's public address.
        #[arg(long, env = "PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
        base_url: String,
    },
    /// Wrap every data key with the first of MASTER_KEYS (after putting a new one first);
    /// then the old master key can be dropped from MASTER_KEYS.
    Rewrap,
}

#[derive(Subcommand)]
enum DeadlettersAction {
    /// Print the parked messages as JSON lines.
    List,
    /// Apply parked messages again; each that applies is removed. Exit 1 if any still fails.
    Retry {
        /// Only this dead letter (its id from `list`).
        #[arg(long)]
        id: Option<i64>,
    },
}

fn init_logging(json: bool) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn,librdkafka=warn,rdkafka=warn,tower_http=warn".into());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_json);
    match run(cli).await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Installs the privacy keys of configuration; `serve` without them uses keys of this process.
fn install_privacy_keys(cli: &Cli) -> anyhow::Result<()> {
    use command::privacy::{install, PrivacyKeys};
    match (&cli.pseudonym_key, &cli.master_keys) {
        (Some(pseudonym), Some(masters)) => {
            let keys = PrivacyKeys::parse(pseudonym, masters)
                .map_err(|e| config::setting_error("PSEUDONYM_KEY / MASTER_KEYS", e.to_string()))?;
            install(keys);
        }
        (None, None) if matches!(cli.command, Command::Serve { .. }) => {
            tracing::warn!(
                "PSEUDONYM_KEY and MASTER_KEYS are not set: personal data is sealed with random keys \
                 of this process and cannot be read after a restart (infra/run sets them)"
            );
            install(PrivacyKeys::ephemeral());
        }
        (None, None) => {}
        _ => {
            return Err(
                config::setting_error("PSEUDONYM_KEY / MASTER_KEYS", "set both or neither").into(),
            )
        }
    }
    Ok(())
}

async fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let bus = BusConfig::new(&cli.kafka_brokers);
    install_privacy_keys(&cli)?;
    match cli.command {
        Command::Serve {
            bind,
            web_dir,
            index_dir,
            search_instance,
            search_store_boost,
            search_facet_cache,
            search_item_cache,
            roles,
            db_pool_size,
            cookie_keys,
            staff_tokens,
            cookie_secure,
            outbox_lag_max_secs,
            tracking_queue_max,
            tracking_linger_ms,
            analytics_batch_ms,
            tracking_retention_days,
            header_read_timeout_secs,
            max_connections,
            popular_search_days,
            popular_search_min,
        } => {
            let roles = Roles::parse(&roles)?;
            let bind = config::parse_bind(&bind)?;
            let keyring = match cookie_keys {
                Some(list) => kernel::secrets::Keyring::parse(&list)
                    .map_err(|e| config::setting_error("COOKIE_KEYS", e.to_string()))?,
                None => {
                    tracing::warn!(
                        "COOKIE_KEYS is not set: signing cookies with a random key of this process \
                         (visitors lose their carts at restart; infra/run sets one)"
                    );
                    kernel::secrets::Keyring::ephemeral()
                }
            };
            let pool = config::connect_database(&cli.database_url, db_pool_size.max(2)).await?;
            serve::serve(
                pool,
                bus,
                serve::ServeOptions {
                    bind,
                    web_dir,
                    roles,
                    events_topic: cli.events_topic,
                    group_prefix: cli.consumer_group_prefix,
                    cookies: kernel::identity::CookieSettings {
                        keyring: std::sync::Arc::new(keyring),
                        secure: cookie_secure,
                    },
                    outbox_lag_max: std::time::Duration::from_secs(outbox_lag_max_secs),
                    staff: match staff_tokens {
                        Some(list) => kernel::staff::StaffTokens::parse(&list)
                            .map_err(|e| config::setting_error("STAFF_TOKENS", e))?,
                        None => Default::default(),
                    },
                    search_instance: search_instance
                        .unwrap_or_else(|| serve::default_search_instance(&index_dir)),
                    search_store_boost,
                    search_facet_cache,
                    search_item_cache,
                    index_dir,
                    tracking_topic: cli.tracking_topic,
                    tracking_queue_max,
                    tracking_linger: std::time::Duration::from_millis(tracking_linger_ms),
                    analytics: tracker::analytics::AnalyticsSettings {
                        popular_days: popular_search_days.max(1),
                        popular_min: popular_search_min.max(1),
                        retention_days: tracking_retention_days.max(1),
                        batch_wait: std::time::Duration::from_millis(analytics_batch_ms.max(1)),
                        ..Default::default()
                    },
                    http: serve::HttpLimits {
                        header_read_timeout: std::time::Duration::from_secs(
                            header_read_timeout_secs.max(1),
                        ),
                        max_connections: max_connections.max(1),
                    },
                },
            )
            .await?;
        }
        Command::Migrate => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            command::eventstore::MIGRATOR.run(&pool).await?;
            let zips = zips::load(&pool).await?;
            println!("migrations applied; {zips} ZIP centroids loaded");
        }
        Command::Seed { products, if_empty } => {
            let pool = config::connect_database(&cli.database_url, seeding::CONNECTIONS).await?;
            if seeding::catalog_exists(&pool).await? {
                if if_empty {
                    println!("a catalog already exists; nothing seeded");
                    return Ok(ExitCode::SUCCESS);
                }
                eprintln!("a catalog already exists; seeding again updates what changed");
            }
            let s = seeding::seed(&pool, products, chrono::Utc::now()).await?;
            println!(
                "seeded {} products, {} departments, {} stores ({} events); checksum {}",
                s.products, s.departments, s.stores, s.events_written, s.checksum
            );
        }
        Command::Import { file } => {
            let pool = config::connect_database(&cli.database_url, 4).await?;
            let report = importer::import_file(&pool, &file).await?;
            for rejected in &report.rejected {
                eprintln!("{rejected}");
            }
            println!("{}", report.summary());
            if !report.rejected.is_empty() {
                return Ok(ExitCode::from(3));
            }
        }
        Command::Projections {
            action: ProjectionsAction::Rebuild { online },
        } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            for projection in projections::engine::all() {
                let progress = storefront::progress::Progress::new(projection.name(), 0);
                let report = |done, total| {
                    progress.set_total(total);
                    progress.set(done);
                };
                let applied = if online {
                    projections::verify::rebuild_online(projection, &pool, &report).await?
                } else {
                    projections::engine::rebuild(projection, &pool, 2000, &report).await?
                };
                progress.finish();
                println!(
                    "{} read models rebuilt from {applied} events{}",
                    projection.name(),
                    if online { " and swapped in" } else { "" }
                );
            }
        }
        Command::Projections {
            action: ProjectionsAction::Verify,
        } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            let mut differs = false;
            for projection in projections::engine::all() {
                let progress = storefront::progress::Progress::new(projection.name(), 0);
                let verification =
                    projections::verify::verify(projection, &pool, &|done, total| {
                        progress.set_total(total);
                        progress.set(done);
                    })
                    .await?;
                progress.finish();
                print!("{}", verification.report());
                differs |= verification.differs();
            }
            if differs {
                println!("the read models differ from a rebuild of the event store");
                return Ok(ExitCode::FAILURE);
            }
            println!("every read model equals a rebuild of the event store");
        }
        Command::Reindex { index_dir } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            let progress = storefront::progress::Progress::new("search index", 0);
            let started = std::time::Instant::now();
            let (products, path) =
                search_indexer::SearchEngine::build_in_dir(&index_dir, &pool, &|done, total| {
                    progress.set_total(total);
                    progress.set(done);
                })
                .await?;
            progress.finish();
            let bytes = dir_size(&path);
            println!(
                "search index built: {products} products in {:.1} s, {:.1} MB, now current in {}",
                started.elapsed().as_secs_f64(),
                bytes as f64 / 1e6,
                index_dir.display()
            );
        }
        Command::Privacy { action } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            match action {
                PrivacyAction::Forget {
                    email: Some(email), ..
                } => {
                    let report = storefront::privacy::forget_email(&pool, &email).await?;
                    println!("{}", serde_json::to_string_pretty(&report)?);
                }
                PrivacyAction::Forget {
                    visitor: Some(visitor),
                    ..
                } => {
                    let removed = storefront::privacy::forget_visitor(&pool, &visitor).await?;
                    println!("{removed} tracking events of the visitor erased");
                }
                PrivacyAction::Forget { .. } => unreachable!("clap requires --email or --visitor"),
                PrivacyAction::Export { email } => {
                    let export = storefront::privacy::export_email(&pool, &email).await?;
                    println!("{}", serde_json::to_string_pretty(&export)?);
                }
                PrivacyAction::UnsubscribeLink { email, base_url } => {
                    println!(
                        "{}",
                        storefront::privacy::unsubscribe_link(&email, &base_url)?
                    );
                }
                PrivacyAction::Rewrap => {
                    let progress = storefront::progress::Progress::new("data keys", 0);
                    let done = command::privacy::vault::rewrap(&pool, &|done, total| {
                        progress.set_total(total);
                        progress.set(done);
                    })
                    .await?;
                    progress.finish();
                    println!("{done} data keys wrapped with the newest master key");
                }
            }
        }
        Command::Deadletters { action } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            match action {
                DeadlettersAction::List => {
                    let letters = projections::deadletters::list(&pool).await?;
                    for letter in &letters {
                        println!("{}", serde_json::to_string(letter)?);
                    }
                    eprintln!("{} dead letters", letters.len());
                }
                DeadlettersAction::Retry { id } => {
                    let report = projections::deadletters::retry(&pool, id).await?;
                    for (id, error) in &report.still_failing {
                        eprintln!("dead letter {id} still fails: {error}");
                    }
                    println!(
                        "{} applied, {} still failing",
                        report.applied,
                        report.still_failing.len()
                    );
                    if !report.still_failing.is_empty() {
                        return Ok(ExitCode::FAILURE);
                    }
                }
            }
        }
        Command::Topic {
            action:
                TopicAction::Tail {
                    topic,
                    from_beginning,
                    json,
                    max,
                },
        } => {
            config::check_broker(&bus).await?;
            storefront::topic::tail(&bus, &topic, from_beginning, json, max).await?;
        }
        Command::Analytics {
            action: AnalyticsAction::Report { since, json },
        } => {
            let pool = config::connect_database(&cli.database_url, 2).await?;
            let report = tracker::report::report(
                &pool,
                since.unwrap_or_else(tracker::report::default_since),
            )
            .await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                print!("{}", tracker::report::render(&report));
            }
        }
        Command::Relay { batch_size } => {
            let pool = config::connect_database(&cli.database_url, 4).await?;
            config::check_broker(&bus).await?;
            bus.ensure_topics(&[&cli.events_topic]).await?;
            let relay = projections::relay::Relay::new(
                pool,
                &bus,
                projections::relay::RelayConfig {
                    topic: cli.events_topic,
                    batch_size,
                    ..Default::default()
                },
            )?;
            let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
            tokio::spawn(async move {
                serve::shutdown_signal().await;
                let _ = stop_tx.send(true);
            });
            relay.run(stop_rx).await?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Bytes of the files in a directory (one level: an index generation).
fn dir_size(path: &std::path::Path) -> u64 {
    std::fs::read_dir(path)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .filter(|m| m.is_file())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}
