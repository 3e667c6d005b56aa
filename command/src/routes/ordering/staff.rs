//! An associate's changes to an order (`/api/staff/orders/…`, role `associate`): ready for
//! pickup, picked up, shipped, delivered, cancelled, lines returned. Each is an event with the
//! staff id; what it owes (mail, stock, refund, points) follows once.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use chrono::Utc;
use serde::{Deserialize, Serialize};

use super::super::CommandState;
use crate::ordering::process;
use crate::ordering::{OrderCommand, OrderError, OrderStatus};
use kernel::http::{ApiError, ApiJson};
use kernel::staff::{Associate, Staff};

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/orders/ready", post(ready))
        .route("/api/staff/orders/picked-up", post(picked_up))
        .route("/api/staff/orders/ship", post(ship))
        .route("/api/staff/orders/deliver", post(deliver))
        .route("/api/staff/orders/cancel", post(cancel))
        .route("/api/staff/orders/return", post(return_lines))
        .with_state(state)
}

pub const NO_SUCH_ORDER: &str = "No such order.";

impl From<OrderError> for ApiError {
    fn from(e: OrderError) -> Self {
        match e {
            OrderError::NotFound => ApiError::NotFoundMessage(NO_SUCH_ORDER),
            OrderError::NotNow(m) => ApiError::refused(StatusCode::CONFLICT, "NotNow", m),
            other => ApiError::refused(
                StatusCode::UNPROCESSABLE_ENTITY,
                "InvalidInput",
                other.to_string(),
            ),
        }
    }
}

/// An order to change.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderRequest {
    #[schema(max_length = 20)]
    pub order_no: String,
}

/// An order to cancel, and why.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelOrderRequest {
    #[schema(max_length = 20)]
    pub order_no: String,
    /// Shown to staff only ("Customer asked", "Not picked up in 7 days").
    #[serde(default)]
    #[schema(max_length = 200)]
    pub reason: Option<String>,
}

/// Lines of an order brought back.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReturnLinesRequest {
    #[schema(max_length = 20)]
    pub order_no: String,
    /// The order's line numbers (1, 2, …); each is returned whole.
    #[schema(max_items = 100)]
    pub line_nos: Vec<u32>,
}

/// The order after the change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderChanged {
    pub success: bool,
    pub order_no: String,
    pub status: OrderStatus,
}

fn bounded(order_no: &str) -> Result<&str, ApiError> {
    kernel::validation::order_number(order_no).ok_or(ApiError::NotFoundMessage(NO_SUCH_ORDER))
}

async fn change(
    state: &CommandState,
    staff: &Staff<Associate>,
    order_no: &str,
    command: OrderCommand,
) -> Response {
    let order_no = match bounded(order_no) {
        Ok(n) => n,
        Err(e) => return e.into_response(),
    };
    match process::advance(&state.ordering(), order_no, command, Some(staff.id())).await {
        Ok(Ok(order)) => Json(OrderChanged {
            success: true,
            order_no: order_no.to_string(),
            status: order.status,
        })
        .into_response(),
        Ok(Err(e)) => ApiError::from(e).into_response(),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

macro_rules! status_change {
    ($name:ident, $path:literal, $summary:literal, $command:ident) => {
        #[utoipa::path(post, path = $path, tag = "ordering",
            summary = $summary,
            request_body(content = OrderRequest, example = json!({"orderNo": "100000001"})),
            responses(
                (status = 200, description = "Changed; its mail, stock and refunds follow once", body = OrderChanged),
                (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
                (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
                (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
                (status = 404, description = "'No such order.'", body = kernel::http::ErrorBody),
                (status = 409, description = "`NotNow`: the order's status does not allow it (the message says which status does)", body = kernel::http::ErrorBody),
            ))]
        async fn $name(
            State(state): State<CommandState>,
            staff: Staff<Associate>,
            ApiJson(r): ApiJson<OrderRequest>,
        ) -> Response {
            let by = Some(staff.id().to_string());
            let command = OrderCommand::$command { at: Utc::now(), by };
            change(&state, &staff, &r.order_no, command).await
        }
    };
}

status_change!(
    ready,
    "/api/staff/orders/ready",
    "Mark an order ready for pickup",
    MarkReady
);
status_change!(
    picked_up,
    "/api/staff/orders/picked-up",
    "Mark an order picked up",
    MarkPickedUp
);
status_change!(
    ship,
    "/api/staff/orders/ship",
    "Mark an order shipped",
    Ship
);
status_change!(
    deliver,
    "/api/staff/orders/deliver",
    "Mark an order delivered",
    Deliver
);

#[utoipa::path(post, path = "/api/staff/orders/cancel", tag = "ordering",
    summary = "Cancel an order before it is handed over",
    description = "Releases its stock, voids the authorisation or refunds the capture, reverses its rewards points and mails the customer, each once.",
    request_body(content = CancelOrderRequest),
    responses(
        (status = 200, description = "Cancelled", body = OrderChanged),
        (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
        (status = 404, description = "'No such order.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`NotNow`: already cancelled, or handed over (return its items instead)", body = kernel::http::ErrorBody),
    ))]
async fn cancel(
    State(state): State<CommandState>,
    staff: Staff<Associate>,
    ApiJson(r): ApiJson<CancelOrderRequest>,
) -> Response {
    let reason: String = r
        .reason
        .unwrap_or_default()
        .trim()
        .chars()
        .take(200)
        .collect();
    let command = OrderCommand::Cancel {
        at: Utc::now(),
        by: Some(staff.id().to_string()),
        reason,
    };
    change(&state, &staff, &r.order_no, command).await
}

#[utoipa::path(post, path = "/api/staff/orders/return", tag = "ordering",
    summary = "Take back whole lines of an order that was handed over",
    description = "Refunds each line's price and its share of the tax, and reverses the line's rewards points, each once.",
    request_body(content = ReturnLinesRequest, example = json!({"orderNo": "100000001", "lineNos": [1]})),
    responses(
        (status = 200, description = "Returned", body = OrderChanged),
        (status = 400, description = super::super::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "No staff credentials", body = kernel::http::ErrorBody),
        (status = 403, description = "Not an associate", body = kernel::http::ErrorBody),
        (status = 404, description = "'No such order.'", body = kernel::http::ErrorBody),
        (status = 409, description = "`NotNow`: not handed over yet", body = kernel::http::ErrorBody),
        (status = 422, description = "`InvalidInput`: no such line, or returned already", body = kernel::http::ErrorBody),
    ))]
async fn return_lines(
    State(state): State<CommandState>,
    staff: Staff<Associate>,
    ApiJson(r): ApiJson<ReturnLinesRequest>,
) -> Response {
    if r.line_nos.len() > 100 {
        return ApiError::refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "InvalidInput",
            "Please choose at most 100 lines.",
        )
        .into_response();
    }
    let command = OrderCommand::ReturnLines {
        line_nos: r.line_nos,
        at: Utc::now(),
        by: Some(staff.id().to_string()),
    };
    change(&state, &staff, &r.order_no, command).await
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(ready, picked_up, ship, deliver, cancel, return_lines))]
pub(crate) struct Api;
