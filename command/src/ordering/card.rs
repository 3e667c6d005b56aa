//! The payment card as the checkout form sends it, checked on the server with the spec's
//! messages (accounts-rewards-search.md 4, shared form helpers; where the spec gives two
//! wordings, the newer) before any call to the gateway. Only the brand, the last four digits
//! and the expiry ever leave this module: the number and the security code are dropped after
//! the gateway's authorisation.

use chrono::{Datelike, NaiveDate};

pub const INVALID_NUMBER: &str = "Please enter a valid credit card number.";
pub const UNSUPPORTED_TYPE: &str = "We're sorry, but we do not accept this card type";
pub const EXPIRY_FORMAT: &str = "Expiry date format must be MM/YY";
pub const EXPIRY_MONTH: &str = "Please enter a valid month";
pub const EXPIRY_PAST: &str = "Please enter a future date";
pub const CODE_3: &str = "Security code is a 3 digit number";
pub const CODE_4: &str = "Security code is a 4 digit number";

/// The card types the store takes (spec: amex, diners, jcb, laser, visa, mastercard, maestro,
/// discover and the store's own card).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brand {
    Amex,
    Diners,
    Jcb,
    Laser,
    Visa,
    Mastercard,
    Maestro,
    Discover,
    /// The store's own credit card: 16 digits starting 6375 (documented in docs/decisions.md).
    Store,
}

impl Brand {
    pub fn name(self) -> &'static str {
        match self {
            Brand::Amex => "amex",
            Brand::Diners => "diners",
            Brand::Jcb => "jcb",
            Brand::Laser => "laser",
            Brand::Visa => "visa",
            Brand::Mastercard => "mastercard",
            Brand::Maestro => "maestro",
            Brand::Discover => "discover",
            Brand::Store => "storecard",
        }
    }

    /// The brand of a number by its leading digits.
    pub fn detect(digits: &str) -> Option<Brand> {
        let p = |n: usize| digits.get(..n).and_then(|s| s.parse::<u32>().ok());
        let (p1, p2, p3, p4) = (p(1), p(2), p(3), p(4));
        if p4 == Some(6375) {
            return Some(Brand::Store);
        }
        if matches!(p2, Some(34 | 37)) {
            return Some(Brand::Amex);
        }
        if matches!(p2, Some(36 | 38 | 39)) || matches!(p3, Some(300..=305)) {
            return Some(Brand::Diners);
        }
        if matches!(p4, Some(3528..=3589)) {
            return Some(Brand::Jcb);
        }
        if matches!(p4, Some(6304 | 6706 | 6709 | 6771)) {
            return Some(Brand::Laser);
        }
        if matches!(
            p4,
            Some(5018 | 5020 | 5038 | 5893 | 6759 | 6761 | 6762 | 6763)
        ) {
            return Some(Brand::Maestro);
        }
        if p4 == Some(6011) || matches!(p2, Some(64 | 65)) {
            return Some(Brand::Discover);
        }
        if matches!(p2, Some(51..=55)) || matches!(p4, Some(2221..=2720)) {
            return Some(Brand::Mastercard);
        }
        if p1 == Some(4) {
            return Some(Brand::Visa);
        }
        None
    }

    /// The lengths a number of this brand may have (spec: 16, 13–19, 15, 16 by type).
    fn lengths(self) -> std::ops::RangeInclusive<usize> {
        match self {
            Brand::Amex => 15..=15,
            Brand::Diners => 14..=16,
            Brand::Visa => 13..=19,
            Brand::Maestro | Brand::Laser => 12..=19,
            Brand::Jcb | Brand::Mastercard | Brand::Discover | Brand::Store => 16..=16,
        }
    }

    /// Amex takes a 4-digit security code, every other brand 3.
    pub fn code_digits(self) -> usize {
        if self == Brand::Amex {
            4
        } else {
            3
        }
    }
}

/// The Luhn checksum.
pub fn luhn(digits: &str) -> bool {
    let mut sum = 0;
    for (i, c) in digits.chars().rev().enumerate() {
        let Some(mut d) = c.to_digit(10) else {
            return false;
        };
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum % 10 == 0
}

/// A card number as typed (digits, spaces and dashes, at least 13 characters): its digits and
/// brand, or the spec's message.
pub fn number(typed: &str) -> Result<(String, Brand), &'static str> {
    let typed = typed.trim();
    if typed.chars().count() < 13
        || typed.len() > 40
        || !typed
            .chars()
            .all(|c| c.is_ascii_digit() || c == ' ' || c == '-')
    {
        return Err(INVALID_NUMBER);
    }
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let brand = Brand::detect(&digits).ok_or(UNSUPPORTED_TYPE)?;
    if !brand.lengths().contains(&digits.len()) || !luhn(&digits) {
        return Err(INVALID_NUMBER);
    }
    Ok((digits, brand))
}

