//! The checkout process: placing an order (authorise → reserve → place → capture) and the
//! process manager that does every side effect an order owes once, each under its own key
//! (`{order}:{step}`): capture, the cart emptied, mails, points, the Sale event, stock fulfilled
//! or released, money given back. It runs right after each change of an order and again from
//! the store's sweep ([`recover`]), so a crash between two steps only delays the rest; an
//! attempt that died after the authorisation and before its order is voided and its stock
//! given back.

use std::collections::BTreeMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use sqlx::{PgPool, Row};

use super::aggregate::{Order, OrderCommand, OrderError, OrderStatus, Step};
use super::checkout::{Checkout, CheckoutCommand, CheckoutError, HeldItem};
use super::events::{CardSummary, OrderLine, PlacedOrder};
use super::payment::{Decline, PaymentError, PaymentRef};
use super::pricing::{self, PricedLine, Totals};
use super::request::{Address, CheckedOrder};
use super::sales::{sale_event_id, Sale, SalesRef};
use crate::cart::command_types::FulfillmentType;
use crate::cart::{Cart, CartCommand, CartServices};
use crate::catalog::{CatalogError, Inventory, InventoryCommand, Reservation};
use crate::eventstore::{self, load_many, InlineProjection, StoreError};
use crate::notify::{Channel, Message, NotifierRef};
use crate::privacy::vault::{self, SealerRef};
use crate::rewards::ledger::SaleLine;
use crate::rewards::points::Points;

/// What the process works with.
#[derive(Clone)]
pub struct Ordering {
    pub pool: PgPool,
    pub gateway: PaymentRef,
    pub sealer: SealerRef,
    pub notifier: NotifierRef,
    pub sales: SalesRef,
    pub inline: Arc<dyn InlineProjection>,
    pub cart_services: CartServices,
    /// The rewards return window (points become available after it).
    pub return_window: Duration,
}

/// Why an order was not placed. Nothing was charged in any of them.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    #[error("Your cart is empty.")]
    EmptyCart,
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: &'static str,
    },
    /// A line can't be had as chosen (the message names it and what to do).
    #[error("{0}")]
    Unavailable(String),
    #[error("Your order total has changed. Please review your order.")]
    TotalChanged,
    #[error("{}", .0.message())]
    Declined(Decline),
    #[error(
        "We could not reach our payment service. Your card was not charged. Please try again."
    )]
    PaymentUnavailable,
    #[error("Your order is already being placed. Please wait a moment.")]
    InProgress,
    #[error("the store could not be written: {0}")]
    Store(#[from] StoreError),
    #[error("{0}")]
    Internal(String),
}

impl From<sqlx::Error> for PlaceError {
    fn from(e: sqlx::Error) -> Self {
        PlaceError::Store(StoreError::Database(e))
    }
}

/// A placed order as the shopper's answer tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedAnswer {
    pub order_no: String,
    pub total_cents: i64,
}

/// Who places the order, from which cart.
pub struct Buyer {
    pub cart_id: String,
    pub customer_id: Option<String>,
    pub tracking_visitor: String,
}

/// The words for how a line goes, in messages (the checkout summary's too).
pub fn how(fulfillment: FulfillmentType) -> &'static str {
    match fulfillment {
        FulfillmentType::ShipToHome => "shipping",
        FulfillmentType::StorePickup => "pickup at your store",
        FulfillmentType::SameDayDelivery => "same-day delivery from your store",
    }
}

/// The cart's lines as an order's: line numbers 1, 2, …; a protection plan's price in the unit
/// price.
pub fn order_lines(cart: &Cart) -> Vec<OrderLine> {
    cart.lines
        .iter()
        .enumerate()
        .map(|(i, l)| OrderLine {
            line_no: i as u32 + 1,
            blain_number: l.blain_number.clone(),
            name: l.name.clone(),
            quantity: l.quantity,
            unit_price_cents: l.unit_price_cents + l.warranty.as_ref().map_or(0, |w| w.price_cents),
            fulfillment: l.fulfillment,
            store_num: match l.fulfillment {
                FulfillmentType::ShipToHome => None,
                _ => l.store_num,
            },
        })
        .collect()
}

/// Where a line's units come from: a store's shelf, or the online stock (`None`).
fn source(line: &OrderLine) -> Option<i32> {
    line.store_num
}

