use crate::privacy::Sealed;

use super::events::{HoldReason, ReportReason};

// One write per request: its size costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum ReviewCommand {
    /// Writes the customer's review, or replaces what they wrote before.
    Write(Written),
    /// The author takes the review down.
    Remove,
    /// A merchandiser publishes a held, hidden or reported review.
    Publish { staff_id: String },
    /// A merchandiser hides it from shoppers.
    Hide { staff_id: String, reason: String },
    /// The store's answer under the review (empty: none).
    Reply { staff_id: String, text: String },
    /// A shopper reports it (once per visitor).
    Report {
        reporter: String,
        reason: ReportReason,
    },
    /// A shopper found it helpful (once per visitor).
    VoteHelpful { voter: String },
}

/// What the customer wrote, sealed, with what the server found out about it.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub product: String,
    pub customer: String,
    /// The customer's email subject: the sealed fields' subject.
    pub subject: String,
    pub rating: u8,
    pub title: Option<Sealed>,
    pub text: Option<Sealed>,
    /// The name shown, "Jane D.".
    pub reviewer: Sealed,
    /// The customer's orders hold the product.
    pub verified: bool,
    /// Why the moderation rule holds it, if it does ([`super::moderation::screen`]).
    pub hold: Option<HoldReason>,
}
