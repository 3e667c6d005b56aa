//! The synonym rule set's changes, merchandisers only, each an event of the one `SynonymSet`
//! with the staff id in its metadata (`command::merch::synonyms`):
//!
//! * `POST /api/staff/merch/synonyms/draft` — a draft of a new rule (no `ruleId`: the server
//!   issues one) or of a change to a rule (`ruleId`);
//! * `POST /api/staff/merch/synonyms/draft-removal` — a draft removing a published rule;
//! * `POST /api/staff/merch/synonyms/discard` — drops a rule's draft;
//! * `POST /api/staff/merch/synonyms/publish` — publishes one rule's draft (a new version);
//! * `POST /api/staff/merch/synonyms/rollback` — publishes an earlier version's rules again.
//!
//! Each answers the set as it now is. Reads (the versions, their differences, a preview of the
//! search as of a version or with the drafts) are the query side's.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::merch::synonyms::{
    Draft, SynonymCommand, SynonymError, SynonymRule, SynonymSet, SYNONYM_SET,
};
use crate::routes::CommandState;
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::IdempotencyKey;
use kernel::staff::{Merchandiser, Staff};

pub fn staff_router(state: CommandState) -> Router {
    Router::new()
        .route("/api/staff/merch/synonyms/draft", post(draft))
        .route(
            "/api/staff/merch/synonyms/draft-removal",
            post(draft_removal),
        )
        .route("/api/staff/merch/synonyms/discard", post(discard))
        .route("/api/staff/merch/synonyms/publish", post(publish))
        .route("/api/staff/merch/synonyms/rollback", post(rollback))
        .with_state(state)
}

/// A rule as drafted: no `ruleId` for a new one.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymDraftRequest {
    /// The rule changed; absent for a new rule.
    #[serde(default)]
    #[schema(max_length = 64)]
    pub rule_id: Option<String>,
    /// The words shoppers search (at most 100 characters, 8 words).
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub words: Option<String>,
    /// What they also mean (at most 100 characters, 8 words).
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub replacement: Option<String>,
    /// When the rule starts to apply (RFC 3339); absent: at once.
    #[serde(default)]
    pub starts_at: Option<DateTime<Utc>>,
    /// When it stops (RFC 3339); absent: never.
    #[serde(default)]
    pub ends_at: Option<DateTime<Utc>>,
}

/// The rule a removal, discard or publish is about.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymRuleRequest {
    #[serde(default)]
    #[schema(max_length = 64)]
    pub rule_id: Option<String>,
}

/// The version a rollback publishes again.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymRollbackRequest {
    #[serde(default)]
    #[schema(minimum = 1)]
    pub version: Option<i64>,
}

/// A rule's draft: the rule as it will be, or none for its removal.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SynonymDraftAnswer {
    pub rule_id: String,
    pub rule: Option<SynonymRule>,
}

/// The rule set after a change.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SynonymSetAnswer)]
pub struct SetAnswer {
    #[schema(schema_with = crate::routes::doc::always_true)]
    pub success: bool,
    /// The published version.
    pub version: u32,
    /// Its rules.
    pub rules: Vec<SynonymRule>,
    pub drafts: Vec<SynonymDraftAnswer>,
}

impl SetAnswer {
    pub fn of(set: &SynonymSet) -> Self {
        SetAnswer {
            success: true,
            version: set.version(),
            rules: set.published().to_vec(),
            drafts: set
                .drafts
                .iter()
                .map(|(id, d)| SynonymDraftAnswer {
                    rule_id: id.clone(),
                    rule: match d {
                        Draft::Rule(r) => Some(r.clone()),
                        Draft::Removal => None,
                    },
                })
                .collect(),
        }
    }
}

/// 404 for what is not there, 422 otherwise (`SynonymRefused`).
impl From<SynonymError> for ApiError {
    fn from(e: SynonymError) -> Self {
        let status = match e {
            SynonymError::UnknownRule | SynonymError::NoDraft | SynonymError::UnknownVersion => {
                StatusCode::NOT_FOUND
            }
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        ApiError::refused(status, "SynonymRefused", e.to_string())
    }
}

/// A rule id as sent: present, at most 64 characters.
fn rule_id(id: Option<&str>) -> Result<String, ApiError> {
    id.map(str::trim)
        .filter(|i| !i.is_empty() && i.len() <= 64)
        .map(String::from)
        .ok_or_else(|| ApiError::bad_request("InvalidRule", "Please choose a rule."))
}

async fn run(
    state: &CommandState,
    staff: &Staff<Merchandiser>,
    key: &Option<Extension<IdempotencyKey>>,
    command: SynonymCommand,
) -> Response {
    let metadata = serde_json::json!({ "staffId": staff.id() });
    crate::routes::run_staff_command(state, key, SYNONYM_SET, command, metadata, SetAnswer::of)
        .await
}

/// Runs the command a request about one rule asks for.
async fn on_rule(
    state: &CommandState,
    staff: &Staff<Merchandiser>,
    key: &Option<Extension<IdempotencyKey>>,
    request: SynonymRuleRequest,
    command: fn(String) -> SynonymCommand,
) -> Response {
    match rule_id(request.rule_id.as_deref()) {
        Ok(rule_id) => run(state, staff, key, command(rule_id)).await,
        Err(e) => e.into_response(),
    }
}

const DESCRIPTION: &str = "Staff only, the merchandiser role: a staff session (with its anti-forgery token) or `Authorization: Bearer` with a staff token; 401 without valid staff credentials, 403 with another role's. The synonym rules are one versioned set: a draft changes nothing shoppers see until that rule is published (a new version); a rollback publishes an earlier version's rules again. The staff id is recorded in the event's metadata. Answers the set: its version, rules and drafts.";

const REFUSED: &str = "The body has the wrong shape (`InvalidInput`), the Idempotency-Key was used for another request (`IdempotencyKeyReused`), or the rule set refused the change (`SynonymRefused`: empty or too long sides, the same words on both sides, another rule for the same words, a start not before the end, too many rules or drafts, or the version already published).";

#[utoipa::path(post, path = "/api/staff/merch/synonyms/draft", tag = "merchandising",
    summary = "Draft a new synonym rule or a change to one (merchandisers)",
    description = DESCRIPTION,
    request_body = SynonymDraftRequest,
    responses(
        (status = 200, description = "The rule set with the draft", body = SetAnswer),
        (status = 400, description = "`MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 404, description = "`SynonymRefused`: no rule has that id.", body = kernel::http::ErrorBody),
        (status = 422, description = REFUSED, body = kernel::http::ErrorBody),
    ))]
