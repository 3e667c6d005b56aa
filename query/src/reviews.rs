//! Reviews' reads: a product's rating and its published reviews for shoppers
//! (`GET /api/product/{number}/reviews`), with the signed-in customer's own review whatever
//! its standing; and the moderation queue for merchandisers (`GET /api/staff/reviews`). From
//! the reviews projection (`product_reviews`, `review_votes`, `review_stats`) and the
//! catalog's starting figures.

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::postgres::PgRow;
use sqlx::Row;

use crate::params::Params;
use crate::QueryState;
use kernel::http::ApiError;
use kernel::identity::Identity;
use kernel::staff::{Merchandiser, Staff};

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/product/{number}/reviews", get(reviews))
        .with_state(state)
}

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/reviews", get(queue))
        .with_state(state)
}

/// Reviews a page.
pub const PAGE_SIZE: i64 = 10;
/// The furthest page read.
pub const MAX_PAGE: i64 = 1000;

/// A product's rating: the average, the count, and the reviews per star.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RatingSummary {
    /// One decimal; null without any rating.
    #[schema(required)]
    pub average: Option<f64>,
    pub count: i64,
    /// Five stars first. The catalog's starting figures have no stars of their own: their
    /// count is spread over the two star values around their average.
    pub histogram: Vec<StarCount>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StarCount {
    #[schema(minimum = 1, maximum = 5)]
    pub stars: i32,
    pub count: i64,
}

/// A published review as shoppers see it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    /// Its public id (what votes and reports name).
    pub id: String,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i16,
    #[schema(required)]
    pub title: Option<String>,
    #[schema(required)]
    pub text: Option<String>,
    /// "Jane D.", or "A customer" once the reviewer was erased.
    pub reviewer: String,
    /// The reviewer's orders hold the product.
    pub verified: bool,
    pub written_at: DateTime<Utc>,
    #[schema(required)]
    pub edited_at: Option<DateTime<Utc>>,
    pub helpful: i32,
    /// This visitor found it helpful.
    pub voted_helpful: bool,
    #[schema(required)]
    pub reply: Option<StoreReply>,
}

/// The store's answer under a review.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StoreReply {
    pub text: String,
    pub at: DateTime<Utc>,
}

/// The signed-in customer's own review of the product, whatever its standing.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyReview {
    pub id: String,
    pub rating: i16,
    #[schema(required)]
    pub title: Option<String>,
    #[schema(required)]
    pub text: Option<String>,
    /// `Published`, `Held` (waiting to be checked) or `Hidden`.
    pub status: String,
    pub verified: bool,
}

/// A page of a product's reviews.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewsAnswer {
    pub summary: RatingSummary,
    pub reviews: Vec<ReviewView>,
    /// Published reviews written here (the starting figures have none to show).
    pub total: i64,
    pub page: i64,
    pub pages: i64,
    /// `newest`, `highest`, `lowest` or `helpful`.
    pub sort: String,
    #[schema(required)]
    pub mine: Option<MyReview>,
}

/// The orders of a product's reviews (for the OpenAPI document; the handler reads the text).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ReviewSort {
    Newest,
    Highest,
    Lowest,
    Helpful,
}

/// The moderation queue's lists (for the OpenAPI document; the handler reads the text).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ReviewShow {
    Waiting,
    Held,
    Reported,
    Hidden,
}

pub const A_CUSTOMER: &str = "A customer";
pub const INVALID_SORT: &str = "sort must be newest, highest, lowest or helpful.";
pub const PRODUCT_NOT_FOUND: &str = "Product not found.";

fn order_by(sort: &str) -> Option<&'static str> {
    Some(match sort {
        "newest" => "written_at DESC, review_id",
        "highest" => "rating DESC, written_at DESC, review_id",
        "lowest" => "rating, written_at DESC, review_id",
        "helpful" => "helpful DESC, written_at DESC, review_id",
        _ => return None,
    })
}

