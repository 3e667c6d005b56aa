//! Third-party sign-in (spec 3, "Third-party sign-in"): the port [`IdentityProvider`] turns
//! what a provider's button handed the browser into a [`ProviderIdentity`], or refuses it.
//! Adapters: Google and Apple ID tokens (JWTs checked against the provider's published keys,
//! fetched over [`crate::outbound`] and cached), and Facebook user tokens (checked with the
//! Graph API's debug endpoint). Nothing a provider sends is trusted before its check: Apple's
//! `user` object (names on the first sign-in) is unsigned, so only the names are taken from it,
//! never the email.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use super::settings::ProviderSettings;
use super::LoginMethod;
use crate::outbound;

/// The providers the store knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Provider {
    Google,
    Apple,
    Facebook,
}

impl Provider {
    /// The provider of a name in keys and events.
    pub fn from_name(name: &str) -> Option<Provider> {
        [Provider::Google, Provider::Apple, Provider::Facebook]
            .into_iter()
            .find(|p| p.name() == name)
    }

    /// The name in keys and events (`google`, `apple`, `facebook`).
    pub fn name(self) -> &'static str {
        match self {
            Provider::Google => "google",
            Provider::Apple => "apple",
            Provider::Facebook => "facebook",
        }
    }

    /// As people read it.
    pub fn title(self) -> &'static str {
        match self {
            Provider::Google => "Google",
            Provider::Apple => "Apple",
            Provider::Facebook => "Facebook",
        }
    }

    pub fn login_method(self) -> LoginMethod {
        match self {
            Provider::Google => LoginMethod::Google,
            Provider::Apple => LoginMethod::Apple,
            Provider::Facebook => LoginMethod::Facebook,
        }
    }
}

/// Who the provider says signed in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderIdentity {
    pub provider: Provider,
    /// The provider's stable id of the person (`sub`, Facebook's user id).
    pub subject: String,
    pub email: Option<String>,
    /// The provider vouches for the address (else it is not used).
    pub email_verified: bool,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

impl ProviderIdentity {
    /// The address when the provider vouches for it.
    pub fn verified_email(&self) -> Option<&str> {
        self.email.as_deref().filter(|_| self.email_verified)
    }

    /// An Apple private relay address: unique to this store and person, it names nobody else's
    /// account.
    pub fn is_private_relay(&self) -> bool {
        self.email
            .as_deref()
            .is_some_and(|e| e.to_ascii_lowercase().ends_with(APPLE_RELAY_DOMAIN))
    }
}

/// The domain of Apple's private relay addresses.
pub const APPLE_RELAY_DOMAIN: &str = "@privaterelay.appleid.com";

/// Why a credential was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The store has no settings for this provider.
    #[error("this sign-in provider is not configured")]
    NotConfigured,
    /// The credential did not pass a check (the detail is for logs, never the answer).
    #[error("credential refused: {0}")]
    Invalid(String),
    /// The provider could not be asked (keys or checks unreachable).
    #[error("the provider could not be reached: {0}")]
    Unavailable(String),
}

fn invalid(why: impl std::fmt::Display) -> Refusal {
    Refusal::Invalid(why.to_string())
}

/// The port: checks a credential for this visitor.
#[async_trait::async_trait]
pub trait IdentityProvider: Send + Sync {
    fn provider(&self) -> Provider;
    /// `credential` as the browser sent it (a Google ID token, Apple's signInResponse text,
    /// Facebook's authResponse text); `nonce` the one the store issued to this visitor (ID
    /// tokens must carry it).
    async fn verify(&self, credential: &str, nonce: &str) -> Result<ProviderIdentity, Refusal>;
}

pub type ProviderRef = Arc<dyn IdentityProvider>;

/// The configured providers (none is configured by default).
#[derive(Clone, Default)]
pub struct Providers {
    pub google: Option<ProviderRef>,
    pub apple: Option<ProviderRef>,
    pub facebook: Option<ProviderRef>,
}

/// Where each provider's sign-in script, popup frames and calls come from: the page's CSP
/// allows them only for a configured provider.
pub const GOOGLE_ORIGINS: [&str; 1] = ["https://accounts.google.com"];
pub const APPLE_ORIGINS: [&str; 2] = ["https://appleid.cdn-apple.com", "https://appleid.apple.com"];
pub const FACEBOOK_ORIGINS: [&str; 2] =
    ["https://connect.facebook.net", "https://www.facebook.com"];

