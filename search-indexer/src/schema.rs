//! The index schema, as data in one place: every field, what it is for, how it is analysed.
//! Query building (`search.rs`) and document building (`document.rs`) take field handles from
//! here and nothing else.

use tantivy::schema::{
    FacetOptions, Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions,
    FAST, INDEXED, STORED, STRING,
};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, NgramTokenizer, RemoveLongFilter, SimpleTokenizer,
    Stemmer, TextAnalyzer, WhitespaceTokenizer,
};
use tantivy::Index;

/// English text: split on non-alphanumerics, lower-cased, accents folded, stemmed.
pub const STEMMED: &str = "en_stem_folded";
/// Whole-name prefixes ("pir", "pire", …) for autocomplete.
pub const PREFIX: &str = "edge_ngram";
/// Words as typed: split, lower-cased, accents folded, not stemmed (typo tolerance, prefixes).
pub const WORDS: &str = "words_folded";
/// Word starts as [`word_starts`] writes them: split on spaces only.
pub const STARTS: &str = "word_starts";

/// The longest word start indexed: a last word typed this short is looked up as one term.
pub const WORD_START_MAX: usize = 3;

/// How a field is indexed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// Stemmed full text with term frequencies, weighted by `boost` in keyword search. No
    /// positions: no query here matches phrases (they were 15 MB at a million products).
    Text { boost: f32 },
    /// Edge n-grams of the whole value.
    Prefix,
    /// Unstemmed words (typo tolerance and word prefixes).
    Words,
    /// The first 1 to [`WORD_START_MAX`] characters of each word, as terms.
    Starts,
    /// One exact token (ids); stored so results can name the product.
    Exact,
    /// A hierarchical facet (`/a/b/c`).
    Facet,
    /// An unsigned number: filterable (indexed) and sortable / aggregatable (fast).
    Number,
    /// Text kept as one value in a fast column (sorting by name or brand).
    SortKey,
    /// An unsigned number in a fast column only: read per hit, never searched.
    Column,
}

/// One field of the schema.
#[derive(Debug, Clone, Copy)]
pub struct FieldSpec {
    pub name: &'static str,
    pub kind: Kind,
    pub what: &'static str,
}

/// The schema. Order does not matter; names are the fields' identities in the index.
pub const FIELDS: &[FieldSpec] = &[
    FieldSpec {
        name: "id",
        kind: Kind::Exact,
        what: "the product number (blain number)",
    },
    FieldSpec {
        name: "id_number",
        kind: Kind::Column,
        what: "the product number as a number when it is written as one (digits, no leading zero); 0 otherwise: names a hit from a column instead of its stored document",
    },
    FieldSpec {
        name: "number",
        kind: Kind::Exact,
        what: "the product number without punctuation, lower-cased: exact number queries",
    },
    FieldSpec {
        name: "name",
        kind: Kind::Text { boost: 4.0 },
        what: "product name",
    },
    FieldSpec {
        name: "brand",
        kind: Kind::Text { boost: 3.0 },
        what: "vendor brand",
    },
    FieldSpec {
        name: "keywords",
        kind: Kind::Text { boost: 1.5 },
        what: "department names along the path",
    },
    FieldSpec {
        name: "attributes",
        kind: Kind::Text { boost: 1.5 },
        what: "attribute values (sizes, groups, seasons, …)",
    },
    FieldSpec {
        name: "description",
        kind: Kind::Text { boost: 0.5 },
        what: "description",
    },
    FieldSpec {
        name: "name_prefix",
        kind: Kind::Prefix,
        what: "prefixes of the name (autocomplete)",
    },
    FieldSpec {
        name: "words",
        kind: Kind::Words,
        what: "the words of name and brand as typed: typo tolerance, word prefixes (autocomplete)",
    },
    FieldSpec {
        name: "word_starts",
        kind: Kind::Starts,
        what: "the first one to three characters of each of those words: a short last word in autocomplete is one term, not every word it starts",
    },
    FieldSpec {
        name: "department",
        kind: Kind::Facet,
        what: "department ids from the top: /d/1/101/1011",
    },
    FieldSpec {
        name: "brand_facet",
        kind: Kind::Facet,
        what: "/b/Brand",
    },
    FieldSpec {
        name: "attribute_facet",
        kind: Kind::Facet,
        what: "/a/Attribute name/Value",
    },
    FieldSpec {
        name: "price",
        kind: Kind::Number,
        what: "price in cents",
    },
    FieldSpec {
        name: "stores",
        kind: Kind::Number,
        what: "numbers of the stores holding stock (multi-valued)",
    },
    FieldSpec {
        name: "ecom",
        kind: Kind::Number,
        what: "units the web warehouse holds",
    },
    FieldSpec {
        name: "ships",
        kind: Kind::Number,
        what: "1 when it can ship to home and the warehouse holds it",
    },
    FieldSpec {
        name: "rating",
        kind: Kind::Number,
        what: "average review rating in tenths × 100,000 + number of reviews; 0 without reviews (sort 'rating')",
    },
    FieldSpec {
        name: "newness",
        kind: Kind::Number,
        what: "days since 1970 of the day the product came in, + 1; 0 when unknown (sort 'newest')",
    },
    FieldSpec {
        name: "name_sort",
        kind: Kind::SortKey,
        what: "lower-cased name (sort by name)",
    },
    FieldSpec {
        name: "brand_sort",
        kind: Kind::SortKey,
        what: "lower-cased brand (sort by brand)",
    },
];

