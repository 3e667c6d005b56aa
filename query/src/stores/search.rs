//! Finding stores: the store search behind the change-store menu and a product's stock
//! lookup, its request and answer, and the answer written straight as JSON.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use kernel::http::ApiError;
use serde::Serialize;
use sqlx::{PgPool, Row};

use super::directory::{CachedStore, Store, StoreDirectory};
use super::geo::{distance_miles, Position};
use crate::catalog::stock::{stock_label, Inventory, StockStatus};

/// Stores farther than this from the shopper are not listed (the local store excepted when it
/// must be included).
pub const SEARCH_RADIUS_MILES: f64 = 200.0;

pub const INVALID_ZIP_MESSAGE: &str = "Please enter a valid ZIP code.";
pub const NO_STORES_MESSAGE: &str = "No additional stores found within 200 miles of your location";
pub const OUT_OF_STOCK_NEARBY_MESSAGE: &str = "This item is out of stock at stores near you.";
pub const INVALID_QUANTITY_MESSAGE: &str = "Please enter a valid quantity.";
/// Largest desired quantity (the quantity field takes up to 3 digits).
pub const MAX_DESIRED_QUANTITY: i64 = 999;

/// What a store search asks: where (a position, a ZIP, or else the local store), and
/// optionally which product and how many.
/// The local store is passed to [`store_search`] on its own.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StoreSearchRequest {
    pub zip: Option<String>,
    pub must_include_local_store: Option<bool>,
    pub exact_position: Option<Position>,
    pub blain_number: Option<String>,
    pub filter_only_in_stock: Option<bool>,
    pub desired_quantity: Option<i64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum ResolutionType {
    Success,
    InvalidZip,
    InvalidCoordinates,
    InvalidBlainNumber,
    NotFound,
    GeoLocationNotFound,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum StoreVariant {
    Store,
    Auto,
    Tire,
    NoProduct,
}

impl StoreVariant {
    fn of_kind(kind: &str) -> Self {
        match kind {
            "Tire" => StoreVariant::Tire,
            "Auto" => StoreVariant::Auto,
            _ => StoreVariant::Store,
        }
    }
}

/// A store found, with the product's stock there when a product was asked for.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreStatus {
    pub store: Store,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(inline, nullable = false)]
    pub inventory: Option<Inventory>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub stock_label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(inline, nullable = false)]
    pub stock_status: Option<StockStatus>,
}

/// The store search's answer (also written straight as JSON by `Answer::json`, same members).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StoreSearchResult)]
pub struct StoreSearchResponse {
    #[schema(inline)]
    pub resolution_type: ResolutionType,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub message: Option<String>,
    #[schema(inline)]
    pub status_list: Vec<StoreStatus>,
    #[schema(inline)]
    pub store_variant: StoreVariant,
}

/// A product's kind, web stock and stock per store.
struct ProductStock {
    kind: String,
    ecom_on_hand: i32,
    stores: HashMap<i32, (bool, i32)>,
}

