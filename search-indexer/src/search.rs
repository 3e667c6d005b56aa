//! Searching the index: keyword and filters → one page of product numbers, the total, and
//! facet counts. Query building is here; the schema's fields come from `schema.rs`.
//!
//! * The keyword is split into words (odd characters are separators, never errors); each word
//!   matches by its stem in the text fields (with their boosts) or, when the catalog has no such
//!   word, forgiving typos by length (none for words with digits) in the name and brand; synonym rules
//!   (`search-indexer/synonyms.txt`) let words match as their replacement; every word must
//!   match unless `any_word`. A keyword that is a product number (punctuation and case ignored)
//!   also matches that product, first.
//! * Facets are multi-select: the counts of a facet with selections are computed without its
//!   own selections (so the shopper can add more), with every other filter applied.
//! * The department facet is hierarchical: a parent matches its descendants; its values are
//!   the children of the one selected department, else of the landing page, else the top level.

use std::collections::{BTreeSet, HashMap};
use std::ops::Bound;
use std::sync::Arc;

use serde::Serialize;
use tantivy::collector::{Count, FacetCollector, FacetCounts, MultiCollector, TopDocs};
use tantivy::query::{
    AllQuery, BooleanQuery, BoostQuery, ConstScoreQuery, FuzzyTermQuery, Occur, Query, RangeQuery,
    TermQuery, TermSetQuery,
};
use tantivy::schema::{Facet, IndexRecordOption};
use tantivy::{DocAddress, Order, Searcher, Term};

use crate::document::Departments;
use crate::engine::{CachedFacets, CachedPage, SearchEngine, SearchError};
use crate::minmax::MinMax;
use crate::schema::{normalize_number, stemmed_analyzer, tokens, words_analyzer, WORD_START_MAX};

/// Brands listed in the brand facet (most products first; selected ones always).
pub const TOP_BRANDS: usize = 20;
/// Attribute facets shown (most products first; selected ones always).
pub const TOP_ATTRIBUTES: usize = 8;
/// Values listed per attribute facet.
pub const TOP_VALUES: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Sort {
    #[serde(rename = "relevance")]
    Relevance,
    #[serde(rename = "price-asc")]
    PriceAsc,
    #[serde(rename = "price-desc")]
    PriceDesc,
    #[serde(rename = "name")]
    Name,
    #[serde(rename = "brand")]
    Brand,
    /// Top rated: average review rating, then number of reviews; unrated last.
    #[serde(rename = "rating")]
    Rating,
    /// Newest first (the day the product came in); unknown days last.
    #[serde(rename = "newest")]
    Newest,
}

impl Sort {
    pub const ALL: [Sort; 7] = [
        Sort::Relevance,
        Sort::PriceAsc,
        Sort::PriceDesc,
        Sort::Name,
        Sort::Brand,
        Sort::Rating,
        Sort::Newest,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Sort::Relevance => "relevance",
            Sort::PriceAsc => "price-asc",
            Sort::PriceDesc => "price-desc",
            Sort::Name => "name",
            Sort::Brand => "brand",
            Sort::Rating => "rating",
            Sort::Newest => "newest",
        }
    }

    pub fn parse(text: &str) -> Option<Sort> {
        Sort::ALL.into_iter().find(|s| s.name() == text)
    }
}

/// Where an item can be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Availability {
    /// In stock at the visitor's store (pick up today).
    #[serde(rename = "store")]
    Store,
    /// Ships to home from the web warehouse.
    #[serde(rename = "ship")]
    Ship,
}

