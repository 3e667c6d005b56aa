//! Newsletter subscription, one aggregate per subject (the keyed hash of the normalised email,
//! never the address): subscribing twice is a no-op, unsubscribing ends it, subscribing again
//! starts it anew. The address (and the visitor who signed up) travel sealed under the
//! subject's data key (docs/privacy.md).

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::privacy::vault::SealerRef;
use crate::privacy::Sealed;
use kernel::validation::{normalize_email, valid_email, EMAIL_MESSAGE};

#[derive(Debug, Clone, PartialEq)]
pub enum SubscriptionCommand {
    Subscribe {
        /// The subject id of `email` (the aggregate id).
        subject: String,
        email: String,
        /// The visitor who signed up, as the tracking topic knows them (`visitorId`): erasing
        /// the subject erases their tracking data too.
        visitor: Option<String>,
        source: String,
    },
    Unsubscribe {
        reason: UnsubscribeReason,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum UnsubscribeReason {
    /// The subscriber followed the unsubscribe link of a mail.
    Link,
    /// The subject was forgotten (erasure).
    Forgotten,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SubscriptionEvent {
    /// 2.0: the address is sealed (1.0 carried it in clear; see the upcaster [`SubscribedV2`]).
    Subscribed {
        email: Sealed,
        #[serde(default)]
        visitor: Option<Sealed>,
        source: String,
    },
    Unsubscribed {
        reason: UnsubscribeReason,
    },
}

impl DomainEvent for SubscriptionEvent {
    fn event_type(&self) -> String {
        match self {
            SubscriptionEvent::Subscribed { .. } => "Subscribed",
            SubscriptionEvent::Unsubscribed { .. } => "Unsubscribed",
        }
        .into()
    }
    fn event_version(&self) -> String {
        match self {
            SubscriptionEvent::Subscribed { .. } => "2.0",
            SubscriptionEvent::Unsubscribed { .. } => "1.0",
        }
        .into()
    }
}

/// Subscribed 1.0 → 2.0: 1.0 carried the address in clear. 2.0 seals it under the subject's
/// data key, which no 1.0 event has, so the upcast drops the clear text: the field reads as
/// erased and such a subscriber must sign up again (docs/decisions.md, "Personal data"). The
/// migration 0012 removed the 1.0 events of our own stores; this covers any copy still read
/// (the topic until its retention, a backup).
pub struct SubscribedV2;

impl EventUpcaster for SubscribedV2 {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        event_type == "Subscribed" && event_version == "1.0"
    }

    fn upcast(&self, mut event: SerializedEvent) -> SerializedEvent {
        let dropped = Sealed::dropped();
        if let Some(data) = event
            .payload
            .get_mut("Subscribed")
            .and_then(Value::as_object_mut)
        {
            data.insert(
                "email".into(),
                serde_json::to_value(dropped).expect("serialises"),
            );
            data.insert("visitor".into(), Value::Null);
        }
        event.event_version = "2.0".to_string();
        event
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptionError {
    #[error("{EMAIL_MESSAGE}")]
    InvalidEmail,
    /// The key store could not seal the address.
    #[error("personal data could not be sealed: {0}")]
    Unavailable(String),
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
    type Services = SealerRef;

    async fn handle(
        &mut self,
        command: Self::Command,
        sealer: &SealerRef,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SubscriptionCommand::Subscribe {
                subject,
                email,
                visitor,
                source,
            } => {
                if !valid_email(&email) {
                    return Err(SubscriptionError::InvalidEmail);
                }
                if self.subscribed {
                    return Ok(());
                }
                let unavailable =
                    |e: crate::privacy::PrivacyError| SubscriptionError::Unavailable(e.to_string());
                let email = sealer
                    .seal(&subject, &normalize_email(&email))
                    .await
                    .map_err(unavailable)?;
                let visitor = match visitor {
                    Some(v) => Some(sealer.seal(&subject, &v).await.map_err(unavailable)?),
                    None => None,
                };
                sink.write(
                    SubscriptionEvent::Subscribed {
                        email,
                        visitor,
                        source,
                    },
                    self,
                )
                .await;
            }
            SubscriptionCommand::Unsubscribe { reason } => {
                if self.subscribed {
                    sink.write(SubscriptionEvent::Unsubscribed { reason }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.subscribed = matches!(event, SubscriptionEvent::Subscribed { .. });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use cqrs_es::test::TestFramework;

    use super::*;
    use crate::privacy::vault::FixedSealer;

    fn sealer() -> SealerRef {
        Arc::new(FixedSealer)
    }

    fn subscribe(email: &str) -> SubscriptionCommand {
        SubscriptionCommand::Subscribe {
            subject: "em_1".into(),
            email: email.into(),
            visitor: Some("v1".into()),
            source: "Footer".into(),
        }
    }

    /// What [`FixedSealer`] makes of `plain`.
    fn sealed(plain: &str) -> Sealed {
        Sealed {
            subject: "em_1".into(),
            key: "test".into(),
            sealed: format!("sealed({})", plain.len()),
        }
    }

    fn subscribed() -> SubscriptionEvent {
        SubscriptionEvent::Subscribed {
            email: sealed("shopper@example.com"),
            visitor: Some(sealed("v1")),
            source: "Footer".into(),
        }
    }

    #[test]
    fn the_first_subscription_is_recorded_sealed() {
        TestFramework::<Subscription>::with(sealer())
            .given_no_previous_events()
            .when(subscribe(" Shopper@Example.com "))
            .then_expect_events(vec![subscribed()]);
    }

    #[test]
    fn subscribing_again_changes_nothing() {
        TestFramework::<Subscription>::with(sealer())
            .given(vec![subscribed()])
            .when(subscribe("shopper@example.com"))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_bad_address_is_refused_in_the_spec_words() {
        TestFramework::<Subscription>::with(sealer())
            .given_no_previous_events()
            .when(subscribe("a@b.con"))
            .then_expect_error_message("Please enter a valid email address.");
    }

    #[test]
    fn unsubscribing_ends_the_subscription_once() {
        let unsubscribe = SubscriptionCommand::Unsubscribe {
            reason: UnsubscribeReason::Link,
        };
        TestFramework::<Subscription>::with(sealer())
            .given(vec![subscribed()])
            .when(unsubscribe.clone())
            .then_expect_events(vec![SubscriptionEvent::Unsubscribed {
                reason: UnsubscribeReason::Link,
            }]);
        TestFramework::<Subscription>::with(sealer())
            .given(vec![
                subscribed(),
                SubscriptionEvent::Unsubscribed {
                    reason: UnsubscribeReason::Link,
                },
            ])
            .when(unsubscribe.clone())
            .then_expect_events(vec![]);
        TestFramework::<Subscription>::with(sealer())
            .given_no_previous_events()
            .when(unsubscribe)
            .then_expect_events(vec![]);
    }

    #[test]
    fn subscribing_after_unsubscribing_works() {
        TestFramework::<Subscription>::with(sealer())
            .given(vec![
                subscribed(),
                SubscriptionEvent::Unsubscribed {
                    reason: UnsubscribeReason::Link,
                },
            ])
            .when(subscribe("shopper@example.com"))
            .then_expect_events(vec![subscribed()]);
    }

    #[test]
    fn a_stored_1_0_subscription_reads_with_its_clear_address_dropped() {
        let stored = serde_json::json!({
            "Subscribed": { "email": "old@example.com", "source": "Footer" }
        });
        let e: SubscriptionEvent = crate::eventstore::decode(
            "Subscription",
            "old@example.com",
            1,
            "Subscribed",
            "1.0",
            stored,
        )
        .unwrap();
        let SubscriptionEvent::Subscribed {
            email,
            visitor,
            source,
        } = e
        else {
            panic!("a subscription");
        };
        assert_eq!(email.key, crate::privacy::DROPPED_KEY);
        assert_eq!(email.subject, "", "the legacy id is the address itself");
        assert!(email.sealed.is_empty(), "no clear text survives the upcast");
        assert_eq!(visitor, None);
        assert_eq!(source, "Footer");
    }
}
