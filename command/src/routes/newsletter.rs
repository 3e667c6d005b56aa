//! The newsletter: `POST /email/marketing/subscribe` (the footer's sign-up) and
//! `POST /email/marketing/unsubscribe` (the link every mail carries). The aggregate id is the
//! subject id (a keyed hash of the address), never the address itself.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::Deserialize;

use super::{respond, CommandState};
use crate::eventstore::{self, IdempotentCommand};
use crate::privacy;
use crate::shopping::subscription::{
    Subscription, SubscriptionCommand, SubscriptionError, UnsubscribeReason,
};
use kernel::http::{ApiError, JsonOrForm};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::identity::Identity;
use kernel::validation::{normalize_email, valid_email, EMAIL_MESSAGE};

/// The answer to an unsubscribe link we did not issue (forged, foreign, cut short).
pub const INVALID_TOKEN_MESSAGE: &str = "This unsubscribe link is not valid.";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/email/marketing/subscribe", post(subscribe))
        .route("/email/marketing/unsubscribe", post(unsubscribe))
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

fn stored_success() -> StoredAnswer {
    StoredAnswer::json(
        StatusCode::OK,
        &serde_json::json!({ "success": true }),
        vec![],
    )
}

/// Runs a subscription command and answers `{"success": true}` (stored with the key).
async fn run(
    state: &CommandState,
    key: Option<Extension<IdempotencyKey>>,
    subject: &str,
    command: SubscriptionCommand,
) -> Response {
    // Only a command that ran is stored with the key; a refused one is not.
    let answer = |_: &Subscription, outcome: &Result<usize, SubscriptionError>| {
        outcome.is_ok().then(stored_success)
    };
    let idempotency = key.as_ref().map(|Extension(key)| IdempotentCommand {
        key,
        answer: &answer,
    });
    let executed = eventstore::run::<Subscription>(&state.pool, &state.sealer)
        .command(subject, command)
        .inline(Some(state.inline.as_ref()))
        .idempotency(idempotency)
        .one()
        .await;
    respond(executed, answer)
}

impl From<SubscriptionError> for ApiError {
    fn from(e: SubscriptionError) -> Self {
        match e {
            SubscriptionError::InvalidEmail => ApiError::bad_request("InvalidEmail", EMAIL_MESSAGE),
            SubscriptionError::Unavailable(detail) => ApiError::Unavailable(detail),
        }
    }
}

async fn subscribe(
    _same_site: kernel::csrf::SameSiteForms,
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    JsonOrForm(request): JsonOrForm<SubscribeRequest>,
) -> Response {
    let email = normalize_email(&request.email_address);
    // Refused before any key is made for the address.
    if !valid_email(&email) {
        return ApiError::bad_request("InvalidEmail", EMAIL_MESSAGE).into_response();
    }
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
    };
    let subject = keys.subject_for_email(&email);
    let source: String = request
        .source
        .unwrap_or_else(|| "Footer".into())
        .chars()
        .take(40)
        .collect();
    let command = SubscriptionCommand::Subscribe {
        subject: subject.clone(),
        email,
        visitor: Some(identity.tracking_visitor()),
        source,
    };
    run(&state, key, &subject, command).await
}

#[derive(Debug, Default, Deserialize)]
pub struct UnsubscribeRequest {
    /// The token of the link (`/newsletter/unsubscribe?token=…`).
    #[serde(default)]
    pub token: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct UnsubscribeQuery {
    /// One-click unsubscribe (RFC 8058): mail programs post to the link itself.
    #[serde(default)]
    pub token: Option<String>,
}

async fn unsubscribe(
    _same_site: kernel::csrf::SameSiteForms,
    State(state): State<CommandState>,
    key: Option<Extension<IdempotencyKey>>,
    Query(query): Query<UnsubscribeQuery>,
    JsonOrForm(request): JsonOrForm<UnsubscribeRequest>,
) -> Response {
    let keys = match privacy::keys() {
        Ok(keys) => keys,
        Err(e) => return ApiError::Unavailable(e.to_string()).into_response(),
    };
    let token = request.token.or(query.token).unwrap_or_default();
    let Some(subject) = keys.verify_unsubscribe_token(&token) else {
        // Missing, cut short, forged or another store's: 403, and nothing changes.
        return kernel::http::ApiError::refused(
            StatusCode::FORBIDDEN,
            "InvalidToken",
            INVALID_TOKEN_MESSAGE,
        )
        .into_response();
    };
    let command = SubscriptionCommand::Unsubscribe {
        reason: UnsubscribeReason::Link,
    };
    run(&state, key, &subject, command).await
}
