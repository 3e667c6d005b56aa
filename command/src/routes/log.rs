//! POST /a/log/: errors reported by browsers. Stored and logged, truncated to fixed sizes;
//! the answer never echoes what was sent.
//!
//! What is kept (issue 12): the URL without query string, fragment or `user:pass@`; the error
//! text with the query strings and fragments of the URLs and paths inside it removed; the user
//! agent. No visitor id, cookie value or other id is stored or logged. Reports are limited to
//! [`REPORTS_PER_VISITOR`] per visitor and [`REPORTS_PER_PROCESS`] per process in each
//! [`RATE_WINDOW`]; a report over a limit gets the same `{"success":true}` (a bot learns
//! nothing) and is only counted ([`dropped_reports`]). Rows older than [`RETENTION_DAYS`] are
//! deleted, at most once per [`PURGE_EVERY`] per process, by the handler itself.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use sqlx::PgPool;

use super::CommandState;
use kernel::csrf::SameSiteForms;
use kernel::http::{log_safe, ApiError, JsonOrForm};
use kernel::identity::Identity;

pub const MAX_URL_CHARS: usize = 2048;
pub const MAX_ERROR_CHARS: usize = 8192;
/// Reports stored per visitor (visitor cookie) in one [`RATE_WINDOW`].
pub const REPORTS_PER_VISITOR: u32 = 10;
/// Reports stored per process in one [`RATE_WINDOW`], whoever sends them: a client without
/// cookies is a new visitor on every request, so this is what bounds it.
pub const REPORTS_PER_PROCESS: u32 = 600;
pub const RATE_WINDOW: Duration = Duration::from_secs(60);
/// Visitors the limiter remembers at most (about 100 bytes each).
pub const MAX_TRACKED_VISITORS: usize = 100_000;
/// Client errors are kept this many days.
pub const RETENTION_DAYS: i32 = 14;
/// How often a process deletes expired client errors (on the first report after it).
pub const PURGE_EVERY: Duration = Duration::from_secs(3600);

pub fn router(state: CommandState) -> Router {
    Router::new().route("/a/log/", post(log)).with_state(state)
}

/// A browser's error report.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LogRequest {
    /// Cut to 2048 characters
    #[serde(default)]
    pub url: String,
    /// Cut to 8192 characters
    #[serde(default)]
    pub error: String,
}

fn cut(text: &str, max: usize) -> String {
    text.chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .take(max)
        .collect()
}

/// A URL without its query string and fragment (which can carry tokens) and without the
/// `user:pass@` of an absolute URL.
pub fn scrub_url(url: &str) -> String {
    let url = url.split(['?', '#']).next().unwrap_or("");
    if let Some(at) = url.find("://") {
        let authority_start = at + 3;
        let rest = &url[authority_start..];
        let authority_end = rest.find('/').unwrap_or(rest.len());
        if let Some(user) = rest[..authority_end].rfind('@') {
            return format!("{}{}", &url[..authority_start], &rest[user + 1..]);
        }
    }
    url.to_string()
}

/// Error text with every URL or path in it (a word holding a `/`; words end at white space,
/// quotes, parentheses and brackets) scrubbed as [`scrub_url`] does: stack traces and fetch
/// errors carry the page's and the API's URLs.
pub fn scrub_text(text: &str) -> String {
    let delimiter = |c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\'' | '`' | '(' | ')' | '<' | '>' | '[' | ']' | '{' | '}'
            )
    };
    let word = |w: &str| {
        if w.contains('/') {
            scrub_url(w)
        } else {
            w.to_string()
        }
    };
    let mut out = String::with_capacity(text.len());
    let mut start = 0;
    for (i, c) in text.char_indices() {
        if delimiter(c) {
            out.push_str(&word(&text[start..i]));
            out.push(c);
            start = i + c.len_utf8();
        }
    }
    out.push_str(&word(&text[start..]));
    out
}

