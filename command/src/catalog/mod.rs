//! Catalog context: departments, products, stores, inventory, site messages and site content.

pub mod aggregate;
pub mod commands;
pub mod events;
pub mod model;
pub mod validate;

#[cfg(test)]
mod tests;

pub use aggregate::*;
pub use commands::*;
pub use events::*;
pub use model::*;
