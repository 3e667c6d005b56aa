//! Who is signed in: the session a browser's `sf_session` cookie names
//! ([`crate::identity::Identity::session_id`]), looked up server-side. The id the cookie holds
//! is never stored: the session's record (the accounts read model `customer_sessions`, made
//! from the Session aggregate's events) is keyed by [`session_key`], a hash of it.

use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::identity::Identity;

/// How often a request may move a session's `last_seen` forward: at most one write a minute
/// per session, whatever the traffic.
pub const TOUCH_EVERY_SECONDS: i64 = 60;

/// The key (aggregate id and read-model key) of the session whose cookie holds `session_id`:
/// `ss_` and a hash of it.
pub fn session_key(session_id: &str) -> String {
    let digest = Sha256::digest(format!("storefront-session\n{session_id}").as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("ss_{}", &hex[..40])
}

/// The message of an account call made signed out.
pub const SIGN_IN_MESSAGE: &str = "Please sign in.";

/// 401 `NotSignedIn` for a call that needs a signed-in customer.
pub fn not_signed_in() -> crate::http::ApiError {
    crate::http::ApiError::refused(
        axum::http::StatusCode::UNAUTHORIZED,
        "NotSignedIn",
        SIGN_IN_MESSAGE,
    )
}

/// A signed-in customer, by an open session of the browser that asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedIn {
    pub customer_id: String,
    pub session_key: String,
}

/// The customer of this browser's session while it is open (not ended, not expired); touches
/// its `last_seen` at most once every [`TOUCH_EVERY_SECONDS`].
pub async fn signed_in(
    pool: &PgPool,
    identity: &Identity,
) -> Result<Option<SignedIn>, sqlx::Error> {
    let Some(session_id) = &identity.session_id else {
        return Ok(None);
    };
    let key = session_key(session_id);
    let customer: Option<String> = sqlx::query_scalar(
        "WITH open AS (SELECT customer_id FROM customer_sessions WHERE session_key = $1 \
         AND ended_at IS NULL AND expires_at > now()), \
         touched AS (UPDATE customer_sessions SET last_seen = now() WHERE session_key = $1 \
         AND ended_at IS NULL AND last_seen < now() - make_interval(secs => $2)) \
         SELECT customer_id FROM open",
    )
    .bind(&key)
    .bind(TOUCH_EVERY_SECONDS as f64)
    .fetch_optional(pool)
    .await?;
    Ok(customer.map(|customer_id| SignedIn {
        customer_id,
        session_key: key,
    }))
}

/// The signed-in customer of this browser, or the 401 `NotSignedIn` of a call that needs one
/// (503/500 when the database does not answer).
pub async fn require_signed_in(
    pool: &PgPool,
    identity: &Identity,
) -> Result<SignedIn, crate::http::ApiError> {
    signed_in(pool, identity).await?.ok_or_else(not_signed_in)
}

/// The SQL condition (on `$cart` and `$session`, the session key or null) that a cart may be
/// used by the browser that holds its cookie: it is no customer's, or the browser is signed in
/// as that customer. A customer's cart stays with the account when a session ends elsewhere
/// (signed out from the device list, a password reset).
pub fn cart_usable_sql(cart: &str, session: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM customers c WHERE c.cart_id = {cart} AND NOT EXISTS \
         (SELECT 1 FROM customer_sessions s WHERE s.session_key = {session} \
         AND s.customer_id = c.customer_id AND s.ended_at IS NULL AND s.expires_at > now()))"
    )
}

/// The cart this browser may use: the one its cookie names, unless that is a customer's cart
/// and the browser is not signed in as that customer (see [`cart_usable_sql`]).
pub async fn usable_cart(
    pool: &PgPool,
    identity: &Identity,
) -> Result<Option<String>, sqlx::Error> {
    let Some(cart) = &identity.cart_id else {
        return Ok(None);
    };
    let session = identity.session_id.as_deref().map(session_key);
    let usable: bool = sqlx::query_scalar(&format!("SELECT {}", cart_usable_sql("$1", "$2")))
        .bind(cart)
        .bind(session)
        .fetch_one(pool)
        .await?;
    Ok(usable.then(|| cart.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_never_shows_the_id() {
        let id = "a".repeat(64);
        let key = session_key(&id);
        assert!(key.starts_with("ss_") && key.len() == 43);
        assert!(!key.contains(&id));
        assert_ne!(key, session_key(&"b".repeat(64)));
    }
}
