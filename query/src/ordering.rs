//! Ordering's reads: the checkout summary (the cart priced as the order will be, each line's
//! availability and the ways that work now), an order's confirmation for the browser that
//! placed it, the customer's orders, track-your-order for anyone with the order number and its
//! email or ZIP, and an associate's pickup queue. Orders come from the `orders` read model;
//! the shipping address is opened from its seal only as far as city, state and ZIP.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgPool, Row};

use crate::params::Params;
use crate::QueryState;
use kernel::client::ClientAddress;
use kernel::http::{ApiError, ApiJson};
use kernel::identity::Identity;
use kernel::limits::{self, Limit, Verdict};
use kernel::staff::{Associate, Staff};
use projections::model::pricing::{self, Totals};
use projections::model::{how, CardSummary, FulfillmentType, OrderLine, OrderStatus};

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/checkout/summary", get(summary))
        .route("/api/orders/confirmation", get(confirmation))
        .route("/api/account/orders", get(my_orders))
        .route("/api/account/orders/{order_no}", get(my_order))
        .route("/api/orders/track", post(track))
        .with_state(state)
}

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/orders/pickup-queue", get(pickup_queue))
        .with_state(state)
}

pub const NO_SUCH_ORDER: &str = "No such order.";
pub const NOT_TRACKED: &str = "We couldn't find an order with that number and email or ZIP code.";
/// Track-your-order tries per address: 10 a 10 minutes.
pub const TRACK_LIMIT: Limit = Limit {
    max: 10,
    window_seconds: 600,
};

/// A store as an order shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupStore {
    pub store_num: i32,
    /// "City, ST".
    pub name: String,
    pub address1: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub phone: String,
    pub url_alias: String,
}

async fn store(pool: &PgPool, store_num: Option<i32>) -> Result<Option<PickupStore>, sqlx::Error> {
    let Some(n) = store_num else {
        return Ok(None);
    };
    let row = sqlx::query(
        "SELECT store_num, city, state, address1, zip, phone, url_alias FROM stores WHERE store_num = $1",
    )
    .bind(n)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| {
        let (city, state): (String, String) = (r.get("city"), r.get("state"));
        PickupStore {
            store_num: r.get("store_num"),
            name: format!("{city}, {state}"),
            address1: r.get("address1"),
            zip: r.get("zip"),
            phone: r.get("phone"),
            url_alias: r.get("url_alias"),
            city,
            state,
        }
    }))
}

/// One cart line as checkout sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutLine {
    pub line_id: i32,
    pub blain_number: String,
    pub name: String,
    pub quantity: i32,
    /// The product's price plus its protection plan's.
    pub unit_price_cents: i64,
    pub line_total_cents: i64,
    pub fulfillment: FulfillmentType,
    #[schema(required)]
    pub store_num: Option<i32>,
    /// Whether the line can be had as chosen now.
    pub available: bool,
    /// Why not, in words to show.
    #[schema(required)]
    pub problem: Option<String>,
    /// The ways the line can go now (a one-click switch).
    pub alternatives: Vec<FulfillmentType>,
}

/// The cart priced as the order will be.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutSummary {
    pub lines: Vec<CheckoutLine>,
    /// The store of the first pickup line.
    #[schema(required)]
    pub pickup_store: Option<PickupStore>,
    /// A line ships or goes by same-day delivery: the order needs an address.
    pub needs_shipping_address: bool,
    pub subtotal_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    /// The state taxed; null until a ZIP or a pickup store says.
    #[schema(required)]
    pub tax_state: Option<String>,
    pub tax_exempt: bool,
    pub free_shipping_threshold_cents: i64,
    pub shipping_rate_cents: i64,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SummaryParams {
    /// The shipping ZIP typed so far (5 digits; anything else is ignored).
    pub zip: Option<String>,
}

fn fulfillment_of(text: &str) -> FulfillmentType {
    serde_json::from_value(serde_json::Value::String(text.to_string()))
        .unwrap_or(FulfillmentType::ShipToHome)
}