/// Reports dropped by the rate limits since the process started.
static DROPPED: AtomicU64 = AtomicU64::new(0);

/// Reports over a rate limit since the process started (answered, not stored).
pub fn dropped_reports() -> u64 {
    DROPPED.load(Ordering::Relaxed)
}

/// Fixed-window counters per key and for the whole process.
#[derive(Debug)]
pub struct RateLimiter {
    per_key: u32,
    total: u32,
    window: Duration,
    capacity: usize,
    state: Mutex<Windows>,
}

#[derive(Debug, Default)]
struct Windows {
    keys: HashMap<String, (Instant, u32)>,
    all: Option<(Instant, u32)>,
}

impl RateLimiter {
    pub fn new(per_key: u32, total: u32, window: Duration, capacity: usize) -> Self {
        Self {
            per_key,
            total,
            window,
            capacity,
            state: Mutex::new(Windows::default()),
        }
    }

    /// Whether one more request of `key` is allowed at `now` (and if so, counts it).
    pub fn admit(&self, key: &str, now: Instant) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let window = self.window;
        let expired = |start: Instant| now.saturating_duration_since(start) >= window;
        let all = match state.all {
            Some((start, n)) if !expired(start) => (start, n),
            _ => (now, 0),
        };
        if let Some(&(start, n)) = state.keys.get(key) {
            if !expired(start) && n >= self.per_key {
                return false;
            }
        }
        if all.1 >= self.total {
            state.all = Some(all);
            return false;
        }
        if !state.keys.contains_key(key) && state.keys.len() >= self.capacity {
            state.keys.retain(|_, (start, _)| !expired(*start));
            if state.keys.len() >= self.capacity {
                // Only reachable with a capacity below the process limit: start afresh rather
                // than grow without bound (the process limit still holds).
                state.keys.clear();
            }
        }
        let entry = state.keys.entry(key.to_string()).or_insert((now, 0));
        if expired(entry.0) {
            *entry = (now, 0);
        }
        entry.1 += 1;
        state.all = Some((all.0, all.1 + 1));
        true
    }

    /// Keys remembered now.
    pub fn tracked(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys
            .len()
    }
}

static LIMITER: LazyLock<RateLimiter> = LazyLock::new(|| {
    RateLimiter::new(
        REPORTS_PER_VISITOR,
        REPORTS_PER_PROCESS,
        RATE_WINDOW,
        MAX_TRACKED_VISITORS,
    )
});

/// When this app (one per process) last started a purge.
#[derive(Debug, Default)]
pub struct PurgeClock(Mutex<Option<Instant>>);

impl PurgeClock {
    /// Whether a purge is due at `now` (at most once per [`PURGE_EVERY`]); claims it if so.
    fn due(&self, now: Instant) -> bool {
        let mut last = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match *last {
            Some(at) if now.saturating_duration_since(at) < PURGE_EVERY => false,
            _ => {
                *last = Some(now);
                true
            }
        }
    }
}

/// Deletes client errors older than [`RETENTION_DAYS`] (one DELETE on `client_errors_created`);
/// answers how many went.
pub async fn purge_expired(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "DELETE FROM client_errors WHERE created_at < now() - make_interval(days => $1)",
    )
    .bind(RETENTION_DAYS)
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

#[utoipa::path(post, path = "/a/log/", tag = "operations",
    summary = "Client error log (stored truncated, never echoed)",
    description = "JSON, or a form post (`application/x-www-form-urlencoded`) with the same fields.",
    request_body(content(
        (LogRequest = "application/json",
            example = json!({"url": "/stores/", "error": "TypeError: stores is undefined"})),
        (LogRequest = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 200, description = "OK", body = super::Success),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `BadRequest` (a form body that cannot be read).",
            body = kernel::http::ErrorBody),
        (status = 403, description = super::doc::CROSS_SITE, body = kernel::http::ErrorBody),
    ))]
