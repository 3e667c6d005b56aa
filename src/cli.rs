//! The command line: `storefront`'s options and subcommands as clap reads them (the doc
//! comments are the `--help` texts), and a module per subcommand (or group of them) that runs it.

pub mod accounts;
pub mod database;
pub mod inspect;
pub mod mail;
pub mod orders;
pub mod pipeline;
pub mod privacy;
pub mod read_models;
pub mod serve;
pub mod staff;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use projections::bus;

use crate::config::{DEFAULT_BIND, DEFAULT_DATABASE_URL, DEFAULT_KAFKA_BROKERS};
use crate::ROLE_NAMES;

#[derive(Parser)]
#[command(
    name = "storefront",
    version,
    about = "Storefront: the online store of a farm, home and auto retailer"
)]
pub struct Cli {
    #[command(flatten)]
    pub options: Options,
    #[command(subcommand)]
    pub command: Command,
}

/// The options every subcommand takes (`global = true`).
#[derive(Args)]
pub struct Options {
    /// PostgreSQL holding the event store and the read models.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, global = true, hide_env_values = true)]
    pub database_url: String,
    /// Kafka bootstrap brokers, comma separated.
    #[arg(long, env = "KAFKA_BROKERS", default_value = DEFAULT_KAFKA_BROKERS, global = true)]
    pub kafka_brokers: String,
    /// Topic the outbox relay publishes domain events to.
    #[arg(long, env = "EVENTS_TOPIC", default_value = bus::EVENTS_TOPIC, global = true)]
    pub events_topic: String,
    /// Topic of the tracking beacons (the tracker produces, the analytics role consumes).
    #[arg(long, env = "TRACKING_TOPIC", default_value = bus::TRACKING_TOPIC, global = true)]
    pub tracking_topic: String,
    /// Prefix of our Kafka consumer group ids (`PREFIX.projections`, …), so two stacks can
    /// share a broker.
    #[arg(
        long,
        env = "CONSUMER_GROUP_PREFIX",
        default_value = "storefront",
        global = true
    )]
    pub consumer_group_prefix: String,
    /// Secret of pseudonymous ids: keyed hashes of emails and phones, and the signature of
    /// unsubscribe links (at least 32 characters; never rotated: ids derive from it).
    #[arg(long, env = "PSEUDONYM_KEY", global = true, hide_env_values = true)]
    pub pseudonym_key: Option<String>,
    /// Master keys that wrap the subjects' data keys, comma separated, newest first (each at
    /// least 32 characters). The first wraps, all unwrap: rotate with `privacy rewrap`.
    #[arg(long, env = "MASTER_KEYS", global = true, hide_env_values = true)]
    pub master_keys: Option<String>,
    /// Log as JSON lines instead of text.
    #[arg(long, env = "LOG_JSON", global = true)]
    pub log_json: bool,
}

