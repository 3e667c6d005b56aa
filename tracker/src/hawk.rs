//! `GET /hawk.png`: t (the event as base64 JSON, standard or URL-safe alphabet, padded or
//! not), et (event type code), cg (client id) or bu (base url), cd (custom data) and a random
//! token. Answers a 1×1 PNG that no cache keeps, whatever the input; a valid event is queued
//! for the topic, anything else is counted and dropped.

use std::borrow::Cow;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::Engine;
use kernel::identity::Identity;
use serde_json::Value;

use crate::codes::EventType;
use crate::event::{self, browser_of, cut, Rejection, Source, TrackingEvent};
use crate::TrackerState;

/// A transparent 1×1 PNG.
pub const PIXEL: [u8; 67] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
    0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
    0x42, 0x60, 0x82,
];

/// Longest query string read (a beacon is small; a longer one is dropped unread).
pub const MAX_QUERY: usize = 16 * 1024;

/// Reads the request in place (its headers and identity are borrowed, not copied): at
/// thousands of beacons a second every copy shows.
#[utoipa::path(
    get,
    path = "/hawk.png",
    tag = "tracking",
    summary = "Tracking pixel: one event of the tracking pipeline (tracking version v2)",
    description = "Answers a transparent 1×1 PNG at once (`Cache-Control: no-store`), whatever the input. `t` is the event as base64 JSON (standard or URL-safe alphabet, padding optional) holding the spec's event fields (`timestamp`, `visitor_id`, … `keyword`; others are dropped) and, for click events, the click details; `et` is the event type code (PageLoad 1 … AutoCompleteClick 11). A valid event goes to `storefront.tracking.v1` enriched by the server (event id, receive time, pseudonymous visitor and visit ids from the cookies, user-agent class); anything else (unknown `et`, bad base64 or JSON, a version other than v2, a code outside its table) is counted in `/metrics` and dropped. The random token makes a retried request the same event. See docs/events.md.",
    params(
        ("t" = Option<String>, Query, description = "The event: base64 of its JSON"),
        ("et" = Option<String>, Query, description = "Event type code 1–11 (or its name)"),
        ("cg" = Option<String>, Query, description = "Client id"),
        ("bu" = Option<String>, Query, description = "Base URL (instead of cg)"),
        ("cd" = Option<String>, Query, description = "Custom data (JSON or text)"),
        ("r" = Option<String>, Query, description = "Random token (any parameter name other than the above works)"),
    ),
    responses(
        (status = 200, description = "The pixel", content_type = "image/png", body = inline(Png)),
    )
)]
pub async fn hawk(State(state): State<TrackerState>, request: Request) -> Response {
    let identity = Identity::of(request.extensions());
    let query = request.uri().query().unwrap_or("");
    match decode(&state, &identity, request.headers(), query) {
        Ok(event) => state.sink.send(&event),
        Err(why) => state.sink.stats.reject(why),
    }
    pixel()
}

/// A PNG image.
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
pub struct Png(Vec<u8>);

/// The PNG answer, never cached.
pub fn pixel() -> Response {
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("image/png")),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("no-store, no-cache, must-revalidate, private"),
            ),
            (header::PRAGMA, HeaderValue::from_static("no-cache")),
        ],
        &PIXEL[..],
    )
        .into_response()
}

const LENIENT: GeneralPurposeConfig = GeneralPurposeConfig::new()
    .with_decode_padding_mode(DecodePaddingMode::Indifferent)
    .with_decode_allow_trailing_bits(true);
const STANDARD: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, LENIENT);
const URL_SAFE: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, LENIENT);

/// Base64 in either alphabet, padded or not. A '+' that arrived as a space (not URL-encoded
/// by the sender) is read as '+'; other whitespace is skipped.
pub fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let engine = |t: &str| {
        if t.contains(['-', '_']) {
            URL_SAFE
        } else {
            STANDARD
        }
    };
    if !text.bytes().any(|b| b.is_ascii_whitespace()) {
        // The usual beacon: decoded as it came, without a copy.
        return engine(text).decode(text.as_bytes()).ok();
    }
    let text: String = text
        .chars()
        .map(|c| if c == ' ' { '+' } else { c })
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    engine(&text).decode(text.as_bytes()).ok()
}

