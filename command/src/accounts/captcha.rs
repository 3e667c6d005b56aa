//! The captcha sign-in asks for after wrong passwords (spec 3, "Sign-in": `hasCaptcha` and
//! `captcha` in the request, `captchaRequired` and `captchaFailed` in the answer): a port,
//! [`Captcha`], with two adapters.
//!
//! * [`ProofOfWork`] (the default; needs nothing outside the store): the browser is handed a
//!   signed puzzle (`GET /account/captcha`) and spends a fraction of a second finding a nonce;
//!   each solution is accepted once, on every replica (the table `captcha_spent`).
//! * [`Recaptcha`]: Google reCAPTCHA; the widget's token is checked with Google's verify call
//!   (its address configurable).
//!
//! Neither a secret nor a client's response is ever logged.

use std::net::IpAddr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::Generate;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use zeroize::Zeroizing;

type HmacSha256 = Hmac<Sha256>;

/// The sign-in message when the captcha was not solved (spec).
pub const CAPTCHA_FAILED_MESSAGE: &str = "reCAPTCHA validation failed. Please try again.";

#[async_trait::async_trait]
pub trait Captcha: Send + Sync {
    /// What the client needs to show one (serialisable answer of GET /account/captcha).
    async fn challenge(&self) -> Result<CaptchaChallenge, CaptchaError>;
    /// Whether `response` (the sign-in request's `captcha`) solves a challenge. Each solution is accepted once.
    async fn verify(&self, response: &str, remote: Option<IpAddr>) -> Result<bool, CaptchaError>;
    /// Origins the page must be allowed to load/connect to (for the CSP); empty for proof of work.
    fn origins(&self) -> Vec<String> {
        vec![]
    }
}

pub type CaptchaRef = Arc<dyn Captcha>;

/// Where reCAPTCHA's script and frame come from (the page's CSP allows them only when
/// reCAPTCHA is the configured captcha).
pub const RECAPTCHA_ORIGINS: [&str; 2] = ["https://www.google.com", "https://www.gstatic.com"];

/// What the sign-in form needs to show a captcha: a proof-of-work puzzle or reCAPTCHA's
/// site key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum CaptchaChallenge {
    /// Find a `nonce` (1 to 32 of `A-Z a-z 0-9 - _`) such that the SHA-256 of
    /// `<challenge>:<nonce>` begins with `difficulty` zero bits, and send `<challenge>:<nonce>`
    /// as the sign-in's `captcha`. The challenge expires after 10 minutes and its solution is
    /// accepted once.
    #[serde(rename_all = "camelCase")]
    ProofOfWork {
        #[schema(max_length = 200)]
        challenge: String,
        #[schema(minimum = 1, maximum = 32)]
        difficulty: u8,
    },
    /// Show Google reCAPTCHA with this site key and send the widget's response token as the
    /// sign-in's `captcha`.
    #[serde(rename_all = "camelCase")]
    Recaptcha { site_key: String },
}

#[derive(Debug, thiserror::Error)]
pub enum CaptchaError {
    /// The captcha could not be checked (its service or its store did not answer): neither
    /// accepted nor refused.
    #[error("captcha unavailable: {0}")]
    Unavailable(String),
}