/// The product's stock (when a product is asked for) and the visitor's chosen store (when it
/// is not known yet), in one round trip.
async fn product_and_local_store(
    pool: &PgPool,
    blain_number: Option<&str>,
    local: Local<'_>,
) -> Result<(Option<Option<ProductStock>>, Option<i32>), sqlx::Error> {
    let (known, visitor) = match local {
        Local::Known(store) => (store, None),
        Local::OfVisitor(visitor) => (None, Some(visitor)),
    };
    let Some(blain_number) = blain_number else {
        let store = match visitor {
            Some(v) => crate::shopping::visitor::local_store(pool, v).await?,
            None => known,
        };
        return Ok((None, store));
    };
    let rows = sqlx::query(
        "SELECT v.local_store, p.blain_number IS NOT NULL AS found, p.kind, \
                coalesce(e.ecom_on_hand, 0) AS ecom_on_hand, \
                si.store_num, si.is_stocked, si.store_on_hand \
         FROM (SELECT (SELECT store_num FROM visitors WHERE visitor_id = $2) AS local_store) v \
         LEFT JOIN products p ON p.blain_number = $1 \
         LEFT JOIN ecom_inventory e ON e.blain_number = p.blain_number \
         LEFT JOIN store_inventory si ON si.blain_number = p.blain_number",
    )
    .bind(blain_number)
    .bind(visitor)
    .fetch_all(pool)
    .await?;
    let first = rows.first().expect("the query answers at least one row");
    let local_store = match visitor {
        Some(_) => first.try_get("local_store")?,
        None => known,
    };
    if !first.try_get::<bool, _>("found")? {
        return Ok((Some(None), local_store));
    }
    let mut stock = ProductStock {
        kind: first.try_get("kind")?,
        ecom_on_hand: first.try_get("ecom_on_hand")?,
        stores: HashMap::with_capacity(rows.len()),
    };
    for r in &rows {
        if let Some(num) = r.try_get::<Option<i32>, _>("store_num")? {
            let stocked: Option<bool> = r.try_get("is_stocked")?;
            let on_hand: Option<i32> = r.try_get("store_on_hand")?;
            stock
                .stores
                .insert(num, (stocked.unwrap_or(false), on_hand.unwrap_or(0)));
        }
    }
    Ok((Some(Some(stock)), local_store))
}

/// The visitor's local store: known (the body named it, or a caller looked it up), or to be
/// read for this visitor.
#[derive(Debug, Clone, Copy)]
pub enum Local<'a> {
    Known(Option<i32>),
    OfVisitor(&'a str),
}

/// Where the search is centred.
enum Origin<'a> {
    Position(Position),
    Zip(&'a str),
    LocalStore,
}

/// Stores within the search radius of the origin (plus the local store first when it must be
/// included), nearest first, as indexes into the directory's list with their distances.
/// `None` when the origin cannot be placed.
async fn nearby_stores(
    directory: &StoreDirectory,
    pool: &PgPool,
    origin: &Origin<'_>,
    local_store: Option<i32>,
    must_include_local: bool,
) -> Result<Option<(Arc<Vec<CachedStore>>, Vec<(usize, f64)>)>, sqlx::Error> {
    let stores = directory.stores(pool).await?;
    // The origin is the position, else the ZIP's centroid, else the local store.
    let (lat, lon) = match origin {
        Origin::Position(p) => (p.latitude, p.longitude),
        Origin::Zip(zip) => match directory.zip(pool, zip).await? {
            Some(p) => p,
            None => return Ok(None),
        },
        Origin::LocalStore => match stores
            .iter()
            .find(|s| Some(s.store.store_num) == local_store)
        {
            Some(s) => (s.store.lat, s.store.lon),
            None => return Ok(None),
        },
    };
    let mut near: Vec<(bool, f64, usize)> = stores
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let distance = distance_miles(lat, lon, s.store.lat, s.store.lon);
            let local_first = must_include_local && Some(s.store.store_num) == local_store;
            (distance <= SEARCH_RADIUS_MILES || local_first).then_some((local_first, distance, i))
        })
        .collect();
    near.sort_by(|a, b| {
        b.0.cmp(&a.0).then(a.1.total_cmp(&b.1)).then(
            stores[a.2]
                .store
                .store_num
                .cmp(&stores[b.2].store.store_num),
        )
    });
    let near = near.into_iter().map(|(_, d, i)| (i, d)).collect();
    Ok(Some((stores, near)))
}

/// The store search of the change-store menu and of a product's stock lookup.
///
/// The origin is `exactPosition` when given (it must be finite and on the globe), else `zip`
/// (5 digits, known), else the `local_store`'s own position. Stores within 200 miles come
/// nearest first; with `mustIncludeLocalStore` the local store comes first wherever it is.
/// With a `blainNumber` each store carries its inventory and stock label; `filterOnlyInStock`
/// keeps the stores that carry the item and hold at least one.
pub async fn store_search(
    pool: &PgPool,
    request: StoreSearchRequest,
    local_store: Option<i32>,
    now: DateTime<Utc>,
) -> Result<StoreSearchResponse, ApiError> {
    StoreDirectory::default()
        .search(pool, request, Local::Known(local_store), now)
        .await
}

