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
#[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = ProductViewBeacon)]
struct ProductView {
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    a: Option<String>,
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    u: Option<String>,
    #[schema(pattern = "^[0-9A-Za-z-]{1,40}$")]
    b: String,
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    h: Option<String>,
}

/// The carousel tracking fields of spec 3, typed.
#[derive(Debug, serde::Deserialize, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CarouselClickBeacon)]
struct CarouselClick {
    #[serde(rename = "itemListID", skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    item_list_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    item_list_name: Option<String>,
    /// A whole number (`2` or `2.0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 4294967295_i64)]
    index: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    current_price: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    below_map: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    price_mode: Option<String>,
    #[schema(pattern = "^[0-9A-Za-z-]{1,40}$")]
    blain_number: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    vendor_brand: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 2048, pattern = r"^[^\u0000-\u001f\u007f-\u009f]*$")]
    product_name: Option<String>,
}

/// A sponsored ad's id: 1–100 letters, digits, '.', '_', ':' or '-', or a whole number from 0
/// (see [`ad_id`]). For the OpenAPI document only.
pub struct AdId;

impl utoipa::PartialSchema for AdId {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some("^[A-Za-z0-9._:-]{1,100}$")),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0))
                    .maximum(Some(MAX_WHOLE as f64)),
            )
            .into()
    }
}

impl utoipa::ToSchema for AdId {}

/// The ad ids of an impression beacon: 1 to [`MAX_IMPRESSIONS`]. For the OpenAPI document
/// only.
pub struct AdIds;

impl utoipa::PartialSchema for AdIds {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ArrayBuilder::new()
            .items(<AdId as utoipa::PartialSchema>::schema())
            .min_items(Some(1))
            .max_items(Some(MAX_IMPRESSIONS))
            .into()
    }
}

impl utoipa::ToSchema for AdIds {}

/// An analytics push: the event's name and its parameters.
// For the OpenAPI document only: `analytics_push` reads the body as JSON.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct AnalyticsPush {
    #[schema(inline)]
    event: AnalyticsEvent,
}

/// The analytics pushes recorded.
// For the OpenAPI document only: the names are `codes::ANALYTICS_PUSHES`.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum AnalyticsEvent {
    EmailSubscribe,
    MenuClick,
    ProductCarouselView,
    ProductCarouselClick,
    PopularSearch,
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

#[utoipa::path(
    post,
    path = "/event/a/productview",
    tag = "tracking",
    summary = "Product view beacon",
    description = "Sent by the product page (not for bots; bots by user agent are ignored). `b` is the product number; `a`, `u`, `h` are kept as sent. A form post (`application/x-www-form-urlencoded`) with the same fields works too. Answers 204; nothing is recorded on a 400.",
    request_body(content = ProductView, example = json!({"a": "view", "u": "/product/100123/", "b": "100123", "h": "1"})),
    responses(
        (status = 204, description = "Recorded (or ignored, for a bot's product view)"),
        (status = 400, description = "`MalformedJson` (not JSON), `InvalidInput` (no or a malformed product number, a text too long or holding control characters), `TooLarge` (over 16 KiB).", body = kernel::http::ErrorBody),
    )
)]
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

#[utoipa::path(
    post,
    path = "/event/a/carousel-click",
    tag = "tracking",
    summary = "Carousel click beacon",
    description = "The carousel tracking fields of spec 3. Answers 204; nothing is recorded on a 400.",
    request_body(content = CarouselClick, example = json!({"itemListID": "similar-items", "itemListName": "Similar Items", "index": 2, "currentPrice": 24.99, "belowMap": false, "priceMode": "normal", "blainNumber": "100123", "vendorBrand": "Purina", "productName": "Layena Crumbles 40 lb"})),
    responses(
        (status = 204, description = "Recorded (or ignored, for a bot's product view)"),
        (status = 400, description = "`MalformedJson`, `InvalidInput` (no or a malformed blainNumber, a mistyped field, a text too long or holding control characters), `TooLarge`.", body = kernel::http::ErrorBody),
    )
)]
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

#[utoipa::path(
    post,
    path = "/event/a/sponsored-ad-click",
    tag = "tracking",
    summary = "Sponsored-ad click beacon",
    description = "The ad id as JSON (a text or a whole number). Answers 204; nothing is recorded on a 400.",
    request_body(content = inline(AdId), example = json!("banner-winter-tires")),
    responses(
        (status = 204, description = "Recorded (or ignored, for a bot's product view)"),
        (status = 400, description = "`MalformedJson`, `InvalidInput` (not an ad id).", body = kernel::http::ErrorBody),
    )
)]
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

#[utoipa::path(
    post,
    path = "/event/a/sponsored-ad-impression",
    tag = "tracking",
    summary = "Sponsored-ad impression beacon",
    description = "The ad ids shown, sent once per page load. Answers 204; nothing is recorded on a 400.",
    request_body(content = inline(AdIds), example = json!(["banner-winter-tires"])),
    responses(
        (status = 204, description = "Recorded (or ignored, for a bot's product view)"),
        (status = 400, description = "`MalformedJson`, `InvalidInput` (not an array of 1 to 50 ad ids).", body = kernel::http::ErrorBody),
    )
)]
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

#[utoipa::path(
    post,
    path = "/event/a/analytics",
    tag = "tracking",
    summary = "The browser's analytics pushes",
    description = "One documented path for email_subscribe (method Footer), menu_click, product_carousel_view, product_carousel_click and popular_search, each on the tracking topic under its own name with its parameters (at most 30 scalar or list parameters are kept). Answers 204; nothing is recorded on a 400.",
    request_body(content = inline(AnalyticsPush), example = json!({"event": "email_subscribe", "method": "Footer"})),
    responses(
        (status = 204, description = "Recorded (or ignored, for a bot's product view)"),
        (status = 400, description = "`MalformedJson`, `UnknownEvent` ('No such tracking event': no or another event name).", body = kernel::http::ErrorBody),
    )
)]
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

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(product_view, carousel_click, ad_click, ad_impression, analytics_push))]
pub(crate) struct Api;

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
