//! `Idempotency-Key` on every POST command: the answer is stored with the key (per visitor)
//! for 24 hours; a repeat returns the stored answer and changes nothing; the same key with a
//! different request is refused with 422.
//!
//! Commands that append events store their answer in the appending transaction
//! (`command::eventstore::Run`), so a command that committed always has its
//! answer, even when the process died before replying. Other POSTs are stored by
//! [`layer`] after the handler answered. Only answers of requests that ran are stored (2xx,
//! business outcomes such as CannotAdd included): a request refused as invalid (4xx) or failed
//! by an outage (5xx) leaves nothing behind, and its retry is judged afresh.

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};
use sqlx::{PgConnection, PgPool, Row};

/// Kept here too for the callers that name them by their former place.
pub use crate::headers::{key_header, HEADER, MAX_KEY_CHARS};
use crate::identity::Identity;

/// Answers carry this header when they are a stored answer replayed.
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long an answer is kept.
pub const TTL_HOURS: i64 = 24;

pub const INVALID_KEY_MESSAGE: &str =
    "The Idempotency-Key header must be 1 to 255 visible ASCII characters.";
pub const REUSED_KEY_MESSAGE: &str =
    "This Idempotency-Key was already used for a different request.";

/// The request's key, as handed to handlers (an extension): who it belongs to, the key, and
/// a fingerprint of the request it was first used with.
#[derive(Debug, Clone)]
pub struct IdempotencyKey {
    pub scope: String,
    pub key: String,
    pub fingerprint: Vec<u8>,
}

/// An answer as stored and replayed.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAnswer {
    pub status: u16,
    /// Only `Content-Type` and `Set-Cookie` are kept.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// Marks a response whose answer the handler already stored with its events.
#[derive(Debug, Clone, Copy)]
pub struct AlreadyStored;

/// Marks the answer of a read that travels as a POST (a store or stock lookup): it changes
/// nothing, so a repeat simply reads again and its answer is not stored (a stock lookup's
/// answer is some 45 KB, and storing one would be a durable write per lookup).
#[derive(Debug, Clone, Copy)]
pub struct SafeRead;

impl StoredAnswer {
    /// A JSON answer with extra headers (e.g. the cart cookie).
    pub fn json(
        status: StatusCode,
        body: &impl serde::Serialize,
        headers: Vec<(HeaderName, HeaderValue)>,
    ) -> Self {
        let mut kept = vec![(CONTENT_TYPE.to_string(), "application/json".to_string())];
        for (name, value) in headers {
            if let Ok(v) = value.to_str() {
                kept.push((name.to_string(), v.to_string()));
            }
        }
        Self {
            status: status.as_u16(),
            headers: kept,
            body: serde_json::to_vec(body).expect("answers serialise"),
        }
    }

    fn response(self) -> Response {
        let mut response = Response::new(Body::from(self.body));
        *response.status_mut() =
            StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        for (name, value) in self.headers {
            if let (Ok(n), Ok(v)) = (
                HeaderName::try_from(name.as_str()),
                HeaderValue::try_from(value.as_str()),
            ) {
                response.headers_mut().append(n, v);
            }
        }
        response
    }

    /// The answer as first sent (marked as stored, so the layer does not store it again).
    pub fn into_fresh_response(self) -> Response {
        let mut response = self.response();
        response.extensions_mut().insert(AlreadyStored);
        response
    }

    /// The answer replayed for a repeated request.
    pub fn into_replayed_response(self) -> Response {
        let mut response = self.response();
        response
            .headers_mut()
            .insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
        response
    }
}

/// What the store knows about a key.
#[derive(Debug, Clone, PartialEq)]
pub enum Lookup {
    Fresh,
    Replay(StoredAnswer),
    /// The key was used with a different request.
    Mismatch,
}

impl Lookup {
    /// The answer to send when the key was seen before.
    pub fn into_response(self) -> Option<Response> {
        match self {
            Lookup::Fresh => None,
            Lookup::Replay(answer) => Some(answer.into_replayed_response()),
            Lookup::Mismatch => Some(
                crate::http::ApiError::refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "IdempotencyKeyReused",
                    REUSED_KEY_MESSAGE,
                )
                .into_response(),
            ),
        }
    }
}

/// Looks the key up (answers older than the TTL are gone).
pub async fn lookup(conn: &mut PgConnection, key: &IdempotencyKey) -> Result<Lookup, sqlx::Error> {
    let row = sqlx::query(
        "SELECT fingerprint, status, headers, body FROM idempotency_keys \
         WHERE scope = $1 AND key = $2 AND created_at > now() - make_interval(hours => $3)",
    )
    .bind(&key.scope)
    .bind(&key.key)
    .bind(TTL_HOURS as i32)
    .fetch_optional(conn)
    .await?;
    let Some(row) = row else {
        return Ok(Lookup::Fresh);
    };
    if row.get::<Vec<u8>, _>("fingerprint") != key.fingerprint {
        return Ok(Lookup::Mismatch);
    }
    let headers: serde_json::Value = row.get("headers");
    Ok(Lookup::Replay(StoredAnswer {
        status: row.get::<i16, _>("status") as u16,
        headers: serde_json::from_value(headers).unwrap_or_default(),
        body: row.get("body"),
    }))
}

