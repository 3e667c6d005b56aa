//! Settings from flags and environment, and connecting to the services they name. Every
//! failure names the setting and what is wrong, never a panic or a stack trace, and never a
//! password.

use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use projections::bus::BusConfig;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

/// Defaults of the embedded set-up that the README's run command starts.
pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:55432/storefront";
pub const DEFAULT_KAFKA_BROKERS: &str = "127.0.0.1:9092";
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";

/// A configuration problem, phrased for the operator.
#[derive(Debug, thiserror::Error)]
#[error("{setting}: {message}")]
pub struct SettingError {
    pub setting: &'static str,
    pub message: String,
}

pub fn setting_error(setting: &'static str, message: impl Into<String>) -> SettingError {
    SettingError {
        setting,
        message: message.into(),
    }
}

/// Query parameters whose values are secrets: every parameter whose name contains one of these
/// (case-insensitive), e.g. `password`, `sslpassword`, `auth_token`, `secret_key`.
const SECRET_PARAMETER_WORDS: &[&str] = &["pass", "secret", "token", "key"];

/// The URL with every secret replaced by `***`, for messages and logs: the password of
/// `user:pass@` and the value of every secret query parameter (`?password=`, `sslpassword=`,
/// see [`SECRET_PARAMETER_WORDS`]); the rest stays readable. Malformed URLs (an unencoded `?`,
/// `/` or `@` in the password) are covered too.
pub fn redact_url(url: &str) -> String {
    let (head, tail) = match url.split_once('?') {
        Some((head, tail)) => (head, Some(tail)),
        None => (url, None),
    };
    let mut redacted = redact_userinfo(head);
    if let Some(tail) = tail {
        let (query, fragment) = match tail.split_once('#') {
            Some((query, fragment)) => (query, Some(fragment)),
            None => (tail, None),
        };
        let query: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((name, _)) if is_secret_parameter(name) => format!("{name}=***"),
                _ => pair.to_string(),
            })
            .collect();
        redacted.push('?');
        redacted.push_str(&query.join("&"));
        if let Some(fragment) = fragment {
            redacted.push('#');
            redacted.push_str(fragment);
        }
    }
    // A malformed URL (an unencoded '?' in the password) hides its password from the reading
    // above: hide what a sloppier reading takes for the password wherever it appears.
    match sloppy_password(url) {
        Some(password) if !password.is_empty() => redacted.replace(password, "***"),
        _ => redacted,
    }
}

/// The password as read up to the last '@' of the whole URL, when that differs from the
/// userinfo before the query (an '@' after the first '?').
fn sloppy_password(url: &str) -> Option<&str> {
    let rest = &url[url.find("://")? + 3..];
    let before_query = rest.split('?').next().unwrap_or("");
    let at = rest.rfind('@')?;
    if before_query.rfind('@') == Some(at) {
        return None;
    }
    rest[..at].split_once(':').map(|(_, password)| password)
}

/// `scheme://user:***@rest` for the part of a URL before its query.
fn redact_userinfo(head: &str) -> String {
    match (head.find("://"), head.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &head[scheme_end + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => {
                    format!("{}{}:***{}", &head[..scheme_end + 3], user, &head[at..])
                }
                None => head.to_string(),
            }
        }
        _ => head.to_string(),
    }
}

fn is_secret_parameter(name: &str) -> bool {
    let name = percent_decode(name, true).to_ascii_lowercase();
    SECRET_PARAMETER_WORDS.iter().any(|w| name.contains(w))
}

/// `text` with every secret of `url` (its password and secret query values, as written and
/// decoded) replaced by `***`: the second layer for messages of libraries that may echo them.
pub fn redact_secrets(text: &str, url: &str) -> String {
    let mut secrets = secrets_in(url);
    secrets.sort_by_key(|s| std::cmp::Reverse(s.len()));
    secrets.dedup();
    secrets
        .iter()
        .filter(|s| !s.is_empty() && s.as_str() != "***")
        .fold(text.to_string(), |text, secret| text.replace(secret, "***"))
}

