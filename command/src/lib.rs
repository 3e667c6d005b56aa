//! Write model of the storefront: aggregates, commands, events and event-store access.

pub mod cart;
pub mod catalog;
pub mod eventstore;
pub mod merch;
pub mod privacy;
pub mod routes;
pub mod shopping;
