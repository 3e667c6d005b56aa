//! The programme's settings: the return window that keeps points pending, and the limits on
//! joining and on sending codes (abuse targets: bots triggering paid texts), counted in
//! PostgreSQL across replicas.

use kernel::limits::Limit;

#[derive(Debug, Clone)]
pub struct RewardsSettings {
    /// Days after a sale before its points are available (`REWARDS_RETURN_WINDOW_DAYS`).
    pub return_window_days: i64,
    /// Joins (and lookups) per customer.
    pub per_customer: Limit,
    /// Codes sent to one rewards account (its phone or email), across sessions: the resend limit.
    pub codes_per_member: Limit,
    /// Codes asked for by one browser.
    pub codes_per_browser: Limit,
    /// Wrong codes or rewards numbers for one rewards account, across sessions.
    pub failures_per_member: Limit,
}

impl Default for RewardsSettings {
    fn default() -> Self {
        Self {
            return_window_days: super::ledger::DEFAULT_RETURN_WINDOW_DAYS,
            per_customer: Limit {
                max: 10,
                window_seconds: 3600,
            },
            codes_per_member: Limit {
                max: 3,
                window_seconds: 3600,
            },
            codes_per_browser: Limit {
                max: 5,
                window_seconds: 3600,
            },
            failures_per_member: Limit {
                max: 10,
                window_seconds: 3600,
            },
        }
    }
}

impl RewardsSettings {
    pub fn return_window(&self) -> chrono::Duration {
        chrono::Duration::days(self.return_window_days)
    }
}
