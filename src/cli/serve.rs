//! `storefront serve`: the server's settings from the command line, and serving with them.

use std::process::ExitCode;

use projections::bus::BusConfig;

use super::{Options, ServeArgs};
use crate::{config, serve, Roles};

/// Serves the store with `args` until a shutdown signal.
pub async fn run(options: Options, bus: BusConfig, args: ServeArgs) -> anyhow::Result<ExitCode> {
    let ServeArgs {
        bind,
        web_dir,
        index_dir,
        search_instance,
        search_store_boost,
        search_facet_cache,
        search_item_cache,
        roles,
        db_pool_size,
        cookie_keys,
        insecure_dev_keys,
        wait_for_broker,
        staff_tokens,
        cookie_secure,
        outbox_lag_max_secs,
        checkout_stale_after_secs,
        tracking_queue_max,
        tracking_linger_ms,
        analytics_batch_ms,
        tracking_retention_days,
        analytics_retention_days,
        header_read_timeout_secs,
        max_connections,
        popular_search_days,
        popular_search_min,
        ssr,
        ssr_url,
        ssr_script,
        ssr_node,
        ssr_api_url,
        ssr_timeout_ms,
        accounts,
    } = args;
    let trusted = kernel::client::parse_networks(&accounts.trusted_proxies).map_err(|bad| {
        config::setting_error(
            "TRUSTED_PROXIES",
            format!("'{bad}' is not an address or network"),
        )
    })?;
    kernel::client::trust_proxies(trusted);
    let public_url = accounts.public_url.trim_end_matches('/').to_string();
    if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
        return Err(
            config::setting_error("PUBLIC_URL", "must start with http:// or https://").into(),
        );
    }
    let lookup = |name: &str| match name {
        "CAPTCHA" => accounts.captcha.clone(),
        "CAPTCHA_DIFFICULTY" => accounts.captcha_difficulty.clone(),
        "RECAPTCHA_SITE_KEY" => accounts.recaptcha_site_key.clone(),
        "RECAPTCHA_SECRET" => accounts.recaptcha_secret.clone(),
        "RECAPTCHA_VERIFY_URL" => accounts.recaptcha_verify_url.clone(),
        "SMTP_URL" => accounts.smtp_url.clone(),
        "MAIL_FROM" => accounts.mail_from.clone(),
        "SMS_GATEWAY_URL" => accounts.sms_gateway_url.clone(),
        "SMS_ACCOUNT" => accounts.sms_account.clone(),
        "SMS_TOKEN" => accounts.sms_token.clone(),
        "SMS_FROM" => accounts.sms_from.clone(),
        "PAYMENT_GATEWAY_URL" => accounts.payment_gateway_url.clone(),
        "PAYMENT_GATEWAY_SECRET" => accounts.payment_gateway_secret.clone(),
        _ => None,
    };
    let captcha = config::CaptchaSetting::from_lookup(lookup)?;
    let notifier = config::NotifierSetting::from_lookup(lookup);
    let sms = config::SmsSetting::from_lookup(lookup)?;
    let payments = config::PaymentSetting::from_lookup(lookup)?;
    if let Some(setting) = &payments {
        setting.build()?;
    }
    let account_settings = {
        let defaults = command::accounts::AccountSettings::default();
        command::accounts::AccountSettings {
            public_url,
            per_address: kernel::limits::Limit {
                max: accounts.attempts_per_address.max(1),
                window_seconds: accounts.attempt_window_secs.max(1),
            },
            failures_per_account: kernel::limits::Limit {
                max: accounts.failures_per_account.max(1),
                ..defaults.failures_per_account
            },
            reset_link_minutes: i64::from(accounts.password_reset_minutes.max(1)),
            password_max_age_days: accounts.password_max_age_days,
            providers: provider_settings(&accounts, defaults.providers.clone())?,
            passkeys: command::accounts::PasskeySettings {
                rp_id: accounts.passkey_rp_id.clone(),
                rp_origin: accounts.passkey_rp_origin.clone(),
            },
            ..defaults
        }
    };
    account_settings
        .passkeys
        .webauthn(&account_settings.public_url)
        .map_err(|e| config::setting_error("PASSKEY_RP_ID / PASSKEY_RP_ORIGIN", e))?;
    let roles = Roles::parse(&roles)?;
    let ssr = crate::web_renderer::SsrSettings::parse(
        &ssr,
        ssr_url.as_deref(),
        ssr_script.as_deref(),
        &ssr_node,
        &web_dir,
        ssr_api_url.as_deref(),
        ssr_timeout_ms,
    )?;
    let bind = config::parse_bind(&bind)?;
    if !insecure_dev_keys {
        let missing: Vec<&str> = [
            ("COOKIE_KEYS", cookie_keys.is_none()),
            ("PSEUDONYM_KEY", options.pseudonym_key.is_none()),
            ("MASTER_KEYS", options.master_keys.is_none()),
        ]
        .into_iter()
        .filter_map(|(name, absent)| absent.then_some(name))
        .collect();
        if !missing.is_empty() {
            return Err(config::setting_error(
                "COOKIE_KEYS / PSEUDONYM_KEY / MASTER_KEYS",
                format!(
                    "{} not set: the store signs cookies and seals personal data with these keys, which \
                 must outlive a restart and be the same on every replica (infra/run makes them \
                 in var/secrets); --insecure-dev-keys serves with throwaway keys instead",
                    missing.join(", ")
                ),
            )
            .into());
        }
    }
    let keyring = match cookie_keys {
        Some(list) => kernel::secrets::Keyring::parse(&list)
            .map_err(|e| config::setting_error("COOKIE_KEYS", e.to_string()))?,
        None => {
            tracing::warn!(
                "COOKIE_KEYS is not set: signing cookies with a random key of this process \
                 (visitors lose their carts at restart; infra/run sets one)"
            );
            kernel::secrets::Keyring::ephemeral()
        }
    };
    let pool = config::connect_database(&options.database_url, db_pool_size.max(2)).await?;
    serve::serve(
        pool,
        bus,
        serve::ServeOptions {
            bind,
            web_dir,
            roles,
            events_topic: options.events_topic,
            group_prefix: options.consumer_group_prefix,
            cookies: kernel::identity::CookieSettings {
                keyring: std::sync::Arc::new(keyring),
                secure: cookie_secure,
            },
            outbox_lag_max: std::time::Duration::from_secs(outbox_lag_max_secs),
            checkout_stale_after: chrono::Duration::seconds(checkout_stale_after_secs.max(1)),
            staff: match staff_tokens {
                Some(list) => kernel::staff::StaffTokens::parse(&list)
                    .map_err(|e| config::setting_error("STAFF_TOKENS", e))?,
                None => Default::default(),
            },
            search_instance: search_instance
                .unwrap_or_else(|| serve::default_search_instance(&index_dir)),
            search_store_boost,
            search_facet_cache,
            search_item_cache,
            index_dir,
            tracking_topic: options.tracking_topic,
            tracking_queue_max,
            tracking_linger: std::time::Duration::from_millis(tracking_linger_ms),
            analytics: tracker::analytics::AnalyticsSettings {
                popular_days: popular_search_days.max(1),
                popular_min: popular_search_min.max(1),
                retention_days: tracking_retention_days.max(1),
                aggregate_retention_days: analytics_retention_days.max(1),
                batch_wait: std::time::Duration::from_millis(analytics_batch_ms.max(1)),
                ..Default::default()
            },
            http: serve::HttpLimits {
                header_read_timeout: std::time::Duration::from_secs(
                    header_read_timeout_secs.max(1),
                ),
                max_connections: max_connections.max(1),
            },
            wait_for_broker,
            accounts: std::sync::Arc::new(account_settings),
            rewards: std::sync::Arc::new(command::rewards::RewardsSettings {
                return_window_days: i64::from(accounts.rewards_return_window_days),
                ..Default::default()
            }),
            captcha,
            notifier,
            sms,
            payments,
            ssr,
        },
    )
    .await?;
    Ok(ExitCode::SUCCESS)
}

