//! The merchandising projection: pin boards and their items in order, and the popular lists'
//! blocklists. Projected inline (in the appending transaction), so a pin shows in the very next
//! search and a blocked term leaves the popular searches with the next read.

use command::merch::blocklist::{BlocklistEvent, PopularBlocklist};
use command::merch::pinboard::{PinBoard, PinEvent};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct MerchProjection;

const TYPES: [&str; 2] = [PinBoard::TYPE, PopularBlocklist::TYPE];
const TABLES: [&str; 2] = ["pin_boards", "popular_blocks"];

#[async_trait::async_trait]
impl Projection for MerchProjection {
    fn name(&self) -> &'static str {
        "merch"
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
        if e.aggregate_type == PopularBlocklist::TYPE {
            let list = &e.aggregate_id;
            let sql = match e.typed::<BlocklistEvent>()? {
                BlocklistEvent::Blocked { value } => sqlx::query(
                    "INSERT INTO popular_blocks (list, value, blocked_at) VALUES ($1, $2, coalesce($3, now())) \
                     ON CONFLICT (list, value) DO NOTHING",
                )
                .bind(list)
                .bind(value)
                .bind(e.recorded_at),
                BlocklistEvent::Unblocked { value } => {
                    sqlx::query("DELETE FROM popular_blocks WHERE list = $1 AND value = $2")
                        .bind(list)
                        .bind(value)
                }
            };
            sql.execute(conn).await?;
            return Ok(());
        }
        let board = &e.aggregate_id;
        let sql = match e.typed::<PinEvent>()? {
            PinEvent::Pinned { item_id } => sqlx::query(
                "INSERT INTO pin_boards (board, items) VALUES ($1, ARRAY[$2]) ON CONFLICT (board) \
                 DO UPDATE SET items = $2 || array_remove(pin_boards.items, $2)",
            )
            .bind(board)
            .bind(item_id),
            PinEvent::Unpinned { item_id } => sqlx::query(
                "UPDATE pin_boards SET items = array_remove(items, $2) WHERE board = $1",
            )
            .bind(board)
            .bind(item_id),
            PinEvent::RedirectSet { url } => sqlx::query(
                "INSERT INTO pin_boards (board, items, redirect) VALUES ($1, '{}', $2) ON CONFLICT (board) \
                 DO UPDATE SET redirect = $2",
            )
            .bind(board)
            .bind(url),
            PinEvent::RedirectRemoved => {
                sqlx::query("UPDATE pin_boards SET redirect = NULL WHERE board = $1").bind(board)
            }
            PinEvent::PinsReordered { items } => sqlx::query(
                "INSERT INTO pin_boards (board, items) VALUES ($1, $2) ON CONFLICT (board) DO UPDATE SET items = $2",
            )
            .bind(board)
            .bind(items),
        };
        sql.execute(conn).await?;
        Ok(())
    }
}
