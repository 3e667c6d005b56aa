//! Stores: the store list and details pages, and the store search behind the change-store menu
//! and the product page's stock lookup (`POST /products/a/storestatus-json` and
//! `POST /products/a/stockstatus-json`).

use std::collections::HashMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use chrono::{DateTime, Utc};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::identity::Identity;
use projections::model::catalog::{LocalDeliveryInformation, WeeklyHours};
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgRow;
use sqlx::{PgPool, Row};

use crate::hours::{current_hours, parse_time_zone, CurrentHours, HoursStatus, FALLBACK_TIME_ZONE};
use crate::rebuilt::Rebuilt;
use crate::stock::{stock_label, Inventory, StockStatus};
use crate::QueryState;

/// Stores farther than this from the shopper are not listed (the local store excepted when it
/// must be included).
pub const SEARCH_RADIUS_MILES: f64 = 200.0;
/// Mean Earth radius for great-circle distances.
pub const EARTH_RADIUS_MILES: f64 = 3958.8;

pub const INVALID_ZIP_MESSAGE: &str = "Please enter a valid ZIP code.";
pub const NO_STORES_MESSAGE: &str = "No additional stores found within 200 miles of your location";
pub const OUT_OF_STOCK_NEARBY_MESSAGE: &str = "This item is out of stock at stores near you.";
pub const STORE_NOT_FOUND: &str = "Store not found.";
pub const INVALID_QUANTITY_MESSAGE: &str = "Please enter a valid quantity.";
/// Largest desired quantity (the quantity field takes up to 3 digits).
pub const MAX_DESIRED_QUANTITY: i64 = 999;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/products/a/storestatus-json", post(store_status))
        .route("/products/a/stockstatus-json", post(stock_status))
        .route("/api/stores", get(list_stores))
        .route("/api/stores/{url_alias}", get(store_details))
        .with_state(state)
}

// ---------------------------------------------------------------------------------------------
// The store entity

/// A store as the client shows it (the spec's Store entity plus its position and time zone).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Store {
    pub store_num: i32,
    /// What the store is called on pages: 'Janesville, WI' (with the street where two stores
    /// share a city).
    pub title: String,
    pub city: String,
    pub city_alias: String,
    pub state: String,
    pub address1: String,
    pub zip: String,
    pub phone: String,
    pub auto_center_phone: Option<String>,
    pub hours: WeeklyHours,
    pub auto_hours: Option<WeeklyHours>,
    pub current_hours: CurrentHours,
    pub hours_status: HoursStatus,
    pub coming_soon: bool,
    pub url_alias: String,
    /// Miles from the searched location, 1 decimal; absent outside a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance_mi: Option<f64>,
    #[serde(rename = "googlePlaceID")]
    pub google_place_id: String,
    pub google_map_zoom: i32,
    pub local_delivery_information: LocalDeliveryInformation,
    pub lat: f64,
    pub lon: f64,
    pub time_zone: String,
}

/// The name a store is shown by, as SQL over `stores s`: 'Janesville, WI'; where two stores
/// share a city, the street tells them apart: 'Madison, WI – E Washington Ave'.
#[macro_export]
macro_rules! store_title_sql {
    () => {
        "CASE WHEN EXISTS (SELECT 1 FROM stores o WHERE o.city = s.city AND o.state = s.state \
         AND o.store_num <> s.store_num) \
         THEN s.city || ', ' || s.state || ' – ' || regexp_replace(s.address1, '^[0-9]+[A-Za-z]?\\s+', '') \
         ELSE s.city || ', ' || s.state END"
    };
}

const STORE_COLUMNS: &str = concat!(
    "s.store_num, s.city, s.city_alias, s.state, s.address1, s.zip, \
    s.phone, s.auto_center_phone, s.lat, s.lon, s.time_zone, s.hours, s.auto_hours, s.url_alias, \
    s.google_place_id, s.google_map_zoom, s.coming_soon, s.local_delivery_enabled, \
    s.local_delivery_label, ",
    store_title_sql!(),
    " AS title"
);

fn weekly_hours(store_num: i32, value: serde_json::Value) -> WeeklyHours {
    serde_json::from_value(value).unwrap_or_else(|e| {
        tracing::warn!(store_num, error = %e, "unreadable store hours in the read model");
        WeeklyHours([None; 7])
    })
}

