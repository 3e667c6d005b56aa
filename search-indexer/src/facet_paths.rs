//! Where each facet value sits in the index's facet fields: `/d/…` departments, `/b/<brand>`
//! brands, `/a/<name>/<value>` attributes. Documents are written (`document.rs`) and searches
//! count and filter (`search.rs`) by these same paths.

use tantivy::schema::Facet;

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
