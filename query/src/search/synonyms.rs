//! The synonym rule set on the read side:
//!
//! * every query process keeps its engine's rules at the published version ([`keep_current`]:
//!   loaded at start and again on each `synonyms_published` notification, so a published rule
//!   reaches every replica as its transaction commits; a reindex leaves the rules alone, as they
//!   apply when queries are built);
//! * merchandisers read the set, its drafts and its versions (`GET /api/staff/merch/synonyms`,
//!   `…/versions`, `…/versions/{version}`), each change with the staff id from its event;
//! * a merchandiser's search may preview the rules as of an earlier version or with the drafts
//!   applied, and the scheduled rules as of a date ([`preview`]: the URL contract's `prv` and
//!   `HawkDate` on `/api/search`), never a shopper's.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::request::Parts;
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, NaiveDate, Utc};
use kernel::http::ApiError;
use kernel::staff::{Merchandiser, Staff};
use projections::merch::SYNONYMS_CHANNEL;
use search_indexer::synonyms::Synonyms;
use search_indexer::SearchEngine;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::QueryState;

pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/merch/synonyms", get(current))
        .route("/api/staff/merch/synonyms/versions", get(versions))
        .route("/api/staff/merch/synonyms/versions/{version}", get(version))
        .with_state(state)
}

/// A rule as the read model holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SynonymRuleView)]
pub struct Rule {
    pub id: String,
    pub words: String,
    pub replacement: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<DateTime<Utc>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ends_at: Option<DateTime<Utc>>,
}

fn engine_set(version: u32, rules: &[Rule]) -> Synonyms {
    Synonyms::new(
        version,
        rules.iter().map(|r| {
            (
                r.words.as_str(),
                r.replacement.as_str(),
                r.starts_at,
                r.ends_at,
            )
        }),
    )
}

fn rules_of(value: serde_json::Value) -> Vec<Rule> {
    serde_json::from_value(value).unwrap_or_default()
}

/// The published version and its rules (none before the set is seeded).
pub async fn published(pool: &PgPool) -> Result<Option<(u32, Vec<Rule>)>, sqlx::Error> {
    let row: Option<(i32, serde_json::Value)> =
        sqlx::query_as("SELECT version, rules FROM synonym_versions ORDER BY version DESC LIMIT 1")
            .fetch_optional(pool)
            .await?;
    Ok(row.map(|(v, rules)| (v as u32, rules_of(rules))))
}

/// Loads the published rules into `engine` (an unseeded set leaves the starter list).
pub async fn load(pool: &PgPool, engine: &SearchEngine) -> Result<(), sqlx::Error> {
    if let Some((version, rules)) = published(pool).await? {
        if engine.synonyms().version != version {
            engine.set_synonyms(engine_set(version, &rules));
            tracing::info!(version, rules = rules.len(), "synonym rules loaded");
        }
    }
    Ok(())
}

/// Keeps `engine`'s rules at the published version until `stop`.
pub async fn keep_current(
    pool: PgPool,
    engine: Arc<SearchEngine>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let mut listener = match sqlx::postgres::PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "synonym listener cannot connect; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(2)) => continue,
                    _ = stop.changed() => return,
                }
            }
        };
        if let Err(e) = listener.listen(SYNONYMS_CHANNEL).await {
            tracing::warn!(error = %e, "synonym listener cannot listen; retrying");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        // What was published while nobody listened.
        if let Err(e) = load(&pool, &engine).await {
            tracing::warn!(error = %e, "synonym rules could not be loaded");
        }
        loop {
            tokio::select! {
                n = listener.recv() => match n {
                    Ok(_) => {
                        if let Err(e) = load(&pool, &engine).await {
                            tracing::warn!(error = %e, "synonym rules could not be loaded");
                        }
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "synonym listener lost its connection");
                        break;
                    }
                },
                _ = stop.changed() => return,
            }
        }
    }
}

/// A rule's draft: the rule as it will be, or none for its removal.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SynonymDraftView)]
pub struct DraftView {
    pub rule_id: String,
    pub rule: Option<Rule>,
    /// Who drafted it (a staff id), from its event.
    pub staff_id: Option<String>,
    pub drafted_at: DateTime<Utc>,
}

/// The rule set now: the published version, its rules and the drafts waiting.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SynonymSetView)]
pub struct SetView {
    /// 0 before the starter list is seeded (`storefront migrate`).
    pub version: u32,
    pub rules: Vec<Rule>,
    pub drafts: Vec<DraftView>,
}

