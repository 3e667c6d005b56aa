//! Gift registries over HTTP (the command side): a signed-in customer makes a registry, sets
//! and removes its items, shares it by a signed link, deletes it. Every call takes the
//! anti-forgery token and answers 200 with `success` and `errorMessage` for a business outcome;
//! 401 without a session, 404 for a registry that is not the caller's (or none). The reads
//! (lists, a registry, a shared link) are the query side's (`query::accounts::registries`).

use axum::routing::post;
use chrono::NaiveDate;

use super::*;
use crate::accounts::{
    new_registry_id, share_url, Occasion, Registry, RegistryCommand, RegistryError,
    MAX_REGISTRIES_PER_CUSTOMER,
};

/// A customer at [`MAX_REGISTRIES_PER_CUSTOMER`].
pub const TOO_MANY_REGISTRIES: &str = "You can keep up to 20 registries. Please delete one first.";
/// The 404 of a registry that is not the caller's (or none).
pub const NO_SUCH_REGISTRY: &str = "No such registry.";
/// An item that is not in the catalog.
pub const UNKNOWN_PRODUCT: &str = "This item can't be added to a registry.";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/api/account/registry/create", post(create))
        .route("/api/account/registry/items", post(set_item))
        .route("/api/account/registry/items/remove", post(remove_item))
        .route("/api/account/registry/share", post(share))
        .route("/api/account/registry/delete", post(delete))
        .with_state(state)
}

/// `POST /api/account/registry/create`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRegistryRequest {
    /// 1 to 100 characters ("Jane & John's Wedding").
    #[schema(max_length = 400)]
    pub name: String,
    pub event_type: Occasion,
    /// `YYYY-MM-DD`, today to two years ahead.
    #[schema(value_type = String, format = Date)]
    pub event_date: NaiveDate,
}

/// `POST /api/account/registry/items`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetRegistryItemRequest {
    #[schema(max_length = 40)]
    pub registry_id: String,
    #[schema(max_length = 20)]
    pub blain_number: String,
    /// 1 to 99: how many are wanted (replaces the quantity of an item already there).
    #[schema(minimum = 0, maximum = 1000)]
    pub quantity: u32,
}

/// `POST /api/account/registry/items/remove`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoveRegistryItemRequest {
    #[schema(max_length = 40)]
    pub registry_id: String,
    #[schema(max_length = 20)]
    pub blain_number: String,
}

/// `POST /api/account/registry/share` and `…/delete`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistryIdRequest {
    #[schema(max_length = 40)]
    pub registry_id: String,
}

/// A registry call's answer.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistryAnswer {
    pub success: bool,
    /// Why not, in the words to show.
    #[schema(required)]
    pub error_message: Option<String>,
    /// The registry made (create).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registry_id: Option<String>,
    /// Items in the registry after the call (the item calls).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item_count: Option<usize>,
    /// The shared page's path (share).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share_url: Option<String>,
}

/// Stored for the Idempotency-Key like other commands (per visitor: a retry of a create
/// answers the registry the first made).
fn answer(answer: RegistryAnswer) -> Response {
    Json(answer).into_response()
}

fn refused(message: &str) -> Response {
    answer(RegistryAnswer {
        error_message: Some(message.to_string()),
        ..Default::default()
    })
}

/// The aggregate's refusal as an answer: its words (200), 404 for another's registry.
fn refusal(e: RegistryError) -> Response {
    match e {
        RegistryError::Invalid(message) => refused(message),
        RegistryError::NotFound | RegistryError::AlreadyExists => {
            ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response()
        }
        RegistryError::Unavailable(why) => ApiError::Unavailable(why).into_response(),
    }
}

/// Runs `command` on the registry and answers the outcome (`ok` made from the registry after).
async fn run(
    state: &CommandState,
    registry_id: &str,
    command: RegistryCommand,
    ok: impl FnOnce(&Registry) -> RegistryAnswer,
) -> Response {
    if !registry_id.starts_with("gr_") {
        return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response();
    }
    match execute::<Registry>(state, &state.sealer, registry_id, command).await {
        Ok(Ok(registry)) => answer(ok(&registry)),
        Ok(Err(e)) => refusal(e),
        Err(e) => ApiError::internal(e).into_response(),
    }
}

#[utoipa::path(post, path = "/api/account/registry/create", tag = "accounts",
    summary = "Make a gift registry",
    description = "Token header; signed in. A name (1 to 100 characters), an event type and the event's date (today to two years ahead); a field that does not pass answers `success` false with its message. The name is sealed under the customer's data key. At most 20 registries per customer. Answers the new `registryId`.",
    request_body = CreateRegistryRequest,
    responses(
        (status = 200, description = "Made, or why not", body = RegistryAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
    ))]
