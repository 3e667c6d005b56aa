//! HTTP handlers for reads, by context as in the other layers: `accounts/` (devices, passkeys),
//! `cart`, `catalog/` (departments, products, listings, tires, pictures, home, stock labels),
//! `search/` (search, suggestions, compare, explain, recommendations, reindex, popularity),
//! `shopping/` (the header, the visitor's store), `stores/`; `params`, `html` and `rebuilt` are
//! what they share. Each resource has its own `router()`; [`router`] merges them.

pub mod accounts;
pub mod cart;
pub mod catalog;
pub mod html;
pub mod ordering;
pub mod params;
pub mod rebuilt;
pub mod reviews;
pub mod search;
pub mod seo;
pub mod shopping;
pub mod sitemap;
pub mod staff;
pub mod stores;
pub mod tax_exemption;

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
    pub popular: std::sync::Arc<search::autocomplete::PopularSearches>,
    /// The home page's answer, built at most once per `catalog::home::HOME_TTL`.
    pub home: std::sync::Arc<catalog::home::HomeCache>,
    /// The header's shared parts, built once per catalog change.
    pub header: std::sync::Arc<shopping::header::HeaderCache>,
    /// Every store and the ZIP centroids asked so far, reloaded on catalog changes.
    pub stores: std::sync::Arc<stores::StoreDirectory>,
    /// Days a sale's rewards points stay pending (`REWARDS_RETURN_WINDOW_DAYS`).
    pub rewards_return_window_days: i64,
    /// The store's address as shoppers reach it (`PUBLIC_URL`): absolute URLs of sitemaps.
    pub public_url: String,
    /// The app's fixed page paths (`web/dist/routes.json`), when the build has them.
    pub site_pages: std::sync::Arc<Option<std::collections::HashSet<String>>>,
    /// The sitemap index's chunks, rebuilt once per catalog change.
    pub sitemaps: std::sync::Arc<sitemap::SitemapCache>,
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
        .merge(search::reindex::staff_router(state.clone()))
        .merge(search::explain::staff_router(state.clone()))
        .merge(search::popularity::staff_router(state.clone()))
        .merge(search::synonyms::staff_router(state.clone()))
        .merge(search::audit::staff_router(state.clone()))
        .merge(search::audit::pins_router(state.clone()))
        .merge(search::recommendations::staff_router(state.clone()))
        .merge(ordering::staff_router(state.clone()))
        .merge(tax_exemption::staff_router(state.clone()))
        .merge(reviews::staff_router(state.clone()))
        .merge(staff::staff_router(state))
}

pub fn router(state: QueryState) -> Router {
    Router::new()
        .merge(accounts::router(state.clone()))
        .merge(accounts::passkeys::router(state.clone()))
        .merge(accounts::sign_ins::router(state.clone()))
        .merge(accounts::rewards::router(state.clone()))
        .merge(accounts::registries::router(state.clone()))
        .merge(catalog::router(state.clone()))
        .merge(stores::router(state.clone()))
        .merge(catalog::products::router(state.clone()))
        .merge(reviews::router(state.clone()))
        .merge(catalog::tires::router(state.clone()))
        .merge(catalog::listing::router(state.clone()))
        .merge(shopping::header::router(state.clone()))
        .merge(catalog::home::router(state.clone()))
        .merge(cart::router(state.clone()))
        .merge(ordering::router(state.clone()))
        .merge(tax_exemption::router(state.clone()))
        .merge(seo::router(state.clone()))
        .merge(sitemap::router(state.clone()))
        .merge(search::autocomplete::router(state.clone()))
        .merge(search::router(state.clone()))
        .merge(search::compare::router(state.clone()))
        .merge(search::explain::router(state.clone()))
        .merge(search::reindex::router(state.clone()))
        .merge(search::recommendations::router(state.clone()))
        .merge(catalog::images::router(state.clone()))
}

/// This crate's operations and the schemas they use, for the OpenAPI document the binary
/// assembles (`storefront openapi`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    use utoipa::OpenApi;
    let mut doc = accounts::Api::openapi();
    doc.merge(accounts::passkeys::Api::openapi());
    doc.merge(accounts::sign_ins::Api::openapi());
    doc.merge(seo::Api::openapi());
    doc.merge(sitemap::Api::openapi());
    doc.merge(accounts::rewards::Api::openapi());
    doc.merge(accounts::registries::Api::openapi());
    doc.merge(catalog::Api::openapi());
    doc.merge(stores::Api::openapi());
    doc.merge(catalog::products::Api::openapi());
    doc.merge(catalog::tires::Api::openapi());
    doc.merge(catalog::listing::Api::openapi());
    doc.merge(shopping::header::Api::openapi());
    doc.merge(catalog::home::Api::openapi());
    doc.merge(cart::Api::openapi());
    doc.merge(ordering::Api::openapi());
    doc.merge(tax_exemption::Api::openapi());
    doc.merge(reviews::Api::openapi());
    doc.merge(staff::Api::openapi());
    doc.merge(catalog::images::Api::openapi());
    doc.merge(search::autocomplete::Api::openapi());
    doc.merge(search::synonyms::Api::openapi());
    doc.merge(search::audit::Api::openapi());
    doc.merge(search::Api::openapi());
    doc.merge(search::compare::Api::openapi());
    doc.merge(search::explain::Api::openapi());
    doc.merge(search::reindex::Api::openapi());
    doc.merge(search::recommendations::Api::openapi());
    doc.merge(search::popularity::Api::openapi());
    doc
}
