//! The names in the index's facet fields, read from their terms and kept until the segments
//! change: the attribute names (and their URL names), the brands with their words.

use std::collections::BTreeSet;
use std::sync::Arc;

use tantivy::Searcher;

use crate::engine::{BrandWords, SearchEngine, SearchError};
use crate::schema::{tokens, words_analyzer};

/// The URL name of an attribute facet: "Group Size" → "group-size".
pub fn attribute_param(name: &str) -> String {
    command::catalog::slug(name)
}

/// Names of the index's attribute facets (second level of `attribute_facet`, under `/a`).
pub(super) fn attribute_names(
    engine: &SearchEngine,
    searcher: &Searcher,
) -> Result<Arc<BTreeSet<String>>, SearchError> {
    engine.attribute_names.get_or(searcher, || {
        facet_names(searcher, engine.fields.attribute_facet)
    })
}

/// Every brand of the index, in order, with its words (a scan of the brand facet's terms, and
/// each brand split into words, once per set of segments).
pub(super) fn brand_names(
    engine: &SearchEngine,
    searcher: &Searcher,
) -> Result<Arc<BrandWords>, SearchError> {
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
