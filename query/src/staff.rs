//! Who the member of staff is (`GET /api/staff/me`): the staff console's first call, to show
//! the navigation of their roles (or its sign-in and 403 pages).

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use crate::QueryState;
use kernel::staff::{AnyStaff, Role, Staff};

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/me", get(me))
        .with_state(state)
}

/// The member of staff acting.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMe {
    /// Their staff id: a customer id (`cu_…`) for a person signed in to their account, the
    /// token's staff id for a machine.
    pub staff_id: String,
    /// A person's first name (from their account); none for a machine's token.
    pub first_name: Option<String>,
    /// `merchandiser`, `analyst`, `operator`, `associate`, in that order.
    pub roles: Vec<String>,
}

#[utoipa::path(get, path = "/api/staff/me", tag = "staff",
    summary = "The member of staff and their roles",
    responses(
        (status = 200, description = "Signed in with staff roles (or a staff token)", body = StaffMe),
        (status = 401, description = "No staff credentials: 'Please sign in as staff.'", body = kernel::http::ErrorBody),
        (status = 403, description = "Signed in without staff roles", body = kernel::http::ErrorBody),
    ))]
async fn me(State(state): State<QueryState>, staff: Staff<AnyStaff>) -> Response {
    let roles = Role::ALL
        .iter()
        .filter(|r| staff.member.has(**r))
        .map(|r| r.name().to_string())
        .collect();
    let first_name = match projections::accounts::first_name(&state.pool, staff.id()).await {
        Ok(name) => name,
        Err(e) => return kernel::http::ApiError::internal(e).into_response(),
    };
    Json(StaffMe {
        staff_id: staff.id().to_string(),
        first_name,
        roles,
    })
    .into_response()
}

#[derive(utoipa::OpenApi)]
#[openapi(paths(me))]
pub(crate) struct Api;
