//! Mail through an SMTP server (`SMTP_URL`), once per key.
//!
//! Before sending, the message's key is claimed in `notifications` (a row with the key, the
//! channel and the subject, but no recipient, title or text: the mail leaves no copy here).
//! A key already claimed answers [`Sent::Already`] and sends nothing. A failed send deletes
//! the claim, so asking again sends; a sent one sets `sent_at`. A claim left without `sent_at`
//! for [`STALE_CLAIM`] belongs to a process that died while sending: it is taken over and the
//! mail sent again (at least once across such a crash, never twice otherwise).
//!
//! SMS over SMTP is not a thing: an [`Channel::Sms`] message that reaches this adapter (no
//! `SMS_GATEWAY_URL`: [`super::sms::SmsGateway`] takes SMS first when it is set) is kept in the
//! mailbox as [`super::outbox::Outbox`] does (readable with `storefront mail list|show`).

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use super::{outbox, Channel, Message, Notifier, NotifyError, Sent};

/// How long a claim may stay unsent before another sender takes it over: far beyond one
/// send's bounds ([`SMTP_TIMEOUT`] per SMTP command).
pub const STALE_CLAIM: Duration = Duration::from_secs(10 * 60);

/// How long the SMTP server may take over one command (connect, each reply).
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// Sends mail through one SMTP server, a connection per message.
pub struct Smtp {
    pool: PgPool,
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Smtp {
    /// `url` as lettre's `AsyncSmtpTransport::from_url` reads it: `smtp://host:port` (plain),
    /// `smtp://host:587?tls=required` (STARTTLS), `smtps://user:password@host:465` (TLS from
    /// the start), a path naming the EHLO host; `from` a mailbox like `Shop <no-reply@shop>`.
    /// Nothing connects yet. The errors repeat neither the URL nor its password.
    pub fn new(pool: PgPool, url: &str, from: &str) -> Result<Smtp, NotifyError> {
        let from = from.parse::<Mailbox>().map_err(|_| NotifyError::Config {
            setting: "MAIL_FROM",
            message: format!(
                "'{from}' is not a mailbox like Storefront <no-reply@storefront.local>"
            ),
        })?;
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| NotifyError::Config {
                setting: "SMTP_URL",
                message: format!(
                    "not an SMTP URL like smtp://host:25, smtp://host:587?tls=required or \
                     smtps://user:password@host:465 ({e})"
                ),
            })?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        Ok(Smtp {
            pool,
            transport,
            from,
        })
    }

    /// The mail of `message`: From, To, Subject, a Message-ID made from the key, plain text.
    pub fn mail(&self, message: &Message) -> Result<lettre::Message, NotifyError> {
        let to = message
            .to
            .parse::<Mailbox>()
            .map_err(|_| NotifyError::InvalidRecipient)?;
        lettre::Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(message.title.clone())
            .message_id(Some(message_id(&message.key, self.from.email.domain())))
            .header(ContentType::TEXT_PLAIN)
            .body(message.text.clone())
            .map_err(|e| NotifyError::Build(mask(&e.to_string(), &message.to)))
    }
}

#[async_trait::async_trait]
impl Notifier for Smtp {
    async fn send(&self, message: Message) -> Result<Sent, NotifyError> {
        if message.channel == Channel::Sms {
            let sent = outbox::record(&self.pool, &message).await?;
            tracing::info!(key = %message.key, ?sent, "SMS kept in the mailbox (no SMS gateway)");
            return Ok(sent);
        }
        // An unsendable message claims nothing.
        let mail = self.mail(&message)?;
        if !outbox::claim(&self.pool, &message, STALE_CLAIM).await? {
            tracing::info!(key = %message.key, "notification sent before: not again");
            return Ok(Sent::Already);
        }
        if let Err(e) = self.transport.send(mail).await {
            let error = NotifyError::Smtp(mask(&e.to_string(), &message.to));
            tracing::warn!(key = %message.key, %error, "notification not sent: its key is free again");
            if let Err(db) =
                sqlx::query("DELETE FROM notifications WHERE key = $1 AND sent_at IS NULL")
                    .bind(&message.key)
                    .execute(&self.pool)
                    .await
            {
                tracing::warn!(key = %message.key, error = %db, "the claim of an unsent notification stays until it is stale");
            }
            return Err(error);
        }
        if let Err(db) = sqlx::query("UPDATE notifications SET sent_at = now() WHERE key = $1")
            .bind(&message.key)
            .execute(&self.pool)
            .await
        {
            // Sent, but its claim looks unsent: taken over (sent again) once it is stale.
            tracing::warn!(key = %message.key, error = %db, "notification sent, but not marked sent");
        }
        tracing::info!(key = %message.key, "notification sent by SMTP");
        Ok(Sent::Now)
    }
}

