//! The tracking event as it travels on `storefront.tracking.v1` (docs/events.md), and the
//! decoding of what browsers send: only the spec's listed fields are kept, each bounded.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::codes::{self, EventType, TRACKING_VERSION};

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

/// What an email address a shopper typed becomes in a tracking event.
pub const EMAIL_REDACTED: &str = "[email]";
/// What a phone number a shopper typed becomes in a tracking event.
pub const PHONE_REDACTED: &str = "[phone]";

/// Free text with anything that looks like an email address or a phone number replaced by
/// [`EMAIL_REDACTED`] / [`PHONE_REDACTED`]: a shopper who types their email into the search
/// box (or a page whose URL carries one) must not put it on the tracking topic, which is kept
/// and read by analysts. Emails: `local@domain.tld`, also percent-encoded (`%40`). Phones: 10
/// or 11 digits written with spaces, dots, dashes, brackets or a leading `+`, standing apart
/// from letters and other digits (product numbers, tire sizes, prices and dates stay).
pub fn redact(text: &str) -> String {
    redact_owned(text.to_owned())
}

/// [`redact`] of a text the caller owns: kept without a copy when nothing is found.
pub fn redact_owned(text: String) -> String {
    // Most texts hold neither an '@' (nor its '%40') nor the ten digits a phone number needs:
    // they are kept as they are without the scans.
    let email = text.contains('@') || text.contains("%40");
    let phone = text.bytes().filter(u8::is_ascii_digit).count() >= 10;
    match (email, phone) {
        (false, false) => text,
        (true, false) => redact_emails(&text),
        (false, true) => redact_phones(&text),
        (true, true) => redact_phones(&redact_emails(&text)),
    }
}

fn redact_emails(text: &str) -> String {
    let local = |c: char| c.is_ascii_alphanumeric() || "._%+-".contains(c);
    let domain = |c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let at = match (rest.find('@'), rest.find("%40")) {
            (Some(a), Some(p)) if p < a => Some((p, 3)),
            (Some(a), _) => Some((a, 1)),
            (None, Some(p)) => Some((p, 3)),
            (None, None) => None,
        };
        let Some((at, width)) = at else {
            out.push_str(rest);
            return out;
        };
        let before = &rest[..at];
        let after = &rest[at + width..];
        let start = before
            .char_indices()
            .rev()
            .take_while(|(_, c)| local(*c))
            .last()
            .map_or(at, |(i, _)| i);
        let host_len = after
            .char_indices()
            .take_while(|(_, c)| domain(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
        let host = after[..host_len].trim_end_matches(['.', '-']);
        let tld_ok = host.rsplit_once('.').is_some_and(|(name, tld)| {
            !name.is_empty() && tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
        });
        if start < at && tld_ok {
            out.push_str(&before[..start]);
            out.push_str(EMAIL_REDACTED);
            rest = &after[host.len()..];
        } else {
            out.push_str(&rest[..at + width]);
            rest = after;
        }
    }
}

fn redact_phones(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let part = |c: char| c.is_ascii_digit() || " ()+.-".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts = (c.is_ascii_digit() || c == '(' || c == '+')
            && (i == 0 || !chars[i - 1].is_alphanumeric());
        if !starts {
            out.push(c);
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len() && part(chars[end]) {
            end += 1;
        }
        // The run ends at its last digit or closing bracket; what follows must not be a letter.
        let mut last = end;
        while last > i && !(chars[last - 1].is_ascii_digit() || chars[last - 1] == ')') {
            last -= 1;
        }
        let digits = chars[i..last].iter().filter(|c| c.is_ascii_digit()).count();
        let apart = chars.get(last).is_none_or(|c| !c.is_alphanumeric());
        if (10..=11).contains(&digits) && apart {
            out.push_str(PHONE_REDACTED);
            i = last;
        } else {
            out.extend(&chars[i..end.max(i + 1)]);
            i = end.max(i + 1);
        }
    }
    out
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

/// Keeps at most [`MAX_KEYS`] scalar (or list) entries with short keys.
pub fn bounded_map(object: &Map<String, Value>) -> Map<String, Value> {
    object
        .iter()
        .filter(|(k, _)| !k.is_empty() && k.len() <= 64)
        .filter_map(|(k, v)| list(v).map(|v| (cut(k, 64), v)))
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
        let kept = if field == "item_list" {
            list(value)
        } else {
            scalar(value)
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
                    click.insert(field.to_string(), Value::String(cut(s, 100)));
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

    #[test]
    fn redacting_an_owned_text_gives_what_redact_gives() {
        for text in [
            "dog food",
            "mail me at jo@example.com",
            "jo%40example.com",
            "call 555-123-4567 now",
            "jo@example.com or (555) 123 4567",
            "tire 225/65R17 102H",
        ] {
            assert_eq!(redact_owned(text.to_string()), redact(text), "{text}");
        }
    }

    #[test]
    fn emails_and_phone_numbers_a_shopper_typed_are_redacted() {
        for (typed, kept) in [
            ("jane.doe+farm@example.com", "[email]"),
            (
                "order for Jane@Example.co.uk please",
                "order for [email] please",
            ),
            (
                "/s/?keyword=jane%40example.com&pg=2",
                "/s/?keyword=[email]&pg=2",
            ),
            ("call (608) 555-0100 today", "call [phone] today"),
            ("608.555.0100", "[phone]"),
            ("+1 608 555 0100", "[phone]"),
            ("6085550100", "[phone]"),
            // What shoppers search for stays as typed.
            ("225/65R17", "225/65R17"),
            ("1234567", "1234567"),
            ("upc 012345678905", "upc 012345678905"),
            ("2x4 8 ft", "2x4 8 ft"),
            ("$19.99 on 2026-11-24", "$19.99 on 2026-11-24"),
            ("@home decor", "@home decor"),
            ("a@b", "a@b"),
            ("id550e8400-e29b-41d4", "id550e8400-e29b-41d4"),
        ] {
            assert_eq!(redact(typed), kept, "{typed}");
        }
        let (data, _) = decode_fields(
            EventType::Search,
            &obj(json!({"keyword": "jane@example.com", "query_id": "q1"})),
        )
        .unwrap();
        assert_eq!(data["keyword"], "[email]");
        let custom = bounded_map(&obj(json!({"note": "text me at 608-555-0100"})));
        assert_eq!(custom["note"], "text me at [phone]");
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
