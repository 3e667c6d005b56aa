//! The cart page's read (GET /api/cart) and POST /click-to-reorder/get-fulfillment-type.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::identity::Identity;
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::catalog::products::{format_price, product_url};
use crate::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/cart", get(cart))
        .route(
            "/click-to-reorder/get-fulfillment-type",
            post(fulfillment_type),
        )
        .with_state(state)
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLineOut {
    pub line_id: i32,
    pub blain_number: String,
    pub name: String,
    pub url: String,
    #[schema(required)]
    pub thumbnail: Option<String>,
    pub quantity: i32,
    pub unit_price_cents: i64,
    pub unit_price: String,
    // The read model's fulfilment (a `FulfillmentType`): no doc comment, which utoipa would
    // write as an `allOf` with an object.
    #[schema(value_type = FulfillmentType, inline)]
    pub fulfillment_type: String,
    #[schema(required)]
    pub store_num: Option<i32>,
    /// The protection plan chosen for the line (`{id, name, priceCents, years}`).
    #[schema(value_type = Option<projections::model::catalog::Warranty>, inline, required)]
    pub warranty: Option<serde_json::Value>,
    pub line_total_cents: i64,
    pub line_total: String,
    /// The pickup store of a store line (name and link for the cart page).
    #[schema(inline, required)]
    pub store: Option<CartStoreOut>,
    /// The protection plans the product offers (`{id, name, priceCents, years}`), so the cart
    /// page needs no call per product.
    #[schema(value_type = Vec<projections::model::catalog::Warranty>, inline)]
    pub plans: serde_json::Value,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartStoreOut {
    pub store_num: i32,
    pub city: String,
    pub state: String,
    pub address1: String,
    pub url_alias: String,
}

/// The visitor's cart.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Cart)]
pub struct CartOut {
    pub cart_qty: i32,
    pub line_count: i32,
    pub subtotal_cents: i64,
    pub subtotal: String,
    #[schema(inline)]
    pub lines: Vec<CartLineOut>,
}

#[utoipa::path(get, path = "/api/cart", tag = "cart",
    summary = "The visitor's cart with lines, prices and totals",
    responses((status = 200, description = "OK", body = CartOut)))]
async fn cart(
    State(state): State<QueryState>,
    identity: Identity,
) -> Result<Json<CartOut>, ApiError> {
    let Some(cart_id) = kernel::session::usable_cart(&state.pool, &identity).await? else {
        return Ok(Json(CartOut {
            cart_qty: 0,
            line_count: 0,
            subtotal_cents: 0,
            subtotal: format_price(0),
            lines: vec![],
        }));
    };
    let summary =
        sqlx::query("SELECT item_count, line_count, subtotal_cents FROM carts WHERE cart_id = $1")
            .bind(&cart_id)
            .fetch_optional(&state.pool)
            .await?;
    let lines = sqlx::query(
        "SELECT l.line_id, l.blain_number, l.name, l.quantity, l.unit_price_cents, l.fulfillment, l.store_num, \
         l.warranty, p.images->>0 AS thumbnail, coalesce(p.warranties, '[]') AS plans, \
         s.city, s.state, s.address1, s.url_alias \
         FROM cart_lines l LEFT JOIN products p USING (blain_number) \
         LEFT JOIN stores s ON s.store_num = l.store_num \
         WHERE l.cart_id = $1 ORDER BY l.line_id",
    )
    .bind(&cart_id)
    .fetch_all(&state.pool)
    .await?
    .iter()
    .map(|r| {
        let quantity: i32 = r.get("quantity");
        let unit: i64 = r.get("unit_price_cents");
        let warranty: Option<serde_json::Value> = r.get("warranty");
        let plan = warranty
            .as_ref()
            .and_then(|w| w.get("priceCents"))
            .and_then(|v| v.as_i64())
            .unwrap_or(0);
        // Saturating, never wrapping (prices are bounded at import, quantities by the cart).
        let total = unit.saturating_add(plan).saturating_mul(i64::from(quantity));
        let blain: String = r.get("blain_number");
        let name: String = r.get("name");
        let store_num: Option<i32> = r.get("store_num");
        let store = match (store_num, r.get::<Option<String>, _>("city")) {
            (Some(store_num), Some(city)) => Some(CartStoreOut {
                store_num,
                city,
                state: r.get("state"),
                address1: r.get("address1"),
                url_alias: r.get("url_alias"),
            }),
            _ => None,
        };
        CartLineOut {
            store,
            plans: r.get("plans"),
            line_id: r.get("line_id"),
            url: product_url(&blain, &name),
            blain_number: blain,
            name,
            thumbnail: r.get("thumbnail"),
            quantity,
            unit_price_cents: unit,
            unit_price: format_price(unit),
            fulfillment_type: r.get("fulfillment"),
            store_num,
            warranty,
            line_total_cents: total,
            line_total: format_price(total),
        }
    })
    .collect();
    let (qty, count, subtotal) = summary.map_or((0, 0, 0), |r| {
        (
            r.get("item_count"),
            r.get("line_count"),
            r.get("subtotal_cents"),
        )
    });
    Ok(Json(CartOut {
        cart_qty: qty,
        line_count: count,
        subtotal_cents: subtotal,
        subtotal: format_price(subtotal),
        lines,
    }))
}

