//! The live tail: `storefront.tracking.v1` and `storefront.events.v1` as they arrive, in the
//! analyst's browser (server-sent events).
//!
//! Each open tail is a consumer of its own that belongs to no consumer group: it asks each
//! partition for its end, starts there, commits nothing and disturbs no consumer of ours. The
//! `ready` event is sent once those ends are known, so everything produced after it reaches the
//! tail. Messages go out as they are on the topic: the tracking topic's are redacted by the
//! tracker before they are produced and domain events carry no personal data in clear
//! (DESIGN.md, Privacy), so the tail shows what the topic holds and nothing more.
//!
//! A tail lives as long as its connection: the request timeout bounds only the time to the
//! answer's head, and the tail's head comes once the consumer is placed. Tails count against
//! their own cap ([`MAX_TAILS`] per process), not the request slots: a tail over the cap answers
//! 429 `TailBusy` with `Retry-After`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use kernel::http::ApiError;
use kernel::staff::{Analyst, Staff};
use projections::bus::BusConfig;
use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::message::{Message, Timestamp};
use rdkafka::{Offset, TopicPartitionList};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{mpsc, OwnedSemaphorePermit, Semaphore};

use crate::TrackerState;

/// Live tails open at once in one process.
pub const MAX_TAILS: usize = 8;
/// Types a tail may filter on, and the longest type.
pub const MAX_TYPES: usize = 20;
pub const MAX_TYPE_LEN: usize = 64;
/// Seconds a refused tail is told to wait.
const RETRY_AFTER_SECONDS: u64 = 10;
/// How long placing the consumer may take before the tail answers 503.
const PLACE_TIMEOUT: Duration = Duration::from_secs(10);
/// Messages waiting for a slow browser; beyond them, messages are skipped and counted.
const BUFFER: usize = 256;

/// The topics a tail reads: the tracking topic and the domain events' topic, as this process
/// names them (`TRACKING_TOPIC`, `EVENTS_TOPIC`).
#[derive(Debug, Clone, PartialEq)]
pub struct Topics {
    pub tracking: String,
    pub events: String,
}

impl Default for Topics {
    fn default() -> Self {
        Topics {
            tracking: projections::bus::TRACKING_TOPIC.to_string(),
            events: projections::bus::EVENTS_TOPIC.to_string(),
        }
    }
}

/// The cap on open tails, shared by the handlers of one process.
#[derive(Clone)]
pub struct Tails(Arc<Semaphore>);

impl Default for Tails {
    fn default() -> Self {
        Tails(Arc::new(Semaphore::new(MAX_TAILS)))
    }
}

#[derive(Debug, Deserialize)]
pub struct TailParams {
    topics: Option<String>,
    types: Option<String>,
}

/// What a tail reads and shows.
#[derive(Debug, Clone, PartialEq)]
struct Filter {
    topics: Vec<String>,
    /// Which of them holds domain events.
    events_topic: String,
    /// Lowercase; empty: every type.
    types: Vec<String>,
}

impl Filter {
    fn parse(params: &TailParams, names: &Topics) -> Result<Filter, ApiError> {
        let mut topics = Vec::new();
        for name in list(params.topics.as_deref()) {
            let name = name.to_ascii_lowercase();
            let topic = match name.as_str() {
                "tracking" => &names.tracking,
                "events" => &names.events,
                _ if name == names.tracking => &names.tracking,
                _ if name == names.events => &names.events,
                _ => {
                    return Err(ApiError::bad_request(
                        "InvalidTopic",
                        "topics must be tracking, events or both.",
                    ))
                }
            };
            if !topics.contains(topic) {
                topics.push(topic.clone());
            }
        }
        if topics.is_empty() {
            topics = vec![names.tracking.clone(), names.events.clone()];
        }
        let types: Vec<String> = list(params.types.as_deref())
            .map(str::to_lowercase)
            .collect();
        if types.len() > MAX_TYPES || types.iter().any(|t| t.chars().count() > MAX_TYPE_LEN) {
            return Err(ApiError::bad_request(
                "InvalidTypes",
                format!(
                    "types takes at most {MAX_TYPES} names of at most {MAX_TYPE_LEN} characters."
                ),
            ));
        }
        Ok(Filter {
            topics,
            events_topic: names.events.clone(),
            types,
        })
    }

    /// A type passes when no types were asked for, when it is one of them, or when one of them
    /// is its aggregate (`Cart` lets `Cart.ItemAdded` through).
    fn passes(&self, kind: &str) -> bool {
        if self.types.is_empty() {
            return true;
        }
        let kind = kind.to_lowercase();
        self.types.iter().any(|t| {
            kind == *t
                || kind
                    .strip_prefix(t.as_str())
                    .is_some_and(|rest| rest.starts_with('.'))
        })
    }
}