/// Units each (product, source) needs, with the first line's name and fulfilment for messages.
fn needs(lines: &[OrderLine]) -> BTreeMap<(String, Option<i32>), (i32, String, FulfillmentType)> {
    let mut needs: BTreeMap<(String, Option<i32>), (i32, String, FulfillmentType)> =
        BTreeMap::new();
    for l in lines {
        needs
            .entry((l.blain_number.clone(), source(l)))
            .or_insert((0, l.name.clone(), l.fulfillment))
            .0 += l.quantity;
    }
    needs
}

/// The state of a ZIP (the ZIP data), `None` for a ZIP it does not hold.
pub async fn zip_state(pool: &PgPool, zip: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT state FROM zip_centroids WHERE zip = $1")
        .bind(zip)
        .fetch_optional(pool)
        .await
        .map(Option::flatten)
}

/// The state of a store.
pub async fn store_state(pool: &PgPool, store_num: i32) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT state FROM stores WHERE store_num = $1")
        .bind(store_num)
        .fetch_optional(pool)
        .await
}

/// The state of the customer's approved tax exemption, if they hold one: their orders taxed
/// in that state carry no sales tax.
pub async fn tax_exempt(
    pool: &PgPool,
    customer_id: Option<&str>,
) -> Result<Option<String>, sqlx::Error> {
    let Some(customer) = customer_id else {
        return Ok(None);
    };
    sqlx::query_scalar(
        "SELECT state FROM tax_exemptions WHERE customer_id = $1 AND status = 'Approved'",
    )
    .bind(customer)
    .fetch_optional(pool)
    .await
}

/// The totals of `lines` for a shipping ZIP (tax at its state) or, when every line is picked
/// up or no ZIP is known, at the first pickup store's state; none when that is the state of
/// the buyer's approved tax exemption (`exempt_in`).
pub async fn price(
    pool: &PgPool,
    lines: &[OrderLine],
    zip: Option<&str>,
    exempt_in: Option<&str>,
) -> Result<Totals, sqlx::Error> {
    let priced: Vec<PricedLine> = lines
        .iter()
        .map(|l| PricedLine {
            total_cents: l.total_cents(),
            fulfillment: l.fulfillment,
        })
        .collect();
    let mut state = match zip {
        Some(zip) => zip_state(pool, zip).await?,
        None => None,
    };
    if state.is_none() {
        if let Some(store) = lines.iter().find_map(|l| l.store_num) {
            state = store_state(pool, store).await?;
        }
    }
    let exempt = exempt_in.is_some() && exempt_in == state.as_deref();
    Ok(pricing::totals(&priced, state.as_deref(), exempt))
}

