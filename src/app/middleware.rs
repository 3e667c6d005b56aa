//! The layers around the routes: limits (body, address, time, requests at once), the refusal
//! of NUL in addresses, the answer to a panic, the one JSON error shape, compression, and the
//! security and cache headers.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use kernel::http::ApiError;

use super::is_api_path;

/// Request bodies larger than this are refused with 413.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// A request running longer than this answers 503 (its work is dropped).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Requests handled at once by one process; beyond it new ones answer 503 `Overloaded` with
/// `Retry-After` at once (load shedding) instead of queueing for the database pool. The probes
/// are exempt, so a busy process is not taken for a dead one.
pub const MAX_IN_FLIGHT: usize = 512;

/// Addresses (path and query) longer than this are refused with 414 before any handler runs
/// (the tracking pixel excepted: it answers whatever its input and bounds its own decoding).
pub const MAX_URL_BYTES: usize = 8 * 1024;

/// How hard answers made per request are compressed: brotli and gzip at their fastest level
/// but one. A stock lookup's 45 KB of JSON took longer to compress at brotli's level 4 (the
/// usual on-the-fly default) than to make; level 1 compresses it several times faster for
/// about a third more bytes (docs/performance.md). The web build's files are compressed once,
/// at the highest level, when they are built.
pub const API_COMPRESSION: tower_http::CompressionLevel = tower_http::CompressionLevel::Precise(1);

/// A handler that panicked answers like any other internal error; the panic is logged.
pub(super) fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    ApiError::internal("a handler panicked").into_response()
}

/// Errors produced below our handlers (body limit, method not allowed, unreadable path or
/// query parameters) on API paths get the one JSON error shape too.
pub(super) async fn json_errors(request: Request, next: axum::middleware::Next) -> Response {
    let api = is_api_path(request.uri().path());
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    let status = response.status();
    if is_json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    if !api && status != StatusCode::PAYLOAD_TOO_LARGE {
        return response;
    }
    let mut r = error_for(status, None);
    for name in [header::ALLOW, header::RETRY_AFTER] {
        if let Some(value) = response.headers().get(&name) {
            r.headers_mut().insert(name, value.clone());
        }
    }
    r
}

/// The store's JSON error for a bare status (what [`json_errors`] makes of an empty one), with
/// the methods allowed where it is a 405.
pub(super) fn error_for(status: StatusCode, allow: Option<&'static str>) -> Response {
    let (code, message) = match status {
        StatusCode::PAYLOAD_TOO_LARGE => ("TooLarge", "The request is too large."),
        StatusCode::METHOD_NOT_ALLOWED => ("MethodNotAllowed", "This method is not allowed here."),
        StatusCode::NOT_FOUND => ("NotFound", "URL route not found"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "UnsupportedMediaType",
            "The request must be JSON (Content-Type: application/json).",
        ),
        StatusCode::UNPROCESSABLE_ENTITY => ("InvalidInput", "The request is not valid."),
        s if s.is_server_error() => ("Internal", kernel::http::GENERIC_MESSAGE),
        _ => ("BadRequest", "The request could not be read."),
    };
    let mut r = kernel::http::ApiError::refused(status, code, message).into_response();
    if let Some(allow) = allow {
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static(allow));
    }
    r
}

/// A URL whose path or query holds an encoded NUL (`%00`) is refused once, here: no handler
/// ever sees text PostgreSQL cannot store.
pub(super) async fn reject_nul_in_url(request: Request, next: axum::middleware::Next) -> Response {
    // The tracking pixel answers whatever its input (its decoder drops control characters).
    let pixel = request.uri().path() == "/hawk.png";
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if length > MAX_URL_BYTES && !pixel {
        return kernel::http::ApiError::refused(
            StatusCode::URI_TOO_LONG,
            "UriTooLong",
            "The address is too long.",
        )
        .into_response();
    }
    let has_nul = !pixel
        && request
            .uri()
            .path_and_query()
            .is_some_and(|p| p.as_str().as_bytes().windows(3).any(|w| w == b"%00"));
    if has_nul {
        return kernel::http::ApiError::refused(
            StatusCode::BAD_REQUEST,
            "InvalidText",
            kernel::http::INVALID_TEXT_MESSAGE,
        )
        .into_response();
    }
    next.run(request).await
}

/// How long a request's body may take to arrive, read before the request takes a slot of
/// [`MAX_IN_FLIGHT`]: a client that sends a body slowly holds only its own connection.
pub const BODY_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Requests from one address whose bodies may be arriving at once; more answer 429.
pub const SLOW_BODIES_PER_ADDRESS: usize = 64;

/// The addresses with bodies arriving, and how many each.
#[derive(Default)]
pub struct BodyReaders(std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>);

/// A body being read from an address (counted until dropped).
struct Reading<'a>(&'a BodyReaders, std::net::IpAddr);

impl BodyReaders {
    fn enter(&self, ip: std::net::IpAddr) -> Option<Reading<'_>> {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(ip).or_default();
        if *n >= SLOW_BODIES_PER_ADDRESS {
            return None;
        }
        *n += 1;
        Some(Reading(self, ip))
    }
}

impl Drop for Reading<'_> {
    fn drop(&mut self) {
        let mut map = self.0 .0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.1) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.1);
            }
        }
    }
}

