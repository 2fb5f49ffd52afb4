//! Drop-in replacements for axum's `Json`, `Path` and `Query` whose rejections (malformed JSON, wrong content type,
//! a bad path or query parameter, a body over the limit) answer in the API's error format.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// A JSON body (or answer). Every request body of the API is a JSON object: serde would otherwise fill a struct's
/// fields from an array in order (`[null, null]`), which no client means.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let axum::Json(mut value) = axum::Json::<serde_json::Value>::from_request(request, state).await?;
        if !value.is_object() {
            return Err(ApiError::invalid_argument("invalid_body", "The request body must be a JSON object."));
        }
        integral_numbers_as_integers(&mut value);
        serde_path_to_error::deserialize(value).map(Json).map_err(|error| {
            ApiError::invalid_argument(
                "invalid_body",
                format!("The request body does not have the expected shape: {error}"),
            )
        })
    }
}

/// JSON Schema counts `3.0` as the integer 3, and so does any client that writes numbers as doubles; serde would refuse
/// it for an integer field. Whole numbers within the integer range become integers before the body is read.
fn integral_numbers_as_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(number) if number.is_f64() => {
            if let Some(float) = number.as_f64()
                && float.fract() == 0.0
                && float >= i64::MIN as f64
                && float < i64::MAX as f64
            {
                *value = serde_json::Value::from(float as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        serde_json::Value::Object(fields) => fields.values_mut().for_each(integral_numbers_as_integers),
        _ => {}
    }
}

/// For an optional field that may be left out but not sent as `null` (the document says so: not nullable): use with
/// `#[serde(default, deserialize_with = "crate::http::extract::present")]`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}

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

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[test]
    fn whole_numbers_written_as_doubles_are_integers() {
        let mut value = json!({"version": 3.0, "nested": [-290.0, 1.5], "big": 1e300});
        integral_numbers_as_integers(&mut value);
        assert_eq!(value, json!({"version": 3, "nested": [-290, 1.5], "big": 1e300}));
    }

    #[derive(Debug, Deserialize)]
    struct Patch {
        #[serde(default, deserialize_with = "present")]
        title: Option<String>,
    }

    #[test]
    fn a_present_field_may_be_left_out_but_not_null() {
        assert_eq!(serde_json::from_value::<Patch>(json!({})).unwrap().title, None);
        assert_eq!(serde_json::from_value::<Patch>(json!({"title": "x"})).unwrap().title.as_deref(), Some("x"));
        assert!(serde_json::from_value::<Patch>(json!({"title": null})).is_err());
    }
}