/// Everything in `url` that could be a secret, read liberally (a malformed URL may hide its
/// password behind an unencoded `?` or `@`).
fn secrets_in(url: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut add = |raw: &str, form: bool| {
        found.push(raw.to_string());
        found.push(percent_decode(raw, false));
        if form {
            found.push(percent_decode(raw, true));
        }
    };
    if let Some(scheme_end) = url.find("://") {
        let rest = &url[scheme_end + 3..];
        let before_query = rest.split('?').next().unwrap_or("");
        // The userinfo as a URL parser reads it (last '@' before the query) and as a sloppy
        // one may (last '@' anywhere).
        for at in [before_query.rfind('@'), rest.rfind('@')]
            .into_iter()
            .flatten()
        {
            if let Some((_, password)) = rest[..at].split_once(':') {
                add(password, false);
            }
        }
    }
    if let Some((_, query)) = url.split_once('?') {
        let query = query.split('#').next().unwrap_or("");
        for pair in query.split('&') {
            if let Some((name, value)) = pair.split_once('=') {
                if is_secret_parameter(name) {
                    add(value, true);
                }
            }
        }
    }
    found
}

/// `%xx` escapes decoded (and `+` as a space in query strings); invalid escapes stay as written.
fn percent_decode(text: &str, plus_as_space: bool) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' if plus_as_space => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The connection parameters sqlx reads whose names look secret: `password` (it is the
/// password) and `sslkey` (a file's path). Any other parameter whose name contains pass, key,
/// secret or token is taken out of the URL before sqlx sees it: sqlx logs a parameter it does
/// not know with its value (`sslpassword=…` in clear in the startup warning).
const SECRET_LOOKING_PARAMETERS_READ: [&str; 2] = ["password", "sslkey"];

/// `url` without the secret-looking query parameters sqlx would not read (see
/// [`SECRET_LOOKING_PARAMETERS_READ`]), and the names of those taken out.
pub fn without_unread_secrets(url: &str) -> (String, Vec<String>) {
    let Some((head, tail)) = url.split_once('?') else {
        return (url.to_string(), vec![]);
    };
    let (query, fragment) = match tail.split_once('#') {
        Some((q, f)) => (q, Some(f)),
        None => (tail, None),
    };
    let mut dropped = vec![];
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            let name = pair.split_once('=').map_or(*pair, |(n, _)| n);
            let lower = percent_decode(name, true).to_ascii_lowercase();
            let drop = is_secret_parameter(name)
                && !SECRET_LOOKING_PARAMETERS_READ.contains(&lower.as_str());
            if drop {
                dropped.push(lower);
            }
            !drop
        })
        .collect();
    let mut out = head.to_string();
    if !kept.is_empty() {
        out.push('?');
        out.push_str(&kept.join("&"));
    }
    if let Some(f) = fragment {
        out.push('#');
        out.push_str(f);
    }
    (out, dropped)
}

pub async fn connect_database(url: &str, max_connections: u32) -> Result<PgPool, SettingError> {
    let (url, dropped) = without_unread_secrets(url);
    let url = url.as_str();
    for name in dropped {
        tracing::warn!(
            parameter = %name,
            "DATABASE_URL: a parameter PostgreSQL connections do not use was ignored (its value is not shown)"
        );
    }
    let options = PgConnectOptions::from_str(url).map_err(|_| {
        setting_error(
            "DATABASE_URL",
            format!(
                "'{}' is not a PostgreSQL URL like postgres://user@host:5432/db",
                redact_url(url)
            ),
        )
    })?;
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .connect_with(options)
        .await
        .map_err(|e| {
            setting_error(
                "DATABASE_URL",
                format!(
                    "cannot reach PostgreSQL at {}: {}",
                    redact_url(url),
                    redact_secrets(&describe_sqlx(&e), url)
                ),
            )
        })
}

fn describe_sqlx(e: &sqlx::Error) -> String {
    match e {
        sqlx::Error::Database(db) => db.message().to_string(),
        sqlx::Error::Io(io) => io.to_string(),
        sqlx::Error::PoolTimedOut => "timed out".to_string(),
        other => other.to_string(),
    }
}

pub async fn check_broker(bus: &BusConfig) -> Result<(), SettingError> {
    bus.check(Duration::from_secs(5)).await.map_err(|e| {
        setting_error(
            "KAFKA_BROKERS",
            format!("cannot reach the Kafka broker: {e}"),
        )
    })
}

