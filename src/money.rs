//! Dollar amounts as an operator writes them ("139.99", "$1,299", "0.285"), parsed exactly into
//! whole cents: no floating point anywhere, so "0.285" is never 28.499999… cents.
//!
//! The rules (also in docs/import.md):
//!
//! * Accepted: digits with an optional decimal point, an optional leading `$`, and optional `,`
//!   thousands separators in groups of three (`1,299.50`). `12`, `12.`, `12.3`, `.5`, `0.285`.
//! * Refused: exponents (`1e3`), `NaN`, `inf`, signs (`+5`; a `-` is refused as negative),
//!   spaces inside, misplaced commas (`12,50`), more than [`MAX_DECIMALS`] decimal places.
//! * Rounding: **half up to the nearest cent, on the exact decimal text**: `0.285` is 29 cents,
//!   `1.005` is 101 cents, `0.284999` is 28 cents.
//! * Bound: at most [`MAX_PRICE_CENTS`] ($1,000,000.00) after rounding.

use std::fmt;

/// The largest price (and MAP, was-price or warranty price) accepted: $1,000,000.00. Far above
/// any item the store sells, and small enough that `quantity × price` of any cart stays far from
/// the limits of a 64-bit integer (999 × 2 × 10^8 per line).
pub const MAX_PRICE_CENTS: i64 = command::catalog::validate::MAX_PRICE_CENTS;

/// The most decimal places a dollar amount may have (rounded half up to the cent).
pub const MAX_DECIMALS: usize = 6;

/// Why a dollar amount was refused; `Display` is the message after "field: ".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyError {
    /// Nothing given.
    Empty,
    /// Not a dollar amount at all (letters, exponents, NaN, misplaced commas, …).
    Invalid,
    /// A minus sign.
    Negative,
    /// More than [`MAX_DECIMALS`] digits after the point.
    TooManyDecimals,
    /// Above [`MAX_PRICE_CENTS`].
    TooLarge,
}

impl fmt::Display for MoneyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoneyError::Empty => write!(f, "is required"),
            MoneyError::Invalid => write!(f, "Please enter a valid dollar amount."),
            MoneyError::Negative => write!(f, "must not be negative"),
            MoneyError::TooManyDecimals => {
                write!(f, "must have at most {MAX_DECIMALS} decimal places")
            }
            MoneyError::TooLarge => write!(f, "must be at most {}", format_cents(MAX_PRICE_CENTS)),
        }
    }
}

impl std::error::Error for MoneyError {}

/// "$1,000,000.00" for 100000000.
fn format_cents(cents: i64) -> String {
    let dollars = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in dollars.chars().enumerate() {
        if i > 0 && (dollars.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("${grouped}.{:02}", cents % 100)
}

/// Parses a dollar amount exactly into cents (rules in the module documentation).
pub fn parse_dollars(text: &str) -> Result<i64, MoneyError> {
    let mut s = text.trim();
    if s.is_empty() {
        return Err(MoneyError::Empty);
    }
    let mut negative = false;
    if let Some(rest) = s.strip_prefix('-') {
        negative = true;
        s = rest;
    }
    if let Some(rest) = s.strip_prefix('$') {
        s = rest;
    }
    if !negative {
        if let Some(rest) = s.strip_prefix('-') {
            negative = true;
            s = rest;
        }
    }
    let (whole, fraction) = match s.split_once('.') {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if whole.is_empty() && fraction.is_empty() {
        return Err(MoneyError::Invalid);
    }
    if !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return Err(MoneyError::Invalid);
    }
    let digits = whole_digits(whole).ok_or(MoneyError::Invalid)?;
    if negative {
        return Err(MoneyError::Negative);
    }
    if fraction.len() > MAX_DECIMALS {
        return Err(MoneyError::TooManyDecimals);
    }
    // Whole dollars, with checked arithmetic: a long run of digits is "too large", never a wrap.
    let max_dollars = MAX_PRICE_CENTS / 100;
    let mut dollars: i64 = 0;
    for d in digits.bytes().filter(|b| *b != b',') {
        dollars = dollars
            .checked_mul(10)
            .and_then(|v| v.checked_add(i64::from(d - b'0')))
            .filter(|v| *v <= max_dollars)
            .ok_or(MoneyError::TooLarge)?;
    }
    let fraction = fraction.as_bytes();
    let digit = |i: usize| fraction.get(i).map_or(0, |b| i64::from(b - b'0'));
    let mut cents = dollars * 100 + digit(0) * 10 + digit(1);
    // Half up on the exact decimal: .xx5 and above rounds up, below .xx5 rounds down, so only
    // the third decimal decides.
    if digit(2) >= 5 {
        cents += 1;
    }
    if cents > MAX_PRICE_CENTS {
        return Err(MoneyError::TooLarge);
    }
    Ok(cents)
}

/// The whole-dollar part if it is digits, optionally in comma-separated groups of three
/// ("1,299"); an empty part (".5") is zero.
fn whole_digits(whole: &str) -> Option<&str> {
    if whole.is_empty() {
        return Some("");
    }
    if whole.contains(',') {
        let mut groups = whole.split(',');
        let first = groups.next()?;
        let first_ok = (1..=3).contains(&first.len()) && first.bytes().all(|b| b.is_ascii_digit());
        let rest_ok = groups.all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()));
        (first_ok && rest_ok).then_some(whole)
    } else {
        whole.bytes().all(|b| b.is_ascii_digit()).then_some(whole)
    }
}

