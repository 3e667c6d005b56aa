//! The one JSON error shape of every endpoint: `{"success": false, "code": …, "message": …}`.
//! Messages are the spec's words; internals (SQL, broker errors) never reach the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct ErrorBody {
    pub success: bool,
    pub code: &'static str,
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("URL route not found")]
    NotFound,
    #[error("internal error: {0}")]
    Internal(String),
    #[error("service unavailable: {0}")]
    Unavailable(String),
}

/// The generic failure message of the spec.
pub const GENERIC_MESSAGE: &str = "Something went wrong. Please try again later.";

impl ApiError {
    pub fn internal(e: impl std::fmt::Display) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(e: sqlx::Error) -> Self {
        ApiError::internal(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, message) = match &self {
            ApiError::BadRequest { code, message } => {
                (StatusCode::BAD_REQUEST, *code, message.clone())
            }
            ApiError::NotFound => (StatusCode::NOT_FOUND, "NotFound", self.to_string()),
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "request failed");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Internal",
                    GENERIC_MESSAGE.to_string(),
                )
            }
            ApiError::Unavailable(detail) => {
                tracing::warn!(%detail, "dependency unavailable");
                (
                    StatusCode::SERVICE_UNAVAILABLE,
                    "Unavailable",
                    GENERIC_MESSAGE.to_string(),
                )
            }
        };
        let body = ErrorBody {
            success: false,
            code,
            message,
        };
        (status, Json(body)).into_response()
    }
}
