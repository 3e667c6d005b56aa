//! Item details (explain): why one product matches — or does not match — a search.
//!
//! * For every shopper: each word of the keyword (as the search splits it, synonym
//!   replacements included) with the fields of the product that hold it by its stem (name,
//!   brand, keywords = department names, attributes = attribute values, description), the
//!   words of the name or brand it matched with a typo forgiven, and whether the keyword is the
//!   product's number; whether the product matches the whole search, the keyword alone, and
//!   which filters leave it out.
//! * For staff (the caller decides): the score parts (tantivy's `Explanation` of the very
//!   query the search runs), the in-store boost, the product's pin on the query's board and
//!   the rules that applied.
//!
//! Words are matched against the product's text from the read model with the index's own
//! analysers; whether it matches is asked of the index with the search's own query.

use serde::Serialize;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, ConstScoreQuery, Occur, Query};
use tantivy::{DocAddress, Searcher, Term};

use crate::document::ProductDoc;
use crate::engine::{SearchEngine, SearchError};
use crate::schema::{normalize_number, stemmed_analyzer, tokens, words_analyzer};
use crate::search::{
    attribute_param, build, edit_distance, keyword_query, term, typo_distance, Dim, SearchQuery,
    Sort, MAX_WORDS,
};

/// The searchable text fields, as named in an explanation.
pub const TEXT_FIELDS: [&str; 5] = ["name", "brand", "keywords", "attributes", "description"];
/// The product number, as named in an explanation.
pub const NUMBER_FIELD: &str = "number";

/// A word of the product's name or brand that a keyword word matched with a typo forgiven.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Typo {
    #[schema(value_type = TypoField)]
    pub field: &'static str,
    pub word: String,
    pub edits: usize,
}

/// One word of the keyword and where the product holds it.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WordMatch {
    /// The word as searched (lower-cased, accents folded).
    pub word: String,
    /// What the text fields are searched for (its stem).
    pub stems: Vec<String>,
    /// For a synonym rule's replacement word: the keyword's words it stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub synonym_of: Option<String>,
    /// Fields holding the word by its stem (`number`: the keyword is the product's number).
    #[schema(value_type = Vec<ExplainField>)]
    pub fields: Vec<&'static str>,
    /// Words of the name or brand it matched with a typo forgiven (only for words the catalog
    /// does not hold).
    pub typos: Vec<Typo>,
    pub matched: bool,
}

/// The staff's part: score parts, pins and rules.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScoreParts {
    /// The product's score for this search (null when it does not match).
    #[schema(required)]
    pub score: Option<f32>,
    /// tantivy's explanation of the score (`description`, `value`, `details`, `context`).
    #[schema(required, value_type = Option<Object>)]
    pub explanation: Option<serde_json::Value>,
    /// Whether the score orders the results (relevance with a keyword) or a sort does.
    pub ranked_by_score: bool,
    /// The in-stock-at-my-store boost configured.
    pub store_boost: f32,
    /// The boost was added to this product's score (keyword, chosen store, in stock there).
    pub store_boost_applied: bool,
    /// Its pin on the query's board, when it has one.
    #[schema(required)]
    pub pin: Option<Pin>,
    /// The rules that applied, said for people.
    pub rules: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ExplainPin)]
pub struct Pin {
    /// Its place on the board (from 1).
    #[schema(minimum = 1)]
    pub position: usize,
    /// Its place at the top of the results (from 1); null when the pin does not hold its slot
    /// (it does not match, another sort, or out of stock at the chosen store and not shipping).
    #[schema(required, minimum = 1)]
    pub slot: Option<usize>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Explained {
    /// The index holds the product (a change can take a moment to reach it).
    pub in_index: bool,
    /// It is among this search's results.
    pub matched: bool,
    /// It matches the keyword alone (null without a keyword).
    #[schema(required)]
    pub keyword_matched: Option<bool>,
    /// The filters that leave it out: `lp` (the landing page), `department`, `brand`,
    /// `price`, `availability` or an attribute's URL name.
    pub failed_filters: Vec<String>,
    /// The keyword is its product number (punctuation and case ignored).
    pub number_matched: bool,
    pub words: Vec<WordMatch>,
    /// Only when asked for (staff).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub scores: Option<ScoreParts>,
}

/// A field of the product a word is found in (`number`: the product number).
// For the OpenAPI document only: `WordMatch::fields` holds text ([`TEXT_FIELDS`] and
// [`NUMBER_FIELD`]).
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ExplainField {
    Name,
    Brand,
    Keywords,
    Attributes,
    Description,
    Number,
}

/// A field a typo is forgiven in.
// For the OpenAPI document only: `Typo::field` is text.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum TypoField {
    Name,
    Brand,
}

/// The product's text, split by the index's analysers.
struct DocTokens {
    /// Stems per text field, in [`TEXT_FIELDS`] order.
    stems: [Vec<String>; 5],
    /// Unstemmed words of the name and of the brand (typo tolerance).
    name_words: Vec<String>,
    brand_words: Vec<String>,
}

