//! Gift registries as their owner and their shared link's visitors read them: the customer's
//! list, one registry with its items (each with its product's summary), and the public view a
//! shared link opens. Names are opened from the read model's sealed field with the owner's data
//! key (`projections::accounts::open_sealed`): an erased owner's registries are gone.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::catalog::products::{products_by_number, ProductSummary};
use crate::QueryState;
use kernel::http::ApiError;
use kernel::identity::Identity;

/// The 404 of a registry that is not there for the caller (another's, deleted, a bad link).
const NO_SUCH_REGISTRY: &str = "No such registry.";
/// The longest shared key looked at.
const MAX_KEY_CHARS: usize = 120;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/account/registries", get(mine))
        .route("/api/account/registries/{id}", get(one))
        .route("/api/registry/shared", get(shared))
        .with_state(state)
}

/// One of the customer's registries in their list.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistrySummary {
    pub id: String,
    pub name: String,
    /// `Wedding`, `Baby`, `Birthday`, `Holiday` or `Other`.
    pub event_type: String,
    #[schema(value_type = String, format = Date)]
    pub event_date: NaiveDate,
    pub item_count: i64,
    pub shared: bool,
    /// The shared page's path, once shared.
    #[schema(required)]
    pub share_url: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Registries {
    pub registries: Vec<RegistrySummary>,
}

/// An item of a registry.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistryItem {
    pub blain_number: String,
    /// How many are wanted.
    pub quantity: i32,
    pub added_at: DateTime<Utc>,
    /// The product as listings show it; null when it left the catalog.
    #[schema(required)]
    pub product: Option<ProductSummary>,
}

/// A registry with its items, for its owner.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistryDetails {
    pub id: String,
    pub name: String,
    pub event_type: String,
    #[schema(value_type = String, format = Date)]
    pub event_date: NaiveDate,
    pub shared: bool,
    #[schema(required)]
    pub share_url: Option<String>,
    pub items: Vec<RegistryItem>,
}

/// A shared registry as anyone with its link sees it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedRegistry {
    pub name: String,
    pub event_type: String,
    #[schema(value_type = String, format = Date)]
    pub event_date: NaiveDate,
    pub items: Vec<RegistryItem>,
}

#[derive(sqlx::FromRow)]
struct Row {
    registry_id: String,
    name: serde_json::Value,
    event_type: String,
    event_date: NaiveDate,
    shared: bool,
    created_at: DateTime<Utc>,
    item_count: i64,
}

const COLUMNS: &str = "r.registry_id, r.name, r.event_type, r.event_date, r.shared, r.created_at, \
     (SELECT count(*) FROM gift_registry_items i WHERE i.registry_id = r.registry_id) AS item_count";

fn share_url(identity: &Identity, row: &Row) -> Option<String> {
    row.shared
        .then(|| projections::model::share_url(identity.keyring(), &row.registry_id))
}

async fn name_of(pool: &PgPool, row: &Row) -> Result<String, ApiError> {
    projections::accounts::open_sealed(pool, row.name.clone())
        .await
        .map_err(ApiError::internal)
        .map(Option::unwrap_or_default)
}

async fn items_of(pool: &PgPool, registry_id: &str) -> Result<Vec<RegistryItem>, ApiError> {
    let rows: Vec<(String, i32, DateTime<Utc>)> = sqlx::query_as(
        "SELECT blain_number, quantity, added_at FROM gift_registry_items \
         WHERE registry_id = $1 ORDER BY added_at, blain_number",
    )
    .bind(registry_id)
    .fetch_all(pool)
    .await?;
    let numbers: Vec<String> = rows.iter().map(|(n, _, _)| n.clone()).collect();
    let mut products: HashMap<String, ProductSummary> = products_by_number(pool, &numbers)
        .await?
        .into_iter()
        .map(|p| (p.blain_number.clone(), p))
        .collect();
    Ok(rows
        .into_iter()
        .map(|(blain_number, quantity, added_at)| RegistryItem {
            product: products.remove(&blain_number),
            blain_number,
            quantity,
            added_at,
        })
        .collect())
}

#[utoipa::path(get, path = "/api/account/registries", tag = "accounts",
    summary = "The customer's gift registries",
    description = "Signed in. The customer's registries, the newest first, with their item counts and, once shared, their link.",
    responses(
        (status = 200, description = "The registries", body = Registries),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
    ))]
