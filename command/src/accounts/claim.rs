//! One account per email: an EmailClaim per subject (the keyed hash of the normalised address,
//! the same subject the newsletter uses, so one erasure covers both) names the customer who
//! holds the address. Two registrations of one address race on the claim's first event: the
//! event store's optimistic concurrency lets one append and the other, retried, finds the
//! address taken.
//!
//! A registration that died between its claim and `CustomerRegistered` would hold the address
//! for good: a registration ([`EmailClaimCommand::ClaimAt`]) takes over a claim that is
//! [`STALE_CLAIM_MINUTES`] old by its own `claimedAt` and whose customer the caller found
//! unregistered (no `CustomerRegistered`), releasing it first. A live registration completes
//! within [`REGISTER_WITHIN_MINUTES`] of its claim or gives up (it checks before registering),
//! so a claim is never taken from a registration that is still going to complete.

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailClaimCommand {
    /// Claim the address for `customer_id` (again for the same customer: nothing happens).
    /// Records no time: such a claim is never taken over.
    Claim { customer_id: String },
    /// A registration's claim at `now` (recorded as `claimedAt`). Held by another customer it is
    /// refused, unless that holder is `unregistered_holder` (the caller found no
    /// `CustomerRegistered` of it) and its claim is [`STALE_CLAIM_MINUTES`] old: then that
    /// claim is released and this one made.
    ClaimAt {
        customer_id: String,
        now: DateTime<Utc>,
        unregistered_holder: Option<String>,
    },
    /// Let the address go (the customer changed it or was erased); only its holder can.
    Release { customer_id: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum EmailClaimEvent {
    EmailClaimed {
        customer_id: String,
        /// When a registration claimed it (none for claims without a time: never stale).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claimed_at: Option<DateTime<Utc>>,
    },
    EmailReleased {
        customer_id: String,
    },
}

impl DomainEvent for EmailClaimEvent {
    fn event_type(&self) -> String {
        match self {
            EmailClaimEvent::EmailClaimed { .. } => "EmailClaimed",
            EmailClaimEvent::EmailReleased { .. } => "EmailReleased",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmailClaimError {
    /// Another customer holds the address.
    #[error("an account already uses this email address")]
    Taken,
}

/// How old a claim whose customer never registered must be before a registration takes it over.
pub const STALE_CLAIM_MINUTES: i64 = 10;
/// How long after its claim a registration may still record `CustomerRegistered`: well within
/// [`STALE_CLAIM_MINUTES`] (commit delays and clock skew between replicas fit in the gap).
pub const REGISTER_WITHIN_MINUTES: i64 = 1;

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmailClaim {
    pub holder: Option<String>,
    /// When the holder's claim was made, if it says.
    #[serde(default)]
    pub claimed_at: Option<DateTime<Utc>>,
}

impl Aggregate for EmailClaim {
    const TYPE: &'static str = "EmailClaim";
    type Command = EmailClaimCommand;
    type Event = EmailClaimEvent;
    type Error = EmailClaimError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            EmailClaimCommand::Claim { customer_id } => match &self.holder {
                Some(holder) if *holder == customer_id => {}
                Some(_) => return Err(EmailClaimError::Taken),
                None => {
                    let claimed = EmailClaimEvent::EmailClaimed {
                        customer_id,
                        claimed_at: None,
                    };
                    sink.write(claimed, self).await
                }
            },
            EmailClaimCommand::ClaimAt {
                customer_id,
                now,
                unregistered_holder,
            } => {
                match &self.holder {
                    Some(holder) if *holder == customer_id => return Ok(()),
                    Some(holder) => {
                        let stale = unregistered_holder.as_ref() == Some(holder)
                            && self.claimed_at.is_some_and(|at| {
                                now - at >= chrono::Duration::minutes(STALE_CLAIM_MINUTES)
                            });
                        if !stale {
                            return Err(EmailClaimError::Taken);
                        }
                        let released = EmailClaimEvent::EmailReleased {
                            customer_id: holder.clone(),
                        };
                        sink.write(released, self).await;
                    }
                    None => {}
                }
                let claimed = EmailClaimEvent::EmailClaimed {
                    customer_id,
                    claimed_at: Some(now),
                };
                sink.write(claimed, self).await;
            }
            EmailClaimCommand::Release { customer_id } => {
                if self.holder.as_ref() == Some(&customer_id) {
                    sink.write(EmailClaimEvent::EmailReleased { customer_id }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        (self.holder, self.claimed_at) = match event {
            EmailClaimEvent::EmailClaimed {
                customer_id,
                claimed_at,
            } => (Some(customer_id), claimed_at),
            EmailClaimEvent::EmailReleased { .. } => (None, None),
        };
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn claim(id: &str) -> EmailClaimCommand {
        EmailClaimCommand::Claim {
            customer_id: id.into(),
        }
    }

    fn claimed(id: &str) -> EmailClaimEvent {
        EmailClaimEvent::EmailClaimed {
            customer_id: id.into(),
            claimed_at: None,
        }
    }

    #[test]
    fn a_free_address_is_claimed() {
        TestFramework::<EmailClaim>::with(())
            .given_no_previous_events()
            .when(claim("c1"))
            .then_expect_events(vec![claimed("c1")]);
    }

    #[test]
    fn a_held_address_is_refused_to_another_customer_and_kept_by_its_holder() {
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed("c1")])
            .when(claim("c2"))
            .then_expect_error(EmailClaimError::Taken);
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed("c1")])
            .when(claim("c1"))
            .then_expect_events(vec![]);
    }

    #[test]
    fn only_the_holder_releases_and_then_anyone_may_claim() {
        let released = EmailClaimEvent::EmailReleased {
            customer_id: "c1".into(),
        };
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed("c1")])
            .when(EmailClaimCommand::Release {
                customer_id: "c2".into(),
            })
            .then_expect_events(vec![]);
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed("c1")])
            .when(EmailClaimCommand::Release {
                customer_id: "c1".into(),
            })
            .then_expect_events(vec![released.clone()]);
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed("c1"), released])
            .when(claim("c2"))
            .then_expect_events(vec![claimed("c2")]);
    }

    fn at(minute: u32) -> DateTime<Utc> {
        use chrono::TimeZone;
        Utc.with_ymd_and_hms(2026, 11, 27, 12, minute, 0).unwrap()
    }

    fn claimed_at(id: &str, minute: u32) -> EmailClaimEvent {
        EmailClaimEvent::EmailClaimed {
            customer_id: id.into(),
            claimed_at: Some(at(minute)),
        }
    }

    fn claim_at(id: &str, minute: u32, unregistered_holder: Option<&str>) -> EmailClaimCommand {
        EmailClaimCommand::ClaimAt {
            customer_id: id.into(),
            now: at(minute),
            unregistered_holder: unregistered_holder.map(Into::into),
        }
    }

    #[test]
    fn a_registration_claims_a_free_address_with_its_time() {
        TestFramework::<EmailClaim>::with(())
            .given_no_previous_events()
            .when(claim_at("c1", 0, None))
            .then_expect_events(vec![claimed_at("c1", 0)]);
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed_at("c1", 0)])
            .when(claim_at("c1", 30, None))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_stale_claim_of_a_customer_who_never_registered_is_released_and_claimed_again() {
        TestFramework::<EmailClaim>::with(())
            .given(vec![claimed_at("c1", 0)])
            .when(claim_at("c2", 10, Some("c1")))
            .then_expect_events(vec![
                EmailClaimEvent::EmailReleased {
                    customer_id: "c1".into(),
                },
                claimed_at("c2", 10),
            ]);
    }

    #[test]
    fn a_claim_is_kept_while_recent_registered_untimed_or_not_the_one_found_unregistered() {
        for (given, command) in [
            // Within the grace period: its registration may still be running.
            (vec![claimed_at("c1", 0)], claim_at("c2", 9, Some("c1"))),
            // Its customer registered (the caller found CustomerRegistered).
            (vec![claimed_at("c1", 0)], claim_at("c2", 50, None)),
            // The caller looked at another holder than the one that holds it now.
            (vec![claimed_at("c1", 0)], claim_at("c2", 50, Some("c3"))),
            // A claim without a time is never stale.
            (vec![claimed("c1")], claim_at("c2", 50, Some("c1"))),
        ] {
            TestFramework::<EmailClaim>::with(())
                .given(given)
                .when(command)
                .then_expect_error(EmailClaimError::Taken);
        }
    }
}
