//! Server secrets: the keyring that signs the ids we hand to browsers (visitor, visit, cart).
//!
//! Keys come from configuration (`COOKIE_KEYS`, comma separated; the run command generates one
//! into `var/secrets/` when absent). The first key signs; every key verifies, so a key can be
//! rotated in by putting the new one first and dropped once the old cookies have expired.
//! A signature is HMAC-SHA-256 over `purpose NUL value`, cut to 128 bits and written as hex:
//! a value signed for one purpose (a visitor id) never verifies as another (a cart).

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// Bytes of the MAC kept in a signature (128 bits).
const MAC_BYTES: usize = 16;
/// The shortest key accepted (characters of configuration text).
pub const MIN_KEY_CHARS: usize = 32;

#[derive(Clone)]
pub struct Keyring {
    /// Each key's HMAC state after the key (its padded blocks hashed once, here, rather than
    /// for every signature: a cookie-less beacon is signed and derived five times).
    keys: Vec<HmacSha256>,
}

/// The keyed HMAC states are wiped from memory when the keyring is dropped: what they hold
/// is derived from the key alone, and would sign for anyone who read it.
impl Drop for Keyring {
    fn drop(&mut self) {
        for key in &mut self.keys {
            // SAFETY: an HMAC state is flat (fixed arrays and counters, no pointers, no drop
            // glue of its own) and all zeroes is a valid value of it; it is not used again.
            unsafe { zeroize::zeroize_flat_type(key as *mut HmacSha256) };
        }
    }
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print key material.
        write!(f, "Keyring({} keys)", self.keys.len())
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyringError {
    #[error("no key given")]
    Empty,
    #[error("key {0} is shorter than {MIN_KEY_CHARS} characters")]
    TooShort(usize),
}

impl Keyring {
    /// Parses `new-key,old-key,…` (surrounding whitespace ignored).
    pub fn parse(list: &str) -> Result<Self, KeyringError> {
        let keys: Vec<&str> = list
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .collect();
        if keys.is_empty() {
            return Err(KeyringError::Empty);
        }
        if let Some(i) = keys.iter().position(|k| k.len() < MIN_KEY_CHARS) {
            return Err(KeyringError::TooShort(i + 1));
        }
        Ok(Self {
            keys: keys.into_iter().map(|k| keyed(k.as_bytes())).collect(),
        })
    }

    /// A random key for this process only (signed ids do not survive a restart).
    pub fn ephemeral() -> Self {
        let key = format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        Self {
            keys: vec![keyed(key.as_bytes())],
        }
    }

    fn mac(key: &HmacSha256, purpose: &str, value: &str) -> HmacSha256 {
        let mut mac = key.clone();
        mac.update(purpose.as_bytes());
        mac.update(&[0]);
        mac.update(value.as_bytes());
        mac
    }

    /// The signature of `value` for `purpose`, made with the newest key.
    pub fn sign(&self, purpose: &str, value: &str) -> String {
        let tag = Self::mac(&self.keys[0], purpose, value)
            .finalize()
            .into_bytes();
        hex(&tag[..MAC_BYTES])
    }

    /// Whether `signature` is `value`'s signature for `purpose` under any key (constant time).
    pub fn verify(&self, purpose: &str, value: &str, signature: &str) -> bool {
        let Some(tag) = unhex(signature) else {
            return false;
        };
        if tag.len() != MAC_BYTES {
            return false;
        }
        self.keys.iter().any(|key| {
            Self::mac(key, purpose, value)
                .verify_truncated_left(&tag)
                .is_ok()
        })
    }

    /// `value` with its signature for `purpose` (`value.signature`): an id a link carries, that
    /// only this store could have made.
    pub fn signed(&self, purpose: &str, value: &str) -> String {
        format!("{value}.{}", self.sign(purpose, value))
    }

    /// The value of a [`signed`](Self::signed) text when its signature holds under any key.
    pub fn opened<'a>(&self, purpose: &str, signed: &'a str) -> Option<&'a str> {
        let (value, signature) = signed.rsplit_once('.')?;
        self.verify(purpose, value, signature).then_some(value)
    }

    /// A keyed hash of `value` (hex, 128 bits), for ids derived from client-chosen text.
    pub fn derive(&self, purpose: &str, value: &str) -> String {
        self.sign(purpose, value)
    }
}

fn keyed(key: &[u8]) -> HmacSha256 {
    HmacSha256::new_from_slice(key).expect("HMAC takes keys of any length")
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        text.push(DIGITS[usize::from(b >> 4)] as char);
        text.push(DIGITS[usize::from(b & 0x0f)] as char);
    }
    text
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

    #[test]
    fn signatures_are_hmac_sha256_of_purpose_nul_value_in_lower_hex() {
        // The cookies already handed out carry signatures of this exact form: a change of the
        // encoding would sign every visitor and cart out.
        let ring = Keyring::parse("0123456789abcdef0123456789abcdef").unwrap();
        assert_eq!(
            ring.sign("visitor", "abc"),
            "9a27fd16828fcf5c83c574037d44da7e"
        );
        assert_eq!(ring.derive("visitor", "abc"), ring.sign("visitor", "abc"));
    }

    #[test]
    fn a_signature_verifies_only_for_its_value_and_purpose() {
        let ring = Keyring::parse(A).unwrap();
        let sig = ring.sign("cart", "c1|v1");
        assert_eq!(sig.len(), 32);
        assert!(ring.verify("cart", "c1|v1", &sig));
        assert!(!ring.verify("cart", "c1|v2", &sig), "another owner");
        assert!(!ring.verify("visitor", "c1|v1", &sig), "another purpose");
        assert!(!ring.verify("cart", "c1|v1", &sig.to_uppercase().replace('A', "B")));
        assert!(!ring.verify("cart", "c1|v1", ""));
        assert!(!ring.verify("cart", "c1|v1", "zz"));
        let link = ring.signed("share", "gr_1");
        assert_eq!(ring.opened("share", &link), Some("gr_1"));
        assert_eq!(ring.opened("other", &link), None, "another purpose");
        assert_eq!(ring.opened("share", &link.replace("gr_1", "gr_2")), None);
        assert_eq!(ring.opened("share", "gr_1"), None, "no signature");
    }

    #[test]
    fn rotation_signs_with_the_first_key_and_verifies_with_all() {
        let old = Keyring::parse(A).unwrap();
        let rotated = Keyring::parse(&format!("{B}, {A}")).unwrap();
        let old_sig = old.sign("visitor", "v1");
        assert!(
            rotated.verify("visitor", "v1", &old_sig),
            "old cookies stay valid"
        );
        let new_sig = rotated.sign("visitor", "v1");
        assert_ne!(new_sig, old_sig, "new cookies use the new key");
        assert!(!old.verify("visitor", "v1", &new_sig));
        let retired = Keyring::parse(B).unwrap();
        assert!(
            !retired.verify("visitor", "v1", &old_sig),
            "a dropped key no longer verifies"
        );
    }

    #[test]
    fn short_or_missing_keys_are_refused_and_never_printed() {
        assert_eq!(Keyring::parse(" , ").unwrap_err(), KeyringError::Empty);
        assert_eq!(
            Keyring::parse(&format!("{A},short")).unwrap_err(),
            KeyringError::TooShort(2)
        );
        assert_eq!(
            format!("{:?}", Keyring::parse(A).unwrap()),
            "Keyring(1 keys)"
        );
    }
}
