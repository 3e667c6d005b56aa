//! The merchandising projection: pin boards and their items in order, the popular lists'
//! blocklists, and the synonym rule set's versions and drafts. Projected inline (in the
//! appending transaction), so a pin shows in the very next search and a blocked term leaves the
//! popular searches with the next read; a newly published synonym version is announced on
//! [`SYNONYMS_CHANNEL`] when the transaction commits, and every query process loads it.

use command::merch::blocklist::{BlocklistEvent, PopularBlocklist};
use command::merch::pinboard::{PinBoard, PinEvent};
use command::merch::synonyms::{SynonymEvent, SynonymSet};
use cqrs_es::Aggregate;
use sqlx::PgConnection;

use crate::engine::{Projection, ProjectionError, StoredEvent, Typed};

pub struct MerchProjection;

const TYPES: [&str; 3] = [PinBoard::TYPE, PopularBlocklist::TYPE, SynonymSet::TYPE];
const TABLES: [&str; 4] = [
    "pin_boards",
    "popular_blocks",
    "synonym_versions",
    "synonym_drafts",
];

/// The PostgreSQL channel a published synonym version is announced on (its number).
pub const SYNONYMS_CHANNEL: &str = "synonyms_published";

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
        if e.aggregate_type == SynonymSet::TYPE {
            return apply_synonyms(conn, e).await;
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
            PinEvent::BoardRestored { pins, redirect, .. }
            | PinEvent::DraftPublished { pins, redirect } => sqlx::query(
                "INSERT INTO pin_boards (board, items, redirect) VALUES ($1, $2, $3) ON CONFLICT (board) \
                 DO UPDATE SET items = $2, redirect = $3, draft = NULL",
            )
            .bind(board)
            .bind(pins)
            .bind(redirect),
            PinEvent::DraftSaved { pins, redirect } => sqlx::query(
                "INSERT INTO pin_boards (board, items, draft) VALUES ($1, '{}', $2) ON CONFLICT (board) \
                 DO UPDATE SET draft = $2",
            )
            .bind(board)
            .bind(serde_json::json!({ "pins": pins, "redirect": redirect })),
            PinEvent::DraftDiscarded => {
                sqlx::query("UPDATE pin_boards SET draft = NULL WHERE board = $1").bind(board)
            }
            PinEvent::RuleScheduled {
                rule,
                starts_at,
                ends_at,
            } => {
                let window = serde_json::json!({ "startsAt": starts_at, "endsAt": ends_at });
                sqlx::query(
                    "UPDATE pin_boards SET schedules = CASE WHEN $3 THEN schedules - $2 \
                     ELSE schedules || jsonb_build_object($2::text, $4::jsonb) END WHERE board = $1",
                )
                .bind(board)
                .bind(rule)
                .bind(starts_at.is_none() && ends_at.is_none())
                .bind(window)
            }
            PinEvent::PinsReordered { items } => sqlx::query(
                "INSERT INTO pin_boards (board, items) VALUES ($1, $2) ON CONFLICT (board) DO UPDATE SET items = $2",
            )
            .bind(board)
            .bind(items),
        };
        sql.execute(&mut *conn).await?;
        // A window lasts as long as its rule (as the board does: PinBoard::apply).
        sqlx::query(
            "UPDATE pin_boards SET schedules = (SELECT coalesce(jsonb_object_agg(k, v), '{}') \
             FROM jsonb_each(schedules) AS s(k, v) WHERE (k LIKE 'pin:%' AND substr(k, 5) = ANY(items)) \
             OR (k = 'redirect' AND redirect IS NOT NULL)) WHERE board = $1 AND schedules <> '{}'",
        )
        .bind(board)
        .execute(conn)
        .await?;
        Ok(())
    }
}

async fn apply_synonyms(conn: &mut PgConnection, e: &StoredEvent) -> Result<(), ProjectionError> {
    let (version, rules, change, rule_id, to_version) = match e.typed::<SynonymEvent>()? {
        SynonymEvent::SynonymDrafted { rule } => {
            sqlx::query(
                "INSERT INTO synonym_drafts (rule_id, rule, sequence, drafted_at) \
                 VALUES ($1, $2, $3, coalesce($4, now())) ON CONFLICT (rule_id) DO UPDATE \
                 SET rule = $2, sequence = $3, drafted_at = coalesce($4, now())",
            )
            .bind(&rule.id)
            .bind(json(&rule))
            .bind(e.sequence)
            .bind(e.recorded_at)
            .execute(conn)
            .await?;
            return Ok(());
        }
        SynonymEvent::SynonymRemovalDrafted { rule_id } => {
            sqlx::query(
                "INSERT INTO synonym_drafts (rule_id, rule, sequence, drafted_at) \
                 VALUES ($1, NULL, $2, coalesce($3, now())) ON CONFLICT (rule_id) DO UPDATE \
                 SET rule = NULL, sequence = $2, drafted_at = coalesce($3, now())",
            )
            .bind(&rule_id)
            .bind(e.sequence)
            .bind(e.recorded_at)
            .execute(conn)
            .await?;
            return Ok(());
        }
        SynonymEvent::SynonymDraftDiscarded { rule_id } => {
            sqlx::query("DELETE FROM synonym_drafts WHERE rule_id = $1")
                .bind(&rule_id)
                .execute(conn)
                .await?;
            return Ok(());
        }
        SynonymEvent::SynonymsSeeded { version, rules } => {
            (version, json(&rules), "seeded", None, None)
        }
        SynonymEvent::SynonymsRolledBack {
            version,
            to_version,
            rules,
        } => (version, json(&rules), "rolled-back", None, Some(to_version)),
        SynonymEvent::SynonymPublished {
            version,
            rule_id,
            rule,
        } => {
            // The version before, with the rule in its place (added at the end when new), or
            // without it.
            let before: Option<serde_json::Value> =
                sqlx::query_scalar("SELECT rules FROM synonym_versions WHERE version = $1")
                    .bind(version as i32 - 1)
                    .fetch_optional(&mut *conn)
                    .await?;
            let mut rules: Vec<serde_json::Value> = before
                .and_then(|v| v.as_array().cloned())
                .unwrap_or_default();
            let at = rules.iter().position(|r| r["id"] == rule_id.as_str());
            let change = match (&rule, at) {
                (Some(rule), Some(i)) => {
                    rules[i] = json(rule);
                    "published"
                }
                (Some(rule), None) => {
                    rules.push(json(rule));
                    "published"
                }
                (None, Some(i)) => {
                    rules.remove(i);
                    "removed"
                }
                (None, None) => "removed",
            };
            sqlx::query("DELETE FROM synonym_drafts WHERE rule_id = $1")
                .bind(&rule_id)
                .execute(&mut *conn)
                .await?;
            (
                version,
                serde_json::Value::Array(rules),
                change,
                Some(rule_id),
                None,
            )
        }
    };
    sqlx::query(
        "INSERT INTO synonym_versions (version, rules, change, rule_id, to_version, sequence, published_at) \
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7, now())) ON CONFLICT (version) DO NOTHING",
    )
    .bind(version as i32)
    .bind(rules)
    .bind(change)
    .bind(rule_id)
    .bind(to_version.map(|v| v as i32))
    .bind(e.sequence)
    .bind(e.recorded_at)
    .execute(&mut *conn)
    .await?;
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(SYNONYMS_CHANNEL)
        .bind(version.to_string())
        .execute(conn)
        .await?;
    Ok(())
}

/// A part of the rule set as its read model's JSON.
fn json<T: serde::Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}
