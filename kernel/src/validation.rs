//! The spec's shared validation rules, server side. Messages are the spec's words.

pub const EMAIL_MESSAGE: &str = "Please enter a valid email address.";
pub const ZIP_MESSAGE: &str = "Please enter a valid ZIP code.";

/// Endings the spec rejects outright (typos of .com and comcast.net).
pub const BAD_EMAIL_ENDINGS: &[&str] = &[".con", "comcast.nt", ".coim", ".vom"];

/// The spec's "{host}" rule: misspellings of the big mail hosts are refused too, so a typo
/// does not silently lose the shopper's mail. (docs/decisions.md)
pub const TYPO_HOSTS: &[&str] = &[
    "gmail.co",
    "gmial.com",
    "gmai.com",
    "gmal.com",
    "gnail.com",
    "gmail.cm",
    "yahoo.co",
    "yaho.com",
    "yahooo.com",
    "hotmial.com",
    "hotmail.co",
    "hotmal.com",
    "outlok.com",
    "aol.co",
    "iclud.com",
];

/// Lower-cased and trimmed: the identity of a subscription or an account.
pub fn normalize_email(email: &str) -> String {
    email.trim().to_ascii_lowercase()
}

/// Format plus the spec's rejected endings and host typos.
pub fn valid_email(email: &str) -> bool {
    let email = normalize_email(email);
    if email.len() > 254 || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let Some((local, domain)) = email.rsplit_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~.-".contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    if !local_ok || !domain_ok {
        return false;
    }
    let bad_ending = BAD_EMAIL_ENDINGS.iter().any(|e| email.ends_with(e));
    let typo = TYPO_HOSTS.contains(&domain);
    !bad_ending && !typo
}

/// A US ZIP: exactly 5 digits.
pub fn valid_zip(zip: &str) -> bool {
    zip.len() == 5 && zip.chars().all(|c| c.is_ascii_digit())
}

/// The message of a phone number that is not one.
pub const PHONE_MESSAGE: &str = "Please enter a valid phone number.";

/// A US phone number in its one form, ten digits (`5551234567`), from what a person types:
/// digits with spaces, dots, dashes, parentheses and an optional leading `+1` or `1`. The area
/// code and the exchange start with 2 to 9. `None` for anything else.
pub fn normalize_phone(text: &str) -> Option<String> {
    let text = text.trim();
    if text.len() > 30
        || !text
            .chars()
            .all(|c| c.is_ascii_digit() || " .-()+".contains(c))
    {
        return None;
    }
    let mut digits: String = text.chars().filter(char::is_ascii_digit).collect();
    if digits.len() == 11 && digits.starts_with('1') {
        digits.remove(0);
    } else if text.contains('+') {
        return None;
    }
    let b = digits.as_bytes();
    (b.len() == 10 && b[0] >= b'2' && b[3] >= b'2').then_some(digits)
}

/// The local-redirect rule: starts with a single slash, not '//', no backslash and no control
/// character (a tab or newline a browser drops would turn `/\t/evil` into `//evil`).
pub fn is_local_url(url: &str) -> bool {
    url.starts_with('/')
        && !url.starts_with("//")
        && !url.contains('\\')
        && !url.chars().any(char::is_control)
}

/// An order number as the store makes them (digits, at most 20), trimmed; `None` for anything
/// else, so a lookup never runs on it.
pub fn order_number(text: &str) -> Option<&str> {
    let n = text.trim();
    (!n.is_empty() && n.len() <= 20 && n.chars().all(|c| c.is_ascii_digit())).then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_have_one_form() {
        for (typed, normal) in [
            ("(555) 234-5678", "5552345678"),
            ("555.234.5678", "5552345678"),
            ("+1 555 234 5678", "5552345678"),
            ("15552345678", "5552345678"),
        ] {
            assert_eq!(normalize_phone(typed).as_deref(), Some(normal), "{typed}");
        }
        for bad in [
            "",
            "555-1234",
            "055 234 5678",
            "555 134 5678",
            "+44 20 7946 0958",
            "555x2345678",
            "5552345678901",
        ] {
            assert_eq!(normalize_phone(bad), None, "{bad}");
        }
    }

    #[test]
    fn well_formed_addresses_pass() {
        for ok in [
            "shopper@example.com",
            "Farm.Hand+news@mail.example.co.uk",
            "a@b.io",
            " x@y.org ",
        ] {
            assert!(valid_email(ok), "{ok}");
        }
    }

    #[test]
    fn malformed_addresses_fail() {
        for bad in [
            "",
            "plain",
            "@example.com",
            "a@",
            "a@b",
            "a@b.c",
            "a b@c.com",
            "a..b@c.com",
            "a@-b.com",
            "a@b.c0m",
        ] {
            assert!(!valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn the_spec_endings_and_host_typos_are_rejected() {
        for bad in [
            "joe@gmail.con",
            "joe@comcast.nt",
            "joe@yahoo.coim",
            "joe@aol.vom",
            "joe@gmial.com",
            "joe@gmail.co",
            "JOE@HOTMAIL.CO",
        ] {
            assert!(!valid_email(bad), "{bad}");
        }
        for ok in [
            "joe@comcast.net",
            "joe@gmail.com",
            "joe@convention.com",
            "joe@company.co",
        ] {
            assert!(valid_email(ok), "{ok}");
        }
    }

    #[test]
    fn zip_and_local_url_rules() {
        assert!(valid_zip("53545"));
        for bad in ["5354", "535450", "5354a", " 53545"] {
            assert!(!valid_zip(bad), "{bad}");
        }
        assert!(is_local_url("/cart/"));
        for bad in ["//evil.example", "https://evil.example", "/\\evil", "cart"] {
            assert!(!is_local_url(bad), "{bad}");
        }
    }

    #[test]
    fn order_numbers_are_up_to_20_digits() {
        assert_eq!(order_number(" 100000001 "), Some("100000001"));
        for bad in ["", "  ", "10000000a", "-1", "1 2", &"9".repeat(21)] {
            assert_eq!(order_number(bad), None, "{bad:?}");
        }
    }
}