pub fn parse_bind(value: &str) -> Result<SocketAddr, SettingError> {
    value.parse().map_err(|_| {
        setting_error(
            "BIND",
            format!("'{value}' is not an address like 127.0.0.1:8080"),
        )
    })
}

/// Which captcha sign-in asks for after wrong passwords (docs/deploy.md, "Captcha"), read from the
/// environment: `CAPTCHA` is `proof-of-work` (the default; `CAPTCHA_DIFFICULTY` bits, 18 unless
/// set) or `recaptcha` (`RECAPTCHA_SITE_KEY` and `RECAPTCHA_SECRET` both needed;
/// `RECAPTCHA_VERIFY_URL` defaults to Google's verify call).
#[derive(Clone, PartialEq, Eq)]
pub enum CaptchaSetting {
    ProofOfWork {
        difficulty: u8,
    },
    Recaptcha {
        site_key: String,
        secret: String,
        verify_url: String,
    },
}

impl std::fmt::Debug for CaptchaSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::ProofOfWork { difficulty } => f
                .debug_struct("ProofOfWork")
                .field("difficulty", difficulty)
                .finish(),
            // Never the secret.
            Self::Recaptcha {
                site_key,
                verify_url,
                ..
            } => f
                .debug_struct("Recaptcha")
                .field("site_key", site_key)
                .field("verify_url", &redact_url(verify_url))
                .finish_non_exhaustive(),
        }
    }
}

impl CaptchaSetting {
    /// The origins the pages must be allowed to load this captcha from (none for proof of work).
    pub fn origins(&self) -> Vec<String> {
        match self {
            Self::ProofOfWork { .. } => vec![],
            Self::Recaptcha { .. } => command::accounts::captcha::RECAPTCHA_ORIGINS
                .iter()
                .map(|o| o.to_string())
                .collect(),
        }
    }

    /// The setting from `get` (a variable's value; blank counts as unset).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, SettingError> {
        use command::accounts::captcha::{
            DEFAULT_DIFFICULTY, MAX_DIFFICULTY, RECAPTCHA_VERIFY_URL,
        };
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let kind = get("CAPTCHA").unwrap_or_else(|| "proof-of-work".into());
        match kind.to_ascii_lowercase().as_str() {
            "proof-of-work" => {
                let difficulty = match get("CAPTCHA_DIFFICULTY") {
                    None => DEFAULT_DIFFICULTY,
                    Some(bits) => bits
                        .parse::<u8>()
                        .ok()
                        .filter(|b| (1..=MAX_DIFFICULTY).contains(b))
                        .ok_or_else(|| {
                            setting_error(
                                "CAPTCHA_DIFFICULTY",
                                format!(
                                    "'{bits}' is not a number of bits from 1 to {MAX_DIFFICULTY} \
                                     (the default, {DEFAULT_DIFFICULTY}, takes a browser a fraction \
                                     of a second)"
                                ),
                            )
                        })?,
                };
                for name in ["RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET"] {
                    if get(name).is_some() {
                        tracing::warn!(
                            "{name} is set but CAPTCHA is proof-of-work: reCAPTCHA is not used \
                             (set CAPTCHA=recaptcha to use it)"
                        );
                    }
                }
                Ok(Self::ProofOfWork { difficulty })
            }
            "recaptcha" => match (get("RECAPTCHA_SITE_KEY"), get("RECAPTCHA_SECRET")) {
                (Some(site_key), Some(secret)) => Ok(Self::Recaptcha {
                    site_key,
                    secret,
                    verify_url: get("RECAPTCHA_VERIFY_URL")
                        .unwrap_or_else(|| RECAPTCHA_VERIFY_URL.into()),
                }),
                (site_key, _) => Err(setting_error(
                    "CAPTCHA",
                    format!(
                        "CAPTCHA=recaptcha needs RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET (the site's \
                         keys from the reCAPTCHA admin console); {} not set. Unset CAPTCHA for the \
                         built-in proof-of-work captcha",
                        if site_key.is_none() {
                            "RECAPTCHA_SITE_KEY is"
                        } else {
                            "RECAPTCHA_SECRET is"
                        }
                    ),
                )),
            },
            _ => Err(setting_error(
                "CAPTCHA",
                format!("'{kind}' is not one of proof-of-work, recaptcha"),
            )),
        }
    }

    /// The adapter: proof of work keyed from the cookie keyring (so every replica with the
    /// same `COOKIE_KEYS` accepts the others' challenges) and spending solutions in `pool`; or
    /// reCAPTCHA.
    pub fn build(
        &self,
        pool: &PgPool,
        keyring: &kernel::secrets::Keyring,
    ) -> Result<command::accounts::captcha::CaptchaRef, SettingError> {
        use command::accounts::captcha::{key_from_keyring, ProofOfWork, Recaptcha};
        Ok(match self {
            Self::ProofOfWork { difficulty } => std::sync::Arc::new(ProofOfWork::new(
                pool.clone(),
                key_from_keyring(keyring),
                *difficulty,
            )),
            Self::Recaptcha {
                site_key,
                secret,
                verify_url,
            } => std::sync::Arc::new(
                Recaptcha::new(site_key.as_str(), secret.as_str(), verify_url)
                    .map_err(|e| setting_error("RECAPTCHA_VERIFY_URL", e))?,
            ),
        })
    }
}

