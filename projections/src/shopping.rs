//! The shopping projection: carts (summary and lines), visitors' local stores and newsletter
//! subscriptions. It is projected inline, in the appending transaction, so the header's cart
//! count is right the moment add-to-cart answers; catch-up and rebuild replay it from the
//! event store like any projection.

use command::cart::{AddedLine, Cart, CartEvent};
use command::privacy::subject::{Subject, SubjectEvent};
use command::privacy::vault;
use command::shopping::subscription::{Subscription, SubscriptionEvent};
use command::shopping::visitor::{Visitor, VisitorEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{text, Projection, ProjectionError, StoredEvent, Typed};

/// Moved to [`crate::registry`] (it names every inline projection); kept here for callers
/// outside the crate.
pub use crate::registry::InlineShopping;

pub struct ShoppingProjection;

const TYPES: [&str; 4] = [Cart::TYPE, Visitor::TYPE, Subscription::TYPE, Subject::TYPE];
const TABLES: [&str; 4] = [
    "cart_lines",
    "carts",
    "visitors",
    "newsletter_subscriptions",
];

/// Adds or grows a line; answers whether the line is new.
async fn add_line(conn: &mut PgConnection, cart: &str, l: &AddedLine) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO cart_lines (cart_id, line_id, blain_number, name, quantity, unit_price_cents, fulfillment, store_num, warranty) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (cart_id, line_id) DO UPDATE SET \
         quantity = cart_lines.quantity + EXCLUDED.quantity, unit_price_cents = EXCLUDED.unit_price_cents, warranty = EXCLUDED.warranty \
         RETURNING (xmax = 0)",
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
    .fetch_one(conn)
    .await
}