/// Places the buyer's cart as an order, paid with `order.card`. The answer of a refusal says
/// why; in none of them is anything charged or held.
pub async fn place(
    o: &Ordering,
    buyer: Buyer,
    order: CheckedOrder,
) -> Result<PlacedAnswer, PlaceError> {
    let (carts, _) = load_many::<Cart>(&o.pool, std::slice::from_ref(&buyer.cart_id)).await?;
    let cart = carts
        .get(&buyer.cart_id)
        .map(|(c, _)| c.clone())
        .unwrap_or_default();
    if cart.lines.is_empty() {
        return Err(PlaceError::EmptyCart);
    }
    let lines = order_lines(&cart);
    let delivered = lines
        .iter()
        .any(|l| l.fulfillment != FulfillmentType::StorePickup);
    let address = match (&order.address, delivered) {
        (None, true) => {
            return Err(PlaceError::Invalid {
                field: "shippingAddress",
                message: super::request::REQUIRED,
            })
        }
        (Some(a), true) => Some(a.clone()),
        (_, false) => None,
    };
    if let Some(a) = &address {
        if zip_state(&o.pool, &a.zip).await?.is_none() {
            return Err(PlaceError::Invalid {
                field: "shippingAddress.zip",
                message: kernel::validation::ZIP_MESSAGE,
            });
        }
    }
    let exempt = tax_exempt(&o.pool, buyer.customer_id.as_deref()).await?;
    let totals = price(
        &o.pool,
        &lines,
        address.as_ref().map(|a| a.zip.as_str()),
        exempt.as_deref(),
    )
    .await?;
    if totals.total_cents != order.expected_total_cents {
        return Err(PlaceError::TotalChanged);
    }
    // Refused before the card is asked when the stock already says no.
    let needs = needs(&lines);
    let blains: Vec<String> = needs.keys().map(|(b, _)| b.clone()).collect();
    let (stock, _) = load_many::<Inventory>(&o.pool, &blains).await?;
    for ((blain, store), (quantity, name, fulfillment)) in &needs {
        let available = stock.get(blain).map_or(0, |(i, _)| i.available(*store));
        if available < *quantity {
            return Err(unavailable(name, *fulfillment));
        }
    }

    let order_no: i64 = sqlx::query_scalar("SELECT nextval('order_numbers')")
        .fetch_one(&o.pool)
        .await?;
    let order_no = order_no.to_string();
    let items: Vec<HeldItem> = needs
        .keys()
        .map(|(b, s)| HeldItem {
            blain_number: b.clone(),
            store_num: *s,
        })
        .collect();
    let begun = checkout(
        o,
        &buyer.cart_id,
        CheckoutCommand::Begin {
            order_no: order_no.clone(),
            items,
            at: Utc::now(),
        },
    )
    .await?;
    if let Err(e) = begun {
        return Err(match e {
            CheckoutError::InProgress => PlaceError::InProgress,
            other => PlaceError::Internal(other.to_string()),
        });
    }
    let fail = |reason: &'static str| CheckoutCommand::Fail {
        order_no: order_no.clone(),
        reason: reason.into(),
    };

    let authorised = o
        .gateway
        .authorise(
            &format!("{order_no}:authorise"),
            totals.total_cents,
            &order.card,
        )
        .await;
    let payment_id = match authorised {
        Ok(id) => id,
        Err(e) => {
            let (reason, error) = match e {
                PaymentError::Declined(d) => ("declined", PlaceError::Declined(d)),
                PaymentError::Unreachable(detail) => {
                    tracing::warn!(%detail, "payment gateway unreachable at authorisation");
                    ("gateway unreachable", PlaceError::PaymentUnavailable)
                }
                PaymentError::Refused(detail) => {
                    tracing::warn!(%detail, "payment gateway refused the authorisation");
                    ("gateway refused", PlaceError::PaymentUnavailable)
                }
            };
            if matches!(error, PlaceError::PaymentUnavailable) {
                // The gateway may have authorised with its answer lost: let go of whatever the
                // key holds. When that cannot be asked either, the attempt stays open for the
                // sweep, which voids it once it is stale.
                if let Err(e) = void_authorisation(o, &order_no).await {
                    tracing::warn!(error = %e, order_no, "an unanswered authorisation is left to the sweep");
                    return Err(error);
                }
            }
            // Nothing is held: the attempt is over (a missed record is the sweep's).
            let _ = checkout(o, &buyer.cart_id, fail(reason)).await;
            return Err(error);
        }
    };
    checkout(
        o,
        &buyer.cart_id,
        CheckoutCommand::Authorised {
            order_no: order_no.clone(),
        },
    )
    .await?
    .map_err(|e| PlaceError::Internal(e.to_string()))?;

    // Hold the units; the first that is gone undoes the others and the authorisation.
    let mut held: Vec<String> = Vec::new();
    for ((blain, store), (quantity, name, fulfillment)) in &needs {
        let reserve = InventoryCommand::Reserve {
            blain_number: blain.clone(),
            reservation: Reservation {
                order_no: order_no.clone(),
                store_num: *store,
                quantity: *quantity,
            },
        };
        let outcome = eventstore::run::<Inventory>(&o.pool, &())
            .command(blain, reserve)
            .executed()
            .await;
        match outcome.map(|e| e.outcome) {
            Ok(Ok(_)) => held.push(blain.clone()),
            Ok(Err(CatalogError::OutOfStock { .. })) => {
                undo(o, &order_no, &held).await;
                let _ = checkout(o, &buyer.cart_id, fail("unavailable")).await;
                return Err(unavailable(name, *fulfillment));
            }
            Ok(Err(other)) => {
                undo(o, &order_no, &held).await;
                let _ = checkout(o, &buyer.cart_id, fail("refused")).await;
                return Err(PlaceError::Internal(other.to_string()));
            }
            Err(e) => {
                // The sweep finishes the undo if this one fails too.
                undo(o, &order_no, &held).await;
                return Err(e.into());
            }
        }
    }

    let keys = crate::privacy::keys().map_err(|e| PlaceError::Internal(e.to_string()))?;
    let subject = keys.subject_for_email(&order.email);
    let seal = |plain: String| {
        let subject = subject.clone();
        async move {
            o.sealer
                .seal(&subject, &plain)
                .await
                .map_err(|e| PlaceError::Internal(e.to_string()))
        }
    };
    let contact = seal(json!({"email": order.email, "phone": order.phone}).to_string()).await?;
    let tracking_visitor = seal(buyer.tracking_visitor).await?;
    let ship_to = match &address {
        Some(a) => Some(seal(serde_json::to_string(a).expect("an address serialises")).await?),
        None => None,
    };
    let rewards_number: Option<String> = match &buyer.customer_id {
        Some(c) => {
            sqlx::query_scalar("SELECT rewards_number FROM rewards_members WHERE customer_id = $1")
                .bind(c)
                .fetch_optional(&o.pool)
                .await?
        }
        None => None,
    };
    let placed = PlacedOrder {
        order_no: order_no.clone(),
        cart_id: buyer.cart_id.clone(),
        customer_id: buyer.customer_id.clone(),
        subject,
        contact,
        ship_to,
        zip_key: address
            .as_ref()
            .map(|a: &Address| keys.order_zip_key(&order_no, &a.zip)),
        tracking_visitor,
        rewards_number,
        lines,
        totals: totals.clone(),
        card: CardSummary {
            brand: order.card.brand.name().into(),
            last4: order.card.last4(),
            expiry: order.card.expiry(),
        },
        payment_id,
        placed_at: Utc::now(),
    };
    run_order(o, &order_no, OrderCommand::Place(Box::new(placed)), None)
        .await?
        .map_err(|e| PlaceError::Internal(e.to_string()))?;
    if let Err(e) = checkout(
        o,
        &buyer.cart_id,
        CheckoutCommand::Complete {
            order_no: order_no.clone(),
        },
    )
    .await
    {
        tracing::warn!(error = %e, "checkout completion not recorded (the sweep records it)");
    }
    if let Err(e) = follow_up(o, &order_no).await {
        tracing::warn!(error = %e, order_no, "an order's follow-up steps wait for the sweep");
    }
    Ok(PlacedAnswer {
        order_no,
        total_cents: totals.total_cents,
    })
}