impl Store {
    fn from_row(
        r: &PgRow,
        distance_mi: Option<f64>,
        now: DateTime<Utc>,
    ) -> Result<Self, sqlx::Error> {
        let store_num: i32 = r.try_get("store_num")?;
        let time_zone: String = r.try_get("time_zone")?;
        let tz = parse_time_zone(&time_zone).unwrap_or_else(|| {
            tracing::warn!(store_num, %time_zone, "unknown store time zone");
            FALLBACK_TIME_ZONE
        });
        let hours = weekly_hours(store_num, r.try_get("hours")?);
        let auto_hours = r
            .try_get::<Option<serde_json::Value>, _>("auto_hours")?
            .map(|v| weekly_hours(store_num, v));
        let coming_soon: bool = r.try_get("coming_soon")?;
        let (hours_status, current) = current_hours(&hours, tz, coming_soon, now);
        Ok(Store {
            store_num,
            title: r.try_get("title")?,
            city: r.try_get("city")?,
            city_alias: r.try_get("city_alias")?,
            state: r.try_get("state")?,
            address1: r.try_get("address1")?,
            zip: r.try_get("zip")?,
            phone: r.try_get("phone")?,
            auto_center_phone: r.try_get("auto_center_phone")?,
            hours,
            auto_hours,
            current_hours: current,
            hours_status,
            coming_soon,
            url_alias: r.try_get("url_alias")?,
            distance_mi: distance_mi.map(|d| (d * 10.0).round() / 10.0),
            google_place_id: r.try_get("google_place_id")?,
            google_map_zoom: r.try_get("google_map_zoom")?,
            local_delivery_information: LocalDeliveryInformation {
                is_enabled: r.try_get("local_delivery_enabled")?,
                label: r.try_get("local_delivery_label")?,
            },
            lat: r.try_get("lat")?,
            lon: r.try_get("lon")?,
            time_zone,
        })
    }
}

async fn list_stores(State(state): State<QueryState>) -> Result<Json<Vec<Store>>, ApiError> {
    let now = Utc::now();
    let stores = state.stores.stores(&state.pool).await?;
    Ok(Json(stores.iter().map(|s| s.at(now, None)).collect()))
}

async fn store_details(
    State(state): State<QueryState>,
    Path(url_alias): Path<String>,
) -> Result<Json<Store>, ApiError> {
    let stores = state.stores.stores(&state.pool).await?;
    stores
        .iter()
        .find(|s| s.store.url_alias == url_alias.trim())
        .map(|s| Json(s.at(Utc::now(), None)))
        .ok_or(ApiError::NotFoundMessage(STORE_NOT_FOUND))
}

// ---------------------------------------------------------------------------------------------
// The store directory: every store in memory

/// A store as loaded, with its parsed time zone; [`CachedStore::at`] adds the hours of a moment
/// and the distance of a search.
pub struct CachedStore {
    store: Store,
    tz: chrono_tz::Tz,
    /// The store's JSON (no distance) for one minute: (minute since the epoch, JSON object).
    rendered: std::sync::Mutex<Option<(i64, Arc<str>)>>,
}

impl CachedStore {
    fn new(store: Store, tz: chrono_tz::Tz) -> Self {
        CachedStore {
            store,
            tz,
            rendered: std::sync::Mutex::new(None),
        }
    }

    fn at(&self, now: DateTime<Utc>, distance_mi: Option<f64>) -> Store {
        let mut store = self.store.clone();
        let (status, current) = current_hours(&store.hours, self.tz, store.coming_soon, now);
        store.hours_status = status;
        store.current_hours = current;
        store.distance_mi = distance_mi.map(|d| (d * 10.0).round() / 10.0);
        store
    }

    /// The JSON of [`CachedStore::at`]`(now, None)`, made once per minute. Opening, closing
    /// and 'closing soon' fall on whole minutes of whole-minute time zones, so the hours text
    /// is the same all minute long; a store answered in 41 searches a second is formatted once.
    fn json_at(&self, now: DateTime<Utc>) -> Arc<str> {
        let minute = now.timestamp().div_euclid(60);
        let mut rendered = self.rendered.lock().unwrap_or_else(|e| e.into_inner());
        match &*rendered {
            Some((m, json)) if *m == minute => json.clone(),
            _ => {
                let json: Arc<str> = serde_json::to_string(&self.at(now, None))
                    .expect("a store serialises")
                    .into();
                *rendered = Some((minute, json.clone()));
                json
            }
        }
    }
}

