//! The shopper's own choices over HTTP: the newsletter subscription and the chosen store.

pub mod newsletter;
pub mod stores;
