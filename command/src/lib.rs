//! Write model of the storefront: aggregates, commands, events and event-store access.

pub mod catalog;
pub mod eventstore;
pub mod http;
