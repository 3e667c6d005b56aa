//! Domain values every context passes around, checked once where they enter: money in whole
//! cents, the retailer's item and store numbers, and an email address in its one normal form.
//! Each parses from what a client or a file sends and refuses what is not one, so code past the
//! edge holds a value, not a string to check again.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::validation::{normalize_email, valid_email};

/// An amount of money in whole cents (US dollars): never a float. `Display` is the shelf form,
/// "$1,234.99" (a minus sign before the dollar sign for a negative amount).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_cents(cents: i64) -> Self {
        Money(cents)
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    /// `self × quantity`, or `None` past what an `i64` of cents holds.
    pub fn times(self, quantity: i64) -> Option<Money> {
        self.0.checked_mul(quantity).map(Money)
    }

    /// `self + other`, or `None` past what an `i64` of cents holds.
    pub fn plus(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let cents = self.0.unsigned_abs();
        let dollars = (cents / 100).to_string();
        let mut grouped = String::with_capacity(dollars.len() + dollars.len() / 3);
        for (i, c) in dollars.chars().enumerate() {
            if i > 0 && (dollars.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        write!(f, "{sign}${grouped}.{:02}", cents % 100)
    }
}

/// Why a value was refused: the field's rule, for "field: rule" messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ValueError(pub &'static str);

/// The retailer's item number: 1 to 20 ASCII letters, digits or dashes.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct BlainNumber(String);

impl BlainNumber {
    pub const MAX_CHARS: usize = 20;
    pub const RULE: &'static str = "must be 1 to 20 letters, digits or dashes";

    pub fn parse(value: &str) -> Result<Self, ValueError> {
        let ok = !value.is_empty()
            && value.len() <= Self::MAX_CHARS
            && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if ok {
            Ok(BlainNumber(value.to_string()))
        } else {
            Err(ValueError(Self::RULE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for BlainNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for BlainNumber {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        BlainNumber::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A store's number: a positive integer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct StoreNumber(i32);

impl StoreNumber {
    pub const RULE: &'static str = "must be a positive whole number";

    pub fn new(number: i32) -> Result<Self, ValueError> {
        if number > 0 {
            Ok(StoreNumber(number))
        } else {
            Err(ValueError(Self::RULE))
        }
    }

    /// From a path segment or a query value: digits only (no sign, no spaces).
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ValueError(Self::RULE));
        }
        Self::new(text.parse().map_err(|_| ValueError(Self::RULE))?)
    }

    pub const fn get(self) -> i32 {
        self.0
    }
}

impl fmt::Display for StoreNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<'de> Deserialize<'de> for StoreNumber {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        StoreNumber::new(i32::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// An email address in its one normal form (trimmed, lower case), checked as the spec's forms
/// check it (format, the rejected endings and host typos): the identity of a subscription or
/// an account.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Result<Self, ValueError> {
        if valid_email(text) {
            Ok(Email(normalize_email(text)))
        } else {
            Err(ValueError(crate::validation::EMAIL_MESSAGE))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Email {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Email::parse(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_shows_dollars_with_separators_and_two_decimals() {
        assert_eq!(Money::from_cents(0).to_string(), "$0.00");
        assert_eq!(Money::from_cents(5).to_string(), "$0.05");
        assert_eq!(Money::from_cents(123_499).to_string(), "$1,234.99");
        assert_eq!(Money::from_cents(100_000_000).to_string(), "$1,000,000.00");
        assert_eq!(Money::from_cents(-1999).to_string(), "-$19.99");
        assert_eq!(Money::from_cents(i64::MIN).cents(), i64::MIN);
        assert!(Money::from_cents(i64::MIN)
            .to_string()
            .starts_with("-$92,233,720"));
    }

    #[test]
    fn money_arithmetic_refuses_to_overflow() {
        assert_eq!(
            Money::from_cents(250).times(3),
            Some(Money::from_cents(750))
        );
        assert_eq!(Money::from_cents(i64::MAX).times(2), None);
        assert_eq!(Money::from_cents(i64::MAX).plus(Money::from_cents(1)), None);
        assert_eq!(
            serde_json::to_string(&Money::from_cents(1299)).unwrap(),
            "1299"
        );
    }

    #[test]
    fn item_numbers_are_letters_digits_or_dashes() {
        assert_eq!(BlainNumber::parse("1000000").unwrap().as_str(), "1000000");
        assert!(BlainNumber::parse("AB-12").is_ok());
        for bad in ["", "12 3", "12/3", "é1", &"1".repeat(21)] {
            assert_eq!(
                BlainNumber::parse(bad),
                Err(ValueError(BlainNumber::RULE)),
                "{bad}"
            );
        }
        assert!(serde_json::from_str::<BlainNumber>("\"1/2\"").is_err());
    }

    #[test]
    fn store_numbers_are_positive() {
        assert_eq!(StoreNumber::parse("42").unwrap().get(), 42);
        for bad in ["", "0", "-3", "+3", " 3", "3x", "9999999999"] {
            assert!(StoreNumber::parse(bad).is_err(), "{bad}");
        }
        assert!(serde_json::from_str::<StoreNumber>("0").is_err());
        assert_eq!(serde_json::from_str::<StoreNumber>("7").unwrap().get(), 7);
    }

    #[test]
    fn an_email_has_one_normal_form() {
        let email = Email::parse("  Jane.Doe@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "jane.doe@example.com");
        assert_eq!(email, Email::parse("jane.doe@example.com").unwrap());
        assert!(Email::parse("jane@example.con").is_err());
        assert!(Email::parse("not an email").is_err());
        assert!(serde_json::from_str::<Email>("\"x@y\"").is_err());
    }
}
