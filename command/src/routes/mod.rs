//! HTTP handlers of the write side (POST commands), one `router()` per resource.

pub mod cart;
pub mod log;
pub mod merch;
pub mod newsletter;
pub mod popular;
pub mod stores;

use std::sync::Arc;

use axum::Router;
use sqlx::PgPool;

use axum::response::{IntoResponse, Response};
use cqrs_es::Aggregate;
use kernel::http::ApiError;
use kernel::idempotency::StoredAnswer;

use crate::cart::CartServices;
use crate::eventstore::{Executed, Idempotent, InlineProjection, StoreError};

/// What command handlers need, behind one `Arc`: axum hands every request a copy, which is then one
/// reference count instead of one per part.
#[derive(Clone)]
pub struct CommandState(std::sync::Arc<CommandParts>);

impl std::ops::Deref for CommandState {
    type Target = CommandParts;

    fn deref(&self) -> &CommandParts {
        &self.0
    }
}

impl From<CommandParts> for CommandState {
    fn from(parts: CommandParts) -> Self {
        Self(std::sync::Arc::new(parts))
    }
}

/// The parts of [`CommandState`].
pub struct CommandParts {
    pub pool: PgPool,
    pub cart_services: CartServices,
    /// Read models updated in the appending transaction (carts, visitors, pins).
    pub inline: Arc<dyn InlineProjection>,
    /// Seals personal fields under their subject's data key (docs/privacy.md).
    pub sealer: crate::privacy::vault::SealerRef,
    /// Who may call staff commands (merchandisers).
    pub staff: Arc<kernel::staff::StaffTokens>,
    /// When client errors were last purged (`log`).
    pub purge_clock: log::PurgeClock,
}

impl axum::extract::FromRef<CommandState> for Arc<kernel::staff::StaffTokens> {
    fn from_ref(state: &CommandState) -> Self {
        state.staff.clone()
    }
}

pub fn router(state: CommandState) -> Router {
    Router::new()
        .merge(cart::router(state.clone()))
        .merge(newsletter::router(state.clone()))
        .merge(stores::router(state.clone()))
        .merge(merch::router(state.clone()))
        .merge(log::router(state))
}

/// The write side's staff operations, all under `/api/staff/…`.
pub fn staff_router(state: CommandState) -> Router {
    merch::staff_router(state.clone()).merge(popular::staff_router(state))
}

/// One way to answer a command run by `eventstore::Run::one`: a key seen before replays its
/// stored answer (or refuses the key's reuse); a fresh run answers what it stored with its
/// events, else `answer` of the aggregate after it, else the aggregate's refusal as its
/// `From<…> for ApiError` maps it. A failure of the event store is an internal error (details
/// logged, never sent).
pub fn respond<A: Aggregate>(
    result: Result<Idempotent<A>, StoreError>,
    answer: impl FnOnce(&A, &Result<usize, A::Error>) -> Option<StoredAnswer>,
) -> Response
where
    ApiError: From<A::Error>,
{
    match result {
        Ok(Idempotent::Seen(seen)) => seen
            .into_response()
            .unwrap_or_else(|| ApiError::internal("seen key without answer").into_response()),
        Ok(Idempotent::Fresh(Executed { aggregate, outcome }, stored)) => {
            match stored.or_else(|| answer(&aggregate, &outcome)) {
                Some(stored) => stored.into_fresh_response(),
                None => match outcome {
                    Err(e) => ApiError::from(e).into_response(),
                    Ok(_) => ApiError::internal("no answer").into_response(),
                },
            }
        }
        Err(e) => ApiError::internal(e).into_response(),
    }
}
