//! Autocomplete ([`SearchEngine::suggest`]): products whose name or brand has the words typed,
//! the last as a prefix, and the brands with a word starting as typed.

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{
    BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query, TermQuery,
};
use tantivy::schema::IndexRecordOption;
use tantivy::Term;

use super::clauses::{any_of, term};
use super::facet_names::brand_names;
use super::keyword::{word_in, MAX_WORDS};
use crate::engine::{SearchEngine, SearchError};
use crate::facet_paths::brand_facet;
use crate::schema::{tokens, words_analyzer, WORD_START_MAX};

/// Autocomplete's query: every word typed in the name or brand (as typed, by its stem, or with
/// a typo when the catalog has no such word), the last one as a prefix of a word of the name or
/// brand; names that start with the whole keyword first.
pub fn suggest_query(engine: &SearchEngine, keyword: &str) -> Option<Box<dyn Query>> {
    let f = &engine.fields;
    let words: Vec<String> = tokens(words_analyzer(), keyword)
        .into_iter()
        .take(MAX_WORDS)
        .collect();
    let (last, first) = words.split_last()?;
    // Not the description, keywords or attributes: a word there ('dog' in a fence's
    // description) matched ten times the products and was most of a two-word suggestion's time.
    let name_and_brand: Vec<(tantivy::schema::Field, f32)> = f
        .text_fields()
        .into_iter()
        .filter(|(field, _)| *field == f.name || *field == f.brand)
        .collect();
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = first
        .iter()
        .map(|w| {
            (
                Occur::Must,
                any_of(vec![
                    term(Term::from_field_text(f.words, w)),
                    word_in(engine, w, &name_and_brand),
                ]),
            )
        })
        .collect();
    // A short last word starts thousands of the catalog's words ('dog f'): merging all their
    // postings was most of autocomplete's time, so it is one indexed term instead. Both score
    // a match 1.
    let prefix: Box<dyn Query> = if last.chars().count() <= WORD_START_MAX {
        Box::new(ConstScoreQuery::new(
            term(Term::from_field_text(f.word_starts, last)),
            1.0,
        ))
    } else {
        Box::new(FuzzyTermQuery::new_prefix(
            Term::from_field_text(f.words, last),
            0,
            false,
        ))
    };
    clauses.push((Occur::Must, prefix));
    let whole = tokens(words_analyzer(), keyword).join(" ");
    if !whole.is_empty() && whole.chars().count() <= 24 {
        let starts = term(Term::from_field_text(
            f.name_prefix,
            &keyword.trim().to_lowercase(),
        ));
        clauses.push((Occur::Should, Box::new(BoostQuery::new(starts, 2.0))));
    }
    Some(Box::new(BooleanQuery::new(clauses)))
}

/// What autocomplete shows from the index.
#[derive(Debug, Clone, PartialEq)]
pub struct Suggestions {
    pub ids: Vec<String>,
    pub count: u64,
    /// Brands with a word starting as typed, most products first.
    pub brands: Vec<(String, u64)>,
}

impl SearchEngine {
    pub fn suggest(
        &self,
        keyword: &str,
        products: usize,
        brands: usize,
    ) -> Result<Suggestions, SearchError> {
        let Some(query) = suggest_query(self, keyword) else {
            return Ok(Suggestions {
                ids: vec![],
                count: 0,
                brands: vec![],
            });
        };
        let live = self.live();
        let searcher = live.reader.searcher();
        let (count, top) = searcher.search(
            &query,
            &(Count, TopDocs::with_limit(products.max(1)).order_by_score()),
        )?;
        let ids = self.product_ids(&searcher, top.into_iter().map(|(_, a)| a))?;
        // Brands with a word starting as the last word typed, most products first: read from
        // the brand facet's terms (once per set of segments), each counted on its own posting
        // list (live products only), not by collecting the brands of every match.
        let typed = tokens(words_analyzer(), keyword);
        let last = typed.last().cloned().unwrap_or_default();
        let mut matching: Vec<(String, u64)> = Vec::new();
        for (brand, words) in brand_names(self, &searcher)?.iter() {
            if !words.iter().any(|w| w.starts_with(&last)) {
                continue;
            }
            let n = searcher.search(
                &TermQuery::new(
                    Term::from_facet(self.fields.brand_facet, &brand_facet(brand)),
                    IndexRecordOption::Basic,
                ),
                &Count,
            )?;
            if n > 0 {
                matching.push((brand.clone(), n as u64));
            }
        }
        matching.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        matching.truncate(brands);
        Ok(Suggestions {
            ids,
            count: count as u64,
            brands: matching,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::SearchEngine;
    use crate::search::testing::product;

    /// The products suggested for `keyword` (sorted) and their count.
    fn suggested(engine: &SearchEngine, keyword: &str) -> (Vec<String>, u64) {
        let mut s = engine.suggest(keyword, 10, 5).unwrap();
        s.ids.sort();
        (s.ids, s.count)
    }

    #[test]
    fn a_suggestions_first_words_are_matched_in_the_name_or_brand_only() {
        let engine = SearchEngine::in_memory();
        let mut fence = product("2", "Fence Kit", "Zareba");
        fence.description = "Keeps the dog in: a wire fence for the yard".into();
        engine.add_for_test(&[
            product("1", "Dog Food", "Purina"),
            fence,
            product("3", "Chicken Feeder", "Little Giant"),
            product("4", "Tire Fill Valve", "Slime"),
        ]);
        let found = |keyword: &str| suggested(&engine, keyword);
        // 'dog' is in the fence's description, not its name: only the dog food.
        assert_eq!(found("dog f"), (vec!["1".into()], 1));
        // Stems and typos of name words still count.
        assert_eq!(found("dogs f"), (vec!["1".into()], 1));
        assert_eq!(found("chiken f"), (vec!["3".into()], 1));
        // A word the catalog has (in a description) is not read as a typo of 'tire'.
        assert_eq!(found("wire f"), (vec![], 0));
    }

    #[test]
    fn a_short_last_word_finds_what_a_longer_one_would() {
        let engine = SearchEngine::in_memory();
        engine.add_for_test(&[
            product("1", "Dog Food Chicken", "Purina"),
            product("2", "Dog Fence Kit", "Zareba"),
            product("3", "Cat Food", "Purina"),
            product("4", "Dog Bed", "Frisco"),
            product("5", "Dog Bowl", "Ölmann"),
        ]);
        let found = |keyword: &str| suggested(&engine, keyword);
        // One to three characters: the indexed word starts; four: every word starting so.
        assert_eq!(
            found("dog f"),
            (vec!["1".into(), "2".into(), "4".into()], 3)
        );
        assert_eq!(found("dog fo"), (vec!["1".into()], 1));
        assert_eq!(found("dog foo"), found("dog food"));
        // The brand's words count, accents folded as typed or not.
        assert_eq!(found("dog ö"), (vec!["5".into()], 1));
        assert_eq!(found("dog olm"), found("dog olma"));
        assert_eq!(found("f").1, 4);
        assert_eq!(found("dog x"), (vec![], 0));
    }
}