/// How a line gets to the customer (the write side's `FulfillmentType`, as the read model
/// holds it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum FulfillmentType {
    ShipToHome,
    StorePickup,
    SameDayDelivery,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FulfillmentRequest {
    pub blain_number: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FulfillmentAnswer {
    pub success: bool,
    pub blain_number: String,
    pub store_num: Option<i32>,
    /// ShipToHome, StorePickup, SameDayDelivery: what the product allows at the shopper's store.
    #[schema(inline)]
    pub fulfillment_types: Vec<FulfillmentType>,
}

/// A read sent as a POST: a repeat with the same Idempotency-Key reads again, nothing is stored.
#[utoipa::path(post, path = "/click-to-reorder/get-fulfillment-type", tag = "cart",
    summary = "Fulfilment types a product allows at the visitor's store",
    request_body(content = inline(FulfillmentRequest), example = json!({"blainNumber": "1000000"})),
    responses(
        (status = 200, description = "OK", body = inline(FulfillmentAnswer)),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header).", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product, or it is discontinued (code `NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn fulfillment_type(
    State(state): State<QueryState>,
    identity: Identity,
    ApiJson(request): ApiJson<FulfillmentRequest>,
) -> Result<(Extension<SafeRead>, Json<FulfillmentAnswer>), ApiError> {
    let row = sqlx::query(
        "SELECT p.ship_to_home, p.store_pickup, p.same_day_delivery, v.store_num, \
                coalesce(i.is_stocked AND i.store_on_hand > 0 AND NOT s.coming_soon, false) AS at_store, \
                coalesce(s.local_delivery_enabled, false) AS delivers \
         FROM products p \
         LEFT JOIN visitors v ON v.visitor_id = $2 \
         LEFT JOIN stores s ON s.store_num = v.store_num \
         LEFT JOIN store_inventory i ON i.blain_number = p.blain_number AND i.store_num = v.store_num \
         WHERE p.blain_number = $1 AND NOT p.discontinued",
    )
    .bind(&request.blain_number)
    .bind(&identity.visitor_id)
    .fetch_optional(&state.pool)
    .await?
    .ok_or(ApiError::NotFoundMessage("Product not found."))?;
    let at_store: bool = row.get("at_store");
    let mut types = Vec::new();
    if row.get("ship_to_home") {
        types.push(FulfillmentType::ShipToHome);
    }
    if row.get::<bool, _>("store_pickup") && at_store {
        types.push(FulfillmentType::StorePickup);
    }
    if row.get::<bool, _>("same_day_delivery") && at_store && row.get::<bool, _>("delivers") {
        types.push(FulfillmentType::SameDayDelivery);
    }
    Ok((
        Extension(SafeRead),
        Json(FulfillmentAnswer {
            success: true,
            blain_number: request.blain_number,
            store_num: row.get("store_num"),
            fulfillment_types: types,
        }),
    ))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(cart, fulfillment_type))]
pub(crate) struct Api;