fn list(value: Option<&str>) -> impl Iterator<Item = &str> {
    value
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// The type a message shows under: a tracking event's name, a domain event's
/// `Aggregate.Event`.
fn kind_of(domain_event: bool, payload: &Value) -> String {
    let text = |field: &str| payload.get(field).and_then(Value::as_str);
    if domain_event {
        match (text("aggregate_type"), text("event_type")) {
            (Some(aggregate), Some(event)) => format!("{aggregate}.{event}"),
            (None, Some(event)) => event.to_string(),
            _ => "unknown".to_string(),
        }
    } else {
        text("event").unwrap_or("unknown").to_string()
    }
}

/// One server-sent event of the tail, as an event-stream reader parses it (for the OpenAPI
/// document: the handler writes the stream).
#[derive(utoipa::ToSchema)]
#[schema(as = TailEvent)]
#[allow(dead_code)]
pub(crate) struct SseEvent {
    /// `ready`, `skipped`, or absent for a message.
    event: Option<String>,
    /// JSON: `{"topics"}` (ready), `{"count"}` (skipped), or a message
    /// `{"topic","type","at","partition","offset","payload"}`.
    data: String,
    id: Option<String>,
    retry: Option<u64>,
}

/// `GET /api/staff/analytics/tail?topics=tracking,events&types=Search,Cart`, analysts only.
#[utoipa::path(
    get,
    path = "/api/staff/analytics/tail",
    tag = "analytics",
    summary = "The tracking and domain-event topics live (analysts; server-sent events)",
    description = "Staff only, the analyst role (as the report). A `text/event-stream`: first an event named `ready` with data `{\"topics\":[…]}` once the tail is placed at the topics' ends (everything produced after it arrives), then one unnamed event per message: `{\"topic\",\"type\",\"at\",\"partition\",\"offset\",\"payload\"}` with the message as it is on the topic (personal data redacted there), and an event named `skipped` with `{\"count\"}` when a slow reader missed messages. Keep-alive comments every 15 s. The tail is not bound by the request timeout; at most 8 are open per process (429 `TailBusy` with `Retry-After` beyond).",
    params(
        ("topics" = Option<String>, Query, example = "tracking,events",
            description = "`tracking`, `events` or both, comma-separated (default both); 400 `InvalidTopic` otherwise"),
        ("types" = Option<String>, Query, example = "Search,Cart",
            description = "Types shown, comma-separated, case-insensitive: a tracking event's name (`Search`, `Click`, `productview`) or a domain event's `Aggregate.Event`, or an aggregate alone (`Cart`); at most 20 of at most 64 characters (400 `InvalidTypes`); default every type"),
    ),
    responses(
        (status = 200, description = "The live tail: one server-sent event after another", content_type = "text/event-stream", body = SseEvent),
        (status = 400, description = "`InvalidTopic`, `InvalidTypes`, `InvalidText`.", body = kernel::http::ErrorBody),
        (status = 429, description = "`TailBusy`: too many live tails are open; `Retry-After` says when to try again.", body = kernel::http::ErrorBody),
        (status = 503, description = "The broker did not answer.", body = kernel::http::ErrorBody),
    )
)]
pub async fn tail(
    State(state): State<TrackerState>,
    analyst: Staff<Analyst>,
    Query(params): Query<TailParams>,
) -> Response {
    let filter = match Filter::parse(&params, &state.tail_topics) {
        Ok(filter) => filter,
        Err(e) => return e.into_response(),
    };
    let Ok(permit) = state.tails.0.clone().try_acquire_owned() else {
        let mut response = ApiError::Refused {
            status: StatusCode::TOO_MANY_REQUESTS,
            code: "TailBusy",
            message: format!(
                "Too many live views are open. Please try again in {RETRY_AFTER_SECONDS} seconds."
            ),
        }
        .into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
        return response;
    };
    let consumer = match place(&state.bus, &filter.topics).await {
        Ok(consumer) => consumer,
        Err(e) => {
            tracing::warn!(error = %e, "live tail: the broker did not answer");
            return ApiError::Unavailable("the broker did not answer".into()).into_response();
        }
    };
    tracing::info!(staff = analyst.id(), topics = ?filter.topics, "live tail opened");
    let (tx, mut rx) = mpsc::channel::<Event>(BUFFER);
    let ready = Event::default()
        .event("ready")
        .json_data(json!({ "topics": filter.topics }))
        .expect("ready event");
    let _ = tx.try_send(ready);
    tokio::spawn(forward(consumer, filter, tx, permit));
    let stream = futures::stream::poll_fn(move |cx| {
        rx.poll_recv(cx)
            .map(|event| event.map(Ok::<Event, Infallible>))
    });
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // No proxy of ours may hold the stream back to buffer it.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// A consumer of no group, assigned to every partition of `topics` at its current end.
async fn place(bus: &BusConfig, topics: &[String]) -> anyhow_free::Result<StreamConsumer> {
    let consumer: StreamConsumer = bus
        .client_config()
        // librdkafka wants a group id even for assigned partitions; nothing is ever committed.
        .set(
            "group.id",
            format!("storefront-live-tail-{}", uuid::Uuid::new_v4().simple()),
        )
        .set("enable.auto.commit", "false")
        .set("enable.auto.offset.store", "false")
        .create()?;
    let topics = topics.to_vec();
    let consumer = tokio::task::spawn_blocking(move || {
        let mut assignment = TopicPartitionList::new();
        for topic in topics {
            let metadata = consumer.fetch_metadata(Some(&topic), PLACE_TIMEOUT)?;
            for t in metadata.topics() {
                for p in t.partitions() {
                    let (_, high) = consumer.fetch_watermarks(&topic, p.id(), PLACE_TIMEOUT)?;
                    assignment.add_partition_offset(&topic, p.id(), Offset::Offset(high))?;
                }
            }
        }
        consumer.assign(&assignment)?;
        Ok::<_, rdkafka::error::KafkaError>(consumer)
    })
    .await
    .map_err(|_| anyhow_free::Error::Panicked)??;
    Ok(consumer)
}

/// Sends each message that passes the filter until the browser goes away; the permit is
/// given back with the consumer.
async fn forward(
    consumer: StreamConsumer,
    filter: Filter,
    tx: mpsc::Sender<Event>,
    _permit: OwnedSemaphorePermit,
) {
    let mut skipped: u64 = 0;
    loop {
        let message = tokio::select! {
            _ = tx.closed() => break,
            m = consumer.recv() => m,
        };
        let m = match message {
            Ok(m) => m,
            Err(e) => {
                tracing::debug!(error = %e, "live tail: consumer error");
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        let topic = m.topic();
        let payload = m
            .payload()
            .map(|bytes| {
                serde_json::from_slice::<Value>(bytes)
                    .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(bytes).into_owned()))
            })
            .unwrap_or(Value::Null);
        let kind = kind_of(topic == filter.events_topic, &payload);
        if !filter.passes(&kind) {
            continue;
        }
        let at = match m.timestamp() {
            Timestamp::CreateTime(t) | Timestamp::LogAppendTime(t) => {
                chrono::DateTime::from_timestamp_millis(t)
            }
            Timestamp::NotAvailable => None,
        }
        .unwrap_or_else(chrono::Utc::now);
        let data = json!({
            "topic": topic,
            "type": kind,
            "at": at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "partition": m.partition(),
            "offset": m.offset(),
            "payload": payload,
        });
        let Ok(event) = Event::default().json_data(&data) else {
            continue;
        };
        if skipped > 0 {
            let notice = Event::default()
                .event("skipped")
                .json_data(json!({ "count": skipped }))
                .expect("skipped event");
            if tx.try_send(notice).is_ok() {
                skipped = 0;
            }
        }
        match tx.try_send(event) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => skipped += 1,
            Err(mpsc::error::TrySendError::Closed(_)) => break,
        }
    }
    tracing::info!("live tail closed");
}

