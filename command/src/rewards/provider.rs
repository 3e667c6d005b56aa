//! The rewards provider port (the spec's 'SessionM'): where rewards accounts live. The store
//! runs with [`super::local::LocalProvider`], which keeps them in our own event store; another
//! loyalty system would be a second adapter. A failure of the provider is a
//! [`ProviderError`]: calls answer SESSION_M_ERROR (5) and report it
//! (`ProviderStatus::SessionProviderError`).

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::member::JoinedAt;
use super::ProviderStatus;

/// How a member is looked up: by the phone's keyed hash, the email's subject, or the number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lookup {
    PhoneKey(String),
    EmailSubject(String),
    Number(String),
}

/// A member as the provider holds it, contact details opened (never logged: `Debug` hides them).
#[derive(Clone, PartialEq, Eq)]
pub struct MemberRecord {
    pub rewards_number: String,
    pub customer_id: Option<String>,
    /// Ten digits, or none when erased.
    pub phone: Option<String>,
    pub email: Option<String>,
    pub joined_at: JoinedAt,
}

impl std::fmt::Debug for MemberRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MemberRecord")
            .field("customer_id", &self.customer_id)
            .field("joined_at", &self.joined_at)
            .finish_non_exhaustive()
    }
}

/// A new membership.
#[derive(Clone)]
pub struct Enrolment {
    /// Ten digits.
    pub phone: String,
    pub email: Option<String>,
    pub customer_id: Option<String>,
    pub joined_at: JoinedAt,
    pub now: DateTime<Utc>,
}

/// What an enrolment did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Enrolled {
    Created(MemberRecord),
    /// The phone already belongs to this member (a race lost, or joined before).
    PhoneTaken(MemberRecord),
}

/// The provider could not be reached or failed: SESSION_M_ERROR.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the rewards provider failed: {0}")]
pub struct ProviderError(pub String);

impl ProviderError {
    pub fn new(e: impl std::fmt::Display) -> Self {
        ProviderError(e.to_string())
    }
}

#[async_trait::async_trait]
pub trait RewardsProvider: Send + Sync {
    /// The member this phone, email or number leads to, if any.
    async fn find(&self, by: &Lookup) -> Result<Option<MemberRecord>, ProviderError>;
    /// The member linked to this customer, if any.
    async fn of_customer(&self, customer_id: &str) -> Result<Option<MemberRecord>, ProviderError>;
    /// Opens a membership by phone; one per phone, also under racing joins.
    async fn enrol(&self, enrolment: Enrolment) -> Result<Enrolled, ProviderError>;
    /// Connects a membership to a customer: `NoError`, `AlreadyLinked` (another customer's) or
    /// `NotFound`.
    async fn link(
        &self,
        rewards_number: &str,
        customer_id: &str,
        now: DateTime<Utc>,
    ) -> Result<ProviderStatus, ProviderError>;
}

pub type ProviderRef = Arc<dyn RewardsProvider>;
