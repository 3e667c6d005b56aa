//! The Sale tracking event (spec: event type 6 with order_no, item_list, total, tax,
//! sub_total, currency), sent by the server once per order — never by the confirmation page,
//! so a reload does not count a sale twice. Behind a port: the binary's adapter puts it on the
//! tracking topic; its event id is derived from the order number, so a repeat (a retried step)
//! is one event to every consumer.

use std::sync::Arc;

use sha2::{Digest, Sha256};

/// One sale as the tracking topic carries it (amounts in cents here; the adapter writes
/// dollars as the spec's events do).
#[derive(Debug, Clone, PartialEq)]
pub struct Sale {
    pub event_id: String,
    pub order_no: String,
    /// The pseudonymous visitor id of the shopper who placed it.
    pub tracking_visitor: String,
    /// (product number, quantity, unit price in cents) of each line.
    pub items: Vec<(String, i32, i64)>,
    pub sub_total_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub currency: &'static str,
    pub at: chrono::DateTime<chrono::Utc>,
}

/// The event id of an order's Sale: the same for every attempt to send it.
pub fn sale_event_id(order_no: &str) -> String {
    let digest = Sha256::digest(format!("storefront-sale:{order_no}").as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

#[async_trait::async_trait]
pub trait SaleTracker: Send + Sync {
    async fn track(&self, sale: &Sale) -> Result<(), String>;
}

pub type SalesRef = Arc<dyn SaleTracker>;

/// Keeps the sales it was given (tests, and roles without a tracking topic).
#[derive(Default)]
pub struct MemorySales {
    pub sent: std::sync::Mutex<Vec<Sale>>,
}

#[async_trait::async_trait]
impl SaleTracker for MemorySales {
    async fn track(&self, sale: &Sale) -> Result<(), String> {
        self.sent
            .lock()
            .map_err(|e| e.to_string())?
            .push(sale.clone());
        Ok(())
    }
}
