//! Ordering over HTTP (the command side): placing an order from the visitor's cart, and
//! (`staff.rs`) an associate's changes to an order, and (`exemption.rs`) applying for a tax
//! exemption and an associate's decision. The reads (the checkout summary, orders,
//! confirmation, track-your-order) are the query side's (`query::ordering`).

pub mod exemption;
pub mod staff;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Json, Router};
use serde::Serialize;

use super::CommandState;
use crate::ordering::process::{self, Buyer, Ordering, PlaceError};
use crate::ordering::request::{self, PlaceOrderRequest};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::IdempotencyKey;
use kernel::identity::Identity;

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/checkout/place", post(place))
        .with_state(state)
}

impl super::CommandParts {
    /// The checkout process with this state's parts.
    pub fn ordering(&self) -> Ordering {
        Ordering {
            pool: self.pool.clone(),
            gateway: self.payments.clone(),
            sealer: self.sealer.clone(),
            notifier: self.notifier.clone(),
            sales: self.sales.clone(),
            inline: self.inline.clone(),
            cart_services: self.cart_services.clone(),
            return_window: self.rewards_settings.return_window(),
        }
    }
}

/// The answer of a placed order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedOrderAnswer {
    #[schema(schema_with = super::doc::always_true)]
    pub success: bool,
    pub order_no: String,
    pub total_cents: i64,
    /// The confirmation page, with a key only this visitor's browser can use.
    pub confirmation_url: String,
}

pub const KEY_REQUIRED: &str = "Please send an Idempotency-Key header with each order.";

impl From<PlaceError> for ApiError {
    fn from(e: PlaceError) -> Self {
        let refused = |status, code, message: String| ApiError::Refused {
            status,
            code,
            message,
        };
        match e {
            PlaceError::Invalid { field, message } => ApiError::Field {
                field,
                message: message.into(),
            },
            PlaceError::EmptyCart => refused(StatusCode::CONFLICT, "EmptyCart", e.to_string()),
            PlaceError::Unavailable(m) => refused(StatusCode::CONFLICT, "Unavailable", m),
            PlaceError::TotalChanged => {
                refused(StatusCode::CONFLICT, "TotalChanged", e.to_string())
            }
            PlaceError::InProgress => refused(StatusCode::CONFLICT, "InProgress", e.to_string()),
            PlaceError::Declined(_) => refused(
                StatusCode::PAYMENT_REQUIRED,
                "PaymentDeclined",
                e.to_string(),
            ),
            PlaceError::PaymentUnavailable => refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "PaymentUnavailable",
                e.to_string(),
            ),
            PlaceError::Store(e) => ApiError::internal(e),
            PlaceError::Internal(e) => ApiError::internal(e),
        }
    }
}

#[utoipa::path(post, path = "/api/checkout/place", tag = "ordering",
    summary = "Place the visitor's cart as an order",
    params(("Idempotency-Key" = String, Header, description = "Required here (400 `IdempotencyKeyRequired` without): one key per checkout attempt, 1 to 255 visible ASCII characters. A repeat with the same key within 24 hours returns the first answer (`Idempotent-Replayed: true`) and places nothing; the same key with another body is 422 `IdempotencyKeyReused`.", pattern = r"^[\x21-\x7E]{1,255}$", min_length = 1, max_length = 255)),
    description = "Requires an `Idempotency-Key` (one per checkout attempt): the first answer is kept, a repeat with the same key replays it (one order, one charge), the same key with another body is refused. The server repeats the form's checks with the spec's messages, prices the cart (shipping free from $49, else $7.99; sales tax by the shipping ZIP's state or the pickup store's), authorises the card, holds the stock, places the order and captures the payment; the cart is emptied, the confirmation mailed, rewards points recorded and the Sale tracking event sent, each once. No card number or security code is kept. Local test cards: docs/decisions.md, \"Checkout\".",
    request_body(content = PlaceOrderRequest, example = json!({
        "email": "ann@example.com", "phone": "(608) 555-0100", "shippingAddress": null,
        "card": {"number": "4242 4242 4242 4242", "expiry": "12/30", "securityCode": "123", "nameOnCard": "Ann Lee"},
        "expectedTotalCents": 2099})),
    responses(
        (status = 200, description = "The order was placed", body = PlacedOrderAnswer),
        (status = 400, description = "`IdempotencyKeyRequired`, or a malformed body or key", body = kernel::http::ErrorBody),
        (status = 402, description = "`PaymentDeclined`: 'Your card was declined. Please use another card.' or 'Your card has insufficient funds. Please use another card.' Nothing was charged or held.", body = kernel::http::ErrorBody),
        (status = 409, description = "`EmptyCart` ('Your cart is empty.'), `Unavailable` (a line can't be had as chosen; the message names it), `TotalChanged` ('Your order total has changed. Please review your order.'), `InProgress` (this cart's order is being placed)", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidField` with `field`, in the spec's words ('Please enter a valid credit card number.', 'Expiry date format must be MM/YY', …); or `IdempotencyKeyReused`", body = kernel::http::ErrorBody),
        (status = 503, description = "`PaymentUnavailable`: 'We could not reach our payment service. Your card was not charged. Please try again.'", body = kernel::http::ErrorBody),
    ))]
async fn place(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<PlaceOrderRequest>,
) -> Response {
    if key.is_none() {
        return ApiError::bad_request("IdempotencyKeyRequired", KEY_REQUIRED).into_response();
    }
    let checked = match request::check(&r, chrono::Utc::now().date_naive()) {
        Ok(checked) => checked,
        Err(e) => {
            return ApiError::Field {
                field: e.field,
                message: e.message.into(),
            }
            .into_response()
        }
    };
    let cart_id = match kernel::session::usable_cart(&state.pool, &identity).await {
        Ok(Some(cart)) => cart,
        Ok(None) => return ApiError::from(PlaceError::EmptyCart).into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let customer_id = match kernel::session::signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in.map(|s| s.customer_id),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let buyer = Buyer {
        cart_id,
        customer_id,
        tracking_visitor: identity.tracking_visitor(),
    };
    match process::place(&state.ordering(), buyer, checked).await {
        Ok(placed) => {
            let confirmation_url = crate::ordering::confirmation_url(
                identity.keyring(),
                &placed.order_no,
                &identity.visitor_id,
            );
            Json(PlacedOrderAnswer {
                success: true,
                order_no: placed.order_no,
                total_cents: placed.total_cents,
                confirmation_url,
            })
            .into_response()
        }
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(place), modifiers(&REPLAYS))]
pub(crate) struct Api;

/// A placed order's answer may be a replay (refusals are not stored).
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200"]);
