//! What a search asks for ([`SearchQuery`]): the keyword, the filters, the sort and the page,
//! with the choices of sort and of availability.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
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
    /// Synonym rules other than the engine's (a merchandiser's preview of a version or a draft).
    pub synonyms: Option<std::sync::Arc<crate::synonyms::Synonyms>>,
    /// The time scheduled rules are taken at (a preview's `HawkDate`); none: now.
    pub at: Option<chrono::DateTime<chrono::Utc>>,
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
            synonyms: None,
            at: None,
        }
    }
}