/// The outside origins the configured providers' scripts need (for the CSP).
pub fn csp_origins(settings: &ProviderSettings) -> Vec<String> {
    let mut origins = Vec::new();
    if settings.google_client_id.is_some() {
        origins.extend(GOOGLE_ORIGINS);
    }
    if settings.apple_client_id.is_some() {
        origins.extend(APPLE_ORIGINS);
    }
    if settings.facebook_app_id.is_some() && settings.facebook_app_secret.is_some() {
        origins.extend(FACEBOOK_ORIGINS);
    }
    origins.into_iter().map(str::to_string).collect()
}

impl Providers {
    /// The adapters the settings configure, on one outbound client.
    pub fn from_settings(settings: &ProviderSettings) -> Self {
        let client = outbound::http_client();
        let google = settings.google_client_id.as_ref().map(|client_id| {
            Arc::new(IdTokens {
                provider: Provider::Google,
                client_id: client_id.clone(),
                issuers: vec![
                    "https://accounts.google.com".into(),
                    "accounts.google.com".into(),
                ],
                algorithms: vec![Algorithm::RS256],
                keys: Jwks::new(client.clone(), &settings.google_jwks_url),
            }) as ProviderRef
        });
        let apple = settings.apple_client_id.as_ref().map(|client_id| {
            Arc::new(IdTokens {
                provider: Provider::Apple,
                client_id: client_id.clone(),
                issuers: vec!["https://appleid.apple.com".into()],
                algorithms: vec![Algorithm::RS256, Algorithm::ES256],
                keys: Jwks::new(client.clone(), &settings.apple_jwks_url),
            }) as ProviderRef
        });
        let facebook = match (&settings.facebook_app_id, &settings.facebook_app_secret) {
            (Some(app_id), Some(secret)) => Some(Arc::new(FacebookTokens {
                client: client.clone(),
                app_id: app_id.clone(),
                app_secret: secret.clone(),
                debug_url: settings.facebook_debug_url.clone(),
                profile_url: settings.facebook_profile_url.clone(),
            }) as ProviderRef),
            _ => None,
        };
        Self {
            google,
            apple,
            facebook,
        }
    }

    pub fn get(&self, provider: Provider) -> Option<&ProviderRef> {
        match provider {
            Provider::Google => self.google.as_ref(),
            Provider::Apple => self.apple.as_ref(),
            Provider::Facebook => self.facebook.as_ref(),
        }
    }

    /// Checks `credential` with `provider`: [`Refusal::NotConfigured`] when it is off.
    pub async fn verify(
        &self,
        provider: Provider,
        credential: &str,
        nonce: &str,
    ) -> Result<ProviderIdentity, Refusal> {
        match self.get(provider) {
            Some(adapter) => adapter.verify(credential, nonce).await,
            None => Err(Refusal::NotConfigured),
        }
    }
}

/// The most a provider's answer (keys, checks, profile) may weigh.
const MAX_ANSWER_BYTES: usize = 64 * 1024;
/// The most a credential may weigh.
pub const MAX_CREDENTIAL_BYTES: usize = 16 * 1024;
/// How long fetched keys are used before they are fetched again.
pub const KEYS_TTL: Duration = Duration::from_secs(3600);
/// An unknown `kid` fetches the keys again, at most this often.
const REFETCH_AFTER: Duration = Duration::from_secs(10);

/// A provider's published keys (JWKS), cached for [`KEYS_TTL`], fetched again for a key id
/// they do not have (the provider rotated its keys).
pub struct Jwks {
    client: reqwest::Client,
    url: String,
    cached: tokio::sync::Mutex<Option<(Instant, JwkSet)>>,
}

impl Jwks {
    pub fn new(client: reqwest::Client, url: &str) -> Self {
        Self {
            client,
            url: url.to_string(),
            cached: Default::default(),
        }
    }

    /// The key `kid`.
    pub async fn key(&self, kid: &str) -> Result<Jwk, Refusal> {
        // One fetch at a time: the others wait for its keys rather than asking again.
        let mut cached = self.cached.lock().await;
        if let Some((at, set)) = cached.as_ref() {
            let age = at.elapsed();
            if age < KEYS_TTL {
                if let Some(key) = set.find(kid) {
                    return Ok(key.clone());
                }
                if age < REFETCH_AFTER {
                    return Err(invalid("unknown key id"));
                }
            }
        }
        let set = self.fetch().await?;
        let key = set.find(kid).cloned();
        *cached = Some((Instant::now(), set));
        key.ok_or_else(|| invalid("unknown key id"))
    }

