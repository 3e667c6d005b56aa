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
        }
    }
}
