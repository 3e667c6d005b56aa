//! `Idempotency-Key` on every POST command: the answer is stored with the key (per visitor)
//! for 24 hours; a repeat returns the stored answer and changes nothing; the same key with a
//! different request is refused with 422.
//!
//! Commands that append events store their answer in the appending transaction
//! (`command::eventstore::Run`), so a command that committed always has its answer, even when
//! the process died before replying. Other POSTs are stored by [`layer`] after the handler
//! answered. Only answers of requests that ran are stored (2xx, business outcomes such as
//! CannotAdd included): a request refused as invalid (4xx) or failed by an outage (5xx) leaves
//! nothing behind, and its retry is judged afresh.
//!
//! A stored answer holds no cookie: a replay's cookies are made afresh for the caller by the
//! identity layer (a cart the answer handed out is kept as its id, [`StoredAnswer::cart`], and
//! its cookie signed for the caller, who is the visitor the answer is stored for). Reads sent
//! as POSTs ([`SafeRead`]) are never stored; an answer over [`MAX_STORED_ANSWER_BYTES`] is not
//! stored; each visitor has a budget of stored answers ([`MAX_ANSWERS_PER_VISITOR`],
//! [`MAX_BYTES_PER_VISITOR`]) beyond which answers are sent but not stored.

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
use crate::identity::{CartGrant, Identity};

/// Answers carry this header when they are a stored answer replayed.
pub const REPLAYED_HEADER: &str = "idempotent-replayed";
/// How long an answer is kept.
pub const TTL_HOURS: i64 = 24;
/// The largest answer body stored (64 KiB); a larger answer is sent but not stored, so a retry
/// runs again. Commands answer a few hundred bytes; only reads answer more, and they are
/// [`SafeRead`].
pub const MAX_STORED_ANSWER_BYTES: usize = 64 * 1024;
/// Stored answers one visitor may have within [`TTL_HOURS`]; beyond it (or beyond
/// [`MAX_BYTES_PER_VISITOR`]) answers are sent but not stored.
pub const MAX_ANSWERS_PER_VISITOR: i64 = 500;
/// Bytes of stored answer bodies one visitor may have within [`TTL_HOURS`] (4 MiB).
pub const MAX_BYTES_PER_VISITOR: i64 = 4 * 1024 * 1024;

/// Where a stored answer's cart grant is kept among its headers: not a valid header name, so
/// it is never sent as one.
const CART_ENTRY: &str = ":cart";

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

/// An answer as stored and replayed: never a cookie.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredAnswer {
    pub status: u16,
    /// Only `Content-Type` is kept.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// The cart this answer handed to its visitor (a first add made it). Its cookie is made by
    /// the identity layer, signed for whoever receives the answer; a replay only ever reaches
    /// the visitor the answer is stored for, whose cart it is.
    pub cart: Option<String>,
}

/// Marks a response whose answer the handler already stored with its events.
#[derive(Debug, Clone, Copy)]
pub struct AlreadyStored;

/// Marks the answer of a read that travels as a POST (a store or stock lookup,
/// recommendations): it changes nothing, so a repeat simply reads again and its answer is not
/// stored (a stock lookup's answer is some 45 KB, ten recommendation widgets' 120 KB, and
/// storing one would be a durable write per lookup).
#[derive(Debug, Clone, Copy)]
pub struct SafeRead;

/// Only these headers of an answer are stored (never `Set-Cookie`).
fn kept_header(name: &str) -> bool {
    name.eq_ignore_ascii_case(CONTENT_TYPE.as_str())
}

impl StoredAnswer {
    /// A JSON answer with extra headers. A `Set-Cookie` among them is dropped: cookies are
    /// never stored (a cart the answer hands out goes by [`StoredAnswer::granting_cart`]).
    pub fn json(
        status: StatusCode,
        body: &impl serde::Serialize,
        headers: Vec<(HeaderName, HeaderValue)>,
    ) -> Self {
        let mut kept = vec![(CONTENT_TYPE.to_string(), "application/json".to_string())];
        for (name, value) in headers {
            if name == SET_COOKIE || name == CONTENT_TYPE {
                continue;
            }
            if let Ok(v) = value.to_str() {
                kept.push((name.to_string(), v.to_string()));
            }
        }
        Self {
            status: status.as_u16(),
            headers: kept,
            body: serde_json::to_vec(body).expect("answers serialise"),
            cart: None,
        }
    }

    /// The answer hands `cart_id` to its visitor (the cookie is made by the identity layer).
    pub fn granting_cart(mut self, cart_id: &str) -> Self {
        self.cart = Some(cart_id.to_string());
        self
    }

