//! Cross-site form posts (issue 12, defect 8). A page of another site can make a visitor's
//! browser post a classic form (`application/x-www-form-urlencoded`, `multipart/form-data`,
//! `text/plain`, or a body without a content type) to us, cookies included, with no CORS
//! preflight. Such a request is refused with 403 when the browser says it comes from another
//! site:
//!
//! * `Sec-Fetch-Site: cross-site` → refused;
//! * otherwise an `Origin` whose host and port differ from the request's `Host` (or
//!   `X-Forwarded-Host`, for a proxy that rewrites `Host`) → refused; `Origin: null` (sandboxed
//!   frames, privacy redirects) is never ours;
//! * neither header (curl, servers, old browsers, a mail program's one-click unsubscribe,
//!   RFC 8058) → allowed: no browser of a visitor is involved, or none we can protect.
//!
//! JSON posts are not checked here: a browser sends `Content-Type: application/json` to
//! another site only after a CORS preflight, which the store never grants.

use axum::extract::FromRequestParts;
use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// The error code of a refused cross-site post.
pub const CROSS_SITE_CODE: &str = "CrossSiteRequest";
pub const CROSS_SITE_MESSAGE: &str = "This form cannot be sent from another site.";

/// `Ok` when the request may go on; the 403 answer (one error shape) when it is a form post
/// (or a body a form could send) from another site. `uri` supplies the authority of an HTTP/2
/// request, which has no `Host` header.
#[allow(clippy::result_large_err)] // the refusal is the response itself, as axum's are
pub fn refuse_cross_site_form(headers: &HeaderMap, uri: &Uri) -> Result<(), Response> {
    if is_cross_site_form(headers, uri) {
        Err(crate::http::ApiError::refused(
            StatusCode::FORBIDDEN,
            CROSS_SITE_CODE,
            CROSS_SITE_MESSAGE,
        )
        .into_response())
    } else {
        Ok(())
    }
}

/// The rule of [`refuse_cross_site_form`], as a yes/no.
pub fn is_cross_site_form(headers: &HeaderMap, uri: &Uri) -> bool {
    simple_content_type(headers) && from_another_site(headers, uri)
}

/// A content type a cross-site form (or `fetch` in `no-cors` mode) can send without a
/// preflight: none, or one of the three CORS-safelisted types.
fn simple_content_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers.get(CONTENT_TYPE) else {
        return true;
    };
    let Ok(text) = value.to_str() else {
        // Not readable as text: no parser of ours accepts it either; treat it as a form.
        return true;
    };
    let essence = text.split(';').next().unwrap_or("").trim();
    [
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "text/plain",
    ]
    .iter()
    .any(|simple| essence.eq_ignore_ascii_case(simple))
}

/// Whether the browser says the request comes from a page of another site (`Sec-Fetch-Site:
/// cross-site`, or an `Origin` not ours), whatever its content type: a tracking beacon from
/// another site's page is kept but never counts toward what shoppers are shown.
pub fn is_from_another_site(headers: &HeaderMap, uri: &Uri) -> bool {
    from_another_site(headers, uri)
}

fn from_another_site(headers: &HeaderMap, uri: &Uri) -> bool {
    if let Some(site) = headers.get("sec-fetch-site") {
        if site.as_bytes().eq_ignore_ascii_case(b"cross-site") {
            return true;
        }
    }
    let Some(origin) = headers.get(ORIGIN) else {
        return false;
    };
    let Some((scheme, authority)) = origin.to_str().ok().and_then(parse_origin) else {
        // `null` or unreadable: not an origin of ours.
        return true;
    };
    let ours = [
        headers.get(HOST).and_then(|v| v.to_str().ok()),
        headers
            .get("x-forwarded-host")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next()),
        uri.authority().map(|a| a.as_str()),
    ];
    !ours
        .into_iter()
        .flatten()
        .any(|host| normalize_host(host, &scheme) == authority)
}

/// `scheme://host[:port]` → (scheme, `host[:port]`), lower-cased, the scheme's default port
/// left out.
fn parse_origin(origin: &str) -> Option<(String, String)> {
    let (scheme, rest) = origin.trim().split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    if rest.is_empty() || rest.contains(['/', '@', '?', '#']) {
        return None;
    }
    Some((scheme.clone(), normalize_host(rest, &scheme)))
}

/// `host[:port]` lower-cased without the default port of `scheme`.
fn normalize_host(host: &str, scheme: &str) -> String {
    let host = host.trim().to_ascii_lowercase();
    let default = match scheme {
        "http" => Some(":80"),
        "https" => Some(":443"),
        _ => None,
    };
    match default.and_then(|port| host.strip_suffix(port)) {
        Some(bare) => bare.to_string(),
        None => host,
    }
}

/// The check as an extractor: a handler that takes `SameSiteForms` as its first argument
/// refuses cross-site form posts before its body is read (see [`refuse_cross_site_form`]).
#[derive(Debug, Clone, Copy)]
pub struct SameSiteForms;

