//! The rewards programme's reason codes (spec 8, numeric) and the provider's own result (the
//! spec's second enumeration), mapped onto them in one place ([`ProviderStatus::reason`]).

use serde::{Serialize, Serializer};

/// A rewards call's `reasonCode`, with the spec's numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReasonCode {
    CustomerNotLoggedIn = 0,
    RewardsAccountNotFound = 1,
    RewardsAccountAlreadyLinked = 2,
    RewardsAccountAlreadyExists = 3,
    VerificationRequired = 4,
    SessionMError = 5,
    InvalidInputData = 6,
    UnknownError = 7,
    CustomerHasRewards = 8,
    NoMatch = 9,
    PhoneMultiMatch = 10,
    RewardsAccountAlreadyExistsShowError = 11,
    PhoneAndEmailSeparateMatch = 12,
}

impl ReasonCode {
    /// Every code, in the spec's order.
    pub const ALL: [ReasonCode; 13] = [
        ReasonCode::CustomerNotLoggedIn,
        ReasonCode::RewardsAccountNotFound,
        ReasonCode::RewardsAccountAlreadyLinked,
        ReasonCode::RewardsAccountAlreadyExists,
        ReasonCode::VerificationRequired,
        ReasonCode::SessionMError,
        ReasonCode::InvalidInputData,
        ReasonCode::UnknownError,
        ReasonCode::CustomerHasRewards,
        ReasonCode::NoMatch,
        ReasonCode::PhoneMultiMatch,
        ReasonCode::RewardsAccountAlreadyExistsShowError,
        ReasonCode::PhoneAndEmailSeparateMatch,
    ];

    /// The number the answers carry.
    pub fn number(self) -> i32 {
        self as i32
    }

    /// The spec's name (`CUSTOMER_NOT_LOGGED_IN`, …).
    pub fn name(self) -> &'static str {
        match self {
            ReasonCode::CustomerNotLoggedIn => "CUSTOMER_NOT_LOGGED_IN",
            ReasonCode::RewardsAccountNotFound => "REWARDS_ACCOUNT_NOT_FOUND",
            ReasonCode::RewardsAccountAlreadyLinked => "REWARDS_ACCOUNT_ALREADY_LINKED",
            ReasonCode::RewardsAccountAlreadyExists => "REWARDS_ACCOUNT_ALREADY_EXISTS",
            ReasonCode::VerificationRequired => "VERIFICATION_REQUIRED",
            ReasonCode::SessionMError => "SESSION_M_ERROR",
            ReasonCode::InvalidInputData => "INVALID_INPUT_DATA",
            ReasonCode::UnknownError => "UNKNOWN_ERROR",
            ReasonCode::CustomerHasRewards => "CUSTOMER_HAS_REWARDS",
            ReasonCode::NoMatch => "NO_MATCH",
            ReasonCode::PhoneMultiMatch => "PHONE_MULTI_MATCH",
            ReasonCode::RewardsAccountAlreadyExistsShowError => {
                "REWARDS_ACCOUNT_ALREADY_EXISTS_SHOW_ERROR"
            }
            ReasonCode::PhoneAndEmailSeparateMatch => "PHONE_AND_EMAIL_SEPARATE_MATCH",
        }
    }
}

/// Answers carry the number.
impl Serialize for ReasonCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_i32(self.number())
    }
}

/// What the rewards provider (the spec's 'SessionM') answers a lookup, an enrolment or a link:
/// the spec's second enumeration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderStatus {
    NoError,
    PhoneMultiMatch,
    NotFound,
    AlreadyLinked,
    AlreadyExists,
    AlreadyExistsShowError,
    SessionProviderError,
}

impl ProviderStatus {
    /// The reason code a call answers for this result (none when it went through): the one
    /// place the two enumerations meet.
    pub fn reason(self) -> Option<ReasonCode> {
        match self {
            ProviderStatus::NoError => None,
            ProviderStatus::PhoneMultiMatch => Some(ReasonCode::PhoneMultiMatch),
            ProviderStatus::NotFound => Some(ReasonCode::RewardsAccountNotFound),
            ProviderStatus::AlreadyLinked => Some(ReasonCode::RewardsAccountAlreadyLinked),
            ProviderStatus::AlreadyExists => Some(ReasonCode::RewardsAccountAlreadyExists),
            ProviderStatus::AlreadyExistsShowError => {
                Some(ReasonCode::RewardsAccountAlreadyExistsShowError)
            }
            ProviderStatus::SessionProviderError => Some(ReasonCode::SessionMError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_codes_carry_the_spec_numbers_in_order() {
        for (n, code) in ReasonCode::ALL.iter().enumerate() {
            assert_eq!(code.number(), n as i32, "{}", code.name());
        }
        assert_eq!(
            serde_json::to_string(&ReasonCode::PhoneAndEmailSeparateMatch).unwrap(),
            "12"
        );
        assert_eq!(ReasonCode::SessionMError.name(), "SESSION_M_ERROR");
    }

    #[test]
    fn the_provider_results_map_onto_reason_codes() {
        assert_eq!(ProviderStatus::NoError.reason(), None);
        assert_eq!(
            ProviderStatus::SessionProviderError.reason(),
            Some(ReasonCode::SessionMError)
        );
        assert_eq!(
            ProviderStatus::AlreadyExists
                .reason()
                .map(ReasonCode::number),
            Some(3)
        );
        assert_eq!(
            ProviderStatus::PhoneMultiMatch
                .reason()
                .map(ReasonCode::number),
            Some(10)
        );
    }
}
