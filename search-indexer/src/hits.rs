//! What a search answers: a page of product numbers, the total and the facets (plain data,
//! kept by the engine's per-generation caches and built by `search.rs`).

use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: u64,
    pub selected: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub url: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FacetResult {
    /// The URL parameter name.
    pub name: String,
    pub label: String,
    /// "hierarchy", "list" or "range".
    #[schema(value_type = FacetKind)]
    pub kind: &'static str,
    pub values: Vec<FacetValue>,
    /// Range facets: the lowest and highest value among the matches (without the facet's own
    /// selection), in the unit of the URL (dollars for price).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub max: Option<f64>,
}

/// The kind of a facet: a department tree, a list of values or a range.
// For the OpenAPI document only: `FacetResult::kind` is text.
#[derive(utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum FacetKind {
    Hierarchy,
    List,
    Range,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Hits {
    pub ids: Vec<String>,
    pub total: u64,
    pub facets: Vec<FacetResult>,
    /// The pinned products shown at the top, in order.
    pub pinned: Vec<String>,
}
