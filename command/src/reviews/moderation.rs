//! The moderation rule: a review is published at once unless its title or text holds a web
//! address (`Link`), an email address or a phone number (`Contact`), or a word of the store's
//! list (`Word`); then it waits for a merchandiser (docs/decisions.md, "Reviews").

use super::events::HoldReason;

/// Words that hold a review (whole words, any case): abuse and the marks of spam.
pub const HELD_WORDS: &[&str] = &[
    "viagra",
    "casino",
    "crypto",
    "bitcoin",
    "porn",
    "xxx",
    "idiot",
    "stupid",
    "scam",
    "whatsapp",
    "telegram",
    "discount code",
    "promo code",
    "fuck",
    "shit",
    "bitch",
    "asshole",
    "bastard",
];

/// Top-level domains a bare address ("shop.example.com") ends with.
const DOMAINS: &[&str] = &[
    "com", "net", "org", "io", "co", "biz", "info", "shop", "store", "xyz", "us", "ru", "cn",
];

/// Why `texts` would be held, the first reason found (links, then contact, then words).
pub fn screen(texts: &[&str]) -> Option<HoldReason> {
    let text = texts.join("\n").to_lowercase();
    if has_link(&text) {
        Some(HoldReason::Link)
    } else if has_email(&text) || has_phone(&text) {
        Some(HoldReason::Contact)
    } else if has_word(&text) {
        Some(HoldReason::Word)
    } else {
        None
    }
}

fn has_link(text: &str) -> bool {
    if text.contains("http://") || text.contains("https://") || text.contains("www.") {
        return true;
    }
    text.split(|c: char| c.is_whitespace() || "()[]<>\"',;!?".contains(c))
        .filter(|w| !w.contains('@'))
        .any(|w| {
            let w = w.trim_end_matches(['.', ':']);
            let mut parts = w.rsplit('.');
            let (Some(tld), Some(name)) = (parts.next(), parts.next()) else {
                return false;
            };
            !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && DOMAINS.contains(&tld)
        })
}

fn has_email(text: &str) -> bool {
    text.split(|c: char| c.is_whitespace() || "()[]<>\"',;".contains(c))
        .any(|w| match w.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty() && domain.contains('.') && !domain.starts_with('.')
            }
            None => false,
        })
}

/// Seven or more digits in a row, spaces, dots, dashes and brackets between them allowed.
fn has_phone(text: &str) -> bool {
    let mut digits = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits += 1;
            if digits >= 7 {
                return true;
            }
        } else if !matches!(c, ' ' | '-' | '.' | '(' | ')' | '+') {
            digits = 0;
        }
    }
    false
}

fn has_word(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    HELD_WORDS.iter().any(|held| {
        let held: Vec<&str> = held.split(' ').collect();
        words.windows(held.len()).any(|w| w == held.as_slice())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_contact_details_and_listed_words_hold_a_review() {
        for (text, reason) in [
            (
                "Great boots, more at https://cheap.example",
                Some(HoldReason::Link),
            ),
            ("see www.bootsdeals.net", Some(HoldReason::Link)),
            ("buy at bootsdeals.com today", Some(HoldReason::Link)),
            ("write me: jane.doe@mail.example", Some(HoldReason::Contact)),
            ("call 555-123-4567 for a deal", Some(HoldReason::Contact)),
            ("call (555) 123 4567", Some(HoldReason::Contact)),
            ("a SCAM, avoid", Some(HoldReason::Word)),
            ("ask for a promo code", Some(HoldReason::Word)),
            ("Fits well. Wore them 3 days in the rain, dry feet.", None),
            ("Size 10.5 fits true to size; 2 pairs for $49.99", None),
            ("Scampi-flavoured treats, my dog loves them", None),
        ] {
            assert_eq!(screen(&[text]), reason, "{text}");
        }
        assert_eq!(
            screen(&["Fine", "email me at a@b.co"]),
            Some(HoldReason::Contact)
        );
    }
}