async fn draft(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<SynonymDraftRequest>,
) -> Response {
    let side = |s: Option<String>| -> Result<String, ApiError> {
        let s = s.unwrap_or_default();
        if s.chars().count() > 1000 {
            return Err(SynonymError::TooLong.into());
        }
        Ok(s)
    };
    let (words, replacement) = match (side(request.words), side(request.replacement)) {
        (Ok(w), Ok(r)) => (w, r),
        (Err(e), _) | (_, Err(e)) => return e.into_response(),
    };
    let (id, new) = match request.rule_id.as_deref() {
        None => (
            format!("r{}", &uuid::Uuid::new_v4().simple().to_string()[..12]),
            true,
        ),
        Some(id) => match rule_id(Some(id)) {
            Ok(id) => (id, false),
            Err(e) => return e.into_response(),
        },
    };
    let rule = SynonymRule {
        id,
        words,
        replacement,
        starts_at: request.starts_at,
        ends_at: request.ends_at,
    };
    run(
        &state,
        &staff,
        &key,
        SynonymCommand::DraftRule { rule, new },
    )
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/synonyms/draft-removal", tag = "merchandising",
    summary = "Draft a synonym rule's removal (merchandisers)",
    description = DESCRIPTION,
    request_body = SynonymRuleRequest,
    responses(
        (status = 200, description = "The rule set with the draft", body = SetAnswer),
        (status = 400, description = "`InvalidRule` ('Please choose a rule.'), `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 404, description = "`SynonymRefused`: no published rule has that id.", body = kernel::http::ErrorBody),
        (status = 422, description = REFUSED, body = kernel::http::ErrorBody),
    ))]
async fn draft_removal(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<SynonymRuleRequest>,
) -> Response {
    on_rule(&state, &staff, &key, request, |rule_id| {
        SynonymCommand::DraftRemoval { rule_id }
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/synonyms/discard", tag = "merchandising",
    summary = "Drop a synonym rule's draft (merchandisers)",
    description = DESCRIPTION,
    request_body = SynonymRuleRequest,
    responses(
        (status = 200, description = "The rule set without the draft", body = SetAnswer),
        (status = 400, description = "`InvalidRule` ('Please choose a rule.'), `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 404, description = "`SynonymRefused`: that rule has no draft.", body = kernel::http::ErrorBody),
        (status = 422, description = REFUSED, body = kernel::http::ErrorBody),
    ))]
async fn discard(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<SynonymRuleRequest>,
) -> Response {
    on_rule(&state, &staff, &key, request, |rule_id| {
        SynonymCommand::DiscardDraft { rule_id }
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/synonyms/publish", tag = "merchandising",
    summary = "Publish one synonym rule's draft: a new version (merchandisers)",
    description = DESCRIPTION,
    request_body = SynonymRuleRequest,
    responses(
        (status = 200, description = "The rule set as published", body = SetAnswer),
        (status = 400, description = "`InvalidRule` ('Please choose a rule.'), `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 404, description = "`SynonymRefused`: that rule has no draft.", body = kernel::http::ErrorBody),
        (status = 422, description = REFUSED, body = kernel::http::ErrorBody),
    ))]
async fn publish(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<SynonymRuleRequest>,
) -> Response {
    on_rule(&state, &staff, &key, request, |rule_id| {
        SynonymCommand::Publish { rule_id }
    })
    .await
}

#[utoipa::path(post, path = "/api/staff/merch/synonyms/rollback", tag = "merchandising",
    summary = "Publish an earlier version of the synonym rules again (merchandisers)",
    description = DESCRIPTION,
    request_body = SynonymRollbackRequest,
    responses(
        (status = 200, description = "The rule set as published", body = SetAnswer),
        (status = 400, description = "`InvalidVersion` ('Please choose a version.'), `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`.", body = kernel::http::ErrorBody),
        (status = 404, description = "`SynonymRefused`: there is no such version.", body = kernel::http::ErrorBody),
        (status = 422, description = REFUSED, body = kernel::http::ErrorBody),
    ))]
async fn rollback(
    State(state): State<CommandState>,
    staff: Staff<Merchandiser>,
    key: Option<Extension<IdempotencyKey>>,
    ApiJson(request): ApiJson<SynonymRollbackRequest>,
) -> Response {
    let Some(to_version) = request
        .version
        .filter(|v| (1..=i64::from(u32::MAX)).contains(v))
        .map(|v| v as u32)
    else {
        return ApiError::bad_request("InvalidVersion", "Please choose a version.").into_response();
    };
    run(
        &state,
        &staff,
        &key,
        SynonymCommand::RollBack { to_version },
    )
    .await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(draft, draft_removal, discard, publish, rollback),
    modifiers(&REPLAYS)
)]
pub(crate) struct Api;

/// A stored answer is one of success.
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200"]);
