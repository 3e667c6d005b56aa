//! Add-to-cart and the cart page's commands. Adds answer the spec's result codes with the new
//! cart quantity; the cart read model is updated in the same transaction (read-your-writes).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Json, Router};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use super::{respond, CommandState};
use crate::cart::command_types::FulfillmentType;
use crate::cart::{Cart, CartCommand, CartError, Placement};
use crate::eventstore::{self, IdempotentCommand};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::identity::{new_id, Identity};

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/products/a/addtocart", post(add_to_cart))
        .route("/products/a/bundletocart", post(bundle_to_cart))
        .route(
            "/products/a/productcomparisontocart",
            post(comparison_to_cart),
        )
        .route("/products/a/update-warranty", post(update_warranty))
        .route("/products/a/remove-warranty", post(remove_warranty))
        .route("/api/cart/quantity", post(change_quantity))
        .route("/api/cart/remove", post(remove_line))
        .route("/api/cart/fulfillment", post(change_fulfillment))
        .with_state(state)
}

fn default_quantity() -> i32 {
    1
}

/// Where the product goes: shipping by default; pickup or same-day delivery at `storeNum`,
/// else at the visitor's chosen store. `confirmed` and `agreed` answer the product's
/// confirmation and purchase-agreement prompts.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Placement)]
pub struct PlacementRequest {
    /// ShipToHome when absent or null
    #[serde(default)]
    #[schema(inline)]
    pub fulfillment_type: Option<FulfillmentType>,
    #[serde(default)]
    pub store_num: Option<i32>,
    #[serde(default)]
    #[schema(default = false)]
    pub confirmed: bool,
    #[serde(default)]
    #[schema(default = false)]
    pub agreed: bool,
}

/// A product (`addtocart`) or a product's bundle (`bundletocart`, which ignores `warrantyId`),
/// and where it goes.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddToCartRequest {
    pub blain_number: String,
    /// 1-999, else resultCode CannotAdd (for a bundle: the bundles to add)
    #[serde(default = "default_quantity")]
    #[schema(default = 1)]
    pub quantity: i32,
    #[serde(default)]
    pub warranty_id: Option<String>,
    #[serde(flatten)]
    pub placement: PlacementRequest,
}

/// The compared products, and where they go.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparisonRequest {
    /// 1 to 5 products, else resultCode CannotAdd
    pub blain_numbers: Vec<String>,
    #[serde(flatten)]
    pub placement: PlacementRequest,
}

/// A cart line's protection plan to choose (`update-warranty`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WarrantyRequest {
    /// The cart line
    #[schema(format = Int64, maximum = 4294967295_u64)]
    pub line_id: u32,
    /// The plan. Read as optional so that its absence is the form's own message (400
    /// `InvalidInput`, 'Please make a selection.'); required in the document.
    #[serde(default)]
    #[schema(value_type = String, required)]
    pub warranty_id: Option<String>,
}

/// A cart line, and its new quantity (`/api/cart/quantity`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuantityRequest {
    /// The cart line
    #[schema(format = Int64, maximum = 4294967295_u64)]
    pub line_id: u32,
    /// 1-999, else resultCode CannotAdd. Read as optional so that its absence is the form's own
    /// message (400 `InvalidInput`, 'Please enter a valid number.'); required in the document.
    #[serde(default)]
    #[schema(value_type = i32, required)]
    pub quantity: Option<i32>,
}

/// A cart line (`/api/cart/remove`, `remove-warranty`); other fields are ignored.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineRequest {
    /// The cart line
    #[schema(format = Int64, maximum = 4294967295_u64)]
    pub line_id: u32,
}

/// A cart line, and how it should go now (`/api/cart/fulfillment`).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FulfillmentRequest {
    /// The cart line
    #[schema(format = Int64, maximum = 4294967295_u64)]
    pub line_id: u32,
    #[serde(flatten)]
    pub placement: PlacementRequest,
}

/// The answer of every cart command.
#[derive(Debug, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartResult {
    pub success: bool,
    /// Success, CannotAdd, MaxLines, PickupDeliveryError, RequireConfirmation, RequireAgreement.
    #[schema(schema_with = result_code_schema)]
    pub result_code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    pub cart_qty: i32,
    pub line_count: usize,
}

/// The result codes of [`CartResult`] (`CartError::result_code`, and `Success`).
fn result_code_schema() -> utoipa::openapi::Object {
    super::doc::one_of(&[
        "Success",
        "CannotAdd",
        "MaxLines",
        "PickupDeliveryError",
        "RequireConfirmation",
        "RequireAgreement",
    ])
}

