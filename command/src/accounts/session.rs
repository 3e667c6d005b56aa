//! A signed-in session, one aggregate per session key: `ss_` and a hash of the id the cookie
//! holds (events and topics never see the id itself, which signs a browser in). Each start and
//! end is an event, so a customer's device list is a read model of them and ending a session
//! from it is a command.

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// How long a session lasts without 'save login' (the cookie lasts as long as the browser).
pub const SHORT_SESSION_HOURS: i64 = 12;
/// How long a session lasts with 'save login' (and its cookie).
pub const SAVED_SESSION_DAYS: i64 = 30;
/// The longest device description kept.
pub const MAX_DEVICE_CHARS: usize = 100;

/// The aggregate id (and read-model key) of the session whose cookie holds `session_id`.
pub use kernel::session::session_key;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SessionEndReason {
    /// The customer signed out (or signed in again in the same browser).
    SignedOut,
    /// Ended from the customer's device list.
    EndedFromDeviceList,
    /// A password reset or change ends the customer's other sessions.
    PasswordChanged,
    /// The customer was erased (`privacy forget`).
    Erased,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionCommand {
    Start {
        customer_id: String,
        /// Browser and system, from the User-Agent ("Chrome on Windows").
        device: String,
        /// 'Save login': a long session.
        saved: bool,
        now: DateTime<Utc>,
    },
    End {
        reason: SessionEndReason,
    },
    /// The customer typed their password again in this session (`/account/verifyPassword`),
    /// before a sensitive change.
    Reauthenticate,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum SessionEvent {
    SessionStarted {
        customer_id: String,
        device: String,
        expires_at: DateTime<Utc>,
    },
    SessionEnded {
        reason: SessionEndReason,
    },
    /// The password was typed again (the time is the event's).
    Reauthenticated {},
}

impl DomainEvent for SessionEvent {
    fn event_type(&self) -> String {
        match self {
            SessionEvent::SessionStarted { .. } => "SessionStarted",
            SessionEvent::SessionEnded { .. } => "SessionEnded",
            SessionEvent::Reauthenticated {} => "Reauthenticated",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// A session key is used once.
    #[error("this session already started")]
    AlreadyStarted,
    /// Not a started session, or one that ended.
    #[error("this session is not open")]
    NotOpen,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub customer_id: Option<String>,
    pub ended: bool,
}

impl Aggregate for Session {
    const TYPE: &'static str = "Session";
    type Command = SessionCommand;
    type Event = SessionEvent;
    type Error = SessionError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SessionCommand::Start {
                customer_id,
                device,
                saved,
                now,
            } => {
                if self.customer_id.is_some() {
                    return Err(SessionError::AlreadyStarted);
                }
                let lasts = if saved {
                    chrono::Duration::days(SAVED_SESSION_DAYS)
                } else {
                    chrono::Duration::hours(SHORT_SESSION_HOURS)
                };
                let device = device.trim().chars().take(MAX_DEVICE_CHARS).collect();
                sink.write(
                    SessionEvent::SessionStarted {
                        customer_id,
                        device,
                        expires_at: now + lasts,
                    },
                    self,
                )
                .await;
            }
            SessionCommand::End { reason } => {
                if self.customer_id.is_some() && !self.ended {
                    sink.write(SessionEvent::SessionEnded { reason }, self)
                        .await;
                }
            }
            SessionCommand::Reauthenticate => {
                if self.customer_id.is_none() || self.ended {
                    return Err(SessionError::NotOpen);
                }
                sink.write(SessionEvent::Reauthenticated {}, self).await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SessionEvent::SessionStarted { customer_id, .. } => {
                self.customer_id = Some(customer_id)
            }
            SessionEvent::SessionEnded { .. } => self.ended = true,
            SessionEvent::Reauthenticated {} => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn now() -> DateTime<Utc> {
        "2026-11-27T12:00:00Z".parse().unwrap()
    }

    fn start(saved: bool) -> SessionCommand {
        SessionCommand::Start {
            customer_id: "c1".into(),
            device: " Firefox on Linux ".into(),
            saved,
            now: now(),
        }
    }

    fn started(hours: i64) -> SessionEvent {
        SessionEvent::SessionStarted {
            customer_id: "c1".into(),
            device: "Firefox on Linux".into(),
            expires_at: now() + chrono::Duration::hours(hours),
        }
    }

    #[test]
    fn a_session_lasts_half_a_day_or_a_month_with_save_login() {
        TestFramework::<Session>::with(())
            .given_no_previous_events()
            .when(start(false))
            .then_expect_events(vec![started(12)]);
        TestFramework::<Session>::with(())
            .given_no_previous_events()
            .when(start(true))
            .then_expect_events(vec![started(30 * 24)]);
    }

    #[test]
    fn a_session_starts_once_and_ends_once() {
        TestFramework::<Session>::with(())
            .given(vec![started(12)])
            .when(start(false))
            .then_expect_error(SessionError::AlreadyStarted);
        let end = || SessionCommand::End {
            reason: SessionEndReason::SignedOut,
        };
        TestFramework::<Session>::with(())
            .given(vec![started(12)])
            .when(end())
            .then_expect_events(vec![SessionEvent::SessionEnded {
                reason: SessionEndReason::SignedOut,
            }]);
        TestFramework::<Session>::with(())
            .given(vec![
                started(12),
                SessionEvent::SessionEnded {
                    reason: SessionEndReason::SignedOut,
                },
            ])
            .when(end())
            .then_expect_events(vec![]);
        TestFramework::<Session>::with(())
            .given_no_previous_events()
            .when(end())
            .then_expect_events(vec![]);
    }

    #[test]
    fn only_an_open_session_is_reauthenticated() {
        TestFramework::<Session>::with(())
            .given(vec![started(12)])
            .when(SessionCommand::Reauthenticate)
            .then_expect_events(vec![SessionEvent::Reauthenticated {}]);
        for given in [
            vec![],
            vec![
                started(12),
                SessionEvent::SessionEnded {
                    reason: SessionEndReason::PasswordChanged,
                },
            ],
        ] {
            TestFramework::<Session>::with(())
                .given(given)
                .when(SessionCommand::Reauthenticate)
                .then_expect_error(SessionError::NotOpen);
        }
    }
}
