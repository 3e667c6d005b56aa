//! POST /a/log/: errors reported by browsers. Stored and logged, truncated to fixed sizes;
//! the answer never echoes what was sent.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use super::CommandState;
use crate::http::{log_safe, ApiError, JsonOrForm};
use crate::identity::Identity;

pub const MAX_URL_CHARS: usize = 2048;
pub const MAX_ERROR_CHARS: usize = 8192;

pub fn router(state: CommandState) -> Router {
    Router::new().route("/a/log/", post(log)).with_state(state)
}

#[derive(Debug, Deserialize)]
pub struct LogRequest {
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub error: String,
}

fn cut(text: &str, max: usize) -> String {
    text.chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .take(max)
        .collect()
}

async fn log(
    State(state): State<CommandState>,
    identity: Identity,
    headers: axum::http::HeaderMap,
    JsonOrForm(request): JsonOrForm<LogRequest>,
) -> Response {
    let url = cut(&request.url, MAX_URL_CHARS);
    let error = cut(&request.error, MAX_ERROR_CHARS);
    let agent = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|v| cut(v, 300));
    // Client text is escaped (no CR/LF can start a forged line) and cut short.
    tracing::warn!(
        visitor = %identity.visitor_id,
        // Query strings can carry tokens: only the path is logged.
        url = %log_safe(url.split(['?', '#']).next().unwrap_or(""), 200),
        error = %log_safe(&error, 500),
        "client error reported"
    );
    let stored = sqlx::query(
        "INSERT INTO client_errors (visitor_id, url, error, user_agent) VALUES ($1, $2, $3, $4)",
    )
    .bind(&identity.visitor_id)
    .bind(&url)
    .bind(&error)
    .bind(agent)
    .execute(&state.pool)
    .await;
    match stored {
        Ok(_) => Json(serde_json::json!({ "success": true })).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}