/// Field handles of the schema, by role.
#[derive(Debug, Clone)]
pub struct Fields {
    pub id: Field,
    pub id_number: Field,
    pub number: Field,
    pub name: Field,
    pub brand: Field,
    pub keywords: Field,
    pub attributes: Field,
    pub description: Field,
    pub name_prefix: Field,
    pub words: Field,
    pub word_starts: Field,
    pub department: Field,
    pub brand_facet: Field,
    pub attribute_facet: Field,
    pub price: Field,
    pub stores: Field,
    pub ecom: Field,
    pub ships: Field,
    pub rating: Field,
    pub newness: Field,
    pub name_sort: Field,
    pub brand_sort: Field,
}

pub fn build_schema() -> Schema {
    let mut builder = Schema::builder();
    for spec in FIELDS {
        let mut text = |tokenizer: &str, option: IndexRecordOption| {
            let indexing = TextFieldIndexing::default()
                .set_tokenizer(tokenizer)
                .set_index_option(option);
            builder.add_text_field(
                spec.name,
                TextOptions::default().set_indexing_options(indexing),
            );
        };
        match spec.kind {
            Kind::Text { .. } => text(STEMMED, IndexRecordOption::WithFreqs),
            Kind::Prefix => text(PREFIX, IndexRecordOption::Basic),
            Kind::Words => text(WORDS, IndexRecordOption::WithFreqs),
            Kind::Starts => text(STARTS, IndexRecordOption::Basic),
            Kind::Exact => {
                builder.add_text_field(spec.name, STRING | STORED);
            }
            Kind::Facet => {
                builder.add_facet_field(spec.name, FacetOptions::default());
            }
            Kind::Number => {
                builder.add_u64_field(spec.name, NumericOptions::default() | INDEXED | FAST);
            }
            Kind::SortKey => {
                builder.add_text_field(spec.name, STRING | FAST);
            }
            Kind::Column => {
                builder.add_u64_field(spec.name, NumericOptions::default() | FAST);
            }
        }
    }
    builder.build()
}

impl Fields {
    pub fn of(schema: &Schema) -> Fields {
        let f = |name: &str| schema.get_field(name).expect("the schema has every field");
        Fields {
            id: f("id"),
            id_number: f("id_number"),
            number: f("number"),
            name: f("name"),
            brand: f("brand"),
            keywords: f("keywords"),
            attributes: f("attributes"),
            description: f("description"),
            name_prefix: f("name_prefix"),
            words: f("words"),
            word_starts: f("word_starts"),
            department: f("department"),
            brand_facet: f("brand_facet"),
            attribute_facet: f("attribute_facet"),
            price: f("price"),
            stores: f("stores"),
            ecom: f("ecom"),
            ships: f("ships"),
            rating: f("rating"),
            newness: f("newness"),
            name_sort: f("name_sort"),
            brand_sort: f("brand_sort"),
        }
    }

