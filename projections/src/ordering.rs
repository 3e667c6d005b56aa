//! The ordering read models, projected inline so an order shows in the placing answer's next
//! read: `orders` (one row per order: lines, money, status, timeline; contact and address
//! sealed, found by keyed hashes) and `checkout_attempts` (the attempt under way per cart, for
//! the recovery sweep), and `tax_exemptions` (one row per customer who applied; the
//! certificate's name and number sealed). Erasing a subject keeps each order's money and drops
//! the person, and blanks the certificate's name and number.

use command::ordering::{
    Checkout, CheckoutEvent, ExemptionEvent, Order, OrderEvent, OrderStatus, TaxExemption,
};
use command::privacy::subject::{Subject, SubjectEvent};
use cqrs_es::Aggregate;
use serde_json::json;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct OrderingProjection;

const TYPES: [&str; 4] = [
    Order::TYPE,
    Checkout::TYPE,
    TaxExemption::TYPE,
    Subject::TYPE,
];
const TABLES: [&str; 3] = ["orders", "checkout_attempts", "tax_exemptions"];

fn decode(e: &StoredEvent, source: serde_json::Error) -> ProjectionError {
    ProjectionError::Decode {
        aggregate_type: e.aggregate_type.clone(),
        aggregate_id: e.aggregate_id.clone(),
        sequence: e.sequence,
        source,
    }
}

/// Records a status the order reached: its status (a return only adds to the timeline), the
/// timeline entry, and that steps may be owed.
async fn reach(
    conn: &mut PgConnection,
    e: &StoredEvent,
    status: OrderStatus,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE orders SET status = CASE WHEN $2 = 'LineReturned' THEN status ELSE $2 END, \
         timeline = timeline || jsonb_build_array(jsonb_build_object('status', $2::text, 'at', $3::timestamptz)), \
         updated_at = $3 WHERE order_no = $1",
    )
    .bind(&e.aggregate_id)
    .bind(status.name())
    .bind(at)
    .execute(&mut *conn)
    .await?;
    due(conn, e, at).await
}

/// Marks the order as one that may owe side effects (the process manager's list).
async fn due(
    conn: &mut PgConnection,
    e: &StoredEvent,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO order_follow_ups (order_no, version, due, updated_at) VALUES ($1, $2, true, $3) \
         ON CONFLICT (order_no) DO UPDATE SET version = greatest(order_follow_ups.version, $2), \
         due = true, updated_at = $3",
    )
    .bind(&e.aggregate_id)
    .bind(e.sequence)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

async fn apply_order(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    let id = &e.aggregate_id;
    match e.typed::<OrderEvent>()? {
        OrderEvent::OrderPlaced(p) => {
            let pickup = p
                .lines
                .iter()
                .find(|l| {
                    l.fulfillment == command::cart::command_types::FulfillmentType::StorePickup
                })
                .and_then(|l| l.store_num);
            let lines = serde_json::to_value(&p.lines).map_err(|s| decode(e, s))?;
            let contact = serde_json::to_value(&p.contact).map_err(|s| decode(e, s))?;
            let ship_to = p
                .ship_to
                .as_ref()
                .map(serde_json::to_value)
                .transpose()
                .map_err(|s| decode(e, s))?;
            let timeline = json!([{ "status": "Placed", "at": p.placed_at }]);
            sqlx::query(
                "INSERT INTO orders (order_no, customer_id, subject, contact, ship_to, zip_key, placed_at, \
                 updated_at, status, pickup_store, lines, subtotal_cents, shipping_cents, tax_cents, total_cents, \
                 tax_state, tax_exempt, card_brand, card_last4, rewards_number, timeline) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 'Placed', $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
                 $18, $19) ON CONFLICT (order_no) DO NOTHING",
            )
            .bind(id)
            .bind(&p.customer_id)
            .bind(&p.subject)
            .bind(contact)
            .bind(ship_to)
            .bind(&p.zip_key)
            .bind(p.placed_at)
            .bind(pickup)
            .bind(lines)
            .bind(p.totals.subtotal_cents)
            .bind(p.totals.shipping_cents)
            .bind(p.totals.tax_cents)
            .bind(p.totals.total_cents)
            .bind(&p.totals.tax_state)
            .bind(p.totals.tax_exempt)
            .bind(&p.card.brand)
            .bind(&p.card.last4)
            .bind(&p.rewards_number)
            .bind(timeline)
            .execute(&mut *conn)
            .await?;
            due(conn, e, p.placed_at).await?;
        }
        OrderEvent::PaymentCaptured { .. } | OrderEvent::StepCompleted { .. } => {}
        OrderEvent::OrderReadyForPickup { at, .. } => {
            reach(conn, e, OrderStatus::ReadyForPickup, at).await?
        }
        OrderEvent::OrderPickedUp { at, .. } => reach(conn, e, OrderStatus::PickedUp, at).await?,
        OrderEvent::OrderShipped { at, .. } => reach(conn, e, OrderStatus::Shipped, at).await?,
        OrderEvent::OrderDelivered { at, .. } => reach(conn, e, OrderStatus::Delivered, at).await?,
        OrderEvent::OrderCancelled { at, .. } => {
            // A cancellation gives back what was paid and not yet refunded.
            sqlx::query("UPDATE orders SET refunded_cents = total_cents WHERE order_no = $1")
                .bind(id)
                .execute(&mut *conn)
                .await?;
            reach(conn, e, OrderStatus::Cancelled, at).await?
        }
        OrderEvent::LinesReturned { lines, at, .. } => {
            let mut returned = serde_json::Map::new();
            for l in &lines {
                returned.insert(l.line_no.to_string(), json!(l.quantity));
            }
            let cents: i64 = lines.iter().map(|l| l.refund_cents).sum();
            sqlx::query(
                "UPDATE orders SET returned = returned || $2, refunded_cents = refunded_cents + $3 \
                 WHERE order_no = $1",
            )
            .bind(id)
            .bind(serde_json::Value::Object(returned))
            .bind(cents)
            .execute(&mut *conn)
            .await?;
            reach(conn, e, OrderStatus::LineReturned, at).await?
        }
    }
    Ok(())
}

