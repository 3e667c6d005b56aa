//! A search answer's `queryId`, issued by the search API and checked by the tracker: a fresh id
//! with whether the answer had hits, signed for the visitor who asked and the keyword they
//! searched. A Search tracking event counts toward what every shopper is shown (popular
//! searches) only when its `query_id` verifies for the beacon's own visitor and keyword: the
//! server answered that search with hits, whatever `total` the beacon claims
//! (docs/security.md, "Popular searches").
//!
//! The mark after the id also says which merchandising rules shaped the answer (`p`: pinned
//! items were shown, `r`: the keyword redirects to a page, `s`: a synonym rule applied), so
//! analysts can attribute clicks and sales to them; being signed, the marks are as the
//! server wrote them.
//!
//! Shape: `{32 hex}-{h|n}{p?r?s?}.{signature}`, at most 73 characters.

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

/// The merchandising rules that shaped an answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Shaped {
    /// Pinned items were on the page.
    pub pinned: bool,
    /// The keyword redirects to a page of the store.
    pub redirect: bool,
    /// A synonym rule applied to the keyword.
    pub synonym: bool,
}

impl Shaped {
    fn marks(self) -> String {
        [
            (self.pinned, 'p'),
            (self.redirect, 'r'),
            (self.synonym, 's'),
        ]
        .into_iter()
        .filter_map(|(on, mark)| on.then_some(mark))
        .collect()
    }

    /// The rules a query id's marks name (none for an id without them).
    pub fn of_query_id(query_id: &str) -> Shaped {
        let marks = query_id
            .rsplit_once('.')
            .and_then(|(id, _)| id.rsplit_once('-'))
            .map(|(_, m)| m.get(1..).unwrap_or(""))
            .unwrap_or("");
        Shaped {
            pinned: marks.contains('p'),
            redirect: marks.contains('r'),
            synonym: marks.contains('s'),
        }
    }

    /// The analytics names of the rules: `pinned`, `redirect`, `synonym`, or `none`.
    pub fn names(self) -> Vec<&'static str> {
        let names: Vec<&'static str> = [
            (self.pinned, "pinned"),
            (self.redirect, "redirect"),
            (self.synonym, "synonym"),
        ]
        .into_iter()
        .filter_map(|(on, name)| on.then_some(name))
        .collect();
        if names.is_empty() {
            vec!["none"]
        } else {
            names
        }
    }
}

/// A new query id for an answer to `visitor_id`'s search of `keyword` (empty for a landing
/// page), marked with whether it had hits.
pub fn issue(keyring: &Keyring, visitor_id: &str, keyword: &str, hits: bool) -> String {
    issue_shaped(keyring, visitor_id, keyword, hits, Shaped::default())
}

/// [`issue`], also marked with the merchandising rules that shaped the answer.
pub fn issue_shaped(
    keyring: &Keyring,
    visitor_id: &str,
    keyword: &str,
    hits: bool,
    shaped: Shaped,
) -> String {
    let id = format!(
        "{}-{}{}",
        new_id(),
        if hits { 'h' } else { 'n' },
        shaped.marks()
    );
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
    let (_, mark) = id.rsplit_once('-')?;
    let hits = match mark.get(..1)? {
        "h" => true,
        "n" => false,
        _ => return None,
    };
    if !mark[1..].chars().all(|c| matches!(c, 'p' | 'r' | 's')) {
        return None;
    }
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

    #[test]
    fn the_rules_that_shaped_an_answer_are_signed_with_it() {
        let ring = ring();
        let shaped = Shaped {
            pinned: true,
            redirect: false,
            synonym: true,
        };
        let q = issue_shaped(&ring, "visitor-a", "tyre", true, shaped);
        assert!(q.len() <= 73, "{q}");
        assert_eq!(verify(&ring, "visitor-a", "tyre", &q), Some(true));
        assert_eq!(Shaped::of_query_id(&q), shaped);
        assert_eq!(Shaped::of_query_id(&q).names(), ["pinned", "synonym"]);
        // A mark added or taken away breaks the signature.
        assert_eq!(
            verify(&ring, "visitor-a", "tyre", &q.replacen("-hps.", "-hs.", 1)),
            None
        );
        assert_eq!(
            verify(
                &ring,
                "visitor-a",
                "tyre",
                &q.replacen("-hps.", "-hpsr.", 1)
            ),
            None
        );
        let plain = issue(&ring, "visitor-a", "tyre", false);
        assert_eq!(Shaped::of_query_id(&plain), Shaped::default());
        assert_eq!(Shaped::of_query_id(&plain).names(), ["none"]);
        assert_eq!(Shaped::of_query_id("nonsense").names(), ["none"]);
    }
}