async fn create(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<CreateRegistryRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let owner: Result<(Option<String>, i64), _> = sqlx::query_as(
        "SELECT (SELECT email_subject FROM customers WHERE customer_id = $1), \
         (SELECT count(*) FROM gift_registries WHERE customer_id = $1)",
    )
    .bind(&signed_in.customer_id)
    .fetch_one(&state.pool)
    .await;
    let subject = match owner {
        Ok((Some(subject), held)) if held < MAX_REGISTRIES_PER_CUSTOMER => subject,
        Ok((Some(_), _)) => return refused(TOO_MANY_REGISTRIES),
        Ok((None, _)) => return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response(),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let registry_id = new_registry_id();
    let command = RegistryCommand::Create {
        owner: signed_in.customer_id,
        subject,
        name: request.name,
        event_type: request.event_type,
        event_date: request.event_date,
        today: chrono::Utc::now().date_naive(),
    };
    let made = registry_id.clone();
    run(&state, &registry_id, command, move |_| RegistryAnswer {
        success: true,
        registry_id: Some(made),
        ..Default::default()
    })
    .await
}

#[utoipa::path(post, path = "/api/account/registry/items", tag = "accounts",
    summary = "Put an item on a registry, or change how many are wanted",
    description = "Token header; signed in; the customer's registry. `quantity` 1 to 99 (else `success` false, 'Please enter a quantity from 1 to 99.'); an item not in the catalog answers 'This item can't be added to a registry.'; at most 200 items. Answers `itemCount`.",
    request_body = SetRegistryItemRequest,
    responses(
        (status = 200, description = "Set, or why not", body = RegistryAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's registries (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn set_item(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<SetRegistryItemRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let Ok(blain) = kernel::values::BlainNumber::parse(&request.blain_number) else {
        return refused(UNKNOWN_PRODUCT);
    };
    let known: Result<bool, _> =
        sqlx::query_scalar("SELECT exists(SELECT 1 FROM products WHERE blain_number = $1)")
            .bind(blain.as_str())
            .fetch_one(&state.pool)
            .await;
    match known {
        Ok(true) => {}
        Ok(false) => return refused(UNKNOWN_PRODUCT),
        Err(e) => return ApiError::from(e).into_response(),
    }
    let command = RegistryCommand::SetItem {
        owner: signed_in.customer_id,
        blain_number: blain.as_str().to_string(),
        quantity: request.quantity,
    };
    run(&state, &request.registry_id, command, counted).await
}

/// A success with the registry's item count.
fn counted(registry: &Registry) -> RegistryAnswer {
    RegistryAnswer {
        success: true,
        item_count: Some(registry.items.len()),
        ..Default::default()
    }
}

#[utoipa::path(post, path = "/api/account/registry/items/remove", tag = "accounts",
    summary = "Take an item off a registry",
    description = "Token header; signed in; the customer's registry. An item that is not on it changes nothing. Answers `itemCount`.",
    request_body = RemoveRegistryItemRequest,
    responses(
        (status = 200, description = "Removed (or was not there)", body = RegistryAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's registries (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn remove_item(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<RemoveRegistryItemRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let command = RegistryCommand::RemoveItem {
        owner: signed_in.customer_id,
        blain_number: request.blain_number,
    };
    run(&state, &request.registry_id, command, counted).await
}

#[utoipa::path(post, path = "/api/account/registry/share", tag = "accounts",
    summary = "Share a registry by link",
    description = "Token header; signed in; the customer's registry. From now on anyone with its link sees it (name, event, items) at `shareUrl` (`/gift-registry/view/?key=…`: the id signed with the store's keys, so no other registry's link can be made from it).",
    request_body = RegistryIdRequest,
    responses(
        (status = 200, description = "Shared, with its link", body = RegistryAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's registries (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn share(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<RegistryIdRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let command = RegistryCommand::Share {
        owner: signed_in.customer_id,
    };
    let url = share_url(identity.keyring(), &request.registry_id);
    run(&state, &request.registry_id, command, move |_| {
        RegistryAnswer {
            success: true,
            share_url: Some(url),
            ..Default::default()
        }
    })
    .await
}

#[utoipa::path(post, path = "/api/account/registry/delete", tag = "accounts",
    summary = "Delete a registry",
    description = "Token header; signed in; the customer's registry. It and its items are gone; its shared link stops working.",
    request_body = RegistryIdRequest,
    responses(
        (status = 200, description = "Deleted", body = RegistryAnswer),
        (status = 400, description = crate::routes::doc::BAD_REQUEST, body = kernel::http::ErrorBody),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::NO_ANTI_FORGERY_TOKEN, body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's registries (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn delete(
    _token: AntiForgery,
    State(state): State<CommandState>,
    identity: Identity,
    ApiJson(request): ApiJson<RegistryIdRequest>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let command = RegistryCommand::Delete {
        owner: signed_in.customer_id,
    };
    run(&state, &request.registry_id, command, |_| RegistryAnswer {
        success: true,
        ..Default::default()
    })
    .await
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(create, set_item, remove_item, share, delete))]
pub(crate) struct Api;
