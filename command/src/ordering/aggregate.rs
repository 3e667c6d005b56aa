//! The Order aggregate: `handle` decides the lifecycle, `apply` only mutates. The side effects
//! each step asks for (capture, mail, points, the Sale event, stock, refunds) are listed by
//! [`Order::pending_steps`] and done by the process manager (`process.rs`), which records each
//! one here (`StepCompleted`) so none happens twice.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::events::*;
use super::pricing;
use crate::cart::command_types::FulfillmentType;

#[derive(Debug, Clone, PartialEq)]
pub enum OrderCommand {
    Place(Box<PlacedOrder>),
    RecordCapture {
        amount_cents: i64,
        at: DateTime<Utc>,
    },
    CompleteStep {
        step: String,
        at: DateTime<Utc>,
    },
    MarkReady {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    MarkPickedUp {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    Ship {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    Deliver {
        at: DateTime<Utc>,
        by: Option<String>,
    },
    Cancel {
        at: DateTime<Utc>,
        by: Option<String>,
        reason: String,
    },
    /// Returns whole lines (what is left of each).
    ReturnLines {
        line_nos: Vec<u32>,
        at: DateTime<Utc>,
        by: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("No such order.")]
    NotFound,
    /// A step the order's status does not allow, in words for the associate.
    #[error("{0}")]
    NotNow(&'static str),
    #[error("This order has no line {0}.")]
    UnknownLine(u32),
    #[error("Line {0} was already returned.")]
    AlreadyReturned(u32),
}

/// Where an order is.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum OrderStatus {
    #[default]
    Placed,
    ReadyForPickup,
    PickedUp,
    Shipped,
    Delivered,
    Cancelled,
    /// A timeline entry only: lines were returned.
    LineReturned,
}

impl OrderStatus {
    /// The words shoppers see.
    pub fn label(self) -> &'static str {
        match self {
            OrderStatus::Placed => "Order placed",
            OrderStatus::ReadyForPickup => "Ready for pickup",
            OrderStatus::PickedUp => "Picked up",
            OrderStatus::Shipped => "Shipped",
            OrderStatus::Delivered => "Delivered",
            OrderStatus::Cancelled => "Cancelled",
            OrderStatus::LineReturned => "Items returned",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            OrderStatus::Placed => "Placed",
            OrderStatus::ReadyForPickup => "ReadyForPickup",
            OrderStatus::PickedUp => "PickedUp",
            OrderStatus::Shipped => "Shipped",
            OrderStatus::Delivered => "Delivered",
            OrderStatus::Cancelled => "Cancelled",
            OrderStatus::LineReturned => "LineReturned",
        }
    }

    /// The key of the mail sent when an order reaches this status.
    fn mail_step(self) -> String {
        format!("mail:{}", self.name())
    }
}

/// A side effect the order still owes, with the key it is done and recorded under.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Take the authorised amount.
    Capture,
    /// Empty the cart the order came from.
    EmptyCart,
    /// Mail the customer that the order reached a status (`LineReturned` with its return).
    Mail(OrderStatus, Option<u32>),
    /// Record the sale's points for the rewards member.
    RecordPoints,
    /// Send the Sale tracking event.
    TrackSale,
    /// Units left the shelf: on hand and reservations go down.
    FulfilStock,
    /// A cancelled order's units go back on sale.
    ReleaseStock,
    /// A cancelled order's money: void the authorisation or refund what was captured.
    GiveMoneyBack,
    /// Take back a cancelled order's points.
    ReversePoints,
    /// Refund a return.
    RefundReturn(u32),
    /// Take back a return's points.
    ReverseReturnPoints(u32),
}

impl Step {
    /// The step's key: what `StepCompleted` records, and (after the order number) the
    /// idempotency key of its side effect.
    pub fn key(&self) -> String {
        match self {
            Step::Capture => "capture".into(),
            Step::EmptyCart => "cart".into(),
            Step::Mail(status, None) => status.mail_step(),
            Step::Mail(status, Some(n)) => format!("{}:{n}", status.mail_step()),
            Step::RecordPoints => "points:sale".into(),
            Step::TrackSale => "sale".into(),
            Step::FulfilStock => "stock:fulfil".into(),
            Step::ReleaseStock => "stock:release".into(),
            Step::GiveMoneyBack => "money:cancel".into(),
            Step::ReversePoints => "points:cancel".into(),
            Step::RefundReturn(n) => format!("refund:return:{n}"),
            Step::ReverseReturnPoints(n) => format!("points:return:{n}"),
        }
    }
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub placed: Option<Box<PlacedOrder>>,
    pub status: OrderStatus,
    pub captured_cents: i64,
    pub steps: BTreeSet<String>,
    /// Each status reached, with its time (the order page's timeline).
    pub timeline: Vec<(OrderStatus, DateTime<Utc>)>,
    /// Returns by number: the lines and what each gave back.
    pub returns: BTreeMap<u32, Vec<ReturnedLine>>,
}

impl Order {
    fn has(&self, fulfilment: impl Fn(FulfillmentType) -> bool) -> bool {
        self.placed
            .as_ref()
            .is_some_and(|p| p.lines.iter().any(|l| fulfilment(l.fulfillment)))
    }

