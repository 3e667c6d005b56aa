use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::privacy::Sealed;

/// Why the moderation rule holds a review for a merchandiser to look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum HoldReason {
    /// A web address.
    Link,
    /// An email address or a phone number.
    Contact,
    /// A word of the store's list.
    Word,
}

/// Why a shopper reports a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ReportReason {
    /// Not about the product.
    OffTopic,
    /// Rude, hateful or obscene.
    Offensive,
    /// Advertising or spam.
    Spam,
    /// Someone's personal information.
    PersonalInformation,
    Other,
}

/// A review as written (and as edited: the whole of it each time).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewContent {
    pub product: String,
    pub customer: String,
    pub subject: String,
    pub rating: u8,
    pub title: Option<Sealed>,
    pub text: Option<Sealed>,
    pub reviewer: Sealed,
    pub verified: bool,
    /// Held for moderation (null: published at once).
    pub held: Option<HoldReason>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ReviewEvent {
    ReviewWritten(ReviewContent),
    ReviewEdited(ReviewContent),
    ReviewRemoved,
    ReviewPublished {
        #[serde(rename = "staffId")]
        staff_id: String,
    },
    ReviewHidden {
        #[serde(rename = "staffId")]
        staff_id: String,
        reason: String,
    },
    ReviewReplied {
        #[serde(rename = "staffId")]
        staff_id: String,
        text: String,
    },
    ReviewReported {
        /// The reporting visitor, pseudonymous (a keyed hash).
        reporter: String,
        reason: ReportReason,
    },
    HelpfulVoted {
        /// The voting visitor, pseudonymous (a keyed hash).
        voter: String,
    },
}

impl DomainEvent for ReviewEvent {
    fn event_type(&self) -> String {
        match self {
            ReviewEvent::ReviewWritten(_) => "ReviewWritten",
            ReviewEvent::ReviewEdited(_) => "ReviewEdited",
            ReviewEvent::ReviewRemoved => "ReviewRemoved",
            ReviewEvent::ReviewPublished { .. } => "ReviewPublished",
            ReviewEvent::ReviewHidden { .. } => "ReviewHidden",
            ReviewEvent::ReviewReplied { .. } => "ReviewReplied",
            ReviewEvent::ReviewReported { .. } => "ReviewReported",
            ReviewEvent::HelpfulVoted { .. } => "HelpfulVoted",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("Please choose a rating from 1 to 5 stars.")]
    InvalidRating,
    #[error("You have not reviewed this product.")]
    NoReview,
    #[error("This review is already published.")]
    AlreadyPublished,
    #[error("This review is already hidden.")]
    AlreadyHidden,
    #[error("You already reported this review.")]
    AlreadyReported,
    #[error("Too many reports and votes on this review.")]
    TooMany,
}
