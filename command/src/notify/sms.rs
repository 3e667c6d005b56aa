//! SMS through an HTTP gateway (`SMS_GATEWAY_URL`), once per key; mail goes on to the mail
//! adapter it wraps (the mailbox or SMTP).
//!
//! The gateway speaks the Messages API most SMS providers offer in Twilio's shape:
//! `POST {url}/2010-04-01/Accounts/{account}/Messages.json` with the form fields `To`, `From`
//! and `Body`, HTTP Basic authentication `account:token`; any 2xx answer is sent. The key is
//! claimed in `notifications` first (key, channel and subject only: the text, which holds
//! codes, leaves no copy here), as the SMTP adapter does: a failed send frees it, a sent one
//! is marked. Neither the number nor the text is ever logged.

use std::time::Duration;

use sqlx::PgPool;

use super::{Channel, Message, Notifier, NotifierRef, NotifyError, Sent};

/// How long a claim may stay unsent before another sender takes it over.
pub const STALE_CLAIM: Duration = Duration::from_secs(10 * 60);

pub struct SmsGateway {
    pool: PgPool,
    client: reqwest::Client,
    endpoint: String,
    account: String,
    token: String,
    from: String,
    mail: NotifierRef,
}

impl SmsGateway {
    /// A gateway at `url` (http or https) for `account` with `token`, sending from `from` (a
    /// number in E.164, `+15550100000`); `mail` takes the mail. Nothing connects yet.
    pub fn new(
        pool: PgPool,
        url: &str,
        account: &str,
        token: &str,
        from: &str,
        mail: NotifierRef,
    ) -> Result<SmsGateway, NotifyError> {
        let url = url.trim().trim_end_matches('/');
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(NotifyError::Config {
                setting: "SMS_GATEWAY_URL",
                message: "must start with http:// or https://".into(),
            });
        }
        let account = account.trim();
        if account.is_empty() || !account.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(NotifyError::Config {
                setting: "SMS_ACCOUNT",
                message: "must be the gateway's account id (letters and digits)".into(),
            });
        }
        if token.trim().is_empty() {
            return Err(NotifyError::Config {
                setting: "SMS_TOKEN",
                message: "must be set with SMS_GATEWAY_URL".into(),
            });
        }
        let digits = from.trim().trim_start_matches('+');
        if !from.trim().starts_with('+')
            || digits.len() < 8
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(NotifyError::Config {
                setting: "SMS_FROM",
                message: "must be a number in E.164 form, like +15550100000".into(),
            });
        }
        Ok(SmsGateway {
            pool,
            client: crate::outbound::http_client(),
            endpoint: format!("{url}/2010-04-01/Accounts/{account}/Messages.json"),
            account: account.to_string(),
            token: token.trim().to_string(),
            from: from.trim().to_string(),
            mail,
        })
    }
}

/// A US number of ten digits in E.164 (`+1…`); other forms as given.
fn e164(number: &str) -> String {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    match digits.len() {
        10 => format!("+1{digits}"),
        11 if digits.starts_with('1') => format!("+{digits}"),
        _ => number.trim().to_string(),
    }
}

#[async_trait::async_trait]
impl Notifier for SmsGateway {
    async fn send(&self, message: Message) -> Result<Sent, NotifyError> {
        if message.channel != Channel::Sms {
            return self.mail.send(message).await;
        }
        if !super::outbox::claim(&self.pool, &message, STALE_CLAIM).await? {
            tracing::info!(key = %message.key, "notification sent before: not again");
            return Ok(Sent::Already);
        }
        let form = [
            ("To", e164(&message.to)),
            ("From", self.from.clone()),
            ("Body", message.text.clone()),
        ];
        let answer = self
            .client
            .post(&self.endpoint)
            .basic_auth(&self.account, Some(&self.token))
            .form(&form)
            .send()
            .await;
        let failure = match answer {
            Ok(answer) if answer.status().is_success() => None,
            Ok(answer) => Some(format!("the gateway answered {}", answer.status().as_u16())),
            // reqwest's error names the URL, never the form.
            Err(e) => Some(format!("the gateway did not answer ({})", e.without_url())),
        };
        if let Some(failure) = failure {
            tracing::warn!(key = %message.key, %failure, "SMS not sent: its key is free again");
            if let Err(db) =
                sqlx::query("DELETE FROM notifications WHERE key = $1 AND sent_at IS NULL")
                    .bind(&message.key)
                    .execute(&self.pool)
                    .await
            {
                tracing::warn!(key = %message.key, error = %db, "the claim of an unsent SMS stays until it is stale");
            }
            return Err(NotifyError::Sms(failure));
        }
        if let Err(db) = sqlx::query("UPDATE notifications SET sent_at = now() WHERE key = $1")
            .bind(&message.key)
            .execute(&self.pool)
            .await
        {
            tracing::warn!(key = %message.key, error = %db, "SMS sent, but not marked sent");
        }
        tracing::info!(key = %message.key, "notification sent by the SMS gateway");
        Ok(Sent::Now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn us_numbers_go_out_in_e164() {
        assert_eq!(e164("5552345678"), "+15552345678");
        assert_eq!(e164("(555) 234-5678"), "+15552345678");
        assert_eq!(e164("1 555 234 5678"), "+15552345678");
    }

    #[tokio::test]
    async fn settings_are_checked_before_anything_connects() {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap();
        let mail: NotifierRef = std::sync::Arc::new(super::super::Memory::default());
        let make = |url: &str, account: &str, token: &str, from: &str| {
            SmsGateway::new(pool.clone(), url, account, token, from, mail.clone()).err()
        };
        let setting = |e: Option<NotifyError>| match e {
            Some(NotifyError::Config { setting, .. }) => Some(setting),
            _ => None,
        };
        assert_eq!(setting(make("http://gw", "AC1", "t", "+15550100000")), None);
        assert_eq!(
            setting(make("gw", "AC1", "t", "+15550100000")),
            Some("SMS_GATEWAY_URL")
        );
        assert_eq!(
            setting(make("http://gw", "A C", "t", "+15550100000")),
            Some("SMS_ACCOUNT")
        );
        assert_eq!(
            setting(make("http://gw", "AC1", " ", "+15550100000")),
            Some("SMS_TOKEN")
        );
        assert_eq!(
            setting(make("http://gw", "AC1", "t", "5550100000")),
            Some("SMS_FROM")
        );
    }
}