fn unavailable(name: &str, fulfillment: FulfillmentType) -> PlaceError {
    PlaceError::Unavailable(format!(
        "Sorry, {name} is no longer available for {}. Please choose another way or remove it. \
         Your card was not charged.",
        how(fulfillment)
    ))
}

/// Gives back what an attempt held and lets go of its authorisation.
async fn undo(o: &Ordering, order_no: &str, held: &[String]) {
    for blain in held {
        let release = InventoryCommand::Release {
            blain_number: blain.clone(),
            order_no: order_no.to_string(),
        };
        if let Err(e) = eventstore::run::<Inventory>(&o.pool, &())
            .command(blain, release)
            .executed()
            .await
        {
            tracing::warn!(error = %e, order_no, "a reservation could not be released yet");
        }
    }
    if let Err(e) = void_authorisation(o, order_no).await {
        tracing::warn!(error = %e, order_no, "an authorisation could not be voided yet");
    }
}

/// Lets go of the order's authorisation, if the gateway holds one under its key (once: the
/// void has its own key).
async fn void_authorisation(o: &Ordering, order_no: &str) -> Result<bool, PaymentError> {
    o.gateway
        .void(
            &format!("{order_no}:void"),
            &format!("{order_no}:authorise"),
        )
        .await
}

async fn checkout(
    o: &Ordering,
    cart_id: &str,
    command: CheckoutCommand,
) -> Result<Result<(), CheckoutError>, StoreError> {
    let executed = eventstore::run::<Checkout>(&o.pool, &())
        .command(cart_id, command)
        .inline(Some(o.inline.as_ref()))
        .executed()
        .await?;
    Ok(executed.outcome.map(|_| ()))
}

