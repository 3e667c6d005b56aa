//! Small shopping aggregates: newsletter subscriptions and visitors (their local store).

pub mod subscription;
pub mod visitor;