    async fn fetch(&self) -> Result<JwkSet, Refusal> {
        let unavailable = |e: &dyn std::fmt::Display| Refusal::Unavailable(format!("keys: {e}"));
        let response = self
            .client
            .get(&self.url)
            .send()
            .await
            .map_err(|e| unavailable(&e))?;
        if !response.status().is_success() {
            return Err(unavailable(&response.status()));
        }
        let body = outbound::read_bounded(response, MAX_ANSWER_BYTES)
            .await
            .ok_or_else(|| unavailable(&"an answer too long or cut"))?;
        serde_json::from_slice(&body).map_err(|e| unavailable(&e))
    }
}

/// Google's and Apple's ID tokens: signed by a key of the provider's JWKS with one of
/// `algorithms`, issued by one of `issuers` for `client_id`, unexpired, carrying the nonce.
pub struct IdTokens {
    pub provider: Provider,
    pub client_id: String,
    pub issuers: Vec<String>,
    pub algorithms: Vec<Algorithm>,
    pub keys: Jwks,
}

#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    #[serde(default)]
    email: Option<String>,
    /// A boolean (Google) or the text "true" (Apple).
    #[serde(default)]
    email_verified: Option<serde_json::Value>,
    #[serde(default)]
    nonce: Option<String>,
    #[serde(default)]
    given_name: Option<String>,
    #[serde(default)]
    family_name: Option<String>,
}

/// Apple's signInResponse (the JS SDK's answer): the ID token, and the user's name and email
/// the first time only (unsigned).
#[derive(Debug, Deserialize)]
struct AppleSignIn {
    authorization: AppleAuthorization,
    #[serde(default)]
    user: Option<AppleUser>,
}

#[derive(Debug, Deserialize)]
struct AppleAuthorization {
    id_token: String,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AppleUser {
    #[serde(default)]
    name: Option<AppleName>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
struct AppleName {
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
}

fn given(name: Option<String>) -> Option<String> {
    name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty())
}

impl IdTokens {
    async fn check(&self, token: &str, nonce: &str) -> Result<IdClaims, Refusal> {
        let header = jsonwebtoken::decode_header(token).map_err(invalid)?;
        if !self.algorithms.contains(&header.alg) {
            return Err(invalid(format!("algorithm {:?}", header.alg)));
        }
        let kid = header.kid.ok_or_else(|| invalid("no key id"))?;
        let jwk = self.keys.key(&kid).await?;
        // A key published for one algorithm verifies that one only.
        if let Some(published) = jwk.common.key_algorithm {
            let matches = matches!(
                (published, header.alg),
                (KeyAlgorithm::RS256, Algorithm::RS256) | (KeyAlgorithm::ES256, Algorithm::ES256)
            );
            if !matches {
                return Err(invalid("algorithm not the key's"));
            }
        }
        let key = DecodingKey::from_jwk(&jwk).map_err(invalid)?;
        let mut validation = Validation::new(header.alg);
        validation.set_audience(&[&self.client_id]);
        validation.set_issuer(&self.issuers);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        let claims = jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
            .map_err(invalid)?
            .claims;
        if nonce.is_empty() || claims.nonce.as_deref() != Some(nonce) {
            return Err(invalid("nonce"));
        }
        Ok(claims)
    }
}

#[async_trait::async_trait]
impl IdentityProvider for IdTokens {
    fn provider(&self) -> Provider {
        self.provider
    }

