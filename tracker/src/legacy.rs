//! The spec's legacy tracking links (accounts-rewards-search.md 7):
//!
//! * `GET /link.aspx?u=/path&id=…` — a result click: recorded as a Click event (3), then a
//!   redirect to `u` (or `url`, `q`) only when it is a local URL (a single slash, not '//' nor
//!   a backslash); anywhere else goes to the home page.
//! * `GET /banners.aspx?BannerId=…&u=/path` — a banner click (BannerClick, 7), same rule.
//! * `…/?fn=ajax&f=GetAutoCompleteClick&keyword=…&name=…&url=…&type=…` under the search base
//!   (`/s/a/`, `/s/a/default.aspx`) — records an AutoCompleteClick (11) and answers
//!   `{"success":true}` as JSON (a `callback` is ignored: no JSONP, see [`answer`]).
//!
//! Every text recorded (URLs, keywords, names, ids) passes through the redactor
//! (`crate::redact`): no email or phone number reaches the tracking topic in clear.

use axum::extract::{RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use kernel::identity::Identity;
use kernel::validation::is_local_url;
use serde_json::{Map, Value};

use crate::codes::{self, EventType};
use crate::event::{cut, redact_owned, Source};
use crate::TrackerState;

fn params(query: Option<&str>) -> Vec<(String, String)> {
    query
        .filter(|q| q.len() <= crate::hawk::MAX_QUERY)
        .and_then(|q| serde_urlencoded::from_str(q).ok())
        .unwrap_or_default()
}

fn param<'a>(pairs: &'a [(String, String)], names: &[&str]) -> Option<&'a str> {
    names.iter().find_map(|name| {
        pairs
            .iter()
            .find(|(k, v)| k.eq_ignore_ascii_case(name) && !v.trim().is_empty())
            .map(|(_, v)| v.trim())
    })
}

/// A redirect to `target` when it is local, else to the home page; never cached.
fn redirect(target: Option<&str>) -> Response {
    let location = target
        .filter(|t| is_local_url(t) && !t.chars().any(char::is_control))
        .unwrap_or("/");
    let location = HeaderValue::from_str(location).unwrap_or(HeaderValue::from_static("/"));
    (
        StatusCode::FOUND,
        [
            (header::LOCATION, location),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
    )
        .into_response()
}

fn copy(pairs: &[(String, String)], data: &mut Map<String, Value>, field: &str, names: &[&str]) {
    if let Some(v) = param(pairs, names) {
        data.insert(field.to_string(), Value::String(redact_owned(cut(v, 500))));
    }
}

fn record(
    state: &TrackerState,
    identity: &Identity,
    headers: &HeaderMap,
    event_type: EventType,
    data: Map<String, Value>,
) {
    let mut e = state.event(identity, headers, Source::Legacy, event_type.name(), None);
    e.event_type = Some(event_type.code());
    e.data = data;
    state.sink.send(&e);
}

#[utoipa::path(
    get,
    path = "/link.aspx",
    tag = "tracking",
    summary = "Legacy result-click link",
    description = "Records a Click event (3) and redirects to `u` (or `url`, `q`) when it is a local URL (one slash, not '//' nor a backslash); anywhere else goes to `/`.",
    params(
        ("u" = Option<String>, Query, description = "Destination"),
        ("id" = Option<String>, Query, description = "Tracking id"),
        ("i" = Option<String>, Query, description = "Item (product number)"),
        ("qid" = Option<String>, Query, description = "Query id"),
        ("k" = Option<String>, Query, description = "Keyword"),
        ("ix" = Option<String>, Query, description = "Position"),
    ),
    responses(
        (status = 302, description = "To the local URL given, else to the home page",
            headers(("Location" = String))),
    )
)]
pub async fn link(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let pairs = params(query.as_deref());
    let target = param(&pairs, &["u", "url", "q"]);
    let mut data = Map::new();
    if let Some(t) = target {
        data.insert("url".into(), Value::String(redact_owned(cut(t, 500))));
    }
    copy(
        &pairs,
        &mut data,
        "tracking_id",
        &["id", "tracking_id", "trackingId"],
    );
    copy(
        &pairs,
        &mut data,
        "unique_id",
        &["i", "unique_id", "uniqueId", "itemId"],
    );
    copy(
        &pairs,
        &mut data,
        "query_id",
        &["qid", "query_id", "queryId"],
    );
    copy(&pairs, &mut data, "keyword", &["k", "keyword"]);
    copy(
        &pairs,
        &mut data,
        "item_index",
        &["ix", "item_index", "index"],
    );
    record(&state, &identity, &headers, EventType::Click, data);
    redirect(target)
}

