//! What the live searcher keeps of a query's answer: its total and facets (the same for each
//! sort and page), and its page when ordered by a column; looked up before a search runs and
//! stored after.

use std::sync::Arc;

use tantivy::Searcher;

use super::request::{SearchQuery, Sort};
use crate::document::Departments;
use crate::engine::{CachedFacets, CachedPage, Live, SearchEngine};
use crate::hits::{FacetResult, Hits};

/// What a query's total and facets depend on: all of it but the sort, the page and the pins
/// (which order the page), with the synonym rules a keyword's search applies at its time
/// (`synonyms`: [`crate::synonyms::Synonyms::key_at`]). The department tree their labels come
/// from is checked apart.
fn facet_key(q: &SearchQuery, synonyms: &str) -> String {
    let SearchQuery {
        keyword,
        any_word,
        landing,
        departments: chosen,
        brands,
        attributes,
        price,
        availability,
        store,
        sort: _,
        offset: _,
        limit: _,
        pins: _,
        synonyms: _,
        at: _,
    } = q;
    format!(
        "{keyword:?}|{any_word}|{landing:?}|{chosen:?}|{brands:?}|{attributes:?}|{price:?}|{availability:?}|{store:?}|{synonyms}"
    )
}

/// What the live searcher keeps of a query's answer.
pub(super) struct Kept {
    generation: u64,
    facet_key: String,
    /// Whether the query has a keyword (scores order its page when sorted by relevance).
    pub(super) keyword: bool,
    /// The total and facets, if an earlier sort or page of the query counted them.
    pub(super) counts: Option<Arc<CachedFacets>>,
    /// Where its page is kept: only a page ordered by a column (not by scores, which the
    /// popularity and store boosts move between generations).
    page_key: Option<String>,
}

impl Kept {
    /// The whole answer, when both its counts and its page are kept.
    pub(super) fn answer(&self, live: &Live, departments: &Arc<Departments>) -> Option<Hits> {
        let (counts, key) = (self.counts.as_ref()?, self.page_key.as_ref()?);
        let page = live
            .pages
            .get(self.generation, key)
            .filter(|p| Arc::ptr_eq(&p.departments, departments))?;
        Some(Hits {
            ids: page.ids.clone(),
            total: counts.total,
            facets: counts.facets.clone(),
            pinned: page.pinned.clone(),
        })
    }

    /// Keeps the page, when ordered by a column.
    pub(super) fn keep_page(
        &mut self,
        live: &Live,
        ids: &[String],
        pinned: &[String],
        departments: &Arc<Departments>,
        entries: usize,
    ) {
        if let Some(key) = self.page_key.take() {
            live.pages.put(
                self.generation,
                key,
                CachedPage {
                    ids: ids.to_vec(),
                    pinned: pinned.to_vec(),
                    departments: departments.clone(),
                },
                entries,
            );
        }
    }

    /// Keeps the total and the facets.
    pub(super) fn keep_counts(
        self,
        live: &Live,
        total: u64,
        facets: &[FacetResult],
        departments: &Arc<Departments>,
        entries: usize,
    ) {
        live.facets.put(
            self.generation,
            self.facet_key,
            CachedFacets {
                total,
                facets: facets.to_vec(),
                departments: departments.clone(),
            },
            entries,
        );
    }
}

impl SearchEngine {
    pub(super) fn lookup(
        &self,
        live: &Live,
        searcher: &Searcher,
        departments: &Arc<Departments>,
        q: &SearchQuery,
    ) -> Kept {
        let generation = searcher.generation().generation_id();
        let keyword = q.keyword.as_deref().is_some_and(|k| !k.trim().is_empty());
        let rules = if keyword {
            let (synonyms, at) = self.synonyms_of(q);
            synonyms.key_at(at)
        } else {
            String::new()
        };
        let facet_key = facet_key(q, &rules);
        let keeping = self.facet_cache_entries() > 0;
        let counts = keeping
            .then(|| live.facets.get(generation, &facet_key))
            .flatten()
            .filter(|c| Arc::ptr_eq(&c.departments, departments));
        let page_key = (keeping && !(q.sort == Sort::Relevance && keyword)).then(|| {
            format!(
                "{facet_key}|{}|{}|{}|{}",
                q.sort.name(),
                q.offset,
                q.limit,
                q.pins.join(",")
            )
        });
        Kept {
            generation,
            facet_key,
            keyword,
            counts,
            page_key,
        }
    }

    /// The answer of `q` when the live index version has it kept, without running a search:
    /// a few map lookups, cheap enough for an async task (a department page shown again).
    pub fn kept(&self, q: &SearchQuery) -> Option<Hits> {
        let departments = self.departments();
        let live = self.live();
        let searcher = live.reader.searcher();
        self.lookup(&live, &searcher, &departments, q)
            .answer(&live, &departments)
    }
}

#[cfg(test)]
mod tests {
    use crate::document::ProductDoc;
    use crate::engine::SearchEngine;
    use crate::search::testing::product;

    #[test]
    fn a_sorted_listing_is_answered_again_until_the_index_changes() {
        use crate::search::{SearchQuery, Sort};
        let engine = SearchEngine::in_memory();
        let priced = |number: &str, name: &str, cents: i64| ProductDoc {
            price_cents: cents,
            ..product(number, name, "Acme")
        };
        engine.add_for_test(&[priced("1", "Rope", 900), priced("2", "Twine", 500)]);
        let by_price = |sort: Sort, offset: usize| {
            let q = SearchQuery {
                sort,
                offset,
                limit: 1,
                ..SearchQuery::default()
            };
            let hits = engine.search(&q).unwrap();
            (hits.ids, hits.total)
        };
        assert_eq!(by_price(Sort::PriceAsc, 0), (vec!["2".into()], 2));
        // Kept per sort and page: each is its own.
        assert_eq!(by_price(Sort::PriceDesc, 0), (vec!["1".into()], 2));
        assert_eq!(by_price(Sort::PriceAsc, 1), (vec!["1".into()], 2));
        assert_eq!(by_price(Sort::PriceAsc, 0), (vec!["2".into()], 2));
        // A cheaper product indexed: the next answer has it, not the kept page.
        engine.add_for_test(&[priced("3", "Wire", 100)]);
        assert_eq!(by_price(Sort::PriceAsc, 0), (vec!["3".into()], 3));
        assert_eq!(by_price(Sort::PriceDesc, 0), (vec!["1".into()], 3));
    }
}
