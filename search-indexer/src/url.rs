//! The search page's URL contract (spec 2.4): one parser and one writer. The table of cases in
//! `search-indexer/url-cases.json` is checked by this module's tests (and by the web's).
//!
//! * Fixed parameters: the keyword (its name configurable, `keyword` by default), prv, lp,
//!   cref, adv, searchWithin, sort, it, items, operator, expand, hawkb, HawkDate, hawkflags,
//!   hawkaid, hawkp; `mpp` (page size) omitted when 60; `pg` (page) omitted when 1.
//! * Every other parameter is a facet: `name=v1,v2`. A comma inside a value is written `\,`
//!   and a backslash `\\`; the value is then percent-encoded (the separating commas are not).
//! * Range facets (their names given by the schema, e.g. `price`): `name=from,to`, written
//!   only when they differ from the facet's min and max; reversed ends are read in order.
//! * Parsing percent-decodes (`+` is a space), then splits on unescaped commas; names repeat
//!   by merging. Writing is canonical: fixed parameters in the order above, then facets and
//!   ranges in the state's order, then mpp and pg.

use serde::{Deserialize, Serialize};

pub const DEFAULT_MPP: u32 = 60;
pub const MAX_MPP: u32 = 120;
/// Pages beyond this are refused (deep paging costs the index more than any shopper needs).
pub const MAX_PG: u32 = 10_000;

/// The fixed parameters, in writing order, after the keyword.
pub const FIXED: &[&str] = &[
    "prv",
    "lp",
    "cref",
    "adv",
    "searchWithin",
    "sort",
    "it",
    "items",
    "operator",
    "expand",
    "hawkb",
    "HawkDate",
    "hawkflags",
    "hawkaid",
    "hawkp",
];

/// Parameters that are never facets (paging, and the request's own plumbing).
const RESERVED: &[&str] = &["mpp", "pg", "ajax", "json", "docid", "fn"];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FacetSelection {
    pub name: String,
    pub values: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RangeSelection {
    pub name: String,
    pub from: f64,
    pub to: f64,
}

/// What the search page's URL says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SearchState {
    pub keyword: Option<String>,
    /// The fixed parameters present (name as in the URL, value), in [`FIXED`] order.
    pub params: Vec<(String, String)>,
    pub facets: Vec<FacetSelection>,
    pub ranges: Vec<RangeSelection>,
    pub mpp: u32,
    pub pg: u32,
}

impl Default for SearchState {
    fn default() -> Self {
        Self {
            keyword: None,
            params: vec![],
            facets: vec![],
            ranges: vec![],
            mpp: DEFAULT_MPP,
            pg: 1,
        }
    }
}

impl SearchState {
    /// A fixed parameter's value.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn facet(&self, name: &str) -> Option<&[String]> {
        self.facets
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.values.as_slice())
    }

    pub fn range(&self, name: &str) -> Option<&RangeSelection> {
        self.ranges.iter().find(|r| r.name == name)
    }
}

/// How a URL is read: the keyword's parameter name and which facets are ranges.
#[derive(Debug, Clone)]
pub struct Contract {
    pub keyword_param: String,
    pub range_facets: Vec<String>,
}

impl Default for Contract {
    fn default() -> Self {
        Self {
            keyword_param: "keyword".into(),
            range_facets: vec!["price".into()],
        }
    }
}

/// A URL that does not follow the contract, said for the shopper.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UrlError {
    #[error("The page size (mpp) must be between 1 and {MAX_MPP}.")]
    PageSize,
    #[error("The page number (pg) must be between 1 and {MAX_PG}.")]
    Page,
    #[error("The range '{0}' must be two numbers, from and to.")]
    Range(String),
    #[error("The range '{0}' must lie between -{MAX_RANGE_VALUE} and {MAX_RANGE_VALUE}.")]
    RangeBounds(String),
    #[error("The search address is too long.")]
    TooLong,
}

/// The largest size a range's end may have (a price range in dollars: no product costs ten
/// million; a larger number would only make absurd labels and canonical URLs).
pub const MAX_RANGE_VALUE: u32 = 10_000_000;