/// The identity providers' settings: blank values are unset, a URL must be http(s).
fn provider_settings(
    accounts: &crate::cli::AccountArgs,
    defaults: command::accounts::ProviderSettings,
) -> Result<command::accounts::ProviderSettings, config::SettingError> {
    let set = |value: &Option<String>| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    };
    let url = |name: &'static str, value: &Option<String>, default: String| match set(value) {
        None => Ok(default),
        Some(url) if url.starts_with("https://") || url.starts_with("http://") => Ok(url),
        Some(_) => Err(config::setting_error(
            name,
            "must start with http:// or https://",
        )),
    };
    Ok(command::accounts::ProviderSettings {
        google_client_id: set(&accounts.google_client_id),
        google_jwks_url: url(
            "GOOGLE_JWKS_URL",
            &accounts.google_jwks_url,
            defaults.google_jwks_url,
        )?,
        apple_client_id: set(&accounts.apple_client_id),
        apple_jwks_url: url(
            "APPLE_JWKS_URL",
            &accounts.apple_jwks_url,
            defaults.apple_jwks_url,
        )?,
        facebook_app_id: set(&accounts.facebook_app_id),
        facebook_app_secret: set(&accounts.facebook_app_secret),
        facebook_debug_url: url(
            "FACEBOOK_DEBUG_URL",
            &accounts.facebook_debug_url,
            defaults.facebook_debug_url,
        )?,
        facebook_profile_url: url(
            "FACEBOOK_PROFILE_URL",
            &accounts.facebook_profile_url,
            defaults.facebook_profile_url,
        )?,
    })
}