impl Availability {
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "store" => Some(Self::Store),
            "ship" => Some(Self::Ship),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SearchQuery {
    pub keyword: Option<String>,
    /// Any word may match (operator=or); by default every word must.
    pub any_word: bool,
    /// The landing page's department (a department listing).
    pub landing: Option<i32>,
    pub departments: Vec<i32>,
    pub brands: Vec<String>,
    /// (attribute name, values).
    pub attributes: Vec<(String, Vec<String>)>,
    /// Price range in cents, both ends included.
    pub price: Option<(u64, u64)>,
    pub availability: Vec<Availability>,
    /// The visitor's store (availability counts and filter).
    pub store: Option<i32>,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
    /// The board's pinned product numbers, in order (applied with the relevance sort).
    pub pins: Vec<String>,
}

impl Default for SearchQuery {
    fn default() -> Self {
        Self {
            keyword: None,
            any_word: false,
            landing: None,
            departments: vec![],
            brands: vec![],
            attributes: vec![],
            price: None,
            availability: vec![],
            store: None,
            sort: Sort::Relevance,
            offset: 0,
            limit: 60,
            pins: vec![],
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: u64,
    pub selected: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FacetResult {
    /// The URL parameter name.
    pub name: String,
    pub label: String,
    /// "hierarchy", "list" or "range".
    pub kind: &'static str,
    pub values: Vec<FacetValue>,
    /// Range facets: the lowest and highest value among the matches (without the facet's own
    /// selection), in the unit of the URL (dollars for price).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hits {
    pub ids: Vec<String>,
    pub total: u64,
    pub facets: Vec<FacetResult>,
    /// The pinned products shown at the top, in order.
    pub pinned: Vec<String>,
}

/// What a query's total and facets depend on: all of it but the sort, the page and the pins
/// (which order the page). The department tree their labels come from is checked apart.
fn facet_key(q: &SearchQuery) -> String {
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
    } = q;
    format!(
        "{keyword:?}|{any_word}|{landing:?}|{chosen:?}|{brands:?}|{attributes:?}|{price:?}|{availability:?}|{store:?}"
    )
}

/// The URL name of an attribute facet: "Group Size" → "group-size".
pub fn attribute_param(name: &str) -> String {
    command::catalog::slug(name)
}

/// The top of each facet field. tantivy 0.27 counts children of the root facet wrongly (distinct
/// terms, not documents), so every facet sits under a fixed first segment and counting never
/// starts at the root.
pub fn department_root() -> Facet {
    Facet::from_path(["d"])
}
pub fn brand_root() -> Facet {
    Facet::from_path(["b"])
}
pub fn attribute_root() -> Facet {
    Facet::from_path(["a"])
}
pub fn brand_facet(brand: &str) -> Facet {
    Facet::from_path(["b", brand])
}
pub fn attribute_name_facet(name: &str) -> Facet {
    Facet::from_path(["a", name])
}
pub fn attribute_facet(name: &str, value: &str) -> Facet {
    Facet::from_path(["a", name, value])
}

/// Names of the index's attribute facets (second level of `attribute_facet`, under `/a`).
fn attribute_names(
    engine: &SearchEngine,
    searcher: &Searcher,
) -> Result<Arc<BTreeSet<String>>, SearchError> {
    engine.attribute_names.get_or(searcher, || {
        facet_names(searcher, engine.fields.attribute_facet)
    })
}

/// Brands, each with its words as autocomplete compares them.
pub(crate) type BrandWords = Vec<(String, Vec<String>)>;

/// Every brand of the index, in order, with its words (a scan of the brand facet's terms, and
/// each brand split into words, once per set of segments).
fn brand_names(engine: &SearchEngine, searcher: &Searcher) -> Result<Arc<BrandWords>, SearchError> {
    engine.brand_names.get_or(searcher, || {
        Ok(facet_names(searcher, engine.fields.brand_facet)?
            .into_iter()
            .map(|brand| {
                let words = tokens(words_analyzer(), &brand);
                (brand, words)
            })
            .collect())
    })
}

/// The first level below a facet field's root (`/a/Tire Size/…` → "Tire Size"), from the term
/// dictionaries (facet terms are the path's segments joined by NUL).
fn facet_names(
    searcher: &Searcher,
    field: tantivy::schema::Field,
) -> Result<BTreeSet<String>, SearchError> {
    let mut names = BTreeSet::new();
    for segment in searcher.segment_readers() {
        let inverted = segment.inverted_index(field)?;
        let mut stream = inverted.terms().stream()?;
        while stream.advance() {
            let Some(first) = stream.key().split(|b| *b == 0).nth(1) else {
                continue;
            };
            if let Ok(name) = std::str::from_utf8(first) {
                if !name.is_empty() {
                    names.insert(name.to_string());
                }
            }
        }
    }
    Ok(names)
}

/// The index's attribute facets by their URL name (`tire-size` → `Tire Size`): one scan of
/// the facet terms, whatever the number of facets a URL names.
pub fn attribute_params(
    engine: &SearchEngine,
) -> Result<std::collections::HashMap<String, String>, SearchError> {
    let searcher = engine.live().reader.searcher();
    Ok(attribute_names(engine, &searcher)?
        .iter()
        .map(|name| (attribute_param(name), name.clone()))
        .collect())
}

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

pub(crate) fn term(q: Term) -> Box<dyn Query> {
    Box::new(TermQuery::new(q, IndexRecordOption::Basic))
}

fn any_of(queries: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(
        queries.into_iter().map(|q| (Occur::Should, q)).collect(),
    ))
}

pub(crate) fn build(engine: &SearchEngine, q: &SearchQuery, departments: &Departments) -> Built {
    let f = &engine.fields;
    let mut base: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if let Some(keyword) = q.keyword.as_deref().filter(|k| !k.trim().is_empty()) {
        base.push((Occur::Must, keyword_query(engine, keyword, q.any_word)));
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

/// Most words of a keyword used.
pub(crate) const MAX_WORDS: usize = 16;

/// Synonym rules from `search-indexer/synonyms.txt`: (words, replacement words).
pub(crate) fn synonyms() -> &'static [(Vec<String>, Vec<String>)] {
    static RULES: std::sync::OnceLock<Vec<(Vec<String>, Vec<String>)>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        include_str!("../synonyms.txt")
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim())
            .filter_map(|l| l.split_once("=>"))
            .map(|(a, b)| (tokens(words_analyzer(), a), tokens(words_analyzer(), b)))
            .filter(|(a, b)| !a.is_empty() && !b.is_empty())
            .collect()
    })
}

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
fn word_in(
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

fn all_of(queries: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(
        queries.into_iter().map(|q| (Occur::Must, q)).collect(),
    ))
}

