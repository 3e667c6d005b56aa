//! A search's query ([`build`]): the base (the keyword with its ranking boosts, the landing
//! department) and one filter per facet dimension, kept apart so each facet can be counted
//! without its own selection.

use std::ops::Bound;

use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, Occur, Query, RangeQuery, TermSetQuery,
};
use tantivy::Term;

use super::clauses::{any_of, term};
use super::keyword::keyword_query;
use super::request::{Availability, SearchQuery};
use crate::document::Departments;
use crate::engine::SearchEngine;
use crate::facet_paths::{attribute_facet, brand_facet};

/// Which filter a clause belongs to (its own facet's counts leave it out).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Dim {
    Department,
    Brand,
    Attribute(String),
    Price,
    Availability,
}

pub(crate) struct Built {
    pub(crate) base: Box<dyn Query>,
    pub(crate) filters: Vec<(Dim, Box<dyn Query>)>,
}

impl Built {
    /// The base query with every filter but `except`'s.
    pub(crate) fn query(&self, except: Option<&Dim>) -> Box<dyn Query> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, self.base.box_clone())];
        for (dim, q) in &self.filters {
            if Some(dim) != except {
                clauses.push((Occur::Must, q.box_clone()));
            }
        }
        Box::new(BooleanQuery::new(clauses))
    }
}

pub(crate) fn build(engine: &SearchEngine, q: &SearchQuery, departments: &Departments) -> Built {
    let f = &engine.fields;
    let mut base: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if let Some(keyword) = q.keyword.as_deref().filter(|k| !k.trim().is_empty()) {
        let (synonyms, at) = engine.synonyms_of(q);
        base.push((
            Occur::Must,
            keyword_query(engine, keyword, q.any_word, (&synonyms, at)),
        ));
        // In stock at the visitor's store: a constant added to the match's score (ranking only;
        // it never changes what matches, so counts are unaffected).
        let boost = engine.store_boost();
        if let (Some(store), true) = (q.store, boost > 0.0) {
            base.push((
                Occur::Should,
                Box::new(ConstScoreQuery::new(
                    term(Term::from_field_u64(f.stores, store.max(0) as u64)),
                    boost,
                )),
            ));
        }
        // Popular products (analytics): likewise a constant per tier, ranking only.
        for (ids, weight) in engine.popular_tiers().iter() {
            base.push((
                Occur::Should,
                Box::new(ConstScoreQuery::new(
                    Box::new(TermSetQuery::new(ids.iter().cloned())),
                    *weight,
                )),
            ));
        }
    }
    if let Some(landing) = q.landing {
        base.push((
            Occur::Must,
            term(Term::from_facet(f.department, &departments.facet(landing))),
        ));
    }
    let base: Box<dyn Query> = if base.is_empty() {
        Box::new(AllQuery)
    } else {
        Box::new(BooleanQuery::new(base))
    };

    let mut filters: Vec<(Dim, Box<dyn Query>)> = Vec::new();
    if !q.departments.is_empty() {
        let clauses = q
            .departments
            .iter()
            .map(|d| term(Term::from_facet(f.department, &departments.facet(*d))))
            .collect();
        filters.push((Dim::Department, any_of(clauses)));
    }
    if !q.brands.is_empty() {
        let clauses = q
            .brands
            .iter()
            .map(|b| term(Term::from_facet(f.brand_facet, &brand_facet(b))))
            .collect();
        filters.push((Dim::Brand, any_of(clauses)));
    }
    for (name, values) in &q.attributes {
        let clauses = values
            .iter()
            .map(|v| {
                term(Term::from_facet(
                    f.attribute_facet,
                    &attribute_facet(name, v),
                ))
            })
            .collect();
        filters.push((Dim::Attribute(name.clone()), any_of(clauses)));
    }
    if let Some((lo, hi)) = q.price {
        filters.push((
            Dim::Price,
            Box::new(RangeQuery::new(
                Bound::Included(Term::from_field_u64(f.price, lo)),
                Bound::Included(Term::from_field_u64(f.price, hi)),
            )),
        ));
    }
    if !q.availability.is_empty() {
        let clauses: Vec<Box<dyn Query>> = q
            .availability
            .iter()
            .filter_map(|a| availability_query(engine, *a, q.store))
            .collect();
        // Asking for pickup without a chosen store matches nothing.
        filters.push((Dim::Availability, any_of(clauses)));
    }
    Built { base, filters }
}

/// The filter of one availability choice (pickup needs the visitor's store).
pub(super) fn availability_query(
    engine: &SearchEngine,
    a: Availability,
    store: Option<i32>,
) -> Option<Box<dyn Query>> {
    let f = &engine.fields;
    match a {
        Availability::Store => store.map(|s| term(Term::from_field_u64(f.stores, s.max(0) as u64))),
        Availability::Ship => Some(term(Term::from_field_u64(f.ships, 1))),
    }
}
