//! A rewards member, one per 13-digit rewards number: the phone (the in-store pin) and email,
//! sealed under the member's privacy subject, the customer linked to it (none for members who
//! joined in store), and the points ledger (`ledger`): sales earn by line, returns take back
//! exactly what a line earned, a $25 gift card is issued per 2,500 available points.
//!
//! `RecordSale` and `ReverseSale` are keyed by order number and line: a sale delivered twice
//! earns once, a line returned twice is taken back once. Every ledger event carries its time,
//! so the balance on any past date is a fold of the events (`ledger::balance_at`).

use chrono::{DateTime, Duration, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use super::ledger::{self, Entry, SaleLine};
use crate::privacy::vault::SealerRef;
use crate::privacy::Sealed;

/// Rewards numbers have 13 digits (spec 9).
pub const REWARDS_NUMBER_DIGITS: usize = 13;

/// Whether `text` is a rewards number: exactly 13 ASCII digits.
pub fn is_rewards_number(text: &str) -> bool {
    text.len() == REWARDS_NUMBER_DIGITS && text.bytes().all(|b| b.is_ascii_digit())
}

/// Where a member joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum JoinedAt {
    /// At a register in a store: no customer account is linked until they connect online.
    InStore,
    /// Online, signed in (joined by phone, or while creating an account).
    Online,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MemberCommand {
    /// Open the membership. `phone` is ten digits; `subject` is the privacy subject the
    /// contact details are sealed under (the email's subject, else the phone key).
    Enrol {
        phone: String,
        phone_key: String,
        email: Option<String>,
        email_subject: Option<String>,
        subject: String,
        customer_id: Option<String>,
        joined_at: JoinedAt,
        now: DateTime<Utc>,
    },
    /// Connect the membership to a customer account (again for the same customer: nothing).
    Link {
        customer_id: String,
        now: DateTime<Utc>,
    },
    /// A sale of the member's: the lines not recorded before earn their points.
    RecordSale {
        order_no: String,
        lines: Vec<SaleLine>,
        now: DateTime<Utc>,
    },
    /// A cancelled order (`lines` none: every line) or returned lines: what each earned is
    /// taken back, once.
    ReverseSale {
        order_no: String,
        lines: Option<Vec<String>>,
        now: DateTime<Utc>,
    },
    /// Close the membership: its customer was erased (`privacy forget`). Its phone and email
    /// claims are released by the caller; a closed member is found by no lookup.
    Close { now: DateTime<Utc> },
    /// Issue the gift cards the available points pay for (one per 2,500), with these ids, as
    /// many as are due and named.
    IssueGiftCards {
        card_ids: Vec<String>,
        return_window: Duration,
        now: DateTime<Utc>,
    },
}

/// A line as it earned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EarnedLine {
    pub line: String,
    pub cents: i64,
    pub points: i64,
    #[serde(default)]
    pub gift_card: bool,
}

/// A line taken back, with the points it had earned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReversedLine {
    pub line: String,
    pub points: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum MemberEvent {
    MemberEnrolled {
        /// The phone's keyed hash (`ph_…`), the index key; the number itself is sealed.
        phone_key: String,
        phone: Sealed,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        email_subject: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        email: Option<Sealed>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        customer_id: Option<String>,
        joined_at: JoinedAt,
        at: DateTime<Utc>,
    },
    MemberLinked {
        customer_id: String,
        at: DateTime<Utc>,
    },
    SaleRecorded {
        order_no: String,
        lines: Vec<EarnedLine>,
        at: DateTime<Utc>,
    },
    SaleReversed {
        order_no: String,
        /// The lines taken back and the points each had earned.
        lines: Vec<ReversedLine>,
        at: DateTime<Utc>,
    },
    GiftCardIssued {
        card_id: String,
        points: i64,
        cents: i64,
        at: DateTime<Utc>,
    },
    MemberClosed {
        at: DateTime<Utc>,
    },
}

