//! The catalog's search index. The tantivy schema, indexing from catalog events, faceted search
//! and autocomplete land with the search issue; until then the query side reads Postgres.
