//! Paging: one page of the matches in the query's sort, with the board's pins placed first.

use tantivy::collector::{MultiCollector, MultiFruit, TopDocs};
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::{DocAddress, Order, Searcher, Term};

use super::build::availability_query;
use super::clauses::{any_of, term};
use super::request::{Availability, SearchQuery, Sort};
use crate::engine::{SearchEngine, SearchError};

/// The main pass: the page of `main`'s matches in `q`'s sort (by score only for a keyword
/// sorted by relevance), with `multi` collecting alongside. With `pins`, it ranks from the top
/// so [`with_pins`] can place them before the page is cut.
pub(super) fn page_pass(
    searcher: &Searcher,
    main: &dyn Query,
    multi: MultiCollector<'_>,
    q: &SearchQuery,
    keyword: bool,
    pins: usize,
) -> Result<(MultiFruit, Vec<DocAddress>), SearchError> {
    // With pins, rank from the top and place them before the page is cut.
    let (offset, limit) = if pins == 0 {
        (q.offset, q.limit.max(1))
    } else {
        (0, q.offset + q.limit.max(1) + pins)
    };
    let top = TopDocs::with_limit(limit).and_offset(offset);
    Ok(match (q.sort, keyword) {
        (Sort::Relevance, true) => {
            let (fruits, docs) = searcher.search(main, &(multi, top.order_by_score()))?;
            (fruits, docs.into_iter().map(|(_, d)| d).collect())
        }
        (Sort::PriceAsc | Sort::PriceDesc | Sort::Rating | Sort::Newest, _) => {
            let (field, order) = match q.sort {
                Sort::PriceAsc => ("price", Order::Asc),
                Sort::PriceDesc => ("price", Order::Desc),
                Sort::Rating => ("rating", Order::Desc),
                _ => ("newness", Order::Desc),
            };
            let (fruits, docs) =
                searcher.search(main, &(multi, top.order_by_fast_field::<u64>(field, order)))?;
            (fruits, docs.into_iter().map(|(_, d)| d).collect())
        }
        (Sort::Brand, _) => {
            let (fruits, docs) = searcher.search(
                main,
                &(
                    multi,
                    top.order_by_string_fast_field("brand_sort", Order::Asc),
                ),
            )?;
            (fruits, docs.into_iter().map(|(_, d)| d).collect())
        }
        // Name, and relevance without a keyword (a department listing): by name.
        _ => {
            let (fruits, docs) = searcher.search(
                main,
                &(
                    multi,
                    top.order_by_string_fast_field("name_sort", Order::Asc),
                ),
            )?;
            (fruits, docs.into_iter().map(|(_, d)| d).collect())
        }
    })
}

/// The page of `q` from the ranked `ids`: as they are without pins; with pins (the ids then
/// ranked from the top), the pins first in order, then the others, cut to the page.
pub(super) fn with_pins(ids: Vec<String>, pinned: &[String], q: &SearchQuery) -> Vec<String> {
    if pinned.is_empty() {
        return ids;
    }
    let ranked = ids.into_iter().filter(|id| !pinned.contains(id));
    let all: Vec<String> = pinned.iter().cloned().chain(ranked).collect();
    all.into_iter()
        .skip(q.offset)
        .take(q.limit.max(1))
        .collect()
}

impl SearchEngine {
    /// The pins that keep their slot: those matching the search and its filters, and — with a
    /// chosen store — in stock there or shipping to home (a pin out of stock at the shopper's
    /// store that cannot ship would only disappoint). Only with the relevance sort.
    pub(crate) fn eligible_pins(
        &self,
        searcher: &Searcher,
        main: &dyn Query,
        q: &SearchQuery,
    ) -> Result<Vec<String>, SearchError> {
        if q.pins.is_empty() || q.sort != Sort::Relevance {
            return Ok(vec![]);
        }
        let f = &self.fields;
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![
            (Occur::Must, main.box_clone()),
            (
                Occur::Must,
                any_of(
                    q.pins
                        .iter()
                        .map(|p| term(Term::from_field_text(f.id, p)))
                        .collect(),
                ),
            ),
        ];
        if let Some(store) = q.store {
            let available = [Availability::Store, Availability::Ship]
                .into_iter()
                .filter_map(|a| availability_query(self, a, Some(store)))
                .collect();
            clauses.push((Occur::Must, any_of(available)));
        }
        let docs = searcher.search(
            &BooleanQuery::new(clauses),
            &TopDocs::with_limit(q.pins.len()).order_by_score(),
        )?;
        let found: std::collections::HashSet<String> = self
            .product_ids(searcher, docs.into_iter().map(|(_, a)| a))?
            .into_iter()
            .collect();
        Ok(q.pins
            .iter()
            .filter(|p| found.contains(*p))
            .cloned()
            .collect())
    }
}
