//! What the catalog aggregates share: the error their `handle` returns.

use super::validate::Invalid;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    #[error("{0}")]
    Invalid(#[from] Invalid),
    #[error("{0} does not exist")]
    NotFound(&'static str),
    /// Fewer units are available than an order asks for (`available` of them).
    #[error("only {available} available")]
    OutOfStock { available: i32 },
    #[error("the command's id does not match the aggregate: {0}")]
    IdMismatch(String),
}
