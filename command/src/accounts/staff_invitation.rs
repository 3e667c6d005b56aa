//! An invitation to join the staff (`storefront staff invite`), one aggregate per invitation id
//! (`si_` and 32 hex digits, made at random). It holds the keyed hash of the invited email (the
//! address itself travels only in the mail), the roles it grants, and the SHA-256 of the
//! link's single-use 256-bit token. Accepting it once, before it expires, with the token and
//! the invited address, records `StaffInvitationAccepted`; the customer then gets the roles
//! (`Customer.StaffRolesGranted`).

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// How long an invitation link works.
pub const STAFF_INVITATION_DAYS: i64 = 7;

/// A new invitation id: `si_` and 32 hex digits.
pub fn new_invitation_id() -> String {
    format!("si_{}", kernel::identity::new_id())
}

/// A new single-use token: 256 random bits (the operating system's generator) as 64 hex digits.
pub fn new_invitation_token() -> String {
    use chacha20poly1305::aead::Generate;
    chacha20poly1305::Key::generate()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffInvitationCommand {
    Invite {
        /// `PrivacyKeys::subject_for_email` of the invited address.
        email_subject: String,
        /// Role names (`merchandiser`, `analyst`, `operator`).
        roles: Vec<String>,
        /// SHA-256 (hex) of the link's token.
        token_hash: String,
        expires_at: DateTime<Utc>,
    },
    /// The invitation's link was used by the invited person, now `customer_id`.
    Accept {
        token_hash: String,
        email_subject: String,
        customer_id: String,
        now: DateTime<Utc>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum StaffInvitationEvent {
    /// An invitation was made and mailed: the subject, never the address; the token's hash,
    /// never the token.
    StaffInvited {
        email_subject: String,
        roles: Vec<String>,
        token_hash: String,
        expires_at: DateTime<Utc>,
    },
    /// The invitation was used (once): the customer who holds its roles.
    StaffInvitationAccepted { customer_id: String },
}

impl DomainEvent for StaffInvitationEvent {
    fn event_type(&self) -> String {
        match self {
            StaffInvitationEvent::StaffInvited { .. } => "StaffInvited",
            StaffInvitationEvent::StaffInvitationAccepted { .. } => "StaffInvitationAccepted",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StaffInvitationError {
    #[error("this invitation exists already")]
    AlreadyInvited,
    /// Unknown, used, expired, or the token is wrong.
    #[error("this invitation is not valid")]
    Invalid,
    /// Valid, but for another email address.
    #[error("this invitation is for another email address")]
    OtherEmail,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct StaffInvitation {
    pub email_subject: Option<String>,
    pub roles: Vec<String>,
    pub token_hash: String,
    pub expires_at: Option<DateTime<Utc>>,
    /// Who accepted it (then it is used up).
    pub accepted_by: Option<String>,
}

impl StaffInvitation {
    /// Whether a link with `token_hash` may be used `now` by the owner of `email_subject`.
    pub fn check(
        &self,
        token_hash: &str,
        email_subject: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StaffInvitationError> {
        let unexpired = self.expires_at.is_some_and(|at| at > now);
        // Hashes of random tokens: comparing them tells nothing of the token.
        if self.email_subject.is_none()
            || self.accepted_by.is_some()
            || !unexpired
            || self.token_hash != token_hash
        {
            return Err(StaffInvitationError::Invalid);
        }
        if self.email_subject.as_deref() != Some(email_subject) {
            return Err(StaffInvitationError::OtherEmail);
        }
        Ok(())
    }
}

impl Aggregate for StaffInvitation {
    const TYPE: &'static str = "StaffInvitation";
    type Command = StaffInvitationCommand;
    type Event = StaffInvitationEvent;
    type Error = StaffInvitationError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            StaffInvitationCommand::Invite {
                email_subject,
                roles,
                token_hash,
                expires_at,
            } => {
                if self.email_subject.is_some() {
                    return Err(StaffInvitationError::AlreadyInvited);
                }
                let event = StaffInvitationEvent::StaffInvited {
                    email_subject,
                    roles,
                    token_hash,
                    expires_at,
                };
                sink.write(event, self).await;
            }
            StaffInvitationCommand::Accept {
                token_hash,
                email_subject,
                customer_id,
                now,
            } => {
                self.check(&token_hash, &email_subject, now)?;
                sink.write(
                    StaffInvitationEvent::StaffInvitationAccepted { customer_id },
                    self,
                )
                .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            StaffInvitationEvent::StaffInvited {
                email_subject,
                roles,
                token_hash,
                expires_at,
            } => {
                self.email_subject = Some(email_subject);
                self.roles = roles;
                self.token_hash = token_hash;
                self.expires_at = Some(expires_at);
            }
            StaffInvitationEvent::StaffInvitationAccepted { customer_id } => {
                self.accepted_by = Some(customer_id)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;

    use super::*;

    fn at(hours: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap() + chrono::Duration::hours(hours)
    }

    fn invited() -> StaffInvitationEvent {
        StaffInvitationEvent::StaffInvited {
            email_subject: "em_1".into(),
            roles: vec!["merchandiser".into()],
            token_hash: "h1".into(),
            expires_at: at(24),
        }
    }

    fn accept(token_hash: &str, subject: &str, now: DateTime<Utc>) -> StaffInvitationCommand {
        StaffInvitationCommand::Accept {
            token_hash: token_hash.into(),
            email_subject: subject.into(),
            customer_id: "cu_1".into(),
            now,
        }
    }

    #[test]
    fn an_invitation_is_accepted_once_with_its_token_its_address_and_in_time() {
        let accepted = StaffInvitationEvent::StaffInvitationAccepted {
            customer_id: "cu_1".into(),
        };
        TestFramework::<StaffInvitation>::with(())
            .given(vec![invited()])
            .when(accept("h1", "em_1", at(1)))
            .then_expect_events(vec![accepted.clone()]);
        TestFramework::<StaffInvitation>::with(())
            .given(vec![invited(), accepted])
            .when(accept("h1", "em_1", at(1)))
            .then_expect_error(StaffInvitationError::Invalid);
        TestFramework::<StaffInvitation>::with(())
            .given(vec![invited()])
            .when(accept("h2", "em_1", at(1)))
            .then_expect_error(StaffInvitationError::Invalid);
        TestFramework::<StaffInvitation>::with(())
            .given(vec![invited()])
            .when(accept("h1", "em_1", at(25)))
            .then_expect_error(StaffInvitationError::Invalid);
        TestFramework::<StaffInvitation>::with(())
            .given(vec![invited()])
            .when(accept("h1", "em_2", at(1)))
            .then_expect_error(StaffInvitationError::OtherEmail);
        TestFramework::<StaffInvitation>::with(())
            .given_no_previous_events()
            .when(accept("h1", "em_1", at(1)))
            .then_expect_error(StaffInvitationError::Invalid);
    }
}
