//! Erasing a data subject, as a port of this crate: the erasure itself (`privacy forget`)
//! reaches read models and tracking data this crate does not know (the tracker's), so it lives
//! in the `storefront` crate (`storefront::privacy::forget_subject`) and is handed to the
//! command routes as an [`Erasure`] ('Delete my account' calls it).

use std::sync::Arc;

/// Erases everything of a subject (`em_…`): ends their subscription and their account's
/// sessions (reason `Erased`), releases the account's email claim, records `SubjectForgotten`
/// (the read models drop their rows), destroys the data key and erases the linked tracking
/// data and messages. The same path as `storefront privacy forget --email`.
#[async_trait::async_trait]
pub trait Erasure: Send + Sync {
    async fn forget_subject(&self, subject: &str) -> Result<(), ErasureError>;
}

/// Why an erasure failed (logged, never sent).
pub type ErasureError = Box<dyn std::error::Error + Send + Sync>;

pub type ErasureRef = Arc<dyn Erasure>;
