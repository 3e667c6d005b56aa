//! Small shopping aggregates: newsletter subscriptions and visitors (their local store).

pub mod subscription;
pub mod visitor;

use cqrs_es::persist::EventUpcaster;

/// The shopping context's upcasters, one per superseded event version (beside their events).
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    vec![Box::new(subscription::SubscribedV2)]
}
