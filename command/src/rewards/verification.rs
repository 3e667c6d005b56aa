//! A verification session (spec 3, Verification data; spec 6: linking to an existing rewards
//! account wants a code sent by phone or email): keyed by `rewardsSessionId` (a random id the
//! server issues), bound to the browser that asked, for one rewards number. The code is six
//! digits, kept only as a keyed hash bound to the session (`code_hash`), valid for
//! [`CODE_MINUTES`]; [`MAX_ATTEMPTS`] wrong codes lock the session. How many codes a rewards
//! number, a browser or an address may ask for is counted across sessions (the routes' limits).

use chrono::{DateTime, Duration, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// The code's digits (spec 9).
pub const CODE_DIGITS: usize = 6;
/// How long a code is good for.
pub const CODE_MINUTES: i64 = 10;
/// Wrong codes before the session locks.
pub const MAX_ATTEMPTS: u32 = 5;

/// Whether `text` is a verification code: exactly six ASCII digits.
pub fn is_code(text: &str) -> bool {
    text.len() == CODE_DIGITS && text.bytes().all(|b| b.is_ascii_digit())
}

/// How the code reaches the member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Method {
    Phone,
    Email,
}

#[derive(Debug, Clone, PartialEq)]
pub enum VerificationCommand {
    /// A code was sent for `rewards_number` to the browser `visitor` (and the customer signed
    /// in there, if any).
    Start {
        rewards_number: String,
        method: Method,
        visitor: String,
        customer_id: Option<String>,
        code_hash: String,
        now: DateTime<Utc>,
    },
    /// A code typed: `code_hash` is its keyed hash for this session.
    Confirm {
        code_hash: String,
        now: DateTime<Utc>,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all_fields = "camelCase")]
pub enum VerificationEvent {
    VerificationStarted {
        rewards_number: String,
        method: Method,
        /// The visitor id of the browser that asked (pseudonymous, as carts carry it).
        visitor: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        customer_id: Option<String>,
        /// A keyed hash of the session id and the code; never the code.
        code_hash: String,
        expires_at: DateTime<Utc>,
    },
    VerificationCodeRejected {
        attempts: u32,
    },
    VerificationLocked {},
    VerificationConfirmed {
        at: DateTime<Utc>,
    },
}

impl DomainEvent for VerificationEvent {
    fn event_type(&self) -> String {
        match self {
            VerificationEvent::VerificationStarted { .. } => "VerificationStarted",
            VerificationEvent::VerificationCodeRejected { .. } => "VerificationCodeRejected",
            VerificationEvent::VerificationLocked { .. } => "VerificationLocked",
            VerificationEvent::VerificationConfirmed { .. } => "VerificationConfirmed",
        }
        .into()
    }
    fn event_version(&self) -> String {
        "1.0".into()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum VerificationError {
    #[error("no verification session has this id")]
    Unknown,
    #[error("this verification session was already started")]
    AlreadyStarted,
    #[error("the code has expired")]
    Expired,
    #[error("too many wrong codes")]
    Locked,
    #[error("the code was already used")]
    AlreadyUsed,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    pub rewards_number: Option<String>,
    pub method: Option<Method>,
    pub visitor: String,
    pub customer_id: Option<String>,
    pub code_hash: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub attempts: u32,
    pub locked: bool,
    pub confirmed: bool,
}

/// Compares two secrets (hashes, rewards numbers) without stopping at the first difference.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

impl Aggregate for Verification {
    const TYPE: &'static str = "RewardsVerification";
    type Command = VerificationCommand;
    type Event = VerificationEvent;
    type Error = VerificationError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            VerificationCommand::Start {
                rewards_number,
                method,
                visitor,
                customer_id,
                code_hash,
                now,
            } => {
                if self.rewards_number.is_some() {
                    return Err(VerificationError::AlreadyStarted);
                }
                let started = VerificationEvent::VerificationStarted {
                    rewards_number,
                    method,
                    visitor,
                    customer_id,
                    code_hash,
                    expires_at: now + Duration::minutes(CODE_MINUTES),
                };
                sink.write(started, self).await;
            }
            VerificationCommand::Confirm { code_hash, now } => {
                let Some(expires_at) = self.expires_at else {
                    return Err(VerificationError::Unknown);
                };
                if self.confirmed {
                    return Err(VerificationError::AlreadyUsed);
                }
                if self.locked {
                    return Err(VerificationError::Locked);
                }
                if now >= expires_at {
                    return Err(VerificationError::Expired);
                }
                if same(&code_hash, &self.code_hash) {
                    sink.write(VerificationEvent::VerificationConfirmed { at: now }, self)
                        .await;
                } else {
                    let attempts = self.attempts + 1;
                    sink.write(
                        VerificationEvent::VerificationCodeRejected { attempts },
                        self,
                    )
                    .await;
                    if attempts >= MAX_ATTEMPTS {
                        sink.write(VerificationEvent::VerificationLocked {}, self)
                            .await;
                    }
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            VerificationEvent::VerificationStarted {
                rewards_number,
                method,
                visitor,
                customer_id,
                code_hash,
                expires_at,
            } => {
                self.rewards_number = Some(rewards_number);
                self.method = Some(method);
                self.visitor = visitor;
                self.customer_id = customer_id;
                self.code_hash = code_hash;
                self.expires_at = Some(expires_at);
            }
            VerificationEvent::VerificationCodeRejected { attempts } => self.attempts = attempts,
            VerificationEvent::VerificationLocked {} => self.locked = true,
            VerificationEvent::VerificationConfirmed { .. } => self.confirmed = true,
        }
    }
}