/// `<HASH@DOMAIN>`: the same key always makes the same Message-ID (a receiver may drop a
/// copy that a crash made), and the key itself does not show.
fn message_id(key: &str, domain: &str) -> String {
    let hash = Sha256::digest(key.as_bytes());
    let hex: String = hash[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("<{hex}@{domain}>")
}

/// `text` without the recipient (an SMTP server's refusal often quotes the address), in any
/// case, as given and as its bare address.
fn mask(text: &str, to: &str) -> String {
    let mut needles = vec![to.trim().to_ascii_lowercase()];
    if let Ok(mailbox) = to.parse::<Mailbox>() {
        needles.push(mailbox.email.to_string().to_ascii_lowercase());
    }
    needles
        .iter()
        .filter(|needle| !needle.is_empty())
        .fold(text.to_string(), |text, needle| {
            // ASCII lower case keeps every byte offset.
            let lower = text.to_ascii_lowercase();
            let mut out = String::with_capacity(text.len());
            let mut last = 0;
            for (at, _) in lower.match_indices(needle.as_str()) {
                out.push_str(&text[last..at]);
                out.push_str("***");
                last = at + needle.len();
            }
            out.push_str(&text[last..]);
            out
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn smtp(url: &str) -> Result<Smtp, NotifyError> {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap();
        Smtp::new(pool, url, "Storefront <no-reply@storefront.local>")
    }

    fn message(to: &str) -> Message {
        Message {
            key: "verify:cu_1:1".into(),
            channel: Channel::Email,
            subject: Some("em_1".into()),
            to: to.into(),
            title: "Confirm your email".into(),
            text: "Open https://shop/verify?token=t0k".into(),
        }
    }

    #[tokio::test]
    async fn the_urls_lettre_reads_are_accepted_and_others_refused_without_the_password() {
        for url in [
            "smtp://127.0.0.1:2525",
            "smtp://mail.example.com:587?tls=required",
            "smtps://user:pa55@mail.example.com:465",
        ] {
            assert!(smtp(url).is_ok(), "{url}");
        }
        for url in [
            "http://user:pa55@mail.example.com",
            "not a url",
            "smtp://:pa55@",
        ] {
            let Err(e) = smtp(url) else {
                panic!("{url} accepted")
            };
            assert!(!e.to_string().contains("pa55"), "{e}");
        }
        let pool = sqlx::postgres::PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap();
        let e = Smtp::new(pool, "smtp://127.0.0.1:25", "nobody")
            .err()
            .expect("no mailbox");
        assert!(
            matches!(
                e,
                NotifyError::Config {
                    setting: "MAIL_FROM",
                    ..
                }
            ),
            "{e}"
        );
    }

    #[tokio::test]
    async fn a_mail_has_its_headers_and_a_message_id_from_the_key() {
        let smtp = smtp("smtp://127.0.0.1:2525").unwrap();
        let mail = smtp.mail(&message("Ada <ada@example.com>")).unwrap();
        let text = String::from_utf8(mail.formatted()).unwrap();
        assert!(text.contains("To: Ada <ada@example.com>"), "{text}");
        assert!(text.contains("Subject: Confirm your email"), "{text}");
        assert!(
            text.contains("From: Storefront <no-reply@storefront.local>"),
            "{text}"
        );
        let id = message_id("verify:cu_1:1", "storefront.local");
        assert!(text.contains(&format!("Message-ID: {id}")), "{text}");
        assert!(!id.contains("cu_1"));
        assert_eq!(id, message_id("verify:cu_1:1", "storefront.local"));
        assert_ne!(id, message_id("verify:cu_1:2", "storefront.local"));
    }

    #[tokio::test]
    async fn a_bad_recipient_is_refused_without_repeating_it() {
        let smtp = smtp("smtp://127.0.0.1:2525").unwrap();
        let e = smtp.mail(&message("not-an-address")).unwrap_err();
        assert!(matches!(e, NotifyError::InvalidRecipient));
        assert!(!e.to_string().contains("not-an-address"));
    }

    #[test]
    fn the_recipient_is_masked_in_errors() {
        let refusal = "permanent error (550): 5.1.1 <ada@example.com> unknown";
        for to in ["Ada@Example.com", "Ada Lovelace <ada@example.com>"] {
            assert_eq!(
                mask(refusal, to),
                "permanent error (550): 5.1.1 <***> unknown"
            );
        }
        assert_eq!(mask("network error", ""), "network error");
    }
}
