//! The shell's beacons (storefront-shell.md 7) and the browser's analytics pushes, each to the
//! tracking topic under its own event name:
//!
//! * `POST /event/a/productview` — a, u, b (product number), h; JSON or a form; not recorded
//!   for bots.
//! * `POST /event/a/carousel-click` — the carousel tracking JSON (spec 3).
//! * `POST /event/a/sponsored-ad-click` — the ad id (JSON text or number, or `{"adId"}`).
//! * `POST /event/a/sponsored-ad-impression` — a JSON array of ad ids.
//! * `POST /event/a/analytics` — `{"event": name, …params}` for email_subscribe, menu_click,
//!   product_carousel_view, product_carousel_click and popular_search.
//!
//! Accepted (or ignored) beacons answer 204; unreadable ones 400 in the one error shape, and
//! nothing is recorded.
//!
//! Free-text fields (product view texts, carousel texts, every analytics push entry and key)
//! pass through the redactor (`crate::redact`); product numbers and ad ids are checked
//! identifiers and kept as sent.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use kernel::http::ApiError;
use kernel::identity::Identity;
use serde_json::{Map, Value};

use crate::codes;
use crate::event::{self, Agent, Rejection, Source};
use crate::TrackerState;

/// Largest beacon body read.
pub const MAX_BODY: usize = 16 * 1024;
/// Most ad ids in one impression beacon.
pub const MAX_IMPRESSIONS: usize = 50;

/// The carousel tracking fields of spec 3.
pub const CAROUSEL_FIELDS: [&str; 9] = [
    "itemListID",
    "itemListName",
    "index",
    "currentPrice",
    "belowMap",
    "priceMode",
    "blainNumber",
    "vendorBrand",
    "productName",
];

/// The product view event's fields (storefront-shell.md 3).
pub const PRODUCT_VIEW_FIELDS: [&str; 4] = ["a", "u", "b", "h"];

/// Longest text of a beacon field.
pub const MAX_FIELD: usize = 2048;

/// A product number: 1–40 letters, digits or dashes.
pub fn product_number(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 40
        && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The product view event: `b` is the product number; `a`, `u` and `h` are kept as sent.
#[derive(Debug, serde::Deserialize)]
struct ProductView {
    a: Option<String>,
    u: Option<String>,
    b: String,
    h: Option<String>,
}

/// The carousel tracking fields of spec 3, typed.
#[derive(Debug, serde::Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct CarouselClick {
    #[serde(rename = "itemListID", skip_serializing_if = "Option::is_none")]
    item_list_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    item_list_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    current_price: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    below_map: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    price_mode: Option<String>,
    blain_number: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    vendor_brand: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    product_name: Option<String>,
}

/// Texts within [`MAX_FIELD`] characters and free of control characters.
fn texts_ok<'a>(texts: impl IntoIterator<Item = &'a Option<String>>) -> bool {
    texts
        .into_iter()
        .flatten()
        .all(|t| t.chars().count() <= MAX_FIELD && !t.chars().any(char::is_control))
}

fn refuse(state: &TrackerState, why: Rejection) -> Response {
    state.sink.stats.reject(why);
    ApiError::BadRequest {
        code: why.code(),
        message: why.message().to_string(),
    }
    .into_response()
}

fn idempotency_key(headers: &HeaderMap) -> Option<&str> {
    headers.get("idempotency-key").and_then(|v| v.to_str().ok())
}

/// The body as JSON, or (for forms) as an object of its fields.
fn read_body(headers: &HeaderMap, body: &[u8]) -> Result<Value, Rejection> {
    if body.len() > MAX_BODY {
        return Err(Rejection::TooLarge);
    }
    let form = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
    if form {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_bytes(body).map_err(|_| Rejection::BadJson)?;
        return Ok(Value::Object(
            pairs
                .into_iter()
                .map(|(k, v)| (k, Value::String(v)))
                .collect(),
        ));
    }
    serde_json::from_slice(body).map_err(|_| Rejection::BadJson)
}

fn send(
    state: &TrackerState,
    identity: &Identity,
    headers: &HeaderMap,
    source: Source,
    name: &str,
    data: Map<String, Value>,
) -> Response {
    let mut e = state.event(identity, headers, source, name, idempotency_key(headers));
    e.data = data;
    state.sink.send(&e);
    accepted()
}