// Parsed once at start; the `serve` variant carries every setting of the server.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum Command {
    /// Serve the store (SPA and API) and run the background roles.
    Serve(ServeArgs),
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
    /// Keep search terms and products off the popular lists every shopper is shown.
    Popular {
        #[command(subcommand)]
        action: PopularAction,
    },
    /// Apply the database migrations and load reference data (ZIP centroids).
    Migrate,
    /// Print the OpenAPI document generated from the handlers (what `docs/openapi.json` holds
    /// and `/api/openapi.json` serves): `storefront openapi > docs/openapi.json`.
    Openapi,
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
    /// Customer accounts: what an operator does to them.
    Accounts {
        #[command(subcommand)]
        action: AccountsAction,
    },
    /// Orders from a shell, as an associate changes them: ready for pickup, picked up, shipped,
    /// delivered, cancelled, lines returned. The running store then does what each change owes
    /// (mail, stock, refunds, points) within its checkout sweep (30 s).
    Orders {
        #[command(subcommand)]
        action: OrdersAction,
    },
    /// Staff accounts for people: invite someone to the staff (a one-time link by mail), take
    /// roles away. STAFF_TOKENS stays for machines (CI, scripts).
    Staff {
        #[command(subcommand)]
        action: StaffAction,
    },
    /// A person's rights over their data: erasure, access (docs/privacy.md).
    Privacy {
        #[command(subcommand)]
        action: PrivacyAction,
    },
    /// Mail and SMS to customers: the local mailbox (every message, without SMTP_URL) and the
    /// keys of mail sent by SMTP.
    Mail {
        #[command(subcommand)]
        action: MailAction,
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

/// The settings of `storefront serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "BIND", default_value = DEFAULT_BIND)]
    pub bind: String,
    /// The built SPA (web/dist).
    #[arg(long, env = "WEB_DIR", default_value = "web/dist")]
    pub web_dir: PathBuf,
    /// Where each query replica keeps its search index.
    #[arg(long, env = "INDEX_DIR", default_value = "var/index")]
    pub index_dir: PathBuf,
    /// This process's name in its search index consumer group (default: host name and a
    /// hash of INDEX_DIR).
    #[arg(long, env = "SEARCH_INSTANCE")]
    pub search_instance: Option<String>,
    /// Score added to a keyword match in stock at the visitor's chosen store (0: off).
    #[arg(long, env = "SEARCH_STORE_BOOST", default_value_t = search_indexer::engine::DEFAULT_STORE_BOOST)]
    pub search_store_boost: f32,
    /// Searches and listings whose total and facet counts each index version keeps, so
    /// their other pages and sorts count nothing again (0: count every time).
    #[arg(long, env = "SEARCH_FACET_CACHE", default_value_t = search_indexer::engine::FACET_CACHE_ENTRIES)]
    pub search_facet_cache: usize,
    /// Products whose summaries (what search and listing pages show of each) are kept in
    /// memory beside the index, forgotten as the index re-reads them (0: read every time).
    #[arg(long, env = "SEARCH_ITEM_CACHE", default_value_t = search_indexer::items::ITEM_CACHE_ENTRIES)]
    pub search_item_cache: usize,
    /// Roles to run, comma separated (default: all).
    #[arg(long, env = "ROLES", default_value = ROLE_NAMES)]
    pub roles: String,
    /// PostgreSQL connections of the pool. More than a few per core only adds contention.
    #[arg(long, env = "DB_POOL_SIZE", default_value_t = 10)]
    pub db_pool_size: u32,
    /// Keys that sign visitor, visit and cart cookies, comma separated, newest first (each at
    /// least 32 characters). The first signs, all verify: put a new key first to rotate.
    /// Required, like PSEUDONYM_KEY and MASTER_KEYS, unless `--insecure-dev-keys`.
    #[arg(long, env = "COOKIE_KEYS", hide_env_values = true)]
    pub cookie_keys: Option<String>,
    /// Serve while the broker does not answer yet (the run command's first start, while the
    /// broker builds): the relay and the consumers start once it answers, and nothing of the
    /// wait is lost. Without it an unreachable broker stops the start.
    #[arg(long, env = "WAIT_FOR_BROKER")]
    pub wait_for_broker: bool,
    /// Serve without COOKIE_KEYS, PSEUDONYM_KEY and MASTER_KEYS, with random keys of this
    /// process: cookies and sealed personal data are unreadable after a restart and differ
    /// between replicas. For a throwaway local run only; `infra/run` sets real keys.
    #[arg(long, env = "INSECURE_DEV_KEYS")]
    pub insecure_dev_keys: bool,
    /// Staff bearer tokens for machines (CI, scripts; people sign in with staff accounts,
    /// `storefront staff invite`): `staffid:role:token,…` (roles
    /// merchandiser, analyst, operator, associate, several joined by `+`; tokens of at least 24
    /// characters).
    #[arg(long, env = "STAFF_TOKENS", hide_env_values = true)]
    pub staff_tokens: Option<String>,
    /// Mark cookies `Secure` (served over TLS, or behind a TLS proxy).
    #[arg(long, env = "COOKIE_SECURE")]
    pub cookie_secure: bool,
    /// `/readyz` turns non-ready when the oldest unpublished outbox event is older than
    /// this many seconds (in the process that runs the relay).
    #[arg(long, env = "OUTBOX_LAG_MAX_SECS", default_value_t = 60)]
    pub outbox_lag_max_secs: u64,
    /// A checkout attempt left unfinished this many seconds (the process placing it died) is
    /// finished by the sweep: its authorisation voided and its stock given back, unless the
    /// order was placed.
    #[arg(long, env = "CHECKOUT_STALE_AFTER_SECS", default_value_t = command::ordering::checkout::STALE_AFTER_SECONDS)]
    pub checkout_stale_after_secs: i64,
    /// Tracking beacons held while the broker is away; beyond it new ones are dropped and
    /// counted (`/metrics`).
    #[arg(long, env = "TRACKING_QUEUE_MAX", default_value_t = tracker::sink::DEFAULT_QUEUE_MAX)]
    pub tracking_queue_max: usize,
    /// Milliseconds the tracker's producer gathers beacons into one batch before sending
    /// it to the broker (more per batch: less work for the broker per beacon).
    #[arg(long, env = "TRACKING_LINGER_MS", default_value_t = tracker::sink::DEFAULT_LINGER_MS)]
    pub tracking_linger_ms: u64,
    /// Milliseconds the analytics fold gathers tracking events into one batch, at most.
    #[arg(long, env = "ANALYTICS_BATCH_MS", default_value_t = tracker::analytics::DEFAULT_BATCH_MS)]
    pub analytics_batch_ms: u64,
    /// Seconds a client has to send a request's whole header before its connection closes.
    #[arg(long, env = "HEADER_READ_TIMEOUT_SECS", default_value_t = 10)]
    pub header_read_timeout_secs: u64,
    /// Connections held at once (more wait in the kernel's backlog).
    #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 4096)]
    pub max_connections: usize,
    /// Days raw tracking events, per-visit views and the visitors' popularity votes are kept.
    #[arg(long, env = "TRACKING_RETENTION_DAYS", default_value_t = 30)]
    pub tracking_retention_days: i32,
    /// Days the daily analytics aggregates (events, searches, items, widgets) are kept.
    #[arg(long, env = "ANALYTICS_RETENTION_DAYS", default_value_t = 400)]
    pub analytics_retention_days: i32,
    /// Days popular searches are counted over.
    #[arg(long, env = "POPULAR_SEARCH_DAYS", default_value_t = 14)]
    pub popular_search_days: i32,
    /// Distinct visitors who searched a keyword with hits for it to be a popular search.
    #[arg(long, env = "POPULAR_SEARCH_MIN", default_value_t = 3)]
    pub popular_search_min: i64,
    /// Server rendering of the shoppers' pages by the web renderer: `auto` (the default) asks
    /// SSR_URL's renderer, or without it starts SSR_SCRIPT with SSR_NODE as a child process
    /// when the script exists; `off` serves every page as the shell, rendered in the browser.
    #[arg(long, env = "SSR", default_value = "auto")]
    pub ssr: String,
    /// A running web renderer's base URL (`http://web:3001`); then none is started.
    #[arg(long, env = "SSR_URL")]
    pub ssr_url: Option<String>,
    /// The web renderer `serve` starts itself (default: WEB_DIR/../dist-ssr/render.js).
    #[arg(long, env = "SSR_SCRIPT")]
    pub ssr_script: Option<PathBuf>,
    /// The Node.js that runs SSR_SCRIPT.
    #[arg(long, env = "SSR_NODE", default_value = "node")]
    pub ssr_node: String,
    /// Where the web renderer calls the store's API for a page's data (default: this server's
    /// own address, `http://127.0.0.1:PORT`; set it when the renderer runs elsewhere).
    #[arg(long, env = "SSR_API_URL")]
    pub ssr_api_url: Option<String>,
    /// Milliseconds a page waits for the web renderer; then it is served as the shell.
    #[arg(long, env = "SSR_TIMEOUT_MS", default_value_t = 2000)]
    pub ssr_timeout_ms: u64,
    #[command(flatten)]
    pub accounts: AccountArgs,
}

