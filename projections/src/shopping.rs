//! The shopping projection: carts (summary and lines), visitors' local stores and newsletter
//! subscriptions. Carts are also projected inline, in the appending transaction, so the
//! header's cart count is right the moment add-to-cart answers.

use command::cart::{AddedLine, Cart, CartEvent};
use command::eventstore::{AppendedEvent, InlineProjection};
use command::shopping::subscription::{Subscription, SubscriptionEvent};
use command::shopping::visitor::{Visitor, VisitorEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{self, Projection, ProjectionError, StoredEvent};

pub struct ShoppingProjection;

const TYPES: [&str; 3] = [Cart::TYPE, Visitor::TYPE, Subscription::TYPE];
const TABLES: [&str; 4] = [
    "cart_lines",
    "carts",
    "visitors",
    "newsletter_subscriptions",
];

fn text<T: serde::Serialize>(value: &T) -> String {
    match serde_json::to_value(value).expect("serialises") {
        serde_json::Value::String(s) => s,
        other => other.to_string(),
    }
}

async fn add_line(conn: &mut PgConnection, cart: &str, l: &AddedLine) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO cart_lines (cart_id, line_id, blain_number, name, quantity, unit_price_cents, fulfillment, store_num, warranty) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (cart_id, line_id) DO UPDATE SET \
         quantity = cart_lines.quantity + EXCLUDED.quantity, unit_price_cents = EXCLUDED.unit_price_cents, warranty = EXCLUDED.warranty",
    )
    .bind(cart)
    .bind(l.line_id as i32)
    .bind(&l.blain_number)
    .bind(&l.name)
    .bind(l.quantity)
    .bind(l.unit_price_cents)
    .bind(text(&l.fulfillment))
    .bind(l.store_num)
    .bind(l.warranty.as_ref().map(|w| serde_json::to_value(w).expect("serialises")))
    .execute(conn)
    .await?;
    Ok(())
}

async fn apply_cart(
    conn: &mut PgConnection,
    cart: &str,
    event: CartEvent,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO carts (cart_id) VALUES ($1) ON CONFLICT (cart_id) DO NOTHING")
        .bind(cart)
        .execute(&mut *conn)
        .await?;
    match event {
        CartEvent::ItemAdded(line) => add_line(conn, cart, &line).await?,
        CartEvent::BundleAdded { lines, .. } | CartEvent::ComparisonAdded { lines } => {
            for line in &lines {
                add_line(conn, cart, line).await?;
            }
        }
        CartEvent::WarrantyUpdated { line_id, warranty } => {
            sqlx::query("UPDATE cart_lines SET warranty = $3 WHERE cart_id = $1 AND line_id = $2")
                .bind(cart)
                .bind(line_id as i32)
                .bind(serde_json::to_value(&warranty).expect("serialises"))
                .execute(&mut *conn)
                .await?;
        }
        CartEvent::WarrantyRemoved { line_id } => {
            sqlx::query(
                "UPDATE cart_lines SET warranty = NULL WHERE cart_id = $1 AND line_id = $2",
            )
            .bind(cart)
            .bind(line_id as i32)
            .execute(&mut *conn)
            .await?;
        }
        CartEvent::QuantityChanged { line_id, quantity } => {
            sqlx::query("UPDATE cart_lines SET quantity = $3 WHERE cart_id = $1 AND line_id = $2")
                .bind(cart)
                .bind(line_id as i32)
                .bind(quantity)
                .execute(&mut *conn)
                .await?;
        }
        CartEvent::ItemRemoved { line_id } => {
            sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1 AND line_id = $2")
                .bind(cart)
                .bind(line_id as i32)
                .execute(&mut *conn)
                .await?;
        }
    }
    sqlx::query(
        "UPDATE carts c SET item_count = s.items, line_count = s.lines, subtotal_cents = s.subtotal, updated_at = now() \
         FROM (SELECT coalesce(sum(quantity), 0)::int AS items, count(*)::int AS lines, \
                      coalesce(sum(quantity * (unit_price_cents + coalesce((warranty->>'priceCents')::bigint, 0))), 0)::bigint AS subtotal \
               FROM cart_lines WHERE cart_id = $1) s WHERE c.cart_id = $1",
    )
    .bind(cart)
    .execute(conn)
    .await?;
    Ok(())
}

#[async_trait::async_trait]
impl Projection for ShoppingProjection {
    fn name(&self) -> &'static str {
        "shopping"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        match e.aggregate_type.as_str() {
            t if t == Cart::TYPE => {
                apply_cart(conn, &e.aggregate_id, e.typed::<CartEvent>()?).await?
            }
            t if t == Visitor::TYPE => {
                let VisitorEvent::LocalStoreSelected { store_num } = e.typed()?;
                sqlx::query(
                    "INSERT INTO visitors (visitor_id, store_num) VALUES ($1, $2) \
                     ON CONFLICT (visitor_id) DO UPDATE SET store_num = $2, updated_at = now()",
                )
                .bind(&e.aggregate_id)
                .bind(store_num)
                .execute(conn)
                .await?;
            }
            t if t == Subscription::TYPE => {
                let SubscriptionEvent::Subscribed { email, source } = e.typed()?;
                sqlx::query(
                    "INSERT INTO newsletter_subscriptions (email, source, subscribed_at) VALUES ($1, $2, now()) \
                     ON CONFLICT (email) DO NOTHING",
                )
                .bind(email)
                .bind(source)
                .execute(conn)
                .await?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// The shopping projection applied inside the appending transaction.
pub struct InlineShopping;

#[async_trait::async_trait]
impl InlineProjection for InlineShopping {
    async fn apply(
        &self,
        conn: &mut PgConnection,
        events: &[AppendedEvent],
    ) -> Result<(), sqlx::Error> {
        let events = events.iter().map(StoredEvent::from).collect();
        engine::apply_in(&ShoppingProjection, conn, events)
            .await
            .map(|_| ())
            .map_err(|e| match e {
                ProjectionError::Database(db) => db,
                other => sqlx::Error::Protocol(other.to_string()),
            })
    }
}