    async fn verify(&self, credential: &str, nonce: &str) -> Result<ProviderIdentity, Refusal> {
        if credential.len() > MAX_CREDENTIAL_BYTES {
            return Err(invalid("too long"));
        }
        let (token, user) = match self.provider {
            Provider::Apple => {
                let response: AppleSignIn = serde_json::from_str(credential).map_err(invalid)?;
                (response.authorization.id_token, response.user)
            }
            _ => (credential.trim().to_string(), None),
        };
        let claims = self.check(&token, nonce).await?;
        let verified = match &claims.email_verified {
            Some(serde_json::Value::Bool(b)) => *b,
            Some(serde_json::Value::String(s)) => s == "true",
            _ => false,
        };
        let name = user.and_then(|u| u.name).unwrap_or_default();
        Ok(ProviderIdentity {
            provider: self.provider,
            subject: claims.sub,
            email: claims.email.map(|e| e.trim().to_ascii_lowercase()),
            email_verified: verified,
            first_name: given(claims.given_name).or(given(name.first_name)),
            last_name: given(claims.family_name).or(given(name.last_name)),
        })
    }
}

/// Facebook's user tokens: the debug endpoint says whether the token is valid, for this app,
/// for this user; the profile gives the email and names.
pub struct FacebookTokens {
    pub client: reqwest::Client,
    pub app_id: String,
    pub app_secret: String,
    pub debug_url: String,
    pub profile_url: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FacebookAuthResponse {
    access_token: String,
    #[serde(rename = "userID")]
    user_id: String,
}

#[derive(Debug, Deserialize)]
struct DebugAnswer {
    data: DebugData,
}

#[derive(Debug, Deserialize)]
struct DebugData {
    #[serde(default)]
    is_valid: bool,
    #[serde(default)]
    app_id: Option<String>,
    #[serde(default)]
    user_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct FacebookProfile {
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    first_name: Option<String>,
    #[serde(default)]
    last_name: Option<String>,
}

impl FacebookTokens {
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        url: &str,
        query: &[(&str, &str)],
    ) -> Result<T, Refusal> {
        let url = reqwest::Url::parse_with_params(url, query)
            .map_err(|e| Refusal::Unavailable(e.to_string()))?;
        // The URL carries tokens: errors are logged without it.
        let response = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|e| Refusal::Unavailable(e.without_url().to_string()))?;
        let status = response.status();
        let body = outbound::read_bounded(response, MAX_ANSWER_BYTES)
            .await
            .ok_or_else(|| Refusal::Unavailable("an answer too long or cut".into()))?;
        if status.is_server_error() {
            return Err(Refusal::Unavailable(format!("status {status}")));
        }
        if !status.is_success() {
            return Err(invalid(format!("status {status}")));
        }
        serde_json::from_slice(&body).map_err(invalid)
    }
}

#[async_trait::async_trait]
impl IdentityProvider for FacebookTokens {
    fn provider(&self) -> Provider {
        Provider::Facebook
    }

    async fn verify(&self, credential: &str, _nonce: &str) -> Result<ProviderIdentity, Refusal> {
        if credential.len() > MAX_CREDENTIAL_BYTES {
            return Err(invalid("too long"));
        }
        let auth: FacebookAuthResponse = serde_json::from_str(credential).map_err(invalid)?;
        if auth.access_token.is_empty() || auth.user_id.is_empty() {
            return Err(invalid("empty"));
        }
        let app_token = format!("{}|{}", self.app_id, self.app_secret);
        let debug: DebugAnswer = self
            .get(
                &self.debug_url,
                &[
                    ("input_token", auth.access_token.as_str()),
                    ("access_token", app_token.as_str()),
                ],
            )
            .await?;
        let data = debug.data;
        if !data.is_valid {
            return Err(invalid("not valid"));
        }
        if data.app_id.as_deref() != Some(self.app_id.as_str()) {
            return Err(invalid("another app's token"));
        }
        if data.user_id.as_deref() != Some(auth.user_id.as_str()) {
            return Err(invalid("another user's token"));
        }
        let profile: FacebookProfile = self
            .get(
                &self.profile_url,
                &[
                    ("fields", "email,first_name,last_name"),
                    ("access_token", auth.access_token.as_str()),
                ],
            )
            .await?;
        let email = profile.email.map(|e| e.trim().to_ascii_lowercase());
        Ok(ProviderIdentity {
            provider: Provider::Facebook,
            subject: auth.user_id,
            // Facebook shares only an address its user confirmed.
            email_verified: email.is_some(),
            email,
            first_name: given(profile.first_name),
            last_name: given(profile.last_name),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unconfigured_provider_is_refused_as_such() {
        let providers = Providers::from_settings(&ProviderSettings::default());
        let refused = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(providers.verify(Provider::Google, "x", "n"));
        assert_eq!(refused, Err(Refusal::NotConfigured));
    }

    #[test]
    fn a_relay_address_is_recognised() {
        let identity = ProviderIdentity {
            provider: Provider::Apple,
            subject: "s".into(),
            email: Some("abc@privaterelay.appleid.com".into()),
            email_verified: true,
            first_name: None,
            last_name: None,
        };
        assert!(identity.is_private_relay());
        assert_eq!(
            identity.verified_email(),
            Some("abc@privaterelay.appleid.com")
        );
    }
}
