//! Geography of the store search: great-circle distances, positions, and the ZIP centroids
//! a ZIP search starts from.

use std::collections::HashMap;

use serde::Deserialize;
use sqlx::PgPool;

/// Mean Earth radius for great-circle distances.
pub const EARTH_RADIUS_MILES: f64 = 3958.8;

/// Great-circle distance in miles (haversine).
pub fn distance_miles(lat1: f64, lon1: f64, lat2: f64, lon2: f64) -> f64 {
    let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
    let dp = (lat2 - lat1).to_radians();
    let dl = (lon2 - lon1).to_radians();
    let a = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_MILES * a.sqrt().min(1.0).asin()
}

#[derive(Debug, Clone, Copy, PartialEq, Deserialize, utoipa::ToSchema)]
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

/// ZIP centroids kept in memory (the US has about 41,000 ZIP codes).
const ZIPS_KEPT: usize = 60_000;

/// The ZIP centroids asked so far. ZIP centroids are reference data loaded by `storefront
/// migrate`; a ZIP not yet known here is asked of the database (unknown ones every time, so a
/// ZIP added later is found).
#[derive(Default)]
pub(super) struct ZipCentroids(std::sync::RwLock<HashMap<String, (f64, f64)>>);

impl ZipCentroids {
    /// The centroid of a 5-digit ZIP, if it is a known ZIP.
    pub(super) async fn centroid(
        &self,
        pool: &PgPool,
        zip: &str,
    ) -> Result<Option<(f64, f64)>, sqlx::Error> {
        if let Some(p) = self.0.read().expect("zip lock").get(zip) {
            return Ok(Some(*p));
        }
        let found: Option<(f64, f64)> =
            sqlx::query_as("SELECT lat, lon FROM zip_centroids WHERE zip = $1")
                .bind(zip)
                .fetch_optional(pool)
                .await?;
        if let Some(p) = found {
            let mut zips = self.0.write().expect("zip lock");
            if zips.len() < ZIPS_KEPT {
                zips.insert(zip.to_string(), p);
            }
        }
        Ok(found)
    }
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
}
