//! Event → read-model projections, the outbox relay and the Kafka bus.

pub mod bus;
pub mod catalog;
pub mod deadletters;
pub mod engine;
pub mod envelope;
pub mod lograte;
pub mod merch;
pub mod relay;
pub mod runner;
pub mod shopping;
pub mod verify;