/// Longest query string read (anything longer is not a page a shopper made).
pub const MAX_QUERY_CHARS: usize = 4096;
/// Most values of one facet read.
pub const MAX_FACET_VALUES: usize = 50;

fn percent_decode(text: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len()
                && hex(bytes[i + 1]).is_some()
                && hex(bytes[i + 2]).is_some() =>
            {
                out.push(hex(bytes[i + 1]).unwrap_or(0) * 16 + hex(bytes[i + 2]).unwrap_or(0));
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `text` percent-encoded for a query value (unreserved characters and `keep` as they are, a
/// space as `+`).
pub fn percent_encode(text: &str, keep: &[u8]) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            b' ' => out.push('+'),
            b if keep.contains(&b) => out.push(b as char),
            b => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Splits a decoded facet value list on unescaped commas and unescapes `\,` and `\\`.
pub fn split_values(text: &str) -> Vec<String> {
    let mut values = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next) => current.push(next),
                None => current.push('\\'),
            },
            ',' => values.push(std::mem::take(&mut current)),
            c => current.push(c),
        }
    }
    values.push(current);
    values.into_iter().filter(|v| !v.is_empty()).collect()
}

fn escape_value(value: &str) -> String {
    value.replace('\\', "\\\\").replace(',', "\\,")
}

fn number(text: &str) -> Option<f64> {
    text.trim().parse::<f64>().ok().filter(|n| n.is_finite())
}

/// Reads a query string (without `?` or `#`).
pub fn parse(query: &str, contract: &Contract) -> Result<SearchState, UrlError> {
    let query = query.trim_start_matches(['?', '#']);
    if query.len() > MAX_QUERY_CHARS {
        return Err(UrlError::TooLong);
    }
    let mut state = SearchState::default();
    let mut fixed: Vec<(String, String)> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (raw_name, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
        let name = percent_decode(raw_name);
        let value = percent_decode(raw_value);
        if name == contract.keyword_param {
            let keyword = value.trim().to_string();
            state.keyword = (!keyword.is_empty()).then_some(keyword);
        } else if FIXED.contains(&name.as_str()) {
            if !value.is_empty() {
                fixed.retain(|(k, _)| *k != name);
                fixed.push((name, value));
            }
        } else if name == "mpp" {
            state.mpp = value
                .parse()
                .ok()
                .filter(|n| (1..=MAX_MPP).contains(n))
                .ok_or(UrlError::PageSize)?;
        } else if name == "pg" {
            state.pg = value
                .parse()
                .ok()
                .filter(|n| (1..=MAX_PG).contains(n))
                .ok_or(UrlError::Page)?;
        } else if RESERVED.contains(&name.as_str()) || name.is_empty() {
            continue;
        } else if contract.range_facets.contains(&name) {
            let values = split_values(&value);
            let range = match values.as_slice() {
                [from, to] => number(from).zip(number(to)),
                _ => None,
            };
            match range {
                Some((a, b))
                    if a.abs() > f64::from(MAX_RANGE_VALUE)
                        || b.abs() > f64::from(MAX_RANGE_VALUE) =>
                {
                    return Err(UrlError::RangeBounds(name))
                }
                // Reversed ends are read in order: the shopper meant the span between them.
                Some((a, b)) => {
                    let (from, to) = if a <= b { (a, b) } else { (b, a) };
                    state.ranges.retain(|r| r.name != name);
                    state.ranges.push(RangeSelection { name, from, to });
                }
                None => return Err(UrlError::Range(name)),
            }
        } else {
            let values = split_values(&value);
            if values.is_empty() {
                continue;
            }
            match state.facets.iter_mut().find(|f| f.name == name) {
                Some(f) => {
                    for v in values {
                        if !f.values.contains(&v) && f.values.len() < MAX_FACET_VALUES {
                            f.values.push(v);
                        }
                    }
                }
                None => {
                    let mut unique: Vec<String> = Vec::new();
                    for v in values {
                        if !unique.contains(&v) && unique.len() < MAX_FACET_VALUES {
                            unique.push(v);
                        }
                    }
                    state.facets.push(FacetSelection {
                        name,
                        values: unique,
                    });
                }
            }
        }
    }
    fixed.sort_by_key(|(k, _)| FIXED.iter().position(|f| f == k));
    state.params = fixed;
    Ok(state)
}

