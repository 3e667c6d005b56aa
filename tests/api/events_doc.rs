//! docs/events.md and the JSON Schemas under docs/schemas/ stay in step with the code:
//!
//! * every schema file is JSON with `$schema`, `title` and `type`, uses only the keywords the
//!   small checker below knows, and its `$ref`s resolve;
//! * every tracking event name of `tracker::codes` has a schema and a section in the doc, and no
//!   schema names an unknown event; the code tables and the field lists match the code;
//! * sample domain events of every aggregate, serialised by serde as the event store and the
//!   relay write them, satisfy their schema (required members present, nothing unlisted where
//!   `additionalProperties` is false, types, enums), and so do their envelopes;
//! * sample tracking events (hawk.png fields decoded by the tracker's own decoder, the beacons'
//!   and pushes' data) satisfy the tracking envelope schema and their kind's schema.
//!
//! The checker is hand-written (no schema crate): it checks `type`, `const`, `enum`, `required`,
//! `properties`, `additionalProperties`, `maxProperties`, `items`, `minItems`, `maxItems`,
//! `minLength`, `maxLength`, `minimum`, `maximum`, `anyOf` and local `$ref`s; `pattern` and
//! `format` are not checked. Set `EVENTS_DOC_SAMPLES=<dir>` to have the samples written there
//! (one `samples.jsonl` of `{"schema", "value"}`) for a full validator.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use chrono::{NaiveTime, TimeZone, Utc};
use command::accounts::{
    Customer, CustomerEvent, EmailClaim, EmailClaimEvent, LoginMethod, Occasion, ProviderClaim,
    ProviderClaimEvent, Registry, RegistryEvent, Session, SessionEndReason, SessionEvent,
    StaffInvitation, StaffInvitationEvent,
};
use command::cart::services::command_types::FulfillmentType;
use command::cart::{AddedLine, Cart, CartEvent, ChosenWarranty};
use command::catalog::*;
use command::merch::blocklist::{BlocklistEvent, PopularBlocklist};
use command::merch::pinboard::{PinBoard, PinEvent};
use command::merch::synonyms::{SynonymEvent, SynonymRule, SynonymSet};
use command::ordering::checkout::HeldItem;
use command::ordering::exemption::ExemptionApplication;
use command::ordering::pricing::Totals;
use command::ordering::{
    CardSummary, Checkout, CheckoutEvent, ExemptionEvent, ExemptionKind, Order, OrderEvent,
    OrderLine, PlacedOrder, ReturnedLine, TaxExemption,
};
use command::privacy::subject::{Subject, SubjectEvent};
use command::privacy::Sealed;
use command::reviews::{HoldReason, ReportReason, Review, ReviewContent, ReviewEvent};
use command::rewards::{
    EarnedLine, JoinedAt, MemberEvent, Method, ReversedLine, RewardsClaim, RewardsClaimEvent,
    RewardsMember, Verification, VerificationEvent,
};
use command::shopping::subscription::{Subscription, SubscriptionEvent, UnsubscribeReason};
use command::shopping::visitor::{Visitor, VisitorEvent};
use cqrs_es::{Aggregate, DomainEvent};
use kernel::secrets::Keyring;
use projections::envelope::Envelope;
use serde_json::{json, Map, Value};
use tracker::codes::{self, EventType};
use tracker::event::{self as tracking, Agent, Source, TrackingEvent};

const DRAFT: &str = "https://json-schema.org/draft/2020-12/schema";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn doc() -> String {
    std::fs::read_to_string(root().join("docs/events.md")).expect("docs/events.md")
}

/// The schema files of one folder (`events` or `tracking`) by file stem.
fn schemas(folder: &str) -> BTreeMap<String, Value> {
    let dir = root().join("docs/schemas").join(folder);
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let stem = name
            .strip_suffix(".json")
            .unwrap_or_else(|| panic!("{}: only .json files belong here", path.display()));
        out.insert(stem.to_string(), read_json(&path));
    }
    out
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

// ------------------------------------------------------------------------------------------
// The checker

/// Keywords that only annotate (or that this checker knowingly leaves to a full validator).
const ANNOTATIONS: [&str; 9] = [
    "$schema",
    "$id",
    "$defs",
    "title",
    "description",
    "format",
    "pattern",
    "examples",
    "default",
];
const ASSERTIONS: [&str; 16] = [
    "$ref",
    "type",
    "const",
    "enum",
    "anyOf",
    "required",
    "properties",
    "additionalProperties",
    "maxProperties",
    "items",
    "minItems",
    "maxItems",
    "minLength",
    "maxLength",
    "minimum",
    "maximum",
];

/// Every keyword of every (sub)schema is one the checker knows; `$ref`s resolve.
fn vocabulary(root: &Value, schema: &Value, at: &str, errors: &mut Vec<String>) {
    let Some(object) = schema.as_object() else {
        if !schema.is_boolean() {
            errors.push(format!("{at}: a schema must be an object or a boolean"));
        }
        return;
    };
    for (key, value) in object {
        let here = format!("{at}/{key}");
        if key.starts_with("x-") || ANNOTATIONS.contains(&key.as_str()) {
            if key == "$defs" {
                for (name, def) in value.as_object().into_iter().flatten() {
                    vocabulary(root, def, &format!("{here}/{name}"), errors);
                }
            }
            continue;
        }
        if !ASSERTIONS.contains(&key.as_str()) {
            errors.push(format!("{here}: keyword unknown to the checker"));
            continue;
        }
        match key.as_str() {
            "$ref" if resolve(root, value.as_str().unwrap_or("")).is_none() => {
                errors.push(format!("{here}: {value} does not resolve"));
            }
            "properties" => {
                for (name, sub) in value.as_object().into_iter().flatten() {
                    vocabulary(root, sub, &format!("{here}/{name}"), errors);
                }
            }
            "anyOf" => {
                for (i, sub) in value.as_array().into_iter().flatten().enumerate() {
                    vocabulary(root, sub, &format!("{here}/{i}"), errors);
                }
            }
            "items" | "additionalProperties" => vocabulary(root, value, &here, errors),
            _ => {}
        }
    }
}

/// A local reference (`#/$defs/name`, any JSON pointer into the same file).
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    root.pointer(reference.strip_prefix('#')?)
}

fn type_matches(name: &str, value: &Value) -> bool {
    match name {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "null" => value.is_null(),
        "number" => value.is_number(),
        "integer" => value.is_i64() || value.is_u64(),
        other => panic!("unknown type {other}"),
    }
}

/// Checks `value` against `schema` (a part of the file `root`); appends what is wrong.
fn check(root: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let object = match schema {
        Value::Bool(true) => return,
        Value::Bool(false) => return errors.push(format!("{at}: nothing is allowed here")),
        Value::Object(o) => o,
        _ => return errors.push(format!("{at}: bad schema")),
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        match resolve(root, reference) {
            Some(target) => check(root, target, value, at, errors),
            None => errors.push(format!("{at}: {reference} does not resolve")),
        }
    }
    if let Some(types) = object.get("type") {
        let names: Vec<&str> = match types {
            Value::String(s) => vec![s.as_str()],
            Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        if !names.iter().any(|t| type_matches(t, value)) {
            errors.push(format!("{at}: {value} is not of type {types}"));
            return;
        }
    }
    if let Some(expected) = object.get("const") {
        if expected != value {
            errors.push(format!("{at}: {value} is not {expected}"));
        }
    }
    if let Some(Value::Array(allowed)) = object.get("enum") {
        if !allowed.contains(value) {
            errors.push(format!("{at}: {value} is not one of {allowed:?}"));
        }
    }
    if let Some(Value::Array(options)) = object.get("anyOf") {
        let fits = options.iter().any(|option| {
            let mut none = Vec::new();
            check(root, option, value, at, &mut none);
            none.is_empty()
        });
        if !fits {
            errors.push(format!("{at}: {value} fits none of anyOf"));
        }
    }
    match value {
        Value::Object(members) => {
            for name in object
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !members.contains_key(name) {
                    errors.push(format!("{at}: required member `{name}` is missing"));
                }
            }
            if let Some(max) = object.get("maxProperties").and_then(Value::as_u64) {
                if members.len() as u64 > max {
                    errors.push(format!("{at}: more than {max} members"));
                }
            }
            let listed = object.get("properties").and_then(Value::as_object);
            for (name, member) in members {
                let here = format!("{at}/{name}");
                match (
                    listed.and_then(|l| l.get(name)),
                    object.get("additionalProperties"),
                ) {
                    (Some(sub), _) => check(root, sub, member, &here, errors),
                    (None, Some(Value::Bool(false))) => {
                        errors.push(format!("{at}: member `{name}` is not in the schema"))
                    }
                    (None, Some(extra)) => check(root, extra, member, &here, errors),
                    (None, None) => {}
                }
            }
        }
        Value::Array(items) => {
            if let Some(min) = object.get("minItems").and_then(Value::as_u64) {
                if (items.len() as u64) < min {
                    errors.push(format!("{at}: fewer than {min} items"));
                }
            }
            if let Some(max) = object.get("maxItems").and_then(Value::as_u64) {
                if items.len() as u64 > max {
                    errors.push(format!("{at}: more than {max} items"));
                }
            }
            if let Some(sub) = object.get("items") {
                for (i, item) in items.iter().enumerate() {
                    check(root, sub, item, &format!("{at}/{i}"), errors);
                }
            }
        }
        Value::String(text) => {
            let chars = text.chars().count() as u64;
            if let Some(min) = object.get("minLength").and_then(Value::as_u64) {
                if chars < min {
                    errors.push(format!("{at}: shorter than {min}"));
                }
            }
            if let Some(max) = object.get("maxLength").and_then(Value::as_u64) {
                if chars > max {
                    errors.push(format!("{at}: longer than {max}"));
                }
            }
        }
        Value::Number(n) => {
            let n = n.as_f64().unwrap();
            if let Some(min) = object.get("minimum").and_then(Value::as_f64) {
                if n < min {
                    errors.push(format!("{at}: {n} is below {min}"));
                }
            }
            if let Some(max) = object.get("maximum").and_then(Value::as_f64) {
                if n > max {
                    errors.push(format!("{at}: {n} is above {max}"));
                }
            }
        }
        _ => {}
    }
}

