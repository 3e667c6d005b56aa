//! The newsletter: `POST /email/marketing/subscribe` (the footer's sign-up) and
//! `POST /email/marketing/unsubscribe` (the link every mail carries). The aggregate id is the
//! subject id (a keyed hash of the address), never the address itself.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Extension, Router};
use serde::Deserialize;

use crate::eventstore::{self, IdempotentCommand};
use crate::privacy;
use crate::routes::{respond, CommandState};
use crate::shopping::subscription::{
    Subscription, SubscriptionCommand, SubscriptionError, UnsubscribeReason,
};
use kernel::http::{ApiError, JsonOrForm};
use kernel::idempotency::{IdempotencyKey, StoredAnswer};
use kernel::identity::Identity;
use kernel::validation::EMAIL_MESSAGE;

/// The answer to an unsubscribe link we did not issue (forged, foreign, cut short).
pub const INVALID_TOKEN_MESSAGE: &str = "This unsubscribe link is not valid.";

pub fn router(state: CommandState) -> Router {
    Router::new()
        .route("/email/marketing/subscribe", post(subscribe))
        .route("/email/marketing/unsubscribe", post(unsubscribe))
        .with_state(state)
}

/// A sign-up: the address, and where it happened.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SubscribeRequest {
    /// An email address (trimmed, compared without case). Refused with 400 `InvalidEmail`:
    /// more than 254 characters, no single @, a local part over 64 characters or with
    /// characters other than letters, digits and !#$%&'*+/=?^_`{|}~.- (or a leading, trailing
    /// or doubled dot), a domain without a dot, with empty, over-long or dash-edged labels, or
    /// a top-level domain that is not 2+ letters, the endings .con, comcast.nt, .coim and .vom,
    /// and misspelt mail hosts (gmial.com, yahooo.com, …). The pattern is a safe subset.
    // The pattern: a safe subset of the addresses `valid_email` accepts.
    #[serde(rename = "EmailAddress", alias = "emailAddress")]
    #[schema(
        max_length = 254,
        pattern = r"^[A-Za-z0-9_+-]{1,20}(\.[A-Za-z0-9_+-]{1,20}){0,2}@[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20}){0,2}(\.[A-Za-z0-9]{1,20}(-[A-Za-z0-9]{1,20}){0,2}){0,2}\.[A-Za-z]{2,10}$"
    )]
    pub email_address: String,
    /// Where the sign-up happened (default Footer); cut to 40 characters
    #[serde(default)]
    pub source: Option<String>,
}

fn stored_success() -> StoredAnswer {
    StoredAnswer::json(StatusCode::OK, &crate::routes::Success::TRUE, vec![])
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

#[utoipa::path(post, path = "/email/marketing/subscribe", tag = "newsletter",
    summary = "Newsletter sign-up (JSON or form post); idempotent",
    description = "JSON, or a classic form post (`application/x-www-form-urlencoded`) with the same fields. `emailAddress` is accepted for `EmailAddress`. Subscribing twice changes nothing.",
    request_body(content(
        (SubscribeRequest = "application/json",
            example = json!({"EmailAddress": "shopper@example.com", "source": "Footer"})),
        (SubscribeRequest = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 200, description = "OK", body = crate::routes::Success),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character, which PostgreSQL cannot store; or an encoded NUL in the URL); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `InvalidEmail` (\"Please enter a valid email address.\"); `BadRequest` (a form body that cannot be read).",
            body = kernel::http::ErrorBody),
        (status = 403, description = crate::routes::doc::CROSS_SITE, body = kernel::http::ErrorBody),
    ))]
async fn subscribe(
    _same_site: kernel::csrf::SameSiteForms,
    State(state): State<CommandState>,
    identity: Identity,
    key: Option<Extension<IdempotencyKey>>,
    JsonOrForm(request): JsonOrForm<SubscribeRequest>,
) -> Response {
    // Refused before any key is made for the address.
    let Ok(email) = kernel::values::Email::parse(&request.email_address) else {
        return ApiError::bad_request("InvalidEmail", EMAIL_MESSAGE).into_response();
    };
    let email = email.as_str().to_string();
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

/// An unsubscribe request.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct UnsubscribeRequest {
    /// The token of the mail's unsubscribe link (`/newsletter/unsubscribe?token=…`): the
    /// subject id and its signature. Opaque to clients.
    #[serde(default)]
    #[schema(pattern = r"^em_[0-9a-f]{32}\.[0-9a-f]{32}$")]
    pub token: Option<String>,
}

/// The form post of a mail program's one-click unsubscribe (RFC 8058): [`UnsubscribeRequest`]
/// with `List-Unsubscribe`, which is not read. Only for the OpenAPI document.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct UnsubscribeForm {
    /// The token of the mail's unsubscribe link (`/newsletter/unsubscribe?token=…`): the
    /// subject id and its signature. Opaque to clients.
    #[schema(pattern = r"^em_[0-9a-f]{32}\.[0-9a-f]{32}$")]
    token: Option<String>,
    /// `One-Click` (RFC 8058)
    #[schema(rename = "List-Unsubscribe")]
    list_unsubscribe: Option<String>,
}

#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The token of the mail's unsubscribe link (`/newsletter/unsubscribe?token=…`): the
    /// subject id and its signature. Opaque to clients. One-click unsubscribe (RFC 8058):
    /// mail programs post to the link itself.
    #[serde(default)]
    #[param(pattern = r"^em_[0-9a-f]{32}\.[0-9a-f]{32}$")]
    pub token: Option<String>,
}

#[utoipa::path(post, path = "/email/marketing/unsubscribe", tag = "newsletter",
    summary = "Newsletter unsubscribe with the signed token of a mail's link; idempotent",
    description = "Ends the subscription the token was issued for (docs/privacy.md). JSON or a form post; the token may also come in the query, as mail programs' one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the link itself. A valid token answers success again when already unsubscribed and records nothing. A missing, cut-short, forged or foreign token answers 403 `InvalidToken` and changes nothing.",
    params(UnsubscribeQuery),
    request_body(content(
        (UnsubscribeRequest = "application/json",
            example = json!({"token": "em_5f1c0e2a9b7d4c3e8a6f1b2d3c4e5f60.0a1b2c3d4e5f60718293a4b5c6d7e8f9"})),
        (UnsubscribeForm = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 200, description = "OK", body = crate::routes::Success),
        (status = 400, description = "Bad request: `MalformedJson` (the body is not valid JSON); `InvalidText` (a string holds a NUL character); `InvalidIdempotencyKey` (a malformed Idempotency-Key header); `BadRequest` (a form body that cannot be read).",
            body = kernel::http::ErrorBody),
        (status = 403, description = "`InvalidToken` (\"This unsubscribe link is not valid.\"): no token, or one we did not sign (cut short, forged, another store's); or `CrossSiteRequest`: a form post from another site.",
            body = kernel::http::ErrorBody),
    ))]
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

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(subscribe, unsubscribe), modifiers(&REPLAYS))]
pub(crate) struct Api;

/// Every answer but an outage may be a replay.
const REPLAYS: crate::routes::doc::Replays = crate::routes::doc::Replays(&["200", "400"]);
