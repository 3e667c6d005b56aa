//! POST /email/marketing/subscribe: the footer's newsletter sign-up.

use axum::extract::{FromRequest, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Form, Json, Router};
use serde::Deserialize;

use super::CommandState;
use crate::eventstore::execute;
use crate::http::{ApiError, ApiJson};
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

/// JSON or a classic form post: the legacy footer form posts `EmailAddress=…`.
pub struct JsonOrForm<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> FromRequest<S> for JsonOrForm<T> {
    type Rejection = Response;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let form = req.headers().get(CONTENT_TYPE).is_some_and(|v| {
            v.as_bytes()
                .starts_with(b"application/x-www-form-urlencoded")
        });
        if form {
            Form::<T>::from_request(req, state)
                .await
                .map(|Form(v)| JsonOrForm(v))
                .map_err(|_| ApiError::bad_request("InvalidInput", EMAIL_MESSAGE).into_response())
        } else {
            ApiJson::<T>::from_request(req, state)
                .await
                .map(|ApiJson(v)| JsonOrForm(v))
        }
    }
}

async fn subscribe(
    State(state): State<CommandState>,
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
    match execute::<Subscription>(
        &state.pool,
        &(),
        &email,
        command,
        Some(state.inline.as_ref()),
    )
    .await
    {
        Ok(executed) => match executed.outcome {
            Ok(_) => Json(serde_json::json!({ "success": true })).into_response(),
            Err(SubscriptionError::InvalidEmail) => {
                ApiError::bad_request("InvalidEmail", EMAIL_MESSAGE).into_response()
            }
        },
        Err(e) => ApiError::internal(e).into_response(),
    }
}
