//! Staff access until Accounts lands: merchandiser calls carry `Authorization: Bearer TOKEN`,
//! checked against `STAFF_TOKENS` (`staffid:token,…`, each token at least 24 characters).
//! Tokens are kept as SHA-256 digests and compared in constant time; no token is ever logged.
//! A bearer header is never sent by a browser on its own, so these calls need no anti-forgery
//! token (a cookie session will, when staff sign in through Accounts).

use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use sha2::{Digest, Sha256};

use crate::http::error_response;

pub const SIGN_IN_MESSAGE: &str = "Please sign in as staff.";
pub const MIN_TOKEN_CHARS: usize = 24;

#[derive(Clone, Default)]
pub struct StaffTokens {
    /// (staff id, SHA-256 of the token).
    tokens: Vec<(String, [u8; 32])>,
}

impl std::fmt::Debug for StaffTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "StaffTokens({} staff)", self.tokens.len())
    }
}

fn digest(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

impl StaffTokens {
    /// `alice:token,bob:token`; answers what is wrong, naming the entry, never the token.
    pub fn parse(list: &str) -> Result<Self, String> {
        let mut tokens = Vec::new();
        for (i, entry) in list
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .enumerate()
        {
            let Some((id, token)) = entry.split_once(':') else {
                return Err(format!("entry {} is not staffid:token", i + 1));
            };
            if id.trim().is_empty() || token.len() < MIN_TOKEN_CHARS {
                return Err(format!(
                    "entry {}: a staff id and a token of at least {MIN_TOKEN_CHARS} characters are needed",
                    i + 1
                ));
            }
            tokens.push((id.trim().to_string(), digest(token)));
        }
        Ok(Self { tokens })
    }

    /// The staff id of a valid bearer token.
    pub fn staff(&self, headers: &HeaderMap) -> Option<String> {
        let value = headers
            .get(axum::http::header::AUTHORIZATION)?
            .to_str()
            .ok()?;
        let token = value.strip_prefix("Bearer ")?.trim();
        let given = digest(token);
        let mut found = None;
        for (id, expected) in &self.tokens {
            // Constant time per entry: no early exit on the first differing byte.
            let same = given
                .iter()
                .zip(expected.iter())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0;
            if same {
                found = Some(id.clone());
            }
        }
        found
    }

    /// The merchandiser acting, or the refusal: 401 (with `WWW-Authenticate: Bearer`) without
    /// valid staff credentials. (403 is for a signed-in user without the merchandiser role, once
    /// staff accounts with roles land.)
    #[allow(clippy::result_large_err)] // the refusal is the response itself
    pub fn merchandiser(&self, headers: &HeaderMap) -> Result<String, Response> {
        self.staff(headers).ok_or_else(|| {
            let mut r = error_response(StatusCode::UNAUTHORIZED, "Unauthorized", SIGN_IN_MESSAGE);
            r.headers_mut().insert(
                axum::http::header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Bearer"),
            );
            r
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_configured_bearer_tokens_name_a_merchandiser() {
        let tokens = StaffTokens::parse(
            "alice:aaaaaaaaaaaaaaaaaaaaaaaaaaaa, bob:bbbbbbbbbbbbbbbbbbbbbbbbbbbb",
        )
        .unwrap();
        let mut h = HeaderMap::new();
        assert_eq!(tokens.staff(&h), None);
        h.insert(
            "authorization",
            "Bearer bbbbbbbbbbbbbbbbbbbbbbbbbbbb".parse().unwrap(),
        );
        assert_eq!(tokens.staff(&h).as_deref(), Some("bob"));
        h.insert(
            "authorization",
            "Bearer bbbbbbbbbbbbbbbbbbbbbbbbbbbc".parse().unwrap(),
        );
        assert_eq!(tokens.staff(&h), None);
        h.insert(
            "authorization",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbb".parse().unwrap(),
        );
        assert_eq!(tokens.staff(&h), None, "Bearer is required");
        assert!(StaffTokens::parse("alice:short").is_err());
        assert!(StaffTokens::parse("justatoken").is_err());
        assert!(!format!("{tokens:?}").contains("aaaa"));
        assert_eq!(StaffTokens::default().staff(&h), None);
    }
}
