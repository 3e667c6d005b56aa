//! Query-string parameters as the read handlers take them: text, comma lists and numbers,
//! unreadable ones answering 400.

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use kernel::http::ApiError;

pub const INVALID_NUMBER: &str = "Please enter a valid number.";

/// The query string as name → value (the last one wins); unreadable ones answer 400.
#[derive(Debug, Clone, Default)]
pub struct Params(pub HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Query(pairs) = Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)
            .map_err(|_| ApiError::bad_request("InvalidQuery", "The query string is not valid."))?;
        Ok(Params(pairs.into_iter().collect()))
    }
}

impl Params {
    /// The trimmed value of `name`, `None` when absent or blank.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|v| v.trim()).filter(|v| !v.is_empty())
    }

    /// The distinct items of a comma list (trimmed, blanks skipped, first occurrence first).
    /// A list of more than `max` distinct items, or more than `4 × max` items in all, answers
    /// `None` as soon as the bound is passed: the work is bounded by the cap, never by the
    /// list's length (a 64 KB list of short ids costs no more than the cap).
    pub fn list(&self, name: &str, max: usize) -> Option<Vec<String>> {
        let Some(text) = self.text(name) else {
            return Some(Vec::new());
        };
        let mut seen = std::collections::HashSet::with_capacity(max.min(64));
        let mut items = Vec::new();
        for (i, item) in text
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .enumerate()
        {
            if i >= max.saturating_mul(4) {
                return None;
            }
            if seen.insert(item) {
                if items.len() == max {
                    return None;
                }
                items.push(item.to_string());
            }
        }
        Some(items)
    }

    /// A whole number, `None` when absent or blank; anything else answers 400.
    pub fn number(&self, name: &str) -> Result<Option<i64>, ApiError> {
        match self.text(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<i64>()
                .map(Some)
                .map_err(|_| ApiError::bad_request("InvalidNumber", INVALID_NUMBER)),
        }
    }

    pub fn required_number(&self, name: &str) -> Result<i64, ApiError> {
        self.number(name)?
            .ok_or_else(|| ApiError::bad_request("InvalidNumber", INVALID_NUMBER))
    }

    /// A required text parameter; absent or blank answers 400 naming it.
    pub fn required_text(&self, name: &str) -> Result<&str, ApiError> {
        self.text(name).ok_or_else(|| {
            ApiError::bad_request(
                "MissingParameter",
                format!("The {name} parameter is required."),
            )
        })
    }
}
