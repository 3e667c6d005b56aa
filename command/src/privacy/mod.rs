//! Personal data in an immutable log (docs/privacy.md, DESIGN.md "Privacy").
//!
//! * **Pseudonymous ids**: an id or Kafka key derived from an email or phone is a keyed hash
//!   ([`PrivacyKeys::subject_for_email`]), never the raw value.
//! * **Crypto-shredding**: personal fields of events are [`Sealed`] under the subject's data
//!   key ([`vault`]); data keys live in `subject_keys`, wrapped by a master key from
//!   configuration. Destroying the key erases every copy of the field, in the event store and
//!   on the topic alike.
//! * The subject's rights (forget, export) are orchestrated in the `storefront` crate
//!   (`storefront::privacy`), which knows every read model; the command routes reach the
//!   erasure through the [`erasure::Erasure`] port.

pub mod envelope;
pub mod erasure;
pub mod subject;
pub mod vault;

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use envelope::{EnvelopeError, MasterKey};
use kernel::secrets::Keyring;
use kernel::validation::normalize_email;

/// A personal field as events carry it: ciphertext under the subject's data key `key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sealed {
    /// The subject (pseudonymous id) whose key sealed it.
    pub subject: String,
    /// Which of the subject's data keys (a forgotten subject that comes back gets a new one).
    pub key: String,
    /// base64 of `nonce ‖ ciphertext ‖ tag`.
    pub sealed: String,
}

/// The `key` of a field whose clear text was dropped when an old event version was upcast: it
/// never opens, so it reads as erased.
pub const DROPPED_KEY: &str = "dropped";

impl Sealed {
    /// A field that reads as erased (what an upcaster puts where a legacy event had clear
    /// text). It names no subject: a legacy aggregate id may itself be the clear address.
    pub fn dropped() -> Self {
        Self {
            subject: String::new(),
            key: DROPPED_KEY.to_string(),
            sealed: String::new(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PrivacyError {
    #[error(
        "PSEUDONYM_KEY and MASTER_KEYS are not set: personal data can be neither sealed nor read"
    )]
    NotConfigured,
    #[error("PSEUDONYM_KEY: {0}")]
    PseudonymKey(String),
    #[error("the subject's data key was being made or erased at the same moment; try again")]
    KeyUnavailable,
    #[error("MASTER_KEYS: {0}")]
    MasterKeys(EnvelopeError),
    #[error("the data key of a subject was wrapped by master key {0}, which MASTER_KEYS no longer holds")]
    UnknownMasterKey(String),
    #[error("a data key does not unwrap: {0}")]
    Unwrap(EnvelopeError),
    #[error("a sealed field of {subject} does not open: {error}")]
    Field {
        subject: String,
        error: EnvelopeError,
    },
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
}

/// The server secrets of personal data: the pseudonym key (`PSEUDONYM_KEY`: keyed hashes of
/// emails and phones, and the signature of unsubscribe links; never rotated, since ids derive
/// from it) and the master keys (`MASTER_KEYS`, newest first: the first wraps new data keys,
/// all unwrap; rotate with `storefront privacy rewrap`).
#[derive(Clone)]
pub struct PrivacyKeys {
    pseudonyms: Keyring,
    masters: Vec<MasterKey>,
}

impl std::fmt::Debug for PrivacyKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PrivacyKeys({} master keys)", self.masters.len())
    }
}

/// Purpose of the keyed hash of an email address.
const EMAIL_PURPOSE: &str = "subject-email";
const PHONE_PURPOSE: &str = "phone-key";
/// Purpose of the keyed hash of a sign-in provider's subject.
const PROVIDER_PURPOSE: &str = "provider-identity";
/// Purpose of the keyed hash of an order's number and shipping ZIP.
const ORDER_ZIP_PURPOSE: &str = "order-zip";
/// Purpose of a review's public id.
const REVIEW_PURPOSE: &str = "review-ref";
/// Purpose of a visitor's mark on a review (a helpful vote, a report).
const REVIEW_VISITOR_PURPOSE: &str = "review-visitor";
/// Purpose of an unsubscribe link's signature.
const UNSUBSCRIBE_PURPOSE: &str = "newsletter-unsubscribe";

impl PrivacyKeys {
    pub fn parse(pseudonym_key: &str, master_keys: &str) -> Result<Self, PrivacyError> {
        let pseudonyms =
            Keyring::parse(pseudonym_key).map_err(|e| PrivacyError::PseudonymKey(e.to_string()))?;
        let masters = MasterKey::parse_list(master_keys).map_err(PrivacyError::MasterKeys)?;
        Ok(Self {
            pseudonyms,
            masters,
        })
    }

    /// Random keys for this process only: what it seals cannot be read after a restart.
    pub fn ephemeral() -> Self {
        let random = || {
            format!(
                "{}{}",
                uuid::Uuid::new_v4().simple(),
                uuid::Uuid::new_v4().simple()
            )
        };
        Self::parse(&random(), &random()).expect("random keys are long enough")
    }

    /// The subject id of an email address: `em_` and a keyed hash of the normalised address.
    /// The same address always gives the same id (one subscription per email holds), and the
    /// id reveals nothing without the key.
    pub fn subject_for_email(&self, email: &str) -> String {
        format!(
            "em_{}",
            self.pseudonyms
                .derive(EMAIL_PURPOSE, &normalize_email(email))
        )
    }

