//! The tracking event as it travels on `storefront.tracking.v1` (docs/events.md), and the
//! decoding of what browsers send: only the spec's listed fields are kept, each bounded.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::codes::{self, EventType, TRACKING_VERSION};
pub use crate::redact::{redact, redact_owned, EMAIL_REDACTED, PHONE_REDACTED};

/// The spec's event fields (accounts-rewards-search.md 3), kept as sent (bounded).
pub const EVENT_FIELDS: [&str; 28] = [
    "timestamp",
    "visitor_id",
    "visit_id",
    "request_path",
    "qs",
    "tracking_id",
    "unique_id",
    "element_no",
    "mlt",
    "url",
    "query_id",
    "type_id",
    "banner_id",
    "order_no",
    "item_list",
    "total",
    "tax",
    "sub_total",
    "currency",
    "price",
    "quantity",
    "value",
    "widget_guid",
    "item_index",
    "request_id",
    "suggest_type",
    "name",
    "keyword",
];

/// Fields of [`EVENT_FIELDS`] holding what a shopper typed or a page's address: redacted even
/// when sent as a number (every text field is redacted: see [`scalar`]).
pub const FREE_TEXT_FIELDS: [&str; 5] = ["keyword", "name", "qs", "url", "request_path"];

/// Click details of click events: numbers, then texts.
pub const CLICK_NUMBERS: [&str; 6] = [
    "mouse_x",
    "mouse_y",
    "viewport_w",
    "viewport_h",
    "scroll_x",
    "scroll_y",
];
pub const CLICK_TEXTS: [&str; 7] = [
    "element_tag",
    "element_id",
    "element_class",
    "element_text",
    "browser",
    "browser_version",
    "os",
];

/// An event's fields by name.
pub type Fields = Map<String, Value>;

/// Longest text kept in one field.
pub const MAX_TEXT: usize = 500;
/// Most entries kept of a list (`item_list`, impression ad ids).
pub const MAX_LIST: usize = 100;
/// Most keys kept of an analytics push or custom data.
pub const MAX_KEYS: usize = 30;

/// Where an event came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    /// `GET /hawk.png`
    Hawk,
    /// `POST /event/a/…` beacons of the shell
    Beacon,
    /// `POST /event/a/analytics`: the browser's analytics pushes
    Analytics,
    /// `/link.aspx`, `/banners.aspx`, `f=GetAutoCompleteClick`
    Legacy,
    /// Sent by the store itself (the Sale of a placed order).
    Server,
}

/// What kind of client sent it, from its user agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Agent {
    Browser,
    Bot,
    Unknown,
}

/// Bots by user agent: their events are kept apart (popular searches ignore them) and their
/// product views are not recorded.
pub fn agent_class(user_agent: Option<&str>) -> Agent {
    let Some(ua) = user_agent.map(str::to_ascii_lowercase) else {
        return Agent::Unknown;
    };
    const BOTS: [&str; 9] = [
        "bot",
        "crawl",
        "spider",
        "slurp",
        "bingpreview",
        "facebookexternalhit",
        "mediapartners",
        "archiver",
        "python-requests",
    ];
    if BOTS.iter().any(|b| ua.contains(b)) {
        Agent::Bot
    } else if ua.contains("mozilla") || ua.contains("webkit") || ua.contains("opera") {
        Agent::Browser
    } else {
        Agent::Unknown
    }
}

