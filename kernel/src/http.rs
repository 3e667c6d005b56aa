//! The one JSON error shape of every endpoint: `{"success": false, "code": …, "message": …}`.
//! Messages are the spec's words; internals (SQL, broker errors) never reach the client.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// The one error shape of every endpoint. `code` names the error (e.g. MalformedJson,
/// InvalidText, InvalidIdempotencyKey, TooLarge, UnsupportedMediaType, InvalidInput,
/// IdempotencyKeyReused, InvalidQuery, MissingParameter, InvalidNumber, NotFound, Internal,
/// Unavailable, Overloaded); `message` is a sentence for people.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// Always false.
    pub success: bool,
    pub code: &'static str,
    pub message: String,
    /// The request field refused (`InvalidField` only), as the request names it
    /// (`card.number`, `shippingAddress.zip`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
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
    /// A refusal with a status of its own (401, 403, 409, 413, 414, 422, a busy 503, …), in
    /// the spec's words.
    #[error("{message}")]
    Refused {
        status: StatusCode,
        code: &'static str,
        message: String,
    },
    /// 422 `InvalidField`: one field of a form refused, in the spec's words.
    #[error("{message}")]
    Field {
        field: &'static str,
        message: String,
    },
}

/// The generic failure message of the spec.
pub const GENERIC_MESSAGE: &str = "Something went wrong. Please try again later.";

impl ApiError {
    pub fn internal(e: impl std::fmt::Display) -> Self {
        ApiError::Internal(e.to_string())
    }
}

impl From<sqlx::Error> for ApiError {
    /// PostgreSQL out of reach (pool exhausted, connection lost) is an outage: 503. Anything
    /// else is a fault of ours: 500.
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => {
                ApiError::Unavailable(e.to_string())
            }
            other => ApiError::internal(other),
        }
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
            ApiError::Refused {
                status,
                code,
                message,
            } => (*status, *code, message.clone()),
            ApiError::Field { message, .. } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "InvalidField",
                message.clone(),
            ),
        };
        let field = match &self {
            ApiError::Field { field, .. } => Some(*field),
            _ => None,
        };
        let body = ErrorBody {
            success: false,
            code,
            message,
            field,
        };
        (status, Json(body)).into_response()
    }
}

/// The message for text PostgreSQL cannot store (a NUL character).
pub const INVALID_TEXT_MESSAGE: &str =
    "The request contains a character that is not allowed (NUL).";

/// `axum::Json` whose rejections (malformed JSON, wrong types, wrong content type) answer in
/// the one error shape: 400 for unreadable JSON (lone surrogates included) and for text with a
/// NUL character, 422 for well-formed JSON of the wrong shape (a top-level value that is not
/// an object included), 415 without a JSON content type.
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
        let value = match Json::<serde_json::Value>::from_request(req, state).await {
            Ok(Json(value)) => value,
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
                return Err(error_response(status, code, message));
            }
        };
        from_json_value(value).map(ApiJson)
    }
}

/// A parsed JSON body as `T`: it must be an object and hold no NUL character.
#[allow(clippy::result_large_err)] // the rejection is the response itself, as axum's are
pub fn from_json_value<T: serde::de::DeserializeOwned>(
    value: serde_json::Value,
) -> Result<T, Response> {
    if !value.is_object() {
        return Err(error_response(
            StatusCode::UNPROCESSABLE_ENTITY,
            "InvalidInput",
            "The request is not valid: the body must be a JSON object.",
        ));
    }
    let mut value = value;
    whole_floats_to_integers(&mut value);
    if has_nul(&value) {
        return Err(error_response(
            StatusCode::BAD_REQUEST,
            "InvalidText",
            INVALID_TEXT_MESSAGE,
        ));
    }
    serde_json::from_value(value).map_err(|e| {
        error_response(
            StatusCode::UNPROCESSABLE_ENTITY,
            "InvalidInput",
            format!("The request is not valid: {e}"),
        )
    })
}

/// `2.0` is the integer 2 in JSON (and in OpenAPI): numbers without a fraction become
/// integers, so integer fields accept them. Beyond 2^53 a float is not exact: left alone.
fn whole_floats_to_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(n) if n.is_f64() => {
            if let Some(f) = n.as_f64() {
                if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 {
                    *value = Value::from(f as i64);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_floats_to_integers),
        Value::Object(map) => map.values_mut().for_each(whole_floats_to_integers),
        _ => {}
    }
}