fn errors_of(schema: &Value, value: &Value) -> Vec<String> {
    let mut errors = Vec::new();
    check(schema, schema, value, "", &mut errors);
    errors
}

/// Collects what samples were checked against which schema (for `EVENTS_DOC_SAMPLES`).
#[derive(Default)]
struct Checked {
    lines: Vec<String>,
    failures: Vec<String>,
}

impl Checked {
    fn check(&mut self, schema_path: &str, schema: &Value, value: &Value, what: &str) {
        for e in errors_of(schema, value) {
            self.failures
                .push(format!("{what} against {schema_path}: {e}"));
        }
        self.lines
            .push(json!({ "schema": schema_path, "value": value }).to_string());
    }

    fn finish(self, file: &str) {
        if let Some(dir) = std::env::var_os("EVENTS_DOC_SAMPLES") {
            let dir = PathBuf::from(dir);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(file), self.lines.join("\n") + "\n").unwrap();
        }
        assert!(
            self.failures.is_empty(),
            "samples that do not match docs/schemas:\n{}",
            self.failures.join("\n")
        );
    }
}

#[test]
fn the_checker_catches_what_it_should() {
    let schema = json!({
        "type": "object",
        "required": ["a"],
        "additionalProperties": false,
        "properties": {
            "a": {"type": "integer", "minimum": 1},
            "b": {"anyOf": [{"$ref": "#/$defs/t"}, {"type": "null"}]},
            "c": {"type": "array", "items": {"enum": ["x"]}, "maxItems": 1}
        },
        "$defs": {"t": {"type": "string", "maxLength": 2}}
    });
    assert!(errors_of(&schema, &json!({"a": 1, "b": null, "c": ["x"]})).is_empty());
    assert!(errors_of(&schema, &json!({"a": 1, "b": "ab"})).is_empty());
    for bad in [
        json!({}),
        json!({"a": 0}),
        json!({"a": 1.5}),
        json!({"a": 1, "z": 1}),
        json!({"a": 1, "b": "abc"}),
        json!({"a": 1, "b": 3}),
        json!({"a": 1, "c": ["y"]}),
        json!({"a": 1, "c": ["x", "x"]}),
        json!([]),
    ] {
        assert!(
            !errors_of(&schema, &bad).is_empty(),
            "{bad} should not pass"
        );
    }
}

// ------------------------------------------------------------------------------------------
// (a) every schema file

