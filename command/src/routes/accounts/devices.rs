//! The devices signed in to an account: ending one from the device list.

use super::*;

/// Which session to end, by the `id` the device list shows.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct EndSessionRequest {
    #[schema(max_length = 100)]
    pub id: String,
}

#[utoipa::path(post, path = "/api/account/sessions/end", tag = "accounts",
    summary = "End one of the devices signed in to this account",
    description = "Token header. Ends the customer's session `id` (from `GET /api/account/sessions`): that browser is signed out at its next request. Ending the current session signs this browser out too. An id that is not one of the customer's open sessions answers `success` false and changes nothing.",
    request_body = EndSessionRequest,
    responses(
        (status = 200, description = "Ended (`success` true) or not one of the customer's open sessions (`success` false)", body = crate::routes::Success),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
    ))]
pub(super) async fn end_device_session(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<EndSessionRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let owned: Result<bool, _> = sqlx::query_scalar(
        "SELECT exists(SELECT 1 FROM customer_sessions WHERE session_key = $1 \
         AND customer_id = $2 AND ended_at IS NULL)",
    )
    .bind(&request.id)
    .bind(&signed_in.customer_id)
    .fetch_one(&state.pool)
    .await;
    match owned {
        Ok(true) => {}
        Ok(false) => return unstored(Json(crate::routes::Success::FALSE).into_response()),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let end = SessionCommand::End {
        reason: SessionEndReason::EndedFromDeviceList,
    };
    if let Err(e) = execute::<Session>(&state, &(), &request.id, end).await {
        return ApiError::internal(e).into_response();
    }
    let mut response = unstored(Json(crate::routes::Success::TRUE).into_response());
    if request.id == signed_in.session_key {
        response.extensions_mut().insert(SessionGrant::End);
    }
    response
}
