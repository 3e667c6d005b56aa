//! Rewards programme context (spec 1, 2.3, 3, 4, 8, 9): members by 13-digit rewards number
//! ([`member`]), their phone and email index of keyed hashes ([`claim`]), verification sessions
//! keyed by `rewardsSessionId` ([`verification`]), the points ledger ([`ledger`]), the reason
//! codes ([`codes`]) and what a screen may show of a member's contact details ([`mask`]).

pub mod claim;
pub mod codes;
pub mod ledger;
pub mod local;
pub mod mask;
pub mod member;
pub mod points;
pub mod provider;
pub mod settings;
pub mod verification;

#[cfg(test)]
mod tests;

pub use claim::*;
pub use codes::*;
pub use member::*;
pub use settings::RewardsSettings;
pub use verification::*;
