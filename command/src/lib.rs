//! Write model of the storefront: aggregates, commands, events and event-store access.

pub mod accounts;
pub mod cart;
pub mod catalog;
pub mod eventstore;
pub mod merch;
pub mod notify;
pub mod ordering;
pub mod outbound;
pub mod privacy;
pub mod reviews;
pub mod rewards;
pub mod routes;
pub mod shopping;

use cqrs_es::persist::EventUpcaster;

/// Every context's upcasters, the list the event store applies when it reads an older event
/// version (`eventstore::decode`). A context with a superseded version adds its list here.
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    let mut all = catalog::upcasters();
    all.extend(shopping::upcasters());
    all.extend(ordering::upcasters());
    all
}