impl StoreDirectory {
    /// [`store_search`] over this directory's stores, the local store known or read with the
    /// product's stock.
    pub async fn search(
        &self,
        pool: &PgPool,
        request: StoreSearchRequest,
        local: Local<'_>,
        now: DateTime<Utc>,
    ) -> Result<StoreSearchResponse, ApiError> {
        Ok(search_stores(self, pool, request, local)
            .await?
            .response(now))
    }

    /// [`StoreDirectory::search`] as the JSON it serialises to, written from each store's
    /// JSON of this minute ([`CachedStore::json_at`]) instead of formatting every store's
    /// hours and serialising it again for every lookup.
    pub async fn search_json(
        &self,
        pool: &PgPool,
        request: StoreSearchRequest,
        local: Local<'_>,
        now: DateTime<Utc>,
    ) -> Result<Vec<u8>, ApiError> {
        Ok(search_stores(self, pool, request, local).await?.json(now))
    }
}

/// A store of an answer: its place in the directory's list, its distance, and the product's
/// stock there when a product was asked for.
struct Found {
    index: usize,
    distance_mi: f64,
    stock: Option<(Inventory, StockStatus, String)>,
}

/// A search's answer before it is rendered, as [`StoreSearchResponse`] or straight as JSON.
struct Answer {
    resolution_type: ResolutionType,
    message: Option<&'static str>,
    variant: StoreVariant,
    stores: Arc<Vec<CachedStore>>,
    found: Vec<Found>,
}

impl Answer {
    fn empty(resolution_type: ResolutionType, variant: StoreVariant) -> Self {
        Answer {
            resolution_type,
            message: None,
            variant,
            stores: Arc::default(),
            found: vec![],
        }
    }

    fn response(self, now: DateTime<Utc>) -> StoreSearchResponse {
        let status_list = self
            .found
            .into_iter()
            .map(|f| {
                let store = self.stores[f.index].at(now, Some(f.distance_mi));
                let (inventory, stock_status, stock_label) = match f.stock {
                    Some((i, s, l)) => (Some(i), Some(s), Some(l)),
                    None => (None, None, None),
                };
                StoreStatus {
                    store,
                    inventory,
                    stock_label,
                    stock_status,
                }
            })
            .collect();
        StoreSearchResponse {
            resolution_type: self.resolution_type,
            message: self.message.map(str::to_string),
            status_list,
            store_variant: self.variant,
        }
    }

    /// The JSON of [`Answer::response`] (same members, same values; a store's `distanceMi`
    /// comes first among its members).
    fn json(self, now: DateTime<Utc>) -> Vec<u8> {
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Stock<'a> {
            inventory: &'a Inventory,
            stock_label: &'a str,
            stock_status: StockStatus,
        }
        fn put(out: &mut Vec<u8>, value: &impl Serialize) {
            serde_json::to_writer(&mut *out, value).expect("a value serialises");
        }
        let mut out = Vec::with_capacity(256 + self.found.len() * 1_200);
        out.extend_from_slice(b"{\"resolutionType\":");
        put(&mut out, &self.resolution_type);
        if let Some(message) = self.message {
            out.extend_from_slice(b",\"message\":");
            put(&mut out, &message);
        }
        out.extend_from_slice(b",\"statusList\":[");
        for (n, f) in self.found.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            let store = self.stores[f.index].json_at(now);
            out.extend_from_slice(b"{\"store\":{\"distanceMi\":");
            put(&mut out, &((f.distance_mi * 10.0).round() / 10.0));
            // The store's own members: its JSON object without the opening brace.
            out.push(b',');
            out.extend_from_slice(&store.as_bytes()[1..]);
            if let Some((inventory, stock_status, stock_label)) = &f.stock {
                out.push(b',');
                let start = out.len();
                put(
                    &mut out,
                    &Stock {
                        inventory,
                        stock_label,
                        stock_status: *stock_status,
                    },
                );
                // `{"inventory":…}` joins the entry's members: drop its opening brace.
                out.remove(start);
            } else {
                out.push(b'}');
            }
        }
        out.extend_from_slice(b"],\"storeVariant\":");
        put(&mut out, &self.variant);
        out.push(b'}');
        out
    }
}