async fn placement(
    state: &CommandState,
    identity: &Identity,
    p: &PlacementRequest,
) -> Result<Placement, ApiError> {
    let fulfillment = p.fulfillment_type.unwrap_or(FulfillmentType::ShipToHome);
    let store_num = match (fulfillment, p.store_num) {
        (FulfillmentType::ShipToHome, _) => None,
        (_, Some(store)) => Some(store),
        (_, None) => local_store(&state.pool, &identity.visitor_id).await?,
    };
    Ok(Placement {
        fulfillment,
        store_num,
    })
}

/// The answer of a cart command: the result code and the cart as it is now, granting the cart
/// when the command made it (the identity layer sets its cookie for whoever receives the
/// answer: the visitor who asked, or on a replay the same visitor again; the stored answer
/// keeps the cart's id, never a cookie). `None` for an outage (never stored).
fn cart_answer(
    new_cart: Option<&str>,
    cart: &Cart,
    outcome: &Result<usize, CartError>,
) -> Option<StoredAnswer> {
    if let Err(CartError::Unavailable(_)) = outcome {
        return None;
    }
    let body = CartResult {
        success: outcome.is_ok(),
        result_code: match outcome {
            Ok(_) => "Success".into(),
            Err(e) => e.result_code().into(),
        },
        message: outcome.as_ref().err().map(|e| e.to_string()),
        cart_qty: cart.quantity(),
        line_count: cart.lines.len(),
    };
    let answer = StoredAnswer::json(StatusCode::OK, &body, vec![]);
    Some(match new_cart {
        Some(id) if !cart.lines.is_empty() => answer.granting_cart(id),
        _ => answer,
    })
}

/// Runs a cart command for the visitor's cart (made on the first add) and answers with the
/// result code and the cart as it is now. With an Idempotency-Key the answer is stored in the
/// appending transaction, and a repeat replays it.
async fn run(
    state: &CommandState,
    identity: &Identity,
    key: &Option<Extension<IdempotencyKey>>,
    command: CartCommand,
    creates: bool,
) -> Response {
    let usable = match kernel::session::usable_cart(&state.pool, identity).await {
        Ok(usable) => usable,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let (cart_id, new_cart) = match &usable {
        Some(id) => (id.clone(), false),
        None if creates => (new_id(), true),
        None => {
            return Json(CartResult {
                success: false,
                result_code: "CannotAdd".into(),
                message: Some(CartError::LineNotFound.to_string()),
                cart_qty: 0,
                line_count: 0,
            })
            .into_response()
        }
    };
    let new_cart = new_cart.then_some(cart_id.as_str());
    let answer =
        |cart: &Cart, outcome: &Result<usize, CartError>| cart_answer(new_cart, cart, outcome);
    let idempotency = key.as_ref().map(|Extension(key)| IdempotentCommand {
        key,
        answer: &answer,
    });
    let executed = eventstore::run::<Cart>(&state.pool, &state.cart_services)
        .command(&cart_id, command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .new_aggregates(new_cart.is_some())
        .one()
        .await;
    respond(executed, answer)
}

/// A refusal the cart's answer does not cover: an outage (503); anything else is ours (500).
impl From<CartError> for ApiError {
    fn from(e: CartError) -> Self {
        match e {
            CartError::Unavailable(detail) => ApiError::Unavailable(detail),
            other => ApiError::internal(other),
        }
    }
}

/// Resolves where the products go, then runs the add built from that placement.
async fn add(
    state: &CommandState,
    identity: &Identity,
    key: Option<Extension<IdempotencyKey>>,
    request: &PlacementRequest,
    command: impl FnOnce(Placement) -> CartCommand,
) -> Response {
    match placement(state, identity, request).await {
        Ok(placement) => run(state, identity, &key, command(placement), true).await,
        Err(e) => e.into_response(),
    }
}

#[utoipa::path(post, path = "/products/a/addtocart", tag = "cart",
    summary = "Add a product to the visitor's cart",
    request_body(content = AddToCartRequest, example = json!({"blainNumber": "1000000", "quantity": 1})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn add_to_cart(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<AddToCartRequest>,
) -> Response {
    add(&state, &identity, key, &r.placement, |placement| {
        CartCommand::AddItem {
            blain_number: r.blain_number,
            quantity: r.quantity,
            confirmed: r.placement.confirmed,
            agreed: r.placement.agreed,
            warranty_id: r.warranty_id,
            placement,
        }
    })
    .await
}

#[utoipa::path(post, path = "/products/a/bundletocart", tag = "cart",
    summary = "Add every component of a product's bundle",
    request_body(content = AddToCartRequest, example = json!({"blainNumber": "1000000", "quantity": 1})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn bundle_to_cart(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<AddToCartRequest>,
) -> Response {
    add(&state, &identity, key, &r.placement, |placement| {
        CartCommand::AddBundle {
            blain_number: r.blain_number,
            quantity: r.quantity,
            confirmed: r.placement.confirmed,
            agreed: r.placement.agreed,
            placement,
        }
    })
    .await
}

#[utoipa::path(post, path = "/products/a/productcomparisontocart", tag = "cart",
    summary = "Add the compared products, one of each (up to 5)",
    request_body(content = ComparisonRequest, example = json!({"blainNumbers": ["1000000", "1007919"]})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn comparison_to_cart(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(r): ApiJson<ComparisonRequest>,
) -> Response {
    add(&state, &identity, key, &r.placement, |placement| {
        CartCommand::AddComparison {
            blain_numbers: r.blain_numbers,
            confirmed: r.placement.confirmed,
            agreed: r.placement.agreed,
            placement,
        }
    })
    .await
}

#[utoipa::path(post, path = "/products/a/update-warranty", tag = "cart",
    summary = "Choose a protection plan for a cart line",
    request_body(content = WarrantyRequest),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `InvalidInput` (no warrantyId: \"Please make a selection.\").", body = kernel::http::ErrorBody),
    ))]
async fn update_warranty(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<WarrantyRequest>,
) -> Response {
    let Some(warranty_id) = request.warranty_id else {
        return ApiError::bad_request("InvalidInput", "Please make a selection.").into_response();
    };
    let command = CartCommand::UpdateWarranty {
        line_id: request.line_id,
        warranty_id,
    };
    run(&state, &identity, &key, command, false).await
}

#[utoipa::path(post, path = "/products/a/remove-warranty", tag = "cart",
    summary = "Remove a cart line's protection plan",
    request_body(content = LineRequest),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn remove_warranty(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<LineRequest>,
) -> Response {
    let command = CartCommand::RemoveWarranty {
        line_id: request.line_id,
    };
    run(&state, &identity, &key, command, false).await
}

#[utoipa::path(post, path = "/api/cart/quantity", tag = "cart",
    summary = "Change a cart line's quantity (1-999)",
    request_body(content = QuantityRequest, example = json!({"lineId": 0, "quantity": 2})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `InvalidInput` (no quantity: \"Please enter a valid number.\").", body = kernel::http::ErrorBody),
    ))]