    /// The text fields of keyword search with their boosts.
    pub fn text_fields(&self) -> Vec<(Field, f32)> {
        let by_name = |name: &str| match name {
            "name" => self.name,
            "brand" => self.brand,
            "keywords" => self.keywords,
            "attributes" => self.attributes,
            _ => self.description,
        };
        FIELDS
            .iter()
            .filter_map(|s| match s.kind {
                Kind::Text { boost } => Some((by_name(s.name), boost)),
                _ => None,
            })
            .collect()
    }
}

/// Registers our analysers on an index (they are not stored with it).
pub fn register_tokenizers(index: &Index) {
    index.tokenizers().register(STEMMED, stemmed_analyzer());
    let prefix =
        TextAnalyzer::builder(NgramTokenizer::prefix_only(1, 24).expect("valid n-gram sizes"))
            .filter(LowerCaser)
            .filter(AsciiFoldingFilter)
            .build();
    index.tokenizers().register(PREFIX, prefix);
    index.tokenizers().register(WORDS, words_analyzer());
    index
        .tokenizers()
        .register(STARTS, TextAnalyzer::from(WhitespaceTokenizer::default()));
}

/// The starts of the words of `text` as the `words` field splits them (1 to
/// [`WORD_START_MAX`] characters each, once each), separated by spaces.
pub fn word_starts(text: &str) -> String {
    let mut starts: Vec<String> = Vec::new();
    for word in tokens(words_analyzer(), text) {
        let mut start = String::new();
        for c in word.chars().take(WORD_START_MAX) {
            start.push(c);
            if !starts.contains(&start) {
                starts.push(start.clone());
            }
        }
    }
    starts.join(" ")
}

/// The analyser of the `words` field (also splits keywords into words).
pub fn words_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

/// The analyser of the stemmed text fields (also stems keyword words).
pub fn stemmed_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(Language::English))
        .build()
}

/// The tokens an analyser makes of `text`.
pub fn tokens(mut analyzer: TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

/// "XYZ-123" → "xyz123": what an exact product-number match compares.
pub fn normalize_number(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// A product number as the `id_number` column keeps it: "800123" → 800123. Numbers that the
/// column could not give back exactly (leading zeros, letters, punctuation, more than 19
/// digits, zero itself) are 0: their hits are named from the stored document.
pub fn id_number(blain_number: &str) -> u64 {
    let plain = !blain_number.is_empty()
        && blain_number.len() <= 19
        && blain_number.bytes().all(|b| b.is_ascii_digit())
        && !blain_number.starts_with('0');
    if plain {
        blain_number.parse().unwrap_or(0)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_starts_are_the_first_characters_of_each_word_once() {
        assert_eq!(
            word_starts("Dog Food, dog BED Ö"),
            "d do dog f fo foo b be bed o"
        );
        assert_eq!(word_starts(""), "");
    }

    #[test]
    fn only_numbers_that_read_back_exactly_are_kept_as_numbers() {
        for (text, kept) in [
            ("800123", 800123),
            ("1", 1),
            ("9999999999999999999", 9_999_999_999_999_999_999),
            ("0", 0),
            ("007", 0),
            ("", 0),
            ("XYZ-123", 0),
            ("12 3", 0),
            ("+12", 0),
            ("١٢٣", 0),
            ("99999999999999999999", 0),
        ] {
            assert_eq!(id_number(text), kept, "{text:?}");
            if kept != 0 {
                assert_eq!(kept.to_string(), text);
            }
        }
    }

    #[test]
    fn every_field_spec_is_in_the_schema_once() {
        let schema = build_schema();
        let fields = Fields::of(&schema);
        assert_eq!(schema.fields().count(), FIELDS.len());
        assert_eq!(fields.text_fields().len(), 5);
        assert_eq!(
            tokens(words_analyzer(), "XYZ-123 Tyres"),
            vec!["xyz", "123", "tyres"]
        );
        assert_eq!(
            tokens(stemmed_analyzer(), "Tyres fencing"),
            vec!["tyre", "fenc"]
        );
        assert_eq!(normalize_number(" XYZ-123 "), "xyz123");
    }
}
