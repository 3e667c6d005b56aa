//! The keyword's query ([`keyword_query`]): its words, each by its stem in the text fields or,
//! when the catalog lacks it, with typos forgiven; synonym rules; a product number.

use tantivy::query::{BoostQuery, FuzzyTermQuery, Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::Term;

use super::clauses::{all_of, any_of, term};
use crate::engine::SearchEngine;
use crate::schema::{normalize_number, stemmed_analyzer, tokens, words_analyzer};
use crate::synonyms::Synonyms;

/// Most words of a keyword used.
pub const MAX_WORDS: usize = 16;

/// Edits forgiven in a word: none for short words and for anything with a digit (sizes and
/// part numbers match exactly: 'XYZ-123' never finds 'XYZ-223'), 1 up to 7 letters, 2 above.
pub fn typo_distance(word: &str) -> u8 {
    let letters = word.chars().count();
    if word.chars().any(|c| c.is_ascii_digit()) || letters < 4 {
        0
    } else if letters <= 7 {
        1
    } else {
        2
    }
}

/// One word of a keyword: its stem in any text field (with the field's boost) or, when the
/// catalog has no such word at all, the word with a typo or two in the name or brand (weighted
/// lower). A word the catalog knows is never read as a typo: 'wire' does not find 'tire'.
fn word_query(engine: &SearchEngine, word: &str) -> Box<dyn Query> {
    word_in(engine, word, &engine.fields.text_fields())
}

/// [`word_query`] in the given text fields only.
pub(super) fn word_in(
    engine: &SearchEngine,
    word: &str,
    fields: &[(tantivy::schema::Field, f32)],
) -> Box<dyn Query> {
    let f = &engine.fields;
    let searcher = engine.live().reader.searcher();
    let mut alternatives: Vec<Box<dyn Query>> = Vec::new();
    let mut known = searcher
        .doc_freq(&Term::from_field_text(f.words, word))
        .unwrap_or(0)
        > 0;
    for stem in tokens(stemmed_analyzer(), word) {
        // Known anywhere, searched where asked: a word of the descriptions only is no typo.
        for (field, boost) in f.text_fields() {
            let term = Term::from_field_text(field, &stem);
            known |= searcher.doc_freq(&term).unwrap_or(0) > 0;
            if fields.iter().any(|(searched, _)| *searched == field) {
                let exact = TermQuery::new(term, IndexRecordOption::WithFreqs);
                alternatives.push(Box::new(BoostQuery::new(Box::new(exact), boost)));
            }
        }
    }
    let distance = if known { 0 } else { typo_distance(word) };
    if distance > 0 {
        let fuzzy = FuzzyTermQuery::new(Term::from_field_text(f.words, word), distance, true);
        alternatives.push(Box::new(BoostQuery::new(Box::new(fuzzy), 0.3)));
    }
    any_of(alternatives)
}

/// The keyword's query: every word must match (any word with `any_word`); the words of a rule
/// of `synonyms` live at `at` may match as its replacement; a keyword that is a product number
/// (punctuation and case ignored) also matches that product, ranked first.
pub fn keyword_query(
    engine: &SearchEngine,
    keyword: &str,
    any_word: bool,
    (synonyms, at): (&Synonyms, chrono::DateTime<chrono::Utc>),
) -> Box<dyn Query> {
    let f = &engine.fields;
    let words: Vec<String> = tokens(words_analyzer(), keyword)
        .into_iter()
        .take(MAX_WORDS)
        .collect();
    let mut clauses: Vec<Box<dyn Query>> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        match synonyms.rule_for(&words[i..], at) {
            Some(rule) => {
                let (from, to) = (&rule.words, &rule.replacement);
                let as_typed = all_of(
                    words[i..i + from.len()]
                        .iter()
                        .map(|w| word_query(engine, w))
                        .collect(),
                );
                let replaced = all_of(to.iter().map(|w| word_query(engine, w)).collect());
                clauses.push(any_of(vec![as_typed, replaced]));
                i += from.len();
            }
            None => {
                clauses.push(word_query(engine, &words[i]));
                i += 1;
            }
        }
    }
    let text: Box<dyn Query> = if clauses.is_empty() {
        Box::new(tantivy::query::EmptyQuery)
    } else if any_word {
        any_of(clauses)
    } else {
        all_of(clauses)
    };
    let number = normalize_number(keyword);
    if number.is_empty() {
        return text;
    }
    let exact = Box::new(BoostQuery::new(
        term(Term::from_field_text(f.number, &number)),
        1000.0,
    ));
    any_of(vec![text, exact])
}
