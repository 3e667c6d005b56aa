//! What an operator sets for accounts: where reset links point and how many attempts the
//! account calls take (`storefront serve --help`, the README's settings).

use kernel::limits::Limit;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountSettings {
    /// The store's public address (`PUBLIC_URL`): links in mail start with it. Never taken
    /// from a request's `Host`, which whoever asks writes.
    pub public_url: String,
    /// Account calls (sign-in, create, recover, reset, verify password) from one address.
    pub per_address: Limit,
    /// Wrong passwords for one account; beyond it sign-in answers 429 until the window ends
    /// (the captcha is asked for from the third).
    pub failures_per_account: Limit,
    /// Reset mails for one address; beyond it recover answers as always and sends nothing.
    pub recoveries_per_account: Limit,
    /// How long a reset link works.
    pub reset_link_minutes: i64,
    /// Days a password is good for: sign-in with an older one (by the read model's
    /// `customers.password_set_at`) answers `passwordChangeRequired` (`PASSWORD_MAX_AGE_DAYS`;
    /// 0: never).
    pub password_max_age_days: u32,
    /// Third-party sign-in (Google, Apple, Facebook): a provider without its client id is off.
    pub providers: ProviderSettings,
    /// Passkeys: the relying party (`PASSKEY_RP_ID`, `PASSKEY_RP_ORIGIN`; unset, derived from
    /// `public_url`: `crate::accounts::passkeys`).
    pub passkeys: super::PasskeySettings,
}

/// Where the identity providers' keys and checks are, and the store's ids with them
/// (`GOOGLE_CLIENT_ID`, …; `storefront serve --help`).
#[derive(Clone, PartialEq, Eq)]
pub struct ProviderSettings {
    /// The audience Google's ID tokens must name; none: Google sign-in is off.
    pub google_client_id: Option<String>,
    pub google_jwks_url: String,
    /// The audience Apple's ID tokens must name (the Services ID); none: Apple sign-in is off.
    pub apple_client_id: Option<String>,
    pub apple_jwks_url: String,
    /// The Facebook app whose user tokens are accepted; without the id and the secret,
    /// Facebook sign-in is off.
    pub facebook_app_id: Option<String>,
    pub facebook_app_secret: Option<String>,
    /// Where a user token is checked (`input_token` and the app's `access_token` added).
    pub facebook_debug_url: String,
    /// Where the profile (email, names) is read (`fields` and the user's `access_token` added).
    pub facebook_profile_url: String,
}

pub const GOOGLE_JWKS_URL: &str = "https://www.googleapis.com/oauth2/v3/certs";
pub const APPLE_JWKS_URL: &str = "https://appleid.apple.com/auth/keys";
pub const FACEBOOK_DEBUG_URL: &str = "https://graph.facebook.com/debug_token";
pub const FACEBOOK_PROFILE_URL: &str = "https://graph.facebook.com/me";

impl Default for ProviderSettings {
    fn default() -> Self {
        Self {
            google_client_id: None,
            google_jwks_url: GOOGLE_JWKS_URL.into(),
            apple_client_id: None,
            apple_jwks_url: APPLE_JWKS_URL.into(),
            facebook_app_id: None,
            facebook_app_secret: None,
            facebook_debug_url: FACEBOOK_DEBUG_URL.into(),
            facebook_profile_url: FACEBOOK_PROFILE_URL.into(),
        }
    }
}

/// The app secret never reaches a log line.
impl std::fmt::Debug for ProviderSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderSettings")
            .field("google_client_id", &self.google_client_id)
            .field("google_jwks_url", &self.google_jwks_url)
            .field("apple_client_id", &self.apple_client_id)
            .field("apple_jwks_url", &self.apple_jwks_url)
            .field("facebook_app_id", &self.facebook_app_id)
            .field(
                "facebook_app_secret",
                &self.facebook_app_secret.as_ref().map(|_| "…"),
            )
            .field("facebook_debug_url", &self.facebook_debug_url)
            .field("facebook_profile_url", &self.facebook_profile_url)
            .finish()
    }
}

impl Default for AccountSettings {
    fn default() -> Self {
        Self {
            public_url: "http://127.0.0.1:8080".into(),
            per_address: Limit {
                max: 30,
                window_seconds: 300,
            },
            failures_per_account: Limit {
                max: 10,
                window_seconds: 900,
            },
            recoveries_per_account: Limit {
                max: 3,
                window_seconds: 3600,
            },
            reset_link_minutes: 60,
            password_max_age_days: 0,
            providers: ProviderSettings::default(),
            passkeys: Default::default(),
        }
    }
}
