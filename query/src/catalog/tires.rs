//! Tire-size pickers: section widths, then aspect ratios for a width, then rim sizes for a width
//! and ratio; only sizes of tires on sale (kind Tire, not discontinued), sorted numerically.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use sqlx::PgPool;

use crate::params::Params;
use crate::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/tire-size/section-widths/", get(section_widths))
        .route("/tire-size/aspect-ratios/", get(aspect_ratios))
        .route("/tire-size/rim-sizes/", get(rim_sizes))
        .with_state(state)
}

const ON_SALE: &str = "kind = 'Tire' AND NOT discontinued AND tire_width IS NOT NULL";

pub async fn widths(pool: &PgPool) -> Result<Vec<i32>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT DISTINCT tire_width FROM products WHERE {ON_SALE} ORDER BY 1"
    ))
    .fetch_all(pool)
    .await
}

pub async fn ratios(pool: &PgPool, width: i64) -> Result<Vec<i32>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT DISTINCT tire_ratio FROM products WHERE {ON_SALE} AND tire_width = $1 \
         AND tire_ratio IS NOT NULL ORDER BY 1"
    ))
    .bind(width)
    .fetch_all(pool)
    .await
}

pub async fn rims(pool: &PgPool, width: i64, ratio: i64) -> Result<Vec<i32>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT DISTINCT tire_rim FROM products WHERE {ON_SALE} AND tire_width = $1 \
         AND tire_ratio = $2 AND tire_rim IS NOT NULL ORDER BY 1"
    ))
    .bind(width)
    .bind(ratio)
    .fetch_all(pool)
    .await
}

#[utoipa::path(get, path = "/tire-size/section-widths/", tag = "tires",
    summary = "Tire section widths in the catalog",
    responses((status = 200, description = "OK", body = Vec<i32>)))]
async fn section_widths(State(state): State<QueryState>) -> Result<Json<Vec<i32>>, ApiError> {
    Ok(Json(widths(&state.pool).await?))
}

#[utoipa::path(get, path = "/tire-size/aspect-ratios/", tag = "tires",
    summary = "Aspect ratios for a width",
    params(("width" = i64, Query, example = 225)),
    responses(
        (status = 200, description = "OK", body = Vec<i32>),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `InvalidNumber` (width absent, blank or not a whole number).", body = kernel::http::ErrorBody),
    ))]
async fn aspect_ratios(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<Vec<i32>>, ApiError> {
    let width = params.required_number("width")?;
    Ok(Json(ratios(&state.pool, width).await?))
}

#[utoipa::path(get, path = "/tire-size/rim-sizes/", tag = "tires",
    summary = "Rim sizes for a width and ratio",
    params(("width" = i64, Query, example = 225), ("ratio" = i64, Query, example = 65)),
    responses(
        (status = 200, description = "OK", body = Vec<i32>),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `InvalidNumber` (width or ratio absent, blank or not a whole number).", body = kernel::http::ErrorBody),
    ))]
async fn rim_sizes(
    State(state): State<QueryState>,
    params: Params,
) -> Result<Json<Vec<i32>>, ApiError> {
    let width = params.required_number("width")?;
    let ratio = params.required_number("ratio")?;
    Ok(Json(rims(&state.pool, width, ratio).await?))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(section_widths, aspect_ratios, rim_sizes))]
pub(crate) struct Api;