async fn apply_checkout(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    let cart = &e.aggregate_id;
    match e.typed::<CheckoutEvent>()? {
        CheckoutEvent::CheckoutStarted { order_no, at, .. } => {
            sqlx::query(
                "INSERT INTO checkout_attempts (cart_id, order_no, started_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (cart_id) DO UPDATE SET order_no = $2, started_at = $3",
            )
            .bind(cart)
            .bind(order_no)
            .bind(at)
            .execute(conn)
            .await?;
        }
        CheckoutEvent::CheckoutAuthorised { .. } => {}
        CheckoutEvent::CheckoutFailed { order_no, .. }
        | CheckoutEvent::CheckoutCompleted { order_no }
        | CheckoutEvent::CheckoutAbandoned { order_no } => {
            sqlx::query("DELETE FROM checkout_attempts WHERE cart_id = $1 AND order_no = $2")
                .bind(cart)
                .bind(order_no)
                .execute(conn)
                .await?;
        }
    }
    Ok(())
}

async fn apply_exemption(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    let customer = &e.aggregate_id;
    match e.typed::<ExemptionEvent>()? {
        ExemptionEvent::TaxExemptionApplied(a) => {
            let name = serde_json::to_value(&a.business_name).map_err(|s| decode(e, s))?;
            let number = serde_json::to_value(&a.certificate_number).map_err(|s| decode(e, s))?;
            let kind = serde_json::to_value(a.kind).map_err(|s| decode(e, s))?;
            sqlx::query(
                "INSERT INTO tax_exemptions (customer_id, status, kind, state, subject, business_name, \
                 certificate_number, applied_at) VALUES ($1, 'Pending', $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (customer_id) DO UPDATE SET status = 'Pending', kind = $2, state = $3, \
                 subject = $4, business_name = $5, certificate_number = $6, applied_at = $7, \
                 decided_at = NULL, decided_by = NULL, reason = NULL",
            )
            .bind(customer)
            .bind(kind.as_str())
            .bind(&a.state)
            .bind(&a.subject)
            .bind(name)
            .bind(number)
            .bind(a.at)
            .execute(conn)
            .await?;
        }
        ExemptionEvent::TaxExemptionApproved { staff_id, at } => {
            decide(conn, customer, "Approved", &staff_id, None, at).await?
        }
        ExemptionEvent::TaxExemptionRejected {
            staff_id,
            reason,
            at,
        } => decide(conn, customer, "Rejected", &staff_id, Some(&reason), at).await?,
    }
    Ok(())
}

async fn decide(
    conn: &mut PgConnection,
    customer: &str,
    status: &str,
    staff_id: &str,
    reason: Option<&str>,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE tax_exemptions SET status = $2, decided_by = $3, reason = $4, decided_at = $5 \
         WHERE customer_id = $1",
    )
    .bind(customer)
    .bind(status)
    .bind(staff_id)
    .bind(reason)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

#[async_trait::async_trait]
impl Projection for OrderingProjection {
    fn name(&self) -> &'static str {
        "ordering"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    fn inline(&self) -> bool {
        true
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        match e.aggregate_type.as_str() {
            t if t == Order::TYPE => apply_order(conn, e).await,
            t if t == Checkout::TYPE => apply_checkout(conn, e).await,
            t if t == TaxExemption::TYPE => apply_exemption(conn, e).await,
            _ => {
                let SubjectEvent::SubjectForgotten { .. } = e.typed()?;
                // The money stays; the person goes: no contact, no address, no lookup by them.
                sqlx::query(
                    "UPDATE orders SET subject = '', contact = 'null'::jsonb, ship_to = NULL, \
                     zip_key = NULL WHERE subject = $1",
                )
                .bind(&e.aggregate_id)
                .execute(&mut *conn)
                .await?;
                sqlx::query(
                    "UPDATE tax_exemptions SET business_name = 'null'::jsonb, \
                     certificate_number = 'null'::jsonb WHERE subject = $1",
                )
                .bind(&e.aggregate_id)
                .execute(conn)
                .await?;
                Ok(())
            }
        }
    }
}

/// The subject of an email as orders are filed under it (track-your-order by email).
pub fn email_subject(email: &str) -> Option<String> {
    let keys = command::privacy::keys().ok()?;
    Some(keys.subject_for_email(email))
}

/// The lookup key of an order number and a shipping ZIP (track-your-order by ZIP).
pub fn zip_key(order_no: &str, zip: &str) -> Option<String> {
    let keys = command::privacy::keys().ok()?;
    Some(keys.order_zip_key(order_no, zip))
}
