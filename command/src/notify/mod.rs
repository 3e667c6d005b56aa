//! The notifier port: email and SMS to customers (accounts, rewards, orders), sent once per
//! side effect. A message carries its side effect's own key (say `verify-email:cu_…:3`):
//! asked again with the same key, nothing is sent and the answer is [`Sent::Already`], so a
//! retried command or a replayed event never mails twice.
//!
//! Adapters: [`outbox::Outbox`], the local default (the `notifications` table is the mailbox:
//! `storefront mail list|show`), [`smtp::Smtp`] (`SMTP_URL`) for mail and
//! [`sms::SmsGateway`] (`SMS_GATEWAY_URL`) for SMS. [`Memory`] keeps messages
//! in memory for tests.
//!
//! Messages hold addresses and single-use links: no adapter logs `to`, `title` or `text`,
//! only the key (and `Debug` of a [`Message`] hides them too).

pub mod outbox;
pub mod sms;
pub mod smtp;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

/// How a message reaches its recipient.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    Email,
    Sms,
}

impl Channel {
    /// The name stored in `notifications.channel`: `email` or `sms`.
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Sms => "sms",
        }
    }

    /// The channel of a stored name.
    pub fn parse(name: &str) -> Option<Channel> {
        match name {
            "email" => Some(Channel::Email),
            "sms" => Some(Channel::Sms),
            _ => None,
        }
    }
}

impl std::fmt::Display for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One message to one recipient.
#[derive(Clone, PartialEq, Eq)]
pub struct Message {
    /// The side effect's own key: a message is sent once per key, however often asked.
    pub key: String,
    pub channel: Channel,
    /// The privacy subject (keyed hash) the recipient belongs to, so `privacy forget` can
    /// erase the message.
    pub subject: Option<String>,
    /// An email address, or a phone number for SMS.
    pub to: String,
    /// The subject line of a mail (an SMS has none: kept for the mailbox only).
    pub title: String,
    /// The plain text.
    pub text: String,
}

/// Only the key, the channel and the subject: the rest holds addresses and links.
impl std::fmt::Debug for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Message")
            .field("key", &self.key)
            .field("channel", &self.channel)
            .field("subject", &self.subject)
            .finish_non_exhaustive()
    }
}

/// What [`Notifier::send`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sent {
    /// The message went now.
    Now,
    /// A message with this key went before: nothing sent.
    Already,
}

/// Why a message did not go (no address, title or text in any of them). After an error
/// nothing was sent and the key is free: asking again may send.
#[derive(Debug, thiserror::Error)]
pub enum NotifyError {
    /// The notifications table could not be read or written.
    #[error("notifications table: {0}")]
    Database(#[from] sqlx::Error),
    /// The recipient is no email address (the address is not repeated here).
    #[error("the recipient is not a valid email address")]
    InvalidRecipient,
    /// The mail could not be made from the message.
    #[error("the mail could not be built: {0}")]
    Build(String),
    /// The SMTP server was unreachable or refused the mail (the recipient masked).
    #[error("SMTP: {0}")]
    Smtp(String),
    /// The SMS gateway was unreachable or refused the message (no number or text here).
    #[error("SMS gateway: {0}")]
    Sms(String),
    /// One of the adapter's settings is wrong (`SMTP_URL`, `MAIL_FROM`).
    #[error("{setting}: {message}")]
    Config {
        setting: &'static str,
        message: String,
    },
}

/// Sends messages, once per key.
#[async_trait::async_trait]
pub trait Notifier: Send + Sync {
    /// Sends `message` unless one with its key was sent before ([`Sent::Already`]).
    async fn send(&self, message: Message) -> Result<Sent, NotifyError>;
}

/// The notifier the command handlers and services share.
pub type NotifierRef = Arc<dyn Notifier>;

/// A notifier that keeps what it sends in memory, once per key: for aggregate and service
/// tests (`memory.sent()` is what went, in order).
#[derive(Default)]
pub struct Memory {
    state: Mutex<(HashSet<String>, Vec<Message>)>,
}

impl Memory {
    /// The messages sent so far, in order.
    pub fn sent(&self) -> Vec<Message> {
        self.lock().1.clone()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (HashSet<String>, Vec<Message>)> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[async_trait::async_trait]
impl Notifier for Memory {
    async fn send(&self, message: Message) -> Result<Sent, NotifyError> {
        let mut state = self.lock();
        if !state.0.insert(message.key.clone()) {
            return Ok(Sent::Already);
        }
        state.1.push(message);
        Ok(Sent::Now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(key: &str) -> Message {
        Message {
            key: key.into(),
            channel: Channel::Email,
            subject: Some("em_1".into()),
            to: "ada@example.com".into(),
            title: "Your link".into(),
            text: "https://shop/verify?token=secret".into(),
        }
    }

    #[tokio::test]
    async fn a_key_is_sent_once() {
        let memory = Memory::default();
        assert_eq!(memory.send(message("k1")).await.unwrap(), Sent::Now);
        assert_eq!(memory.send(message("k1")).await.unwrap(), Sent::Already);
        assert_eq!(memory.send(message("k2")).await.unwrap(), Sent::Now);
        let keys: Vec<String> = memory.sent().into_iter().map(|m| m.key).collect();
        assert_eq!(keys, ["k1", "k2"]);
    }

    #[test]
    fn debug_shows_neither_address_nor_text() {
        let shown = format!("{:?}", message("k1"));
        assert!(shown.contains("k1"), "{shown}");
        for hidden in ["ada@example.com", "Your link", "secret"] {
            assert!(!shown.contains(hidden), "{shown}");
        }
    }

    #[test]
    fn channels_have_stored_names() {
        for channel in [Channel::Email, Channel::Sms] {
            assert_eq!(Channel::parse(channel.as_str()), Some(channel));
        }
        assert_eq!(Channel::parse("fax"), None);
    }
}
