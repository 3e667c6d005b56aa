//! A search answer's `queryId`, issued by the search API and checked by the tracker: a fresh id
//! with whether the answer had hits, signed for the visitor who asked and the keyword they
//! searched. A Search tracking event counts toward what every shopper is shown (popular
//! searches) only when its `query_id` verifies for the beacon's own visitor and keyword: the
//! server answered that search with hits, whatever `total` the beacon claims
//! (docs/security.md, "Popular searches").
//!
//! Shape: `{32 hex}-{h|n}.{signature}`, at most 70 characters.

use crate::identity::new_id;
use crate::secrets::Keyring;

const PURPOSE: &str = "search-query-id";

/// A keyword as counted: trimmed, lower case, inner spaces collapsed, at most 100 characters.
pub fn normalize_keyword(keyword: &str) -> String {
    keyword
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .chars()
        .take(100)
        .collect()
}

fn message(id: &str, visitor_id: &str, keyword: &str) -> String {
    format!("{id}|{visitor_id}|{}", normalize_keyword(keyword))
}

/// A new query id for an answer to `visitor_id`'s search of `keyword` (empty for a landing
/// page), marked with whether it had hits.
pub fn issue(keyring: &Keyring, visitor_id: &str, keyword: &str, hits: bool) -> String {
    let id = format!("{}-{}", new_id(), if hits { 'h' } else { 'n' });
    let signature = keyring.sign(PURPOSE, &message(&id, visitor_id, keyword));
    format!("{id}.{signature}")
}

/// Whether `query_id` was issued by this store to `visitor_id` for `keyword`, and if so whether
/// that answer had hits. `None` for anything else (a client's own id, another visitor's,
/// another keyword's, a forged mark).
pub fn verify(keyring: &Keyring, visitor_id: &str, keyword: &str, query_id: &str) -> Option<bool> {
    if query_id.len() > 80 {
        return None;
    }
    let (id, signature) = query_id.rsplit_once('.')?;
    let hits = match id.rsplit_once('-')? {
        (_, "h") => true,
        (_, "n") => false,
        _ => return None,
    };
    keyring
        .verify(PURPOSE, &message(id, visitor_id, keyword), signature)
        .then_some(hits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ring() -> Keyring {
        Keyring::parse("0123456789abcdef0123456789abcdef").unwrap()
    }

    #[test]
    fn keywords_are_normalised() {
        assert_eq!(normalize_keyword("  Chicken   FEED "), "chicken feed");
        assert_eq!(normalize_keyword(&"x".repeat(300)).len(), 100);
    }

    #[test]
    fn a_query_id_verifies_only_for_its_visitor_and_keyword() {
        let ring = ring();
        let q = issue(&ring, "visitor-a", "Dog  Food", true);
        assert!(q.len() <= 70, "{q}");
        assert_eq!(verify(&ring, "visitor-a", "dog food", &q), Some(true));
        assert_eq!(verify(&ring, "visitor-b", "dog food", &q), None);
        assert_eq!(verify(&ring, "visitor-a", "cat food", &q), None);
        let none = issue(&ring, "visitor-a", "zzz", false);
        assert_eq!(verify(&ring, "visitor-a", "zzz", &none), Some(false));
        // Claiming hits for an answer that had none breaks the signature.
        let forged = none.replacen("-n.", "-h.", 1);
        assert_eq!(verify(&ring, "visitor-a", "zzz", &forged), None);
        assert_eq!(verify(&ring, "visitor-a", "zzz", "c0ffee"), None);
        assert_eq!(
            verify(&ring, "visitor-a", "zzz", &uuid::Uuid::new_v4().to_string()),
            None
        );
        let other = Keyring::parse("fedcba9876543210fedcba9876543210").unwrap();
        assert_eq!(verify(&other, "visitor-a", "dog food", &q), None);
    }
}
