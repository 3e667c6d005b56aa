//! Event → read-model projections, the outbox relay and the Kafka bus.

pub mod accounts;
pub mod bus;
pub mod catalog;
pub mod deadletters;
pub mod engine;
pub mod envelope;
pub mod lograte;
pub mod merch;
pub mod ordering;
pub mod registries;
pub mod registry;
pub mod relay;
pub mod reviews;
pub mod rewards;
pub mod runner;
pub mod shopping;
pub mod verify;

/// The write side's value types that read models are made of (catalog hours, attributes,
/// warranties, the pin boards' names), for the read side to name without depending on the
/// write side's crate.
pub mod model {
    pub use command::accounts::registry::{share_url, shared_registry};
    pub use command::cart::command_types::FulfillmentType;
    pub use command::catalog;
    pub use command::merch::pinboard;
    pub use command::ordering::exemption::last4 as certificate_last4;
    pub use command::ordering::process::{how, price, tax_exempt};
    pub use command::ordering::{
        confirmation_url, confirmed_order, pricing, sales, CardSummary, ExemptionKind,
        ExemptionStatus, OrderLine, OrderStatus,
    };
    pub use command::privacy::keys as privacy_keys;
    pub use command::reviews;
    pub use command::rewards::{codes as reward_codes, ledger, mask};
}