/// Runs an order command (`by`: the staff id recorded with its events).
pub async fn run_order(
    o: &Ordering,
    order_no: &str,
    command: OrderCommand,
    by: Option<&str>,
) -> Result<Result<Order, OrderError>, StoreError> {
    let metadata = by.map(|id| json!({ "staffId": id }));
    let mut run = eventstore::run::<Order>(&o.pool, &())
        .command(order_no, command)
        .inline(Some(o.inline.as_ref()));
    if let Some(m) = &metadata {
        run = run.metadata(m);
    }
    let executed = run.executed().await?;
    Ok(executed.outcome.map(|_| executed.aggregate))
}

/// Changes an order's status (an associate, the CLI) and does what the change owes.
pub async fn advance(
    o: &Ordering,
    order_no: &str,
    command: OrderCommand,
    by: Option<&str>,
) -> Result<Result<Order, OrderError>, StoreError> {
    let outcome = run_order(o, order_no, command, by).await?;
    if outcome.is_ok() {
        if let Err(e) = follow_up(o, order_no).await {
            tracing::warn!(error = %e, order_no, "an order's follow-up steps wait for the sweep");
        }
    }
    Ok(outcome)
}

#[derive(Debug, thiserror::Error)]
pub enum StepError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("payment: {0}")]
    Payment(#[from] PaymentError),
    #[error("{0}")]
    Other(String),
}

impl From<sqlx::Error> for StepError {
    fn from(e: sqlx::Error) -> Self {
        StepError::Store(StoreError::Database(e))
    }
}

/// Does every side effect the order still owes, each recorded as done once it is. Stops at
/// the first that fails (its key makes the retry safe).
pub async fn follow_up(o: &Ordering, order_no: &str) -> Result<(), StepError> {
    let (orders, _) = load_many::<Order>(&o.pool, &[order_no.to_string()]).await?;
    let Some((order, version)) = orders.get(order_no).cloned() else {
        return Ok(());
    };
    let Some(placed) = order.placed.clone() else {
        return Ok(());
    };
    for step in order.pending_steps() {
        let now = Utc::now();
        let key = format!("{order_no}:{}", step.key());
        match &step {
            Step::Capture => {
                o.gateway
                    .capture(&key, &placed.payment_id, placed.totals.total_cents)
                    .await?;
                let capture = OrderCommand::RecordCapture {
                    amount_cents: placed.totals.total_cents,
                    at: now,
                };
                run_order(o, order_no, capture, None).await?.ok();
                continue;
            }
            Step::EmptyCart => {
                eventstore::run::<Cart>(&o.pool, &o.cart_services)
                    .command(
                        &placed.cart_id,
                        CartCommand::CheckOut {
                            order_no: order_no.to_string(),
                        },
                    )
                    .inline(Some(o.inline.as_ref()))
                    .executed()
                    .await?;
            }
            Step::Mail(status, return_no) => {
                mail(o, &order, *status, *return_no, &key).await?;
            }
            Step::RecordPoints => {
                if let Some(number) = &placed.rewards_number {
                    let lines = placed
                        .lines
                        .iter()
                        .map(|l| SaleLine {
                            line: l.line_no.to_string(),
                            cents: l.total_cents(),
                            gift_card: false,
                        })
                        .collect();
                    points(o)
                        .record_sale(number, order_no, lines, placed.placed_at)
                        .await?
                        .map_err(|e| StepError::Other(e.to_string()))?;
                }
            }
            Step::TrackSale => {
                // An erased customer's sale still counts, as nobody's.
                let mut conn = o.pool.acquire().await?;
                let visitor = vault::open(&mut conn, &placed.tracking_visitor)
                    .await
                    .map_err(|e| StepError::Other(e.to_string()))?
                    .text()
                    .unwrap_or_default();
                drop(conn);
                let sale = Sale {
                    event_id: sale_event_id(order_no),
                    order_no: order_no.to_string(),
                    tracking_visitor: visitor,
                    items: placed
                        .lines
                        .iter()
                        .map(|l| (l.blain_number.clone(), l.quantity, l.unit_price_cents))
                        .collect(),
                    sub_total_cents: placed.totals.subtotal_cents,
                    tax_cents: placed.totals.tax_cents,
                    total_cents: placed.totals.total_cents,
                    currency: "USD",
                    at: placed.placed_at,
                };
                o.sales.track(&sale).await.map_err(StepError::Other)?;
            }
            Step::FulfilStock | Step::ReleaseStock => {
                let mut blains: Vec<&String> =
                    placed.lines.iter().map(|l| &l.blain_number).collect();
                blains.sort();
                blains.dedup();
                for blain in blains {
                    let command = if step == Step::FulfilStock {
                        InventoryCommand::Fulfil {
                            blain_number: blain.clone(),
                            order_no: order_no.to_string(),
                        }
                    } else {
                        InventoryCommand::Release {
                            blain_number: blain.clone(),
                            order_no: order_no.to_string(),
                        }
                    };
                    eventstore::run::<Inventory>(&o.pool, &())
                        .command(blain, command)
                        .executed()
                        .await?;
                }
            }
            Step::GiveMoneyBack => {
                let left = order.captured_cents - order.refunded_cents();
                if order.captured_cents > 0 {
                    if left > 0 {
                        o.gateway.refund(&key, &placed.payment_id, left).await?;
                    }
                } else {
                    o.gateway
                        .void(&key, &format!("{order_no}:authorise"))
                        .await?;
                }
            }
            Step::ReversePoints => {
                if let Some(number) = &placed.rewards_number {
                    points(o)
                        .reverse_sale(number, order_no, None, now)
                        .await?
                        .map_err(|e| StepError::Other(e.to_string()))?;
                }
            }
            Step::RefundReturn(n) => {
                let cents: i64 = order
                    .returns
                    .get(n)
                    .map_or(0, |lines| lines.iter().map(|l| l.refund_cents).sum());
                if cents > 0 {
                    o.gateway.refund(&key, &placed.payment_id, cents).await?;
                }
            }
            Step::ReverseReturnPoints(n) => {
                if let Some(number) = &placed.rewards_number {
                    let lines = order
                        .returns
                        .get(n)
                        .map(|lines| lines.iter().map(|l| l.line_no.to_string()).collect());
                    points(o)
                        .reverse_sale(number, order_no, lines, now)
                        .await?
                        .map_err(|e| StepError::Other(e.to_string()))?;
                }
            }
        }
        let done = OrderCommand::CompleteStep {
            step: step.key(),
            at: now,
        };
        run_order(o, order_no, done, None).await?.ok();
    }
    // Nothing owed as of the version read: the sweep may pass this order by.
    sqlx::query("UPDATE order_follow_ups SET due = false WHERE order_no = $1 AND version <= $2")
        .bind(order_no)
        .bind(version)
        .execute(&o.pool)
        .await?;
    Ok(())
}