async fn change_quantity(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<QuantityRequest>,
) -> Response {
    let Some(quantity) = request.quantity else {
        return ApiError::bad_request("InvalidInput", "Please enter a valid number.")
            .into_response();
    };
    let command = CartCommand::ChangeQuantity {
        line_id: request.line_id,
        quantity,
    };
    run(&state, &identity, &key, command, false).await
}

#[utoipa::path(post, path = "/api/cart/fulfillment", tag = "cart",
    summary = "Send a cart line another way (ship, store pickup or same-day delivery)",
    description = "Checked as an add of the whole line: a way the item can't go now answers PickupDeliveryError (or CannotAdd) with the spec's message and changes nothing. A line of the same item already going that way takes this line's quantity.",
    request_body(content = FulfillmentRequest, example = json!({"lineId": 0, "fulfillmentType": "StorePickup", "storeNum": 1})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn change_fulfillment(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<FulfillmentRequest>,
) -> Response {
    let placement = match placement(&state, &identity, &request.placement).await {
        Ok(placement) => placement,
        Err(e) => return e.into_response(),
    };
    let command = CartCommand::ChangeFulfillment {
        line_id: request.line_id,
        placement,
    };
    run(&state, &identity, &key, command, false).await
}

#[utoipa::path(post, path = "/api/cart/remove", tag = "cart",
    summary = "Remove a cart line",
    request_body(content = LineRequest, example = json!({"lineId": 0})),
    responses(
        (status = 200, description = "OK", body = CartResult),
        (status = 400, description = super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
    ))]
async fn remove_line(
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<LineRequest>,
) -> Response {
    let command = CartCommand::RemoveItem {
        line_id: request.line_id,
    };
    run(&state, &identity, &key, command, false).await
}

/// The visitor's chosen store, from the visitors read model.
async fn local_store(pool: &PgPool, visitor_id: &str) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar("SELECT store_num FROM visitors WHERE visitor_id = $1")
        .bind(visitor_id)
        .fetch_optional(pool)
        .await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        add_to_cart,
        bundle_to_cart,
        comparison_to_cart,
        update_warranty,
        remove_warranty,
        change_fulfillment,
        change_quantity,
        remove_line
    ),
    modifiers(&REPLAYS)
)]
pub(crate) struct Api;

/// Every answer but an outage may be a replay.
const REPLAYS: super::doc::Replays = super::doc::Replays(&["200", "400"]);
