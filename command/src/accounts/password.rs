//! Passwords: the spec's rules (5, "Create password": 8 to 100 characters, one lowercase, one
//! uppercase, one number) with its messages, and argon2id hashes (PHC strings with their own
//! salt). A hash is a secret: it travels sealed under the customer's data key and is never
//! logged.

use std::sync::OnceLock;

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::Argon2;

pub const MIN_CHARS: usize = 8;
pub const MAX_CHARS: usize = 100;

pub const NEEDS_LOWERCASE: &str = "Password requires at least 1 lowercase character.";
pub const NEEDS_UPPERCASE: &str = "Password requires at least 1 uppercase character.";
pub const TOO_SHORT: &str = "Password must be 8 characters long.";
pub const NEEDS_NUMBER: &str = "Password requires at least 1 number.";
pub const REQUIREMENTS_MET: &str = "Password requirements met.";
/// The spec gives the limit (9: at most 100) but no message for it (docs/decisions.md).
pub const TOO_LONG: &str = "Password must be at most 100 characters long.";

/// The first rule `password` breaks, as the spec words it, in the order the create form lists
/// them; `Ok` when it meets them all ([`REQUIREMENTS_MET`]).
pub fn check(password: &str) -> Result<(), &'static str> {
    let chars = password.chars().count();
    if !password.chars().any(|c| c.is_lowercase()) {
        Err(NEEDS_LOWERCASE)
    } else if !password.chars().any(|c| c.is_uppercase()) {
        Err(NEEDS_UPPERCASE)
    } else if chars < MIN_CHARS {
        Err(TOO_SHORT)
    } else if !password.chars().any(|c| c.is_ascii_digit()) {
        Err(NEEDS_NUMBER)
    } else if chars > MAX_CHARS {
        Err(TOO_LONG)
    } else {
        Ok(())
    }
}

/// The argon2id hash of `password` (default parameters, a new random salt), as a PHC string.
/// Blocking work (tens of milliseconds in a release build): call it off the async workers.
pub fn hash(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("argon2 hashes any password of at most 100 characters")
        .to_string()
}

/// Whether `password` is the one `phc` was made from. A hash that does not parse matches
/// nothing. Blocking work, as [`hash`].
pub fn verify(phc: &str, password: &str) -> bool {
    match PasswordHash::new(phc) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// The same work as a real check, for a sign-in whose account does not exist: the answer takes
/// as long either way, so its time does not tell whether an email has an account.
pub fn verify_nothing(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let phc = DUMMY.get_or_init(|| hash("Not-a-password-1"));
    let _ = verify(phc, password);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_answers_in_the_spec_words() {
        assert_eq!(check("PASSWORD1"), Err(NEEDS_LOWERCASE));
        assert_eq!(check("password1"), Err(NEEDS_UPPERCASE));
        assert_eq!(check("Pass1"), Err(TOO_SHORT));
        assert_eq!(check("Password"), Err(NEEDS_NUMBER));
        assert_eq!(check(&format!("Pa1{}", "x".repeat(98))), Err(TOO_LONG));
        assert_eq!(check(&format!("Pa1{}", "x".repeat(97))), Ok(()));
        assert_eq!(check("Password1"), Ok(()));
        assert_eq!(check(""), Err(NEEDS_LOWERCASE));
    }

    #[test]
    fn a_hash_checks_its_password_only() {
        let phc = hash("Password1");
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(verify(&phc, "Password1"));
        assert!(!verify(&phc, "Password2"));
        assert!(!verify("not a hash", "Password1"));
        assert_ne!(phc, hash("Password1"), "each hash has its own salt");
    }
}