/// The From of every mail unless `MAIL_FROM` says otherwise.
pub const DEFAULT_MAIL_FROM: &str = "Storefront <no-reply@storefront.local>";

/// How mail and SMS leave the store (`command::notify`), read from the environment:
/// `SMTP_URL` unset (or blank) keeps every message in the local mailbox (the `notifications`
/// table, `storefront mail list|show`); set, mail goes through that SMTP server
/// (`smtp://host:25`, `smtp://host:587?tls=required`, `smtps://user:password@host:465`) from
/// `MAIL_FROM` ([`DEFAULT_MAIL_FROM`] unless set).
#[derive(Clone, PartialEq, Eq)]
pub enum NotifierSetting {
    Mailbox,
    Smtp { url: String, from: String },
}

impl std::fmt::Debug for NotifierSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Mailbox => f.write_str("Mailbox"),
            // Never the password.
            Self::Smtp { url, from } => f
                .debug_struct("Smtp")
                .field("url", &redact_url(url))
                .field("from", from)
                .finish(),
        }
    }
}

impl NotifierSetting {
    /// The setting from `get` (a variable's value; blank counts as unset).
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Self {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        match get("SMTP_URL") {
            None => Self::Mailbox,
            Some(url) => Self::Smtp {
                url,
                from: get("MAIL_FROM").unwrap_or_else(|| DEFAULT_MAIL_FROM.into()),
            },
        }
    }

    /// The adapter, writing its rows to `pool`. A bad URL or From names its setting (without
    /// the URL's password).
    pub fn build(&self, pool: &PgPool) -> Result<command::notify::NotifierRef, SettingError> {
        use command::notify::{outbox::Outbox, smtp::Smtp};
        match self {
            Self::Mailbox => {
                tracing::info!(
                    "SMTP_URL is not set: mail (and SMS without SMS_GATEWAY_URL) is kept in the local mailbox \
                     (`storefront mail list`)"
                );
                Ok(std::sync::Arc::new(Outbox { pool: pool.clone() }))
            }
            Self::Smtp { url, from } => {
                let smtp = Smtp::new(pool.clone(), url, from).map_err(|e| match e {
                    command::notify::NotifyError::Config { setting, message } => {
                        let message = redact_secrets(&message, url);
                        match setting {
                            "SMTP_URL" => setting_error(
                                setting,
                                format!("'{}' is {message}", redact_url(url)),
                            ),
                            _ => setting_error(setting, message),
                        }
                    }
                    other => setting_error("SMTP_URL", redact_secrets(&other.to_string(), url)),
                })?;
                tracing::info!(smtp = %redact_url(url), "mail is sent by SMTP");
                Ok(std::sync::Arc::new(smtp))
            }
        }
    }
}