/// One version of the set: how it came to be and who made it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SynonymVersionView)]
pub struct VersionView {
    pub version: u32,
    /// `seeded`, `published`, `removed` or `rolled-back`.
    pub change: String,
    /// The rule published or removed.
    pub rule_id: Option<String>,
    /// The version a rollback published again.
    pub to_version: Option<u32>,
    /// Who made it (a staff id), from its event.
    pub staff_id: Option<String>,
    pub published_at: DateTime<Utc>,
    pub rule_count: u32,
    /// The version's rules (`GET …/versions/{version}` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<Rule>>,
}

const STAFF_OF: &str =
    "(SELECT e.metadata->>'staffId' FROM events e WHERE e.aggregate_type = 'SynonymSet' \
     AND e.aggregate_id = 'search' AND e.sequence = x.sequence)";

const DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's.";

#[utoipa::path(get, path = "/api/staff/merch/synonyms", tag = "merchandising",
    summary = "The synonym rules: the published version and the drafts (merchandisers)",
    description = DESCRIPTION,
    responses((status = 200, description = "OK", body = SetView)))]
async fn current(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
) -> Result<Json<SetView>, ApiError> {
    let (version, rules) = published(&state.pool).await?.unwrap_or_default();
    let drafts: Vec<DraftRow> = sqlx::query_as(&format!(
            "SELECT x.rule_id, x.rule, {STAFF_OF}, x.drafted_at FROM synonym_drafts x ORDER BY x.drafted_at, x.rule_id"
        ))
        .fetch_all(&state.pool)
        .await?;
    Ok(Json(SetView {
        version,
        rules,
        drafts: drafts
            .into_iter()
            .map(|(rule_id, rule, staff_id, drafted_at)| DraftView {
                rule_id,
                rule: rule.and_then(|r| serde_json::from_value(r).ok()),
                staff_id,
                drafted_at,
            })
            .collect(),
    }))
}

/// A draft as read: rule id, rule (none: a removal), staff id, time.
type DraftRow = (
    String,
    Option<serde_json::Value>,
    Option<String>,
    DateTime<Utc>,
);

type VersionRow = (
    i32,
    String,
    Option<String>,
    Option<i32>,
    Option<String>,
    DateTime<Utc>,
    serde_json::Value,
);

fn version_view(row: VersionRow, with_rules: bool) -> VersionView {
    let (version, change, rule_id, to_version, staff_id, published_at, rules) = row;
    let rules = rules_of(rules);
    VersionView {
        version: version as u32,
        change,
        rule_id,
        to_version: to_version.map(|v| v as u32),
        staff_id,
        published_at,
        rule_count: rules.len() as u32,
        rules: with_rules.then_some(rules),
    }
}

const VERSION_COLUMNS: &str = "x.version, x.change, x.rule_id, x.to_version";

#[utoipa::path(get, path = "/api/staff/merch/synonyms/versions", tag = "merchandising",
    summary = "Every version of the synonym rules, newest first (merchandisers)",
    description = DESCRIPTION,
    responses((status = 200, description = "OK", body = Vec<VersionView>)))]
async fn versions(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
) -> Result<Json<Vec<VersionView>>, ApiError> {
    let rows: Vec<VersionRow> = sqlx::query_as(&format!(
        "SELECT {VERSION_COLUMNS}, {STAFF_OF}, x.published_at, x.rules FROM synonym_versions x \
         ORDER BY x.version DESC LIMIT 1000"
    ))
    .fetch_all(&state.pool)
    .await?;
    Ok(Json(
        rows.into_iter().map(|r| version_view(r, false)).collect(),
    ))
}

#[utoipa::path(get, path = "/api/staff/merch/synonyms/versions/{version}", tag = "merchandising",
    summary = "One version of the synonym rules with its rules (merchandisers)",
    description = DESCRIPTION,
    params(("version" = u32, Path, minimum = 1, description = "The version")),
    responses(
        (status = 200, description = "OK", body = VersionView),
        (status = 404, description = "No such version (`NotFound`, 'Version not found.').", body = kernel::http::ErrorBody),
    ))]
async fn version(
    State(state): State<QueryState>,
    _merchandiser: Staff<Merchandiser>,
    Path(version): Path<String>,
) -> Result<Json<VersionView>, ApiError> {
    let Some(version) = version.parse::<i32>().ok().filter(|v| *v > 0) else {
        return Err(ApiError::NotFoundMessage(VERSION_NOT_FOUND));
    };
    let row: Option<VersionRow> = sqlx::query_as(&format!(
        "SELECT {VERSION_COLUMNS}, {STAFF_OF}, x.published_at, x.rules FROM synonym_versions x \
         WHERE x.version = $1"
    ))
    .bind(version)
    .fetch_optional(&state.pool)
    .await?;
    row.map(|r| Json(version_view(r, true)))
        .ok_or(ApiError::NotFoundMessage(VERSION_NOT_FOUND))
}

pub const VERSION_NOT_FOUND: &str = "Version not found.";

