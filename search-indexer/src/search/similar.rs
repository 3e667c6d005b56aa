//! Products like a product ([`SearchEngine::more_like_this`]).

use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query};
use tantivy::Term;

use super::clauses::term;
use crate::engine::{SearchEngine, SearchError};

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