async fn log(
    // Cross-site form posts are refused before the body is read.
    _same_site: SameSiteForms,
    State(state): State<CommandState>,
    identity: Identity,
    headers: axum::http::HeaderMap,
    JsonOrForm(request): JsonOrForm<LogRequest>,
) -> Response {
    let now = Instant::now();
    if state.purge_clock.due(now) {
        let pool = state.pool.clone();
        tokio::spawn(async move {
            match purge_expired(&pool).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(deleted = n, "expired client errors purged"),
                Err(e) => tracing::warn!(error = %e, "purging client errors failed"),
            }
        });
    }
    let success = || Json(super::Success::TRUE).into_response();
    // The visitor id is only a key in memory: never stored, never logged.
    if !LIMITER.admit(&identity.visitor_id, now) {
        DROPPED.fetch_add(1, Ordering::Relaxed);
        return success();
    }
    let url = cut(&scrub_url(&request.url), MAX_URL_CHARS);
    let error = cut(&scrub_text(&request.error), MAX_ERROR_CHARS);
    let agent = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|v| cut(v, 300));
    // Client text is escaped (no CR/LF can start a forged line) and cut short.
    tracing::warn!(
        url = %log_safe(&url, 200),
        error = %log_safe(&error, 500),
        "client error reported"
    );
    let stored =
        sqlx::query("INSERT INTO client_errors (url, error, user_agent) VALUES ($1, $2, $3)")
            .bind(&url)
            .bind(&error)
            .bind(agent)
            .execute(&state.pool)
            .await;
    match stored {
        Ok(_) => success(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(log), modifiers(&REPLAYS))]
pub(crate) struct Api;

/// Every answer but an outage may be a replay.
const REPLAYS: super::doc::Replays = super::doc::Replays(&["200", "400"]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_lose_query_fragment_and_credentials() {
        assert_eq!(
            scrub_url("https://x.example/p/1?token=abc#frag"),
            "https://x.example/p/1"
        );
        assert_eq!(
            scrub_url("https://me:pw@x.example/p#a"),
            "https://x.example/p"
        );
        assert_eq!(scrub_url("/cart/?token=secret"), "/cart/");
        assert_eq!(scrub_url("/p/a@b"), "/p/a@b", "an @ in a path stays");
    }

    #[test]
    fn urls_inside_error_text_lose_their_query() {
        let text = "TypeError: failed to fetch /cart?session=xyz\n  at f (https://x.example/assets/a.js?v=abc:1:2)\n\"/p?q=1\" why? a/b#tok";
        let scrubbed = scrub_text(text);
        assert_eq!(
            scrubbed,
            "TypeError: failed to fetch /cart\n  at f (https://x.example/assets/a.js)\n\"/p\" why? a/b"
        );
        assert_eq!(scrub_text("plain text?"), "plain text?");
    }

    #[test]
    fn the_limiter_counts_per_key_and_in_total() {
        let t = Instant::now();
        let l = RateLimiter::new(2, 5, Duration::from_secs(60), 100);
        assert!(l.admit("a", t) && l.admit("a", t));
        assert!(!l.admit("a", t), "third in the window");
        assert!(l.admit("b", t) && l.admit("b", t) && l.admit("c", t));
        assert!(!l.admit("d", t), "the process limit");
        let later = t + Duration::from_secs(60);
        assert!(l.admit("a", later), "a new window");
    }

    #[test]
    fn the_limiter_forgets_expired_keys_when_full() {
        let t = Instant::now();
        let l = RateLimiter::new(1, 1000, Duration::from_secs(60), 3);
        for k in ["a", "b", "c"] {
            assert!(l.admit(k, t));
        }
        assert!(l.admit("d", t + Duration::from_secs(61)));
        assert_eq!(l.tracked(), 1, "expired keys were dropped");
        let l = RateLimiter::new(1, 1000, Duration::from_secs(60), 3);
        for k in ["a", "b", "c", "d", "e"] {
            assert!(l.admit(k, t));
        }
        assert!(l.tracked() <= 3);
    }
}
