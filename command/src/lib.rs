//! Write model of the storefront: aggregates, commands, events and event-store access.

pub mod cart;
pub mod catalog;
pub mod csrf;
pub mod eventstore;
pub mod http;
pub mod idempotency;
pub mod identity;
pub mod merch;
pub mod privacy;
pub mod routes;
pub mod secrets;
pub mod shopping;
pub mod staff;
pub mod validation;
