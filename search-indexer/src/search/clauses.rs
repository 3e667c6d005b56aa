//! Small query combinators shared by the query builders: a term, any of, all of.

use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::Term;

pub(crate) fn term(q: Term) -> Box<dyn Query> {
    Box::new(TermQuery::new(q, IndexRecordOption::Basic))
}

pub(super) fn any_of(queries: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(
        queries.into_iter().map(|q| (Occur::Should, q)).collect(),
    ))
}

pub(super) fn all_of(queries: Vec<Box<dyn Query>>) -> Box<dyn Query> {
    Box::new(BooleanQuery::new(
        queries.into_iter().map(|q| (Occur::Must, q)).collect(),
    ))
}