/// The settings of customer accounts (`storefront serve`).
#[derive(Args)]
pub struct AccountArgs {
    /// The store's public address: password reset links in mail start with it.
    #[arg(long, env = "PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
    /// Proxies whose `X-Forwarded-For` names the client (comma-separated addresses or
    /// networks, `10.0.0.0/8`); others' header is ignored and the connection's peer counts.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,
    /// Account calls (sign-in, create, recover, reset, verify password) one address may make
    /// per ACCOUNT_ATTEMPT_WINDOW_SECS; more answer 429 with Retry-After.
    #[arg(long, env = "ACCOUNT_ATTEMPTS_PER_ADDRESS", default_value_t = 30)]
    pub attempts_per_address: u32,
    #[arg(long, env = "ACCOUNT_ATTEMPT_WINDOW_SECS", default_value_t = 300)]
    pub attempt_window_secs: u32,
    /// Wrong passwords one account takes per 15 minutes; more answer 429 (a captcha is asked
    /// for from the third).
    #[arg(long, env = "ACCOUNT_FAILURES_PER_ACCOUNT", default_value_t = 10)]
    pub failures_per_account: u32,
    /// Minutes a password reset link works.
    #[arg(long, env = "PASSWORD_RESET_MINUTES", default_value_t = 60)]
    pub password_reset_minutes: u32,
    /// Days a password is good for: signing in with an older one still signs in, and the
    /// answer sends the customer to choose a new one (`passwordChangeRequired`). 0: never.
    #[arg(long, env = "PASSWORD_MAX_AGE_DAYS", default_value_t = 0)]
    pub password_max_age_days: u32,
    /// Days after a sale before its rewards points are available (the return window).
    #[arg(long, env = "REWARDS_RETURN_WINDOW_DAYS", default_value_t = 30)]
    pub rewards_return_window_days: u32,
    /// The captcha sign-in asks for after wrong passwords: `proof-of-work` (self-hosted, the
    /// default) or `recaptcha` (needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET).
    #[arg(long, env = "CAPTCHA")]
    pub captcha: Option<String>,
    /// Leading zero bits a proof-of-work solution needs (1 to 32, default 18).
    #[arg(long, env = "CAPTCHA_DIFFICULTY")]
    pub captcha_difficulty: Option<String>,
    #[arg(long, env = "RECAPTCHA_SITE_KEY")]
    pub recaptcha_site_key: Option<String>,
    #[arg(long, env = "RECAPTCHA_SECRET", hide_env_values = true)]
    pub recaptcha_secret: Option<String>,
    /// Where reCAPTCHA answers are checked (default Google's siteverify).
    #[arg(long, env = "RECAPTCHA_VERIFY_URL")]
    pub recaptcha_verify_url: Option<String>,
    /// An SMTP server for mail (`smtp://host:25`, `smtp://host:587?tls=required`,
    /// `smtps://user:password@host:465`); unset, mail and SMS stay in the local mailbox
    /// (`storefront mail list`).
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The From of mail (default `Storefront <no-reply@storefront.local>`).
    #[arg(long, env = "MAIL_FROM")]
    pub mail_from: Option<String>,
    /// An SMS gateway's Messages API base (Twilio's shape); unset, SMS stay in the local
    /// mailbox.
    #[arg(long, env = "SMS_GATEWAY_URL")]
    pub sms_gateway_url: Option<String>,
    /// The gateway account id (with SMS_GATEWAY_URL).
    #[arg(long, env = "SMS_ACCOUNT")]
    pub sms_account: Option<String>,
    /// The gateway's auth token (with SMS_GATEWAY_URL).
    #[arg(long, env = "SMS_TOKEN", hide_env_values = true)]
    pub sms_token: Option<String>,
    /// The number SMS come from, in E.164 (`+15550100000`).
    #[arg(long, env = "SMS_FROM")]
    pub sms_from: Option<String>,
    /// A card payment gateway's REST API base (https; http only to 127.0.0.1 or localhost);
    /// unset, card payments go to the local gateway (`local_payments`, test cards), which
    /// charges no card.
    #[arg(long, env = "PAYMENT_GATEWAY_URL")]
    pub payment_gateway_url: Option<String>,
    /// The payment gateway's API secret, sent as a bearer token (with PAYMENT_GATEWAY_URL).
    #[arg(long, env = "PAYMENT_GATEWAY_SECRET", hide_env_values = true)]
    pub payment_gateway_secret: Option<String>,
    /// The OAuth client id Google's ID tokens must name (their audience); unset, Google
    /// sign-in answers the generic message.
    #[arg(long, env = "GOOGLE_CLIENT_ID")]
    pub google_client_id: Option<String>,
    /// Google's published signing keys (default https://www.googleapis.com/oauth2/v3/certs).
    #[arg(long, env = "GOOGLE_JWKS_URL")]
    pub google_jwks_url: Option<String>,
    /// The Services ID Apple's ID tokens must name; unset, Apple sign-in is off.
    #[arg(long, env = "APPLE_CLIENT_ID")]
    pub apple_client_id: Option<String>,
    /// Apple's published signing keys (default https://appleid.apple.com/auth/keys).
    #[arg(long, env = "APPLE_JWKS_URL")]
    pub apple_jwks_url: Option<String>,
    /// The Facebook app whose user tokens are accepted (with FACEBOOK_APP_SECRET; without
    /// both, Facebook sign-in is off).
    #[arg(long, env = "FACEBOOK_APP_ID")]
    pub facebook_app_id: Option<String>,
    #[arg(long, env = "FACEBOOK_APP_SECRET", hide_env_values = true)]
    pub facebook_app_secret: Option<String>,
    /// Where Facebook user tokens are checked (default https://graph.facebook.com/debug_token).
    #[arg(long, env = "FACEBOOK_DEBUG_URL")]
    pub facebook_debug_url: Option<String>,
    /// Where a Facebook user's email and names are read (default https://graph.facebook.com/me).
    #[arg(long, env = "FACEBOOK_PROFILE_URL")]
    pub facebook_profile_url: Option<String>,
    /// The passkeys' relying party id: a domain, the store's or a parent of it (default: the
    /// host of PUBLIC_URL; `localhost` when that host is an IP address or localhost). Passkeys
    /// are bound to it: changing it later loses every passkey made before.
    #[arg(long, env = "PASSKEY_RP_ID")]
    pub passkey_rp_id: Option<String>,
    /// The origin passkeys are used from (default PUBLIC_URL; `http://localhost` on any port
    /// when PUBLIC_URL's host is an IP address or localhost).
    #[arg(long, env = "PASSKEY_RP_ORIGIN")]
    pub passkey_rp_origin: Option<String>,
}