/// The histogram: the reviews' own stars, plus the starting figures' count spread over the
/// two star values around their average (so the bars add up to the count and keep the
/// average).
fn histogram(seeded_average: Option<f64>, seeded_count: i64, stars: &[i32]) -> Vec<StarCount> {
    let mut counts = [0i64; 5];
    for (i, n) in stars.iter().take(5).enumerate() {
        counts[i] = i64::from(*n);
    }
    if let (Some(avg), true) = (seeded_average, seeded_count > 0) {
        let avg = avg.clamp(1.0, 5.0);
        let low = avg.floor();
        let high_share = ((avg - low) * seeded_count as f64).round() as i64;
        let low_index = low as usize - 1;
        counts[low_index] += seeded_count - high_share;
        if high_share > 0 {
            counts[(low_index + 1).min(4)] += high_share;
        }
    }
    (1..=5)
        .rev()
        .map(|stars| StarCount {
            stars,
            count: counts[stars as usize - 1],
        })
        .collect()
}

fn view(r: &PgRow, voted: bool) -> ReviewView {
    let reply: Option<String> = r.get("reply");
    ReviewView {
        id: r.get("ref"),
        rating: r.get("rating"),
        title: r.get("title"),
        text: r.get("body"),
        reviewer: r
            .get::<Option<String>, _>("reviewer")
            .unwrap_or_else(|| A_CUSTOMER.into()),
        verified: r.get("verified"),
        written_at: r.get("written_at"),
        edited_at: r.get("edited_at"),
        helpful: r.get("helpful"),
        voted_helpful: voted,
        reply: reply.map(|text| StoreReply {
            text,
            at: r
                .get::<Option<DateTime<Utc>>, _>("replied_at")
                .unwrap_or_else(Utc::now),
        }),
    }
}

const COLUMNS: &str = "review_id, ref, rating, title, body, reviewer, verified, written_at, \
    edited_at, helpful, reply, replied_at, status";

#[utoipa::path(get, path = "/api/product/{number}/reviews", tag = "reviews",
    summary = "A product's rating and a page of its published reviews",
    description = "The rating counts the catalog's starting figures and the reviews written here together. Ten reviews a page. `mine` is the signed-in customer's own review whatever its standing (a held one is shown to them only). `votedHelpful` is this visitor's. Per visitor: `private, no-store`.",
    params(
        ("number" = String, Path, description = "The product number"),
        ("sort" = inline(Option<ReviewSort>), Query, description = "`newest` (the default), `highest`, `lowest`, `helpful`"),
        ("pg" = Option<i64>, Query, minimum = 1, maximum = 1000, description = "The page, from 1 (at most 1000)"),
    ),
    responses(
        (status = 200, description = "OK", body = ReviewsAnswer),
        (status = 400, description = "Bad request: `InvalidText`; `InvalidQuery` (the query string cannot be read, or pg is not a number from 1 to 1000); `InvalidSort` ('sort must be newest, highest, lowest or helpful.').", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (`NotFound`, 'Product not found.').", body = kernel::http::ErrorBody),
    ))]
