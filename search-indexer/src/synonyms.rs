//! The synonym rules a search applies: `words => replacement` (the words are also searched as
//! the replacement), each live from an optional start until an optional end.
//!
//! The rules are data the merchandisers keep (`command::merch::synonyms`, a versioned rule set);
//! the query side loads the published version into the engine ([`SearchEngine::set_synonyms`])
//! and may search with another set for a preview ([`crate::SearchQuery::synonyms`]). Rules apply
//! when the query is built, never when documents are indexed: a change reaches the next search
//! and a reindex changes nothing about them. Until the set is loaded the engine applies the
//! starter list, `search-indexer/synonyms.txt`.

use std::sync::atomic::{AtomicU64, Ordering};

use chrono::{DateTime, Utc};

use crate::schema::{tokens, words_analyzer};

/// The starter list: the rule set's first version.
pub const STARTER_LIST: &str = include_str!("../synonyms.txt");

/// One rule, its sides as the search's words.
#[derive(Debug, Clone, PartialEq)]
pub struct Synonym {
    pub words: Vec<String>,
    pub replacement: Vec<String>,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
}

impl Synonym {
    pub fn live_at(&self, at: DateTime<Utc>) -> bool {
        self.starts_at.is_none_or(|s| s <= at) && self.ends_at.is_none_or(|e| at < e)
    }
}

/// A set of rules as one search applies them.
#[derive(Debug)]
pub struct Synonyms {
    /// Unique per set made in this process: what the kept answers of a search are keyed by.
    id: u64,
    /// The rule set's published version this holds (0: the starter list, or a draft preview).
    pub version: u32,
    rules: Vec<Synonym>,
    /// Every start and end, in order: between two of them the same rules are live.
    changes: Vec<DateTime<Utc>>,
}

impl PartialEq for Synonyms {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

impl Synonyms {
    /// A set of rules from their text sides (each side split into words as the search splits
    /// a keyword; a rule with an empty side is left out).
    pub fn new<'a>(
        version: u32,
        rules: impl IntoIterator<
            Item = (
                &'a str,
                &'a str,
                Option<DateTime<Utc>>,
                Option<DateTime<Utc>>,
            ),
        >,
    ) -> Synonyms {
        let rules: Vec<Synonym> = rules
            .into_iter()
            .map(|(words, replacement, starts_at, ends_at)| Synonym {
                words: tokens(words_analyzer(), words),
                replacement: tokens(words_analyzer(), replacement),
                starts_at,
                ends_at,
            })
            .filter(|r| !r.words.is_empty() && !r.replacement.is_empty())
            .collect();
        let mut changes: Vec<DateTime<Utc>> = rules
            .iter()
            .flat_map(|r| [r.starts_at, r.ends_at])
            .flatten()
            .collect();
        changes.sort();
        changes.dedup();
        Synonyms {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            version,
            rules,
            changes,
        }
    }

    /// The starter list (`words => replacement` a line, '#' starts a comment).
    pub fn starter() -> Synonyms {
        let pairs: Vec<(&str, &str)> = STARTER_LIST
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter_map(|l| l.split_once("=>"))
            .collect();
        Synonyms::new(0, pairs.into_iter().map(|(a, b)| (a, b, None, None)))
    }

    /// The rules live at `at`.
    pub fn live_at(&self, at: DateTime<Utc>) -> impl Iterator<Item = &Synonym> {
        self.rules.iter().filter(move |r| r.live_at(at))
    }

    /// The longest rule live at `at` whose words start `words`.
    pub fn rule_for(&self, words: &[String], at: DateTime<Utc>) -> Option<&Synonym> {
        self.live_at(at)
            .filter(|r| words.starts_with(&r.words))
            .max_by_key(|r| r.words.len())
    }

    /// Whether a rule live at `at` applies to `keyword`'s words, as a search reads them.
    pub fn applies_to(&self, keyword: &str, at: DateTime<Utc>) -> bool {
        let words: Vec<String> = tokens(words_analyzer(), keyword)
            .into_iter()
            .take(crate::search::MAX_WORDS)
            .collect();
        (0..words.len()).any(|i| self.rule_for(&words[i..], at).is_some())
    }

    /// What decides the rules a search at `at` applies: the same key, the same rules.
    pub fn key_at(&self, at: DateTime<Utc>) -> String {
        let epoch = self.changes.partition_point(|c| *c <= at);
        format!("{}.{epoch}", self.id)
    }

    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_starter_list_holds_its_rules_split_into_words() {
        let starter = Synonyms::starter();
        assert!(starter.len() >= 18);
        let rule = starter
            .rule_for(
                &["four".into(), "wheeler".into(), "tires".into()],
                Utc::now(),
            )
            .expect("four wheeler");
        assert_eq!(rule.replacement, ["all", "terrain", "vehicle"]);
        assert!(starter.applies_to("Cheap Tyre  chains", Utc::now()));
        assert!(!starter.applies_to("tire chains", Utc::now()));
    }

    #[test]
    fn a_scheduled_rule_applies_only_between_its_start_and_end_and_the_key_says_so() {
        let start = DateTime::from_timestamp(1_800_000_000, 0).unwrap();
        let end = start + chrono::Duration::days(3);
        let set = Synonyms::new(4, [("gobbler", "turkey", Some(start), Some(end))]);
        let words = ["gobbler".to_string()];
        let before = start - chrono::Duration::hours(1);
        assert!(set.rule_for(&words, before).is_none());
        assert!(set.rule_for(&words, start).is_some());
        assert!(set.rule_for(&words, end).is_none());
        assert_ne!(set.key_at(before), set.key_at(start));
        assert_eq!(
            set.key_at(start),
            set.key_at(start + chrono::Duration::hours(1))
        );
        assert_ne!(
            Synonyms::new(4, []).key_at(start),
            Synonyms::new(4, []).key_at(start),
            "two sets are never taken for one"
        );
    }
}