/// Whether any string (or object key) in the value holds a NUL character.
fn has_nul(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        _ => false,
    }
}

/// JSON or a classic form post (`application/x-www-form-urlencoded`), with the same rules:
/// no NUL character anywhere; a form that does not fit `T` is 422.
pub struct JsonOrForm<T>(pub T);

impl<T: serde::de::DeserializeOwned + Send, S: Send + Sync> axum::extract::FromRequest<S>
    for JsonOrForm<T>
{
    type Rejection = Response;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        let form = req
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .is_some_and(|v| {
                v.as_bytes()
                    .starts_with(b"application/x-www-form-urlencoded")
            });
        if !form {
            return ApiJson::<T>::from_request(req, state)
                .await
                .map(|ApiJson(v)| JsonOrForm(v));
        }
        let bytes = axum::body::Bytes::from_request(req, state)
            .await
            .map_err(|_| {
                error_response(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "TooLarge",
                    "The request is too large.",
                )
            })?;
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes).map_err(|_| {
            error_response(
                StatusCode::BAD_REQUEST,
                "BadRequest",
                "The form could not be read.",
            )
        })?;
        if pairs
            .iter()
            .any(|(k, v)| k.contains('\0') || v.contains('\0'))
        {
            return Err(error_response(
                StatusCode::BAD_REQUEST,
                "InvalidText",
                INVALID_TEXT_MESSAGE,
            ));
        }
        serde_urlencoded::from_bytes(&bytes)
            .map(JsonOrForm)
            .map_err(|e| {
                error_response(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "InvalidInput",
                    format!("The request is not valid: {e}"),
                )
            })
    }
}

/// A client-supplied value made safe for a log line: control characters (CR, LF, ESC, …)
/// escaped so it can never start a forged line, and cut to `max` characters.
pub fn log_safe(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

impl<T: Serialize> IntoResponse for ApiJson<T> {
    fn into_response(self) -> Response {
        Json(self.0).into_response()
    }
}

/// A response in the one error shape (what every [`ApiError`] becomes).
fn error_response(status: StatusCode, code: &'static str, message: impl Into<String>) -> Response {
    ApiError::refused(status, code, message).into_response()
}

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            code,
            message: message.into(),
        }
    }

    /// A refusal with a status of its own, in the spec's words.
    pub fn refused(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError::Refused {
            status,
            code,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logged_values_cannot_forge_lines() {
        assert_eq!(
            log_safe("boom\r\n2026-01-01 INFO forged", 100),
            "boom\\r\\n2026-01-01 INFO forged"
        );
        assert_eq!(log_safe("\u{1b}[31mred", 100), "\\u{1b}[31mred");
        assert_eq!(log_safe("abcdef", 3), "abc…");
        assert!(!log_safe("a\u{2028}b", 10).contains('\u{2028}'));
    }

    #[test]
    fn whole_floats_are_integers_and_fractions_stay() {
        #[derive(serde::Deserialize)]
        struct Q {
            quantity: i32,
            price: f64,
        }
        let q: Q = from_json_value(serde_json::json!({"quantity": 2.0, "price": 2.0}))
            .unwrap_or_else(|_| panic!("2.0 is an integer"));
        assert_eq!((q.quantity, q.price), (2, 2.0));
        assert!(from_json_value::<Q>(serde_json::json!({"quantity": 2.5, "price": 1})).is_err());
        assert!(from_json_value::<Q>(serde_json::json!({"quantity": 1e300, "price": 1})).is_err());
    }

    #[test]
    fn nul_characters_are_found_anywhere() {
        let v: serde_json::Value = serde_json::from_str(r#"{"a":[{"b":"x\u0000"}]}"#).unwrap();
        assert!(has_nul(&v));
        let v: serde_json::Value = serde_json::from_str(r#"{"a\u0000":1}"#).unwrap();
        assert!(has_nul(&v));
        let v: serde_json::Value = serde_json::from_str(r#"{"a":"\\u0000"}"#).unwrap();
        assert!(!has_nul(&v), "an escaped backslash is plain text");
    }
}
