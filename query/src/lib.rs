//! HTTP handlers for reads. Each resource has its own `router()`; [`router`] merges them.

pub mod accounts;
pub mod autocomplete;
pub mod cart;
pub mod catalog;
pub mod compare;
pub mod explain;
pub mod header;
pub mod home;
pub mod hours;
pub mod html;
pub mod images;
pub mod listing;
pub mod params;
pub mod passkeys;
pub mod popularity;
pub mod products;
pub mod rebuilt;
pub mod recommendations;
pub mod reindex;
pub mod search;
pub mod stock;
pub mod stores;
pub mod tires;
pub mod visitor;

use axum::Router;
use sqlx::PgPool;

/// What read handlers need, behind one `Arc` (`kernel::state::Shared`).
pub type QueryState = kernel::state::Shared<QueryParts>;

/// The parts of [`QueryState`].
pub struct QueryParts {
    pub pool: PgPool,
    /// This process's search index.
    pub search: std::sync::Arc<search_indexer::SearchEngine>,
    /// Who may call staff reads and commands (merchandisers).
    pub staff: std::sync::Arc<kernel::staff::StaffTokens>,
    /// Popular searches from analytics (autocomplete).
    pub popular: std::sync::Arc<autocomplete::PopularSearches>,
    /// The home page's answer, built at most once per `home::HOME_TTL`.
    pub home: std::sync::Arc<home::HomeCache>,
    /// The header's shared parts, built once per catalog change.
    pub header: std::sync::Arc<header::HeaderCache>,
    /// Every store and the ZIP centroids asked so far, reloaded on catalog changes.
    pub stores: std::sync::Arc<stores::StoreDirectory>,
}

impl kernel::state::HasStaffTokens for QueryParts {
    fn staff_tokens(&self) -> &std::sync::Arc<kernel::staff::StaffTokens> {
        &self.staff
    }
}

/// The read side's staff operations, all under `/api/staff/…` (reindex, explain, rule explain,
/// the popular lists' blocklists).
pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .merge(reindex::staff_router(state.clone()))
        .merge(explain::staff_router(state.clone()))
        .merge(popularity::staff_router(state.clone()))
        .merge(recommendations::staff_router(state))
}

pub fn router(state: QueryState) -> Router {
    Router::new()
        .merge(accounts::router(state.clone()))
        .merge(passkeys::router(state.clone()))
        .merge(catalog::router(state.clone()))
        .merge(stores::router(state.clone()))
        .merge(products::router(state.clone()))
        .merge(tires::router(state.clone()))
        .merge(listing::router(state.clone()))
        .merge(header::router(state.clone()))
        .merge(home::router(state.clone()))
        .merge(cart::router(state.clone()))
        .merge(autocomplete::router(state.clone()))
        .merge(search::router(state.clone()))
        .merge(compare::router(state.clone()))
        .merge(explain::router(state.clone()))
        .merge(reindex::router(state.clone()))
        .merge(recommendations::router(state.clone()))
        .merge(images::router(state.clone()))
}

/// This crate's operations and the schemas they use, for the OpenAPI document the binary
/// assembles (`storefront openapi`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let mut doc = accounts::Api::openapi();
    doc.merge(passkeys::Api::openapi());
    doc.merge(catalog::Api::openapi());
    doc.merge(stores::Api::openapi());
    doc.merge(products::Api::openapi());
    doc.merge(tires::Api::openapi());
    doc.merge(listing::Api::openapi());
    doc.merge(header::Api::openapi());
    doc.merge(home::Api::openapi());
    doc.merge(cart::Api::openapi());
    doc.merge(images::Api::openapi());
    doc.merge(autocomplete::Api::openapi());
    doc.merge(search::Api::openapi());
    doc.merge(compare::Api::openapi());
    doc.merge(explain::Api::openapi());
    doc.merge(reindex::Api::openapi());
    doc.merge(recommendations::Api::openapi());
    doc.merge(popularity::Api::openapi());
    doc
}
