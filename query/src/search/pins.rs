//! The pins and redirect a search applies: the board's as projected (`pin_boards`), less the
//! rules scheduled outside their window at the time searched (now, or a merchandiser's
//! `HawkDate`); a merchandiser's preview may ask for the board's draft (`prv=draft`) or for an
//! earlier version of it (`prv=pins-N`, replayed from the board's events).

use std::collections::BTreeMap;

use chrono::Utc;
use cqrs_es::Aggregate;
use projections::model::pinboard::{in_force, Draft, PinBoard, PinEvent, Window};
use sqlx::PgPool;

use super::synonyms::Preview;

/// The pinned items in order and the redirect `board` applies for this search.
pub async fn board_rules(
    pool: &PgPool,
    board: &str,
    preview: Option<&Preview>,
) -> Result<(Vec<String>, Option<String>), sqlx::Error> {
    let at = preview.and_then(|p| p.at).unwrap_or_else(Utc::now);
    if let Some(version) = preview.and_then(|p| p.pins_version) {
        let events: Vec<serde_json::Value> = sqlx::query_scalar(
            "SELECT payload FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
             AND sequence <= $3 ORDER BY sequence",
        )
        .bind(PinBoard::TYPE)
        .bind(board)
        .bind(version)
        .fetch_all(pool)
        .await?;
        let mut then = PinBoard::default();
        for event in events {
            if let Ok(event) = serde_json::from_value::<PinEvent>(event) {
                then.apply(event);
            }
        }
        return Ok(then.in_force(at, false));
    }
    type Row = (
        Vec<String>,
        Option<String>,
        Option<serde_json::Value>,
        serde_json::Value,
    );
    let row: Option<Row> =
        sqlx::query_as("SELECT items, redirect, draft, schedules FROM pin_boards WHERE board = $1")
            .bind(board)
            .fetch_optional(pool)
            .await?;
    let Some((items, redirect, draft, schedules)) = row else {
        return Ok((vec![], None));
    };
    let draft = draft
        .filter(|_| preview.is_some_and(|p| p.drafts))
        .and_then(|d| serde_json::from_value::<Draft>(d).ok());
    let (pins, redirect) = match draft {
        Some(Draft { pins, redirect }) => (pins, redirect),
        None => (items, redirect),
    };
    let schedules: BTreeMap<String, Window> = match schedules.as_object() {
        Some(o) if o.is_empty() => BTreeMap::new(),
        _ => serde_json::from_value(schedules).unwrap_or_default(),
    };
    Ok(in_force(&pins, redirect.as_deref(), &schedules, at))
}
