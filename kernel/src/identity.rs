//! Visitor identity in cookies: a visitor cookie (360 days), a visit cookie (4 hours, renewed
//! on every page or API request) and the guest cart's id. All HttpOnly and SameSite=Lax: the
//! browser code never needs to read them.
//!
//! Every id is made by the server and signed with the [`Keyring`]: a cookie value is
//! `id.signature`. The cart's signature also covers its owner (the visitor id), so a cart
//! cookie copied into another browser, a forged value or an unsigned id (`sf_cart=a`) does not
//! verify: the request is treated as having no cart, and the next add makes a new one.
//!
//! Cookies are made here only, for the visitor of the request at hand: a handler that hands
//! out a cart says so with a [`CartGrant`] on its answer, never with a `Set-Cookie` of its own,
//! so an answer stored and replayed (`crate::idempotency`) never carries anyone's cookie.
//!
//! A signed-in customer's session is a fourth cookie, `sf_session`: a random id made by the
//! server (the session's record is kept server-side under a hash of it), signed for the
//! visitor. A handler starts or ends one with a [`SessionGrant`] on its answer.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::secrets::Keyring;

pub const VISITOR_COOKIE: &str = "sf_vid";
pub const VISIT_COOKIE: &str = "sf_visit";
pub const CART_COOKIE: &str = "sf_cart";
pub const VISITOR_MAX_AGE: u64 = 360 * 24 * 3600;
pub const VISIT_MAX_AGE: u64 = 4 * 3600;
pub const CART_MAX_AGE: u64 = 30 * 24 * 3600;
pub const SESSION_COOKIE: &str = "sf_session";

/// Signature purposes: a value signed for one never verifies as another.
const VISITOR: &str = "visitor";
const VISIT: &str = "visit";
const CART: &str = "cart";
const SESSION: &str = "session";

/// How cookies are made: the signing keys and whether they carry `Secure`.
#[derive(Debug, Clone)]
pub struct CookieSettings {
    pub keyring: Arc<Keyring>,
    /// Served over TLS (directly or behind a TLS proxy): cookies are `Secure`.
    pub secure: bool,
}

impl CookieSettings {
    pub fn new(keyring: Keyring) -> Self {
        Self {
            keyring: Arc::new(keyring),
            secure: false,
        }
    }

    /// A `Cookie` request header as a browser holding these ids would send it (benchmarks and
    /// tools that act as many shoppers).
    pub fn cookie_header(&self, visitor_id: &str, cart_id: Option<&str>) -> String {
        let mut header = format!(
            "{VISITOR_COOKIE}={}",
            signed(&self.keyring, VISITOR, visitor_id, "")
        );
        if let Some(cart) = cart_id {
            header.push_str(&format!(
                "; {CART_COOKIE}={}",
                signed(&self.keyring, CART, cart, visitor_id)
            ));
        }
        header
    }
}

/// Who is asking, from their verified cookies (new ids are made for the first request).
#[derive(Debug, Clone)]
pub struct Identity {
    pub visitor_id: String,
    pub visit_id: String,
    /// The visitor's cart, only when its cookie is signed for this visitor.
    pub cart_id: Option<String>,
    /// The visitor id was made for this request (no valid visitor cookie came with it).
    pub new_visitor: bool,
    /// The session id of a signed `sf_session` cookie of this visitor: whether the session is
    /// still open is the server's record to say.
    pub session_id: Option<String>,
    settings: CookieSettings,
}

/// On an answer (a response extension): the answer starts a session for the visitor who asked
/// (its cookie, signed for that visitor, lasts `max_age` seconds or, without it, as long as
/// the browser runs) or ends the one they hold (the cookie is cleared).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionGrant {
    Start {
        session_id: String,
        max_age: Option<u64>,
    },
    End,
}

/// A new session id: 256 random bits as hex.
pub fn new_session_id() -> String {
    format!("{}{}", new_id(), new_id())
}

impl Identity {
    /// The `Set-Cookie` value that hands `cart_id` to this visitor.
    pub fn cart_cookie(&self, cart_id: &str) -> HeaderValue {
        let signed = signed(&self.settings.keyring, CART, cart_id, &self.visitor_id);
        set_cookie(CART_COOKIE, &signed, CART_MAX_AGE, self.settings.secure)
    }

    /// The keys this identity's cookies are signed with (also signing what is issued to this
    /// visitor, such as a search answer's query id).
    pub fn keyring(&self) -> &Keyring {
        &self.settings.keyring
    }

    /// The visitor as the tracking topic knows them (its `visitorId`): a keyed hash of the
    /// cookie's id, never the id the browser holds.
    pub fn tracking_visitor(&self) -> String {
        tracking_visitor(&self.settings.keyring, &self.visitor_id)
    }

    /// An identity with fresh ids (a request that passed no identity layer).
    pub fn anonymous(settings: CookieSettings) -> Self {
        Self {
            visitor_id: new_id(),
            visit_id: new_id(),
            cart_id: None,
            new_visitor: true,
            session_id: None,
            settings,
        }
    }
}

