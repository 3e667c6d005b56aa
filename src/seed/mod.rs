//! The deterministic demo catalog: a department tree of a farm, home and auto retailer
//! (`data.rs`), the real-town stores of `infra/data/stores.json`, and any number of products
//! with inventory, generated from the index alone with our own PRNG, so product `i` is the
//! same whatever the count and whatever the versions of our dependencies.

mod data;
mod generate;
mod spec;

pub use generate::{
    checksum, departments, products, static_catalog, Checksum, SeedProduct, StaticCatalog,
};