/// The stores (a few dozen rows, changed only by catalog events) and the ZIP centroids asked
/// so far, kept in this process: a store search or stock lookup then reads only the product's
/// stock from PostgreSQL. The catalog projection notifies its change channel in the
/// transaction that changes a store; the listener calls [`StoreDirectory::invalidate`] and the
/// next request reloads (at the latest after [`crate::rebuilt::MAX_AGE`]). ZIP centroids are
/// reference data loaded by `storefront migrate`; a ZIP not yet known here is asked of the
/// database (unknown ones every time, so a ZIP added later is found).
#[derive(Default)]
pub struct StoreDirectory {
    /// By state, city and number (the store list's order).
    list: Rebuilt<Vec<CachedStore>>,
    zips: std::sync::RwLock<HashMap<String, (f64, f64)>>,
}

async fn load_stores(pool: &PgPool) -> Result<Vec<CachedStore>, sqlx::Error> {
    let now = Utc::now();
    let rows = sqlx::query(&format!(
        "SELECT {STORE_COLUMNS} FROM stores s ORDER BY s.state, s.city, s.store_num"
    ))
    .fetch_all(pool)
    .await?;
    let mut stores = Vec::with_capacity(rows.len());
    for r in &rows {
        let store = Store::from_row(r, None, now)?;
        let tz = parse_time_zone(&store.time_zone).unwrap_or(FALLBACK_TIME_ZONE);
        stores.push(CachedStore::new(store, tz));
    }
    Ok(stores)
}

/// ZIP centroids kept in memory (the US has about 41,000 ZIP codes).
const ZIPS_KEPT: usize = 60_000;

impl StoreDirectory {
    /// Forgets the store list: the next request reloads it.
    pub fn invalidate(&self) {
        self.list.invalidate();
    }

    /// Every store, loaded by one request at a time when stale.
    pub async fn stores(&self, pool: &PgPool) -> Result<Arc<Vec<CachedStore>>, sqlx::Error> {
        self.list.get(|| load_stores(pool)).await
    }

    /// `read` of the store numbered `store_num` as loaded (no current hours, no distance), if
    /// there is one.
    pub async fn with_store<T>(
        &self,
        pool: &PgPool,
        store_num: i32,
        read: impl FnOnce(&Store) -> T,
    ) -> Result<Option<T>, sqlx::Error> {
        let stores = self.stores(pool).await?;
        Ok(stores
            .iter()
            .find(|s| s.store.store_num == store_num)
            .map(|s| read(&s.store)))
    }

    /// The centroid of a 5-digit ZIP, if it is a known ZIP.
    async fn zip(&self, pool: &PgPool, zip: &str) -> Result<Option<(f64, f64)>, sqlx::Error> {
        if let Some(p) = self.zips.read().expect("zip lock").get(zip) {
            return Ok(Some(*p));
        }
        let found: Option<(f64, f64)> =
            sqlx::query_as("SELECT lat, lon FROM zip_centroids WHERE zip = $1")
                .bind(zip)
                .fetch_optional(pool)
                .await?;
        if let Some(p) = found {
            let mut zips = self.zips.write().expect("zip lock");
            if zips.len() < ZIPS_KEPT {
                zips.insert(zip.to_string(), p);
            }
        }
        Ok(found)
    }
}

// ---------------------------------------------------------------------------------------------
// Store search

/// Great-circle distance in miles (haversine).
pub fn distance_miles(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_MILES * a.sqrt().min(1.0).asin()
}

#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub struct Position {
    pub latitude: f64,
    pub longitude: f64,
}

impl Position {
    pub fn is_valid(&self) -> bool {
        self.latitude.is_finite()
            && self.longitude.is_finite()
            && (-90.0..=90.0).contains(&self.latitude)
            && (-180.0..=180.0).contains(&self.longitude)
    }
}

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