fn points(o: &Ordering) -> Points<'_> {
    Points {
        pool: &o.pool,
        sealer: &o.sealer,
        inline: o.inline.as_ref(),
        return_window: o.return_window,
    }
}

/// Dollars as mails show them ($1,234.50).
pub fn dollars(cents: i64) -> String {
    kernel::values::Money::from_cents(cents).to_string()
}

/// The mail of a status: to the order's email, opened from its seal (an erased customer gets
/// none).
async fn mail(
    o: &Ordering,
    order: &Order,
    status: OrderStatus,
    return_no: Option<u32>,
    key: &str,
) -> Result<(), StepError> {
    let Some(placed) = &order.placed else {
        return Ok(());
    };
    let mut conn = o.pool.acquire().await?;
    let opened = vault::open(&mut conn, &placed.contact)
        .await
        .map_err(|e| StepError::Other(e.to_string()))?;
    drop(conn);
    let Some(contact) = opened.text() else {
        return Ok(());
    };
    let email = serde_json::from_str::<serde_json::Value>(&contact)
        .ok()
        .and_then(|v| v.get("email").and_then(|e| e.as_str()).map(String::from));
    let Some(email) = email else {
        return Ok(());
    };
    let no = &placed.order_no;
    let items: String = placed
        .lines
        .iter()
        .map(|l| {
            format!(
                "  {} × {} — {}\n",
                l.quantity,
                l.name,
                dollars(l.total_cents())
            )
        })
        .collect();
    let (title, text) = match status {
        OrderStatus::Placed => (
            format!("Thank you for your order {no}"),
            format!(
                "We received your order {no}.\n\n{items}\nSubtotal {}\nShipping {}\nTax {}\nTotal {}\n\n\
                 We'll email you again when it is ready for pickup or on its way.\n",
                dollars(placed.totals.subtotal_cents),
                dollars(placed.totals.shipping_cents),
                dollars(placed.totals.tax_cents),
                dollars(placed.totals.total_cents)
            ),
        ),
        OrderStatus::ReadyForPickup => (
            format!("Your order {no} is ready for pickup"),
            format!(
                "Your order {no} is ready at the store's pickup counter.\n\n{items}\n\
                 Bring your order number and a photo ID. We hold orders for 7 days.\n"
            ),
        ),
        OrderStatus::PickedUp => (
            format!("Your order {no} was picked up"),
            format!("Thank you for picking up your order {no}.\n"),
        ),
        OrderStatus::Shipped => (
            format!("Your order {no} is on its way"),
            format!("Your order {no} has shipped.\n\n{items}"),
        ),
        OrderStatus::Delivered => (
            format!("Your order {no} was delivered"),
            format!("Your order {no} was delivered.\n"),
        ),
        OrderStatus::Cancelled => (
            format!("Your order {no} was cancelled"),
            format!(
                "Your order {no} was cancelled. Anything charged is refunded to your card ending \
                 {}.\n",
                placed.card.last4
            ),
        ),
        OrderStatus::LineReturned => {
            let cents: i64 = return_no
                .and_then(|n| order.returns.get(&n))
                .map_or(0, |lines| lines.iter().map(|l| l.refund_cents).sum());
            (
                format!("Your return for order {no}"),
                format!(
                    "We received your return for order {no}. {} is refunded to your card ending {}.\n",
                    dollars(cents),
                    placed.card.last4
                ),
            )
        }
    };
    o.notifier
        .send(Message {
            key: key.to_string(),
            channel: Channel::Email,
            subject: Some(placed.subject.clone()),
            to: email,
            title,
            text,
        })
        .await
        .map_err(|e| StepError::Other(e.to_string()))?;
    Ok(())
}