/// The keyword's query: every word must match (any word with `any_word`); a synonym rule's
/// words may match as its replacement; a keyword that is a product number (punctuation and case
/// ignored) also matches that product, ranked first.
pub fn keyword_query(engine: &SearchEngine, keyword: &str, any_word: bool) -> Box<dyn Query> {
    let f = &engine.fields;
    let words: Vec<String> = tokens(words_analyzer(), keyword)
        .into_iter()
        .take(MAX_WORDS)
        .collect();
    let mut clauses: Vec<Box<dyn Query>> = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let rule = synonyms()
            .iter()
            .filter(|(from, _)| words[i..].starts_with(from))
            .max_by_key(|(from, _)| from.len());
        match rule {
            Some((from, to)) => {
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

fn availability_query(
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

fn facet_values(counts: &FacetCounts, parent: &Facet) -> Vec<(String, u64)> {
    counts
        .get(parent.clone())
        .filter_map(|(facet, count)| {
            let last = facet.to_path().last().map(|s| s.to_string())?;
            Some((last, count))
        })
        .collect()
}

fn cents_to_dollars(cents: u64) -> f64 {
    cents as f64 / 100.0
}

/// What the live searcher keeps of a query's answer.
struct Kept {
    generation: u64,
    facet_key: String,
    /// Whether the query has a keyword (scores order its page when sorted by relevance).
    keyword: bool,
    /// The total and facets, if an earlier sort or page of the query counted them.
    counts: Option<Arc<CachedFacets>>,
    /// Where its page is kept: only a page ordered by a column (not by scores, which the
    /// popularity and store boosts move between generations).
    page_key: Option<String>,
}

impl Kept {
    /// The whole answer, when both its counts and its page are kept.
    fn answer(&self, live: &crate::engine::Live, departments: &Arc<Departments>) -> Option<Hits> {
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
}

impl SearchEngine {
    fn lookup(
        &self,
        live: &crate::engine::Live,
        searcher: &Searcher,
        departments: &Arc<Departments>,
        q: &SearchQuery,
    ) -> Kept {
        let generation = searcher.generation().generation_id();
        let facet_key = facet_key(q);
        let keeping = self.facet_cache_entries() > 0;
        let counts = keeping
            .then(|| live.facets.get(generation, &facet_key))
            .flatten()
            .filter(|c| Arc::ptr_eq(&c.departments, departments));
        let keyword = q.keyword.as_deref().is_some_and(|k| !k.trim().is_empty());
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

    /// Runs a search: one page of product numbers in order, the total and the facets.
    pub fn search(&self, q: &SearchQuery) -> Result<Hits, SearchError> {
        let departments = self.departments();
        let live = self.live();
        let searcher = live.reader.searcher();
        let kept = self.lookup(&live, &searcher, &departments, q);
        if let Some(hits) = kept.answer(&live, &departments) {
            return Ok(hits);
        }
        let Kept {
            generation,
            facet_key,
            keyword,
            counts: cached,
            page_key,
        } = kept;
        let built = build(self, q, &departments);

        // The department facet lists the children of…
        let parent_department = match q.departments.as_slice() {
            [one] => Some(*one),
            _ => q.landing,
        };
        let department_parent =
            parent_department.map_or_else(department_root, |d| departments.facet(d));
        let names = attribute_names(self, &searcher)?;
        let counting = cached.is_none();

        // One pass for the page, the total and the facets without selections.
        let main = built.query(None);
        let mut multi = MultiCollector::new();
        let count = counting.then(|| multi.add_collector(Count));
        let mut department_collector = FacetCollector::for_field("department");
        department_collector.add_facet(department_parent.clone());
        let department_counts = (counting && q.departments.len() <= 1)
            .then(|| multi.add_collector(department_collector));
        let brand_counts = (counting && q.brands.is_empty()).then(|| {
            let mut c = FacetCollector::for_field("brand_facet");
            c.add_facet(brand_root());
            multi.add_collector(c)
        });
        // The values of the attributes without a selection (the names' counts are their sums:
        // one pass over the attribute column, not two).
        let selected_attributes: Vec<&String> = q.attributes.iter().map(|(n, _)| n).collect();
        let unselected: Vec<&String> = names
            .iter()
            .filter(|n| !selected_attributes.contains(n))
            .collect();
        let attribute_counts = (counting && !unselected.is_empty()).then(|| {
            let mut c = FacetCollector::for_field("attribute_facet");
            for name in &unselected {
                c.add_facet(attribute_name_facet(name));
            }
            multi.add_collector(c)
        });
        let price_bounds = (counting && q.price.is_none())
            .then(|| multi.add_collector(MinMax::for_field("price")));
        let pinned = self.eligible_pins(&searcher, &main, q)?;
        // With pins, rank from the top and place them before the page is cut.
        let (offset, limit) = if pinned.is_empty() {
            (q.offset, q.limit.max(1))
        } else {
            (0, q.offset + q.limit.max(1) + pinned.len())
        };
        let top = TopDocs::with_limit(limit).and_offset(offset);
        let (mut fruits, page): (_, Vec<DocAddress>) = match (q.sort, keyword) {
            (Sort::Relevance, true) => {
                let (fruits, docs) = searcher.search(&main, &(multi, top.order_by_score()))?;
                (fruits, docs.into_iter().map(|(_, d)| d).collect())
            }
            (Sort::PriceAsc | Sort::PriceDesc | Sort::Rating | Sort::Newest, _) => {
                let (field, order) = match q.sort {
                    Sort::PriceAsc => ("price", Order::Asc),
                    Sort::PriceDesc => ("price", Order::Desc),
                    Sort::Rating => ("rating", Order::Desc),
                    _ => ("newness", Order::Desc),
                };
                let (fruits, docs) = searcher.search(
                    &main,
                    &(multi, top.order_by_fast_field::<u64>(field, order)),
                )?;
                (fruits, docs.into_iter().map(|(_, d)| d).collect())
            }
            (Sort::Brand, _) => {
                let (fruits, docs) = searcher.search(
                    &main,
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
                    &main,
                    &(
                        multi,
                        top.order_by_string_fast_field("name_sort", Order::Asc),
                    ),
                )?;
                (fruits, docs.into_iter().map(|(_, d)| d).collect())
            }
        };
        let mut ids = self.product_ids(&searcher, page)?;
        if !pinned.is_empty() {
            let ranked = ids.into_iter().filter(|id| !pinned.contains(id));
            let all: Vec<String> = pinned.iter().cloned().chain(ranked).collect();
            ids = all
                .into_iter()
                .skip(q.offset)
                .take(q.limit.max(1))
                .collect();
        }
        if let Some(key) = page_key {
            live.pages.put(
                generation,
                key,
                CachedPage {
                    ids: ids.clone(),
                    pinned: pinned.clone(),
                    departments: departments.clone(),
                },
                self.facet_cache_entries(),
            );
        }
        let Some(count) = count else {
            let cached = cached.expect("counted unless cached");
            return Ok(Hits {
                ids,
                total: cached.total,
                facets: cached.facets.clone(),
                pinned,
            });
        };
        let total = count.extract(&mut fruits) as u64;
        let department_counts = match department_counts {
            Some(handle) => handle.extract(&mut fruits),
            None => {
                let mut c = FacetCollector::for_field("department");
                c.add_facet(department_parent.clone());
                searcher.search(&built.query(Some(&Dim::Department)), &c)?
            }
        };
        let brand_counts = match brand_counts {
            Some(handle) => handle.extract(&mut fruits),
            None => {
                let mut c = FacetCollector::for_field("brand_facet");
                c.add_facet(brand_root());
                searcher.search(&built.query(Some(&Dim::Brand)), &c)?
            }
        };
        let attribute_counts = attribute_counts.map(|h| h.extract(&mut fruits));
        let price_bounds = match price_bounds {
            Some(handle) => handle.extract(&mut fruits),
            None => {
                searcher.search(&built.query(Some(&Dim::Price)), &MinMax::for_field("price"))?
            }
        };

        let mut facets = Vec::new();
        // Departments.
        let selected: Vec<String> = q.departments.iter().map(i32::to_string).collect();
        let mut values: Vec<FacetValue> = facet_values(&department_counts, &department_parent)
            .into_iter()
            .filter_map(|(id, count)| {
                let d = departments.by_id.get(&id.parse::<i32>().ok()?)?;
                Some(FacetValue {
                    selected: selected.contains(&id),
                    value: id,
                    label: d.name.clone(),
                    count,
                    url: Some(d.url.clone()),
                })
            })
            .collect();
        values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
        for id in &q.departments {
            if !values.iter().any(|v| v.value == id.to_string()) {
                if let Some(d) = departments.by_id.get(id) {
                    values.insert(
                        0,
                        FacetValue {
                            value: id.to_string(),
                            label: d.name.clone(),
                            count: 0,
                            selected: true,
                            url: Some(d.url.clone()),
                        },
                    );
                }
            }
        }
        facets.push(FacetResult {
            name: "department".into(),
            label: "Department".into(),
            kind: "hierarchy",
            values,
            min: None,
            max: None,
        });
        // Brands.
        facets.push(list_facet(
            "brand",
            "Brand",
            facet_values(&brand_counts, &brand_root()),
            &q.brands,
            TOP_BRANDS,
        ));
        // Attributes: those most products have, selected ones always. An attribute's count is
        // the sum of its values' (a product has one value per attribute); a selected one is
        // held by every match.
        let mut by_count: Vec<(String, u64)> = names
            .iter()
            .filter_map(|name| {
                let n = if selected_attributes.contains(&name) {
                    total
                } else {
                    attribute_counts
                        .as_ref()
                        .map(|c| {
                            facet_values(c, &attribute_name_facet(name))
                                .iter()
                                .map(|(_, n)| n)
                                .sum()
                        })
                        .unwrap_or(0)
                };
                (n > 0).then(|| (name.clone(), n))
            })
            .collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut shown: Vec<String> = by_count
            .iter()
            .take(TOP_ATTRIBUTES)
            .map(|(n, _)| n.clone())
            .collect();
        for (name, _) in &q.attributes {
            if !shown.contains(name) {
                shown.push(name.clone());
            }
        }
        for name in shown {
            let parent = attribute_name_facet(&name);
            let selected: Vec<String> = q
                .attributes
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            let counts = if selected.is_empty() {
                attribute_counts
                    .as_ref()
                    .map(|c| facet_values(c, &parent))
                    .unwrap_or_default()
            } else {
                let mut c = FacetCollector::for_field("attribute_facet");
                c.add_facet(parent.clone());
                let counts =
                    searcher.search(&built.query(Some(&Dim::Attribute(name.clone()))), &c)?;
                facet_values(&counts, &parent)
            };
            facets.push(list_facet(
                &attribute_param(&name),
                &name,
                counts,
                &selected,
                TOP_VALUES,
            ));
        }
        // Availability, with the visitor's store.
        let mut values = Vec::new();
        let without = built.query(Some(&Dim::Availability));
        for a in [Availability::Store, Availability::Ship] {
            let Some(filter) = availability_query(self, a, q.store) else {
                continue;
            };
            let query = BooleanQuery::new(vec![
                (Occur::Must, without.box_clone()),
                (Occur::Must, filter),
            ]);
            let count = searcher.search(&query, &Count)? as u64;
            values.push(FacetValue {
                value: match a {
                    Availability::Store => "store".into(),
                    Availability::Ship => "ship".into(),
                },
                label: match a {
                    Availability::Store => "Pick up today at my store".into(),
                    Availability::Ship => "Ships to home".into(),
                },
                count,
                selected: q.availability.contains(&a),
                url: None,
            });
        }
        facets.push(FacetResult {
            name: "availability".into(),
            label: "Availability".into(),
            kind: "list",
            values,
            min: None,
            max: None,
        });
        // Price.
        facets.push(FacetResult {
            name: "price".into(),
            label: "Price".into(),
            kind: "range",
            values: vec![],
            min: price_bounds.map(|(lo, _)| cents_to_dollars(lo)),
            max: price_bounds.map(|(_, hi)| cents_to_dollars(hi)),
        });
        live.facets.put(
            generation,
            facet_key,
            CachedFacets {
                total,
                facets: facets.clone(),
                departments: departments.clone(),
            },
            self.facet_cache_entries(),
        );
        Ok(Hits {
            ids,
            total,
            facets,
            pinned,
        })
    }

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

fn list_facet(
    name: &str,
    label: &str,
    counts: Vec<(String, u64)>,
    selected: &[String],
    top: usize,
) -> FacetResult {
    let mut counts: HashMap<String, u64> = counts.into_iter().collect();
    let mut values: Vec<FacetValue> = counts
        .iter()
        .map(|(value, count)| FacetValue {
            value: value.clone(),
            label: value.clone(),
            count: *count,
            selected: selected.contains(value),
            url: None,
        })
        .collect();
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.label.cmp(&b.label)));
    let mut kept: Vec<FacetValue> = Vec::with_capacity(top);
    for (i, v) in values.into_iter().enumerate() {
        if i < top || v.selected {
            kept.push(v);
        }
    }
    // A selected value no product has any more still shows (with 0), so it can be removed.
    for s in selected {
        if counts.remove(s).is_none() && !kept.iter().any(|v| &v.value == s) {
            kept.push(FacetValue {
                value: s.clone(),
                label: s.clone(),
                count: 0,
                selected: true,
                url: None,
            });
        }
    }
    FacetResult {
        name: name.to_string(),
        label: label.to_string(),
        kind: "list",
        values: kept,
        min: None,
        max: None,
    }
}

impl SearchEngine {
    /// Products like `doc` (tantivy's more-like-this over its name, brand, department names
    /// and attribute values), best first, never the product itself.
    pub fn more_like_this(
        &self,
        doc: &crate::document::ProductDoc,
        limit: usize,
    ) -> Result<Vec<String>, SearchError> {
        use tantivy::query::MoreLikeThisQuery;
        use tantivy::schema::OwnedValue;
        let f = &self.fields;
        let text = |s: String| vec![OwnedValue::Str(s)];
        let attributes: Vec<&str> = doc.attributes.iter().map(|(_, v)| v.as_str()).collect();
        let mlt = MoreLikeThisQuery::builder()
            .with_min_doc_frequency(1)
            .with_min_term_frequency(1)
            .with_max_query_terms(25)
            .with_min_word_length(2)
            .with_boost_factor(1.0)
            .with_document_fields(vec![
                (f.name, text(doc.name.clone())),
                (f.brand, text(doc.brand.clone())),
                (f.keywords, text(doc.department_path.join(" "))),
                (f.attributes, text(attributes.join(" "))),
            ]);
        let query = BooleanQuery::new(vec![
            (Occur::Must, Box::new(mlt) as Box<dyn Query>),
            (
                Occur::MustNot,
                term(Term::from_field_text(f.id, &doc.blain_number)),
            ),
        ]);
        let live = self.live();
        let searcher = live.reader.searcher();
        let top = searcher.search(&query, &TopDocs::with_limit(limit.max(1)).order_by_score())?;
        self.product_ids(&searcher, top.into_iter().map(|(_, a)| a))
    }
}

/// Edits between two words, by characters, a swap of neighbours counting one (optimal string
/// alignment: the same measure as the typo tolerance's).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

impl SearchEngine {
    /// For a keyword that found nothing: the keyword with each word the catalog lacks replaced
    /// by the catalog's nearest word (up to 1 edit for words of 3–4 letters, 2 above; same
    /// first letter; the word most products have wins a tie), when that keyword finds
    /// something. Words with digits are never changed.
    pub fn did_you_mean(&self, keyword: &str) -> Result<Option<String>, SearchError> {
        let words: Vec<String> = tokens(words_analyzer(), keyword)
            .into_iter()
            .take(MAX_WORDS)
            .collect();
        let live = self.live();
        let searcher = live.reader.searcher();
        let mut changed = false;
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            let known = searcher.doc_freq(&Term::from_field_text(self.fields.words, &w))? > 0;
            let letters = w.chars().count();
            if known || letters < 3 || w.chars().any(|c| c.is_ascii_digit()) {
                out.push(w);
                continue;
            }
            match self.nearest_word(&searcher, &w, if letters <= 4 { 1 } else { 2 })? {
                Some(better) => {
                    out.push(better);
                    changed = true;
                }
                None => out.push(w),
            }
        }
        if !changed {
            return Ok(None);
        }
        let suggestion = out.join(" ");
        let found = searcher.search(&*keyword_query(self, &suggestion, false), &Count)?;
        Ok((found > 0).then_some(suggestion))
    }

    fn nearest_word(
        &self,
        searcher: &Searcher,
        word: &str,
        max: usize,
    ) -> Result<Option<String>, SearchError> {
        let Some(first) = word.chars().next() else {
            return Ok(None);
        };
        let low = first.to_string();
        let high = char::from_u32(first as u32 + 1).map(|c| c.to_string());
        let mut best: Option<(usize, std::cmp::Reverse<u32>, String)> = None;
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.words)?;
            let mut range = inverted.terms().range().ge(low.as_bytes());
            if let Some(high) = &high {
                range = range.lt(high.as_bytes());
            }
            let mut stream = range.into_stream()?;
            while stream.advance() {
                let Ok(candidate) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                if candidate.chars().count().abs_diff(word.chars().count()) > max {
                    continue;
                }
                let distance = edit_distance(word, candidate);
                if distance == 0 || distance > max {
                    continue;
                }
                let key = (
                    distance,
                    std::cmp::Reverse(stream.value().doc_freq),
                    candidate.to_string(),
                );
                if best.as_ref().is_none_or(|b| key < *b) {
                    best = Some(key);
                }
            }
        }
        Ok(best.map(|(_, _, w)| w))
    }
}

#[cfg(test)]
mod did_you_mean_tests {
    use super::edit_distance;

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("chraegr", "charger"), 2);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("wire", "tire"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("flashlite", "flashlight"), 3);
    }
}

#[cfg(test)]
mod suggest_tests {
    use crate::document::ProductDoc;
    use crate::engine::SearchEngine;

    fn product(number: &str, name: &str, brand: &str) -> ProductDoc {
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