/// An expiry `MM/YY` (or `MM/YYYY`): the last day of that month, which must not be before
/// `today`'s month.
pub fn expiry(typed: &str, today: NaiveDate) -> Result<(u32, i32), &'static str> {
    let typed = typed.trim();
    let (month, year) = typed.split_once('/').ok_or(EXPIRY_FORMAT)?;
    let (month, year) = (month.trim(), year.trim());
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    if !digits(month) || !digits(year) || month.len() > 2 || !(year.len() == 2 || year.len() == 4) {
        return Err(EXPIRY_FORMAT);
    }
    let month: u32 = month.parse().map_err(|_| EXPIRY_FORMAT)?;
    if !(1..=12).contains(&month) {
        return Err(EXPIRY_MONTH);
    }
    let mut year: i32 = year.parse().map_err(|_| EXPIRY_FORMAT)?;
    if year < 100 {
        year += 2000;
    }
    if (year, month) < (today.year(), today.month()) {
        return Err(EXPIRY_PAST);
    }
    Ok((month, year))
}

/// The security code for `brand`: 3 digits, or 4 for amex.
pub fn security_code(typed: &str, brand: Brand) -> Result<(), &'static str> {
    let typed = typed.trim();
    let wanted = brand.code_digits();
    if typed.len() == wanted && typed.chars().all(|c| c.is_ascii_digit()) {
        Ok(())
    } else if wanted == 4 {
        Err(CODE_4)
    } else {
        Err(CODE_3)
    }
}

/// A checked card, ready for the gateway. Its `Debug` shows only the brand and last four.
#[derive(Clone)]
pub struct Card {
    pub digits: String,
    pub brand: Brand,
    pub month: u32,
    pub year: i32,
    pub security_code: String,
    pub name: String,
}

impl Card {
    pub fn last4(&self) -> String {
        self.digits[self.digits.len().saturating_sub(4)..].to_string()
    }

    /// `MM/YY` as shown on an order.
    pub fn expiry(&self) -> String {
        format!("{:02}/{:02}", self.month, self.year % 100)
    }
}

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Card")
            .field("brand", &self.brand)
            .field("last4", &self.last4())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 28).unwrap()
    }

    #[test]
    fn numbers_are_checked_by_type_length_and_checksum() {
        assert_eq!(number("4242 4242 4242 4242").unwrap().1, Brand::Visa);
        assert_eq!(number("3782-822463-10005").unwrap().1, Brand::Amex);
        assert_eq!(number("5555555555554444").unwrap().1, Brand::Mastercard);
        assert_eq!(number("6011111111111117").unwrap().1, Brand::Discover);
        assert_eq!(number("6375 0000 0000 0004").unwrap().1, Brand::Store);
        assert_eq!(number("4242 4242 4242 4241"), Err(INVALID_NUMBER));
        assert_eq!(number("4242"), Err(INVALID_NUMBER));
        assert_eq!(number("4242x4242x4242x4242"), Err(INVALID_NUMBER));
        assert_eq!(number("9999 9999 9999 9995"), Err(UNSUPPORTED_TYPE));
        assert_eq!(
            number("3782 8224 6310 0051"),
            Err(INVALID_NUMBER),
            "amex is 15 digits"
        );
    }

    #[test]
    fn expiry_needs_the_format_a_month_and_a_future_date() {
        assert_eq!(expiry("12/29", today()), Ok((12, 2029)));
        assert_eq!(
            expiry("11/26", today()),
            Ok((11, 2026)),
            "this month still counts"
        );
        assert_eq!(expiry("1229", today()), Err(EXPIRY_FORMAT));
        assert_eq!(expiry("ab/cd", today()), Err(EXPIRY_FORMAT));
        assert_eq!(expiry("13/29", today()), Err(EXPIRY_MONTH));
        assert_eq!(expiry("00/29", today()), Err(EXPIRY_MONTH));
        assert_eq!(expiry("10/26", today()), Err(EXPIRY_PAST));
    }

    #[test]
    fn the_security_code_has_the_brands_length() {
        assert_eq!(security_code("123", Brand::Visa), Ok(()));
        assert_eq!(security_code("1234", Brand::Visa), Err(CODE_3));
        assert_eq!(security_code("1234", Brand::Amex), Ok(()));
        assert_eq!(security_code("123", Brand::Amex), Err(CODE_4));
    }

    #[test]
    fn a_cards_debug_shows_no_number_or_code() {
        let card = Card {
            digits: "4242424242424242".into(),
            brand: Brand::Visa,
            month: 12,
            year: 2029,
            security_code: "987".into(),
            name: "Ann Lee".into(),
        };
        let shown = format!("{card:?}");
        assert!(shown.contains("4242") && !shown.contains("424242") && !shown.contains("987"));
    }
}
