//! What the catalog aggregates share: the error their `handle` returns.

use super::validate::Invalid;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    #[error("{0}")]
    Invalid(#[from] Invalid),
    #[error("{0} does not exist")]
    NotFound(&'static str),
    #[error("the command's id does not match the aggregate: {0}")]
    IdMismatch(String),
}
