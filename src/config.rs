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

/// The URL with any password replaced, for messages and logs.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{}:***{}", &url[..scheme_end + 3], user, &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

pub async fn connect_database(url: &str, max_connections: u32) -> Result<PgPool, SettingError> {
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
                    describe_sqlx(&e)
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