    /// The keyed hash of a phone number in its normal form (`kernel::validation::
    /// normalize_phone`): `ph_` and the hash. An index key, never shown; the number itself
    /// travels sealed.
    pub fn phone_key(&self, phone: &str) -> String {
        format!("ph_{}", self.pseudonyms.derive(PHONE_PURPOSE, phone))
    }

    /// The keyed hash of an identity at a sign-in provider (`google`, `apple`, `facebook`)
    /// and its subject there (the ID token's `sub`, Facebook's user id): `pi_` and the hash.
    /// The id of its `ProviderClaim`; never an email.
    pub fn provider_key(&self, provider: &str, subject: &str) -> String {
        format!(
            "pi_{}",
            self.pseudonyms
                .derive(PROVIDER_PURPOSE, &format!("{provider}:{subject}"))
        )
    }

    /// A review's public id (`rw_` and a keyed hash of its aggregate id): what shoppers' votes
    /// and reports name, revealing neither the customer nor anything guessable.
    pub fn review_ref(&self, review_id: &str) -> String {
        format!("rw_{}", self.pseudonyms.derive(REVIEW_PURPOSE, review_id))
    }

    /// The visitor (the cookie's id) as a review's votes and reports record them: `vv_` and a
    /// keyed hash, one per visitor.
    pub fn review_visitor(&self, visitor_id: &str) -> String {
        format!(
            "vv_{}",
            self.pseudonyms.derive(REVIEW_VISITOR_PURPOSE, visitor_id)
        )
    }

    /// The keyed hash of an order number and its shipping ZIP: how track-your-order finds an
    /// order by ZIP without the ZIP being kept in clear.
    pub fn order_zip_key(&self, order_no: &str, zip: &str) -> String {
        format!(
            "oz_{}",
            self.pseudonyms.derive(
                ORDER_ZIP_PURPOSE,
                &format!("{}:{}", order_no.trim(), zip.trim())
            )
        )
    }

    /// The token of a subject's unsubscribe link: `subject.signature`.
    pub fn unsubscribe_token(&self, subject: &str) -> String {
        format!(
            "{subject}.{}",
            self.pseudonyms.sign(UNSUBSCRIBE_PURPOSE, subject)
        )
    }

    /// The subject an unsubscribe token was issued for, if we issued it.
    pub fn verify_unsubscribe_token(&self, token: &str) -> Option<String> {
        let (subject, signature) = token.trim().rsplit_once('.')?;
        let well_formed = subject.len() <= 64
            && subject.starts_with("em_")
            && subject[3..].bytes().all(|b| b.is_ascii_hexdigit());
        (well_formed
            && self
                .pseudonyms
                .verify(UNSUBSCRIBE_PURPOSE, subject, signature))
        .then(|| subject.to_string())
    }

    /// The master key that wraps new data keys.
    pub fn current_master(&self) -> &MasterKey {
        &self.masters[0]
    }

    pub fn master(&self, id: &str) -> Option<&MasterKey> {
        self.masters.iter().find(|m| m.id() == id)
    }
}

static KEYS: OnceLock<PrivacyKeys> = OnceLock::new();

/// Makes `keys` the process's privacy keys (once; later calls keep the first and answer false).
/// Projections read them to open sealed fields while building read models.
pub fn install(keys: PrivacyKeys) -> bool {
    KEYS.set(keys).is_ok()
}

/// The process's privacy keys.
pub fn keys() -> Result<&'static PrivacyKeys, PrivacyError> {
    KEYS.get().ok_or(PrivacyError::NotConfigured)
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str = "pseudonym-key-for-tests-0123456789abcdef";
    const M: &str = "master-key-for-tests-0123456789abcdef";

    #[test]
    fn an_email_gives_one_stable_subject_that_hides_it() {
        let keys = PrivacyKeys::parse(P, M).unwrap();
        let subject = keys.subject_for_email(" Shopper@Example.com ");
        assert_eq!(subject, keys.subject_for_email("shopper@example.com"));
        assert!(subject.starts_with("em_") && subject.len() == 35);
        assert!(!subject.contains("shopper"));
        let other = PrivacyKeys::parse("another-pseudonym-key-0123456789abcdef", M).unwrap();
        assert_ne!(
            other.subject_for_email("shopper@example.com"),
            subject,
            "keyed"
        );
        assert!(!format!("{keys:?}").contains(M));
    }

    #[test]
    fn unsubscribe_tokens_verify_only_as_issued() {
        let keys = PrivacyKeys::parse(P, M).unwrap();
        let subject = keys.subject_for_email("a@example.com");
        let token = keys.unsubscribe_token(&subject);
        assert_eq!(
            keys.verify_unsubscribe_token(&token).as_deref(),
            Some(subject.as_str())
        );
        let other = keys.subject_for_email("b@example.com");
        let (_, signature) = token.rsplit_once('.').unwrap();
        assert_eq!(
            keys.verify_unsubscribe_token(&format!("{other}.{signature}")),
            None,
            "a signature moved to another subject"
        );
        let foreign = PrivacyKeys::parse("another-pseudonym-key-0123456789abcdef", M).unwrap();
        assert_eq!(
            keys.verify_unsubscribe_token(&foreign.unsubscribe_token(&subject)),
            None
        );
        for bad in ["", ".", "forged.0000", "em_zz.00", &subject, "a.b.c"] {
            assert_eq!(keys.verify_unsubscribe_token(bad), None, "{bad}");
        }
    }
}