/// One event on the tracking topic (schema version 2 = tracking version v2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackingEvent {
    /// Always "v2".
    pub version: String,
    /// Unique per event; a retried beacon (same random token or Idempotency-Key from the same
    /// visitor) keeps its id, so consumers count it once.
    pub event_id: String,
    /// "PageLoad" … "AutoCompleteClick" for hawk.png events; the beacon's or push's own name
    /// otherwise ("productview", "carousel-click", "menu_click", …).
    pub event: String,
    /// The spec's numeric code of hawk.png events (1–11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event_type: Option<u8>,
    pub source: Source,
    pub received_at: DateTime<Utc>,
    /// Pseudonymous: a keyed hash of the visitor cookie's id (never the cookie's value).
    pub visitor_id: String,
    /// Pseudonymous, like the visitor id.
    pub visit_id: String,
    pub agent: Agent,
    /// `cg` of hawk.png.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// `bu` of hawk.png.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    /// `cd` of hawk.png (JSON when it parses as JSON, else the text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_data: Option<Value>,
    /// The event's fields (the spec's names for hawk.png events; the beacon's fields
    /// otherwise).
    pub data: Map<String, Value>,
    /// Click details of click events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub click: Option<Map<String, Value>>,
    /// Set by the server: the beacon came with the store's signed visitor cookie and not from
    /// another site's page, and a Search's `query_id` is one the search API issued to this
    /// visitor for this keyword with hits. Only such events count toward what every shopper is
    /// shown (popular searches, popular products, the ranking's popularity).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub counted: bool,
}

impl TrackingEvent {
    pub fn event_type(&self) -> Option<EventType> {
        self.event_type.and_then(|c| EventType::from_code(c.into()))
    }

    /// A text field of `data` (numbers as their text).
    pub fn text(&self, field: &str) -> Option<String> {
        match self.data.get(field)? {
            Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// A number field of `data` (texts that parse as numbers too).
    pub fn number(&self, field: &str) -> Option<f64> {
        match self.data.get(field)? {
            Value::Number(n) => n.as_f64(),
            Value::String(s) => s.trim().parse().ok(),
            _ => None,
        }
        .filter(|n: &f64| n.is_finite())
    }
}

/// Why an event was not accepted (each counted in the tracker's metrics).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// t is missing or not base64.
    BadEncoding,
    /// t does not decode to a JSON object.
    BadJson,
    /// et (or the event name) is not one of the spec's events.
    UnknownEvent,
    /// A version other than v2.
    UnknownVersion,
    /// A code outside its table (page, search or autocomplete type; a rating outside 1–5).
    InvalidField,
    /// Too large to be a beacon.
    TooLarge,
    /// A product view from a bot (ignored by the spec's rule).
    Bot,
}

impl Rejection {
    pub const ALL: [Rejection; 7] = [
        Rejection::BadEncoding,
        Rejection::BadJson,
        Rejection::UnknownEvent,
        Rejection::UnknownVersion,
        Rejection::InvalidField,
        Rejection::TooLarge,
        Rejection::Bot,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Rejection::BadEncoding => "bad_encoding",
            Rejection::BadJson => "bad_json",
            Rejection::UnknownEvent => "unknown_event",
            Rejection::UnknownVersion => "unknown_version",
            Rejection::InvalidField => "invalid_field",
            Rejection::TooLarge => "too_large",
            Rejection::Bot => "bot",
        }
    }

    /// The answer's error code (the API's one error shape).
    pub fn code(self) -> &'static str {
        match self {
            Rejection::BadEncoding => "InvalidEncoding",
            Rejection::BadJson => "MalformedJson",
            Rejection::UnknownEvent => "UnknownEvent",
            Rejection::UnknownVersion => "UnknownVersion",
            Rejection::InvalidField => "InvalidInput",
            Rejection::TooLarge => "TooLarge",
            Rejection::Bot => "Bot",
        }
    }

    /// The answer's message (the spec's words where it has them).
    pub fn message(self) -> &'static str {
        match self {
            Rejection::UnknownEvent => "No such tracking event",
            Rejection::UnknownVersion => "Unsupported tracking version: this is v2",
            Rejection::BadEncoding | Rejection::BadJson => "The event could not be read",
            Rejection::InvalidField => "The event has a value outside its range",
            Rejection::TooLarge => "The event is too large",
            Rejection::Bot => "Product views of bots are not recorded",
        }
    }
}

/// Text cut to `max` characters, control characters removed.
pub fn cut(text: &str, max: usize) -> String {
    // Most texts are short and clean: one copy, without rebuilding them a character at a time.
    if text.len() <= max && !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars().filter(|c| !c.is_control()).take(max).collect()
}