async fn mine(State(state): State<QueryState>, identity: Identity) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let rows: Vec<Row> = match sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM gift_registries r WHERE r.customer_id = $1 \
         ORDER BY r.created_at DESC, r.registry_id"
    ))
    .bind(&signed_in.customer_id)
    .fetch_all(&state.pool)
    .await
    {
        Ok(rows) => rows,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let mut registries = Vec::with_capacity(rows.len());
    for row in rows {
        let name = match name_of(&state.pool, &row).await {
            Ok(name) => name,
            Err(e) => return e.into_response(),
        };
        registries.push(RegistrySummary {
            share_url: share_url(&identity, &row),
            id: row.registry_id,
            name,
            event_type: row.event_type,
            event_date: row.event_date,
            item_count: row.item_count,
            shared: row.shared,
            created_at: row.created_at,
        });
    }
    Json(Registries { registries }).into_response()
}

#[utoipa::path(get, path = "/api/account/registries/{id}", tag = "accounts",
    summary = "One of the customer's gift registries, with its items",
    description = "Signed in; the customer's registry (another's, or none, answers 404). Items oldest first, each with its product's summary (null when the product left the catalog).",
    params(("id" = String, Path, description = "The registry id (`gr_…`)")),
    responses(
        (status = 200, description = "The registry", body = RegistryDetails),
        (status = 401, description = "Not signed in (`NotSignedIn`, 'Please sign in.').", body = kernel::http::ErrorBody),
        (status = 404, description = "Not one of the customer's registries (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn one(
    State(state): State<QueryState>,
    identity: Identity,
    Path(id): Path<String>,
) -> Response {
    let signed_in = match kernel::session::require_signed_in(&state.pool, &identity).await {
        Ok(signed_in) => signed_in,
        Err(e) => return e.into_response(),
    };
    let row: Option<Row> = match sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM gift_registries r WHERE r.registry_id = $1 AND r.customer_id = $2"
    ))
    .bind(&id)
    .bind(&signed_in.customer_id)
    .fetch_optional(&state.pool)
    .await
    {
        Ok(row) => row,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some(row) = row else {
        return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response();
    };
    let (name, items) = match (
        name_of(&state.pool, &row).await,
        items_of(&state.pool, &row.registry_id).await,
    ) {
        (Ok(name), Ok(items)) => (name, items),
        (Err(e), _) | (_, Err(e)) => return e.into_response(),
    };
    Json(RegistryDetails {
        share_url: share_url(&identity, &row),
        id: row.registry_id,
        name,
        event_type: row.event_type,
        event_date: row.event_date,
        shared: row.shared,
        items,
    })
    .into_response()
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SharedQuery {
    /// The key of the shared link (`/gift-registry/view/?key=…`); none or another: 404.
    #[serde(default)]
    pub key: Option<String>,
}

#[utoipa::path(get, path = "/api/registry/shared", tag = "accounts",
    summary = "A shared gift registry, as its link shows it",
    description = "No sign-in. The registry the link's signed key names, when its owner shared it: name, event and items. A key the store did not sign, a registry not shared, deleted or whose owner was erased: 404.",
    params(SharedQuery),
    responses(
        (status = 200, description = "The registry", body = SharedRegistry),
        (status = 404, description = "No shared registry for this key (`NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn shared(
    State(state): State<QueryState>,
    identity: Identity,
    Query(query): Query<SharedQuery>,
) -> Response {
    let key = query.key.unwrap_or_default();
    if key.len() > MAX_KEY_CHARS {
        return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response();
    }
    let Some(id) = projections::model::shared_registry(identity.keyring(), &key) else {
        return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response();
    };
    let row: Option<Row> = match sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM gift_registries r WHERE r.registry_id = $1 AND r.shared"
    ))
    .bind(id)
    .fetch_optional(&state.pool)
    .await
    {
        Ok(row) => row,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let Some(row) = row else {
        return ApiError::NotFoundMessage(NO_SUCH_REGISTRY).into_response();
    };
    let (name, items) = match (
        name_of(&state.pool, &row).await,
        items_of(&state.pool, &row.registry_id).await,
    ) {
        (Ok(name), Ok(items)) => (name, items),
        (Err(e), _) | (_, Err(e)) => return e.into_response(),
    };
    Json(SharedRegistry {
        name,
        event_type: row.event_type,
        event_date: row.event_date,
        items,
    })
    .into_response()
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(mine, one, shared))]
pub(crate) struct Api;