async fn reviews(
    State(state): State<QueryState>,
    identity: Identity,
    Path(number): Path<String>,
    params: Params,
) -> Result<Response, ApiError> {
    // Absent: the newest first; given, one of the four (a blank one too is refused).
    let sort = params
        .0
        .get("sort")
        .map(String::as_str)
        .unwrap_or("newest")
        .to_string();
    let order =
        order_by(&sort).ok_or_else(|| ApiError::bad_request("InvalidSort", INVALID_SORT))?;
    let page = match params.number("pg")? {
        None => 1,
        Some(p) if (1..=MAX_PAGE).contains(&p) => p,
        Some(_) => {
            return Err(ApiError::bad_request(
                "InvalidQuery",
                "pg must be a page from 1 to 1000.",
            ))
        }
    };
    if number.is_empty() || number.len() > 64 {
        return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
    }
    let product = sqlx::query(
        "SELECT p.rating_average::float8 AS seeded_average, p.rating_count AS seeded_count, \
         rs.count, rs.total, rs.stars FROM products p \
         LEFT JOIN review_stats rs ON rs.blain_number = p.blain_number WHERE p.blain_number = $1",
    )
    .bind(&number)
    .fetch_optional(&state.pool)
    .await?
    .ok_or(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND))?;
    let seeded_average: Option<f64> = product.get("seeded_average");
    let seeded_count = i64::from(product.get::<i32, _>("seeded_count"));
    let count = i64::from(product.get::<Option<i32>, _>("count").unwrap_or(0));
    let total_stars = i64::from(product.get::<Option<i32>, _>("total").unwrap_or(0));
    let stars: Vec<i32> = product
        .get::<Option<Vec<i32>>, _>("stars")
        .unwrap_or_default();
    let all = seeded_count + count;
    let average = (all > 0).then(|| {
        let sum = seeded_average.unwrap_or(0.0) * seeded_count as f64 + total_stars as f64;
        (sum / all as f64 * 10.0).round() / 10.0
    });
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM product_reviews WHERE blain_number = $1 AND status = 'Published' \
         ORDER BY {order} LIMIT $2 OFFSET $3"
    ))
    .bind(&number)
    .bind(PAGE_SIZE)
    .bind((page - 1) * PAGE_SIZE)
    .fetch_all(&state.pool)
    .await?;
    // The visitor as the votes record them (a keyed hash of the cookie's id).
    let voter = projections::model::privacy_keys()
        .ok()
        .map(|k| k.review_visitor(&identity.visitor_id));
    let ids: Vec<String> = rows.iter().map(|r| r.get("review_id")).collect();
    let voted: Vec<String> = match (&voter, ids.is_empty()) {
        (Some(voter), false) => {
            sqlx::query_scalar(
                "SELECT review_id FROM review_votes WHERE voter = $1 AND review_id = ANY($2)",
            )
            .bind(voter)
            .bind(&ids)
            .fetch_all(&state.pool)
            .await?
        }
        _ => vec![],
    };
    let reviews = rows
        .iter()
        .map(|r| view(r, voted.contains(&r.get::<String, _>("review_id"))))
        .collect();
    let mine = match kernel::session::signed_in(&state.pool, &identity).await? {
        Some(signed_in) => sqlx::query(&format!(
            "SELECT {COLUMNS} FROM product_reviews WHERE blain_number = $1 AND customer_id = $2"
        ))
        .bind(&number)
        .bind(&signed_in.customer_id)
        .fetch_optional(&state.pool)
        .await?
        .map(|r| MyReview {
            id: r.get("ref"),
            rating: r.get("rating"),
            title: r.get("title"),
            text: r.get("body"),
            status: r.get("status"),
            verified: r.get("verified"),
        }),
        None => None,
    };
    let answer = ReviewsAnswer {
        summary: RatingSummary {
            average,
            count: all,
            histogram: histogram(seeded_average, seeded_count, &stars),
        },
        reviews,
        total: count,
        page,
        pages: ((count + PAGE_SIZE - 1) / PAGE_SIZE).max(1),
        sort,
        mine,
    };
    Ok(([(header::CACHE_CONTROL, "private, no-store")], Json(answer)).into_response())
}

/// A review in the moderation queue.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedReview {
    pub id: String,
    pub product: String,
    /// The product's name.
    pub product_name: String,
    pub rating: i16,
    #[schema(required)]
    pub title: Option<String>,
    #[schema(required)]
    pub text: Option<String>,
    pub reviewer: String,
    pub verified: bool,
    /// `Published`, `Held` or `Hidden`.
    pub status: String,
    /// Why the moderation rule held it: `Link`, `Contact` or `Word`.
    #[schema(required)]
    pub hold_reason: Option<String>,
    /// Reports since a merchandiser last looked, and their reasons counted.
    pub reports: i32,
    pub report_reasons: serde_json::Value,
    pub helpful: i32,
    #[schema(required)]
    pub reply: Option<String>,
    pub written_at: DateTime<Utc>,
    #[schema(required)]
    pub edited_at: Option<DateTime<Utc>>,
    /// Who last published or hid it (a staff id), and why it was hidden.
    #[schema(required)]
    pub moderated_by: Option<String>,
    #[schema(required)]
    pub hidden_reason: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReviewQueue {
    /// Oldest first, at most 200.
    pub reviews: Vec<QueuedReview>,
}

