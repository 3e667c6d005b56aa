//! POST /email/marketing/subscribe: the footer's newsletter sign-up.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Json, Router};
use serde::Deserialize;

use super::CommandState;
use crate::eventstore::{execute_idempotent, Idempotent, IdempotentCommand};
use crate::http::{ApiError, JsonOrForm};
use crate::idempotency::{IdempotencyKey, StoredAnswer};
use crate::shopping::subscription::{Subscription, SubscriptionCommand, SubscriptionError};
use crate::validation::{normalize_email, EMAIL_MESSAGE};

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/email/marketing/subscribe", post(subscribe))
        .with_state(state)
}

#[derive(Debug, Deserialize)]
pub struct SubscribeRequest {
    #[serde(rename = "EmailAddress", alias = "emailAddress")]
    pub email_address: String,
    /// Where the sign-up happened (analytics: "Footer").
    #[serde(default)]
    pub source: Option<String>,
}

async fn subscribe(
    State(state): State<CommandState>,
    key: Option<Extension<IdempotencyKey>>,
    JsonOrForm(request): JsonOrForm<SubscribeRequest>,
) -> Response {
    let email = normalize_email(&request.email_address);
    let source: String = request
        .source
        .unwrap_or_else(|| "Footer".into())
        .chars()
        .take(40)
        .collect();
    let command = SubscriptionCommand::Subscribe {
        email: email.clone(),
        source,
    };
    // Only a subscription that ran is stored with the key; a refused address is not.
    let answer = |_: &Subscription, outcome: &Result<usize, SubscriptionError>| {
        outcome.is_ok().then(|| {
            StoredAnswer::json(
                StatusCode::OK,
                &serde_json::json!({ "success": true }),
                vec![],
            )
        })
    };
    let idempotency = key.as_ref().map(|Extension(key)| IdempotentCommand {
        key,
        answer: &answer,
    });
    match execute_idempotent::<Subscription>(
        &state.pool,
        &(),
        &email,
        command,
        Some(state.inline.as_ref()),
        idempotency,
    )
    .await
    {
        Ok(Idempotent::Fresh(executed, stored)) => match (stored, executed.outcome) {
            (Some(answer), _) => answer.into_fresh_response(),
            (None, Ok(_)) => Json(serde_json::json!({ "success": true })).into_response(),
            (None, Err(SubscriptionError::InvalidEmail)) => {
                ApiError::bad_request("InvalidEmail", EMAIL_MESSAGE).into_response()
            }
        },
        Ok(Idempotent::Seen(seen)) => seen
            .into_response()
            .unwrap_or_else(|| ApiError::internal("seen key without answer").into_response()),
        Err(e) => ApiError::internal(e).into_response(),
    }
}