/// A scalar kept as sent (texts cut, emails and phone numbers redacted: see [`redact`]), or
/// `None` for objects, nulls and empty texts.
pub fn scalar(value: &Value) -> Option<Value> {
    match value {
        Value::String(s) if s.trim().is_empty() => None,
        Value::String(s) => Some(Value::String(redact_owned(cut(s, MAX_TEXT)))),
        Value::Number(_) | Value::Bool(_) => Some(value.clone()),
        _ => None,
    }
}

/// A list of scalars (at most [`MAX_LIST`]), or a comma list in a text.
pub fn list(value: &Value) -> Option<Value> {
    match value {
        Value::Array(items) => {
            let kept: Vec<Value> = items.iter().filter_map(scalar).take(MAX_LIST).collect();
            (!kept.is_empty()).then_some(Value::Array(kept))
        }
        other => scalar(other),
    }
}

/// Keeps at most [`MAX_KEYS`] scalar (or list) entries with short keys (keys and texts
/// redacted: an analytics push may carry personal data in either).
pub fn bounded_map(object: &Map<String, Value>) -> Map<String, Value> {
    object
        .iter()
        .filter(|(k, _)| !k.is_empty() && k.len() <= 64)
        .filter_map(|(k, v)| list(v).map(|v| (redact_owned(cut(k, 64)), v)))
        .take(MAX_KEYS)
        .collect()
}

