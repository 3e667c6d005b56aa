//! Searching the index: keyword and filters → one page of product numbers, the total, and
//! facet counts ([`SearchEngine::search`], its steps in the files below); autocomplete, "did you mean" and
//! products like a product. The schema's fields come from `schema.rs`, facet paths from
//! `facet_paths.rs`, the answer's types from `hits.rs`.
//!
//! * The keyword is split into words (odd characters are separators, never errors); each word
//!   matches by its stem in the text fields (with their boosts) or, when the catalog has no such
//!   word, forgiving typos by length (none for words with digits) in the name and brand; the synonym
//!   rules live at the query's time (the merchandisers' published set, `crate::synonyms`) let
//!   words match as their replacement; every word must
//!   match unless `any_word`. A keyword that is a product number (punctuation and case ignored)
//!   also matches that product, first.
//! * Facets are multi-select: the counts of a facet with selections are computed without its
//!   own selections (so the shopper can add more), with every other filter applied.
//! * The department facet is hierarchical: a parent matches its descendants; its values are
//!   the children of the one selected department, else of the landing page, else the top level.
//!
//! Files: `request` (what a search asks for), `build` and `keyword` (its query, over the
//! combinators of `clauses`), `kept` (answers kept per index version), `page` (the page and
//! its pins), `facets` (their counts, over the names of `facet_names`), `suggest`,
//! `did_you_mean`, `similar`.

mod build;
mod clauses;
mod did_you_mean;
mod facet_names;
mod facets;
mod kept;
mod keyword;
mod page;
mod request;
mod similar;
mod suggest;

use tantivy::collector::MultiCollector;

// The module's names as they were before it was split into files: callers outside the crate
// use `search_indexer::search::…`, `explain.rs` the `pub(crate)` ones.
pub use crate::facet_paths::{
    attribute_facet, attribute_name_facet, attribute_root, brand_facet, brand_root, department_root,
};
pub use crate::hits::{FacetResult, FacetValue, Hits};
pub use facet_names::{attribute_param, attribute_params};
pub use facets::{TOP_ATTRIBUTES, TOP_BRANDS, TOP_VALUES};
pub use keyword::{keyword_query, typo_distance};
pub use request::{Availability, SearchQuery, Sort};
pub use suggest::{suggest_query, Suggestions};

pub(crate) use build::{build, Dim};
pub(crate) use clauses::term;
pub(crate) use did_you_mean::edit_distance;
pub use keyword::MAX_WORDS;

use crate::engine::{SearchEngine, SearchError};
use facets::FacetPlan;
use page::{page_pass, with_pins};

impl SearchEngine {
    /// Runs a search: one page of product numbers in order, the total and the facets. An
    /// answer kept for the live index version is given again; else one pass over the matches
    /// takes the page, the total and the facets without selections, a search of its own each
    /// facet with one, and what can be kept is.
    pub fn search(&self, q: &SearchQuery) -> Result<Hits, SearchError> {
        let departments = self.departments();
        let live = self.live();
        let searcher = live.reader.searcher();
        let mut kept = self.lookup(&live, &searcher, &departments, q);
        if let Some(hits) = kept.answer(&live, &departments) {
            return Ok(hits);
        }
        let built = build(self, q, &departments);
        let plan = FacetPlan::new(self, &searcher, &departments, q)?;

        // One pass for the page, the total and the facets without selections.
        let main = built.query(None);
        let mut multi = MultiCollector::new();
        let collected = kept.counts.is_none().then(|| plan.collect(&mut multi, q));
        let pinned = self.eligible_pins(&searcher, &main, q)?;
        let (mut fruits, page) = page_pass(&searcher, &main, multi, q, kept.keyword, pinned.len())?;
        let ids = with_pins(self.product_ids(&searcher, page)?, &pinned, q);
        kept.keep_page(
            &live,
            &ids,
            &pinned,
            &departments,
            self.facet_cache_entries(),
        );
        let Some(collected) = collected else {
            let cached = kept.counts.expect("counted unless cached");
            return Ok(Hits {
                ids,
                total: cached.total,
                facets: cached.facets.clone(),
                pinned,
            });
        };

        let counts = collected.extract(&mut fruits, &searcher, &built, &plan)?;
        let facets = self.facets(&searcher, &built, q, &departments, &plan, &counts)?;
        kept.keep_counts(
            &live,
            counts.total,
            &facets,
            &departments,
            self.facet_cache_entries(),
        );
        Ok(Hits {
            ids,
            total: counts.total,
            facets,
            pinned,
        })
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use crate::document::ProductDoc;

    /// A product of the given number, name and brand (9.99, shipping, no department) for a test.
    pub(crate) fn product(number: &str, name: &str, brand: &str) -> ProductDoc {
        ProductDoc {
            blain_number: number.to_string(),
            name: name.to_string(),
            brand: brand.to_string(),
            description: String::new(),
            department_id: 0,
            department_path: vec![],
            price_cents: 999,
            attributes: vec![],
            ship_to_home: true,
            ecom_on_hand: 1,
            stores: vec![],
            rating: None,
            rating_count: 0,
            introduced_on: None,
        }
    }
}