#[test]
fn every_schema_file_is_json_with_schema_title_and_type() {
    let mut errors = Vec::new();
    let mut count = 0;
    for folder in ["events", "tracking"] {
        let files = schemas(folder);
        assert!(
            files.contains_key("envelope"),
            "docs/schemas/{folder}/envelope.json is missing"
        );
        for (stem, schema) in files {
            count += 1;
            let at = format!("docs/schemas/{folder}/{stem}.json");
            if schema["$schema"] != DRAFT {
                errors.push(format!("{at}: $schema must be {DRAFT}"));
            }
            if schema["title"].as_str().is_none_or(|t| t.trim().is_empty()) {
                errors.push(format!("{at}: no title"));
            }
            if !schema["type"].is_string() {
                errors.push(format!("{at}: no type"));
            }
            vocabulary(&schema, &schema, &at, &mut errors);
        }
    }
    assert!(count > 40, "only {count} schema files");
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

// ------------------------------------------------------------------------------------------
// (b) tracking event names, code tables and field lists

/// Every event name the tracker can put on the topic.
fn tracking_names() -> Vec<String> {
    let mut names: Vec<String> = EventType::ALL
        .iter()
        .map(|e| e.name().to_string())
        .collect();
    names.extend(
        [
            codes::PRODUCT_VIEW,
            codes::CAROUSEL_CLICK,
            codes::SPONSORED_AD_CLICK,
            codes::SPONSORED_AD_IMPRESSION,
        ]
        .map(String::from),
    );
    names.extend(codes::ANALYTICS_PUSHES.map(String::from));
    names
}

#[test]
fn every_tracking_event_has_a_schema_and_a_section_and_no_schema_is_unknown() {
    let files = schemas("tracking");
    let doc = doc();
    let names = tracking_names();
    let mut errors = Vec::new();
    for name in &names {
        let Some(schema) = files.get(name) else {
            errors.push(format!("docs/schemas/tracking/{name}.json is missing"));
            continue;
        };
        if schema["properties"]["event"]["const"] != name.as_str() {
            errors.push(format!(
                "{name}.json: properties.event.const is not \"{name}\""
            ));
        }
        let heading = format!("#### `{name}`");
        if !doc.lines().any(|l| l.trim_end() == heading) {
            errors.push(format!("docs/events.md has no section `{heading}`"));
        }
        if !doc.contains(&format!("(schemas/tracking/{name}.json)")) {
            errors.push(format!(
                "docs/events.md does not link schemas/tracking/{name}.json"
            ));
        }
    }
    for stem in files.keys().filter(|s| *s != "envelope") {
        if !names.contains(stem) {
            errors.push(format!(
                "docs/schemas/tracking/{stem}.json names an event the tracker does not know"
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn code_tables_and_field_lists_match_the_tracker() {
    let files = schemas("tracking");
    let doc = doc();
    let mut errors = Vec::new();
    let row = |code: i64, name: &str| format!("| {code} | `{name}` |");
    for e in EventType::ALL {
        if !doc.contains(&row(e.code().into(), e.name())) {
            errors.push(format!(
                "docs/events.md lacks the row {}",
                row(e.code().into(), e.name())
            ));
        }
        let schema = &files[e.name()];
        if schema["properties"]["eventType"]["const"] != json!(e.code()) {
            errors.push(format!(
                "{}.json: eventType.const is not {}",
                e.name(),
                e.code()
            ));
        }
        let required: Vec<&Value> = schema["required"].as_array().unwrap().iter().collect();
        if !required.contains(&&json!("eventType")) {
            errors.push(format!("{}.json: eventType is not required", e.name()));
        }
        let data: BTreeSet<&str> = schema["properties"]["data"]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let fields: BTreeSet<&str> = tracking::EVENT_FIELDS.into_iter().collect();
        if data != fields {
            errors.push(format!(
                "{}.json: data properties differ from tracker::event::EVENT_FIELDS: {:?}",
                e.name(),
                data.symmetric_difference(&fields).collect::<Vec<_>>()
            ));
        }
        let click = schema["$defs"]["click"]["properties"].as_object();
        match (e.is_click(), click) {
            (true, Some(click)) => {
                let kept: BTreeSet<&str> = tracking::CLICK_NUMBERS
                    .into_iter()
                    .chain(tracking::CLICK_TEXTS)
                    .collect();
                let listed: BTreeSet<&str> = click.keys().map(String::as_str).collect();
                if kept != listed {
                    errors.push(format!(
                        "{}.json: click details differ from the tracker's",
                        e.name()
                    ));
                }
            }
            (true, None) => errors.push(format!(
                "{}.json: a click event without click details",
                e.name()
            )),
            (false, _) => {
                if schema["properties"].get("click").is_some() {
                    errors.push(format!(
                        "{}.json: not a click event, yet lists click",
                        e.name()
                    ));
                }
            }
        }
    }
    let codes_of = |schema: &Value| -> Vec<i64> {
        schema["anyOf"][0]["enum"]
            .as_array()
            .map(|l| l.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default()
    };
    for (event, field, table) in [
        ("PageLoad", "type_id", &codes::PAGE_TYPES[..]),
        ("Search", "type_id", &codes::SEARCH_TYPES[..]),
        (
            "AutoCompleteClick",
            "suggest_type",
            &codes::AUTOCOMPLETE_TYPES[..],
        ),
    ] {
        let listed = codes_of(&files[event]["properties"]["data"]["properties"][field]);
        let wanted: Vec<i64> = table.iter().map(|(c, _)| *c).collect();
        if listed != wanted {
            errors.push(format!(
                "{event}.json: {field} codes {listed:?}, the tracker's {wanted:?}"
            ));
        }
        for (code, name) in table {
            if !doc.contains(&row(*code, name)) {
                errors.push(format!("docs/events.md lacks the row {}", row(*code, name)));
            }
        }
    }
    for field in tracking::EVENT_FIELDS
        .into_iter()
        .chain(tracking::CLICK_NUMBERS)
        .chain(tracking::CLICK_TEXTS)
    {
        if !doc.contains(&format!("`{field}`")) {
            errors.push(format!("docs/events.md does not describe `{field}`"));
        }
    }
    let envelope = &files["envelope"];
    for name in envelope["properties"].as_object().unwrap().keys() {
        if !doc.contains(&format!("`{name}`")) {
            errors.push(format!(
                "docs/events.md does not describe the envelope's `{name}`"
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

// ------------------------------------------------------------------------------------------
// (c) domain events

/// The variant names of an event enum, by an exhaustive match: a new variant does not compile
/// here until it is listed, and then fails the test until it has a sample and a schema.
macro_rules! variants {
    ($ty:ident { $($variant:ident),+ $(,)? }) => {{
        let _exhaustive = |e: &$ty| match e {
            $($ty::$variant { .. } => ()),+
        };
        vec![$(stringify!($variant)),+]
    }};
}

struct DomainSample {
    aggregate_type: &'static str,
    event_type: String,
    event_version: String,
    payload: Value,
}

fn samples_of<A: Aggregate>(all: Vec<&'static str>, events: Vec<A::Event>) -> Vec<DomainSample> {
    let sampled: BTreeSet<String> = events.iter().map(|e| e.event_type()).collect();
    let all: BTreeSet<String> = all.into_iter().map(String::from).collect();
    assert_eq!(sampled, all, "{}: every event needs a sample here", A::TYPE);
    events
        .into_iter()
        .map(|e| DomainSample {
            aggregate_type: A::TYPE,
            event_type: e.event_type(),
            event_version: e.event_version(),
            payload: serde_json::to_value(&e).expect("events serialise"),
        })
        .collect()
}

fn hours() -> WeeklyHours {
    let day = |open: u32, close: u32| {
        Some(DayHours {
            open: NaiveTime::from_hms_opt(open, 0, 0).unwrap(),
            close: NaiveTime::from_hms_opt(close, 30, 0).unwrap(),
        })
    };
    WeeklyHours([
        day(7, 20),
        day(7, 20),
        day(7, 20),
        day(7, 20),
        day(7, 20),
        day(8, 18),
        None,
    ])
}

fn product(tire: bool) -> ProductData {
    ProductData {
        blain_number: "100234".into(),
        name: "Behlen 4' Stock Tank".into(),
        vendor_brand: "Behlen".into(),
        description: "Galvanised steel.".into(),
        department_id: 7,
        department_path: vec!["Farm & Ranch".into(), "Stock Tanks".into()],
        kind: if tire {
            ProductKind::Tire
        } else {
            ProductKind::General
        },
        price_cents: 12999,
        map_price_cents: Some(13999),
        price_mode: PriceMode::BelowMap,
        images: vec!["https://cdn.example/100234.jpg".into()],
        attributes: vec![Attribute {
            name: "Capacity".into(),
            value: "100 gal".into(),
        }],
        tire_size: tire.then_some(TireSize {
            width: 225,
            ratio: 65,
            rim: 17,
        }),
        warning_level: WarningLevel::Cancer,
        requires_confirmation: false,
        requires_agreement: true,
        bundle: vec![BundleComponent {
            blain_number: "100235".into(),
            quantity: 2,
        }],
        warranties: vec![Warranty {
            id: "w3".into(),
            name: "3-year protection".into(),
            price_cents: 1999,
            years: 3,
        }],
        fulfillment: Fulfillment {
            ship_to_home: true,
            store_pickup: true,
            same_day_delivery: false,
        },
        rating: None,
        was_price_cents: None,
        introduced_on: None,
        sale_ends_on: None,
    }
}

fn store(auto: bool) -> StoreData {
    StoreData {
        store_num: 12,
        city: "Janesville".into(),
        city_alias: "janesville".into(),
        state: "WI".into(),
        address1: "2700 Milton Ave".into(),
        zip: "53545".into(),
        phone: "(608) 555-0100".into(),
        auto_center_phone: auto.then(|| "(608) 555-0101".into()),
        lat: 42.7,
        lon: -89.0,
        time_zone: "America/Chicago".into(),
        hours: hours(),
        auto_hours: auto.then(hours),
        url_alias: "janesville-wi".into(),
        google_place_id: "ChIJ123".into(),
        google_map_zoom: 14,
        coming_soon: false,
        local_delivery_information: LocalDeliveryInformation {
            is_enabled: true,
            label: "Same-day delivery".into(),
        },
    }
}

fn ad() -> MegaMenuAd {
    MegaMenuAd {
        ad_id: "ad-7".into(),
        desktop_image: "/img/ad-7.jpg".into(),
        mobile_image: "/img/ad-7-m.jpg".into(),
        cta_link: "/farm/".into(),
        banner_image_accessible_text: "Spring savings".into(),
        cta_accessible_text: "Shop farm".into(),
    }
}

fn warranty() -> ChosenWarranty {
    ChosenWarranty {
        id: "w3".into(),
        name: "3-year protection".into(),
        price_cents: 1999,
        years: 3,
    }
}

fn line(line_id: u32, pickup: bool) -> AddedLine {
    AddedLine {
        line_id,
        blain_number: "100234".into(),
        name: "Behlen 4' Stock Tank".into(),
        quantity: 2,
        unit_price_cents: 12999,
        fulfillment: if pickup {
            FulfillmentType::StorePickup
        } else {
            FulfillmentType::ShipToHome
        },
        store_num: pickup.then_some(12),
        warranty: pickup.then(warranty),
    }
}

fn sealed_sample() -> Sealed {
    Sealed {
        subject: "em_5f1c0e2a9b7d4c3e8a6f1b2d3c4e5f60".into(),
        key: "3b2a1c0d9e8f".into(),
        sealed: "q0p1c2l3t4e5x6t7AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA".into(),
    }
}

fn domain_samples() -> Vec<DomainSample> {
    let mut all = Vec::new();
    all.extend(samples_of::<Department>(
        variants!(DepartmentEvent {
            DepartmentUpserted,
            DepartmentRemoved
        }),
        vec![
            DepartmentEvent::DepartmentUpserted(DepartmentData {
                id: 7,
                parent_id: None,
                name: "Farm & Ranch".into(),
                url: "/farm-ranch/".into(),
                banner_image_url: None,
                banner_link_url: None,
                sort_order: 1,
            }),
            DepartmentEvent::DepartmentUpserted(DepartmentData {
                id: 8,
                parent_id: Some(7),
                name: "Stock Tanks".into(),
                url: "/farm-ranch/stock-tanks/".into(),
                banner_image_url: Some("/img/tanks.jpg".into()),
                banner_link_url: Some("/farm-ranch/stock-tanks/sale/".into()),
                sort_order: 2,
            }),
            DepartmentEvent::DepartmentRemoved { id: 8 },
        ],
    ));
    let mut plain = product(false);
    plain.map_price_cents = None;
    plain.price_mode = PriceMode::Regular;
    plain.rating = Some(RatingSummary {
        average: 4.6,
        count: 87,
    });
    plain.was_price_cents = Some(15999);
    plain.introduced_on = chrono::NaiveDate::from_ymd_opt(2026, 9, 14);
    plain.sale_ends_on = chrono::NaiveDate::from_ymd_opt(2026, 12, 31);
    all.extend(samples_of::<Product>(
        variants!(ProductEvent {
            ProductUpserted,
            ProductDiscontinued
        }),
        vec![
            ProductEvent::ProductUpserted(Box::new(product(true))),
            ProductEvent::ProductUpserted(Box::new(plain)),
            ProductEvent::ProductDiscontinued {
                blain_number: "100234".into(),
            },
        ],
    ));
    all.extend(samples_of::<Store>(
        variants!(StoreEvent { StoreUpserted }),
        vec![
            StoreEvent::StoreUpserted(Box::new(store(true))),
            StoreEvent::StoreUpserted(Box::new(store(false))),
        ],
    ));
    let stock = StoreStock {
        store_num: 12,
        is_stocked: true,
        store_on_hand: 4,
    };
    // Order 100000001 holds 2 units on store 12's shelf (pickup) and 1 of the online stock.
    let reservation = |store_num: Option<i32>, quantity: i32| Reservation {
        order_no: "100000001".into(),
        store_num,
        quantity,
    };
    all.extend(samples_of::<Inventory>(
        variants!(InventoryEvent {
            InventoryReported,
            StoreStockAdjusted,
            StockReserved,
            StockReleased,
            ReservationFulfilled,
        }),
        vec![
            InventoryEvent::InventoryReported {
                blain_number: "100234".into(),
                ecom_on_hand: 40,
                stores: vec![stock],
            },
            InventoryEvent::StoreStockAdjusted {
                blain_number: "100234".into(),
                stock,
            },
            InventoryEvent::StockReserved {
                blain_number: "100234".into(),
                reservation: reservation(Some(12), 2),
            },
            InventoryEvent::StockReserved {
                blain_number: "100234".into(),
                reservation: reservation(None, 1),
            },
            InventoryEvent::StockReleased {
                blain_number: "100234".into(),
                order_no: "100000001".into(),
                released: vec![reservation(Some(12), 2), reservation(None, 1)],
            },
            InventoryEvent::ReservationFulfilled {
                blain_number: "100234".into(),
                order_no: "100000001".into(),
                fulfilled: vec![reservation(Some(12), 2), reservation(None, 1)],
            },
        ],
    ));
    all.extend(samples_of::<SiteMessage>(
        variants!(SiteMessageEvent {
            SiteMessagePublished,
            SiteMessageWithdrawn
        }),
        vec![
            SiteMessageEvent::SiteMessagePublished(SiteMessageData {
                id: "spring".into(),
                text: "Spring sale ends in".into(),
                link: Some("/sale/".into()),
                icon: Some("clock".into()),
                countdown: Countdown::Before,
                end_date_time: Some(Utc.with_ymd_and_hms(2026, 5, 1, 5, 0, 0).unwrap()),
                sort_order: 1,
            }),
            SiteMessageEvent::SiteMessagePublished(SiteMessageData {
                id: "ship".into(),
                text: "Free shipping over $49".into(),
                link: None,
                icon: None,
                countdown: Countdown::None,
                end_date_time: None,
                sort_order: 2,
            }),
            SiteMessageEvent::SiteMessageWithdrawn {
                id: "spring".into(),
            },
        ],
    ));
    all.extend(samples_of::<SiteContent>(
        variants!(SiteContentEvent {
            HeaderLinksSet,
            MegaMenuAdSet,
            SponsoredAdSet,
            HomeHeroSet
        }),
        vec![
            SiteContentEvent::HeaderLinksSet {
                links: vec![HeaderLink {
                    text: "Weekly ad".into(),
                    link: "/weekly-ad/".into(),
                }],
            },
            SiteContentEvent::MegaMenuAdSet { ad: ad() },
            SiteContentEvent::SponsoredAdSet { ad: ad() },
            SiteContentEvent::HomeHeroSet {
                hero: HomeHero {
                    title: "Everything for the farm".into(),
                    text: "Feed, fencing and tools.".into(),
                    link_text: "Shop deals".into(),
                    link: "/weekly-ad/".into(),
                    image: "/images/banners/hero-desktop.svg".into(),
                    image_mobile: "/images/banners/hero-mobile.svg".into(),
                    alt: "A red barn".into(),
                },
            },
        ],
    ));
    all.extend(samples_of::<Cart>(
        variants!(CartEvent {
            ItemAdded,
            BundleAdded,
            ComparisonAdded,
            WarrantyUpdated,
            WarrantyRemoved,
            QuantityChanged,
            ItemRemoved,
            CartMerged,
            CartCheckedOut,
        }),
        vec![
            CartEvent::ItemAdded(line(0, false)),
            CartEvent::ItemAdded(line(1, true)),
            CartEvent::BundleAdded {
                bundle_blain_number: "200100".into(),
                lines: vec![line(2, false), line(3, true)],
            },
            CartEvent::ComparisonAdded {
                lines: vec![line(4, false)],
            },
            CartEvent::WarrantyUpdated {
                line_id: 0,
                warranty: warranty(),
            },
            CartEvent::WarrantyRemoved { line_id: 0 },
            CartEvent::QuantityChanged {
                line_id: 1,
                quantity: 5,
            },
            CartEvent::ItemRemoved { line_id: 1 },
            // At sign-in: more units of line 0, and a new pickup line.
            CartEvent::CartMerged {
                from_cart_id: "9a8b7c6d5e4f30211203f4e5d6c7b8a9".into(),
                lines: vec![line(0, false), line(5, true)],
            },
            CartEvent::CartCheckedOut {
                order_no: "100000001".into(),
            },
        ],
    ));
    all.extend(samples_of::<Subscription>(
        variants!(SubscriptionEvent {
            Subscribed,
            Unsubscribed
        }),
        vec![
            SubscriptionEvent::Subscribed {
                email: sealed_sample(),
                visitor: Some(sealed_sample()),
                source: "Footer".into(),
            },
            SubscriptionEvent::Subscribed {
                email: sealed_sample(),
                visitor: None,
                source: "Footer".into(),
            },
            SubscriptionEvent::Unsubscribed {
                reason: UnsubscribeReason::Link,
            },
            SubscriptionEvent::Unsubscribed {
                reason: UnsubscribeReason::Forgotten,
            },
        ],
    ));
    all.extend(samples_of::<Subject>(
        variants!(SubjectEvent { SubjectForgotten }),
        vec![SubjectEvent::SubjectForgotten {
            reason: "request".into(),
        }],
    ));
    all.extend(samples_of::<Visitor>(
        variants!(VisitorEvent { LocalStoreSelected }),
        vec![VisitorEvent::LocalStoreSelected { store_num: 12 }],
    ));
    all.extend(samples_of::<PinBoard>(
        variants!(PinEvent {
            Pinned,
            Unpinned,
            PinsReordered,
            RedirectSet,
            RedirectRemoved,
            BoardRestored,
            DraftSaved,
            DraftDiscarded,
            DraftPublished,
            RuleScheduled,
        }),
        vec![
            PinEvent::Pinned {
                item_id: "100234".into(),
            },
            PinEvent::Unpinned {
                item_id: "100234".into(),
            },
            PinEvent::PinsReordered {
                items: vec!["100235".into(), "100234".into()],
            },
            PinEvent::RedirectSet {
                url: "/store-finder/".into(),
            },
            PinEvent::RedirectRemoved,
            PinEvent::BoardRestored {
                to_version: 2,
                pins: vec!["100234".into()],
                redirect: Some("/store-finder/".into()),
            },
            PinEvent::BoardRestored {
                to_version: 1,
                pins: vec![],
                redirect: None,
            },
            PinEvent::DraftSaved {
                pins: vec!["100235".into(), "100234".into()],
                redirect: None,
            },
            PinEvent::DraftSaved {
                pins: vec![],
                redirect: Some("/store-finder/".into()),
            },
            PinEvent::DraftDiscarded,
            PinEvent::DraftPublished {
                pins: vec!["100235".into()],
                redirect: Some("/store-finder/".into()),
            },
            PinEvent::RuleScheduled {
                rule: "pin:100235".into(),
                starts_at: Some(Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()),
                ends_at: None,
            },
            PinEvent::RuleScheduled {
                rule: "redirect".into(),
                starts_at: None,
                ends_at: None,
            },
        ],
    ));
    let rule = |id: &str, starts: bool| SynonymRule {
        id: id.into(),
        words: "dog chow".into(),
        replacement: "dog food".into(),
        starts_at: starts.then(|| Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()),
        ends_at: starts.then(|| Utc.with_ymd_and_hms(2026, 12, 26, 0, 0, 0).unwrap()),
    };
    all.extend(samples_of::<SynonymSet>(
        variants!(SynonymEvent {
            SynonymsSeeded,
            SynonymDrafted,
            SynonymRemovalDrafted,
            SynonymDraftDiscarded,
            SynonymPublished,
            SynonymsRolledBack,
        }),
        vec![
            SynonymEvent::SynonymsSeeded {
                version: 1,
                rules: vec![rule("s1", false)],
            },
            SynonymEvent::SynonymDrafted {
                rule: rule("r0123456789ab", true),
            },
            SynonymEvent::SynonymRemovalDrafted {
                rule_id: "s1".into(),
            },
            SynonymEvent::SynonymDraftDiscarded {
                rule_id: "s1".into(),
            },
            SynonymEvent::SynonymPublished {
                version: 2,
                rule_id: "r0123456789ab".into(),
                rule: Some(rule("r0123456789ab", true)),
            },
            SynonymEvent::SynonymPublished {
                version: 3,
                rule_id: "s1".into(),
                rule: None,
            },
            SynonymEvent::SynonymsRolledBack {
                version: 4,
                to_version: 1,
                rules: vec![rule("s1", false)],
            },
        ],
    ));
    all.extend(samples_of::<PopularBlocklist>(
        variants!(BlocklistEvent { Blocked, Unblocked }),
        vec![
            BlocklistEvent::Blocked {
                value: "free gift card".into(),
            },
            BlocklistEvent::Unblocked {
                value: "800001".into(),
            },
        ],
    ));
    all.extend(account_samples());
    all.extend(rewards_samples());
    all.extend(ordering_samples());
    all.extend(review_samples());
    all
}

/// The accounts context: every variant, every login method and every reason a session ends.
fn account_samples() -> Vec<DomainSample> {
    let customer_id = || "cu_0f8e7d6c5b4a39281706f5e4d3c2b1a0".to_string();
    let mut all = Vec::new();
    all.extend(samples_of::<EmailClaim>(
        variants!(EmailClaimEvent {
            EmailClaimed,
            EmailReleased
        }),
        vec![
            EmailClaimEvent::EmailClaimed {
                customer_id: customer_id(),
                claimed_at: None,
            },
            EmailClaimEvent::EmailClaimed {
                customer_id: customer_id(),
                claimed_at: Some(Utc.with_ymd_and_hms(2026, 5, 1, 14, 3, 27).unwrap()),
            },
            EmailClaimEvent::EmailReleased {
                customer_id: customer_id(),
            },
        ],
    ));
    let mut customer = vec![
        CustomerEvent::CustomerRegistered {
            email_subject: sealed_sample().subject,
            email: sealed_sample(),
            first_name: sealed_sample(),
            last_name: sealed_sample(),
            phone: sealed_sample(),
            phone_key: "ph_9a8b7c6d5e4f30211203f4e5d6c7b8a9".into(),
            password: sealed_sample(),
        },
        CustomerEvent::LoginFailed {},
        CustomerEvent::PasswordChanged {
            password: sealed_sample(),
        },
        CustomerEvent::PasswordResetRequested {
            reset_id: "rs_6e5d4c3b2a190817f6e5d4c3b2a19081".into(),
            token_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".into(),
            expires_at: Utc.with_ymd_and_hms(2026, 5, 1, 15, 3, 27).unwrap(),
        },
        CustomerEvent::PasswordResetUsed {
            reset_id: "rs_6e5d4c3b2a190817f6e5d4c3b2a19081".into(),
        },
        CustomerEvent::CartAdopted {
            cart_id: "2f0c54a1f5a14c4a9f6c7e8d9a0b1c2d".into(),
        },
        CustomerEvent::PasswordChangeRequired {},
        CustomerEvent::ProviderLinked {
            provider: "google".into(),
            provider_key: "pi_4b3a29180f7e6d5c4b3a29180f7e6d5c".into(),
        },
        CustomerEvent::ProviderUnlinked {
            provider: "google".into(),
            provider_key: "pi_4b3a29180f7e6d5c4b3a29180f7e6d5c".into(),
        },
        CustomerEvent::PasskeyAdded {
            credential_id: "hR1Ag1oXqfXx3mW2cQ7e4A".into(),
            passkey: json!({"cred": {
                "cred_id": "hR1Ag1oXqfXx3mW2cQ7e4A",
                "cred": {"type_": "ES256", "key": {"EC_EC2": {"curve": "SECP256R1",
                    "x": "mv4q0l6K3vKkq0dG5k3uQ1n1mS0mHqW0qLrj8x3a0Yc",
                    "y": "0t9cB4k1mXkq5M5r0hV0QfGx2e2w2p0c7c3Xk9s5a1Q"}}},
                "counter": 0,
                "transports": null,
                "user_verified": true,
                "backup_eligible": false,
                "backup_state": false,
                "registration_policy": "required",
                "extensions": {"cred_protect": "Ignored", "hmac_create_secret": "NotRequested",
                    "appid": "NotRequested", "cred_props": {"Unsigned": {"rk": true}}},
                "attestation": {"data": "None", "metadata": "None"},
                "attestation_format": "none"
            }}),
            name: "Chrome on Linux".into(),
        },
        CustomerEvent::PasskeyRemoved {
            credential_id: "hR1Ag1oXqfXx3mW2cQ7e4A".into(),
        },
        CustomerEvent::StaffRolesGranted {
            roles: vec!["merchandiser".into(), "analyst".into()],
        },
        CustomerEvent::StaffRolesRevoked {
            roles: vec!["analyst".into()],
        },
    ];
    customer.extend(
        [
            LoginMethod::Local,
            LoginMethod::Google,
            LoginMethod::Facebook,
            LoginMethod::Apple,
            LoginMethod::Passkey,
        ]
        .map(|method| CustomerEvent::LoginSucceeded { method }),
    );
    all.extend(samples_of::<Customer>(
        variants!(CustomerEvent {
            CustomerRegistered,
            LoginSucceeded,
            LoginFailed,
            PasswordChanged,
            PasswordResetRequested,
            PasswordResetUsed,
            CartAdopted,
            PasswordChangeRequired,
            ProviderLinked,
            ProviderUnlinked,
            PasskeyAdded,
            PasskeyRemoved,
            StaffRolesGranted,
            StaffRolesRevoked,
        }),
        customer,
    ));
    all.extend(samples_of::<Registry>(
        variants!(RegistryEvent {
            RegistryCreated,
            RegistryItemSet,
            RegistryItemRemoved,
            RegistryShared,
            RegistryDeleted,
        }),
        vec![
            RegistryEvent::RegistryCreated {
                owner: customer_id(),
                subject: sealed_sample().subject,
                name: sealed_sample(),
                event_type: Occasion::Wedding,
                event_date: chrono::NaiveDate::from_ymd_opt(2027, 6, 12).unwrap(),
            },
            RegistryEvent::RegistryItemSet {
                blain_number: "100234".into(),
                quantity: 2,
            },
            RegistryEvent::RegistryItemRemoved {
                blain_number: "100234".into(),
            },
            RegistryEvent::RegistryShared {},
            RegistryEvent::RegistryDeleted {},
        ],
    ));
    all.extend(samples_of::<StaffInvitation>(
        variants!(StaffInvitationEvent {
            StaffInvited,
            StaffInvitationAccepted
        }),
        vec![
            StaffInvitationEvent::StaffInvited {
                email_subject: sealed_sample().subject,
                roles: vec!["merchandiser".into()],
                token_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
                    .into(),
                expires_at: Utc.with_ymd_and_hms(2026, 5, 8, 14, 3, 27).unwrap(),
            },
            StaffInvitationEvent::StaffInvitationAccepted {
                customer_id: customer_id(),
            },
        ],
    ));
    all.extend(samples_of::<ProviderClaim>(
        variants!(ProviderClaimEvent {
            ProviderClaimed,
            ProviderReleased
        }),
        vec![
            ProviderClaimEvent::ProviderClaimed {
                customer_id: customer_id(),
            },
            ProviderClaimEvent::ProviderReleased {
                customer_id: customer_id(),
            },
        ],
    ));
    let mut session = vec![
        SessionEvent::SessionStarted {
            customer_id: customer_id(),
            device: "Chrome on Windows".into(),
            expires_at: Utc.with_ymd_and_hms(2026, 12, 27, 12, 0, 0).unwrap(),
        },
        SessionEvent::Reauthenticated {},
    ];
    session.extend(
        [
            SessionEndReason::SignedOut,
            SessionEndReason::EndedFromDeviceList,
            SessionEndReason::PasswordChanged,
            SessionEndReason::Erased,
        ]
        .map(|reason| SessionEvent::SessionEnded { reason }),
    );
    all.extend(samples_of::<Session>(
        variants!(SessionEvent {
            SessionStarted,
            SessionEnded,
            Reauthenticated,
        }),
        session,
    ));
    all
}

/// The rewards context: every variant, both places a member joins, both ways a code is sent,
/// members with and without an email or a customer, gift-card lines and a session that locks.
fn rewards_samples() -> Vec<DomainSample> {
    let number = || "4031572869014".to_string();
    let customer_id = || "cu_0f8e7d6c5b4a39281706f5e4d3c2b1a0".to_string();
    let phone_key = || "ph_9a8b7c6d5e4f30211203f4e5d6c7b8a9".to_string();
    let at = |minute: u32| Utc.with_ymd_and_hms(2026, 5, 1, 14, minute, 27).unwrap();
    // Sealed under the email's subject when the member gave one, else under the phone key.
    let under_phone_key = || Sealed {
        subject: phone_key(),
        ..sealed_sample()
    };
    let mut all = Vec::new();
    all.extend(samples_of::<RewardsClaim>(
        variants!(RewardsClaimEvent {
            RewardsContactClaimed,
            RewardsContactReleased
        }),
        vec![
            RewardsClaimEvent::RewardsContactClaimed {
                rewards_number: number(),
            },
            RewardsClaimEvent::RewardsContactReleased {
                rewards_number: number(),
            },
        ],
    ));
    let earned = |line: &str, cents: i64, points: i64, gift_card: bool| EarnedLine {
        line: line.into(),
        cents,
        points,
        gift_card,
    };
    all.extend(samples_of::<RewardsMember>(
        variants!(MemberEvent {
            MemberEnrolled,
            MemberLinked,
            SaleRecorded,
            SaleReversed,
            GiftCardIssued,
            MemberClosed,
        }),
        vec![
            // Online, signed in, with an email the member index holds.
            MemberEvent::MemberEnrolled {
                phone_key: phone_key(),
                phone: sealed_sample(),
                email_subject: Some(sealed_sample().subject),
                email: Some(sealed_sample()),
                customer_id: Some(customer_id()),
                joined_at: JoinedAt::Online,
                at: at(3),
            },
            // Online with an email another member holds: sealed, not indexed.
            MemberEvent::MemberEnrolled {
                phone_key: phone_key(),
                phone: sealed_sample(),
                email_subject: None,
                email: Some(sealed_sample()),
                customer_id: Some(customer_id()),
                joined_at: JoinedAt::Online,
                at: at(3),
            },
            // In store: a phone only, no customer.
            MemberEvent::MemberEnrolled {
                phone_key: phone_key(),
                phone: under_phone_key(),
                email_subject: None,
                email: None,
                customer_id: None,
                joined_at: JoinedAt::InStore,
                at: at(3),
            },
            MemberEvent::MemberLinked {
                customer_id: customer_id(),
                at: at(9),
            },
            MemberEvent::SaleRecorded {
                order_no: "O-100234".into(),
                lines: vec![
                    earned("1", 127_499, 1_274, false),
                    earned("2", 127_500, 1_275, false),
                    earned("3", 2_500, 0, true),
                    earned("4", -500, 0, false),
                ],
                at: at(10),
            },
            MemberEvent::SaleReversed {
                order_no: "O-100234".into(),
                lines: vec![ReversedLine {
                    line: "2".into(),
                    points: 1_275,
                }],
                at: at(20),
            },
            MemberEvent::GiftCardIssued {
                card_id: "gc_1".into(),
                points: 2_500,
                cents: 2_500,
                at: at(30),
            },
            MemberEvent::MemberClosed { at: at(40) },
        ],
    ));
    let started =
        |method: Method, customer_id: Option<String>| VerificationEvent::VerificationStarted {
            rewards_number: number(),
            method,
            visitor: "4f1c0a5e6b7d8e9f0a1b2c3d4e5f6a7b".into(),
            customer_id,
            code_hash: "9f86d081884c7d659a2feaa0c55ad015".into(),
            expires_at: at(13),
        };
    all.extend(samples_of::<Verification>(
        variants!(VerificationEvent {
            VerificationStarted,
            VerificationCodeRejected,
            VerificationLocked,
            VerificationConfirmed,
        }),
        vec![
            started(Method::Phone, Some(customer_id())),
            started(Method::Email, None),
            VerificationEvent::VerificationCodeRejected { attempts: 1 },
            VerificationEvent::VerificationCodeRejected { attempts: 5 },
            VerificationEvent::VerificationLocked {},
            VerificationEvent::VerificationConfirmed { at: at(5) },
        ],
    ));
    all
}

/// The ordering context: a member's order with a shipped line and a pickup line (taxed in
/// Wisconsin, free shipping) and a guest's order all picked up (no address, no customer), every
/// event of an order's life with the steps that follow it, a checkout attempt's every ending,
/// and a tax exemption rejected, applied for again and approved.
fn ordering_samples() -> Vec<DomainSample> {
    let order_no = || "100000001".to_string();
    let at = |minute: u32| Utc.with_ymd_and_hms(2026, 5, 1, 14, minute, 27).unwrap();
    let by = || Some("alice".to_string());
    let tank = OrderLine {
        line_no: 1,
        blain_number: "100234".into(),
        name: "Behlen 4' Stock Tank".into(),
        quantity: 1,
        // 129.99 and its 3-year protection plan, 19.99.
        unit_price_cents: 14_998,
        fulfillment: FulfillmentType::ShipToHome,
        store_num: None,
    };
    let feed = OrderLine {
        line_no: 2,
        blain_number: "100236".into(),
        name: "Layer Pellets 50 lb".into(),
        quantity: 2,
        unit_price_cents: 2_499,
        fulfillment: FulfillmentType::StorePickup,
        store_num: Some(12),
    };
    let card = || CardSummary {
        brand: "visa".into(),
        last4: "4242".into(),
        expiry: "09/29".into(),
    };
    let shipped = PlacedOrder {
        order_no: order_no(),
        cart_id: "2f0c54a1f5a14c4a9f6c7e8d9a0b1c2d".into(),
        customer_id: Some("cu_0f8e7d6c5b4a39281706f5e4d3c2b1a0".into()),
        subject: sealed_sample().subject,
        contact: sealed_sample(),
        ship_to: Some(sealed_sample()),
        zip_key: Some("oz_7c6b5a49382716f5e4d3c2b1a0f9e8d7".into()),
        tracking_visitor: sealed_sample(),
        rewards_number: Some("4031572869014".into()),
        lines: vec![tank, feed.clone()],
        // Free shipping (the shipped line is over $49); WI tax, 5 % of 199.96.
        totals: Totals {
            subtotal_cents: 19_996,
            shipping_cents: 0,
            tax_cents: 1_000,
            total_cents: 20_996,
            tax_state: Some("WI".into()),
            tax_exempt: false,
        },
        card: card(),
        payment_id: "pay_5e4d3c2b1a0f9e8d7c6b5a4938271605".into(),
        placed_at: at(3),
    };
    let picked_up = PlacedOrder {
        order_no: "100000002".into(),
        cart_id: "9a8b7c6d5e4f30211203f4e5d6c7b8a9".into(),
        customer_id: None,
        subject: sealed_sample().subject,
        contact: sealed_sample(),
        ship_to: None,
        zip_key: None,
        tracking_visitor: sealed_sample(),
        rewards_number: None,
        lines: vec![OrderLine { line_no: 1, ..feed }],
        // Taxed at the pickup store's state.
        totals: Totals {
            subtotal_cents: 4_998,
            shipping_cents: 0,
            tax_cents: 250,
            total_cents: 5_248,
            tax_state: Some("WI".into()),
            tax_exempt: false,
        },
        card: CardSummary {
            brand: "storecard".into(),
            last4: "0016".into(),
            expiry: "12/27".into(),
        },
        payment_id: "pay_1a2b3c4d5e6f708192a3b4c5d6e7f809".into(),
        placed_at: at(4),
    };
    let step = |step: &str, minute: u32| OrderEvent::StepCompleted {
        step: step.into(),
        at: at(minute),
    };
    let mut all = Vec::new();
    all.extend(samples_of::<Order>(
        variants!(OrderEvent {
            OrderPlaced,
            PaymentCaptured,
            OrderReadyForPickup,
            OrderPickedUp,
            OrderShipped,
            OrderDelivered,
            OrderCancelled,
            LinesReturned,
            StepCompleted,
        }),
        vec![
            OrderEvent::OrderPlaced(Box::new(shipped)),
            OrderEvent::OrderPlaced(Box::new(picked_up)),
            OrderEvent::PaymentCaptured {
                amount_cents: 20_996,
                at: at(3),
            },
            step("cart", 3),
            step("mail:Placed", 3),
            step("points:sale", 3),
            step("sale", 3),
            OrderEvent::OrderReadyForPickup {
                at: at(20),
                by: by(),
            },
            step("mail:ReadyForPickup", 20),
            OrderEvent::OrderPickedUp {
                at: at(40),
                by: by(),
            },
            OrderEvent::OrderShipped {
                at: at(41),
                by: Some("cli".into()),
            },
            step("stock:fulfil", 41),
            OrderEvent::OrderDelivered {
                at: at(50),
                by: None,
            },
            // Line 2 back: 49.98 and its share of the tax, 2.50.
            OrderEvent::LinesReturned {
                return_no: 1,
                lines: vec![ReturnedLine {
                    line_no: 2,
                    quantity: 2,
                    refund_cents: 5_248,
                }],
                at: at(55),
                by: by(),
            },
            step("refund:return:1", 55),
            step("points:return:1", 55),
            step("mail:LineReturned:1", 55),
            OrderEvent::OrderCancelled {
                at: at(58),
                by: by(),
                reason: "Customer changed their mind".into(),
            },
            step("stock:release", 58),
            step("money:cancel", 58),
            step("points:cancel", 58),
            step("mail:Cancelled", 58),
        ],
    ));
    all.extend(samples_of::<Checkout>(
        variants!(CheckoutEvent {
            CheckoutStarted,
            CheckoutAuthorised,
            CheckoutFailed,
            CheckoutCompleted,
            CheckoutAbandoned,
        }),
        vec![
            CheckoutEvent::CheckoutStarted {
                order_no: order_no(),
                items: vec![
                    HeldItem {
                        blain_number: "100234".into(),
                        store_num: None,
                    },
                    HeldItem {
                        blain_number: "100236".into(),
                        store_num: Some(12),
                    },
                ],
                at: at(2),
            },
            CheckoutEvent::CheckoutAuthorised {
                order_no: order_no(),
            },
            CheckoutEvent::CheckoutCompleted {
                order_no: order_no(),
            },
            CheckoutEvent::CheckoutFailed {
                order_no: "100000003".into(),
                reason: "declined".into(),
            },
            CheckoutEvent::CheckoutFailed {
                order_no: "100000004".into(),
                reason: "unavailable".into(),
            },
            CheckoutEvent::CheckoutAbandoned {
                order_no: "100000005".into(),
            },
        ],
    ));
    all.extend(samples_of::<TaxExemption>(
        variants!(ExemptionEvent {
            TaxExemptionApplied,
            TaxExemptionApproved,
            TaxExemptionRejected,
        }),
        vec![
            ExemptionEvent::TaxExemptionApplied(ExemptionApplication {
                kind: ExemptionKind::Farm,
                state: "WI".into(),
                subject: sealed_sample().subject,
                business_name: sealed_sample(),
                certificate_number: sealed_sample(),
                at: at(1),
            }),
            ExemptionEvent::TaxExemptionRejected {
                staff_id: "amy".into(),
                reason: "The certificate has expired.".into(),
                at: at(20),
            },
            ExemptionEvent::TaxExemptionApproved {
                staff_id: "amy".into(),
                at: at(40),
            },
        ],
    ));
    all
}

/// The reviews context: a review written with a title and a text, one with the rating alone
/// (no title, no text, not a verified purchase), one held by the moderation rule, edits held
/// and not, every moderation step (an answer given and taken back, a hiding with and without a
/// reason), every report reason, a helpful vote and a removal. Title, text and name are sealed.
fn review_samples() -> Vec<DomainSample> {
    let content =
        |customer: &str, rating: u8, words: bool, held: Option<HoldReason>| ReviewContent {
            product: "100234".into(),
            customer: customer.into(),
            subject: sealed_sample().subject,
            rating,
            title: words.then(sealed_sample),
            text: words.then(sealed_sample),
            reviewer: sealed_sample(),
            verified: words,
            held,
        };
    let jane = "cu_0f8e7d6c5b4a39281706f5e4d3c2b1a0";
    let other = "cu_a1b2c3d4e5f60718293a4b5c6d7e8f90";
    let visitor = "vv_3c2b1a0f9e8d7c6b5a49382716f5e4d3";
    let mut events = vec![
        ReviewEvent::ReviewWritten(content(jane, 4, true, None)),
        ReviewEvent::ReviewWritten(content(other, 2, false, None)),
        ReviewEvent::ReviewWritten(content(other, 1, true, Some(HoldReason::Link))),
        ReviewEvent::ReviewEdited(content(jane, 5, true, Some(HoldReason::Contact))),
        ReviewEvent::ReviewEdited(ReviewContent {
            text: None,
            ..content(jane, 3, true, Some(HoldReason::Word))
        }),
        ReviewEvent::ReviewEdited(content(jane, 5, false, None)),
        ReviewEvent::ReviewPublished {
            staff_id: "amy".into(),
        },
        ReviewEvent::ReviewReplied {
            staff_id: "amy".into(),
            text: "Thanks for the review! The 4' tank also comes in galvanised steel.".into(),
        },
        ReviewEvent::ReviewReplied {
            staff_id: "amy".into(),
            text: String::new(),
        },
        ReviewEvent::HelpfulVoted {
            voter: visitor.into(),
        },
        ReviewEvent::ReviewHidden {
            staff_id: "amy".into(),
            reason: "Names another shopper.".into(),
        },
        ReviewEvent::ReviewHidden {
            staff_id: "amy".into(),
            reason: String::new(),
        },
        ReviewEvent::ReviewRemoved,
    ];
    events.extend(
        [
            ReportReason::OffTopic,
            ReportReason::Offensive,
            ReportReason::Spam,
            ReportReason::PersonalInformation,
            ReportReason::Other,
        ]
        .map(|reason| ReviewEvent::ReviewReported {
            reporter: visitor.into(),
            reason,
        }),
    );
    samples_of::<Review>(
        variants!(ReviewEvent {
            ReviewWritten,
            ReviewEdited,
            ReviewRemoved,
            ReviewPublished,
            ReviewHidden,
            ReviewReplied,
            ReviewReported,
            HelpfulVoted,
        }),
        events,
    )
}

#[test]
fn domain_events_match_their_schemas_and_sections() {
    let files = schemas("events");
    let doc = doc();
    let envelope_schema = &files["envelope"];
    let samples = domain_samples();
    let mut checked = Checked::default();
    let mut errors = Vec::new();
    let mut sampled = BTreeSet::new();
    for (i, s) in samples.iter().enumerate() {
        let stem = format!("{}.{}", s.aggregate_type, s.event_type);
        sampled.insert(stem.clone());
        let Some(schema) = files.get(&stem) else {
            errors.push(format!("docs/schemas/events/{stem}.json is missing"));
            continue;
        };
        for (key, wanted) in [
            ("x-aggregate-type", s.aggregate_type),
            ("x-event-type", s.event_type.as_str()),
            ("x-event-version", s.event_version.as_str()),
        ] {
            if schema[key] != wanted {
                errors.push(format!(
                    "{stem}.json: {key} is {}, the code says {wanted}",
                    schema[key]
                ));
            }
        }
        checked.check(&format!("events/{stem}.json"), schema, &s.payload, &stem);
        // The envelope the relay would publish for it.
        let envelope = Envelope {
            event_id: uuid::Uuid::new_v4(),
            aggregate_type: s.aggregate_type.to_string(),
            aggregate_id: "some-id".into(),
            sequence: i as i64 + 1,
            event_type: s.event_type.clone(),
            event_version: s.event_version.clone(),
            payload: s.payload.clone(),
            metadata: if s.aggregate_type == "PinBoard" {
                json!({"staffId": "alice", "hawkb": null, "hawkaid": null, "hawkp": null})
            } else if s.aggregate_type == "SynonymSet" {
                json!({"staffId": "alice"})
            } else {
                json!({})
            },
            recorded_at: Utc::now(),
        };
        let envelope = serde_json::to_value(&envelope).unwrap();
        checked.check("events/envelope.json", envelope_schema, &envelope, &stem);
        // The doc has a section that links the schema, named and versioned as the code says,
        // and names each field of the payload.
        if !doc.contains(&format!("(schemas/events/{stem}.json)")) {
            errors.push(format!(
                "docs/events.md does not link schemas/events/{stem}.json"
            ));
        }
        let heading = format!("#### `{}` {}", s.event_type, s.event_version);
        if !doc.lines().any(|l| l.trim_end() == heading) {
            errors.push(format!("docs/events.md has no section `{heading}`"));
        }
        if let Some(fields) = s.payload.get(&s.event_type).and_then(Value::as_object) {
            for field in fields.keys() {
                if !doc.contains(&format!("`{field}`")) {
                    errors.push(format!(
                        "docs/events.md does not describe `{field}` of {stem}"
                    ));
                }
            }
        }
    }
    for stem in files.keys().filter(|s| *s != "envelope") {
        if !sampled.contains(stem) {
            errors.push(format!(
                "docs/schemas/events/{stem}.json names no event of the code"
            ));
        }
    }
    for name in envelope_schema["properties"].as_object().unwrap().keys() {
        if !doc.contains(&format!("`{name}`")) {
            errors.push(format!(
                "docs/events.md does not describe the envelope's `{name}`"
            ));
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    checked.finish("domain-samples.jsonl");
}

#[test]
fn personal_data_is_marked_where_it_travels() {
    let files = schemas("events");
    let subscribed = &files["Subscription.Subscribed"];
    assert_eq!(subscribed["x-personal-data"], json!(["email", "visitor"]));
    let fields = &subscribed["properties"]["Subscribed"]["properties"];
    for field in ["email", "visitor"] {
        assert_eq!(fields[field]["x-personal-data"], json!(true), "{field}");
    }
    // A sealed field, not a string: the address is never in clear on the topic.
    assert_eq!(fields["email"]["type"], "object");
    assert_eq!(
        fields["email"]["required"],
        json!(["subject", "key", "sealed"])
    );
    let doc = doc();
    assert!(
        doc.contains("sealed") && doc.contains("privacy.md"),
        "docs/events.md must say which fields are personal and how they travel"
    );
}

/// Every sealed field of a sample (an object of exactly `subject`, `key` and `sealed`) is listed
/// in its schema's `x-personal-data` and marked there, and every listed field is sealed in some
/// sample: what is personal travels sealed, and the schemas say so.
#[test]
fn sealed_fields_and_personal_data_marks_agree() {
    let files = schemas("events");
    let is_sealed = |v: &Value| {
        v.as_object().is_some_and(|o| {
            o.keys().map(String::as_str).collect::<BTreeSet<_>>()
                == BTreeSet::from(["subject", "key", "sealed"])
        })
    };
    let mut sealed: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in domain_samples() {
        let stem = format!("{}.{}", s.aggregate_type, s.event_type);
        let fields = sealed.entry(stem).or_default();
        if let Some(members) = s.payload.get(&s.event_type).and_then(Value::as_object) {
            fields.extend(
                members
                    .iter()
                    .filter(|(_, v)| is_sealed(v))
                    .map(|(k, _)| k.clone()),
            );
        }
    }
    let mut errors = Vec::new();
    for (stem, fields) in sealed {
        let schema = &files[&stem];
        let listed: BTreeSet<String> = schema["x-personal-data"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(String::from)
            .collect();
        if listed != fields {
            errors.push(format!(
                "{stem}.json: x-personal-data {listed:?}, the samples' sealed fields {fields:?}"
            ));
        }
        for field in &listed {
            let event = schema["x-event-type"].as_str().unwrap_or_default();
            let member = &schema["properties"][event]["properties"][field];
            if member["x-personal-data"] != json!(true) {
                errors.push(format!(
                    "{stem}.json: `{field}` is not marked x-personal-data"
                ));
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_checker_refuses_a_payload_that_drifted() {
    let files = schemas("events");
    let schema = &files["Product.ProductDiscontinued"];
    assert!(errors_of(
        schema,
        &json!({"ProductDiscontinued": {"blainNumber": "1"}})
    )
    .is_empty());
    assert!(!errors_of(
        schema,
        &json!({"ProductDiscontinued": {"blain_number": "1"}})
    )
    .is_empty());
    assert!(!errors_of(
        schema,
        &json!({"ProductDiscontinued": {"blainNumber": "1", "reason": "x"}})
    )
    .is_empty());
    let upserted = &files["Store.StoreUpserted"];
    let mut payload =
        serde_json::to_value(StoreEvent::StoreUpserted(Box::new(store(false)))).unwrap();
    assert!(errors_of(upserted, &payload).is_empty());
    payload["StoreUpserted"]["hours"]
        .as_object_mut()
        .unwrap()
        .remove("Sunday");
    assert!(
        !errors_of(upserted, &payload).is_empty(),
        "a day of hours missing"
    );
}

// ------------------------------------------------------------------------------------------
// (d) tracking events

fn keyring() -> Keyring {
    Keyring::parse("0123456789abcdef0123456789abcdef").unwrap()
}

fn tracking_event(name: &str, source: Source) -> TrackingEvent {
    let keys = keyring();
    TrackingEvent {
        version: codes::TRACKING_VERSION.to_string(),
        event_id: uuid::Uuid::new_v4().to_string(),
        event: name.to_string(),
        event_type: None,
        source,
        received_at: Utc::now(),
        visitor_id: tracker::pseudonymous_visitor(&keys, "4f1c0a5e6b7d8e9f0a1b2c3d4e5f6a7b"),
        visit_id: keys.derive("tracking-visit", "0a1b2c3d4e5f6a7b4f1c0a5e6b7d8e9f"),
        agent: Agent::Browser,
        client_id: None,
        base_url: None,
        custom_data: None,
        data: Map::new(),
        click: None,
        counted: false,
    }
}

/// What a browser might put in hawk.png's `t` for an event: every field the spec lists, with
/// values that pass the decoder's checks, and click details.
fn hawk_fields(codes_as_text: bool) -> Map<String, Value> {
    let code = |n: i64| {
        if codes_as_text {
            json!(n.to_string())
        } else {
            json!(n)
        }
    };
    let fields = json!({
        "event": "ignored here", "version": "v2",
        "timestamp": "2026-05-01T12:00:00.000Z", "visitor_id": "client-side id",
        "visit_id": "client-side visit", "request_path": "/search/", "qs": "keyword=feed",
        "tracking_id": "t-1", "unique_id": "100234", "element_no": 3, "mlt": false,
        "url": "https://shop.example/search/?keyword=feed", "query_id": "q-1",
        "type_id": code(1), "banner_id": "b-1", "order_no": "O-1",
        "item_list": ["100234", 100235, {"dropped": true}], "total": 12, "tax": 1.5,
        "sub_total": 10.5, "currency": "USD", "price": 9.99, "quantity": 2, "value": code(5),
        "widget_guid": "w-1", "item_index": 0, "request_id": "r-1", "suggest_type": code(1),
        "name": "chicken feed", "keyword": "feed", "not_a_field": "dropped"
    });
    let click = json!({
        "mouse_x": 10.4, "mouse_y": "20", "viewport_w": 1280, "viewport_h": 800,
        "scroll_x": 0, "scroll_y": 300, "element_tag": "A", "element_id": "r1",
        "element_class": "result", "element_text": "Chicken feed", "browser": "Firefox",
        "browser_version": "140.0", "os": "Linux"
    });
    let mut fields = fields.as_object().unwrap().clone();
    fields.extend(click.as_object().unwrap().clone());
    fields
}

fn beacon_data(name: &str) -> Vec<Value> {
    let carousel = json!({
        "itemListID": "home-1", "itemListName": "Top picks", "index": 2, "currentPrice": 19.99,
        "belowMap": false, "priceMode": "Regular", "blainNumber": "100234",
        "vendorBrand": "Behlen", "productName": "Stock tank"
    });
    match name {
        codes::PRODUCT_VIEW => vec![
            json!({"a": "1", "u": "/product/100234/stock-tank", "b": "100234", "h": "x"}),
            json!({"b": "100234"}),
        ],
        codes::CAROUSEL_CLICK => vec![carousel.clone(), json!({"blainNumber": "100234"})],
        codes::SPONSORED_AD_CLICK => vec![json!({"adId": "ad-7"})],
        codes::SPONSORED_AD_IMPRESSION => vec![json!({"adIds": ["ad-7", "42"]})],
        "email_subscribe" => vec![json!({"method": "Footer"})],
        "menu_click" => vec![json!({
            "menu_name": "mega menu", "link_text": "Stock Tanks", "link_url": "/farm/stock-tanks/"
        })],
        // The web also sends `items` (a list of objects); the tracker drops it.
        "product_carousel_view" => {
            vec![json!({"itemListID": "home-1", "itemListName": "Top picks"})]
        }
        "product_carousel_click" => vec![carousel],
        "popular_search" => vec![json!({
            "search_term": "chicken feed", "link_url": "/search/?keyword=chicken+feed",
            "other": ["a", 1]
        })],
        other => panic!("no sample for {other}"),
    }
}

#[test]
fn tracking_events_match_the_envelope_and_their_kind() {
    let files = schemas("tracking");
    let envelope_schema = &files["envelope"];
    let mut checked = Checked::default();
    let mut samples: Vec<TrackingEvent> = Vec::new();

    // hawk.png events, decoded by the tracker's own decoder.
    for event in EventType::ALL {
        for codes_as_text in [false, true] {
            let mut fields = hawk_fields(codes_as_text);
            if event == EventType::PageLoad {
                fields.insert(
                    "type_id".into(),
                    if codes_as_text { json!("2") } else { json!(2) },
                );
            }
            fields.remove("event");
            let (data, click) = tracking::decode_fields(event, &fields)
                .unwrap_or_else(|e| panic!("{event:?}: the sample was refused: {e:?}"));
            assert!(!data.contains_key("not_a_field"));
            let mut e = tracking_event(event.name(), Source::Hawk);
            e.event_type = Some(event.code());
            e.client_id = Some("storefront-web".into());
            e.base_url = Some("https://shop.example/".into());
            e.custom_data = Some(if codes_as_text {
                json!("campaign=spring")
            } else {
                Value::Object(tracking::bounded_map(
                    json!({"campaign": "spring", "ids": [1, 2], "nested": {"x": 1}})
                        .as_object()
                        .unwrap(),
                ))
            });
            e.data = data;
            e.click = click;
            samples.push(e);
        }
        // A minimal one: nothing but what a Rate needs.
        let minimal = json!({"value": 4}).as_object().unwrap().clone();
        let (data, click) = tracking::decode_fields(event, &minimal).unwrap();
        let mut e = tracking_event(event.name(), Source::Hawk);
        e.event_type = Some(event.code());
        e.agent = Agent::Unknown;
        e.data = data;
        e.click = click;
        samples.push(e);
    }
    // Legacy links: the fields /link.aspx, /banners.aspx and GetAutoCompleteClick copy.
    for (event, data) in [
        (
            EventType::Click,
            json!({"url": "/product/100234/", "tracking_id": "t-1", "unique_id": "100234",
                   "query_id": "q-1", "keyword": "feed", "item_index": "3"}),
        ),
        (
            EventType::BannerClick,
            json!({"banner_id": "b-1", "url": "/sale/"}),
        ),
        (
            EventType::AutoCompleteClick,
            json!({"keyword": "chi", "name": "chicken feed", "url": "/search/?keyword=chicken+feed",
                   "suggest_type": 1}),
        ),
    ] {
        let mut e = tracking_event(event.name(), Source::Legacy);
        e.event_type = Some(event.code());
        e.data = data.as_object().unwrap().clone();
        samples.push(e);
    }
    // Beacons and analytics pushes.
    for name in [
        codes::PRODUCT_VIEW,
        codes::CAROUSEL_CLICK,
        codes::SPONSORED_AD_CLICK,
        codes::SPONSORED_AD_IMPRESSION,
    ] {
        for data in beacon_data(name) {
            let mut e = tracking_event(name, Source::Beacon);
            e.data = data.as_object().unwrap().clone();
            samples.push(e);
        }
    }
    for name in codes::ANALYTICS_PUSHES {
        for data in beacon_data(name) {
            let mut e = tracking_event(name, Source::Analytics);
            e.data = tracking::bounded_map(data.as_object().unwrap());
            samples.push(e);
        }
    }
    // The store's own Sale of a placed order, as the ordering process sends it.
    let keys = keyring();
    let sale = command::ordering::sales::Sale {
        event_id: command::ordering::sales::sale_event_id("100000001"),
        order_no: "100000001".into(),
        tracking_visitor: tracker::pseudonymous_visitor(&keys, "4f1c0a5e6b7d8e9f0a1b2c3d4e5f6a7b"),
        items: vec![("100234".into(), 1, 14_998), ("100236".into(), 2, 2_499)],
        sub_total_cents: 19_996,
        tax_cents: 1_000,
        total_cents: 20_996,
        currency: "USD",
        at: Utc.with_ymd_and_hms(2026, 5, 1, 14, 3, 27).unwrap(),
    };
    samples.push(tracker::sales::sale_event(&sale));
    // Every source has a sample.
    let sources: BTreeSet<String> = samples.iter().map(|e| format!("{:?}", e.source)).collect();
    let all_sources: BTreeSet<String> = variants!(Source {
        Hawk,
        Beacon,
        Analytics,
        Legacy,
        Server
    })
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(sources, all_sources, "every tracking source has a sample");

    let mut kinds = BTreeSet::new();
    for e in &samples {
        let value = serde_json::to_value(e).expect("tracking events serialise");
        let what = format!("{} ({:?})", e.event, e.source);
        checked.check("tracking/envelope.json", envelope_schema, &value, &what);
        let kind = files
            .get(&e.event)
            .unwrap_or_else(|| panic!("docs/schemas/tracking/{}.json", e.event));
        checked.check(&format!("tracking/{}.json", e.event), kind, &value, &what);
        kinds.insert(e.event.clone());
    }
    assert_eq!(
        kinds,
        tracking_names().into_iter().collect::<BTreeSet<_>>(),
        "every event kind has a sample"
    );

    // The checks bite: a Search is not a PageLoad, a PageLoad's page type is checked, a
    // beacon has no eventType, a product view needs its product number.
    let first = |name: &str| {
        let e = samples.iter().find(|e| e.event == name).unwrap();
        serde_json::to_value(e).unwrap()
    };
    let search = first("Search");
    assert!(errors_of(&files["Search"], &search).is_empty());
    assert!(!errors_of(&files["PageLoad"], &search).is_empty());
    let mut page = first("PageLoad");
    assert!(errors_of(&files["PageLoad"], &page).is_empty());
    page["data"]["type_id"] = json!(6);
    assert!(!errors_of(&files["PageLoad"], &page).is_empty());
    let mut view = tracking_event(codes::PRODUCT_VIEW, Source::Beacon);
    view.event_type = Some(1);
    assert!(!errors_of(&files["productview"], &serde_json::to_value(&view).unwrap()).is_empty());
    view.event_type = None;
    assert!(!errors_of(&files["productview"], &serde_json::to_value(&view).unwrap()).is_empty());
    let mut stray = first("PageLoad");
    stray["ip"] = json!("192.0.2.1");
    assert!(!errors_of(envelope_schema, &stray).is_empty());

    checked.finish("tracking-samples.jsonl");
}