impl<S: Send + Sync> FromRequestParts<S> for SameSiteForms {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        refuse_cross_site_form(&parts.headers, &parts.uri).map(|()| SameSiteForms)
    }
}

/// The request header that carries the anti-forgery token (spec 7, 'token header').
pub const ANTI_FORGERY_HEADER: &str = "RequestVerificationToken";
/// The hidden input's name in `POST /account/getantiforgerytoken`'s fragment.
pub const ANTI_FORGERY_FIELD: &str = "__RequestVerificationToken";
pub const ANTI_FORGERY_CODE: &str = "AntiForgeryTokenInvalid";
pub const ANTI_FORGERY_MESSAGE: &str =
    "This page has expired. Please refresh the page and try again.";
const ANTI_FORGERY: &str = "anti-forgery";

/// What a token is bound to: the session when the visitor holds one, else the visitor.
fn anti_forgery_binding(identity: &crate::identity::Identity) -> String {
    match &identity.session_id {
        Some(session) => format!("session:{session}"),
        None => format!("visitor:{}", identity.visitor_id),
    }
}

/// The anti-forgery token of this visitor's session (or of the visitor, signed out). A new
/// session needs a new token: the client fetches one after signing in or out.
pub fn anti_forgery_token(identity: &crate::identity::Identity) -> String {
    identity
        .keyring()
        .sign(ANTI_FORGERY, &anti_forgery_binding(identity))
}

/// Whether the request carries this visitor's anti-forgery token in [`ANTI_FORGERY_HEADER`].
pub fn has_anti_forgery_token(identity: &crate::identity::Identity, headers: &HeaderMap) -> bool {
    headers
        .get(ANTI_FORGERY_HEADER)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|token| {
            identity
                .keyring()
                .verify(ANTI_FORGERY, &anti_forgery_binding(identity), token.trim())
        })
}

/// The check as an extractor, for the calls the spec marks 'token header': 403
/// ([`ANTI_FORGERY_CODE`]) without this visitor's token, before the body is read.
#[derive(Debug, Clone, Copy)]
pub struct AntiForgery;

impl<S: Send + Sync> FromRequestParts<S> for AntiForgery {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let identity = crate::identity::Identity::of(&parts.extensions);
        if has_anti_forgery_token(&identity, &parts.headers) {
            Ok(AntiForgery)
        } else {
            Err(crate::http::ApiError::refused(
                StatusCode::FORBIDDEN,
                ANTI_FORGERY_CODE,
                ANTI_FORGERY_MESSAGE,
            )
            .into_response())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cross(pairs: &[(&str, &str)]) -> bool {
        let mut headers = HeaderMap::new();
        for (k, v) in pairs {
            headers.insert(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        is_cross_site_form(&headers, &Uri::from_static("/email/marketing/subscribe"))
    }

    const FORM: (&str, &str) = ("content-type", "application/x-www-form-urlencoded");

    #[test]
    fn the_browser_says_cross_site() {
        assert!(cross(&[FORM, ("sec-fetch-site", "cross-site")]));
        assert!(
            cross(&[("sec-fetch-site", "cross-site")]),
            "no content type"
        );
        assert!(cross(&[
            ("content-type", "text/plain;charset=UTF-8"),
            ("sec-fetch-site", "Cross-Site")
        ]));
        assert!(cross(&[
            ("content-type", "multipart/form-data; boundary=x"),
            ("sec-fetch-site", "cross-site")
        ]));
        assert!(!cross(&[FORM, ("sec-fetch-site", "same-origin")]));
        assert!(!cross(&[FORM, ("sec-fetch-site", "none")]));
        assert!(
            !cross(&[
                ("content-type", "application/json"),
                ("sec-fetch-site", "cross-site")
            ]),
            "JSON needs a preflight"
        );
    }

    #[test]
    fn the_origin_must_be_the_host() {
        let host = ("host", "shop.example");
        assert!(cross(&[FORM, host, ("origin", "https://evil.example")]));
        assert!(cross(&[FORM, host, ("origin", "null")]));
        assert!(cross(&[
            FORM,
            host,
            ("origin", "https://shop.example:8443")
        ]));
        assert!(
            cross(&[FORM, ("origin", "https://shop.example")]),
            "no host"
        );
        assert!(!cross(&[FORM, host, ("origin", "https://shop.example")]));
        assert!(!cross(&[
            FORM,
            host,
            ("origin", "HTTPS://Shop.Example:443")
        ]));
        assert!(!cross(&[
            FORM,
            ("host", "127.0.0.1:8080"),
            ("origin", "http://127.0.0.1:8080")
        ]));
        assert!(!cross(&[
            FORM,
            ("host", "10.0.0.5:8080"),
            ("x-forwarded-host", "shop.example"),
            ("origin", "https://shop.example")
        ]));
        assert!(!cross(&[FORM, host]), "neither header: allowed");
        assert!(!cross(&[FORM]), "neither header: allowed");
    }
}