impl From<CaptchaError> for kernel::http::ApiError {
    fn from(e: CaptchaError) -> Self {
        match e {
            CaptchaError::Unavailable(reason) => kernel::http::ApiError::Unavailable(reason),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Proof of work

/// Leading zero bits a solution's hash needs by default (≈ 260,000 hashes on average: a
/// fraction of a second in a browser).
pub const DEFAULT_DIFFICULTY: u8 = 18;
/// The most difficulty a challenge may ask for.
pub const MAX_DIFFICULTY: u8 = 32;
/// How long a challenge can be solved.
pub const CHALLENGE_SECONDS: i64 = 600;
/// The longest response looked at (`<challenge>:<nonce>`); anything longer is refused unread.
pub const MAX_RESPONSE_BYTES: usize = 1000;
/// The longest nonce.
pub const MAX_NONCE_CHARS: usize = 32;
/// Spent ids are deleted an hour after their challenge expired, at most once a minute.
const PURGE_EVERY_SECONDS: i64 = 60;
/// The label of the captcha key derived from the cookie keyring.
const KEY_LABEL: &str = "captcha proof-of-work key";

/// id (16 random bytes), expiry (unix seconds, big-endian), difficulty.
const PAYLOAD_BYTES: usize = 16 + 8 + 1;
const MAC_BYTES: usize = 32;

/// The self-hosted captcha: challenges are `<payload>.<mac>` (base64url), the payload holding a
/// random id, the expiry and the difficulty, the MAC an HMAC-SHA-256 of the payload's text
/// under a server key; no state is kept until a solution is spent.
pub struct ProofOfWork {
    key: Zeroizing<[u8; 32]>,
    difficulty: u8,
    spent: Spent,
    now: fn() -> i64,
    /// When spent ids were last purged (unix seconds).
    last_purge: AtomicI64,
}

/// Where the ids of accepted solutions are kept.
enum Spent {
    /// Table `captcha_spent`: shared by every replica on the database.
    Postgres(PgPool),
    /// This process only (unit tests).
    #[cfg(test)]
    Memory(std::sync::Mutex<std::collections::HashSet<String>>),
}

fn unix_now() -> i64 {
    chrono::Utc::now().timestamp()
}

impl ProofOfWork {
    /// Challenges asking for `difficulty` zero bits (clamped to 1..=[`MAX_DIFFICULTY`]),
    /// signed with `key` (every replica must have the same: [`key_from_keyring`]), solutions
    /// spent in `pool`'s `captcha_spent`.
    pub fn new(pool: PgPool, key: [u8; 32], difficulty: u8) -> Self {
        Self::with_store(Spent::Postgres(pool), key, difficulty)
    }

    fn with_store(spent: Spent, key: [u8; 32], difficulty: u8) -> Self {
        Self {
            key: Zeroizing::new(key),
            difficulty: difficulty.clamp(1, MAX_DIFFICULTY),
            spent,
            now: unix_now,
            last_purge: AtomicI64::new(i64::MIN),
        }
    }

    /// The same with another clock (unix seconds), for tests.
    pub fn with_clock(mut self, now: fn() -> i64) -> Self {
        self.now = now;
        self
    }

    pub fn difficulty(&self) -> u8 {
        self.difficulty
    }

    fn mac(&self, payload_text: &str) -> HmacSha256 {
        let mut mac =
            HmacSha256::new_from_slice(self.key.as_slice()).expect("HMAC takes keys of any length");
        mac.update(payload_text.as_bytes());
        mac
    }

    /// A challenge made at `now`, with the random `id`.
    fn challenge_with(&self, id: [u8; 16], now: i64) -> String {
        let mut payload = [0u8; PAYLOAD_BYTES];
        payload[..16].copy_from_slice(&id);
        payload[16..24].copy_from_slice(&(now + CHALLENGE_SECONDS).to_be_bytes());
        payload[24] = self.difficulty;
        let payload_text = URL_SAFE_NO_PAD.encode(payload);
        let tag = self.mac(&payload_text).finalize().into_bytes();
        format!("{payload_text}.{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// The challenge's id and expiry when `response` solves it at `now` (not yet spent), or
    /// why not.
    fn check(&self, response: &str, now: i64) -> Result<Solved, Refusal> {
        if response.len() > MAX_RESPONSE_BYTES {
            return Err(Refusal::Malformed);
        }
        let (challenge, nonce) = response.split_once(':').ok_or(Refusal::Malformed)?;
        if nonce.is_empty()
            || nonce.len() > MAX_NONCE_CHARS
            || !nonce
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        {
            return Err(Refusal::Malformed);
        }
        let (payload_text, mac_text) = challenge.split_once('.').ok_or(Refusal::Malformed)?;
        let tag = URL_SAFE_NO_PAD
            .decode(mac_text)
            .map_err(|_| Refusal::Malformed)?;
        if tag.len() != MAC_BYTES {
            return Err(Refusal::Malformed);
        }
        self.mac(payload_text)
            .verify_slice(&tag)
            .map_err(|_| Refusal::Forged)?;
        let payload = URL_SAFE_NO_PAD
            .decode(payload_text)
            .map_err(|_| Refusal::Malformed)?;
        let payload: [u8; PAYLOAD_BYTES] = payload.try_into().map_err(|_| Refusal::Malformed)?;
        let expires_at = i64::from_be_bytes(payload[16..24].try_into().expect("8 bytes"));
        let difficulty = payload[24];
        if now > expires_at {
            return Err(Refusal::Expired);
        }
        if leading_zero_bits(&Sha256::digest(response.as_bytes())) < u32::from(difficulty) {
            return Err(Refusal::Unsolved);
        }
        Ok(Solved {
            id: hex(&payload[..16]),
            expires_at,
        })
    }

    /// Records `solved` as spent: true the first time, false after (on any replica).
    async fn spend(&self, solved: &Solved, now: i64) -> Result<bool, CaptchaError> {
        match &self.spent {
            Spent::Postgres(pool) => {
                let expires_at = chrono::DateTime::from_timestamp(solved.expires_at, 0)
                    .ok_or_else(|| CaptchaError::Unavailable("expiry out of range".into()))?;
                let inserted = sqlx::query(
                    "INSERT INTO captcha_spent (id, expires_at) VALUES ($1, $2) \
                     ON CONFLICT (id) DO NOTHING",
                )
                .bind(&solved.id)
                .bind(expires_at)
                .execute(pool)
                .await
                .map_err(|e| CaptchaError::Unavailable(format!("captcha_spent: {e}")))?
                .rows_affected()
                    == 1;
                if inserted {
                    self.purge_now_and_then(pool, now).await;
                }
                Ok(inserted)
            }
            #[cfg(test)]
            Spent::Memory(set) => Ok(set.lock().unwrap().insert(solved.id.clone())),
        }
    }

    /// Deletes the ids whose challenges expired over an hour ago (by the database's clock), at
    /// most once a minute per process. A failure only waits for the next time.
    async fn purge_now_and_then(&self, pool: &PgPool, now: i64) {
        let last = self.last_purge.load(Ordering::Relaxed);
        if now.saturating_sub(last) < PURGE_EVERY_SECONDS
            || self
                .last_purge
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let purged =
            sqlx::query("DELETE FROM captcha_spent WHERE expires_at < now() - interval '1 hour'")
                .execute(pool)
                .await;
        match purged {
            Ok(done) if done.rows_affected() > 0 => {
                tracing::debug!(deleted = done.rows_affected(), "spent captchas purged")
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "could not purge spent captchas"),
        }
    }
}

struct Solved {
    /// The challenge's random id, hex.
    id: String,
    expires_at: i64,
}

/// Why a response was refused (logged at debug level, never the response itself).
#[derive(Debug, PartialEq, Eq)]
enum Refusal {
    Malformed,
    Forged,
    Expired,
    Unsolved,
}

#[async_trait::async_trait]
impl Captcha for ProofOfWork {
    async fn challenge(&self) -> Result<CaptchaChallenge, CaptchaError> {
        let id = <[u8; 16]>::try_generate()
            .map_err(|e| CaptchaError::Unavailable(format!("random bytes: {e}")))?;
        Ok(CaptchaChallenge::ProofOfWork {
            challenge: self.challenge_with(id, (self.now)()),
            difficulty: self.difficulty,
        })
    }

    async fn verify(&self, response: &str, _remote: Option<IpAddr>) -> Result<bool, CaptchaError> {
        let now = (self.now)();
        match self.check(response, now) {
            Ok(solved) => {
                let fresh = self.spend(&solved, now).await?;
                if !fresh {
                    tracing::debug!("captcha refused: solution already used");
                }
                Ok(fresh)
            }
            Err(refusal) => {
                tracing::debug!(?refusal, "captcha refused");
                Ok(false)
            }
        }
    }
}

/// The captcha key of the cookie keyring (`COOKIE_KEYS`, its newest key) under a label of its
/// own: every replica with the same keys derives the same captcha key, and it signs nothing
/// else. (Rotating the cookie keys voids the challenges in flight: they last 10 minutes.)
pub fn key_from_keyring(keyring: &kernel::secrets::Keyring) -> [u8; 32] {
    let mut key = [0u8; 32];
    for (half, part) in key.chunks_mut(16).zip(["0", "1"]) {
        let derived = Zeroizing::new(keyring.derive(KEY_LABEL, part));
        for (i, byte) in half.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&derived[2 * i..2 * i + 2], 16)
                .expect("a keyring derives 128 bits in hex");
        }
    }
    key
}

/// What a browser does with a proof-of-work challenge: the first response (`<challenge>:<n>`,
/// counting `n` up from 0) whose hash has `difficulty` leading zero bits. For tests and tools.
pub fn solve(challenge: &str, difficulty: u8) -> String {
    (0u64..)
        .map(|n| format!("{challenge}:{n}"))
        .find(|response| {
            leading_zero_bits(&Sha256::digest(response.as_bytes())) >= u32::from(difficulty)
        })
        .expect("some nonce solves it")
}

fn leading_zero_bits(hash: &[u8]) -> u32 {
    let mut bits = 0;
    for byte in hash {
        bits += byte.leading_zeros();
        if *byte != 0 {
            break;
        }
    }
    bits
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

// ---------------------------------------------------------------------------------------
// reCAPTCHA

/// Google's verify call.
pub const RECAPTCHA_VERIFY_URL: &str = "https://www.google.com/recaptcha/api/siteverify";
/// The longest reCAPTCHA response token sent on (the sign-in's `captcha` is at most 4000).
pub const MAX_RECAPTCHA_RESPONSE_BYTES: usize = 4000;
/// The most of the verify call's answer that is read.
const MAX_VERDICT_BYTES: usize = 64 * 1024;

/// Google reCAPTCHA (v2 checkbox or invisible): the page shows the widget with the site key,
/// and the widget's token is checked by a POST of `secret`, `response` and `remoteip` to the
/// verify URL, whose JSON answer's `success` decides. Google accepts each token once.
pub struct Recaptcha {
    site_key: String,
    secret: Zeroizing<String>,
    verify_url: reqwest::Url,
    client: reqwest::Client,
}

impl std::fmt::Debug for Recaptcha {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.debug_struct("Recaptcha")
            .field("site_key", &self.site_key)
            .field("verify_url", &self.verify_url.as_str())
            .finish_non_exhaustive()
    }
}

impl Recaptcha {
    /// An adapter checking tokens at `verify_url` ([`RECAPTCHA_VERIFY_URL`] in production);
    /// an error says why the URL is not an http(s) one.
    pub fn new(
        site_key: impl Into<String>,
        secret: impl Into<String>,
        verify_url: &str,
    ) -> Result<Self, String> {
        let url = reqwest::Url::parse(verify_url).map_err(|e| format!("not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") || !url.has_host() {
            return Err("not an http(s) URL".into());
        }
        Ok(Self {
            site_key: site_key.into(),
            secret: Zeroizing::new(secret.into()),
            verify_url: url,
            client: crate::outbound::http_client(),
        })
    }
}

#[async_trait::async_trait]
impl Captcha for Recaptcha {
    async fn challenge(&self) -> Result<CaptchaChallenge, CaptchaError> {
        Ok(CaptchaChallenge::Recaptcha {
            site_key: self.site_key.clone(),
        })
    }

    async fn verify(&self, response: &str, remote: Option<IpAddr>) -> Result<bool, CaptchaError> {
        if response.is_empty() || response.len() > MAX_RECAPTCHA_RESPONSE_BYTES {
            return Ok(false);
        }
        let remote = remote.map(|ip| ip.to_string());
        let mut form = vec![("secret", self.secret.as_str()), ("response", response)];
        if let Some(ip) = &remote {
            form.push(("remoteip", ip));
        }
        let unavailable = |why: String| CaptchaError::Unavailable(format!("reCAPTCHA: {why}"));
        let answer = self
            .client
            .post(self.verify_url.clone())
            .form(&form)
            .send()
            .await
            .map_err(|e| unavailable(e.without_url().to_string()))?;
        if answer.status() != reqwest::StatusCode::OK {
            return Err(unavailable(format!("verify answered {}", answer.status())));
        }
        let body = crate::outbound::read_bounded(answer, MAX_VERDICT_BYTES)
            .await
            .ok_or_else(|| unavailable("verify answer too long or cut short".into()))?;
        #[derive(Deserialize)]
        struct Verdict {
            success: bool,
        }
        let verdict: Verdict = serde_json::from_slice(&body)
            .map_err(|_| unavailable("verify answered no JSON verdict".into()))?;
        Ok(verdict.success)
    }

    fn origins(&self) -> Vec<String> {
        RECAPTCHA_ORIGINS.iter().map(|o| o.to_string()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const KEY: [u8; 32] = [7; 32];
    const T0: i64 = 1_800_000_000;

    fn at_t0() -> i64 {
        T0
    }
    fn just_before_expiry() -> i64 {
        T0 + CHALLENGE_SECONDS
    }
    fn just_after_expiry() -> i64 {
        T0 + CHALLENGE_SECONDS + 1
    }

    fn captcha(key: [u8; 32], now: fn() -> i64) -> ProofOfWork {
        ProofOfWork::with_store(Spent::Memory(Default::default()), key, 8).with_clock(now)
    }

    async fn challenge_of(captcha: &ProofOfWork) -> (String, u8) {
        match captcha.challenge().await.unwrap() {
            CaptchaChallenge::ProofOfWork {
                challenge,
                difficulty,
            } => (challenge, difficulty),
            other => panic!("not proof of work: {other:?}"),
        }
    }

    /// A response for `challenge` whose nonce does not solve it.
    fn unsolved(challenge: &str, difficulty: u8) -> String {
        (0u64..)
            .map(|n| format!("{challenge}:x{n}"))
            .find(|r| leading_zero_bits(&Sha256::digest(r.as_bytes())) < u32::from(difficulty))
            .unwrap()
    }

    #[tokio::test]
    async fn a_solved_challenge_verifies_once() {
        let pow = captcha(KEY, at_t0);
        let (challenge, difficulty) = challenge_of(&pow).await;
        assert_eq!(difficulty, 8);
        let response = solve(&challenge, difficulty);
        assert!(pow.verify(&response, None).await.unwrap());
        assert!(
            !pow.verify(&response, None).await.unwrap(),
            "a solution is accepted once"
        );
        // Another challenge is another puzzle.
        let (other, _) = challenge_of(&pow).await;
        assert_ne!(other, challenge);
        assert!(pow.verify(&solve(&other, 8), None).await.unwrap());
    }

    #[tokio::test]
    async fn a_wrong_nonce_is_refused() {
        let pow = captcha(KEY, at_t0);
        let (challenge, difficulty) = challenge_of(&pow).await;
        let wrong = unsolved(&challenge, difficulty);
        assert_eq!(pow.check(&wrong, T0).err(), Some(Refusal::Unsolved));
        assert!(!pow.verify(&wrong, None).await.unwrap());
        for bad in [
            "",
            "no-colon",
            &format!("{challenge}:"),
            &format!("{challenge}:a b"),
        ] {
            assert!(!pow.verify(bad, None).await.unwrap(), "{bad:?}");
        }
    }

    #[tokio::test]
    async fn a_tampered_payload_is_refused_even_when_solved() {
        let pow = captcha(KEY, at_t0);
        let (challenge, _) = challenge_of(&pow).await;
        let (payload, mac) = challenge.split_once('.').unwrap();
        // The difficulty byte lowered to 1 (its base64 digits rewritten): the puzzle is easier,
        // but the MAC no longer matches.
        let mut bytes = URL_SAFE_NO_PAD.decode(payload).unwrap();
        bytes[24] = 1;
        let tampered = format!("{}.{mac}", URL_SAFE_NO_PAD.encode(&bytes));
        let response = solve(&tampered, 8);
        assert_eq!(pow.check(&response, T0).err(), Some(Refusal::Forged));
        assert!(!pow.verify(&response, None).await.unwrap());
    }

    #[tokio::test]
    async fn a_wrong_mac_is_refused() {
        let pow = captcha(KEY, at_t0);
        let other_key = captcha([8; 32], at_t0);
        let (challenge, _) = challenge_of(&other_key).await;
        let response = solve(&challenge, 8);
        assert!(other_key.verify(&response, None).await.unwrap());
        assert_eq!(pow.check(&response, T0).err(), Some(Refusal::Forged));
        assert!(!pow.verify(&response, None).await.unwrap());
        // A MAC of the wrong length, or not base64.
        let (payload, _) = challenge.split_once('.').unwrap();
        for mac in ["AAAA", "!!!!"] {
            let response = solve(&format!("{payload}.{mac}"), 8);
            assert!(!pow.verify(&response, None).await.unwrap());
        }
    }

    #[tokio::test]
    async fn an_expired_challenge_is_refused() {
        let (challenge, _) = challenge_of(&captcha(KEY, at_t0)).await;
        let response = solve(&challenge, 8);
        let late = captcha(KEY, just_after_expiry);
        assert_eq!(
            late.check(&response, just_after_expiry()).err(),
            Some(Refusal::Expired)
        );
        assert!(!late.verify(&response, None).await.unwrap());
        let in_time = captcha(KEY, just_before_expiry);
        assert!(in_time.verify(&response, None).await.unwrap());
    }

    #[tokio::test]
    async fn an_oversized_response_or_nonce_is_refused_unread() {
        let pow = captcha(KEY, at_t0);
        let (challenge, _) = challenge_of(&pow).await;
        let long = format!("{challenge}:{}", "0".repeat(MAX_RESPONSE_BYTES));
        assert_eq!(pow.check(&long, T0).err(), Some(Refusal::Malformed));
        assert!(!pow.verify(&long, None).await.unwrap());
        // A solution whose nonce is too long (33 characters), found by brute force.
        let prefix = "n".repeat(MAX_NONCE_CHARS - 3);
        let too_long = (0u32..)
            .map(|n| format!("{challenge}:{prefix}{n:04}"))
            .find(|r| leading_zero_bits(&Sha256::digest(r.as_bytes())) >= 8)
            .unwrap();
        assert_eq!(pow.check(&too_long, T0).err(), Some(Refusal::Malformed));
    }

    #[test]
    fn challenges_are_bounded_and_fit_a_response() {
        let pow = captcha(KEY, at_t0);
        let challenge = pow.challenge_with([1; 16], T0);
        let response = format!("{challenge}:{}", "9".repeat(MAX_NONCE_CHARS));
        assert!(response.len() <= MAX_RESPONSE_BYTES);
        assert!(challenge.len() < 100, "{challenge}");
        assert!(!challenge.contains(':'));
    }

    #[test]
    fn challenges_serialise_as_the_api_documents() {
        let pow = CaptchaChallenge::ProofOfWork {
            challenge: "p.m".into(),
            difficulty: 18,
        };
        assert_eq!(
            serde_json::to_value(&pow).unwrap(),
            json!({"kind": "proofOfWork", "challenge": "p.m", "difficulty": 18})
        );
        let recaptcha = CaptchaChallenge::Recaptcha {
            site_key: "site".into(),
        };
        assert_eq!(
            serde_json::to_value(&recaptcha).unwrap(),
            json!({"kind": "recaptcha", "siteKey": "site"})
        );
    }

    #[test]
    fn the_key_is_derived_from_the_newest_cookie_key_under_its_own_label() {
        let a = kernel::secrets::Keyring::parse(&"a".repeat(40)).unwrap();
        let a_again = kernel::secrets::Keyring::parse(&"a".repeat(40)).unwrap();
        let b_first =
            kernel::secrets::Keyring::parse(&format!("{},{}", "b".repeat(40), "a".repeat(40)))
                .unwrap();
        assert_eq!(key_from_keyring(&a), key_from_keyring(&a_again));
        assert_ne!(key_from_keyring(&a), key_from_keyring(&b_first));
        let key = key_from_keyring(&a);
        assert_ne!(key[..16], key[16..]);
    }

    #[tokio::test]
    async fn recaptcha_refuses_empty_and_oversized_tokens_without_calling() {
        // Nothing listens there: a call would be `Unavailable`, not `false`.
        let recaptcha =
            Recaptcha::new("site", "secret-value", "http://127.0.0.1:1/verify").unwrap();
        assert!(!recaptcha.verify("", None).await.unwrap());
        let long = "t".repeat(MAX_RECAPTCHA_RESPONSE_BYTES + 1);
        assert!(!recaptcha.verify(&long, None).await.unwrap());
        assert!(matches!(
            recaptcha.verify("token", None).await,
            Err(CaptchaError::Unavailable(_))
        ));
        assert!(!format!("{recaptcha:?}").contains("secret-value"));
        assert_eq!(
            recaptcha.challenge().await.unwrap(),
            CaptchaChallenge::Recaptcha {
                site_key: "site".into()
            }
        );
        assert_eq!(recaptcha.origins().len(), 2);
        assert!(Recaptcha::new("s", "k", "ftp://example.test/").is_err());
        assert!(Recaptcha::new("s", "k", "not a url").is_err());
    }
}
