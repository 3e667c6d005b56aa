//! What a screen may show of a member's contact details before they proved who they are
//! (spec 3, Verification data): `j***@example.com` and `(***) ***-1234`.

/// An email with all of its local part but the first character hidden: `j***@example.com`.
pub fn email(address: &str) -> String {
    match address.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".to_string(),
    }
}

/// A phone number with only its last four digits shown: `(***) ***-1234`.
pub fn phone(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(char::is_ascii_digit).collect();
    let last: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("(***) ***-{last}")
}

/// Whether a value a client sent back is one of these masks rather than a value typed.
pub fn is_masked(value: &str) -> bool {
    value.contains('*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_look_like_the_screens_show_them() {
        assert_eq!(email("jane.doe@example.com"), "j***@example.com");
        assert_eq!(phone("5552341234"), "(***) ***-1234");
        assert!(is_masked(&email("a@b.co")) && is_masked(&phone("5552341234")));
        assert!(!is_masked("5552341234"));
    }
}
