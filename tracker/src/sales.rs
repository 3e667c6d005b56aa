//! The Sale tracking event of a placed order, sent by the store (the ordering context's
//! `SaleTracker` port) to the tracking topic like a browser's event: type Sale (6), the spec's
//! fields `order_no`, `item_list`, `total`, `tax`, `sub_total` (dollars) and `currency`. Its
//! event id comes from the order number, so a repeat is one event to every consumer.

use std::sync::Arc;

use projections::model::sales::{Sale, SaleTracker};
use serde_json::{json, Map, Value};

use crate::codes::{self, EventType};
use crate::event::{Agent, Source, TrackingEvent};
use crate::sink::TrackingSink;

/// Puts sales on the tracking topic.
pub struct TopicSales {
    pub sink: Arc<TrackingSink>,
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
        self.sink.send(&sale_event(sale));
        Ok(())
    }
}