/// Stores the answer; answers false when another request stored one for the key first.
pub async fn store(
    conn: &mut PgConnection,
    key: &IdempotencyKey,
    answer: &StoredAnswer,
) -> Result<bool, sqlx::Error> {
    let stored = sqlx::query(
        "INSERT INTO idempotency_keys (scope, key, fingerprint, status, headers, body) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, \
           status = EXCLUDED.status, headers = EXCLUDED.headers, body = EXCLUDED.body, created_at = now() \
         WHERE idempotency_keys.created_at <= now() - make_interval(hours => $7)",
    )
    .bind(&key.scope)
    .bind(&key.key)
    .bind(&key.fingerprint)
    .bind(answer.status as i16)
    .bind(serde_json::to_value(&answer.headers).expect("headers serialise"))
    .bind(&answer.body)
    .bind(TTL_HOURS as i32)
    .execute(conn)
    .await?;
    Ok(stored.rows_affected() == 1)
}

/// Deletes answers older than the TTL; answers how many.
pub async fn purge_expired(pool: &PgPool) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query(
        "DELETE FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1)",
    )
    .bind(TTL_HOURS as i32)
    .execute(pool)
    .await?
    .rows_affected())
}

/// SHA-256 over what makes two requests the same: method, path and query, content type, body.
fn fingerprint(method: &Method, uri: &str, content_type: &[u8], body: &[u8]) -> Vec<u8> {
    let mut hash = Sha256::new();
    for part in [
        method.as_str().as_bytes(),
        uri.as_bytes(),
        content_type,
        body,
    ] {
        hash.update((part.len() as u64).to_be_bytes());
        hash.update(part);
    }
    hash.finalize().to_vec()
}

/// The middleware (inside the identity layer): validates the key, replays a stored answer or
/// refuses a reused key, hands the key to the handler, and stores the handler's answer when
/// the handler did not store it itself.
pub async fn layer(State(pool): State<PgPool>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let key = match key_header(request.headers()) {
        None => return next.run(request).await,
        Some(Err(())) => {
            return crate::http::ApiError::refused(
                StatusCode::BAD_REQUEST,
                "InvalidIdempotencyKey",
                INVALID_KEY_MESSAGE,
            )
            .into_response()
        }
        Some(Ok(key)) => key.to_string(),
    };
    let Some((scope, new_visitor)) = request
        .extensions()
        .get::<Identity>()
        .map(|i| (i.visitor_id.clone(), i.new_visitor))
    else {
        return next.run(request).await;
    };
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return crate::http::ApiError::refused(
            StatusCode::PAYLOAD_TOO_LARGE,
            "TooLarge",
            "The request is too large.",
        )
        .into_response();
    };
    let uri = parts
        .uri
        .path_and_query()
        .map_or(String::new(), |p| p.to_string());
    let content_type = parts
        .headers
        .get(CONTENT_TYPE)
        .map_or(&b""[..], |v| v.as_bytes());
    let key = IdempotencyKey {
        scope,
        key,
        fingerprint: fingerprint(&parts.method, &uri, content_type, &bytes),
    };
    // A visitor id made for this very request scopes no stored key yet: nothing to look up.
    if !new_visitor {
        let mut conn = match pool.acquire().await {
            Ok(conn) => conn,
            Err(e) => return crate::http::ApiError::Unavailable(e.to_string()).into_response(),
        };
        match lookup(&mut conn, &key).await {
            Ok(found) => {
                if let Some(response) = found.into_response() {
                    return response;
                }
            }
            Err(e) => return crate::http::ApiError::Unavailable(e.to_string()).into_response(),
        }
    }

    let mut request = Request::from_parts(parts, Body::from(bytes));
    request.extensions_mut().insert(key.clone());
    let response = next.run(request).await;
    if response.extensions().get::<AlreadyStored>().is_some()
        || response.extensions().get::<SafeRead>().is_some()
        || !response.status().is_success()
    {
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let answer = StoredAnswer {
        status: parts.status.as_u16(),
        headers: parts
            .headers
            .iter()
            .filter(|(n, _)| **n == CONTENT_TYPE || **n == SET_COOKIE)
            .filter_map(|(n, v)| Some((n.to_string(), v.to_str().ok()?.to_string())))
            .collect(),
        body: bytes.to_vec(),
    };
    if let Ok(mut conn) = pool.acquire().await {
        if let Err(e) = store(&mut conn, &key, &answer).await {
            tracing::warn!(error = %e, "could not store an idempotent answer");
        }
    }
    Response::from_parts(parts, Body::from(Bytes::from(answer.body)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fingerprint_tells_requests_apart() {
        let a = fingerprint(&Method::POST, "/x", b"application/json", b"{\"a\":1}");
        assert_eq!(
            a,
            fingerprint(&Method::POST, "/x", b"application/json", b"{\"a\":1}")
        );
        assert_ne!(
            a,
            fingerprint(&Method::POST, "/x", b"application/json", b"{\"a\":2}")
        );
        assert_ne!(
            a,
            fingerprint(&Method::POST, "/y", b"application/json", b"{\"a\":1}")
        );
        // Boundaries are part of the hash: moving bytes between fields changes it.
        assert_ne!(
            fingerprint(&Method::POST, "/xa", b"", b"b"),
            fingerprint(&Method::POST, "/x", b"a", b"b")
        );
    }
}