/// On an answer (a response extension): the answer hands this cart to the visitor who asked.
/// The identity layer sets its cookie, signed for the request's visitor, unless that visitor's
/// cookie already names this cart. A stored answer keeps the cart's id, never its cookie, and
/// is replayed only to the visitor it was stored for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartGrant(pub String);

/// On an answer (a response extension): the browser gives back the cart it holds (its cookie
/// is cleared). Signing out leaves the customer's cart with the customer, not the browser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CartRelease;

/// Purpose of the keyed hash that makes a tracking topic's `visitorId`.
pub const TRACKING_VISITOR_PURPOSE: &str = "tracking-visitor";

/// A visitor id as it appears on the tracking topic: a keyed hash of the cookie's id.
pub fn tracking_visitor(keyring: &crate::secrets::Keyring, visitor_id: &str) -> String {
    keyring.derive(TRACKING_VISITOR_PURPOSE, visitor_id)
}

/// An id of ours: 1–64 lowercase letters, digits or dashes.
fn valid_id(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The raw value of cookie `name`, if present.
pub fn cookie_value(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
}

/// `id.signature`, the signature covering `id` and `owner`.
fn signed(keyring: &Keyring, purpose: &str, id: &str, owner: &str) -> String {
    format!("{id}.{}", keyring.sign(purpose, &format!("{id}|{owner}")))
}

/// The id inside a signed cookie value, when the signature holds for `purpose` and `owner`.
fn verified(keyring: &Keyring, purpose: &str, value: &str, owner: &str) -> Option<String> {
    let (id, signature) = value.rsplit_once('.')?;
    (valid_id(id) && keyring.verify(purpose, &format!("{id}|{owner}"), signature))
        .then(|| id.to_string())
}

/// A verified id from cookie `name` of the request.
fn verified_cookie(
    keyring: &Keyring,
    headers: &HeaderMap,
    name: &str,
    purpose: &str,
    owner: &str,
) -> Option<String> {
    verified(keyring, purpose, &cookie_value(headers, name)?, owner)
}

pub fn set_cookie(name: &str, value: &str, max_age: u64, secure: bool) -> HeaderValue {
    cookie(name, value, Some(max_age), secure)
}

/// An HttpOnly, SameSite=Lax cookie for the whole site: for `max_age` seconds, or without it
/// for as long as the browser runs.
fn cookie(name: &str, value: &str, max_age: Option<u64>, secure: bool) -> HeaderValue {
    let max_age = max_age
        .map(|s| format!("; Max-Age={s}"))
        .unwrap_or_default();
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/{max_age}; HttpOnly; SameSite=Lax{secure}"
    ))
    .expect("cookie ids are header-safe")
}

/// The session cookie: for `max_age` seconds, or without it for as long as the browser runs.
fn session_cookie(value: &str, max_age: Option<u64>, secure: bool) -> HeaderValue {
    cookie(SESSION_COOKIE, value, max_age, secure)
}