    fn reached(&self, status: OrderStatus) -> bool {
        self.timeline.iter().any(|(s, _)| *s == status)
    }

    fn returned(&self, line_no: u32) -> bool {
        self.returns
            .values()
            .flatten()
            .any(|r| r.line_no == line_no)
    }

    /// Cents given back so far (returns; a cancellation gives back the rest).
    pub fn refunded_cents(&self) -> i64 {
        self.returns
            .values()
            .flatten()
            .map(|r| r.refund_cents)
            .sum()
    }

    /// The side effects still owed, in the order they are done.
    pub fn pending_steps(&self) -> Vec<Step> {
        let Some(placed) = &self.placed else {
            return Vec::new();
        };
        let member = placed.rewards_number.is_some();
        let cancelled = self.status == OrderStatus::Cancelled;
        let mut steps = Vec::new();
        if !cancelled && self.captured_cents == 0 {
            steps.push(Step::Capture);
        }
        steps.push(Step::EmptyCart);
        steps.push(Step::Mail(OrderStatus::Placed, None));
        if member {
            steps.push(Step::RecordPoints);
        }
        steps.push(Step::TrackSale);
        for status in [
            OrderStatus::ReadyForPickup,
            OrderStatus::PickedUp,
            OrderStatus::Shipped,
            OrderStatus::Delivered,
        ] {
            if self.reached(status) {
                steps.push(Step::Mail(status, None));
            }
        }
        if self.reached(OrderStatus::PickedUp) || self.reached(OrderStatus::Shipped) {
            steps.push(Step::FulfilStock);
        }
        if cancelled {
            steps.extend([Step::ReleaseStock, Step::GiveMoneyBack]);
            if member {
                steps.push(Step::ReversePoints);
            }
            steps.push(Step::Mail(OrderStatus::Cancelled, None));
        }
        for n in self.returns.keys() {
            steps.push(Step::RefundReturn(*n));
            if member {
                steps.push(Step::ReverseReturnPoints(*n));
            }
            steps.push(Step::Mail(OrderStatus::LineReturned, Some(*n)));
        }
        steps.retain(|s| *s == Step::Capture || !self.steps.contains(&s.key()));
        steps
    }
}

impl Aggregate for Order {
    const TYPE: &'static str = "Order";
    type Command = OrderCommand;
    type Event = OrderEvent;
    type Error = OrderError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if let OrderCommand::Place(placed) = command {
            // Placing twice (a retried request) changes nothing.
            if self.placed.is_none() {
                sink.write(OrderEvent::OrderPlaced(placed), self).await;
            }
            return Ok(());
        }
        let Some(placed) = self.placed.clone() else {
            return Err(OrderError::NotFound);
        };
        let status = self.status;
        let event = match command {
            OrderCommand::Place(_) => unreachable!("handled above"),
            OrderCommand::RecordCapture { amount_cents, at } => {
                if self.captured_cents > 0 {
                    return Ok(());
                }
                OrderEvent::PaymentCaptured { amount_cents, at }
            }
            OrderCommand::CompleteStep { step, at } => {
                if self.steps.contains(&step) {
                    return Ok(());
                }
                OrderEvent::StepCompleted { step, at }
            }
            OrderCommand::MarkReady { at, by } => {
                // An order with lines of both kinds may ship before or after its pickup.
                if status == OrderStatus::Cancelled
                    || self.reached(OrderStatus::ReadyForPickup)
                    || !self.has(|f| f == FulfillmentType::StorePickup)
                {
                    return Err(OrderError::NotNow(
                        "Only a placed order with store pickup items can be marked ready for pickup.",
                    ));
                }
                OrderEvent::OrderReadyForPickup { at, by }
            }
            OrderCommand::MarkPickedUp { at, by } => {
                if status == OrderStatus::Cancelled
                    || !self.reached(OrderStatus::ReadyForPickup)
                    || self.reached(OrderStatus::PickedUp)
                {
                    return Err(OrderError::NotNow(
                        "Only an order ready for pickup can be marked picked up.",
                    ));
                }
                OrderEvent::OrderPickedUp { at, by }
            }
            OrderCommand::Ship { at, by } => {
                if status == OrderStatus::Cancelled
                    || self.reached(OrderStatus::Shipped)
                    || !self.has(|f| f != FulfillmentType::StorePickup)
                {
                    return Err(OrderError::NotNow(
                        "Only a placed order with items to deliver can be marked shipped.",
                    ));
                }
                OrderEvent::OrderShipped { at, by }
            }
            OrderCommand::Deliver { at, by } => {
                if status == OrderStatus::Cancelled
                    || !self.reached(OrderStatus::Shipped)
                    || self.reached(OrderStatus::Delivered)
                {
                    return Err(OrderError::NotNow(
                        "Only a shipped order can be marked delivered.",
                    ));
                }
                OrderEvent::OrderDelivered { at, by }
            }
            OrderCommand::Cancel { at, by, reason } => {
                if status == OrderStatus::Cancelled {
                    return Err(OrderError::NotNow("This order is already cancelled."));
                }
                if self.reached(OrderStatus::PickedUp) || self.reached(OrderStatus::Shipped) {
                    return Err(OrderError::NotNow(
                        "This order was handed over and can't be cancelled: return its items instead.",
                    ));
                }
                OrderEvent::OrderCancelled { at, by, reason }
            }
            OrderCommand::ReturnLines { line_nos, at, by } => {
                if !(self.reached(OrderStatus::PickedUp) || self.reached(OrderStatus::Shipped)) {
                    return Err(OrderError::NotNow(
                        "Only items that were picked up or shipped can be returned.",
                    ));
                }
                let mut lines = Vec::new();
                let mut seen = BTreeSet::new();
                for line_no in line_nos {
                    let line = placed
                        .lines
                        .iter()
                        .find(|l| l.line_no == line_no)
                        .ok_or(OrderError::UnknownLine(line_no))?;
                    if self.returned(line_no) || !seen.insert(line_no) {
                        return Err(OrderError::AlreadyReturned(line_no));
                    }
                    let total = line.total_cents();
                    let tax = pricing::share(
                        placed.totals.tax_cents,
                        total,
                        placed.totals.subtotal_cents,
                    );
                    lines.push(ReturnedLine {
                        line_no,
                        quantity: line.quantity,
                        refund_cents: total + tax,
                    });
                }
                if lines.is_empty() {
                    return Err(OrderError::NotNow("Please choose the lines to return."));
                }
                let return_no = self.returns.len() as u32 + 1;
                OrderEvent::LinesReturned {
                    return_no,
                    lines,
                    at,
                    by,
                }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        fn reach(order: &mut Order, status: OrderStatus, at: DateTime<Utc>) {
            if status != OrderStatus::LineReturned {
                order.status = status;
            }
            order.timeline.push((status, at));
        }
        match event {
            OrderEvent::OrderPlaced(placed) => {
                let at = placed.placed_at;
                self.placed = Some(placed);
                reach(self, OrderStatus::Placed, at);
            }
            OrderEvent::PaymentCaptured { amount_cents, .. } => self.captured_cents = amount_cents,
            OrderEvent::OrderReadyForPickup { at, .. } => {
                reach(self, OrderStatus::ReadyForPickup, at)
            }
            OrderEvent::OrderPickedUp { at, .. } => reach(self, OrderStatus::PickedUp, at),
            OrderEvent::OrderShipped { at, .. } => reach(self, OrderStatus::Shipped, at),
            OrderEvent::OrderDelivered { at, .. } => reach(self, OrderStatus::Delivered, at),
            OrderEvent::OrderCancelled { at, .. } => reach(self, OrderStatus::Cancelled, at),
            OrderEvent::LinesReturned {
                return_no,
                lines,
                at,
                ..
            } => {
                self.returns.insert(return_no, lines);
                reach(self, OrderStatus::LineReturned, at);
            }
            OrderEvent::StepCompleted { step, .. } => {
                self.steps.insert(step);
            }
        }
    }
}
