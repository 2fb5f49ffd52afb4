//! Drop-in replacements for axum's `Json`, `Path` and `Query` whose rejections (malformed JSON, wrong content type,
//! a bad path or query parameter, a body over the limit) answer in the API's error format.

use axum::extract::FromRequest;
use axum::extract::FromRequestParts;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::invalid_argument(
                "unsupported_media_type",
                "The request body must be JSON, sent with Content-Type: application/json.",
            )
            .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
            JsonRejection::JsonSyntaxError(_) => {
                ApiError::invalid_argument("malformed_json", "The request body is not valid JSON.")
            }
            JsonRejection::JsonDataError(error) => ApiError::invalid_argument(
                "invalid_body",
                format!("The request body does not have the expected shape: {}", error.body_text()),
            ),
            JsonRejection::BytesRejection(error) if error.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::payload_too_large()
            }
            other => ApiError::invalid_argument("invalid_body", other.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        match rejection {
            PathRejection::FailedToDeserializePathParams(error) => {
                ApiError::invalid_argument("invalid_path_parameter", error.body_text())
            }
            other => ApiError::internal(anyhow::anyhow!("path extraction failed: {}", other.body_text())),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::invalid_argument("invalid_query_parameter", rejection.body_text())
    }
}