/// Checks an amount already in cents (JSON records' `priceCents`…) against the upper bound;
/// negative amounts are left to the catalog's validation, which names them.
pub fn check_cents(cents: i64) -> Result<i64, MoneyError> {
    if cents > MAX_PRICE_CENTS {
        Err(MoneyError::TooLarge)
    } else {
        Ok(cents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_amounts_are_exact_cents() {
        assert_eq!(parse_dollars("12"), Ok(1200));
        assert_eq!(parse_dollars("12."), Ok(1200));
        assert_eq!(parse_dollars("12.3"), Ok(1230));
        assert_eq!(parse_dollars("12.34"), Ok(1234));
        assert_eq!(parse_dollars("12.5"), Ok(1250));
        assert_eq!(parse_dollars(".5"), Ok(50));
        assert_eq!(parse_dollars("0"), Ok(0));
        assert_eq!(parse_dollars("0.00"), Ok(0));
        assert_eq!(parse_dollars("139.99"), Ok(13999));
        assert_eq!(parse_dollars(" 5.49 "), Ok(549));
        assert_eq!(parse_dollars("007.10"), Ok(710));
    }

    #[test]
    fn a_third_decimal_rounds_half_up_on_the_exact_text() {
        assert_eq!(parse_dollars("0.285"), Ok(29));
        assert_eq!(parse_dollars("1.005"), Ok(101));
        assert_eq!(parse_dollars("0.284999"), Ok(28));
        assert_eq!(parse_dollars("0.2850"), Ok(29));
        assert_eq!(parse_dollars("2.675"), Ok(268));
        assert_eq!(parse_dollars("1.004"), Ok(100));
        assert_eq!(parse_dollars("0.995"), Ok(100));
        assert_eq!(parse_dollars("999999.994"), Ok(99_999_999));
        assert_eq!(parse_dollars("999999.995"), Ok(MAX_PRICE_CENTS));
    }

    #[test]
    fn dollar_signs_and_thousands_separators_are_accepted() {
        assert_eq!(parse_dollars("$12.34"), Ok(1234));
        assert_eq!(parse_dollars("$1,299"), Ok(129_900));
        assert_eq!(parse_dollars("1,000"), Ok(100_000));
        assert_eq!(parse_dollars("1,000,000.00"), Ok(MAX_PRICE_CENTS));
    }

    #[test]
    fn anything_else_is_refused() {
        for text in [
            "abc", "1e300", "1E2", "1e-2", "NaN", "nan", "inf", "-inf", "infinity", "+5", ".", "$",
            "1.2.3", "12,50", "1,0000", ",100", "1,,000", "1 000", "0x10", "12$", "١٢", "1_000",
            "12.3a",
        ] {
            assert_eq!(parse_dollars(text), Err(MoneyError::Invalid), "{text}");
        }
        assert_eq!(parse_dollars(""), Err(MoneyError::Empty));
        assert_eq!(parse_dollars("  "), Err(MoneyError::Empty));
    }

    #[test]
    fn negatives_too_many_decimals_and_huge_amounts_are_named() {
        for text in ["-1", "-4.00", "$-4", "-$4", "-0.01"] {
            assert_eq!(parse_dollars(text), Err(MoneyError::Negative), "{text}");
        }
        assert_eq!(parse_dollars("1.0000001"), Err(MoneyError::TooManyDecimals));
        for text in [
            "1000000.01",
            "1000000.005",
            "1000001",
            "1000000000",
            "99999999999999999999999999999999",
        ] {
            assert_eq!(parse_dollars(text), Err(MoneyError::TooLarge), "{text}");
        }
        assert_eq!(parse_dollars("1000000"), Ok(MAX_PRICE_CENTS));
        assert_eq!(
            MoneyError::TooLarge.to_string(),
            "must be at most $1,000,000.00"
        );
    }

    #[test]
    fn cents_are_bounded() {
        assert_eq!(check_cents(MAX_PRICE_CENTS), Ok(MAX_PRICE_CENTS));
        assert_eq!(check_cents(-5), Ok(-5));
        assert_eq!(check_cents(MAX_PRICE_CENTS + 1), Err(MoneyError::TooLarge));
        assert_eq!(check_cents(i64::MAX), Err(MoneyError::TooLarge));
    }
}