#[utoipa::path(
    get,
    path = "/banners.aspx",
    tag = "tracking",
    summary = "Legacy banner-click link",
    description = "Records a BannerClick event (7) for `BannerId` and redirects to `u` (or `url`) when it is a local URL, else to `/`.",
    params(
        ("BannerId" = Option<String>, Query, description = "The banner"),
        ("u" = Option<String>, Query, description = "Destination"),
    ),
    responses(
        (status = 302, description = "To the local URL given, else to the home page",
            headers(("Location" = String))),
    )
)]
pub async fn banner(
    State(state): State<TrackerState>,
    identity: Identity,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let pairs = params(query.as_deref());
    let target = param(&pairs, &["u", "url", "q"]);
    let mut data = Map::new();
    copy(&pairs, &mut data, "banner_id", &["BannerId", "banner_id"]);
    if let Some(t) = target {
        data.insert("url".into(), Value::String(redact_owned(cut(t, 500))));
    }
    if data.contains_key("banner_id") {
        record(&state, &identity, &headers, EventType::BannerClick, data);
    } else {
        state
            .sink
            .stats
            .reject(crate::event::Rejection::InvalidField);
    }
    redirect(target)
}

/// Middleware of the tracker role: answers `f=GetAutoCompleteClick` under the search base
/// before the search role's legacy dispatcher sees it.
pub async fn autocomplete_click(
    State(state): State<TrackerState>,
    request: Request,
    next: Next,
) -> Response {
    let path = request.uri().path();
    if path != "/s/a/" && path != "/s/a/default.aspx" {
        return next.run(request).await;
    }
    let pairs = params(request.uri().query());
    if !param(&pairs, &["f"]).is_some_and(|f| f.eq_ignore_ascii_case("GetAutoCompleteClick")) {
        return next.run(request).await;
    }
    let identity = Identity::of(request.extensions()).into_owned();
    let mut data = Map::new();
    copy(&pairs, &mut data, "keyword", &["keyword", "q"]);
    copy(&pairs, &mut data, "name", &["name", "term"]);
    copy(&pairs, &mut data, "url", &["url", "u"]);
    if let Some(t) = param(&pairs, &["type", "suggest_type", "suggestType"]) {
        match codes::code_of(&codes::AUTOCOMPLETE_TYPES, t) {
            Some(code) => {
                data.insert("suggest_type".into(), Value::from(code));
            }
            None => {
                state
                    .sink
                    .stats
                    .reject(crate::event::Rejection::InvalidField);
                return answer(&pairs, false);
            }
        }
    }
    record(
        &state,
        &identity,
        request.headers(),
        EventType::AutoCompleteClick,
        data,
    );
    answer(&pairs, true)
}

/// `{"success":…}` as JSON, whatever `callback` asks: the spec does not call this one as JSONP,
/// and a same-origin script answer echoing a caller's function name would be a gadget an
/// injected `<script src>` could use under `script-src 'self'`.
fn answer(_pairs: &[(String, String)], success: bool) -> Response {
    let body = serde_json::json!({ "success": success }).to_string();
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body,
    )
        .into_response()
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(link, banner))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_local_urls_are_followed() {
        let at = |t: Option<&str>| {
            redirect(t)
                .headers()
                .get(header::LOCATION)
                .unwrap()
                .to_str()
                .unwrap()
                .to_string()
        };
        assert_eq!(at(Some("/tires/")), "/tires/");
        assert_eq!(at(Some("//evil.example/")), "/");
        assert_eq!(at(Some("/\\evil.example")), "/");
        assert_eq!(at(Some("https://evil.example/")), "/");
        assert_eq!(at(None), "/");
    }
}
