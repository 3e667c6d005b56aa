//! Passkeys (WebAuthn, webauthn-rs): the relying party the store is to browsers, the user
//! handle of a customer, and the ceremony state kept server-side between a `…/start` and its
//! `…/finish` (PostgreSQL `webauthn_ceremonies`, bound to the browser, 5 minutes, used once;
//! never in a cookie).

use sha2::{Digest, Sha256};
use sqlx::PgPool;
use webauthn_rs::prelude::{Url, Uuid, Webauthn, WebauthnBuilder};

/// How long a ceremony's state waits for its finish.
pub const CEREMONY_MINUTES: i64 = 5;

/// Who the store is to passkeys (`PASSKEY_RP_ID`, `PASSKEY_RP_ORIGIN`; unset, derived from
/// `PUBLIC_URL` as [`PasskeySettings::resolve`] says).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PasskeySettings {
    pub rp_id: Option<String>,
    pub rp_origin: Option<String>,
}

/// The relying party as built: its id, its origin, and whether any port of that origin passes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelyingParty {
    pub id: String,
    pub origin: String,
    pub any_port: bool,
}

impl PasskeySettings {
    /// The relying party for a store at `public_url`: the set values, else the host of
    /// `public_url` and `public_url` itself. WebAuthn wants a domain: a `PUBLIC_URL` on an IP
    /// address or `localhost` (development, tests) makes the relying party `localhost` on any
    /// port (browsers treat `http://localhost` as secure), so open the store at
    /// `http://localhost:PORT` to use passkeys there.
    pub fn resolve(&self, public_url: &str) -> Result<RelyingParty, String> {
        let public = Url::parse(public_url).map_err(|e| format!("PUBLIC_URL: {e}"))?;
        if public.host_str().is_none() {
            return Err("PUBLIC_URL has no host".into());
        }
        // No domain: an IP address.
        let local = public.domain().is_none_or(|domain| domain == "localhost");
        let (default_id, default_origin) = if local {
            (
                "localhost".to_string(),
                format!("{}://localhost", public.scheme()),
            )
        } else {
            (
                public.host_str().unwrap_or_default().to_string(),
                public.origin().ascii_serialization(),
            )
        };
        let set = |v: &Option<String>| {
            v.as_ref()
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        let id = set(&self.rp_id).unwrap_or(default_id);
        let (origin, any_port) = match set(&self.rp_origin) {
            Some(origin) => (origin.trim_end_matches('/').to_string(), false),
            None => (default_origin, local),
        };
        Ok(RelyingParty {
            id,
            origin,
            any_port,
        })
    }

    /// The webauthn-rs instance of the relying party (an error names what does not fit: an
    /// id that is not a domain of the origin, an origin that is not a URL).
    pub fn webauthn(&self, public_url: &str) -> Result<Webauthn, String> {
        let rp = self.resolve(public_url)?;
        let origin = Url::parse(&rp.origin)
            .map_err(|e| format!("PASSKEY_RP_ORIGIN '{}': {e}", rp.origin))?;
        WebauthnBuilder::new(&rp.id, &origin)
            .map_err(|e| {
                format!(
                    "PASSKEY_RP_ID '{}' is not the domain (or a parent domain) of PASSKEY_RP_ORIGIN '{}': {e}",
                    rp.id, rp.origin
                )
            })?
            .rp_name("Storefront")
            .allow_any_port(rp.any_port)
            .build()
            .map_err(|e| e.to_string())
    }
}

/// The user handle a customer's passkeys carry: a hash of the customer id (itself random and
/// server-made), never the email or a name.
pub fn user_handle(customer_id: &str) -> Uuid {
    let digest = Sha256::digest(format!("storefront-passkey-user:{customer_id}").as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_random_bytes(bytes).into_uuid()
}

/// Which ceremony a state belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ceremony {
    /// Adding a passkey (signed in).
    Register,
    /// Signing in with one.
    Authenticate,
}

impl Ceremony {
    fn kind(self) -> &'static str {
        match self {
            Ceremony::Register => "register",
            Ceremony::Authenticate => "authenticate",
        }
    }
}

/// Keeps a ceremony's state for `browser` (the session key, or a keyed hash of the visitor):
/// a new start replaces the browser's previous one of the same kind. Expired ones are dropped.
pub async fn keep_state(
    pool: &PgPool,
    ceremony: Ceremony,
    browser: &str,
    state: &serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM webauthn_ceremonies WHERE expires_at < now()")
        .execute(pool)
        .await?;
    sqlx::query(
        "INSERT INTO webauthn_ceremonies (id, kind, session_or_visitor, state, expires_at) \
         VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) \
         ON CONFLICT (kind, session_or_visitor) DO UPDATE SET id = EXCLUDED.id, \
         state = EXCLUDED.state, expires_at = EXCLUDED.expires_at",
    )
    .bind(format!("wc_{}", kernel::identity::new_id()))
    .bind(ceremony.kind())
    .bind(browser)
    .bind(state)
    .bind(CEREMONY_MINUTES as i32)
    .execute(pool)
    .await?;
    Ok(())
}

/// Takes (and deletes: used once, whatever the finish makes of it) the browser's unexpired
/// state of `ceremony`.
pub async fn take_state(
    pool: &PgPool,
    ceremony: Ceremony,
    browser: &str,
) -> Result<Option<serde_json::Value>, sqlx::Error> {
    let taken: Option<(serde_json::Value, bool)> = sqlx::query_as(
        "DELETE FROM webauthn_ceremonies WHERE kind = $1 AND session_or_visitor = $2 \
         RETURNING state, expires_at > now()",
    )
    .bind(ceremony.kind())
    .bind(browser)
    .fetch_optional(pool)
    .await?;
    Ok(taken.and_then(|(state, live)| live.then_some(state)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_store_on_an_address_or_localhost_is_localhost_on_any_port() {
        let rp = PasskeySettings::default()
            .resolve("http://127.0.0.1:8080")
            .unwrap();
        assert_eq!(
            rp,
            RelyingParty {
                id: "localhost".into(),
                origin: "http://localhost".into(),
                any_port: true
            }
        );
        assert!(PasskeySettings::default()
            .webauthn("http://127.0.0.1:8080")
            .is_ok());
    }

    #[test]
    fn a_store_on_a_domain_is_that_domain_and_its_origin() {
        let rp = PasskeySettings::default()
            .resolve("https://shop.example.com")
            .unwrap();
        assert_eq!(rp.id, "shop.example.com");
        assert_eq!(rp.origin, "https://shop.example.com");
        assert!(!rp.any_port);
        let set = PasskeySettings {
            rp_id: Some("example.com".into()),
            rp_origin: Some("https://www.example.com/".into()),
        };
        assert!(set.webauthn("https://shop.example.com").is_ok());
        let wrong = PasskeySettings {
            rp_id: Some("other.com".into()),
            rp_origin: None,
        };
        assert!(wrong.webauthn("https://shop.example.com").is_err());
    }

    #[test]
    fn the_user_handle_is_stable_and_not_the_id() {
        assert_eq!(user_handle("cu_1"), user_handle("cu_1"));
        assert_ne!(user_handle("cu_1"), user_handle("cu_2"));
        assert!(!user_handle("cu_1").to_string().contains("cu_1"));
    }
}