#[utoipa::path(get, path = "/api/checkout/summary", tag = "ordering",
    summary = "The visitor's cart priced as the order will be",
    description = "Each line with whether it can be had as chosen now (else the problem and the ways that work), the pickup store, whether an address is needed, and the totals the order will charge: shipping free from $49 of shipped lines (else $7.99), sales tax at the ZIP's state (or the pickup store's), none when that is the state of the signed-in customer's approved tax exemption.",
    params(SummaryParams),
    responses((status = 200, description = "The summary (no lines for an empty cart)", body = CheckoutSummary)))]
async fn summary(State(state): State<QueryState>, identity: Identity, params: Params) -> Response {
    match build_summary(&state.pool, &identity, params.text("zip")).await {
        Ok(s) => Json(s).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

async fn build_summary(
    pool: &PgPool,
    identity: &Identity,
    zip: Option<&str>,
) -> Result<CheckoutSummary, sqlx::Error> {
    let cart_id = kernel::session::usable_cart(pool, identity).await?;
    // A shipped line's other ways are at the visitor's chosen store.
    let chosen_store: Option<i32> =
        sqlx::query_scalar("SELECT store_num FROM visitors WHERE visitor_id = $1")
            .bind(&identity.visitor_id)
            .fetch_optional(pool)
            .await?
            .flatten();
    let rows = match &cart_id {
        Some(cart) => {
            sqlx::query(
                "SELECT l.line_id, l.blain_number, l.name, l.quantity, l.unit_price_cents, l.fulfillment, \
                 l.store_num, coalesce(l.store_num, $2) AS at_store_num, \
                 coalesce((l.warranty->>'priceCents')::bigint, 0) AS plan_cents, \
                 coalesce(p.discontinued, true) AS gone, coalesce(p.ship_to_home, false) AS ships, \
                 coalesce(p.store_pickup, false) AS pickup, coalesce(p.same_day_delivery, false) AS same_day, \
                 coalesce(e.ecom_on_hand, 0) AS online, \
                 coalesce((SELECT i.store_on_hand FROM store_inventory i JOIN stores s USING (store_num) \
                   WHERE i.blain_number = l.blain_number AND i.store_num = coalesce(l.store_num, $2) AND i.is_stocked \
                   AND NOT s.coming_soon), 0) AS at_store, \
                 coalesce((SELECT s.local_delivery_enabled FROM stores s WHERE s.store_num = coalesce(l.store_num, $2)), false) AS delivers \
                 FROM cart_lines l LEFT JOIN products p USING (blain_number) \
                 LEFT JOIN ecom_inventory e USING (blain_number) \
                 WHERE l.cart_id = $1 ORDER BY l.line_id",
            )
            .bind(cart)
            .bind(chosen_store)
            .fetch_all(pool)
            .await?
        }
        None => Vec::new(),
    };
    let customer = kernel::session::signed_in(pool, identity).await?;
    let exempt =
        projections::model::tax_exempt(pool, customer.as_ref().map(|c| c.customer_id.as_str()))
            .await?;
    let mut lines = Vec::new();
    let mut order_lines = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let quantity: i32 = r.get("quantity");
        let unit: i64 = r.get::<i64, _>("unit_price_cents") + r.get::<i64, _>("plan_cents");
        let fulfillment = fulfillment_of(&r.get::<String, _>("fulfillment"));
        let store_num: Option<i32> = r.get("store_num");
        let at_store_num: Option<i32> = r.get("at_store_num");
        let (gone, ships, pickup, same_day, delivers): (bool, bool, bool, bool, bool) = (
            r.get("gone"),
            r.get("ships"),
            r.get("pickup"),
            r.get("same_day"),
            r.get("delivers"),
        );
        let (online, at_store): (i32, i32) = (r.get("online"), r.get("at_store"));
        let works = |f: FulfillmentType| {
            !gone
                && match f {
                    FulfillmentType::ShipToHome => ships && online >= quantity,
                    FulfillmentType::StorePickup => {
                        pickup && at_store_num.is_some() && at_store >= quantity
                    }
                    FulfillmentType::SameDayDelivery => {
                        same_day && delivers && at_store_num.is_some() && at_store >= quantity
                    }
                }
        };
        let available = works(fulfillment);
        let alternatives: Vec<FulfillmentType> = [
            FulfillmentType::ShipToHome,
            FulfillmentType::StorePickup,
            FulfillmentType::SameDayDelivery,
        ]
        .into_iter()
        .filter(|f| *f != fulfillment && works(*f))
        .collect();
        let name: String = r.get("name");
        let problem =
            (!available).then(|| {
                if gone {
                    format!("Sorry, {name} is no longer sold. Please remove it.")
                } else if alternatives.is_empty() {
                    format!(
                        "Sorry, {name} is no longer available for {}. Please remove it.",
                        how(fulfillment)
                    )
                } else {
                    format!(
                    "Sorry, {name} is no longer available for {}. Choose {} instead, or remove it.",
                    how(fulfillment),
                    alternatives.iter().map(|f| how(*f)).collect::<Vec<_>>().join(" or ")
                )
                }
            });
        order_lines.push(OrderLine {
            line_no: i as u32 + 1,
            blain_number: r.get("blain_number"),
            name: name.clone(),
            quantity,
            unit_price_cents: unit,
            fulfillment,
            store_num: (fulfillment != FulfillmentType::ShipToHome)
                .then_some(store_num)
                .flatten(),
        });
        lines.push(CheckoutLine {
            line_id: r.get("line_id"),
            blain_number: r.get("blain_number"),
            name,
            quantity,
            unit_price_cents: unit,
            line_total_cents: unit * i64::from(quantity),
            fulfillment,
            store_num,
            available,
            problem,
            alternatives,
        });
    }
    let zip = zip
        .map(str::trim)
        .filter(|z| kernel::validation::valid_zip(z));
    let totals: Totals =
        projections::model::price(pool, &order_lines, zip, exempt.as_deref()).await?;
    let pickup_store = store(
        pool,
        order_lines
            .iter()
            .find(|l| l.fulfillment == FulfillmentType::StorePickup)
            .and_then(|l| l.store_num),
    )
    .await?;
    Ok(CheckoutSummary {
        needs_shipping_address: order_lines
            .iter()
            .any(|l| l.fulfillment != FulfillmentType::StorePickup),
        lines,
        pickup_store,
        subtotal_cents: totals.subtotal_cents,
        shipping_cents: totals.shipping_cents,
        tax_cents: totals.tax_cents,
        total_cents: totals.total_cents,
        tax_state: totals.tax_state,
        tax_exempt: totals.tax_exempt,
        free_shipping_threshold_cents: pricing::FREE_SHIPPING_CENTS,
        shipping_rate_cents: pricing::SHIPPING_RATE_CENTS,
    })
}

/// One line of an order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineView {
    pub line_no: u32,
    pub blain_number: String,
    pub name: String,
    pub quantity: i32,
    pub returned_quantity: i32,
    pub unit_price_cents: i64,
    pub line_total_cents: i64,
    pub fulfillment: FulfillmentType,
    #[schema(required)]
    pub store_num: Option<i32>,
}