/// A beacon's 204. Never stored under its Idempotency-Key (`SafeRead`): a retried beacon keeps
/// its event id (the key makes it), so the consumers count it once without a stored answer.
fn accepted() -> Response {
    (
        axum::Extension(kernel::idempotency::SafeRead),
        StatusCode::NO_CONTENT,
    )
        .into_response()
}

pub async fn product_view(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let view: ProductView = match read_body(&headers, &body) {
        Ok(v @ Value::Object(_)) => match serde_json::from_value(v) {
            Ok(view) => view,
            Err(_) => return refuse(&state, Rejection::InvalidField),
        },
        Ok(_) => return refuse(&state, Rejection::BadJson),
        Err(why) => return refuse(&state, why),
    };
    if !product_number(&view.b) || !texts_ok([&view.a, &view.u, &view.h]) {
        return refuse(&state, Rejection::InvalidField);
    }
    if crate::agent(&headers) == Agent::Bot {
        state.sink.stats.reject(Rejection::Bot);
        return accepted();
    }
    // `b` is a product number (checked above); the others are free text and redacted.
    let mut data = Map::new();
    for (k, v) in [
        ("a", view.a.map(event::redact_owned)),
        ("u", view.u.map(event::redact_owned)),
        ("b", Some(view.b)),
        ("h", view.h.map(event::redact_owned)),
    ] {
        if let Some(v) = v {
            data.insert(k.into(), Value::String(v));
        }
    }
    send(
        &state,
        &identity,
        &headers,
        Source::Beacon,
        codes::PRODUCT_VIEW,
        data,
    )
}

pub async fn carousel_click(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut click: CarouselClick = match read_body(&headers, &body) {
        Ok(v @ Value::Object(_)) => match serde_json::from_value(v) {
            Ok(click) => click,
            Err(_) => return refuse(&state, Rejection::InvalidField),
        },
        Ok(_) => return refuse(&state, Rejection::BadJson),
        Err(why) => return refuse(&state, why),
    };
    let texts = [
        &click.item_list_id,
        &click.item_list_name,
        &click.price_mode,
        &click.vendor_brand,
        &click.product_name,
    ];
    let price_ok = click
        .current_price
        .is_none_or(|p| p.is_finite() && p >= 0.0);
    let index = match click.index {
        None => None,
        Some(i) => match serde_json::Number::from_f64(i).as_ref().and_then(whole) {
            Some(i) if i <= u64::from(u32::MAX) => Some(i),
            _ => return refuse(&state, Rejection::InvalidField),
        },
    };
    if !product_number(&click.blain_number) || !texts_ok(texts) || !price_ok {
        return refuse(&state, Rejection::InvalidField);
    }
    for text in [
        &mut click.item_list_id,
        &mut click.item_list_name,
        &mut click.price_mode,
        &mut click.vendor_brand,
        &mut click.product_name,
    ] {
        *text = text.take().map(event::redact_owned);
    }
    let mut data = match serde_json::to_value(&click) {
        Ok(Value::Object(o)) => o,
        _ => return refuse(&state, Rejection::InvalidField),
    };
    if let Some(i) = index {
        data.insert("index".into(), Value::from(i));
    }
    send(
        &state,
        &identity,
        &headers,
        Source::Beacon,
        codes::CAROUSEL_CLICK,
        data,
    )
}

/// The largest whole number a JSON number holds exactly everywhere (2^53 - 1).
pub const MAX_WHOLE: u64 = 9_007_199_254_740_991;

/// A whole number from 0 to [`MAX_WHOLE`] (`513` or `513.0`; JSON does not tell them apart). A
/// float within parsing error of a whole number (a relative 1e-12) counts as that number.
fn whole(n: &serde_json::Number) -> Option<u64> {
    n.as_u64()
        .or_else(|| {
            n.as_f64()
                .filter(|f| *f >= 0.0 && *f < 1.8e19 && (f - f.round()).abs() <= f * 1e-12)
                .map(|f| f.round() as u64)
        })
        .filter(|n| *n <= MAX_WHOLE)
}

