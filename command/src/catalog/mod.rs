//! Catalog context: departments, products, stores, inventory, site messages and site content.
//!
//! One file per aggregate: `handle` decides (validates, skips no-op upserts), `apply` only
//! mutates. They share [`CatalogError`] (`error.rs`), the commands, events, model and checks.

pub mod commands;
pub mod department;
pub mod error;
pub mod events;
pub mod inventory;
pub mod model;
pub mod product;
pub mod site_content;
pub mod site_message;
pub mod store;
pub mod validate;

#[cfg(test)]
mod tests;

pub use commands::*;
pub use department::Department;
pub use error::CatalogError;
pub use events::*;
pub use inventory::Inventory;
pub use model::*;
pub use product::Product;
pub use site_content::{SiteContent, SITE_CONTENT_ID};
pub use site_message::SiteMessage;
pub use store::Store;

use cqrs_es::persist::EventUpcaster;

/// The catalog's upcasters, one per superseded event version (see `events.rs`).
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    // In order: a 1.0 event goes through both.
    vec![Box::new(ProductUpsertedV2), Box::new(ProductUpsertedV3)]
}