/// SMS through an HTTP gateway (`SMS_GATEWAY_URL`, `SMS_ACCOUNT`, `SMS_TOKEN`, `SMS_FROM`):
/// unset, SMS stay in the local mailbox.
#[derive(Clone)]
pub struct SmsSetting {
    pub url: String,
    pub account: String,
    pub token: String,
    pub from: String,
}

impl std::fmt::Debug for SmsSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the token.
        f.debug_struct("SmsSetting")
            .field("url", &redact_url(&self.url))
            .field("account", &self.account)
            .field("from", &self.from)
            .finish_non_exhaustive()
    }
}

impl SmsSetting {
    /// The setting from `get`: none without `SMS_GATEWAY_URL`; with it, the other three are
    /// required.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<SmsSetting>, SettingError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let Some(url) = get("SMS_GATEWAY_URL") else {
            return Ok(None);
        };
        let need = |name: &'static str| {
            get(name).ok_or_else(|| setting_error(name, "must be set with SMS_GATEWAY_URL"))
        };
        Ok(Some(SmsSetting {
            url,
            account: need("SMS_ACCOUNT")?,
            token: need("SMS_TOKEN")?,
            from: need("SMS_FROM")?,
        }))
    }

    /// The gateway, with `mail` taking the mail.
    pub fn build(
        &self,
        pool: &PgPool,
        mail: command::notify::NotifierRef,
    ) -> Result<command::notify::NotifierRef, SettingError> {
        let gateway = command::notify::sms::SmsGateway::new(
            pool.clone(),
            &self.url,
            &self.account,
            &self.token,
            &self.from,
            mail,
        )
        .map_err(|e| match e {
            command::notify::NotifyError::Config { setting, message } => {
                setting_error(setting, message)
            }
            other => setting_error("SMS_GATEWAY_URL", other.to_string()),
        })?;
        tracing::info!(gateway = %redact_url(&self.url), "SMS are sent by the gateway");
        Ok(std::sync::Arc::new(gateway))
    }
}

/// Card payments through a gateway over HTTP (`PAYMENT_GATEWAY_URL` with
/// `PAYMENT_GATEWAY_SECRET`, `command::ordering::payment_http`): unset, the local gateway
/// (`local_payments`, its test cards) takes them.
#[derive(Clone)]
pub struct PaymentSetting {
    pub url: String,
    pub secret: String,
}

impl std::fmt::Debug for PaymentSetting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.debug_struct("PaymentSetting")
            .field("url", &redact_url(&self.url))
            .finish_non_exhaustive()
    }
}

