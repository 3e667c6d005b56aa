//! The phone and email index of the programme: a RewardsClaim per phone key (`ph_…`) or email
//! subject (`em_…`), both keyed hashes, naming the rewards number that holds it. Two joins with
//! one phone race on the claim's first event: the event store's optimistic concurrency lets one
//! append and the other, retried, finds the phone taken. No phone or email in clear here.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RewardsClaimCommand {
    /// Claim the phone or email for `rewards_number` (again for the same number: nothing).
    Claim { rewards_number: String },
    /// Let it go (an enrolment that failed after claiming); only its holder can.
    Release { rewards_number: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum RewardsClaimEvent {
    RewardsContactClaimed { rewards_number: String },
    RewardsContactReleased { rewards_number: String },
}

impl DomainEvent for RewardsClaimEvent {
    fn event_type(&self) -> String {
        match self {
            RewardsClaimEvent::RewardsContactClaimed { .. } => "RewardsContactClaimed",
            RewardsClaimEvent::RewardsContactReleased { .. } => "RewardsContactReleased",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RewardsClaimError {
    /// Another rewards number holds it.
    #[error("this phone or email belongs to another rewards account")]
    Taken { holder: String },
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct RewardsClaim {
    pub holder: Option<String>,
}

impl Aggregate for RewardsClaim {
    const TYPE: &'static str = "RewardsClaim";
    type Command = RewardsClaimCommand;
    type Event = RewardsClaimEvent;
    type Error = RewardsClaimError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            RewardsClaimCommand::Claim { rewards_number } => match &self.holder {
                Some(holder) if *holder == rewards_number => {}
                Some(holder) => {
                    return Err(RewardsClaimError::Taken {
                        holder: holder.clone(),
                    })
                }
                None => {
                    let claimed = RewardsClaimEvent::RewardsContactClaimed { rewards_number };
                    sink.write(claimed, self).await
                }
            },
            RewardsClaimCommand::Release { rewards_number } => {
                if self.holder.as_ref() == Some(&rewards_number) {
                    let released = RewardsClaimEvent::RewardsContactReleased { rewards_number };
                    sink.write(released, self).await
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.holder = match event {
            RewardsClaimEvent::RewardsContactClaimed { rewards_number } => Some(rewards_number),
            RewardsClaimEvent::RewardsContactReleased { .. } => None,
        };
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn claim(n: &str) -> RewardsClaimCommand {
        RewardsClaimCommand::Claim {
            rewards_number: n.into(),
        }
    }
    fn claimed(n: &str) -> RewardsClaimEvent {
        RewardsClaimEvent::RewardsContactClaimed {
            rewards_number: n.into(),
        }
    }

    #[test]
    fn a_free_phone_is_claimed_once_and_refused_to_another_number() {
        TestFramework::<RewardsClaim>::with(())
            .given_no_previous_events()
            .when(claim("1"))
            .then_expect_events(vec![claimed("1")]);
        TestFramework::<RewardsClaim>::with(())
            .given(vec![claimed("1")])
            .when(claim("1"))
            .then_expect_events(vec![]);
        TestFramework::<RewardsClaim>::with(())
            .given(vec![claimed("1")])
            .when(claim("2"))
            .then_expect_error(RewardsClaimError::Taken { holder: "1".into() });
    }

    #[test]
    fn only_the_holder_releases() {
        TestFramework::<RewardsClaim>::with(())
            .given(vec![claimed("1")])
            .when(RewardsClaimCommand::Release {
                rewards_number: "2".into(),
            })
            .then_expect_events(vec![]);
        TestFramework::<RewardsClaim>::with(())
            .given(vec![claimed("1")])
            .when(RewardsClaimCommand::Release {
                rewards_number: "1".into(),
            })
            .then_expect_events(vec![RewardsClaimEvent::RewardsContactReleased {
                rewards_number: "1".into(),
            }]);
    }
}