impl DomainEvent for MemberEvent {
    fn event_type(&self) -> String {
        match self {
            MemberEvent::MemberEnrolled { .. } => "MemberEnrolled",
            MemberEvent::MemberLinked { .. } => "MemberLinked",
            MemberEvent::SaleRecorded { .. } => "SaleRecorded",
            MemberEvent::SaleReversed { .. } => "SaleReversed",
            MemberEvent::GiftCardIssued { .. } => "GiftCardIssued",
            MemberEvent::MemberClosed { .. } => "MemberClosed",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MemberError {
    #[error("this rewards number already has a member")]
    AlreadyEnrolled,
    #[error("no rewards account has this number")]
    NotFound,
    /// Linked to another customer.
    #[error("this rewards account is already associated with another user")]
    AlreadyLinked,
    #[error("{0}")]
    Invalid(&'static str),
    /// Sealing the contact details failed (keys unavailable).
    #[error("the member's details could not be sealed")]
    Unavailable,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RewardsMember {
    pub enrolled: bool,
    pub customer_id: Option<String>,
    pub phone_key: String,
    pub email_subject: Option<String>,
    /// The contact details, sealed as the enrolment recorded them.
    pub phone: Option<Sealed>,
    pub email: Option<Sealed>,
    pub joined_at: Option<JoinedAt>,
    pub entries: Vec<Entry>,
    /// Closed when its customer was erased.
    #[serde(default)]
    pub closed: bool,
}

impl RewardsMember {
    /// The balance as of `as_of` under this return window.
    pub fn balance_at(&self, window: Duration, as_of: DateTime<Utc>) -> ledger::Balance {
        ledger::balance_at(&self.entries, window, as_of)
    }
}

impl Aggregate for RewardsMember {
    const TYPE: &'static str = "RewardsMember";
    type Command = MemberCommand;
    type Event = MemberEvent;
    type Error = MemberError;
    type Services = SealerRef;

    async fn handle(
        &mut self,
        command: Self::Command,
        sealer: &SealerRef,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        if let MemberCommand::Close { now } = command {
            if self.enrolled && !self.closed {
                sink.write(MemberEvent::MemberClosed { at: now }, self)
                    .await;
            }
            return Ok(());
        }
        if (!self.enrolled || self.closed) && !matches!(command, MemberCommand::Enrol { .. }) {
            return Err(MemberError::NotFound);
        }
        match command {
            MemberCommand::Enrol {
                phone,
                phone_key,
                email,
                email_subject,
                subject,
                customer_id,
                joined_at,
                now,
            } => {
                if self.enrolled {
                    return Err(MemberError::AlreadyEnrolled);
                }
                if kernel::validation::normalize_phone(&phone).as_deref() != Some(phone.as_str()) {
                    return Err(MemberError::Invalid(kernel::validation::PHONE_MESSAGE));
                }
                let seal = |plain: String| {
                    let subject = subject.clone();
                    async move {
                        sealer
                            .seal(&subject, &plain)
                            .await
                            .map_err(|_| MemberError::Unavailable)
                    }
                };
                let phone = seal(phone).await?;
                let email = match email {
                    Some(email) => Some(seal(email).await?),
                    None => None,
                };
                let enrolled = MemberEvent::MemberEnrolled {
                    phone_key,
                    phone,
                    email_subject,
                    email,
                    customer_id,
                    joined_at,
                    at: now,
                };
                sink.write(enrolled, self).await;
            }
            MemberCommand::Link { customer_id, now } => match &self.customer_id {
                Some(linked) if *linked == customer_id => {}
                Some(_) => return Err(MemberError::AlreadyLinked),
                None => {
                    sink.write(
                        MemberEvent::MemberLinked {
                            customer_id,
                            at: now,
                        },
                        self,
                    )
                    .await
                }
            },
            MemberCommand::RecordSale {
                order_no,
                lines,
                now,
            } => {
                if order_no.is_empty() || lines.iter().any(|l| l.line.is_empty()) {
                    return Err(MemberError::Invalid(
                        "A sale needs an order number and lines.",
                    ));
                }
                let points = ledger::line_points(&lines);
                let new: Vec<EarnedLine> = lines
                    .into_iter()
                    .zip(points)
                    .filter(|(line, _)| !ledger::has_earned(&self.entries, &order_no, &line.line))
                    .map(|(line, points)| EarnedLine {
                        line: line.line,
                        cents: line.cents,
                        points,
                        gift_card: line.gift_card,
                    })
                    .collect();
                if !new.is_empty() {
                    let recorded = MemberEvent::SaleRecorded {
                        order_no,
                        lines: new,
                        at: now,
                    };
                    sink.write(recorded, self).await;
                }
            }
            MemberCommand::ReverseSale {
                order_no,
                lines,
                now,
            } => {
                let taken: Vec<ReversedLine> = self
                    .earned_lines(&order_no)
                    .into_iter()
                    .filter(|l| lines.as_ref().is_none_or(|wanted| wanted.contains(&l.line)))
                    .filter(|l| ledger::reversible(&self.entries, &order_no, &l.line))
                    .collect();
                if !taken.is_empty() {
                    let reversed = MemberEvent::SaleReversed {
                        order_no,
                        lines: taken,
                        at: now,
                    };
                    sink.write(reversed, self).await;
                }
            }
            MemberCommand::Close { .. } => {}
            MemberCommand::IssueGiftCards {
                card_ids,
                return_window,
                now,
            } => {
                let due = ledger::gift_cards_due_at(&self.entries, return_window, now);
                for card_id in card_ids.into_iter().take(due.max(0) as usize) {
                    let issued = MemberEvent::GiftCardIssued {
                        card_id,
                        points: ledger::POINTS_PER_GIFT_CARD,
                        cents: ledger::GIFT_CARD_CENTS,
                        at: now,
                    };
                    sink.write(issued, self).await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            MemberEvent::MemberEnrolled {
                phone_key,
                phone,
                email_subject,
                email,
                customer_id,
                joined_at,
                ..
            } => {
                self.enrolled = true;
                self.phone_key = phone_key;
                self.phone = Some(phone);
                self.email = email;
                self.email_subject = email_subject;
                self.customer_id = customer_id;
                self.joined_at = Some(joined_at);
            }
            MemberEvent::MemberLinked { customer_id, .. } => self.customer_id = Some(customer_id),
            MemberEvent::SaleRecorded {
                order_no,
                lines,
                at,
            } => self
                .entries
                .extend(lines.into_iter().map(|l| Entry::Earned {
                    order_no: order_no.clone(),
                    line: l.line,
                    points: l.points,
                    at,
                })),
            MemberEvent::SaleReversed {
                order_no,
                lines,
                at,
            } => self
                .entries
                .extend(lines.into_iter().map(|l| Entry::Reversed {
                    order_no: order_no.clone(),
                    line: l.line,
                    at,
                })),
            MemberEvent::MemberClosed { .. } => self.closed = true,
            MemberEvent::GiftCardIssued {
                card_id,
                points,
                at,
                ..
            } => self.entries.push(Entry::GiftCardIssued {
                card_no: card_id,
                points,
                at,
            }),
        }
    }
}

impl RewardsMember {
    /// The lines `order_no` earned on, with their points.
    fn earned_lines(&self, order_no: &str) -> Vec<ReversedLine> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                Entry::Earned {
                    order_no: o,
                    line,
                    points,
                    ..
                } if o == order_no => Some(ReversedLine {
                    line: line.clone(),
                    points: *points,
                }),
                _ => None,
            })
            .collect()
    }
}
