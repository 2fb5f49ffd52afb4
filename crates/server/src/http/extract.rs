//! Drop-in replacements for axum's `Json`, `Path` and `Query` whose rejections (malformed JSON, wrong content type,
//! a bad path or query parameter, a body over the limit) answer in the API's error format.
//!
//! They also hold the one rule every text the server takes passes (issue 31): no NUL, no invisible or
//! direction-changing character ([`has_refused_characters`]), in any JSON string or key, path parameter or query
//! parameter. Such text is refused here, before any handler or SQL sees it; each field's own rules (a title is
//! one line) come after.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use questline_domain::text::{has_refused_characters, hidden_characters_message};
use questline_domain::{DomainError, ErrorCode, FieldError, FieldErrors};
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
            return Err(ApiError::invalid_argument(ErrorCode::InvalidBody, "The request body must be a JSON object."));
        }
        refuse_hidden_characters(&value)?;
        integral_numbers_as_integers(&mut value);
        serde_path_to_error::deserialize(value).map(Json).map_err(|error| {
            ApiError::invalid_argument(
                ErrorCode::InvalidBody,
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

/// Refuses a body with a refused character in any key or any string (`invalid_data`, under the dotted path, e.g.
/// `base.bio` or `items.0.title`).
fn refuse_hidden_characters(value: &serde_json::Value) -> Result<(), ApiError> {
    let mut fields = FieldErrors::new();
    walk_strings(value, &mut String::new(), &mut |path, text, is_key| {
        if !has_refused_characters(text) {
            return;
        }
        if is_key {
            // No field of ours has such a name: said under the key's own path, as a field's refused text is.
            let error = FieldError::new(ErrorCode::ControlCharacters, hidden_characters_message(&label_of(path)));
            fields.entry(path.to_owned()).or_default().push(error);
        } else {
            let error = FieldError::new(ErrorCode::ControlCharacters, hidden_characters_message(&label_of(path)));
            fields.entry(path.to_owned()).or_default().push(error);
        }
    });
    if fields.is_empty() { Ok(()) } else { Err(DomainError::invalid_fields(fields).into()) }
}

fn walk_strings(value: &serde_json::Value, path: &mut String, visit: &mut impl FnMut(&str, &str, bool)) {
    match value {
        serde_json::Value::String(text) => visit(path, text, false),
        serde_json::Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                let length = push_segment(path, &index.to_string());
                walk_strings(item, path, visit);
                path.truncate(length);
            }
        }
        serde_json::Value::Object(fields) => {
            for (key, child) in fields {
                if has_refused_characters(key) {
                    visit(path, key, true);
                    continue;
                }
                let length = push_segment(path, key);
                walk_strings(child, path, visit);
                path.truncate(length);
            }
        }
        _ => {}
    }
}

/// Appends `segment` to the dotted path; answers the length to cut back to.
fn push_segment(path: &mut String, segment: &str) -> usize {
    let length = path.len();
    if !path.is_empty() {
        path.push('.');
    }
    path.push_str(segment);
    length
}

/// "base.first_name" reads "First name"; an array item is named after its list ("items.0" reads "Items").
fn label_of(path: &str) -> String {
    let name = path.rsplit('.').find(|segment| !segment.chars().all(|c| c.is_ascii_digit())).unwrap_or("text");
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "Text".to_owned(),
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

#[derive(Debug)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        // The raw parameters are percent-decoded: `%00` is a NUL here.
        if let Ok(raw) = RawPathParams::from_request_parts(parts, state).await
            && raw.iter().any(|(_, value)| has_refused_characters(value))
        {
            // Nothing of ours is named with such a character: no such thing (issue 31 allows 400 or 404).
            return Err(ApiError::not_found(ErrorCode::NotFound, "Not found."));
        }
        let axum::extract::Path(value) = axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(Path(value))
    }
}

#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let pairs = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)?;
        // A refused character in a parameter is a query that cannot be read (400 `invalid_query_parameter`, as
        // every operation with a query documents), said under the parameter's name.
        for (name, value) in &pairs.0 {
            if has_refused_characters(name) || has_refused_characters(value) {
                let message = hidden_characters_message(&label_of(name));
                return Err(ApiError::invalid_argument(ErrorCode::InvalidQueryParameter, message));
            }
        }
        let axum::extract::Query(value) = axum::extract::Query::<T>::try_from_uri(&parts.uri)?;
        Ok(Query(value))
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => ApiError::invalid_argument(
                ErrorCode::UnsupportedMediaType,
                "The request body must be JSON, sent with Content-Type: application/json.",
            )
            .with_status(StatusCode::UNSUPPORTED_MEDIA_TYPE),
            JsonRejection::JsonSyntaxError(_) => {
                ApiError::invalid_argument(ErrorCode::MalformedJson, "The request body is not valid JSON.")
            }
            JsonRejection::JsonDataError(error) => ApiError::invalid_argument(
                ErrorCode::InvalidBody,
                format!("The request body does not have the expected shape: {}", error.body_text()),
            ),
            JsonRejection::BytesRejection(error) if error.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                ApiError::payload_too_large()
            }
            other => ApiError::invalid_argument(ErrorCode::InvalidBody, other.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        match rejection {
            PathRejection::FailedToDeserializePathParams(error) => {
                ApiError::invalid_argument(ErrorCode::InvalidPathParameter, error.body_text())
            }
            other => ApiError::internal(anyhow::anyhow!("path extraction failed: {}", other.body_text())),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::invalid_argument(ErrorCode::InvalidQueryParameter, rejection.body_text())
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    #[test]
    fn strings_and_keys_with_refused_characters_are_named_by_their_path() {
        assert!(refuse_hidden_characters(&json!({"a": ["ok\n\ttab", {"b": "fine"}]})).is_ok());
        let error = refuse_hidden_characters(&json!({"base": {"first_name": "A\u{202E}"}, "items": ["x", "n\u{0}"]}))
            .unwrap_err();
        assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error.fields["base.first_name"][0], "First name must not contain control characters");
        assert_eq!(error.fields["items.1"][0], "Items must not contain control characters");
        let error = refuse_hidden_characters(&json!({"metadata": {"k\u{0}": "v"}})).unwrap_err();
        assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error.fields.len(), 1, "{:?}", error.fields);
    }

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
