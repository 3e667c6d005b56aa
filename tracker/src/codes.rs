//! The spec's code tables (accounts-rewards-search.md 3, "Tracking events"): event types, page
//! types, search types and autocomplete types, by their numbers.

/// Tracking version: it travels in every event, on the wire and on the topic.
pub const TRACKING_VERSION: &str = "v2";

/// The events of `GET /hawk.png`, with their numeric codes (`et`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventType {
    PageLoad = 1,
    Search = 2,
    Click = 3,
    Add2Cart = 4,
    Rate = 5,
    Sale = 6,
    BannerClick = 7,
    BannerImpression = 8,
    Login = 9,
    RecommendationClick = 10,
    AutoCompleteClick = 11,
}

impl EventType {
    pub const ALL: [EventType; 11] = [
        EventType::PageLoad,
        EventType::Search,
        EventType::Click,
        EventType::Add2Cart,
        EventType::Rate,
        EventType::Sale,
        EventType::BannerClick,
        EventType::BannerImpression,
        EventType::Login,
        EventType::RecommendationClick,
        EventType::AutoCompleteClick,
    ];

    pub fn code(self) -> u8 {
        self as u8
    }

    pub fn from_code(code: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|e| i64::from(e.code()) == code)
    }

    /// The spec's name ("PageLoad", "Add2Cart", …).
    pub fn name(self) -> &'static str {
        match self {
            EventType::PageLoad => "PageLoad",
            EventType::Search => "Search",
            EventType::Click => "Click",
            EventType::Add2Cart => "Add2Cart",
            EventType::Rate => "Rate",
            EventType::Sale => "Sale",
            EventType::BannerClick => "BannerClick",
            EventType::BannerImpression => "BannerImpression",
            EventType::Login => "Login",
            EventType::RecommendationClick => "RecommendationClick",
            EventType::AutoCompleteClick => "AutoCompleteClick",
        }
    }

    /// By name, ignoring case ("pageload", "PageLoad").
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|e| e.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Events that carry click details (mouse position, viewport, scroll, element, browser).
    pub fn is_click(self) -> bool {
        matches!(
            self,
            EventType::Click
                | EventType::BannerClick
                | EventType::RecommendationClick
                | EventType::AutoCompleteClick
        )
    }
}

/// Page types of PageLoad (`type_id`).
pub const PAGE_TYPES: [(i64, &str); 5] = [
    (1, "itemDetails"),
    (2, "landingPage"),
    (3, "shoppingCart"),
    (4, "orderConfirmation"),
    (5, "custom"),
];

/// Search types of Search (`type_id`).
pub const SEARCH_TYPES: [(i64, &str); 2] = [(1, "Search"), (2, "Refinement")];

/// Autocomplete types of AutoCompleteClick (`suggest_type`).
pub const AUTOCOMPLETE_TYPES: [(i64, &str); 4] = [
    (1, "popular"),
    (2, "category"),
    (3, "product"),
    (4, "content"),
];

/// The name of a code in one of the tables above.
pub fn code_name(table: &[(i64, &'static str)], code: i64) -> Option<&'static str> {
    table.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// The code of a name (any case) or of a number in one of the tables above.
pub fn code_of(table: &[(i64, &'static str)], value: &str) -> Option<i64> {
    let value = value.trim();
    if let Ok(n) = value.parse::<i64>() {
        return code_name(table, n).map(|_| n);
    }
    table
        .iter()
        .find(|(_, n)| n.eq_ignore_ascii_case(value))
        .map(|(c, _)| *c)
}

/// The analytics pushes of the browser (storefront-shell.md 7), sent to
/// `POST /event/a/analytics` with their own event names.
pub const ANALYTICS_PUSHES: [&str; 5] = [
    "email_subscribe",
    "menu_click",
    "product_carousel_view",
    "product_carousel_click",
    "popular_search",
];

/// The shell's beacons, each its own event name on the topic.
pub const PRODUCT_VIEW: &str = "productview";
pub const CAROUSEL_CLICK: &str = "carousel-click";
pub const SPONSORED_AD_CLICK: &str = "sponsored-ad-click";
pub const SPONSORED_AD_IMPRESSION: &str = "sponsored-ad-impression";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_codes_are_the_specs() {
        let table: Vec<(u8, &str)> = EventType::ALL
            .iter()
            .map(|e| (e.code(), e.name()))
            .collect();
        assert_eq!(
            table,
            vec![
                (1, "PageLoad"),
                (2, "Search"),
                (3, "Click"),
                (4, "Add2Cart"),
                (5, "Rate"),
                (6, "Sale"),
                (7, "BannerClick"),
                (8, "BannerImpression"),
                (9, "Login"),
                (10, "RecommendationClick"),
                (11, "AutoCompleteClick"),
            ]
        );
        assert_eq!(EventType::from_code(11), Some(EventType::AutoCompleteClick));
        assert_eq!(EventType::from_code(0), None);
        assert_eq!(EventType::from_code(12), None);
        assert_eq!(EventType::from_name("add2cart"), Some(EventType::Add2Cart));
        assert_eq!(EventType::from_name("Purchase"), None);
    }

    #[test]
    fn code_tables_read_numbers_and_names() {
        assert_eq!(code_of(&PAGE_TYPES, "4"), Some(4));
        assert_eq!(code_of(&PAGE_TYPES, "landingpage"), Some(2));
        assert_eq!(code_of(&PAGE_TYPES, "6"), None);
        assert_eq!(code_of(&SEARCH_TYPES, "Refinement"), Some(2));
        assert_eq!(code_of(&AUTOCOMPLETE_TYPES, "3"), Some(3));
        assert_eq!(code_name(&AUTOCOMPLETE_TYPES, 4), Some("content"));
    }
}
