//! The rewards projection: members (`rewards_members`: the rewards number, the customer linked,
//! the index keys) and the points ledger (`rewards_ledger`), from the RewardsMember aggregate's
//! events. Projected inline, so a join or a link counts from the answer that made it.

use command::rewards::{MemberEvent, RewardsMember};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct RewardsProjection;

const TYPES: [&str; 1] = [RewardsMember::TYPE];
const TABLES: [&str; 2] = ["rewards_ledger", "rewards_members"];

/// One ledger row.
struct Row<'a> {
    kind: &'a str,
    reference: &'a str,
    line: Option<&'a str>,
    points: i64,
    cents: i64,
}

async fn ledger(
    conn: &mut PgConnection,
    e: &StoredEvent,
    at: chrono::DateTime<chrono::Utc>,
    rows: &[Row<'_>],
) -> Result<(), ProjectionError> {
    for (entry, row) in rows.iter().enumerate() {
        sqlx::query(
            "INSERT INTO rewards_ledger (rewards_number, sequence, entry, kind, reference, line, \
             points, cents, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT DO NOTHING",
        )
        .bind(&e.aggregate_id)
        .bind(e.sequence)
        .bind(entry as i32)
        .bind(row.kind)
        .bind(row.reference)
        .bind(row.line)
        .bind(row.points)
        .bind(row.cents)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl Projection for RewardsProjection {
    fn name(&self) -> &'static str {
        "rewards"
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
        match e.typed::<MemberEvent>()? {
            MemberEvent::MemberEnrolled {
                phone_key,
                email_subject,
                customer_id,
                joined_at,
                at,
                ..
            } => {
                let joined_at = serde_json::to_value(joined_at)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default();
                sqlx::query(
                    "INSERT INTO rewards_members (rewards_number, customer_id, phone_key, \
                     email_subject, joined_at, enrolled_at, linked_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $2::text IS NULL THEN NULL ELSE $6 END) \
                     ON CONFLICT (rewards_number) DO NOTHING",
                )
                .bind(id)
                .bind(customer_id)
                .bind(phone_key)
                .bind(email_subject)
                .bind(joined_at)
                .bind(at)
                .execute(conn)
                .await?;
            }
            MemberEvent::MemberClosed { .. } => {
                // Its customer was erased: the member is no one's and found by no lookup; its
                // ledger stays (order numbers and points, nothing personal).
                sqlx::query("DELETE FROM rewards_members WHERE rewards_number = $1")
                    .bind(id)
                    .execute(conn)
                    .await?;
            }
            MemberEvent::MemberLinked { customer_id, at } => {
                sqlx::query(
                    "UPDATE rewards_members SET customer_id = $2, linked_at = $3 \
                     WHERE rewards_number = $1",
                )
                .bind(id)
                .bind(customer_id)
                .bind(at)
                .execute(conn)
                .await?;
            }
            MemberEvent::SaleRecorded {
                order_no,
                lines,
                at,
            } => {
                let rows: Vec<Row> = lines
                    .iter()
                    .map(|l| Row {
                        kind: "earned",
                        reference: &order_no,
                        line: Some(&l.line),
                        points: l.points,
                        cents: l.cents,
                    })
                    .collect();
                ledger(conn, e, at, &rows).await?;
            }
            MemberEvent::SaleReversed {
                order_no,
                lines,
                at,
            } => {
                let rows: Vec<Row> = lines
                    .iter()
                    .map(|l| Row {
                        kind: "reversed",
                        reference: &order_no,
                        line: Some(&l.line),
                        points: -l.points,
                        cents: 0,
                    })
                    .collect();
                ledger(conn, e, at, &rows).await?;
            }
            MemberEvent::GiftCardIssued {
                card_id,
                points,
                cents,
                at,
            } => {
                let row = Row {
                    kind: "giftCard",
                    reference: &card_id,
                    line: None,
                    points: -points,
                    cents,
                };
                ledger(conn, e, at, &[row]).await?;
            }
        }
        Ok(())
    }
}
