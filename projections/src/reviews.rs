//! The reviews projection (`product_reviews`, `review_votes`, `review_stats`) from the Review
//! aggregate's events, projected inline so a customer sees their review in the answer's next
//! read. The title, text and shown name are opened from their sealed copies; erasing the
//! customer's subject blanks them (the rating stays, from 'A customer'). `review_stats` is
//! counted again from the published rows of the product after each event, so it cannot drift.

use command::privacy::subject::{Subject, SubjectEvent};
use command::privacy::{vault, Sealed};
use command::reviews::{product_of, Review, ReviewContent, ReviewEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

/// A product's rating as shoppers see it, as SQL columns over `products p` joined to
/// [`rating_join!`]: the catalog's starting figures (the seeded history) and the published
/// reviews since, together: `rating_average` (one decimal, null without any) and
/// `rating_count`. A macro, so `concat!` can put it into other crates' SQL.
#[macro_export]
macro_rules! rating_columns {
    () => {
        "CASE WHEN p.rating_count + coalesce(rs.count, 0) = 0 THEN NULL \
         ELSE round((coalesce(p.rating_average, 0) * p.rating_count + coalesce(rs.total, 0)) \
         / (p.rating_count + coalesce(rs.count, 0)), 1)::float8 END AS rating_average, \
         p.rating_count + coalesce(rs.count, 0) AS rating_count"
    };
}

/// The join [`rating_columns!`] reads.
#[macro_export]
macro_rules! rating_join {
    () => {
        " LEFT JOIN review_stats rs ON rs.blain_number = p.blain_number "
    };
}

pub struct ReviewsProjection;

const TYPES: [&str; 2] = [Review::TYPE, Subject::TYPE];
const TABLES: [&str; 3] = ["review_votes", "review_stats", "product_reviews"];

async fn opened(
    conn: &mut PgConnection,
    s: &Option<Sealed>,
) -> Result<Option<String>, ProjectionError> {
    Ok(match s {
        Some(s) => vault::open(conn, s).await?.text(),
        None => None,
    })
}

#[async_trait::async_trait]
impl Projection for ReviewsProjection {
    fn name(&self) -> &'static str {
        "reviews"
    }
    fn aggregate_types(&self) -> &'static [&'static str] {
        &TYPES
    }
    fn tables(&self) -> &'static [&'static str] {
        &TABLES
    }
    fn inline(&self) -> bool {
        true
    }
    async fn apply_one(
        &self,
        conn: &mut PgConnection,
        e: &StoredEvent,
    ) -> Result<(), ProjectionError> {
        let id = &e.aggregate_id;
        if e.aggregate_type == Subject::TYPE {
            let SubjectEvent::SubjectForgotten { .. } = e.typed()?;
            sqlx::query(
                "UPDATE product_reviews SET title = NULL, body = NULL, reviewer = NULL WHERE subject = $1",
            )
            .bind(id)
            .execute(conn)
            .await?;
            return Ok(());
        }
        match e.typed::<ReviewEvent>()? {
            ReviewEvent::ReviewWritten(c) | ReviewEvent::ReviewEdited(c) => {
                write(conn, e, c).await?;
            }
            ReviewEvent::ReviewRemoved => {
                sqlx::query("DELETE FROM review_votes WHERE review_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                sqlx::query("DELETE FROM product_reviews WHERE review_id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
            ReviewEvent::ReviewPublished { staff_id } => {
                moderate(conn, e, "Published", &staff_id, None).await?;
            }
            ReviewEvent::ReviewHidden { staff_id, reason } => {
                moderate(conn, e, "Hidden", &staff_id, Some(reason)).await?;
            }
            ReviewEvent::ReviewReplied { text, .. } => {
                sqlx::query(
                    "UPDATE product_reviews SET reply = nullif($2, ''), \
                     replied_at = CASE WHEN $2 = '' THEN NULL ELSE coalesce($3, now()) END \
                     WHERE review_id = $1",
                )
                .bind(id)
                .bind(text)
                .bind(e.recorded_at)
                .execute(&mut *conn)
                .await?;
            }
            ReviewEvent::ReviewReported { reason, .. } => {
                let reason = serde_json::to_value(reason)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default();
                sqlx::query(
                    "UPDATE product_reviews SET open_reports = open_reports + 1, \
                     report_reasons = jsonb_set(report_reasons, ARRAY[$2], \
                       to_jsonb(coalesce((report_reasons->>$2)::int, 0) + 1)) \
                     WHERE review_id = $1",
                )
                .bind(id)
                .bind(reason)
                .execute(&mut *conn)
                .await?;
            }
            ReviewEvent::HelpfulVoted { voter } => {
                let added = sqlx::query(
                    "INSERT INTO review_votes (review_id, voter) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                )
                .bind(id)
                .bind(voter)
                .execute(&mut *conn)
                .await?
                .rows_affected();
                sqlx::query(
                    "UPDATE product_reviews SET helpful = helpful + $2 WHERE review_id = $1",
                )
                .bind(id)
                .bind(added as i32)
                .execute(&mut *conn)
                .await?;
            }
        }
        if let Some(product) = product_of(id) {
            count_stars(conn, product).await?;
        }
        Ok(())
    }
}

async fn write(
    conn: &mut PgConnection,
    e: &StoredEvent,
    c: ReviewContent,
) -> Result<(), ProjectionError> {
    let title = opened(conn, &c.title).await?;
    let body = opened(conn, &c.text).await?;
    let reviewer = opened(conn, &Some(c.reviewer.clone())).await?;
    let reference = command::privacy::keys()
        .map_err(ProjectionError::from)?
        .review_ref(&e.aggregate_id);
    let held = c.held.map(|h| format!("{h:?}"));
    // An edit keeps the review's first date; a hidden review edited waits again (Review::apply).
    sqlx::query(
        "INSERT INTO product_reviews (review_id, ref, blain_number, customer_id, subject, rating, \
         title, body, reviewer, verified, status, hold_reason, written_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
           CASE WHEN $11::text IS NULL THEN 'Published' ELSE 'Held' END, $11, coalesce($12, now())) \
         ON CONFLICT (review_id) DO UPDATE SET rating = $6, title = $7, body = $8, reviewer = $9, \
           verified = $10, hold_reason = $11, edited_at = coalesce($12, now()), \
           status = CASE WHEN $11::text IS NOT NULL OR product_reviews.status = 'Hidden' \
             THEN 'Held' ELSE 'Published' END",
    )
    .bind(&e.aggregate_id)
    .bind(reference)
    .bind(&c.product)
    .bind(&c.customer)
    .bind(&c.subject)
    .bind(c.rating as i16)
    .bind(title)
    .bind(body)
    .bind(reviewer)
    .bind(c.verified)
    .bind(held)
    .bind(e.recorded_at)
    .execute(conn)
    .await?;
    Ok(())
}

async fn moderate(
    conn: &mut PgConnection,
    e: &StoredEvent,
    status: &str,
    staff_id: &str,
    reason: Option<String>,
) -> Result<(), ProjectionError> {
    sqlx::query(
        "UPDATE product_reviews SET status = $2, open_reports = 0, report_reasons = '{}', \
         moderated_by = $3, moderated_at = coalesce($4, now()), hidden_reason = $5 \
         WHERE review_id = $1",
    )
    .bind(&e.aggregate_id)
    .bind(status)
    .bind(staff_id)
    .bind(e.recorded_at)
    .bind(reason)
    .execute(conn)
    .await?;
    Ok(())
}

/// Counts the product's published reviews per star again.
async fn count_stars(conn: &mut PgConnection, product: &str) -> Result<(), ProjectionError> {
    sqlx::query(
        "INSERT INTO review_stats (blain_number, count, total, stars) \
         SELECT $1, count(*), coalesce(sum(rating), 0), \
           ARRAY[count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), \
                 count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), \
                 count(*) FILTER (WHERE rating = 5)]::int[] \
         FROM product_reviews WHERE blain_number = $1 AND status = 'Published' \
         ON CONFLICT (blain_number) DO UPDATE SET count = EXCLUDED.count, total = EXCLUDED.total, \
           stars = EXCLUDED.stars",
    )
    .bind(product)
    .execute(conn)
    .await?;
    Ok(())
}