fn format_number(n: f64) -> String {
    if n.fract() == 0.0 && n.abs() < 1e15 {
        format!("{}", n as i64)
    } else {
        format!("{n}")
    }
}

/// Writes the canonical query string of a state. `bounds(name)` gives a range facet's min and
/// max: a range equal to them is left out.
pub fn write(
    state: &SearchState,
    contract: &Contract,
    bounds: &dyn Fn(&str) -> Option<(f64, f64)>,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(keyword) = &state.keyword {
        parts.push(format!(
            "{}={}",
            percent_encode(&contract.keyword_param, &[]),
            percent_encode(keyword, &[])
        ));
    }
    for name in FIXED {
        if let Some(value) = state.param(name) {
            parts.push(format!("{name}={}", percent_encode(value, b",")));
        }
    }
    for f in state.facets.iter().filter(|f| !f.values.is_empty()) {
        let values: Vec<String> = f
            .values
            .iter()
            .map(|v| percent_encode(&escape_value(v), b","))
            .collect();
        parts.push(format!(
            "{}={}",
            percent_encode(&f.name, &[]),
            values.join(",")
        ));
    }
    for r in &state.ranges {
        if bounds(&r.name).is_some_and(|(min, max)| r.from <= min && r.to >= max) {
            continue;
        }
        parts.push(format!(
            "{}={},{}",
            percent_encode(&r.name, &[]),
            format_number(r.from),
            format_number(r.to)
        ));
    }
    if state.mpp != DEFAULT_MPP {
        parts.push(format!("mpp={}", state.mpp));
    }
    if state.pg != 1 {
        parts.push(format!("pg={}", state.pg));
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Case {
        name: String,
        query: String,
        state: Option<SearchState>,
        /// What writing the state gives, when it is not `query` itself.
        canonical: Option<String>,
        /// The parse error, for URLs that break the contract.
        error: Option<String>,
        /// Range bounds known when writing: name → [min, max].
        #[serde(default)]
        bounds: std::collections::HashMap<String, (f64, f64)>,
    }

    #[test]
    fn the_shared_table_of_url_cases_round_trips() {
        let cases: Vec<Case> =
            serde_json::from_str(include_str!("../url-cases.json")).expect("url-cases.json");
        assert!(cases.len() >= 20, "{} cases", cases.len());
        let contract = Contract::default();
        for case in cases {
            let parsed = parse(&case.query, &contract);
            match (&case.error, &case.state) {
                (Some(error), _) => {
                    assert_eq!(
                        parsed.as_ref().map_err(|e| e.to_string()).err().as_deref(),
                        Some(error.as_str()),
                        "{}",
                        case.name
                    );
                }
                (None, Some(state)) => {
                    let parsed = parsed.unwrap_or_else(|e| panic!("{}: {e}", case.name));
                    assert_eq!(&parsed, state, "{}: parse", case.name);
                    let written = write(state, &contract, &|n| case.bounds.get(n).copied());
                    let expected = case.canonical.as_deref().unwrap_or(&case.query);
                    assert_eq!(written, expected, "{}: write", case.name);
                    // And what is written reads back to the same state (ranges at their
                    // bounds are dropped by design).
                    let again = parse(&written, &contract).unwrap();
                    let mut kept = state.clone();
                    kept.ranges.retain(|r| {
                        !case
                            .bounds
                            .get(&r.name)
                            .is_some_and(|(min, max)| r.from <= *min && r.to >= *max)
                    });
                    assert_eq!(again, kept, "{}: round trip", case.name);
                }
                (None, None) => panic!("{}: a case needs a state or an error", case.name),
            }
        }
    }

    #[test]
    fn escaped_commas_and_backslashes() {
        assert_eq!(split_values("a\\,b,c"), vec!["a,b", "c"]);
        assert_eq!(split_values("a\\\\,b"), vec!["a\\", "b"]);
        assert_eq!(split_values(",,"), Vec::<String>::new());
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
    }
}