/// A step of an order's timeline.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineEntry {
    pub status: OrderStatus,
    pub label: String,
    pub at: DateTime<Utc>,
}

/// Where a shipped order goes (no name or street).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipTo {
    pub city: String,
    pub state: String,
    pub zip: String,
}

/// One order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub order_no: String,
    pub placed_at: DateTime<Utc>,
    pub status: OrderStatus,
    pub status_label: String,
    pub lines: Vec<OrderLineView>,
    pub subtotal_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    pub refunded_cents: i64,
    pub tax_exempt: bool,
    pub card: CardSummary,
    #[schema(required)]
    pub pickup_store: Option<PickupStore>,
    #[schema(required)]
    pub ship_to: Option<ShipTo>,
    pub timeline: Vec<TimelineEntry>,
    /// Rewards points the order earned (1 per $1 of its lines), for members.
    #[schema(required)]
    pub points_earned: Option<i64>,
}

/// An order in the customer's list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSummary {
    pub order_no: String,
    pub placed_at: DateTime<Utc>,
    pub status: OrderStatus,
    pub status_label: String,
    pub total_cents: i64,
    pub item_count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct OrdersAnswer {
    pub orders: Vec<OrderSummary>,
}

const ORDER_COLUMNS: &str = "order_no, placed_at, status, lines, returned, subtotal_cents, shipping_cents, \
     tax_cents, total_cents, refunded_cents, tax_exempt, card_brand, card_last4, pickup_store, ship_to, \
     timeline, rewards_number, customer_id, subject, zip_key";

