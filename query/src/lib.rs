//! HTTP handlers for reads. Each resource has its own `router()`; [`router`] merges them.

pub mod catalog;

use axum::Router;
use sqlx::PgPool;

/// What read handlers need.
#[derive(Clone)]
pub struct QueryState {
    pub pool: PgPool,
}

pub fn router(state: QueryState) -> Router {
    Router::new().merge(catalog::router(state))
}