#[derive(Subcommand)]
pub enum TopicAction {
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
pub enum AnalyticsAction {
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
pub enum PopularAction {
    /// Keep a search term (`--search`) or a product (`--product`) off the popular lists.
    Block {
        #[command(flatten)]
        entry: PopularEntry,
    },
    /// Let a blocked term or product on the popular lists again.
    Unblock {
        #[command(flatten)]
        entry: PopularEntry,
    },
    /// Print both blocklists.
    List,
}

#[derive(Args)]
#[group(required = true, multiple = false)]
pub struct PopularEntry {
    /// A search term (kept as counted: lower case, spaces collapsed).
    #[arg(long)]
    pub search: Option<String>,
    /// A product number.
    #[arg(long)]
    pub product: Option<String>,
    /// Who blocks it (recorded in the event's metadata as its staffId).
    #[arg(long, env = "STAFF_ID", default_value = "cli")]
    pub staff_id: String,
}

#[derive(Subcommand)]
pub enum ProjectionsAction {
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
pub enum MailAction {
    /// The newest messages, newest first: when, key, channel, recipient, title.
    List {
        /// How many.
        #[arg(long, default_value_t = 20)]
        limit: i64,
    },
    /// One message: its headers, then its text.
    Show {
        /// The message's key (as `list` prints it).
        key: String,
    },
}

#[derive(Subcommand)]
pub enum AccountsAction {
    /// Make the customer choose a new password: their next sign-in (still signed in) answers
    /// `passwordChangeRequired` and sends them to the update-password page, until they set one.
    RequirePasswordChange {
        /// The account's email address.
        #[arg(long)]
        email: String,
    },
}

#[derive(Subcommand)]
pub enum OrdersAction {
    /// Move an order on: `ready` (for pickup), `picked-up`, `shipped` or `delivered`.
    Advance {
        /// The order number.
        order_no: String,
        /// ready, picked-up, shipped or delivered.
        #[arg(long)]
        to: String,
    },
    /// Cancel an order that was not handed over yet.
    Cancel {
        order_no: String,
        /// Why (kept with the event, shown to staff).
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Take back whole lines of an order that was handed over.
    Return {
        order_no: String,
        /// The line numbers (1, 2, …), comma-separated.
        #[arg(long, value_delimiter = ',')]
        lines: Vec<u32>,
    },
}

#[derive(Subcommand)]
pub enum StaffAction {
    /// Invite a person to the staff: records a StaffInvitation and mails them a one-time link
    /// (7 days) to accept it with their account, or a new one for this address. Prints where
    /// the link went (the local mailbox without SMTP_URL: `storefront mail list`), never the
    /// link itself.
    Invite {
        /// The person's email address.
        #[arg(long)]
        email: String,
        /// The roles the invitation grants: merchandiser, analyst, operator or associate,
        /// several joined by + (merchandiser+analyst).
        #[arg(long)]
        role: String,
        /// The store's public address: the link starts with it.
        #[arg(long, env = "PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
        public_url: String,
    },
    /// Take staff roles from the account of an address (all of them without --role): its
    /// sessions lose them at their next request.
    Revoke {
        #[arg(long)]
        email: String,
        /// Only these roles (merchandiser+analyst).
        #[arg(long)]
        role: Option<String>,
    },
}

#[derive(Subcommand)]
pub enum PrivacyAction {
    /// Erase a person: end their subscription, destroy their data key (crypto-shredding),
    /// remove their read-model rows and their tracking data, record SubjectForgotten.
    Forget {
        /// The person's email address.
        #[arg(long, required_unless_present_any = ["visitor", "customer"], conflicts_with_all = ["visitor", "customer"])]
        email: Option<String>,
        /// The person by their customer account id (`cu_…`): the same erasure as `--email`
        /// with the account's address.
        #[arg(long, conflicts_with = "visitor")]
        customer: Option<String>,
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
pub enum DeadlettersAction {
    /// Print the parked messages as JSON lines.
    List,
    /// Apply parked messages again; each that applies is removed. Exit 1 if any still fails.
    Retry {
        /// Only this dead letter (its id from `list`).
        #[arg(long)]
        id: Option<i64>,
    },
}