pub const INVALID_QUEUE: &str = "show must be waiting, held, reported or hidden.";

#[utoipa::path(get, path = "/api/staff/reviews", tag = "reviews",
    summary = "Reviews for a merchandiser to look at: held and reported ones (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's.",
    params(
        ("show" = inline(Option<ReviewShow>), Query, description = "`waiting` (held or reported, the default), `held`, `reported`, `hidden`"),
    ),
    responses(
        (status = 200, description = "The reviews, oldest first", body = ReviewQueue),
        (status = 400, description = "Bad request: `InvalidText`; `InvalidQuery` (the query string cannot be read); `InvalidShow` ('show must be waiting, held, reported or hidden.').", body = kernel::http::ErrorBody),
    ))]
async fn queue(
    State(state): State<QueryState>,
    _staff: Staff<Merchandiser>,
    params: Params,
) -> Result<Json<ReviewQueue>, ApiError> {
    let filter = match params
        .0
        .get("show")
        .map(String::as_str)
        .unwrap_or("waiting")
    {
        "waiting" => "(r.status = 'Held' OR (r.status = 'Published' AND r.open_reports > 0))",
        "held" => "r.status = 'Held'",
        "reported" => "r.open_reports > 0",
        "hidden" => "r.status = 'Hidden'",
        _ => return Err(ApiError::bad_request("InvalidShow", INVALID_QUEUE)),
    };
    let rows = sqlx::query(&format!(
        "SELECT r.ref, r.blain_number, p.name, r.rating, r.title, r.body, r.reviewer, r.verified, \
         r.status, r.hold_reason, r.open_reports, r.report_reasons, r.helpful, r.reply, \
         r.written_at, r.edited_at, r.moderated_by, r.hidden_reason \
         FROM product_reviews r JOIN products p ON p.blain_number = r.blain_number \
         WHERE {filter} ORDER BY r.written_at, r.review_id LIMIT 200"
    ))
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(ReviewQueue {
        reviews: rows
            .iter()
            .map(|r| QueuedReview {
                id: r.get("ref"),
                product: r.get("blain_number"),
                product_name: r.get("name"),
                rating: r.get("rating"),
                title: r.get("title"),
                text: r.get("body"),
                reviewer: r
                    .get::<Option<String>, _>("reviewer")
                    .unwrap_or_else(|| A_CUSTOMER.into()),
                verified: r.get("verified"),
                status: r.get("status"),
                hold_reason: r.get("hold_reason"),
                reports: r.get("open_reports"),
                report_reasons: r.get("report_reasons"),
                helpful: r.get("helpful"),
                reply: r.get("reply"),
                written_at: r.get("written_at"),
                edited_at: r.get("edited_at"),
                moderated_by: r.get("moderated_by"),
                hidden_reason: r.get("hidden_reason"),
            })
            .collect(),
    }))
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(reviews, queue))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(h: &[StarCount]) -> Vec<i64> {
        h.iter().map(|s| s.count).collect()
    }

    #[test]
    fn the_starting_figures_spread_over_the_stars_around_their_average() {
        // 10 at 4.3: 7 fours and 3 fives (average 4.3), five stars first.
        assert_eq!(counts(&histogram(Some(4.3), 10, &[])), [3, 7, 0, 0, 0]);
        // Reviews written here add their own stars.
        assert_eq!(
            counts(&histogram(Some(5.0), 2, &[1, 0, 0, 0, 1])),
            [3, 0, 0, 0, 1]
        );
        assert_eq!(
            counts(&histogram(None, 0, &[0, 0, 2, 0, 0])),
            [0, 0, 2, 0, 0]
        );
        let h = histogram(Some(3.5), 7, &[]);
        assert_eq!(h.iter().map(|s| s.count).sum::<i64>(), 7);
        assert_eq!(h[0].stars, 5);
    }
}