/// What the sweep did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// Stale attempts whose order existed (recorded as complete).
    pub completed: usize,
    /// Stale attempts without an order: authorisation voided, stock given back.
    pub abandoned: usize,
    /// Orders whose owed steps were done.
    pub followed_up: usize,
}

/// The process manager's sweep: finishes attempts that stopped half way (begun more than
/// `stale_after` before `now`; [`super::checkout::STALE_AFTER_SECONDS`] by default) and does the steps orders
/// still owe.
pub async fn recover(
    o: &Ordering,
    now: DateTime<Utc>,
    stale_after: Duration,
) -> Result<Recovered, StepError> {
    let mut done = Recovered::default();
    let stale = sqlx::query(
        "SELECT a.cart_id, a.order_no, EXISTS (SELECT 1 FROM orders WHERE order_no = a.order_no) \
         FROM checkout_attempts a WHERE a.started_at < $1 ORDER BY a.started_at LIMIT 100",
    )
    .bind(now - stale_after)
    .fetch_all(&o.pool)
    .await?;
    for row in stale {
        let (cart_id, order_no, ordered): (String, String, bool) =
            (row.get(0), row.get(1), row.get(2));
        if ordered {
            checkout(o, &cart_id, CheckoutCommand::Complete { order_no })
                .await?
                .ok();
            done.completed += 1;
            continue;
        }
        let (checkouts, _) = load_many::<Checkout>(&o.pool, std::slice::from_ref(&cart_id)).await?;
        let held: Vec<String> = checkouts
            .get(&cart_id)
            .and_then(|(c, _)| c.current.as_ref())
            .map(|a| a.items.iter().map(|i| i.blain_number.clone()).collect())
            .unwrap_or_default();
        for blain in &held {
            let release = InventoryCommand::Release {
                blain_number: blain.clone(),
                order_no: order_no.clone(),
            };
            eventstore::run::<Inventory>(&o.pool, &())
                .command(blain, release)
                .executed()
                .await?;
        }
        void_authorisation(o, &order_no).await?;
        checkout(o, &cart_id, CheckoutCommand::Abandon { order_no })
            .await?
            .ok();
        done.abandoned += 1;
    }
    let due: Vec<String> = sqlx::query_scalar(
        "SELECT order_no FROM order_follow_ups WHERE due ORDER BY updated_at LIMIT 200",
    )
    .fetch_all(&o.pool)
    .await?;
    for order_no in due {
        match follow_up(o, &order_no).await {
            Ok(()) => done.followed_up += 1,
            Err(e) => tracing::warn!(error = %e, order_no, "an order's steps are still owed"),
        }
    }
    Ok(done)
}
