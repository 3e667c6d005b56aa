//! Shopping cart context: guests' carts (id in a cookie) and, later, customers' carts.

pub mod aggregate;
pub mod catalog_pg;
pub mod commands;
pub mod events;
pub mod services;

#[cfg(test)]
mod tests;

pub use aggregate::*;
pub use commands::*;
pub use events::*;
pub use services::*;

/// The most lines a cart holds; one more is refused with `MaxLines`.
pub const MAX_LINES: usize = 100;
/// Quantities per line are 1 to 999 (the spec's 3-digit quantity mask).
pub const MAX_QUANTITY: i32 = 999;