fn status_of(text: &str) -> OrderStatus {
    serde_json::from_value(serde_json::Value::String(text.to_string())).unwrap_or_default()
}

async fn view(pool: &PgPool, r: &sqlx::postgres::PgRow) -> Result<OrderView, ApiError> {
    let order_no: String = r.get("order_no");
    let lines: Vec<OrderLine> =
        serde_json::from_value(r.get("lines")).map_err(ApiError::internal)?;
    let returned: serde_json::Value = r.get("returned");
    let status = status_of(&r.get::<String, _>("status"));
    let timeline: Vec<serde_json::Value> =
        serde_json::from_value(r.get("timeline")).unwrap_or_default();
    let timeline = timeline
        .into_iter()
        .filter_map(|t| {
            let status = status_of(t.get("status")?.as_str()?);
            let at = serde_json::from_value(t.get("at")?.clone()).ok()?;
            Some(TimelineEntry {
                status,
                label: status.label().to_string(),
                at,
            })
        })
        .collect();
    let ship_to = match r.get::<Option<serde_json::Value>, _>("ship_to") {
        Some(sealed) => projections::accounts::open_sealed(pool, sealed)
            .await
            .map_err(ApiError::internal)?
            .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
            .map(|a| ShipTo {
                city: a["city"].as_str().unwrap_or_default().to_string(),
                state: a["state"].as_str().unwrap_or_default().to_string(),
                zip: a["zip"].as_str().unwrap_or_default().to_string(),
            }),
        None => None,
    };
    let points_earned = match r.get::<Option<String>, _>("rewards_number") {
        Some(number) => {
            sqlx::query_scalar(
                "SELECT sum(points)::bigint FROM rewards_ledger WHERE rewards_number = $1 \
             AND reference = $2 AND kind = 'earned'",
            )
            .bind(number)
            .bind(&order_no)
            .fetch_one(pool)
            .await?
        }
        None => None,
    };
    Ok(OrderView {
        placed_at: r.get("placed_at"),
        status,
        status_label: status.label().to_string(),
        lines: lines
            .iter()
            .map(|l| OrderLineView {
                line_no: l.line_no,
                blain_number: l.blain_number.clone(),
                name: l.name.clone(),
                quantity: l.quantity,
                returned_quantity: returned
                    .get(l.line_no.to_string())
                    .and_then(|q| q.as_i64())
                    .unwrap_or(0) as i32,
                unit_price_cents: l.unit_price_cents,
                line_total_cents: l.total_cents(),
                fulfillment: l.fulfillment,
                store_num: l.store_num,
            })
            .collect(),
        subtotal_cents: r.get("subtotal_cents"),
        shipping_cents: r.get("shipping_cents"),
        tax_cents: r.get("tax_cents"),
        total_cents: r.get("total_cents"),
        refunded_cents: r.get("refunded_cents"),
        tax_exempt: r.get("tax_exempt"),
        card: CardSummary {
            brand: r.get("card_brand"),
            last4: r.get("card_last4"),
            expiry: String::new(),
        },
        pickup_store: store(pool, r.get("pickup_store")).await?,
        ship_to,
        timeline,
        points_earned,
        order_no,
    })
}

async fn order_row(
    pool: &PgPool,
    order_no: &str,
) -> Result<Option<sqlx::postgres::PgRow>, sqlx::Error> {
    let Some(order_no) = kernel::validation::order_number(order_no) else {
        return Ok(None);
    };
    sqlx::query(&format!(
        "SELECT {ORDER_COLUMNS} FROM orders WHERE order_no = $1"
    ))
    .bind(order_no)
    .fetch_optional(pool)
    .await
}

