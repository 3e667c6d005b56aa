//! The store directory: the Store entity as read from the read model, and every store (with
//! the ZIP centroids asked so far) kept in memory between catalog changes.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use projections::model::catalog::{LocalDeliveryInformation, WeeklyHours};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::{PgPool, Row};

use super::geo::ZipCentroids;
use crate::rebuilt::Rebuilt;
use crate::stores::hours::{
    current_hours, parse_time_zone, CurrentHours, HoursStatus, FALLBACK_TIME_ZONE,
};

/// A store as the client shows it (the spec's Store entity plus its position and time zone).
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
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
    /// Monday to Sunday: "7:00 AM - 8:00 PM" or "Closed"
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub hours: WeeklyHours,
    /// The auto center's hours, like `hours`
    #[schema(value_type = Option<std::collections::BTreeMap<String, String>>)]
    pub auto_hours: Option<WeeklyHours>,
    #[schema(inline)]
    pub current_hours: CurrentHours,
    #[schema(inline)]
    pub hours_status: HoursStatus,
    pub coming_soon: bool,
    pub url_alias: String,
    /// Miles from the searched location, 1 decimal; absent outside a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub distance_mi: Option<f64>,
    #[serde(rename = "googlePlaceID")]
    pub google_place_id: String,
    pub google_map_zoom: i32,
    #[schema(inline)]
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

/// A store as loaded, with its parsed time zone; [`CachedStore::at`] adds the hours of a moment
/// and the distance of a search.
pub struct CachedStore {
    pub(super) store: Store,
    tz: chrono_tz::Tz,
    /// The store's JSON (no distance) for one minute: (minute since the epoch, JSON object).
    rendered: std::sync::Mutex<Option<(i64, Arc<str>)>>,
}

impl CachedStore {
    /// The store as the directory holds it.
    pub fn store(&self) -> &Store {
        &self.store
    }

    pub(super) fn new(store: Store, tz: chrono_tz::Tz) -> Self {
        CachedStore {
            store,
            tz,
            rendered: std::sync::Mutex::new(None),
        }
    }

    pub(super) fn at(&self, now: DateTime<Utc>, distance_mi: Option<f64>) -> Store {
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
    pub(super) fn json_at(&self, now: DateTime<Utc>) -> Arc<str> {
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
    zips: ZipCentroids,
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
    pub(super) async fn zip(
        &self,
        pool: &PgPool,
        zip: &str,
    ) -> Result<Option<(f64, f64)>, sqlx::Error> {
        self.zips.centroid(pool, zip).await
    }
}
