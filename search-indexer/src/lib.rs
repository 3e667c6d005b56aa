//! The catalog's search index (tantivy): the schema as data, documents from the catalog read
//! models, an engine per process that is kept current from the event stream and rebuilt by
//! `storefront reindex`, faceted search, and the search page's URL contract.

pub mod document;
pub mod engine;
pub mod explain;
pub mod facet_paths;
pub mod hits;
pub mod indexer;
pub mod items;
pub mod minmax;
pub mod schema;
pub mod search;
pub mod synonyms;
pub mod url;

pub use engine::{SearchEngine, SearchError};