/// The fields of a hawk.png event, validated against its type: the listed fields only,
/// codes checked against their tables.
pub fn decode_fields(
    event: EventType,
    object: &Map<String, Value>,
) -> Result<(Fields, Option<Fields>), Rejection> {
    if let Some(version) = object.get("version").or_else(|| object.get("v")) {
        let v = match version {
            Value::String(s) => s.trim().to_ascii_lowercase(),
            Value::Number(n) => format!("v{n}"),
            _ => String::new(),
        };
        if v != TRACKING_VERSION && v != "2" {
            return Err(Rejection::UnknownVersion);
        }
    }
    if let Some(name) = object.get("event").and_then(Value::as_str) {
        if EventType::from_name(name) != Some(event) {
            return Err(Rejection::UnknownEvent);
        }
    }
    let mut data = Map::new();
    for field in EVENT_FIELDS {
        // The visitor and visit ids are the server's (from the signed cookies, in the
        // envelope); what a client claims is not kept.
        if field == "visitor_id" || field == "visit_id" {
            continue;
        }
        let Some(value) = object.get(field) else {
            continue;
        };
        let kept = match value {
            _ if field == "item_list" => list(value),
            // A keyword or URL sent as a JSON number is still what was typed.
            Value::Number(n) if FREE_TEXT_FIELDS.contains(&field) => {
                let text = n.to_string();
                let redacted = redact(&text);
                Some(if redacted == text {
                    value.clone()
                } else {
                    Value::String(redacted)
                })
            }
            _ => scalar(value),
        };
        if let Some(v) = kept {
            data.insert(field.to_string(), v);
        }
    }
    let code = |field: &str| -> Option<Result<i64, Rejection>> {
        let value = data.get(field)?;
        let text = match value {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => return Some(Err(Rejection::InvalidField)),
        };
        Some(
            text.trim()
                .parse::<i64>()
                .map_err(|_| Rejection::InvalidField),
        )
    };
    let check = |field: &str, table: &[(i64, &'static str)]| -> Result<(), Rejection> {
        match code(field) {
            None => Ok(()),
            Some(Ok(c)) if codes::code_name(table, c).is_some() => Ok(()),
            Some(_) => Err(Rejection::InvalidField),
        }
    };
    match event {
        EventType::PageLoad => check("type_id", &codes::PAGE_TYPES)?,
        EventType::Search => check("type_id", &codes::SEARCH_TYPES)?,
        EventType::AutoCompleteClick => check("suggest_type", &codes::AUTOCOMPLETE_TYPES)?,
        EventType::Rate => match code("value") {
            Some(Ok(1..=5)) => {}
            _ => return Err(Rejection::InvalidField),
        },
        _ => {}
    }
    let click = event.is_click().then(|| {
        let mut click = Map::new();
        for field in CLICK_NUMBERS {
            if let Some(n) = object.get(field).and_then(|v| match v {
                Value::Number(n) => n.as_f64(),
                Value::String(s) => s.trim().parse().ok(),
                _ => None,
            }) {
                if n.is_finite() {
                    click.insert(field.to_string(), Value::from(n.round() as i64));
                }
            }
        }
        for field in CLICK_TEXTS {
            if let Some(Value::String(s)) = object.get(field) {
                if !s.trim().is_empty() {
                    click.insert(field.to_string(), Value::String(redact_owned(cut(s, 100))));
                }
            }
        }
        click
    });
    Ok((data, click))
}

/// Browser, version and OS read from a user agent, for click events that did not say.
pub fn browser_of(
    user_agent: &str,
) -> (Option<&'static str>, Option<String>, Option<&'static str>) {
    let ua = user_agent;
    let version_after = |marker: &str| -> Option<String> {
        let start = ua.find(marker)? + marker.len();
        let v: String = ua[start..]
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        (!v.is_empty()).then_some(v)
    };
    let (browser, version) = if ua.contains("Edg/") {
        (Some("Edge"), version_after("Edg/"))
    } else if ua.contains("OPR/") {
        (Some("Opera"), version_after("OPR/"))
    } else if ua.contains("Firefox/") {
        (Some("Firefox"), version_after("Firefox/"))
    } else if ua.contains("Chrome/") {
        (Some("Chrome"), version_after("Chrome/"))
    } else if ua.contains("Safari/") {
        (Some("Safari"), version_after("Version/"))
    } else {
        (None, None)
    };
    let os = if ua.contains("Windows") {
        Some("Windows")
    } else if ua.contains("Android") {
        Some("Android")
    } else if ua.contains("iPhone") || ua.contains("iPad") {
        Some("iOS")
    } else if ua.contains("Mac OS X") {
        Some("macOS")
    } else if ua.contains("Linux") {
        Some("Linux")
    } else {
        None
    };
    (browser, version, os)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn texts_are_cut_by_characters_without_control_characters() {
        assert_eq!(cut("dog food", 500), "dog food");
        assert_eq!(cut("dog\u{0}\nfood\t", 500), "dogfood");
        assert_eq!(cut("ünïcödé", 3), "ünï");
        // Short in characters, long in bytes: still whole.
        assert_eq!(cut("ééé", 3), "ééé");
        assert_eq!(cut("abcdef", 4), "abcd");
    }

    /// Every free-text field of an event passes through the redactor (`crate::redact`, where
    /// its own tests are): the spec's fields, click texts, custom data and its keys.
    #[test]
    fn free_text_fields_are_redacted() {
        let (data, _) = decode_fields(
            EventType::Search,
            &obj(json!({"keyword": "jane@example.com", "query_id": "q1"})),
        )
        .unwrap();
        assert_eq!(data["keyword"], "[email]");
        let custom = bounded_map(&obj(json!({"note": "text me at 608-555-0100"})));
        assert_eq!(custom["note"], "text me at [phone]");
        let custom = bounded_map(&obj(
            json!({"jane%2540example.com": 1, "n": ["+44 20 7946 0958"]}),
        ));
        assert_eq!(custom["[email]"], 1);
        assert_eq!(custom["n"], json!(["[phone]"]));
        let (data, click) = decode_fields(
            EventType::Click,
            &obj(json!({
                "keyword": "call +44 20 7946 0958", "name": "jane\u{ff20}example.com",
                "url": "/s/?keyword=jane%2540example.com", "unique_id": "100001",
                "item_list": ["012345678905", "1234567"], "timestamp": "2026-11-27T10:30:00Z",
                "element_text": "Mail jane@example.com", "element_id": "tel-555-0199",
                "element_class": "col-12 XR-2000", "browser_version": "156.0.8078.73"
            })),
        )
        .unwrap();
        assert_eq!(data["keyword"], "call [phone]");
        assert_eq!(data["name"], "[email]");
        assert_eq!(data["url"], "/s/?keyword=[email]");
        assert_eq!(data["unique_id"], "100001");
        assert_eq!(data["item_list"], json!(["012345678905", "1234567"]));
        assert_eq!(data["timestamp"], "2026-11-27T10:30:00Z");
        let click = click.unwrap();
        assert_eq!(click["element_text"], "Mail [email]");
        assert_eq!(click["element_id"], "tel-[phone]");
        assert_eq!(click["element_class"], "col-12 XR-2000");
        assert_eq!(click["browser_version"], "156.0.8078.73");
        // A keyword sent as a JSON number is redacted all the same; other numbers stay.
        let (data, _) = decode_fields(
            EventType::Search,
            &obj(json!({"keyword": 6085550100_i64, "total": 6085550100_i64, "type_id": 1})),
        )
        .unwrap();
        assert_eq!(data["keyword"], "[phone]");
        assert_eq!(data["total"], 6085550100_i64);
    }

    #[test]
    fn only_listed_fields_are_kept_and_texts_are_cut() {
        let (data, click) = decode_fields(
            EventType::Search,
            &obj(json!({
                "keyword": "chicken feed", "query_id": "q1", "type_id": 1,
                "item_list": ["1", 2, {"x": 1}], "password": "x", "name": "n".repeat(900)
            })),
        )
        .unwrap();
        assert_eq!(data["keyword"], "chicken feed");
        assert_eq!(data["item_list"], json!(["1", 2]));
        assert!(!data.contains_key("password"));
        assert_eq!(data["name"].as_str().unwrap().len(), MAX_TEXT);
        assert!(click.is_none(), "a search is not a click");
    }

    #[test]
    fn codes_outside_their_tables_are_refused() {
        let bad = [
            (EventType::PageLoad, json!({"type_id": 6})),
            (EventType::Search, json!({"type_id": "3"})),
            (EventType::AutoCompleteClick, json!({"suggest_type": 0})),
            (EventType::Rate, json!({"value": 6})),
            (EventType::Rate, json!({})),
            (EventType::PageLoad, json!({"type_id": "landing"})),
        ];
        for (event, fields) in bad {
            assert_eq!(
                decode_fields(event, &obj(fields.clone())).unwrap_err(),
                Rejection::InvalidField,
                "{event:?} {fields}"
            );
        }
        assert!(decode_fields(EventType::Rate, &obj(json!({"value": "5"}))).is_ok());
        assert!(decode_fields(EventType::PageLoad, &obj(json!({"type_id": 2}))).is_ok());
    }

    #[test]
    fn version_and_name_must_agree() {
        assert_eq!(
            decode_fields(EventType::Click, &obj(json!({"version": "v1"}))).unwrap_err(),
            Rejection::UnknownVersion
        );
        assert_eq!(
            decode_fields(EventType::Click, &obj(json!({"event": "Search"}))).unwrap_err(),
            Rejection::UnknownEvent
        );
        assert!(decode_fields(
            EventType::Click,
            &obj(json!({"version": "v2", "event": "click"}))
        )
        .is_ok());
    }

    #[test]
    fn click_details_are_kept_for_clicks() {
        let (_, click) = decode_fields(
            EventType::Click,
            &obj(json!({"mouse_x": 10.4, "viewport_w": "1280", "element_tag": "A", "os": "Linux", "mouse_y": "x"})),
        )
        .unwrap();
        let click = click.unwrap();
        assert_eq!(click["mouse_x"], 10);
        assert_eq!(click["viewport_w"], 1280);
        assert_eq!(click["element_tag"], "A");
        assert!(!click.contains_key("mouse_y"));
    }

    #[test]
    fn agents_are_classified() {
        assert_eq!(
            agent_class(Some("Googlebot/2.1 (+http://www.google.com/bot.html)")),
            Agent::Bot
        );
        assert_eq!(
            agent_class(Some(
                "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36"
            )),
            Agent::Browser
        );
        assert_eq!(agent_class(None), Agent::Unknown);
        let (b, v, os) = browser_of("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36");
        assert_eq!(
            (b, v.as_deref(), os),
            (Some("Chrome"), Some("156.0.8078.73"), Some("Linux"))
        );
    }
}