/// The tail's own small error type (the crate has no `anyhow`).
mod anyhow_free {
    #[derive(Debug, thiserror::Error)]
    pub enum Error {
        #[error("{0}")]
        Kafka(#[from] rdkafka::error::KafkaError),
        #[error("the placing task panicked")]
        Panicked,
    }
    pub type Result<T> = std::result::Result<T, Error>;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(topics: Option<&str>, types: Option<&str>) -> Result<Filter, ApiError> {
        Filter::parse(
            &TailParams {
                topics: topics.map(String::from),
                types: types.map(String::from),
            },
            &Topics::default(),
        )
    }

    #[test]
    fn both_topics_by_default_and_by_short_or_full_name() {
        assert_eq!(
            filter(None, None).unwrap().topics,
            ["storefront.tracking.v1", "storefront.events.v1"]
        );
        assert_eq!(
            filter(Some(" events , storefront.events.v1"), None)
                .unwrap()
                .topics,
            ["storefront.events.v1"]
        );
        assert!(matches!(
            filter(Some("tracking,orders"), None),
            Err(ApiError::BadRequest {
                code: "InvalidTopic",
                ..
            })
        ));
    }

    #[test]
    fn a_type_passes_by_name_or_by_its_aggregate_whatever_the_case() {
        let f = filter(None, Some("search, Cart")).unwrap();
        assert!(f.passes("Search"));
        assert!(f.passes("Cart.ItemAdded"));
        assert!(!f.passes("Cartography.Drawn"));
        assert!(!f.passes("Click"));
        assert!(filter(None, None).unwrap().passes("anything"));
    }

    #[test]
    fn too_many_or_too_long_types_are_refused() {
        let many = vec!["a"; MAX_TYPES + 1].join(",");
        assert!(matches!(
            filter(None, Some(&many)),
            Err(ApiError::BadRequest {
                code: "InvalidTypes",
                ..
            })
        ));
        let long = "x".repeat(MAX_TYPE_LEN + 1);
        assert!(filter(None, Some(&long)).is_err());
    }

    #[test]
    fn a_message_shows_under_its_event_name_or_aggregate_and_event() {
        assert_eq!(
            kind_of(false, &json!({"event": "Search", "version": "v2"})),
            "Search"
        );
        assert_eq!(
            kind_of(
                true,
                &json!({"aggregate_type": "Cart", "event_type": "ItemAdded"})
            ),
            "Cart.ItemAdded"
        );
        assert_eq!(kind_of(true, &json!("not json")), "unknown");
    }
}