pub fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Reads the visitor, visit and cart ids from signed cookies (ignoring any that do not
/// verify), makes new ones where needed, hands them to handlers as an [`Identity`] extension
/// and (re)sets the cookies on the answer, with the cart cookie of a [`CartGrant`]. Hashed
/// assets are left alone.
///
/// A request without a valid visitor cookie gets a fresh random visitor id, whatever else it
/// carries: an id derived from anything the client chose (an `Idempotency-Key`) would be
/// anyone's who knows it.
pub async fn identity_layer(
    State(settings): State<CookieSettings>,
    mut request: Request,
    next: Next,
) -> Response {
    if request.uri().path().starts_with("/assets/") {
        return next.run(request).await;
    }
    let keyring = &settings.keyring;
    let headers = request.headers();
    let existing_visitor = verified_cookie(keyring, headers, VISITOR_COOKIE, VISITOR, "");
    let new_visitor = existing_visitor.is_none();
    let visitor_id = existing_visitor.unwrap_or_else(new_id);
    let visit_id =
        verified_cookie(keyring, headers, VISIT_COOKIE, VISIT, &visitor_id).unwrap_or_else(new_id);
    let cart_id = verified_cookie(keyring, headers, CART_COOKIE, CART, &visitor_id);
    let session_id = verified_cookie(keyring, headers, SESSION_COOKIE, SESSION, &visitor_id);
    let identity = Identity {
        visitor_id,
        visit_id,
        cart_id,
        new_visitor,
        session_id,
        settings: settings.clone(),
    };
    request.extensions_mut().insert(identity.clone());
    let mut response = next.run(request).await;
    let grant = response.extensions_mut().remove::<CartGrant>();
    let release = response.extensions_mut().remove::<CartRelease>();
    let session = response.extensions_mut().remove::<SessionGrant>();
    let out = response.headers_mut();
    match session {
        Some(SessionGrant::Start {
            session_id,
            max_age,
        }) => {
            let value = signed(keyring, SESSION, &session_id, &identity.visitor_id);
            out.append(SET_COOKIE, session_cookie(&value, max_age, settings.secure));
        }
        Some(SessionGrant::End) => {
            out.append(SET_COOKIE, session_cookie("", Some(0), settings.secure));
        }
        None => {}
    }
    if let Some(CartGrant(cart)) = grant {
        if identity.cart_id.as_deref() != Some(cart.as_str()) {
            out.append(SET_COOKIE, identity.cart_cookie(&cart));
        }
    } else if release.is_some() && identity.cart_id.is_some() {
        out.append(SET_COOKIE, set_cookie(CART_COOKIE, "", 0, settings.secure));
    }
    if new_visitor {
        let value = signed(keyring, VISITOR, &identity.visitor_id, "");
        out.append(
            SET_COOKIE,
            set_cookie(VISITOR_COOKIE, &value, VISITOR_MAX_AGE, settings.secure),
        );
    }
    let visit = signed(keyring, VISIT, &identity.visit_id, &identity.visitor_id);
    out.append(
        SET_COOKIE,
        set_cookie(VISIT_COOKIE, &visit, VISIT_MAX_AGE, settings.secure),
    );
    response
}

impl Identity {
    /// The identity the identity layer gave a request, borrowed. Without the layer nothing can
    /// be verified: a fresh, cookie-less visitor.
    pub fn of(extensions: &axum::http::Extensions) -> std::borrow::Cow<'_, Identity> {
        match extensions.get::<Identity>() {
            Some(identity) => std::borrow::Cow::Borrowed(identity),
            None => std::borrow::Cow::Owned(Identity::anonymous(CookieSettings::new(
                Keyring::ephemeral(),
            ))),
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Identity {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(Identity::of(&parts.extensions).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring() -> Keyring {
        Keyring::parse("0123456789abcdef0123456789abcdef").unwrap()
    }

    #[test]
    fn cookies_are_read_by_name() {
        let mut h = HeaderMap::new();
        h.insert(
            COOKIE,
            "a=1; sf_vid=abc-123.x; sf_cart=<script>".parse().unwrap(),
        );
        assert_eq!(
            cookie_value(&h, VISITOR_COOKIE).as_deref(),
            Some("abc-123.x")
        );
        assert_eq!(cookie_value(&h, VISIT_COOKIE), None);
    }

    #[test]
    fn only_signed_ids_of_their_owner_verify() {
        let ring = ring();
        let cart = signed(&ring, CART, "c0ffee", "visitor-a");
        assert_eq!(
            verified(&ring, CART, &cart, "visitor-a").as_deref(),
            Some("c0ffee")
        );
        assert_eq!(
            verified(&ring, CART, &cart, "visitor-b"),
            None,
            "another visitor"
        );
        assert_eq!(verified(&ring, VISITOR, &cart, "visitor-a"), None);
        assert_eq!(verified(&ring, CART, "a", "visitor-a"), None, "unsigned");
        assert_eq!(verified(&ring, CART, "c0ffee.", "visitor-a"), None);
        let forged = format!("c0ffef.{}", cart.rsplit_once('.').unwrap().1);
        assert_eq!(
            verified(&ring, CART, &forged, "visitor-a"),
            None,
            "id changed"
        );
        let other_key = Keyring::parse("fedcba9876543210fedcba9876543210").unwrap();
        assert_eq!(verified(&other_key, CART, &cart, "visitor-a"), None);
    }

    #[test]
    fn a_session_cookie_is_signed_for_its_visitor_and_lasts_as_asked() {
        let ring = ring();
        let id = new_session_id();
        assert_eq!(id.len(), 64);
        let value = signed(&ring, SESSION, &id, "visitor-a");
        assert_eq!(
            verified(&ring, SESSION, &value, "visitor-a").as_deref(),
            Some(id.as_str())
        );
        assert_eq!(verified(&ring, SESSION, &value, "visitor-b"), None);
        assert_eq!(verified(&ring, CART, &value, "visitor-a"), None);
        let kept = session_cookie(&value, Some(60), true);
        assert!(kept
            .to_str()
            .unwrap()
            .contains("; Max-Age=60; HttpOnly; SameSite=Lax; Secure"));
        let browser = session_cookie(&value, None, false);
        assert!(!browser.to_str().unwrap().contains("Max-Age"));
        assert_eq!(
            session_cookie("", Some(0), false),
            "sf_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax"
        );
    }

    #[test]
    fn cookies_are_http_only_and_lax_and_secure_when_asked() {
        let c = set_cookie(VISITOR_COOKIE, "x1.ab", VISITOR_MAX_AGE, false);
        assert_eq!(
            c,
            "sf_vid=x1.ab; Path=/; Max-Age=31104000; HttpOnly; SameSite=Lax"
        );
        let c = set_cookie(VISITOR_COOKIE, "x1.ab", VISITOR_MAX_AGE, true);
        assert!(c.to_str().unwrap().ends_with("; Secure"));
    }
}