    fn response(self) -> Response {
        let mut response = Response::new(Body::from(self.body));
        *response.status_mut() =
            StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        for (name, value) in self.headers {
            if name.eq_ignore_ascii_case(SET_COOKIE.as_str()) {
                continue;
            }
            if let (Ok(n), Ok(v)) = (
                HeaderName::try_from(name.as_str()),
                HeaderValue::try_from(value.as_str()),
            ) {
                response.headers_mut().append(n, v);
            }
        }
        if let Some(cart) = self.cart {
            response.extensions_mut().insert(CartGrant(cart));
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

    /// The headers column: the kept headers, and the cart grant as a pseudo-header.
    fn headers_json(&self) -> serde_json::Value {
        let mut entries: Vec<(&str, &str)> = self
            .headers
            .iter()
            .filter(|(n, _)| kept_header(n))
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        if let Some(cart) = &self.cart {
            entries.push((CART_ENTRY, cart));
        }
        serde_json::to_value(entries).expect("headers serialise")
    }

    /// An answer from its stored columns. Rows written before cookies were left out may hold
    /// `Set-Cookie` entries: they are dropped here.
    fn from_columns(status: u16, headers: serde_json::Value, body: Vec<u8>) -> Self {
        let entries: Vec<(String, String)> = serde_json::from_value(headers).unwrap_or_default();
        let mut cart = None;
        let mut kept = Vec::new();
        for (name, value) in entries {
            if name == CART_ENTRY {
                cart = Some(value);
            } else if kept_header(&name) {
                kept.push((name, value));
            }
        }
        Self {
            status,
            headers: kept,
            body,
            cart,
        }
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
    Ok(Lookup::Replay(StoredAnswer::from_columns(
        row.get::<i16, _>("status") as u16,
        row.get("headers"),
        row.get("body"),
    )))
}

/// What [`store`] did with an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    /// Stored with its key.
    Yes,
    /// Another request stored an answer for the key first (its own, or this one's twin).
    KeyTaken,
    /// Not stored: larger than [`MAX_STORED_ANSWER_BYTES`], or the visitor's budget is spent.
    /// Whether the key was used before is not known: look it up.
    NotKept,
}

/// Stores the answer, unless it is too large or its visitor's budget is spent (one
/// statement: the budget is counted over the visitor's rows by the primary key's index).
pub async fn store(
    conn: &mut PgConnection,
    key: &IdempotencyKey,
    answer: &StoredAnswer,
) -> Result<Stored, sqlx::Error> {
    if answer.body.len() > MAX_STORED_ANSWER_BYTES {
        return Ok(Stored::NotKept);
    }
    let row = sqlx::query(
        "WITH budget AS ( \
           SELECT count(*) < $8 AND coalesce(sum(octet_length(body)), 0) + octet_length($6) <= $9 AS within \
           FROM idempotency_keys WHERE scope = $1 AND created_at > now() - make_interval(hours => $7)), \
         put AS ( \
           INSERT INTO idempotency_keys (scope, key, fingerprint, status, headers, body) \
           SELECT $1, $2, $3, $4, $5, $6 FROM budget WHERE within \
           ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, \
             status = EXCLUDED.status, headers = EXCLUDED.headers, body = EXCLUDED.body, created_at = now() \
           WHERE idempotency_keys.created_at <= now() - make_interval(hours => $7) \
           RETURNING 1) \
         SELECT EXISTS (SELECT 1 FROM put) AS stored, (SELECT within FROM budget) AS within",
    )
    .bind(&key.scope)
    .bind(&key.key)
    .bind(&key.fingerprint)
    .bind(answer.status as i16)
    .bind(answer.headers_json())
    .bind(&answer.body)
    .bind(TTL_HOURS as i32)
    .bind(MAX_ANSWERS_PER_VISITOR)
    .bind(MAX_BYTES_PER_VISITOR)
    .fetch_one(conn)
    .await?;
    Ok(
        match (row.get::<bool, _>("stored"), row.get::<bool, _>("within")) {
            (true, _) => Stored::Yes,
            (false, true) => Stored::KeyTaken,
            (false, false) => Stored::NotKept,
        },
    )
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
/// the handler did not store it itself (nor marked it a [`SafeRead`]).
///
/// Keys are scoped to the visitor of the signed visitor cookie. A request without one is a new
/// visitor with a fresh random id: nothing is stored under it yet, so nothing is looked up, and
/// its answer is stored under that id (a retry that holds the cookie it was given replays it; a
/// retry without cookies is another new visitor and runs again).
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
    // Too large to be stored, by its own account: sent as it is, never buffered here.
    let declared = response
        .headers()
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<usize>().ok());
    if declared.is_some_and(|n| n > MAX_STORED_ANSWER_BYTES) {
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
            .filter(|(n, _)| kept_header(n.as_str()))
            .filter_map(|(n, v)| Some((n.to_string(), v.to_str().ok()?.to_string())))
            .collect(),
        body: bytes.to_vec(),
        cart: parts.extensions.get::<CartGrant>().map(|g| g.0.clone()),
    };
    if answer.body.len() <= MAX_STORED_ANSWER_BYTES {
        if let Ok(mut conn) = pool.acquire().await {
            match store(&mut conn, &key, &answer).await {
                Ok(Stored::NotKept) => {
                    tracing::debug!("the visitor's budget of stored answers is spent")
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "could not store an idempotent answer"),
            }
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

    #[test]
    fn stored_answers_keep_no_cookie_and_carry_the_cart_as_an_id() {
        let answer = StoredAnswer::json(
            StatusCode::OK,
            &serde_json::json!({"success": true}),
            vec![(SET_COOKIE, HeaderValue::from_static("sf_cart=c1.sig"))],
        )
        .granting_cart("c1");
        assert_eq!(
            answer.headers,
            vec![("content-type".to_string(), "application/json".to_string())]
        );
        let columns = answer.headers_json();
        assert!(!columns.to_string().to_lowercase().contains("set-cookie"));
        let back = StoredAnswer::from_columns(200, columns, answer.body.clone());
        assert_eq!(back, answer);
        let response = back.into_replayed_response();
        assert!(response.headers().get(SET_COOKIE).is_none());
        assert_eq!(
            response.extensions().get::<CartGrant>(),
            Some(&CartGrant("c1".into()))
        );
    }

    #[test]
    fn cookies_of_rows_stored_before_are_dropped() {
        let old = serde_json::json!([
            ["content-type", "application/json"],
            ["set-cookie", "sf_cart=c1.sig; Path=/"]
        ]);
        let answer = StoredAnswer::from_columns(200, old, b"{}".to_vec());
        assert_eq!(answer.headers.len(), 1);
        assert_eq!(answer.cart, None);
        assert!(answer
            .into_replayed_response()
            .headers()
            .get(SET_COOKIE)
            .is_none());
    }
}
