//! The encryption envelope: XChaCha20-Poly1305 (24-byte random nonces, so random nonces never
//! collide in practice) for personal fields under a subject's data key, and for data keys under
//! a master key. A sealed value is `nonce ‖ ciphertext ‖ tag`; the associated data binds it to
//! its subject and key id, so a value copied onto another subject does not open.

use chacha20poly1305::aead::{Aead, Generate, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

/// Bytes of a data or master key.
pub const KEY_BYTES: usize = 32;
const NONCE_BYTES: usize = 24;
const TAG_BYTES: usize = 16;
/// The shortest master key accepted (characters of configuration text).
pub const MIN_MASTER_KEY_CHARS: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    /// Shorter than a nonce and a tag: not something we sealed.
    #[error("the sealed value is truncated")]
    Truncated,
    /// Wrong key, wrong subject, or changed bytes: AEAD authentication failed.
    #[error("the sealed value does not open with this key (wrong key or tampered)")]
    Unauthentic,
    #[error("a master key is shorter than {MIN_MASTER_KEY_CHARS} characters")]
    ShortMasterKey,
    #[error("no master key given")]
    NoMasterKey,
}

/// A symmetric key (a subject's data key, or a master key's material).
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey([u8; KEY_BYTES]);

/// Key material is wiped from memory when the key is dropped.
impl Drop for SecretKey {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.0);
    }
}

impl std::fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print key material.
        f.write_str("SecretKey(…)")
    }
}

impl SecretKey {
    /// A fresh random key from the operating system's generator.
    pub fn generate() -> Self {
        let key = chacha20poly1305::Key::generate();
        let mut bytes = [0u8; KEY_BYTES];
        bytes.copy_from_slice(key.as_slice());
        Self(bytes)
    }

    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        <[u8; KEY_BYTES]>::try_from(bytes).ok().map(Self)
    }

    pub fn as_bytes(&self) -> &[u8; KEY_BYTES] {
        &self.0
    }

    fn cipher(&self) -> XChaCha20Poly1305 {
        XChaCha20Poly1305::new_from_slice(&self.0).expect("a 32-byte key")
    }

    /// Encrypts `plain` bound to `aad`: `nonce ‖ ciphertext ‖ tag`.
    pub fn seal(&self, aad: &[u8], plain: &[u8]) -> Vec<u8> {
        let nonce = XNonce::generate();
        let ciphertext = self
            .cipher()
            .encrypt(&nonce, Payload { msg: plain, aad })
            .expect("encryption of a bounded plaintext cannot fail");
        let mut out = Vec::with_capacity(NONCE_BYTES + ciphertext.len());
        out.extend_from_slice(nonce.as_slice());
        out.extend_from_slice(&ciphertext);
        out
    }

    /// Decrypts what [`SecretKey::seal`] made with the same key and `aad`.
    pub fn open(&self, aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, EnvelopeError> {
        if sealed.len() < NONCE_BYTES + TAG_BYTES {
            return Err(EnvelopeError::Truncated);
        }
        let (nonce, ciphertext) = sealed.split_at(NONCE_BYTES);
        let nonce = XNonce::try_from(nonce).map_err(|_| EnvelopeError::Truncated)?;
        self.cipher()
            .decrypt(
                &nonce,
                Payload {
                    msg: ciphertext,
                    aad,
                },
            )
            .map_err(|_| EnvelopeError::Unauthentic)
    }
}

/// A key-encryption key from configuration (`MASTER_KEYS`), named by a short id derived from
/// it, so a wrapped data key records which master key wrapped it.
#[derive(Clone)]
pub struct MasterKey {
    id: String,
    key: SecretKey,
}

impl std::fmt::Debug for MasterKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MasterKey({})", self.id)
    }
}

impl MasterKey {
    /// A master key from configuration text (at least [`MIN_MASTER_KEY_CHARS`] characters):
    /// the key is SHA-256 of the text, the id the first 8 hex digits of SHA-256 of `id ‖ text`.
    pub fn from_text(text: &str) -> Result<Self, EnvelopeError> {
        let text = text.trim();
        if text.len() < MIN_MASTER_KEY_CHARS {
            return Err(EnvelopeError::ShortMasterKey);
        }
        let key: [u8; KEY_BYTES] = Sha256::digest(text.as_bytes()).into();
        let id_hash = Sha256::new()
            .chain_update(b"master-key-id\0")
            .chain_update(text.as_bytes())
            .finalize();
        let id = id_hash[..4].iter().map(|b| format!("{b:02x}")).collect();
        Ok(Self {
            id,
            key: SecretKey(key),
        })
    }