/// Reads a hawk.png query into an event.
pub fn decode(
    state: &TrackerState,
    identity: &Identity,
    headers: &HeaderMap,
    query: &str,
) -> Result<TrackingEvent, Rejection> {
    if query.len() > MAX_QUERY {
        return Err(Rejection::TooLarge);
    }
    // Borrowed from the query where nothing needed unescaping (the usual beacon).
    let pairs: Vec<(Cow<str>, Cow<str>)> = form_urlencoded::parse(query.as_bytes()).collect();
    let param = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_ref())
    };
    let event_type = param("et")
        .and_then(|et| match et.trim().parse::<i64>() {
            Ok(code) => EventType::from_code(code),
            Err(_) => EventType::from_name(et),
        })
        .ok_or(Rejection::UnknownEvent)?;
    let bytes = param("t")
        .and_then(decode_base64)
        .ok_or(Rejection::BadEncoding)?;
    let object = match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(o)) => o,
        _ => return Err(Rejection::BadJson),
    };
    let (data, mut click) = event::decode_fields(event_type, &object)?;
    if let (Some(click), Some(ua)) = (click.as_mut(), crate::user_agent(headers)) {
        let (browser, version, os) = browser_of(ua);
        let mut fill = |k: &str, v: Option<String>| {
            if let Some(v) = v {
                click.entry(k).or_insert(Value::String(v));
            }
        };
        fill("browser", browser.map(String::from));
        fill("browser_version", version);
        fill("os", os.map(String::from));
    }
    // The random token, under whatever name the sender used: any parameter but the known.
    let token = pairs
        .iter()
        .find(|(k, _)| {
            !["t", "et", "cg", "bu", "cd"]
                .iter()
                .any(|known| k.eq_ignore_ascii_case(known))
        })
        .map(|(_, v)| v.as_ref());
    let mut e = state.event(identity, headers, Source::Hawk, event_type.name(), token);
    e.event_type = Some(event_type.code());
    // Every free text through the redactor: a client id or base URL may carry an email too.
    e.client_id = param("cg")
        .filter(|v| !v.is_empty())
        .map(|v| event::redact_owned(cut(v, 200)));
    e.base_url = param("bu")
        .filter(|v| !v.is_empty())
        .map(|v| event::redact_owned(cut(v, 500)));
    e.custom_data =
        param("cd").filter(|v| !v.is_empty()).and_then(|cd| {
            match serde_json::from_str::<Value>(cd) {
                Ok(Value::Object(o)) => Some(Value::Object(event::bounded_map(&o))),
                Ok(v) => event::scalar(&v),
                Err(_) => Some(Value::String(event::redact_owned(cut(cd, event::MAX_TEXT)))),
            }
        });
    e.data = data;
    e.click = click;
    if event_type == EventType::Search {
        // Counted only for a search the server itself answered with hits, for this visitor
        // and keyword (kernel::query_id); the beacon's own `total` is not believed.
        let verified = match (e.text("query_id"), e.text("keyword")) {
            (Some(q), Some(k)) => {
                kernel::query_id::verify(identity.keyring(), &identity.visitor_id, &k, &q)
            }
            _ => None,
        };
        e.counted &= verified == Some(true);
    }
    Ok(e)
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(hawk))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_alphabets_with_or_without_padding() {
        let json = br#"{"keyword":"dog food ~?>"}"#;
        let standard = base64::engine::general_purpose::STANDARD.encode(json);
        let url_safe = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
        assert!(standard.contains('+') || standard.contains('/') || standard.ends_with('='));
        assert_eq!(decode_base64(&standard).unwrap(), json);
        assert_eq!(decode_base64(&url_safe).unwrap(), json);
        assert_eq!(decode_base64(&standard.replace('+', " ")).unwrap(), json);
        assert!(decode_base64("!!!").is_none());
        assert!(decode_base64("").is_none());
    }

    #[test]
    fn the_pixel_is_a_one_by_one_png() {
        assert_eq!(&PIXEL[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(&PIXEL[16..24], &[0, 0, 0, 1, 0, 0, 0, 1]);
    }
}
