//! Attempts counted in PostgreSQL, so a limit holds across every replica of the store: a fixed
//! window per bucket (`address:…`, `account:…`), one row per bucket and window, incremented
//! atomically. Buckets name keyed hashes, never an address or email in clear.

use std::sync::atomic::{AtomicI64, Ordering};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use sqlx::PgPool;

use crate::http::ApiError;

/// At most `max` attempts per `window_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub window_seconds: u32,
}

/// The answer to an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allowed,
    /// Over the limit: try again in this many seconds (the window's end).
    Refused {
        retry_after: u64,
    },
}

/// The words of a 429 on an account call.
pub const TOO_MANY_ATTEMPTS: &str = "Too many attempts. Please wait a few minutes and try again.";

/// Unix seconds of the last sweep of old windows (by this process).
static LAST_SWEEP: AtomicI64 = AtomicI64::new(0);

/// Counts an attempt in `bucket` and says whether it is within `limit`.
pub async fn attempt(pool: &PgPool, bucket: &str, limit: Limit) -> Result<Verdict, sqlx::Error> {
    let window = i64::from(limit.window_seconds.max(1));
    let (hits, left, now): (i32, i64, i64) = sqlx::query_as(
        "WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) / $2) * $2) AS start) \
         INSERT INTO attempt_counts (bucket, window_start, hits) SELECT $1, w.start, 1 FROM w \
         ON CONFLICT (bucket, window_start) DO UPDATE SET hits = attempt_counts.hits + 1 \
         RETURNING hits, \
           ceil(extract(epoch FROM window_start) + $2 - extract(epoch FROM now()))::bigint, \
           extract(epoch FROM now())::bigint",
    )
    .bind(bucket)
    .bind(window)
    .fetch_one(pool)
    .await?;
    sweep(pool, now).await;
    Ok(verdict(hits, left, limit))
}

/// The attempts counted in `bucket`'s current window, without counting one.
pub async fn check(pool: &PgPool, bucket: &str, limit: Limit) -> Result<Verdict, sqlx::Error> {
    let window = i64::from(limit.window_seconds.max(1));
    let row: Option<(i32, i64)> = sqlx::query_as(
        "SELECT hits, ceil(extract(epoch FROM window_start) + $2 - extract(epoch FROM now()))::bigint \
         FROM attempt_counts WHERE bucket = $1 \
         AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)",
    )
    .bind(bucket)
    .bind(window)
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        // At the limit already: the next one would be over it.
        Some((hits, left)) => verdict(hits.saturating_add(1), left, limit),
        None => Verdict::Allowed,
    })
}

/// The attempts counted in `bucket`'s current window of `window_seconds`.
pub async fn hits(pool: &PgPool, bucket: &str, window_seconds: u32) -> Result<i32, sqlx::Error> {
    let window = i64::from(window_seconds.max(1));
    let hits: Option<i32> = sqlx::query_scalar(
        "SELECT hits FROM attempt_counts WHERE bucket = $1 \
         AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)",
    )
    .bind(bucket)
    .bind(window)
    .fetch_optional(pool)
    .await?;
    Ok(hits.unwrap_or(0))
}

fn verdict(hits: i32, left: i64, limit: Limit) -> Verdict {
    if i64::from(hits) > i64::from(limit.max) {
        Verdict::Refused {
            retry_after: left.max(1) as u64,
        }
    } else {
        Verdict::Allowed
    }
}

/// Deletes windows over a day old, at most once an hour per process.
async fn sweep(pool: &PgPool, now: i64) {
    let last = LAST_SWEEP.load(Ordering::Relaxed);
    if now - last < 3600
        || LAST_SWEEP
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_err()
    {
        return;
    }
    if let Err(e) =
        sqlx::query("DELETE FROM attempt_counts WHERE window_start < now() - interval '1 day'")
            .execute(pool)
            .await
    {
        tracing::warn!(error = %e, "old attempt counts could not be deleted");
    }
}

/// The 429 of a refused attempt, with `Retry-After`.
pub fn too_many(retry_after: u64) -> Response {
    let mut response = ApiError::refused(
        StatusCode::TOO_MANY_REQUESTS,
        "TooManyAttempts",
        TOO_MANY_ATTEMPTS,
    )
    .into_response();
    if let Ok(value) = HeaderValue::from_str(&retry_after.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn over_the_limit_is_refused_until_the_window_ends() {
        let limit = Limit {
            max: 3,
            window_seconds: 60,
        };
        assert_eq!(verdict(3, 20, limit), Verdict::Allowed);
        assert_eq!(verdict(4, 20, limit), Verdict::Refused { retry_after: 20 });
        assert_eq!(verdict(9, 0, limit), Verdict::Refused { retry_after: 1 });
    }
}
