//! Visitor identity in cookies: a visitor cookie (360 days), a visit cookie (4 hours, renewed
//! on every page or API request) and the guest cart's id. All HttpOnly and SameSite=Lax: the
//! browser code never needs to read them.

use axum::extract::{FromRequestParts, Request};
use axum::http::header::{COOKIE, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

pub const VISITOR_COOKIE: &str = "sf_vid";
pub const VISIT_COOKIE: &str = "sf_visit";
pub const CART_COOKIE: &str = "sf_cart";
pub const VISITOR_MAX_AGE: u64 = 360 * 24 * 3600;
pub const VISIT_MAX_AGE: u64 = 4 * 3600;
pub const CART_MAX_AGE: u64 = 30 * 24 * 3600;

/// Who is asking, from their cookies (new ids are made for the first request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub visitor_id: String,
    pub visit_id: String,
    pub cart_id: Option<String>,
}

/// A cookie value of ours: an id of 1–64 lowercase letters, digits or dashes.
fn valid_id(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

pub fn cookie_value(headers: &axum::http::HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| valid_id(v))
}

pub fn set_cookie(name: &str, value: &str, max_age: u64) -> HeaderValue {
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax"
    ))
    .expect("cookie ids are header-safe")
}

pub fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// Reads or makes the visitor and visit ids, hands them to handlers as an [`Identity`]
/// extension and (re)sets the cookies on the answer. Hashed assets are left alone.
pub async fn identity_layer(mut request: Request, next: Next) -> Response {
    if request.uri().path().starts_with("/assets/") {
        return next.run(request).await;
    }
    let headers = request.headers();
    let existing_visitor = cookie_value(headers, VISITOR_COOKIE);
    let identity = Identity {
        visitor_id: existing_visitor.clone().unwrap_or_else(new_id),
        visit_id: cookie_value(headers, VISIT_COOKIE).unwrap_or_else(new_id),
        cart_id: cookie_value(headers, CART_COOKIE),
    };
    request.extensions_mut().insert(identity.clone());
    let mut response = next.run(request).await;
    let out = response.headers_mut();
    if existing_visitor.is_none() {
        out.append(
            SET_COOKIE,
            set_cookie(VISITOR_COOKIE, &identity.visitor_id, VISITOR_MAX_AGE),
        );
    }
    out.append(
        SET_COOKIE,
        set_cookie(VISIT_COOKIE, &identity.visit_id, VISIT_MAX_AGE),
    );
    response
}

impl<S: Send + Sync> FromRequestParts<S> for Identity {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(parts
            .extensions
            .get::<Identity>()
            .cloned()
            .unwrap_or_else(|| Identity {
                visitor_id: cookie_value(&parts.headers, VISITOR_COOKIE).unwrap_or_else(new_id),
                visit_id: cookie_value(&parts.headers, VISIT_COOKIE).unwrap_or_else(new_id),
                cart_id: cookie_value(&parts.headers, CART_COOKIE),
            }))
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;

    #[test]
    fn cookies_are_read_by_name_and_foreign_values_ignored() {
        let mut h = HeaderMap::new();
        h.insert(
            COOKIE,
            "a=1; sf_vid=abc-123; sf_cart=<script>".parse().unwrap(),
        );
        assert_eq!(cookie_value(&h, VISITOR_COOKIE).as_deref(), Some("abc-123"));
        assert_eq!(cookie_value(&h, CART_COOKIE), None);
        assert_eq!(cookie_value(&h, VISIT_COOKIE), None);
    }

    #[test]
    fn cookies_are_http_only_and_lax() {
        let c = set_cookie(VISITOR_COOKIE, "x1", VISITOR_MAX_AGE);
        assert_eq!(
            c,
            "sf_vid=x1; Path=/; Max-Age=31104000; HttpOnly; SameSite=Lax"
        );
    }
}
