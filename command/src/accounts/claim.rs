//! One account per email: an EmailClaim per subject (the keyed hash of the normalised address,
//! the same subject the newsletter uses, so one erasure covers both) names the customer who
//! holds the address. Two registrations of one address race on the claim's first event: the
//! event store's optimistic concurrency lets one append and the other, retried, finds the
//! address taken.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EmailClaimCommand {
    /// Claim the address for `customer_id` (again for the same customer: nothing happens).
    Claim { customer_id: String },
    /// Let the address go (the customer changed it or was erased); only its holder can.
    Release { customer_id: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum EmailClaimEvent {
    EmailClaimed { customer_id: String },
    EmailReleased { customer_id: String },
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

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct EmailClaim {
    pub holder: Option<String>,
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
                    sink.write(EmailClaimEvent::EmailClaimed { customer_id }, self)
                        .await
                }
            },
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
        self.holder = match event {
            EmailClaimEvent::EmailClaimed { customer_id } => Some(customer_id),
            EmailClaimEvent::EmailReleased { .. } => None,
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
}