impl DocTokens {
    fn of(doc: &ProductDoc) -> Self {
        let attributes: Vec<&str> = doc.attributes.iter().map(|(_, v)| v.as_str()).collect();
        let texts = [
            doc.name.clone(),
            doc.brand.clone(),
            doc.department_path.join(" "),
            attributes.join(" "),
            doc.description.clone(),
        ];
        Self {
            stems: texts.map(|t| tokens(stemmed_analyzer(), &t)),
            name_words: tokens(words_analyzer(), &doc.name),
            brand_words: tokens(words_analyzer(), &doc.brand),
        }
    }
}

fn dim_name(dim: &Dim) -> String {
    match dim {
        Dim::Department => "department".into(),
        Dim::Brand => "brand".into(),
        Dim::Attribute(name) => attribute_param(name),
        Dim::Price => "price".into(),
        Dim::Availability => "availability".into(),
    }
}

impl SearchEngine {
    /// Why `doc` matches `q` or not; with `scores`, the staff's part too.
    pub fn explain(
        &self,
        q: &SearchQuery,
        doc: &ProductDoc,
        scores: bool,
    ) -> Result<Explained, SearchError> {
        let f = &self.fields;
        let live = self.live();
        let searcher = live.reader.searcher();
        let (synonyms, at) = self.synonyms_of(q);
        let keyword = q
            .keyword
            .as_deref()
            .filter(|k| !k.trim().is_empty())
            .map(str::to_string);

        // The words, as the search reads them.
        let number = keyword.as_deref().map(normalize_number).unwrap_or_default();
        let number_matched = !number.is_empty() && number == normalize_number(&doc.blain_number);
        let tokens_of_doc = DocTokens::of(doc);
        let mut words = Vec::new();
        let mut rules = Vec::new();
        if let Some(keyword) = &keyword {
            let typed: Vec<String> = tokens(words_analyzer(), keyword)
                .into_iter()
                .take(MAX_WORDS)
                .collect();
            let mut i = 0;
            while i < typed.len() {
                match synonyms.rule_for(&typed[i..], at) {
                    Some(rule) => {
                        let (from, to) = (&rule.words, &rule.replacement);
                        for w in from {
                            words.push(self.word_match(&searcher, &tokens_of_doc, w, None));
                        }
                        let of = from.join(" ");
                        for w in to {
                            words.push(self.word_match(
                                &searcher,
                                &tokens_of_doc,
                                w,
                                Some(of.clone()),
                            ));
                        }
                        rules.push(format!("Synonym: '{of}' also matches '{}'.", to.join(" ")));
                        i += from.len();
                    }
                    None => {
                        words.push(self.word_match(&searcher, &tokens_of_doc, &typed[i], None));
                        i += 1;
                    }
                }
            }
            if number_matched {
                for w in words.iter_mut().filter(|w| w.synonym_of.is_none()) {
                    w.fields.push(NUMBER_FIELD);
                    w.matched = true;
                }
                rules.push("Product number: the keyword is this product's number, ranked first (boost ×1000).".into());
            }
            for w in &words {
                for t in &w.typos {
                    rules.push(format!(
                        "Typo tolerance: '{}' matched '{}' in the {} ({} edit{}).",
                        w.word,
                        t.word,
                        t.field,
                        t.edits,
                        if t.edits == 1 { "" } else { "s" }
                    ));
                }
            }
            if q.any_word {
                rules.push("Operator or: any word may match.".into());
            } else if words.len() > 1 {
                rules.push(
                    "Every word must match (a synonym's replacement may stand for its words)."
                        .into(),
                );
            }
        }

        // What the index says.
        let address = self.address_of(&searcher, &doc.blain_number)?;
        let departments = self.departments();
        let built = build(self, q, &departments);
        let main = built.query(None);
        let (mut matched, mut keyword_matched, mut failed) = (false, None, Vec::new());
        let mut explanation = None;
        let mut store_boost_applied = false;
        if let Some(address) = address {
            matched = self.holds(&searcher, &*main, &doc.blain_number)?;
            if let Some(k) = &keyword {
                keyword_matched = Some(self.holds(
                    &searcher,
                    &*keyword_query(self, k, q.any_word, (&synonyms, at)),
                    &doc.blain_number,
                )?);
            }
            if let Some(landing) = q.landing {
                let facet = term(Term::from_facet(f.department, &departments.facet(landing)));
                if !self.holds(&searcher, &*facet, &doc.blain_number)? {
                    failed.push("lp".to_string());
                }
            }
            for (dim, filter) in &built.filters {
                if !self.holds(&searcher, &**filter, &doc.blain_number)? {
                    failed.push(dim_name(dim));
                }
            }
            if scores {
                if matched {
                    explanation = Some(main.explain(&searcher, address)?);
                }
                let boost = self.store_boost();
                if let (Some(store), Some(_), true) = (q.store, &keyword, boost > 0.0) {
                    let at_store = term(Term::from_field_u64(f.stores, store.max(0) as u64));
                    store_boost_applied = self.holds(&searcher, &*at_store, &doc.blain_number)?;
                }
            }
        } else if keyword.is_some() {
            keyword_matched = Some(false);
        }
        let mut explained = Explained {
            in_index: address.is_some(),
            matched,
            keyword_matched,
            failed_filters: failed,
            number_matched,
            words,
            scores: None,
        };
        if !scores {
            return Ok(explained);
        }

        let boost = self.store_boost();
        match (q.store, &keyword) {
            (Some(store), Some(_)) if boost > 0.0 => rules.push(format!(
                "In-store boost: +{boost} for a match in stock at store {store}{}.",
                if store_boost_applied {
                    " (applied)"
                } else {
                    " (not in stock there: not applied)"
                }
            )),
            (None, Some(_)) if boost > 0.0 => {
                rules.push("In-store boost: none (no store chosen).".into())
            }
            _ => {}
        }
        let ranked_by_score = q.sort == Sort::Relevance && keyword.is_some();
        if !ranked_by_score {
            rules.push(match (q.sort, &keyword) {
                (Sort::Relevance, None) => "Order: by name (no keyword).".to_string(),
                (sort, _) => format!("Order: by {} (the score does not order).", sort.name()),
            });
        }
        let pin = match q.pins.iter().position(|p| *p == doc.blain_number) {
            Some(i) => {
                let holding = self.eligible_pins(&searcher, &*main, q)?;
                let slot = holding
                    .iter()
                    .position(|p| *p == doc.blain_number)
                    .map(|s| s + 1);
                rules.push(match slot {
                    Some(s) => format!("Pinned: position {} on the board, shown at slot {s}.", i + 1),
                    None => format!(
                        "Pinned: position {} on the board, not holding its slot (no match, another sort, or out of stock at the chosen store and not shipping).",
                        i + 1
                    ),
                });
                Some(Pin {
                    position: i + 1,
                    slot,
                })
            }
            None => None,
        };
        let explanation_json = match &explanation {
            Some(e) => Some(
                serde_json::to_value(e).map_err(|e| SearchError::Io(std::io::Error::other(e)))?,
            ),
            None => None,
        };
        explained.scores = Some(ScoreParts {
            score: explanation.as_ref().map(|e| e.value()),
            explanation: explanation_json,
            ranked_by_score,
            store_boost: boost,
            store_boost_applied,
            pin,
            rules,
        });
        Ok(explained)
    }

