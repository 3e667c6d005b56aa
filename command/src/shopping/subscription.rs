//! Newsletter subscription, one aggregate per normalised email: subscribing twice is a no-op.

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

use crate::validation::{normalize_email, valid_email, EMAIL_MESSAGE};

#[derive(Debug, Clone, PartialEq)]
pub enum SubscriptionCommand {
    Subscribe { email: String, source: String },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SubscriptionEvent {
    Subscribed { email: String, source: String },
}

impl DomainEvent for SubscriptionEvent {
    fn event_type(&self) -> String {
        "Subscribed".into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptionError {
    #[error("{EMAIL_MESSAGE}")]
    InvalidEmail,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subscription {
    pub subscribed: bool,
}

impl Aggregate for Subscription {
    const TYPE: &'static str = "Subscription";
    type Command = SubscriptionCommand;
    type Event = SubscriptionEvent;
    type Error = SubscriptionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let SubscriptionCommand::Subscribe { email, source } = command;
        if !valid_email(&email) {
            return Err(SubscriptionError::InvalidEmail);
        }
        if !self.subscribed {
            let email = normalize_email(&email);
            sink.write(SubscriptionEvent::Subscribed { email, source }, self)
                .await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let SubscriptionEvent::Subscribed { .. } = event;
        self.subscribed = true;
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn subscribe(email: &str) -> SubscriptionCommand {
        SubscriptionCommand::Subscribe {
            email: email.into(),
            source: "Footer".into(),
        }
    }

    #[test]
    fn the_first_subscription_is_recorded_normalised() {
        TestFramework::<Subscription>::with(())
            .given_no_previous_events()
            .when(subscribe(" Shopper@Example.com "))
            .then_expect_events(vec![SubscriptionEvent::Subscribed {
                email: "shopper@example.com".into(),
                source: "Footer".into(),
            }]);
    }

    #[test]
    fn subscribing_again_changes_nothing() {
        TestFramework::<Subscription>::with(())
            .given(vec![SubscriptionEvent::Subscribed {
                email: "a@b.com".into(),
                source: "Footer".into(),
            }])
            .when(subscribe("a@b.com"))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_bad_address_is_refused_in_the_spec_words() {
        TestFramework::<Subscription>::with(())
            .given_no_previous_events()
            .when(subscribe("a@b.con"))
            .then_expect_error_message("Please enter a valid email address.");
    }
}