async fn search_stores(
    directory: &StoreDirectory,
    pool: &PgPool,
    request: StoreSearchRequest,
    local: Local<'_>,
) -> Result<Answer, ApiError> {
    let desired_quantity = request.desired_quantity.unwrap_or(1);
    if !(1..=MAX_DESIRED_QUANTITY).contains(&desired_quantity) {
        return Err(ApiError::bad_request(
            "InvalidQuantity",
            INVALID_QUANTITY_MESSAGE,
        ));
    }
    let filter_only_in_stock = request.filter_only_in_stock.unwrap_or(false);
    let must_include_local = request.must_include_local_store.unwrap_or(false);

    let (product, local_store) =
        product_and_local_store(pool, request.blain_number.as_deref().map(str::trim), local)
            .await?;
    let variant = match &product {
        None | Some(None) => StoreVariant::NoProduct,
        Some(Some(p)) => StoreVariant::of_kind(&p.kind),
    };

    let zip = request
        .zip
        .as_deref()
        .map(str::trim)
        .filter(|z| !z.is_empty());
    let origin = if let Some(position) = request.exact_position {
        if !position.is_valid() {
            return Ok(Answer::empty(ResolutionType::InvalidCoordinates, variant));
        }
        Origin::Position(position)
    } else if let Some(zip) = zip {
        if zip.len() != 5 || !zip.bytes().all(|b| b.is_ascii_digit()) {
            let mut answer = Answer::empty(ResolutionType::InvalidZip, variant);
            answer.message = Some(INVALID_ZIP_MESSAGE);
            return Ok(answer);
        }
        Origin::Zip(zip)
    } else if local_store.is_some() {
        Origin::LocalStore
    } else {
        return Ok(Answer::empty(ResolutionType::GeoLocationNotFound, variant));
    };
    let product = match product {
        Some(None) => return Ok(Answer::empty(ResolutionType::InvalidBlainNumber, variant)),
        Some(Some(p)) => Some(p),
        None => None,
    };

    let Some((stores, near)) =
        nearby_stores(directory, pool, &origin, local_store, must_include_local).await?
    else {
        return Ok(Answer::empty(ResolutionType::GeoLocationNotFound, variant));
    };

    let mut found = Vec::with_capacity(near.len());
    for (index, distance_mi) in near {
        let stock = match &product {
            None => None,
            Some(p) => {
                let store_num = stores[index].store.store_num;
                let (is_stocked, store_on_hand) =
                    p.stores.get(&store_num).copied().unwrap_or((false, 0));
                let inventory = Inventory {
                    is_stocked,
                    store_on_hand,
                    ecom_on_hand: p.ecom_on_hand,
                };
                if filter_only_in_stock && !inventory.in_stock_at_store() {
                    continue;
                }
                let (status, label) = stock_label(inventory, desired_quantity);
                Some((inventory, status, label))
            }
        };
        found.push(Found {
            index,
            distance_mi,
            stock,
        });
    }

    if found.is_empty() {
        let message = if filter_only_in_stock && product.is_some() {
            OUT_OF_STOCK_NEARBY_MESSAGE
        } else {
            NO_STORES_MESSAGE
        };
        let mut answer = Answer::empty(ResolutionType::NotFound, variant);
        answer.message = Some(message);
        return Ok(answer);
    }
    Ok(Answer {
        resolution_type: ResolutionType::Success,
        message: None,
        variant,
        stores,
        found,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stores::hours::{parse_time_zone, CurrentHours, HoursStatus};
    use projections::model::catalog::{LocalDeliveryInformation, WeeklyHours};

    fn store(store_num: i32, tz: &str, week: [&str; 7], coming_soon: bool) -> CachedStore {
        use projections::model::catalog::DayHours;
        let hours = WeeklyHours(week.map(DayHours::parse));
        let store = Store {
            store_num,
            title: format!("Town {store_num}, WI"),
            city: format!("Town \"{store_num}\""),
            city_alias: format!("town-{store_num}"),
            state: "WI".into(),
            address1: "1 Main St".into(),
            zip: "53545".into(),
            phone: "(608) 555-0100".into(),
            auto_center_phone: (store_num % 2 == 0).then(|| "(608) 555-0101".into()),
            auto_hours: (store_num % 2 == 0).then(|| hours.clone()),
            hours,
            current_hours: CurrentHours {
                display_text: String::new(),
                display_style: "",
            },
            hours_status: HoursStatus::Closed,
            coming_soon,
            url_alias: format!("town-{store_num}"),
            distance_mi: None,
            google_place_id: "place".into(),
            google_map_zoom: 14,
            local_delivery_information: LocalDeliveryInformation {
                is_enabled: store_num % 3 == 0,
                label: "Local delivery".into(),
            },
            lat: 42.7,
            lon: -89.0,
            time_zone: tz.into(),
        };
        CachedStore::new(store, parse_time_zone(tz).expect("zone"))
    }

    /// The JSON written from each store's JSON of the minute is the serialised response, at
    /// every minute of a day (opening, 'closing soon', closing, past midnight, other zones).
    #[test]
    fn the_written_json_is_the_serialised_answer_all_day() {
        use chrono::TimeZone;
        let weekdays = ["7:00 AM - 9:00 PM"; 7];
        let late = ["8:30 AM - 1:00 AM"; 7];
        let stores = Arc::new(vec![
            store(1, "America/Chicago", weekdays, false),
            store(2, "America/Detroit", late, false),
            store(3, "America/Chicago", ["12:00 AM - 11:59 PM"; 7], false),
            store(4, "America/Denver", weekdays, true),
        ]);
        let inventory = Inventory {
            is_stocked: true,
            store_on_hand: 4,
            ecom_on_hand: 0,
        };
        let answer = |with_stock: bool| Answer {
            resolution_type: ResolutionType::Success,
            message: None,
            variant: StoreVariant::Tire,
            stores: stores.clone(),
            found: (0..4)
                .map(|index| Found {
                    index,
                    distance_mi: 2.71 * index as f64,
                    stock: with_stock.then(|| {
                        let (status, label) = stock_label(inventory, 1);
                        (inventory, status, label)
                    }),
                })
                .collect(),
        };
        let start = Utc.with_ymd_and_hms(2026, 6, 1, 0, 0, 0).unwrap();
        for minute in 0..(24 * 60) {
            // A second into the minute and a second before its end.
            for second in [1, 59] {
                let now = start + chrono::Duration::seconds(minute * 60 + second);
                for with_stock in [false, true] {
                    let written: serde_json::Value =
                        serde_json::from_slice(&answer(with_stock).json(now)).unwrap();
                    let serialised =
                        serde_json::to_value(answer(with_stock).response(now)).unwrap();
                    assert_eq!(written, serialised, "at {now}");
                }
            }
        }
        for message in [INVALID_ZIP_MESSAGE, NO_STORES_MESSAGE] {
            let empty = || {
                let mut a = Answer::empty(ResolutionType::NotFound, StoreVariant::NoProduct);
                a.message = Some(message);
                a
            };
            let written: serde_json::Value = serde_json::from_slice(&empty().json(start)).unwrap();
            assert_eq!(
                written,
                serde_json::to_value(empty().response(start)).unwrap()
            );
        }
    }
}