/// Adds new lines to the cart's summary (the cheap path of add-to-cart).
async fn add_to_summary(
    conn: &mut PgConnection,
    cart: &str,
    lines: &[AddedLine],
    at: Option<At>,
) -> Result<(), sqlx::Error> {
    // Saturating, never wrapping: prices are bounded at import (MAX_PRICE_CENTS) and quantities
    // by the cart, so this only guards against data that slipped past those bounds.
    let line_price = |l: &AddedLine| {
        l.unit_price_cents
            .saturating_add(l.warranty.as_ref().map_or(0, |w| w.price_cents))
    };
    let items: i32 = lines
        .iter()
        .fold(0i32, |sum, l| sum.saturating_add(l.quantity));
    let subtotal: i64 = lines.iter().fold(0i64, |sum, l| {
        sum.saturating_add(i64::from(l.quantity).saturating_mul(line_price(l)))
    });
    sqlx::query(
        "INSERT INTO carts (cart_id, item_count, line_count, subtotal_cents, updated_at) \
         VALUES ($1, $2, $3, $4, coalesce($5, now())) \
         ON CONFLICT (cart_id) DO UPDATE SET item_count = carts.item_count + $2, line_count = carts.line_count + $3, \
         subtotal_cents = carts.subtotal_cents + $4, updated_at = EXCLUDED.updated_at",
    )
    .bind(cart)
    .bind(items)
    .bind(lines.len() as i32)
    .bind(subtotal)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Recomputes the cart's summary from its lines.
async fn recompute_summary(
    conn: &mut PgConnection,
    cart: &str,
    at: Option<At>,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO carts (cart_id, item_count, line_count, subtotal_cents, updated_at) \
         SELECT $1, coalesce(sum(quantity), 0)::int, count(*)::int, \
                coalesce(sum(quantity * (unit_price_cents + coalesce((warranty->>'priceCents')::bigint, 0))), 0)::bigint, \
                coalesce($2, now()) \
         FROM cart_lines WHERE cart_id = $1 \
         ON CONFLICT (cart_id) DO UPDATE SET item_count = EXCLUDED.item_count, line_count = EXCLUDED.line_count, \
         subtotal_cents = EXCLUDED.subtotal_cents, updated_at = EXCLUDED.updated_at",
    )
    .bind(cart)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// When an event happened (its `recorded_at`; `None` = now, in the appending transaction).
type At = chrono::DateTime<chrono::Utc>;

async fn apply_cart(
    conn: &mut PgConnection,
    cart: &str,
    event: CartEvent,
    at: Option<At>,
) -> Result<(), sqlx::Error> {
    let added = match event {
        CartEvent::ItemAdded(line) => vec![line],
        CartEvent::BundleAdded { lines, .. }
        | CartEvent::ComparisonAdded { lines }
        | CartEvent::CartMerged { lines, .. } => lines,
        other => {
            change_lines(conn, cart, other).await?;
            return recompute_summary(conn, cart, at).await;
        }
    };
    let mut all_new = true;
    for line in &added {
        all_new &= add_line(conn, cart, line).await?;
    }
    if all_new {
        add_to_summary(conn, cart, &added, at).await
    } else {
        recompute_summary(conn, cart, at).await
    }
}

/// Applies a cart event that changes existing lines.
async fn change_lines(
    conn: &mut PgConnection,
    cart: &str,
    event: CartEvent,
) -> Result<(), sqlx::Error> {
    match event {
        CartEvent::ItemAdded(_)
        | CartEvent::BundleAdded { .. }
        | CartEvent::ComparisonAdded { .. }
        | CartEvent::CartMerged { .. } => {}
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
        CartEvent::CartCheckedOut { .. } => {
            sqlx::query("DELETE FROM cart_lines WHERE cart_id = $1")
                .bind(cart)
                .execute(&mut *conn)
                .await?;
        }
    }
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
    fn inline(&self) -> bool {
        true
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        match e.aggregate_type.as_str() {
            t if t == Cart::TYPE => {
                apply_cart(
                    conn,
                    &e.aggregate_id,
                    e.typed::<CartEvent>()?,
                    e.recorded_at,
                )
                .await?
            }
            t if t == Visitor::TYPE => {
                let VisitorEvent::LocalStoreSelected { store_num } = e.typed()?;
                sqlx::query(
                    "INSERT INTO visitors (visitor_id, store_num, updated_at) VALUES ($1, $2, coalesce($3, now())) \
                     ON CONFLICT (visitor_id) DO UPDATE SET store_num = $2, updated_at = EXCLUDED.updated_at",
                )
                .bind(&e.aggregate_id)
                .bind(store_num)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            t if t == Subscription::TYPE => match e.typed()? {
                SubscriptionEvent::Subscribed { email, source, .. } => {
                    // The address is opened with the subject's data key; once the subject is
                    // forgotten the key is gone and the row is never made again.
                    if let Some(email) = vault::open(conn, &email).await?.text() {
                        sqlx::query(
                            "INSERT INTO newsletter_subscriptions (subject_id, email, source, subscribed_at) \
                             VALUES ($1, $2, $3, coalesce($4, now())) ON CONFLICT (subject_id) DO NOTHING",
                        )
                        .bind(&e.aggregate_id)
                        .bind(email)
                        .bind(source)
                        .bind(e.recorded_at)
                        .execute(conn)
                        .await?;
                    }
                }
                SubscriptionEvent::Unsubscribed { .. } => {
                    forget_subscriber(conn, &e.aggregate_id).await?;
                }
            },
            t if t == Subject::TYPE => {
                // Events of two aggregates have no order between them in a rebuild: only a
                // subscription made before the erasure goes (one made after is a new consent).
                let SubjectEvent::SubjectForgotten { .. } = e.typed()?;
                sqlx::query(
                    "DELETE FROM newsletter_subscriptions WHERE subject_id = $1 AND subscribed_at <= coalesce($2, now())",
                )
                .bind(&e.aggregate_id)
                .bind(e.recorded_at)
                .execute(conn)
                .await?;
            }
            _ => {}
        }
        Ok(())
    }
}

async fn forget_subscriber(conn: &mut PgConnection, subject: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM newsletter_subscriptions WHERE subject_id = $1")
        .bind(subject)
        .execute(conn)
        .await?;
    Ok(())
}
