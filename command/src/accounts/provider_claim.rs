//! One customer per identity at a sign-in provider: a ProviderClaim per provider key (`pi_`,
//! the keyed hash of "provider:subject", `PrivacyKeys::provider_key`) names the customer it
//! signs in. Never keyed by email (ASVS 6.8.1): an address a provider reports says nothing of
//! who holds the account with that address here. Two links of one identity race on the claim's
//! first event, as two registrations race on an `EmailClaim`: one appends, the other finds it
//! taken.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProviderClaimCommand {
    /// Claim the identity for `customer_id` (again for the same customer: nothing happens).
    Claim { customer_id: String },
    /// Let the identity go (unlinked, or the customer erased); only its holder can.
    Release { customer_id: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum ProviderClaimEvent {
    ProviderClaimed { customer_id: String },
    ProviderReleased { customer_id: String },
}

impl DomainEvent for ProviderClaimEvent {
    fn event_type(&self) -> String {
        match self {
            ProviderClaimEvent::ProviderClaimed { .. } => "ProviderClaimed",
            ProviderClaimEvent::ProviderReleased { .. } => "ProviderReleased",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderClaimError {
    /// Another customer holds the identity.
    #[error("this sign-in is linked to another account")]
    Taken,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProviderClaim {
    pub holder: Option<String>,
}

impl Aggregate for ProviderClaim {
    const TYPE: &'static str = "ProviderClaim";
    type Command = ProviderClaimCommand;
    type Event = ProviderClaimEvent;
    type Error = ProviderClaimError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            ProviderClaimCommand::Claim { customer_id } => match &self.holder {
                Some(holder) if *holder == customer_id => {}
                Some(_) => return Err(ProviderClaimError::Taken),
                None => {
                    sink.write(ProviderClaimEvent::ProviderClaimed { customer_id }, self)
                        .await
                }
            },
            ProviderClaimCommand::Release { customer_id } => {
                if self.holder.as_ref() == Some(&customer_id) {
                    sink.write(ProviderClaimEvent::ProviderReleased { customer_id }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.holder = match event {
            ProviderClaimEvent::ProviderClaimed { customer_id } => Some(customer_id),
            ProviderClaimEvent::ProviderReleased { .. } => None,
        };
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn claim(id: &str) -> ProviderClaimCommand {
        ProviderClaimCommand::Claim {
            customer_id: id.into(),
        }
    }

    fn claimed(id: &str) -> ProviderClaimEvent {
        ProviderClaimEvent::ProviderClaimed {
            customer_id: id.into(),
        }
    }

    #[test]
    fn an_identity_is_claimed_once_and_kept_by_its_holder() {
        TestFramework::<ProviderClaim>::with(())
            .given_no_previous_events()
            .when(claim("c1"))
            .then_expect_events(vec![claimed("c1")]);
        TestFramework::<ProviderClaim>::with(())
            .given(vec![claimed("c1")])
            .when(claim("c2"))
            .then_expect_error(ProviderClaimError::Taken);
        TestFramework::<ProviderClaim>::with(())
            .given(vec![claimed("c1")])
            .when(claim("c1"))
            .then_expect_events(vec![]);
    }

    #[test]
    fn only_the_holder_releases() {
        let released = ProviderClaimEvent::ProviderReleased {
            customer_id: "c1".into(),
        };
        TestFramework::<ProviderClaim>::with(())
            .given(vec![claimed("c1")])
            .when(ProviderClaimCommand::Release {
                customer_id: "c2".into(),
            })
            .then_expect_events(vec![]);
        TestFramework::<ProviderClaim>::with(())
            .given(vec![claimed("c1")])
            .when(ProviderClaimCommand::Release {
                customer_id: "c1".into(),
            })
            .then_expect_events(vec![released]);
    }
}
