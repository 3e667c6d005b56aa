//! The Sale tracking event of a placed order, sent by the store (the ordering context's
//! `SaleTracker` port) to the tracking topic like a browser's event: type Sale (6), the spec's
//! fields `order_no`, `item_list`, `total`, `tax`, `sub_total` (dollars) and `currency`. Its
//! event id comes from the order number, so a repeat is one event to every consumer.
//!
//! Unlike a beacon, a sale is sent and waited for: the order records its `sale` step only once
//! the broker has the event, so a store killed right after the order still sends it (the
//! sweep does the step again), never loses it.

use std::sync::OnceLock;
use std::time::Duration;

use projections::bus::{BusConfig, BusContext, BusProducer};
use projections::model::sales::{Sale, SaleTracker};
use rdkafka::producer::FutureRecord;
use serde_json::{json, Map, Value};

use crate::codes::{self, EventType};
use crate::event::{Agent, Source, TrackingEvent};

/// How long a sale waits for the broker before its step is left for the sweep.
pub const DELIVERY_TIMEOUT: Duration = Duration::from_secs(5);

/// Puts sales on the tracking topic, each acknowledged by the broker.
pub struct TopicSales {
    bus: BusConfig,
    topic: String,
    producer: OnceLock<BusProducer>,
}

impl TopicSales {
    /// Sales to `topic` (the tracking topic) of the broker at `bus`; the producer is made at
    /// the first sale.
    pub fn new(bus: BusConfig, topic: impl Into<String>) -> Self {
        Self {
            bus,
            topic: topic.into(),
            producer: OnceLock::new(),
        }
    }

    fn producer(&self) -> Result<&BusProducer, String> {
        if let Some(p) = self.producer.get() {
            return Ok(p);
        }
        let made: BusProducer = self
            .bus
            .client_config()
            .set("enable.idempotence", "true")
            .set("acks", "all")
            .set("linger.ms", "5")
            .set(
                "message.timeout.ms",
                DELIVERY_TIMEOUT.as_millis().to_string(),
            )
            .set("compression.type", "none")
            .create_with_context(BusContext::default())
            .map_err(|e| e.to_string())?;
        Ok(self.producer.get_or_init(|| made))
    }
}

fn dollars(cents: i64) -> Value {
    json!(cents as f64 / 100.0)
}

/// The tracking event of a sale.
pub fn sale_event(sale: &Sale) -> TrackingEvent {
    let mut data = Map::new();
    data.insert("order_no".into(), json!(sale.order_no));
    // The products bought, by number (as the browser's events list them).
    let items: Vec<Value> = sale
        .items
        .iter()
        .map(|(blain, _, _)| json!(blain))
        .collect();
    data.insert("item_list".into(), Value::Array(items));
    data.insert("total".into(), dollars(sale.total_cents));
    data.insert("tax".into(), dollars(sale.tax_cents));
    data.insert("sub_total".into(), dollars(sale.sub_total_cents));
    data.insert("currency".into(), json!(sale.currency));
    data.insert("timestamp".into(), json!(sale.at.timestamp_millis()));
    TrackingEvent {
        version: codes::TRACKING_VERSION.to_string(),
        event_id: sale.event_id.clone(),
        event: EventType::Sale.name().to_string(),
        event_type: Some(EventType::Sale.code()),
        source: Source::Server,
        received_at: chrono::Utc::now(),
        visitor_id: sale.tracking_visitor.clone(),
        visit_id: String::new(),
        agent: Agent::Unknown,
        client_id: None,
        base_url: None,
        custom_data: None,
        data,
        click: None,
        counted: true,
    }
}

#[async_trait::async_trait]
impl SaleTracker for TopicSales {
    async fn track(&self, sale: &Sale) -> Result<(), String> {
        let producer = self.producer()?;
        let payload = serde_json::to_vec(&sale_event(sale)).map_err(|e| e.to_string())?;
        let record = FutureRecord::to(&self.topic)
            .key(sale.tracking_visitor.as_bytes())
            .payload(&payload);
        producer
            .send(record, DELIVERY_TIMEOUT)
            .await
            .map(|_| ())
            .map_err(|(e, _)| e.to_string())
    }
}