    /// Where the index holds a product.
    fn address_of(&self, searcher: &Searcher, id: &str) -> Result<Option<DocAddress>, SearchError> {
        let found = searcher.search(
            &*term(Term::from_field_text(self.fields.id, id)),
            &TopDocs::with_limit(1).order_by_score(),
        )?;
        Ok(found.into_iter().next().map(|(_, a)| a))
    }

    /// Whether the product matches `query` (in the index).
    fn holds(&self, searcher: &Searcher, query: &dyn Query, id: &str) -> Result<bool, SearchError> {
        let only = BooleanQuery::new(vec![
            (Occur::Must, query.box_clone()),
            (
                Occur::Must,
                Box::new(ConstScoreQuery::new(
                    term(Term::from_field_text(self.fields.id, id)),
                    0.0,
                )) as Box<dyn Query>,
            ),
        ]);
        Ok(searcher.search(&only, &Count)? > 0)
    }

    /// Where the product holds one word: by its stem in the text fields or, as the search does
    /// for a word the catalog lacks, with a typo in the words of the name or brand.
    fn word_match(
        &self,
        searcher: &Searcher,
        doc: &DocTokens,
        word: &str,
        synonym_of: Option<String>,
    ) -> WordMatch {
        let f = &self.fields;
        let stems = tokens(stemmed_analyzer(), word);
        let mut fields = Vec::new();
        for (i, name) in TEXT_FIELDS.iter().enumerate() {
            if stems.iter().any(|s| doc.stems[i].contains(s)) {
                fields.push(*name);
            }
        }
        // As `word_query`: a word the catalog holds (as typed, or its stem in a text field)
        // is taken as meant; only others are matched with typos.
        let mut known = searcher
            .doc_freq(&Term::from_field_text(f.words, word))
            .unwrap_or(0)
            > 0;
        for stem in &stems {
            for (field, _) in f.text_fields() {
                known |= searcher
                    .doc_freq(&Term::from_field_text(field, stem))
                    .unwrap_or(0)
                    > 0;
            }
        }
        let distance = if known {
            0
        } else {
            usize::from(typo_distance(word))
        };
        let mut typos = Vec::new();
        if distance > 0 {
            for (field, list) in [("name", &doc.name_words), ("brand", &doc.brand_words)] {
                for candidate in list.iter() {
                    let edits = edit_distance(word, candidate);
                    if edits <= distance
                        && !typos
                            .iter()
                            .any(|t: &Typo| t.field == field && t.word == *candidate)
                    {
                        typos.push(Typo {
                            field,
                            word: candidate.clone(),
                            edits,
                        });
                    }
                }
            }
        }
        WordMatch {
            matched: !fields.is_empty() || !typos.is_empty(),
            word: word.to_string(),
            stems,
            synonym_of,
            fields,
            typos,
        }
    }
}
