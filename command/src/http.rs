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
    /// A resource that does not exist, named in the message ("Product not found.").
    #[error("{0}")]
    NotFoundMessage(&'static str),
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
            ApiError::NotFound | ApiError::NotFoundMessage(_) => {
                (StatusCode::NOT_FOUND, "NotFound", self.to_string())
            }
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

/// `axum::Json` whose rejections (malformed JSON, wrong types, wrong content type) answer in
/// the one error shape: 400 for unreadable JSON, 422 for well-formed JSON of the wrong shape,
/// 415 without a JSON content type.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Response;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        use axum::extract::rejection::JsonRejection;
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => {
                let (status, code, message) = match &rejection {
                    JsonRejection::JsonDataError(e) => (
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "InvalidInput",
                        format!("The request is not valid: {}", e.body_text()),
                    ),
                    JsonRejection::JsonSyntaxError(_) => (
                        StatusCode::BAD_REQUEST,
                        "MalformedJson",
                        "The request body is not valid JSON.".to_string(),
                    ),
                    JsonRejection::MissingJsonContentType(_) => (
                        StatusCode::UNSUPPORTED_MEDIA_TYPE,
                        "UnsupportedMediaType",
                        "The request must be JSON (Content-Type: application/json).".to_string(),
                    ),
                    JsonRejection::BytesRejection(_) => (
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "TooLarge",
                        "The request is too large.".to_string(),
                    ),
                    _ => (
                        StatusCode::BAD_REQUEST,
                        "BadRequest",
                        "The request could not be read.".to_string(),
                    ),
                };
                Err(error_response(status, code, message))
            }
        }
    }
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// A response in the one error shape.
pub fn error_response(
    status: StatusCode,
    code: &'static str,
    message: impl Into<String>,
) -> Response {
    let body = ErrorBody {
        success: false,
        code,
        message: message.into(),
    };
    (status, Json(body)).into_response()
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            code,
            message: message.into(),
        }
    }
}
