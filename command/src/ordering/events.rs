//! The Order's events (version 1.0 each). No personal data in clear: the contact and the
//! shipping address travel sealed under the email's subject; lookups use keyed hashes.

use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::pricing::Totals;
use crate::cart::command_types::FulfillmentType;
use crate::privacy::Sealed;

/// One line of an order, as it was sold.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// 1, 2, … in the cart's order; the rewards ledger and returns name lines by it.
    pub line_no: u32,
    pub blain_number: String,
    pub name: String,
    pub quantity: i32,
    /// The product's price plus its protection plan's, per unit.
    pub unit_price_cents: i64,
    pub fulfillment: FulfillmentType,
    /// The store of a pickup or same-day line.
    pub store_num: Option<i32>,
}

impl OrderLine {
    pub fn total_cents(&self) -> i64 {
        self.unit_price_cents * i64::from(self.quantity)
    }
}

/// The card as an order keeps it: never the number or the security code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardSummary {
    pub brand: String,
    pub last4: String,
    /// `MM/YY`.
    pub expiry: String,
}

/// What an order was placed with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrder {
    pub order_no: String,
    /// The cart it was bought from (emptied once the order is placed).
    pub cart_id: String,
    /// The signed-in customer, if any.
    pub customer_id: Option<String>,
    /// The email's subject (keyed hash): the contact and address are sealed under it, and
    /// track-your-order finds the order by it.
    pub subject: String,
    /// `{"email","phone"}` sealed.
    pub contact: Sealed,
    /// The shipping address as JSON, sealed; none for an order all picked up.
    pub ship_to: Option<Sealed>,
    /// Keyed hash of the order number and the shipping ZIP (track-your-order by ZIP).
    pub zip_key: Option<String>,
    /// The pseudonymous visitor id of the tracking topic (the Sale event's key), sealed: in
    /// clear beside the subject it would tie the email to the visitor's tracking history.
    pub tracking_visitor: Sealed,
    /// The customer's rewards number, when a member (points by line).
    pub rewards_number: Option<String>,
    pub lines: Vec<OrderLine>,
    pub totals: Totals,
    pub card: CardSummary,
    /// The gateway's authorisation.
    pub payment_id: String,
    pub placed_at: DateTime<Utc>,
}

/// A returned line and what it gave back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReturnedLine {
    pub line_no: u32,
    pub quantity: i32,
    /// The line's price and its share of the tax.
    pub refund_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrderEvent {
    OrderPlaced(Box<PlacedOrder>),
    /// The authorised amount was taken.
    PaymentCaptured {
        #[serde(rename = "amountCents")]
        amount_cents: i64,
        at: DateTime<Utc>,
    },
    /// The store has the pickup lines ready at the counter.
    OrderReadyForPickup {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    OrderPickedUp {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    OrderShipped {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    OrderDelivered {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    /// Cancelled before it was handed over: stock released, payment given back, points
    /// reversed (each a step of its own).
    OrderCancelled {
        at: DateTime<Utc>,
        by: Option<String>,
        reason: String,
    },
    /// Lines brought back: refunded, their points reversed. `return_no` numbers the returns
    /// of the order (1, 2, …): the side effects' keys.
    LinesReturned {
        #[serde(rename = "returnNo")]
        return_no: u32,
        lines: Vec<ReturnedLine>,
        at: DateTime<Utc>,
        by: Option<String>,
    },
    /// A side effect of the order happened (mail sent, points recorded, Sale tracked, cart
    /// emptied, stock released, money given back), named by its key: done once, never again.
    StepCompleted {
        step: String,
        at: DateTime<Utc>,
    },
}

impl DomainEvent for OrderEvent {
    fn event_type(&self) -> String {
        match self {
            OrderEvent::OrderPlaced(_) => "OrderPlaced",
            OrderEvent::PaymentCaptured { .. } => "PaymentCaptured",
            OrderEvent::OrderReadyForPickup { .. } => "OrderReadyForPickup",
            OrderEvent::OrderPickedUp { .. } => "OrderPickedUp",
            OrderEvent::OrderShipped { .. } => "OrderShipped",
            OrderEvent::OrderDelivered { .. } => "OrderDelivered",
            OrderEvent::OrderCancelled { .. } => "OrderCancelled",
            OrderEvent::LinesReturned { .. } => "LinesReturned",
            OrderEvent::StepCompleted { .. } => "StepCompleted",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
