//! Value types of the catalog context. Field names serialise in camelCase, the spec's spelling.

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};

/// The URL slug of a name: "Behlen 4' Stock Tank" → "behlen-4-stock-tank" (department URLs,
/// product URLs).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.to_ascii_lowercase().chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if c != '\'' && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Department ids the spec treats specially (shown in the mega menu's lower list).
pub const AUTOMOTIVE_SERVICE_CENTER_ID: i32 = 12;
pub const ANIMAL_RX_ID: i32 = 13;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentData {
    pub id: i32,
    pub parent_id: Option<i32>,
    pub name: String,
    pub url: String,
    pub banner_image_url: Option<String>,
    pub banner_link_url: Option<String>,
    pub sort_order: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum PriceMode {
    /// The price is shown as is.
    Regular,
    /// The price is below the minimum advertised price: shown only in the cart.
    BelowMap,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum WarningLevel {
    Unknown,
    NoWarning,
    Cancer,
    ReproductiveHarm,
    Full,
}

/// What kind of product it is; decides the store-search variant (Store, Auto, Tire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum ProductKind {
    General,
    Auto,
    Tire,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TireSize {
    /// Section width in millimetres, e.g. 225.
    pub width: i32,
    /// Aspect ratio in percent, e.g. 65.
    pub ratio: i32,
    /// Rim diameter in inches, e.g. 17.
    pub rim: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Attribute {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Warranty {
    pub id: String,
    pub name: String,
    pub price_cents: i64,
    pub years: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BundleComponent {
    pub blain_number: String,
    pub quantity: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fulfillment {
    pub ship_to_home: bool,
    pub store_pickup: bool,
    pub same_day_delivery: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductData {
    pub blain_number: String,
    pub name: String,
    pub vendor_brand: String,
    pub description: String,
    pub department_id: i32,
    /// Department names from the top level down, e.g. ["Automotive", "Tires"].
    pub department_path: Vec<String>,
    pub kind: ProductKind,
    pub price_cents: i64,
    /// Minimum advertised price, when the vendor sets one.
    pub map_price_cents: Option<i64>,
    pub price_mode: PriceMode,
    pub images: Vec<String>,
    pub attributes: Vec<Attribute>,
    pub tire_size: Option<TireSize>,
    pub warning_level: WarningLevel,
    pub requires_confirmation: bool,
    pub requires_agreement: bool,
    pub bundle: Vec<BundleComponent>,
    pub warranties: Vec<Warranty>,
    pub fulfillment: Fulfillment,
    /// The reviews' summary, when the product has reviews (since ProductUpserted 2.0).
    pub rating: Option<RatingSummary>,
    /// The regular price while the product is on sale: above `price_cents` (since 2.0).
    pub was_price_cents: Option<i64>,
    /// The day the product came into the range: the 'Newest' sort (since 2.0).
    pub introduced_on: Option<NaiveDate>,
    /// The last day of the sale, when the feed gives one: only with `was_price_cents` (since
    /// 3.0). The price changes when the feed says so; this is the date the store publishes.
    pub sale_ends_on: Option<NaiveDate>,
}

impl ProductData {
    /// A product with its number, name, kind and price, and everything else as a plain new
    /// product has it: regular price, no brand, description, department, images, attributes,
    /// warnings, bundle, warranties or reviews; shipped to the home and picked up in store.
    pub fn new(
        blain_number: impl Into<String>,
        name: impl Into<String>,
        kind: ProductKind,
        price_cents: i64,
    ) -> Self {
        Self {
            blain_number: blain_number.into(),
            name: name.into(),
            vendor_brand: String::new(),
            description: String::new(),
            department_id: 0,
            department_path: vec![],
            kind,
            price_cents,
            map_price_cents: None,
            price_mode: PriceMode::Regular,
            images: vec![],
            attributes: vec![],
            tire_size: None,
            warning_level: WarningLevel::NoWarning,
            requires_confirmation: false,
            requires_agreement: false,
            bundle: vec![],
            warranties: vec![],
            fulfillment: Fulfillment {
                ship_to_home: true,
                store_pickup: true,
                same_day_delivery: false,
            },
            rating: None,
            was_price_cents: None,
            introduced_on: None,
            sale_ends_on: None,
        }
    }
}

/// Average review rating (1 to 5, one decimal) and how many reviews make it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RatingSummary {
    pub average: f64,
    pub count: i32,
}

/// Opening hours of one day; `close` before `open` means the day closes after midnight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DayHours {
    pub open: NaiveTime,
    pub close: NaiveTime,
}

/// Hours per weekday, Monday first; `None` means closed that day. Serialises as the spec's
/// day-to-time map: `{"Monday": "7:00 AM - 8:00 PM", …, "Sunday": "Closed"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WeeklyHours(pub [Option<DayHours>; 7]);

pub const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

impl DayHours {
    /// "7:00 AM - 8:00 PM"
    pub fn display(&self) -> String {
        format!(
            "{} - {}",
            self.open.format("%-I:%M %p"),
            self.close.format("%-I:%M %p")
        )
    }

    /// Parses "7:00 AM - 8:00 PM" (also "7 AM - 8 PM" and 24-hour "07:00 - 20:00").
    pub fn parse(text: &str) -> Option<DayHours> {
        let (open, close) = text.split_once('-')?;
        Some(DayHours {
            open: parse_time(open.trim())?,
            close: parse_time(close.trim())?,
        })
    }
}

fn parse_time(text: &str) -> Option<NaiveTime> {
    let upper = text.to_ascii_uppercase();
    ["%I:%M %p", "%I %p", "%I:%M%p", "%I%p", "%H:%M"]
        .iter()
        .find_map(|f| NaiveTime::parse_from_str(&upper, f).ok())
}

impl Serialize for WeeklyHours {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(7))?;
        for (day, hours) in WEEKDAYS.iter().zip(&self.0) {
            let text = hours.map_or_else(|| "Closed".to_string(), |h| h.display());
            map.serialize_entry(day, &text)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for WeeklyHours {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let map = std::collections::HashMap::<String, String>::deserialize(deserializer)?;
        let mut days = [None; 7];
        for (i, day) in WEEKDAYS.iter().enumerate() {
            let text = map
                .get(*day)
                .ok_or_else(|| D::Error::custom(format!("hours for {day} are missing")))?;
            if !text.trim().eq_ignore_ascii_case("closed") {
                days[i] = Some(DayHours::parse(text).ok_or_else(|| {
                    D::Error::custom(format!("hours for {day} are not like '7:00 AM - 8:00 PM'"))
                })?);
            }
        }
        Ok(WeeklyHours(days))
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalDeliveryInformation {
    pub is_enabled: bool,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreData {
    pub store_num: i32,
    pub city: String,
    pub city_alias: String,
    pub state: String,
    pub address1: String,
    pub zip: String,
    pub phone: String,
    pub auto_center_phone: Option<String>,
    pub lat: f64,
    pub lon: f64,
    /// IANA time zone of the store, e.g. "America/Chicago".
    pub time_zone: String,
    pub hours: WeeklyHours,
    pub auto_hours: Option<WeeklyHours>,
    pub url_alias: String,
    #[serde(rename = "googlePlaceID")]
    pub google_place_id: String,
    pub google_map_zoom: i32,
    pub coming_soon: bool,
    pub local_delivery_information: LocalDeliveryInformation,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreStock {
    pub store_num: i32,
    pub is_stocked: bool,
    pub store_on_hand: i32,
}

/// Units held for an order until it is picked up, shipped or cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reservation {
    pub order_no: String,
    /// The store whose shelf holds them; `None`: the online (ship-from) stock.
    pub store_num: Option<i32>,
    pub quantity: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Countdown {
    None,
    After,
    Before,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteMessageData {
    pub id: String,
    pub text: String,
    pub link: Option<String>,
    pub icon: Option<String>,
    pub countdown: Countdown,
    pub end_date_time: Option<DateTime<Utc>>,
    pub sort_order: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HeaderLink {
    pub text: String,
    pub link: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MegaMenuAd {
    pub ad_id: String,
    pub desktop_image: String,
    pub mobile_image: String,
    pub cta_link: String,
    pub banner_image_accessible_text: String,
    pub cta_accessible_text: String,
}

/// The home page's hero: a picture (desktop and mobile) with a headline, a line of text and a
/// call to action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeHero {
    pub title: String,
    pub text: String,
    pub link_text: String,
    /// A site path.
    pub link: String,
    /// 1600×500.
    pub image: String,
    /// 800×600.
    pub image_mobile: String,
    /// What the picture shows.
    pub alt: String,
}
