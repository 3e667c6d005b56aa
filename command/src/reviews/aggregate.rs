use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::{ReviewCommand, Written};
use super::events::{ReviewContent, ReviewError, ReviewEvent};
use super::RATINGS;

/// The most reports and helpful votes one review keeps (each is one visitor's).
pub const MAX_MARKS: usize = 20_000;

/// Where a review stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReviewStatus {
    /// Never written, or removed by its author.
    #[default]
    None,
    /// Shown to shoppers.
    Published,
    /// Waiting for a merchandiser (the moderation rule held it, or it was edited after being
    /// hidden).
    Held,
    /// Hidden by a merchandiser.
    Hidden,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Review {
    pub status: ReviewStatus,
    pub rating: u8,
    /// Reports since a merchandiser last published it.
    pub open_reports: u32,
    /// The visitors who reported it (keyed hashes).
    pub reporters: BTreeSet<String>,
    /// The visitors who found it helpful (keyed hashes).
    pub voters: BTreeSet<String>,
    pub reply: Option<String>,
}

impl Review {
    fn exists(&self) -> bool {
        self.status != ReviewStatus::None
    }
}

impl Aggregate for Review {
    const TYPE: &'static str = "Review";
    type Command = ReviewCommand;
    type Event = ReviewEvent;
    type Error = ReviewError;
    type Services = ();

    async fn handle(
        &mut self,
        command: ReviewCommand,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), ReviewError> {
        let event = match command {
            ReviewCommand::Write(w) => {
                if !RATINGS.contains(&w.rating) {
                    return Err(ReviewError::InvalidRating);
                }
                let content = content(w);
                if self.exists() {
                    ReviewEvent::ReviewEdited(content)
                } else {
                    ReviewEvent::ReviewWritten(content)
                }
            }
            ReviewCommand::Remove => {
                if !self.exists() {
                    return Err(ReviewError::NoReview);
                }
                ReviewEvent::ReviewRemoved
            }
            ReviewCommand::Publish { staff_id } => {
                if !self.exists() {
                    return Err(ReviewError::NoReview);
                }
                if self.status == ReviewStatus::Published && self.open_reports == 0 {
                    return Err(ReviewError::AlreadyPublished);
                }
                ReviewEvent::ReviewPublished { staff_id }
            }
            ReviewCommand::Hide { staff_id, reason } => {
                if !self.exists() {
                    return Err(ReviewError::NoReview);
                }
                if self.status == ReviewStatus::Hidden {
                    return Err(ReviewError::AlreadyHidden);
                }
                ReviewEvent::ReviewHidden { staff_id, reason }
            }
            ReviewCommand::Reply { staff_id, text } => {
                if !self.exists() {
                    return Err(ReviewError::NoReview);
                }
                let text = text.trim().to_string();
                if self.reply.as_deref().unwrap_or("") == text {
                    return Ok(());
                }
                ReviewEvent::ReviewReplied { staff_id, text }
            }
            ReviewCommand::Report { reporter, reason } => {
                if self.status != ReviewStatus::Published {
                    return Err(ReviewError::NoReview);
                }
                if self.reporters.contains(&reporter) {
                    return Err(ReviewError::AlreadyReported);
                }
                if self.reporters.len() >= MAX_MARKS {
                    return Err(ReviewError::TooMany);
                }
                ReviewEvent::ReviewReported { reporter, reason }
            }
            ReviewCommand::VoteHelpful { voter } => {
                if self.status != ReviewStatus::Published {
                    return Err(ReviewError::NoReview);
                }
                if self.voters.contains(&voter) {
                    // One vote per visitor: a second one counts nothing.
                    return Ok(());
                }
                if self.voters.len() >= MAX_MARKS {
                    return Err(ReviewError::TooMany);
                }
                ReviewEvent::HelpfulVoted { voter }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: ReviewEvent) {
        match event {
            ReviewEvent::ReviewWritten(c) => {
                self.rating = c.rating;
                self.status = if c.held.is_some() {
                    ReviewStatus::Held
                } else {
                    ReviewStatus::Published
                };
            }
            ReviewEvent::ReviewEdited(c) => {
                self.rating = c.rating;
                // A hidden review edited waits for a merchandiser again.
                self.status = if c.held.is_some() || self.status == ReviewStatus::Hidden {
                    ReviewStatus::Held
                } else {
                    ReviewStatus::Published
                };
            }
            ReviewEvent::ReviewRemoved => *self = Review::default(),
            ReviewEvent::ReviewPublished { .. } => {
                self.status = ReviewStatus::Published;
                self.open_reports = 0;
            }
            ReviewEvent::ReviewHidden { .. } => {
                self.status = ReviewStatus::Hidden;
                self.open_reports = 0;
            }
            ReviewEvent::ReviewReplied { text, .. } => {
                self.reply = (!text.is_empty()).then_some(text);
            }
            ReviewEvent::ReviewReported { reporter, .. } => {
                self.reporters.insert(reporter);
                self.open_reports += 1;
            }
            ReviewEvent::HelpfulVoted { voter } => {
                self.voters.insert(voter);
            }
        }
    }
}

fn content(w: Written) -> ReviewContent {
    ReviewContent {
        product: w.product,
        customer: w.customer,
        subject: w.subject,
        rating: w.rating,
        title: w.title,
        text: w.text,
        reviewer: w.reviewer,
        verified: w.verified,
        held: w.hold,
    }
}