/// Reads a request's body whole, under [`BODY_READ_TIMEOUT`] and at most
/// [`SLOW_BODIES_PER_ADDRESS`] at once per client address, before the request goes on to the
/// load-shedding slots and the request timeout: slow bodies can't hold the slots every other
/// request needs. A body announced larger than [`MAX_BODY_BYTES`] is left to the body limit
/// inside (413 without reading it).
pub(super) async fn read_body_first(
    State(readers): State<std::sync::Arc<BodyReaders>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    use axum::http::header::{CONTENT_LENGTH, TRANSFER_ENCODING};
    let length = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let chunked = request.headers().contains_key(TRANSFER_ENCODING);
    match (length, chunked) {
        (Some(0), false) | (None, false) => return next.run(request).await,
        (Some(n), _) if n > MAX_BODY_BYTES as u64 => return next.run(request).await,
        _ => {}
    }
    let peer = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|c| c.0.ip());
    let reading = match peer {
        Some(ip) => match readers.enter(ip) {
            Some(r) => Some(r),
            None => {
                let mut r = kernel::http::ApiError::refused(
                    StatusCode::TOO_MANY_REQUESTS,
                    "TooManyUnfinished",
                    "Too many unfinished requests from your address. Please try again in a moment.",
                )
                .into_response();
                r.headers_mut()
                    .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
                return r;
            }
        },
        None => None,
    };
    let (parts, body) = request.into_parts();
    let read = tokio::time::timeout(
        BODY_READ_TIMEOUT,
        axum::body::to_bytes(body, MAX_BODY_BYTES),
    )
    .await;
    drop(reading);
    match read {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
                .await
        }
        Ok(Err(e)) => {
            // axum's body limit error (the source's type is not public here).
            let too_large = e.to_string().contains("length limit")
                || std::error::Error::source(&e)
                    .is_some_and(|s| s.to_string().contains("length limit"));
            if too_large {
                error_for(StatusCode::PAYLOAD_TOO_LARGE, None)
            } else {
                kernel::http::ApiError::refused(
                    StatusCode::BAD_REQUEST,
                    "IncompleteBody",
                    "The request ended before its body did.",
                )
                .into_response()
            }
        }
        Err(_) => kernel::http::ApiError::refused(
            StatusCode::REQUEST_TIMEOUT,
            "BodyTooSlow",
            "The request took too long to arrive. Please try again.",
        )
        .into_response(),
    }
}

/// Sheds load: past [`MAX_IN_FLIGHT`] requests at once, answers 503 `Overloaded` with
/// `Retry-After: 1` without running the request.
pub(super) async fn shed_load(
    State(in_flight): State<std::sync::Arc<tokio::sync::Semaphore>>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let path = request.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(request).await;
    }
    let Ok(_permit) = in_flight.try_acquire() else {
        let mut r = kernel::http::ApiError::refused(
            StatusCode::SERVICE_UNAVAILABLE,
            "Overloaded",
            "The store is very busy right now. Please try again in a moment.",
        )
        .into_response();
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        return r;
    };
    next.run(request).await
}

/// The Content-Security-Policy of every answer: only our own scripts, style sheets, pictures
/// (and `data:` ones: the favicon) and API; no plugins, no `<base>` elsewhere, forms post to
/// us, and no site may frame a page (clickjacking). It is the second layer behind the server's
/// escaping of the suggestions' HTML (`dangerouslySetInnerHTML`): an injected script or
/// inline handler would not run. Style attributes are allowed (`style-src-attr`): the pages
/// rendered on the server carry React's inline styles (a rating's stars, a carousel's place);
/// `<style>` elements are not.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

/// [`CONTENT_SECURITY_POLICY`] with outside origins allowed to give scripts, frames and
/// answers (a configured captcha or sign-in provider's); without any, the policy itself.
pub fn content_security_policy(origins: &[String]) -> String {
    if origins.is_empty() {
        return CONTENT_SECURITY_POLICY.to_string();
    }
    let list = origins.join(" ");
    format!(
        "default-src 'self'; script-src 'self' {list}; style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self' data:; font-src 'self'; connect-src 'self' {list}; frame-src {list}; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// What [`security_headers`] sets: the CSP (with the configured outside origins) and whether
/// the store is served over TLS.
#[derive(Clone)]
pub struct SecurityPolicy {
    pub tls: bool,
    pub csp: HeaderValue,
}

impl SecurityPolicy {
    pub fn new(tls: bool, origins: &[String]) -> Self {
        let csp = HeaderValue::from_str(&content_security_policy(origins))
            .unwrap_or(HeaderValue::from_static(CONTENT_SECURITY_POLICY));
        Self { tls, csp }
    }
}

/// HSTS when served over TLS (`COOKIE_SECURE`): a year, subdomains included.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000; includeSubDomains";

/// The security headers of every answer (pages, API, files, errors): CSP, no MIME sniffing,
/// no framing, a referrer that leaves only the origin to other sites, and HSTS over TLS.
pub(super) async fn security_headers(
    State(policy): State<SecurityPolicy>,
    request: Request,
    next: axum::middleware::Next,
) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .entry(header::CONTENT_SECURITY_POLICY)
        .or_insert(policy.csp);
    set_security_headers(response.headers_mut(), policy.tls);
    response
}

/// The headers [`security_headers`] adds, where the answer has not set them itself.
pub(super) fn set_security_headers(headers: &mut axum::http::HeaderMap, tls: bool) {
    let mut set = |name: header::HeaderName, value: &'static str| {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    };
    set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    if tls {
        set(header::STRICT_TRANSPORT_SECURITY, STRICT_TRANSPORT_SECURITY);
    }
}

/// Hashed assets are immutable; everything else (index.html, API answers) is revalidated.
pub(super) async fn cache_headers(request: Request, next: axum::middleware::Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value = if immutable && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static(value));
    response
}