/// An ad id: 1–100 letters, digits, '.', '_', ':' or '-', or a whole number from 0.
fn ad_id(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => (!s.is_empty()
            && s.len() <= 100
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | ':' | '-')))
        .then(|| s.clone()),
        Value::Number(n) => whole(n).map(|n| n.to_string()),
        Value::Object(o) => o.get("adId").and_then(ad_id),
        _ => None,
    }
}

pub async fn ad_click(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let value = match read_body(&headers, &body) {
        Ok(v) => v,
        // A bare id sent as text/plain without JSON quotes.
        Err(Rejection::BadJson) => Value::String(String::from_utf8_lossy(&body).into_owned()),
        Err(why) => return refuse(&state, why),
    };
    let Some(id) = ad_id(&value) else {
        return refuse(&state, Rejection::InvalidField);
    };
    let mut data = Map::new();
    data.insert("adId".into(), Value::String(id));
    send(
        &state,
        &identity,
        &headers,
        Source::Beacon,
        codes::SPONSORED_AD_CLICK,
        data,
    )
}

pub async fn ad_impression(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let ids: Option<Vec<String>> = match read_body(&headers, &body) {
        Ok(Value::Array(items)) if !items.is_empty() && items.len() <= MAX_IMPRESSIONS => {
            items.iter().map(ad_id).collect()
        }
        Ok(_) => None,
        Err(why) => return refuse(&state, why),
    };
    let Some(mut ids) = ids else {
        return refuse(&state, Rejection::InvalidField);
    };
    let mut seen = std::collections::HashSet::new();
    ids.retain(|id| seen.insert(id.clone()));
    let mut data = Map::new();
    data.insert(
        "adIds".into(),
        Value::Array(ids.into_iter().map(Value::String).collect()),
    );
    send(
        &state,
        &identity,
        &headers,
        Source::Beacon,
        codes::SPONSORED_AD_IMPRESSION,
        data,
    )
}

pub async fn analytics_push(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let mut object = match read_body(&headers, &body) {
        Ok(Value::Object(o)) => o,
        Ok(_) => return refuse(&state, Rejection::BadJson),
        Err(why) => return refuse(&state, why),
    };
    let name = object
        .remove("event")
        .and_then(|v| v.as_str().map(str::to_string))
        .and_then(|n| codes::ANALYTICS_PUSHES.into_iter().find(|p| *p == n));
    let Some(name) = name else {
        return refuse(&state, Rejection::UnknownEvent);
    };
    let data = event::bounded_map(&object);
    send(&state, &identity, &headers, Source::Analytics, name, data)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ad_ids_are_short_texts_or_whole_numbers() {
        assert_eq!(ad_id(&json!("ad-1")).as_deref(), Some("ad-1"));
        assert_eq!(ad_id(&json!(42)).as_deref(), Some("42"));
        assert_eq!(ad_id(&json!({"adId": "x"})).as_deref(), Some("x"));
        assert_eq!(ad_id(&json!(1.5)), None);
        assert_eq!(ad_id(&json!("")), None);
        assert_eq!(ad_id(&json!("a b")), None);
        assert_eq!(ad_id(&json!(-1)), None);
        assert_eq!(ad_id(&json!(23555363.0)).as_deref(), Some("23555363"));
        assert_eq!(ad_id(&json!(2.5)), None);
        // A large float whose parse is off by a fraction still counts as whole.
        let parsed: Value = serde_json::from_str("4427722997850702.0").unwrap();
        assert!(ad_id(&parsed).is_some());
        assert_eq!(ad_id(&json!("a".repeat(101))), None);
        assert_eq!(ad_id(&json!(null)), None);
    }

    #[test]
    fn forms_read_as_objects() {
        let mut h = HeaderMap::new();
        h.insert(
            axum::http::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded".parse().unwrap(),
        );
        assert_eq!(
            read_body(&h, b"a=1&b=42").unwrap(),
            json!({"a": "1", "b": "42"})
        );
        assert_eq!(
            read_body(&HeaderMap::new(), b"{").unwrap_err(),
            Rejection::BadJson
        );
        assert_eq!(
            read_body(&HeaderMap::new(), &vec![b' '; MAX_BODY + 1]).unwrap_err(),
            Rejection::TooLarge
        );
    }
}