async fn answer(
    pool: &PgPool,
    row: Option<sqlx::postgres::PgRow>,
    missing: &'static str,
) -> Response {
    match row {
        Some(r) => match view(pool, &r).await {
            Ok(v) => Json(v).into_response(),
            Err(e) => e.into_response(),
        },
        None => ApiError::NotFoundMessage(missing).into_response(),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConfirmationParams {
    /// The key of the place answer's `confirmationUrl`.
    #[param(max_length = 200)]
    pub key: Option<String>,
}

#[utoipa::path(get, path = "/api/orders/confirmation", tag = "ordering",
    summary = "A just-placed order, for the browser that placed it",
    description = "The key is the order number and the visitor, signed by the store: another browser (or a forged key) gets 404.",
    params(ConfirmationParams),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 404, description = "'No such order.'", body = kernel::http::ErrorBody),
    ))]
async fn confirmation(
    State(state): State<QueryState>,
    identity: Identity,
    params: Params,
) -> Response {
    let order_no = params.text("key").filter(|k| k.len() <= 200).and_then(|k| {
        projections::model::confirmed_order(identity.keyring(), k, &identity.visitor_id)
    });
    let Some(order_no) = order_no else {
        return ApiError::NotFoundMessage(NO_SUCH_ORDER).into_response();
    };
    match order_row(&state.pool, &order_no).await {
        Ok(row) => answer(&state.pool, row, NO_SUCH_ORDER).await,
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[utoipa::path(get, path = "/api/account/orders", tag = "ordering",
    summary = "The signed-in customer's orders, newest first",
    responses(
        (status = 200, description = "The orders", body = OrdersAnswer),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn my_orders(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    let rows = sqlx::query(
        "SELECT order_no, placed_at, status, total_cents, \
         (SELECT coalesce(sum((l->>'quantity')::bigint), 0) FROM jsonb_array_elements(lines) l)::bigint AS items \
         FROM orders WHERE customer_id = $1 ORDER BY placed_at DESC LIMIT 200",
    )
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await;
    match rows {
        Ok(rows) => Json(OrdersAnswer {
            orders: rows
                .iter()
                .map(|r| {
                    let status = status_of(&r.get::<String, _>("status"));
                    OrderSummary {
                        order_no: r.get("order_no"),
                        placed_at: r.get("placed_at"),
                        status,
                        status_label: status.label().to_string(),
                        total_cents: r.get("total_cents"),
                        item_count: r.get("items"),
                    }
                })
                .collect(),
        })
        .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[utoipa::path(get, path = "/api/account/orders/{order_no}", tag = "ordering",
    summary = "One of the signed-in customer's orders, with its timeline",
    params(("order_no" = String, Path, description = "The order number")),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's orders: 'No such order.'", body = kernel::http::ErrorBody),
    ))]
async fn my_order(
    State(state): State<QueryState>,
    identity: Identity,
    Path(order_no): Path<String>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    match order_row(&state.pool, &order_no).await {
        Ok(row) => {
            let mine = row.filter(|r| {
                r.get::<Option<String>, _>("customer_id").as_deref()
                    == Some(signed_in.customer_id.as_str())
            });
            answer(&state.pool, mine, NO_SUCH_ORDER).await
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// `POST /api/orders/track`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackOrderRequest {
    #[schema(max_length = 20)]
    pub order_no: String,
    /// The order's email, or its shipping ZIP.
    #[schema(max_length = 254)]
    pub email_or_zip: String,
}

#[utoipa::path(post, path = "/api/orders/track", tag = "ordering",
    summary = "Track an order by its number and its email or shipping ZIP (guests too)",
    description = "A wrong pair and a missing order answer the same 404. Tries are limited per address (10 in 10 minutes, counted in PostgreSQL).",
    request_body(content = TrackOrderRequest, example = json!({"orderNo": "100000001", "emailOrZip": "ann@example.com"})),
    responses(
        (status = 200, description = "The order", body = OrderView),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a NUL character); `InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
        (status = 404, description = "'We couldn't find an order with that number and email or ZIP code.'", body = kernel::http::ErrorBody),
        (status = 429, description = "Too many tries (`TooManyAttempts`, `Retry-After`)", body = kernel::http::ErrorBody),
    ))]
async fn track(
    State(state): State<QueryState>,
    identity: Identity,
    ClientAddress(address): ClientAddress,
    ApiJson(r): ApiJson<TrackOrderRequest>,
) -> Response {
    let who = address.map_or_else(|| identity.visitor_id.clone(), |a| a.to_string());
    let bucket = format!("track:{}", identity.keyring().derive("track-order", &who));
    match limits::attempt(&state.pool, &bucket, TRACK_LIMIT).await {
        Ok(Verdict::Refused { retry_after }) => {
            let mut refused = limits::too_many(retry_after);
            refused
                .extensions_mut()
                .insert(kernel::idempotency::SafeRead);
            return refused;
        }
        Ok(Verdict::Allowed) => {}
        Err(e) => return ApiError::from(e).into_response(),
    }
    let order_no = r.order_no.trim();
    let given = r.email_or_zip.trim();
    let row = match order_row(&state.pool, order_no).await {
        Ok(row) => row,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let matches = row.as_ref().is_some_and(|row| {
        if given.is_empty() || given.len() > 254 {
            return false;
        }
        if given.contains('@') {
            let subject: String = row.get("subject");
            !subject.is_empty()
                && projections::ordering::email_subject(given).as_deref() == Some(subject.as_str())
        } else {
            let key: Option<String> = row.get("zip_key");
            kernel::validation::valid_zip(given)
                && key.is_some()
                && projections::ordering::zip_key(order_no, given) == key
        }
    });
    // A read sent as a POST: never stored or replayed.
    let mut response = answer(&state.pool, row.filter(|_| matches), NOT_TRACKED).await;
    response
        .extensions_mut()
        .insert(kernel::idempotency::SafeRead);
    response
}

/// An order waiting at the counter.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupQueueEntry {
    pub order_no: String,
    pub placed_at: DateTime<Utc>,
    pub status: OrderStatus,
    pub item_count: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PickupQueue {
    pub orders: Vec<PickupQueueEntry>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PickupQueueParams {
    /// The store.
    pub store: i32,
}

#[utoipa::path(get, path = "/api/staff/orders/pickup-queue", tag = "ordering",
    summary = "A store's pickup queue: orders placed or ready, oldest first",
    params(PickupQueueParams),
    responses(
        (status = 200, description = "The queue", body = PickupQueue),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `InvalidNumber` (store absent, blank or not a whole number).", body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
    ))]
async fn pickup_queue(
    State(state): State<QueryState>,
    _staff: Staff<Associate>,
    params: Params,
) -> Response {
    let store = match params.required_number("store").and_then(|n| {
        i32::try_from(n)
            .map_err(|_| ApiError::bad_request("InvalidNumber", crate::params::INVALID_NUMBER))
    }) {
        Ok(n) => n,
        Err(e) => return e.into_response(),
    };
    let rows = sqlx::query(
        "SELECT order_no, placed_at, status, \
         (SELECT coalesce(sum((l->>'quantity')::bigint), 0) FROM jsonb_array_elements(lines) l \
          WHERE l->>'fulfillment' = 'StorePickup')::bigint AS items \
         FROM orders WHERE pickup_store = $1 AND status IN ('Placed', 'ReadyForPickup') \
         ORDER BY placed_at LIMIT 500",
    )
    .bind(store)
    .fetch_all(&state.pool)
    .await;
    match rows {
        Ok(rows) => Json(PickupQueue {
            orders: rows
                .iter()
                .map(|r| PickupQueueEntry {
                    order_no: r.get("order_no"),
                    placed_at: r.get("placed_at"),
                    status: status_of(&r.get::<String, _>("status")),
                    item_count: r.get("items"),
                })
                .collect(),
        })
        .into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(summary, confirmation, my_orders, my_order, track, pickup_queue))]
pub(crate) struct Api;