/// What a merchandiser's search previews.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SearchPreview)]
pub struct Preview {
    /// The version of the synonym rules searched (the published one unless asked otherwise).
    pub synonyms_version: u32,
    /// Whether the drafts were applied over it (synonym drafts, and the pin board's draft).
    pub drafts: bool,
    /// The version of the search's pin board shown (`prv=pins-N`), else its current pins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pins_version: Option<i64>,
    /// The time scheduled rules were taken at (`HawkDate`).
    #[schema(required)]
    pub at: Option<DateTime<Utc>>,
    #[serde(skip)]
    pub rules: Option<Arc<Synonyms>>,
}

fn invalid_prv() -> ApiError {
    ApiError::bad_request(
        "InvalidPreview",
        "prv must be draft, a version number of the synonym rules, or pins- and a version of the search's pin board.",
    )
}

/// `HawkDate`: a day (its start, UTC) or an RFC 3339 time.
fn hawk_date(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
                .map(|t| t.and_utc())
        })
}

/// The preview a search asks for with `prv=draft` (the published rules with every draft
/// applied) or `prv=N` (version N), and `HawkDate` (scheduled rules as of that day or time),
/// when a merchandiser asks; none for anyone else, whose search is the shoppers'. Refused (400)
/// only for a merchandiser's malformed preview.
pub async fn preview(
    state: &QueryState,
    parts: &Parts,
    prv: Option<&str>,
    hawk_date_param: Option<&str>,
) -> Result<Option<Preview>, ApiError> {
    let synonyms = prv.map(str::trim).filter(|s| !s.is_empty());
    let at_text = hawk_date_param.map(str::trim).filter(|s| !s.is_empty());
    if synonyms.is_none() && at_text.is_none() {
        return Ok(None);
    }
    let Ok(member) = state.staff.authenticate(parts).await else {
        return Ok(None);
    };
    if !member.has(kernel::staff::Role::Merchandiser) {
        return Ok(None);
    }
    let at = match at_text {
        None => None,
        Some(text) => Some(hawk_date(text).ok_or_else(|| {
            ApiError::bad_request(
                "InvalidPreview",
                "HawkDate must be a day like 2026-12-24 or a time like 2026-12-24T09:00:00Z.",
            )
        })?),
    };
    let (published_version, published_rules) = published(&state.pool).await?.unwrap_or_default();
    let (version, drafts, rules) = match synonyms {
        None => (published_version, false, None),
        Some("draft") => {
            let drafts: Vec<(String, Option<serde_json::Value>)> =
                sqlx::query_as("SELECT rule_id, rule FROM synonym_drafts")
                    .fetch_all(&state.pool)
                    .await?;
            let mut rules = published_rules;
            for (id, draft) in drafts {
                let draft: Option<Rule> = draft.and_then(|d| serde_json::from_value(d).ok());
                match (rules.iter().position(|r| r.id == id), draft) {
                    (Some(i), Some(rule)) => rules[i] = rule,
                    (None, Some(rule)) => rules.push(rule),
                    (Some(i), None) => {
                        rules.remove(i);
                    }
                    (None, None) => {}
                }
            }
            (published_version, true, Some(rules))
        }
        Some(pins) if pins.starts_with("pins-") => {
            let version = pins["pins-".len()..]
                .parse::<i64>()
                .ok()
                .filter(|v| *v > 0)
                .ok_or_else(invalid_prv)?;
            return Ok(Some(Preview {
                synonyms_version: published_version,
                drafts: false,
                pins_version: Some(version),
                at,
                rules: None,
            }));
        }
        Some(number) => {
            let version = number
                .parse::<i32>()
                .ok()
                .filter(|v| *v > 0)
                .ok_or_else(invalid_prv)?;
            let rules: serde_json::Value =
                sqlx::query_scalar("SELECT rules FROM synonym_versions WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&state.pool)
                    .await?
                    .ok_or(ApiError::NotFoundMessage(VERSION_NOT_FOUND))?;
            (version as u32, false, Some(rules_of(rules)))
        }
    };
    Ok(Some(Preview {
        synonyms_version: version,
        drafts,
        pins_version: None,
        at,
        rules: rules.map(|r| Arc::new(engine_set(version, &r))),
    }))
}

/// This module's operations in the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(current, versions, version))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hawk_date_is_a_day_or_a_time() {
        assert_eq!(
            hawk_date("2026-12-24").unwrap().to_rfc3339(),
            "2026-12-24T00:00:00+00:00"
        );
        assert_eq!(
            hawk_date("2026-12-24T09:30:00-05:00").unwrap().to_rfc3339(),
            "2026-12-24T14:30:00+00:00"
        );
        assert!(hawk_date("Christmas").is_none());
    }
}