/// The body of `POST /products/a/storestatus-json`: where to search from.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreStatusBody {
    #[serde(default)]
    pub zip: Option<String>,
    #[serde(default)]
    pub must_include_local_store: Option<bool>,
    #[serde(default)]
    pub exact_position: Option<Position>,
    /// The visitor's store as the client knows it; else the one the visitor chose.
    #[serde(default)]
    pub store_num: Option<i32>,
}

/// The body of `POST /products/a/stockstatus-json`: the same plus the product.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StockStatusBody {
    #[serde(flatten)]
    pub origin: StoreStatusBody,
    pub blain_number: String,
    #[serde(default)]
    pub filter_only_in_stock: Option<bool>,
    #[serde(default)]
    pub desired_quantity: Option<i64>,
}

impl StoreStatusBody {
    /// The search request and the local store: the body's, else the visitor's choice.
    fn resolve<'i>(self, identity: &'i Identity) -> (StoreSearchRequest, Local<'i>) {
        let local = match self.store_num {
            Some(store) => Local::Known(Some(store)),
            None => Local::OfVisitor(&identity.visitor_id),
        };
        let request = StoreSearchRequest {
            zip: self.zip,
            must_include_local_store: self.must_include_local_store,
            exact_position: self.exact_position,
            ..StoreSearchRequest::default()
        };
        (request, local)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ResolutionType {
    Success,
    InvalidZip,
    InvalidCoordinates,
    InvalidBlainNumber,
    NotFound,
    GeoLocationNotFound,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
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

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreStatus {
    pub store: Store,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inventory: Option<Inventory>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock_label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stock_status: Option<StockStatus>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoreSearchResponse {
    pub resolution_type: ResolutionType,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub status_list: Vec<StoreStatus>,
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
            Some(v) => crate::visitor::local_store(pool, v).await?,
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

/// A search's JSON as the answer, marked as a read (never stored as an idempotent answer).
fn json_answer(body: Vec<u8>) -> Response {
    (
        Extension(SafeRead),
        [(header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// `POST /products/a/storestatus-json`
async fn store_status(
    State(state): State<QueryState>,
    identity: Identity,
    ApiJson(body): ApiJson<StoreStatusBody>,
) -> Result<Response, ApiError> {
    let (request, local) = body.resolve(&identity);
    let answer = state
        .stores
        .search_json(&state.pool, request, local, Utc::now())
        .await?;
    Ok(json_answer(answer))
}

/// `POST /products/a/stockstatus-json`
async fn stock_status(
    State(state): State<QueryState>,
    identity: Identity,
    ApiJson(body): ApiJson<StockStatusBody>,
) -> Result<Response, ApiError> {
    let (request, local) = body.origin.resolve(&identity);
    let request = StoreSearchRequest {
        blain_number: Some(body.blain_number),
        filter_only_in_stock: body.filter_only_in_stock,
        desired_quantity: body.desired_quantity,
        ..request
    };
    let answer = state
        .stores
        .search_json(&state.pool, request, local, Utc::now())
        .await?;
    Ok(json_answer(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn haversine_distances_in_miles() {
        assert_eq!(distance_miles(42.0, -89.0, 42.0, -89.0), 0.0);
        // Janesville, WI to Madison, WI: about 31 miles.
        let d = distance_miles(42.74485, -89.03326, 43.13009, -89.33871);
        assert!((d - 31.0).abs() < 8.0, "{d}");
        // One degree of latitude is about 69.1 miles.
        let d = distance_miles(40.0, -90.0, 41.0, -90.0);
        assert!((d - 69.09).abs() < 0.05, "{d}");
        // Antipodes: half the circumference.
        let d = distance_miles(0.0, 0.0, 0.0, 180.0);
        assert!(
            (d - std::f64::consts::PI * EARTH_RADIUS_MILES).abs() < 1e-6,
            "{d}"
        );
    }

    #[test]
    fn positions_must_be_finite_and_on_the_globe() {
        let p = |latitude, longitude| Position {
            latitude,
            longitude,
        };
        assert!(p(42.7, -89.0).is_valid());
        assert!(p(90.0, 180.0).is_valid());
        assert!(p(-90.0, -180.0).is_valid());
        assert!(!p(90.01, 0.0).is_valid());
        assert!(!p(0.0, -180.5).is_valid());
        assert!(!p(f64::NAN, 0.0).is_valid());
        assert!(!p(0.0, f64::INFINITY).is_valid());
    }

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