    /// `new-key,old-key,…`: the first wraps new data keys, every one unwraps.
    pub fn parse_list(list: &str) -> Result<Vec<Self>, EnvelopeError> {
        let keys = list
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(Self::from_text)
            .collect::<Result<Vec<_>, _>>()?;
        if keys.is_empty() {
            return Err(EnvelopeError::NoMasterKey);
        }
        Ok(keys)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    fn wrap_aad(subject: &str, key_id: &str) -> Vec<u8> {
        format!("storefront-data-key\0{subject}\0{key_id}").into_bytes()
    }

    /// Encrypts a subject's data key.
    pub fn wrap(&self, subject: &str, key_id: &str, data_key: &SecretKey) -> Vec<u8> {
        self.key
            .seal(&Self::wrap_aad(subject, key_id), data_key.as_bytes())
    }

    /// Decrypts a data key wrapped by [`MasterKey::wrap`] for the same subject and key id.
    pub fn unwrap(
        &self,
        subject: &str,
        key_id: &str,
        wrapped: &[u8],
    ) -> Result<SecretKey, EnvelopeError> {
        let bytes = self.key.open(&Self::wrap_aad(subject, key_id), wrapped)?;
        SecretKey::from_bytes(&bytes).ok_or(EnvelopeError::Unauthentic)
    }
}

/// The associated data of a personal field: its subject and the data key's id.
pub fn field_aad(subject: &str, key_id: &str) -> Vec<u8> {
    format!("storefront-field\0{subject}\0{key_id}").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MASTER: &str = "master-key-for-tests-0123456789abcdef";

    #[test]
    fn a_sealed_field_opens_with_its_key_and_subject() {
        let key = SecretKey::generate();
        let aad = field_aad("em_1", "k1");
        let sealed = key.seal(&aad, b"shopper@example.com");
        assert!(
            !sealed
                .windows(b"shopper".len())
                .any(|w| w == b"shopper".as_slice()),
            "no clear text inside"
        );
        assert_eq!(key.open(&aad, &sealed).unwrap(), b"shopper@example.com");
        assert_ne!(
            key.seal(&aad, b"shopper@example.com"),
            sealed,
            "a fresh nonce each time"
        );
    }

    #[test]
    fn a_wrong_key_or_subject_is_an_error() {
        let key = SecretKey::generate();
        let sealed = key.seal(&field_aad("em_1", "k1"), b"secret");
        assert_eq!(
            SecretKey::generate().open(&field_aad("em_1", "k1"), &sealed),
            Err(EnvelopeError::Unauthentic)
        );
        assert_eq!(
            key.open(&field_aad("em_2", "k1"), &sealed),
            Err(EnvelopeError::Unauthentic),
            "copied onto another subject"
        );
    }

    #[test]
    fn tampered_or_truncated_ciphertext_is_an_error_never_a_panic() {
        let key = SecretKey::generate();
        let aad = field_aad("em_1", "k1");
        let sealed = key.seal(&aad, b"secret");
        for i in 0..sealed.len() {
            let mut bad = sealed.clone();
            bad[i] ^= 0x01;
            assert_eq!(
                key.open(&aad, &bad),
                Err(EnvelopeError::Unauthentic),
                "byte {i}"
            );
        }
        for len in 0..40 {
            assert!(key.open(&aad, &sealed[..len.min(sealed.len())]).is_err());
        }
        assert_eq!(key.open(&aad, &[]), Err(EnvelopeError::Truncated));
    }

    #[test]
    fn data_keys_wrap_under_a_master_key_and_nothing_else() {
        let master = MasterKey::from_text(MASTER).unwrap();
        let other = MasterKey::from_text("another-master-key-0123456789abcdef").unwrap();
        assert_ne!(master.id(), other.id());
        let data = SecretKey::generate();
        let wrapped = master.wrap("em_1", "k1", &data);
        assert_eq!(master.unwrap("em_1", "k1", &wrapped).unwrap(), data);
        assert!(other.unwrap("em_1", "k1", &wrapped).is_err());
        assert!(master.unwrap("em_2", "k1", &wrapped).is_err());
        assert!(master.unwrap("em_1", "k2", &wrapped).is_err());
    }

    #[test]
    fn master_keys_are_parsed_newest_first_and_never_printed() {
        let keys =
            MasterKey::parse_list(&format!(" {MASTER} , another-master-key-0123456789abcdef"))
                .unwrap();
        assert_eq!(keys.len(), 2);
        assert_eq!(keys[0].id(), MasterKey::from_text(MASTER).unwrap().id());
        assert_eq!(keys[0].id().len(), 8);
        assert!(!format!("{:?}", keys[0]).contains(MASTER));
        assert!(!format!("{:?}", SecretKey::generate()).contains("0"));
        assert_eq!(
            MasterKey::parse_list(" , ").unwrap_err(),
            EnvelopeError::NoMasterKey
        );
        assert_eq!(
            MasterKey::parse_list("short").unwrap_err(),
            EnvelopeError::ShortMasterKey
        );
    }
}