impl PaymentSetting {
    /// The setting from `get` (blank counts as unset): none without either variable; the
    /// secret is required with the URL, and a secret without a URL is refused too (the local
    /// gateway would take the payments and charge no card).
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<PaymentSetting>, SettingError> {
        let get = |name: &str| {
            get(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        match (get("PAYMENT_GATEWAY_URL"), get("PAYMENT_GATEWAY_SECRET")) {
            (None, None) => Ok(None),
            (Some(url), Some(secret)) => Ok(Some(PaymentSetting { url, secret })),
            (Some(_), None) => Err(setting_error(
                "PAYMENT_GATEWAY_SECRET",
                "must be set with PAYMENT_GATEWAY_URL",
            )),
            (None, Some(_)) => Err(setting_error(
                "PAYMENT_GATEWAY_URL",
                "must be set with PAYMENT_GATEWAY_SECRET",
            )),
        }
    }

    /// The HTTP gateway; a URL that is not https (but to this machine) or an unusable secret
    /// names its setting, without the secret.
    pub fn build(&self) -> Result<command::ordering::payment_http::HttpGateway, SettingError> {
        command::ordering::payment_http::HttpGateway::new(&self.url, &self.secret).map_err(|e| {
            let mut message = redact_secrets(&e.message, &self.url);
            if !self.secret.is_empty() {
                message = message.replace(&self.secret, "***");
            }
            match e.setting {
                "PAYMENT_GATEWAY_URL" => {
                    setting_error(e.setting, format!("'{}' {message}", redact_url(&self.url)))
                }
                _ => setting_error(e.setting, message),
            }
        })
    }
}

/// The payment gateway of the command role: the HTTP one when `setting` is some, else the local
/// one on `pool`. Which it is goes to the log once per process.
pub fn payment_gateway(
    setting: Option<&PaymentSetting>,
    pool: &PgPool,
) -> Result<command::ordering::payment::PaymentRef, SettingError> {
    static ANNOUNCED: std::sync::Once = std::sync::Once::new();
    match setting {
        Some(setting) => {
            let gateway = setting.build()?;
            ANNOUNCED.call_once(|| {
                tracing::info!(
                    gateway = %redact_url(gateway.base_url()),
                    "card payments go through the payment gateway"
                )
            });
            Ok(std::sync::Arc::new(gateway))
        }
        None => {
            ANNOUNCED.call_once(|| {
                tracing::warn!(
                    "PAYMENT_GATEWAY_URL is not set: card payments go to the local gateway \
                     (`local_payments`, test cards): no card is charged"
                )
            });
            Ok(std::sync::Arc::new(
                command::ordering::payment::LocalGateway { pool: pool.clone() },
            ))
        }
    }
}

/// Ends the process over a setting's problem, worded as `main` words a failure to start: for
/// settings read while the router is assembled, where no error can be returned.
pub fn refuse_to_start(e: SettingError) -> ! {
    tracing::error!(setting = e.setting, "{}", e.message);
    eprintln!("error: {e}");
    std::process::exit(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn captcha_setting(vars: &[(&str, &str)]) -> Result<CaptchaSetting, SettingError> {
        CaptchaSetting::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_captcha_is_proof_of_work_unless_recaptcha_is_chosen_with_both_keys() {
        assert_eq!(
            captcha_setting(&[]).unwrap(),
            CaptchaSetting::ProofOfWork { difficulty: 18 }
        );
        assert_eq!(
            captcha_setting(&[("CAPTCHA", "proof-of-work"), ("CAPTCHA_DIFFICULTY", "20")]).unwrap(),
            CaptchaSetting::ProofOfWork { difficulty: 20 }
        );
        for bits in ["0", "33", "many", "-1"] {
            let e = captcha_setting(&[("CAPTCHA_DIFFICULTY", bits)]).unwrap_err();
            assert_eq!(e.setting, "CAPTCHA_DIFFICULTY");
        }
        let chosen = captcha_setting(&[
            ("CAPTCHA", "recaptcha"),
            ("RECAPTCHA_SITE_KEY", "site"),
            ("RECAPTCHA_SECRET", "s3cret-value"),
        ])
        .unwrap();
        assert_eq!(
            chosen,
            CaptchaSetting::Recaptcha {
                site_key: "site".into(),
                secret: "s3cret-value".into(),
                verify_url: command::accounts::captcha::RECAPTCHA_VERIFY_URL.into(),
            }
        );
        assert!(!format!("{chosen:?}").contains("s3cret-value"));
        for missing in [
            vec![("CAPTCHA", "recaptcha")],
            vec![("CAPTCHA", "recaptcha"), ("RECAPTCHA_SITE_KEY", "site")],
            vec![
                ("CAPTCHA", "recaptcha"),
                ("RECAPTCHA_SECRET", "s3cret-value"),
                ("RECAPTCHA_SITE_KEY", " "),
            ],
        ] {
            let e = captcha_setting(&missing).unwrap_err();
            assert_eq!(e.setting, "CAPTCHA");
            assert!(
                e.message
                    .contains("RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET"),
                "{e}"
            );
            assert!(!e.to_string().contains("s3cret-value"));
        }
        assert_eq!(
            captcha_setting(&[("CAPTCHA", "hcaptcha")])
                .unwrap_err()
                .setting,
            "CAPTCHA"
        );
    }

    #[tokio::test]
    async fn a_recaptcha_verify_url_must_be_http() {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap();
        let keyring = kernel::secrets::Keyring::ephemeral();
        let setting = |url: &str| CaptchaSetting::Recaptcha {
            site_key: "site".into(),
            secret: "secret".into(),
            verify_url: url.into(),
        };
        let e = setting("file:///etc/passwd")
            .build(&pool, &keyring)
            .err()
            .unwrap();
        assert_eq!(e.setting, "RECAPTCHA_VERIFY_URL");
        assert!(setting("http://127.0.0.1:9/verify")
            .build(&pool, &keyring)
            .is_ok());
        assert!(CaptchaSetting::ProofOfWork { difficulty: 18 }
            .build(&pool, &keyring)
            .is_ok());
    }

    #[test]
    fn secret_looking_parameters_sqlx_does_not_read_never_reach_it() {
        let (url, dropped) = without_unread_secrets(
            "postgres://u:pw@127.0.0.1:1/db?sslpassword=k3yZ&sslmode=require&password=p&sslkey=/k.pem&Api%5FToken=t&x=1#f",
        );
        assert_eq!(
            url,
            "postgres://u:pw@127.0.0.1:1/db?sslmode=require&password=p&sslkey=/k.pem&x=1#f"
        );
        assert_eq!(dropped, ["sslpassword", "api_token"]);
        assert_eq!(
            without_unread_secrets("postgres://h/db?sslpassword=k").0,
            "postgres://h/db"
        );
        assert_eq!(
            without_unread_secrets("postgres://h/db").0,
            "postgres://h/db"
        );
    }

    #[test]
    fn passwords_never_appear_in_messages() {
        assert_eq!(
            redact_url("postgres://shop:s3cret@db:5432/store"),
            "postgres://shop:***@db:5432/store"
        );
        assert_eq!(
            redact_url("postgres://shop@db/store"),
            "postgres://shop@db/store"
        );
    }

    #[test]
    fn secret_query_parameters_are_hidden_and_the_rest_stays_readable() {
        assert_eq!(
            redact_url("postgres://u:pw@h/db?password=pw2&sslmode=disable"),
            "postgres://u:***@h/db?password=***&sslmode=disable"
        );
        assert_eq!(
            redact_url("postgres://u@h:5432/db?sslmode=require&PassWord=x1&application_name=shop"),
            "postgres://u@h:5432/db?sslmode=require&PassWord=***&application_name=shop"
        );
        assert_eq!(
            redact_url("postgres://u@h/db?sslpassword=k3y&sslrootcert=/etc/ca.pem"),
            "postgres://u@h/db?sslpassword=***&sslrootcert=/etc/ca.pem"
        );
        assert_eq!(
            redact_url("postgres://h/db?pass%77ord=abc%21def&auth_token=t0k&api_key=k&secret=s3"),
            "postgres://h/db?pass%77ord=***&auth_token=***&api_key=***&secret=***"
        );
        assert_eq!(
            redact_url("postgres:///db?host=/tmp&password=only#frag"),
            "postgres:///db?host=/tmp&password=***#frag"
        );
        assert_eq!(redact_url("postgres://h/db"), "postgres://h/db");
    }

    #[test]
    fn malformed_urls_hide_whatever_could_be_the_password() {
        for (url, secret) in [
            ("postgres://u:p?w@h/db", "p?w"),
            ("postgres://u:p/w@h/db", "p/w"),
            ("postgres://u:a@b@h/db", "a@b"),
            ("postgres://u:pw@h/db?password=x@y", "x@y"),
            ("postgres://u@h/db?password=se&cret", "se"),
        ] {
            let redacted = redact_url(url);
            assert!(!redacted.contains(secret), "{url} → {redacted}");
        }
    }

    #[test]
    fn secrets_are_removed_from_any_text_also_decoded() {
        let url = "postgres://u:p%40ss@h/db?password=s%20cret+x&sslmode=disable";
        assert_eq!(
            redact_secrets(
                "auth failed for p@ss / p%40ss; also s cret x and s%20cret+x",
                url
            ),
            "auth failed for *** / ***; also *** and ***"
        );
        assert_eq!(
            redact_secrets("nothing here", "postgres://h/db"),
            "nothing here"
        );
    }

    #[test]
    fn a_bad_bind_names_the_setting() {
        let e = parse_bind("localhost").unwrap_err();
        assert_eq!(
            e.to_string(),
            "BIND: 'localhost' is not an address like 127.0.0.1:8080"
        );
    }

    #[tokio::test]
    async fn a_malformed_database_url_names_the_setting_without_the_password() {
        let e = connect_database("mysql://u:hunter2@x/y", 1)
            .await
            .unwrap_err();
        assert!(e.to_string().starts_with("DATABASE_URL: "), "{e}");
        assert!(!e.to_string().contains("hunter2"), "{e}");
        let e = connect_database("mysql://u@x/y?password=hunter3", 1)
            .await
            .unwrap_err();
        assert!(!e.to_string().contains("hunter3"), "{e}");
    }
}

#[cfg(test)]
mod notifier_tests {
    use super::*;

    fn setting(vars: &[(&str, &str)]) -> NotifierSetting {
        NotifierSetting::from_lookup(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    fn lazy_pool() -> PgPool {
        PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap()
    }

    #[tokio::test]
    async fn without_smtp_url_messages_stay_in_the_mailbox() {
        assert_eq!(setting(&[]), NotifierSetting::Mailbox);
        assert_eq!(
            setting(&[("SMTP_URL", " "), ("MAIL_FROM", "a@b.c")]),
            NotifierSetting::Mailbox
        );
        assert!(setting(&[]).build(&lazy_pool()).is_ok());
    }

    #[tokio::test]
    async fn smtp_url_and_mail_from_name_themselves_without_the_password() {
        let chosen = setting(&[("SMTP_URL", "smtps://u:hunter2@mail.example.com:465")]);
        assert_eq!(
            chosen,
            NotifierSetting::Smtp {
                url: "smtps://u:hunter2@mail.example.com:465".into(),
                from: DEFAULT_MAIL_FROM.into(),
            }
        );
        assert!(!format!("{chosen:?}").contains("hunter2"));
        assert!(chosen.build(&lazy_pool()).is_ok());
        let Err(e) =
            setting(&[("SMTP_URL", "imap://u:hunter2@mail.example.com")]).build(&lazy_pool())
        else {
            panic!("an IMAP URL was taken")
        };
        assert_eq!(e.setting, "SMTP_URL");
        assert!(!e.to_string().contains("hunter2"), "{e}");
        let Err(e) = setting(&[("SMTP_URL", "smtp://127.0.0.1:25"), ("MAIL_FROM", "nobody")])
            .build(&lazy_pool())
        else {
            panic!("a From without an address was taken")
        };
        assert_eq!(e.setting, "MAIL_FROM");
    }
}

#[cfg(test)]
mod payment_tests {
    use super::*;

    fn setting(vars: &[(&str, &str)]) -> Result<Option<PaymentSetting>, SettingError> {
        PaymentSetting::from_lookup(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[tokio::test]
    async fn the_payment_gateway_is_local_unless_both_settings_are_set() {
        assert!(setting(&[]).unwrap().is_none());
        assert!(setting(&[("PAYMENT_GATEWAY_URL", " ")]).unwrap().is_none());
        let e = setting(&[("PAYMENT_GATEWAY_URL", "https://pay.example.com")]).unwrap_err();
        assert_eq!(e.setting, "PAYMENT_GATEWAY_SECRET");
        let e = setting(&[("PAYMENT_GATEWAY_SECRET", "sk_live_hunter2")]).unwrap_err();
        assert_eq!(e.setting, "PAYMENT_GATEWAY_URL");
        assert!(!e.to_string().contains("hunter2"), "{e}");

        let chosen = setting(&[
            ("PAYMENT_GATEWAY_URL", "https://pay.example.com/"),
            ("PAYMENT_GATEWAY_SECRET", "sk_live_hunter2"),
        ])
        .unwrap()
        .unwrap();
        assert!(!format!("{chosen:?}").contains("hunter2"));
        assert!(chosen.build().is_ok());

        let e = PaymentSetting {
            url: "http://pay.example.com".into(),
            secret: "sk_live_hunter2".into(),
        }
        .build()
        .unwrap_err();
        assert_eq!(e.setting, "PAYMENT_GATEWAY_URL");
        assert!(!e.to_string().contains("hunter2"), "{e}");
        assert!(PaymentSetting {
            url: "http://127.0.0.1:9".into(),
            secret: "s".into(),
        }
        .build()
        .is_ok());

        let pool = PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .unwrap();
        assert!(payment_gateway(None, &pool).is_ok());
        assert!(payment_gateway(Some(&chosen), &pool).is_ok());
    }
}
