//! `ApiError`: every failure the API answers, in the one format of DESIGN.md:
//! `{"error": {"type", "code", "message", "fields"}}`. Handlers return `Result<_, ApiError>` and use `?`;
//! infrastructure errors convert with `From` and answer `unknown_error` 500 after logging their cause, which is
//! never sent to the client.

use std::time::Duration;

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use sea_orm::DatabaseTransaction;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::{Db, StaleVersion, TxFuture};

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub kind: ErrorType,
    pub code: ErrorCode,
    pub message: String,
    pub fields: FieldErrors,
    pub retry_after: Option<Duration>,
    /// The internal cause of a server-side failure: logged, never sent.
    source: Option<anyhow::Error>,
}

/// The body of every error answer.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
pub struct ErrorDetail {
    /// One of the ten error types.
    #[serde(rename = "type")]
    pub kind: ErrorType,
    /// Stable snake_case code; the web app translates by it.
    pub code: String,
    /// English text for people.
    pub message: String,
    /// What broke, per input field (snake_case names, dotted for nested payloads): each rule's code, its English
    /// message and the values the message names (`{"min": 3}`). Empty when the error is not about fields.
    pub fields: std::collections::BTreeMap<String, Vec<FieldError>>,
}

/// The HTTP status each error type answers with, unless a constructor says otherwise (413, 415, 429, 503, 504).
pub fn default_status(kind: ErrorType) -> StatusCode {
    match kind {
        ErrorType::InvalidArgument => StatusCode::BAD_REQUEST,
        ErrorType::InvalidData => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorType::Unauthorized => StatusCode::UNAUTHORIZED,
        ErrorType::Forbidden => StatusCode::FORBIDDEN,
        ErrorType::NotFound => StatusCode::NOT_FOUND,
        ErrorType::NotAllowed | ErrorType::UnexpectedState | ErrorType::Conflict => StatusCode::CONFLICT,
        ErrorType::ConfigError | ErrorType::UnknownError => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

impl ApiError {
    pub fn new(kind: ErrorType, code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            status: default_status(kind),
            kind,
            code,
            message: message.into(),
            fields: FieldErrors::new(),
            retry_after: None,
            source: None,
        }
    }

    pub fn with_status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }

    pub fn with_fields(mut self, fields: FieldErrors) -> Self {
        self.fields = fields;
        self
    }

    pub fn invalid_argument(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::InvalidArgument, code, message)
    }

    pub fn unauthorized() -> Self {
        Self::new(ErrorType::Unauthorized, ErrorCode::Unauthorized, "You need to sign in first.")
    }

    pub fn forbidden(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::Forbidden, code, message)
    }

    pub fn not_found(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::NotFound, code, message)
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::Conflict, code, message)
    }

    /// A resource changed since the client read it (its `version` moved on).
    pub fn stale_version() -> Self {
        Self::conflict(ErrorCode::StaleVersion, "Someone else changed this in the meantime. Reload and try again.")
    }

    /// The database refused the write for racing another one (a deadlock, a serialization failure, a busy
    /// SQLite) even after one retry: `conflict`, HTTP 409, never a 500 (issue 31).
    pub fn write_conflict() -> Self {
        Self::conflict(ErrorCode::WriteConflict, "Someone else was changing this at the same moment. Try again.")
    }

    /// Whether this is [`ApiError::write_conflict`]: the write may be run again.
    pub fn is_write_conflict(&self) -> bool {
        self.code == ErrorCode::WriteConflict
    }

    /// Refused by a rate limit: `not_allowed`, HTTP 429 with `Retry-After`.
    pub fn rate_limited(retry_after: Duration) -> Self {
        let mut error = Self::new(ErrorType::NotAllowed, ErrorCode::RateLimited, "Too many attempts. Try again later.")
            .with_status(StatusCode::TOO_MANY_REQUESTS);
        error.retry_after = Some(retry_after);
        error
    }

    pub fn payload_too_large() -> Self {
        Self::invalid_argument(ErrorCode::PayloadTooLarge, "The request body is too large.")
            .with_status(StatusCode::PAYLOAD_TOO_LARGE)
    }

    pub fn timeout() -> Self {
        Self::new(ErrorType::UnknownError, ErrorCode::RequestTimeout, "The request took too long. Try again.")
            .with_status(StatusCode::GATEWAY_TIMEOUT)
    }

    pub fn service_unavailable(code: ErrorCode, message: impl Into<String>) -> Self {
        Self::new(ErrorType::UnknownError, code, message).with_status(StatusCode::SERVICE_UNAVAILABLE)
    }

    /// A failure of ours: answered as `unknown_error` 500, the cause only logged.
    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        let mut error =
            Self::new(ErrorType::UnknownError, ErrorCode::InternalError, "Something went wrong on our side.");
        error.source = Some(cause.into());
        error
    }

    pub fn detail(&self) -> ErrorDetail {
        ErrorDetail {
            kind: self.kind,
            code: self.code.as_str().to_owned(),
            message: self.message.clone(),
            fields: self.fields.clone(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

impl From<DomainError> for ApiError {
    fn from(error: DomainError) -> Self {
        Self::new(error.kind, error.code, error.message).with_fields(error.fields)
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(error: sea_orm::DbErr) -> Self {
        if is_write_conflict(&error) {
            let mut conflict = Self::write_conflict();
            conflict.source = Some(error.into());
            return conflict;
        }
        Self::internal(error)
    }
}

/// Whether the database refused a write for racing another one, not for anything wrong with it: PostgreSQL's
/// serialization failure (SQLSTATE 40001) or deadlock (40P01), SQLite's busy or locked database (codes 5 and 6 with
/// their extended forms, or this instance's write turn timing out). Running the write again may well succeed.
pub fn is_write_conflict(error: &sea_orm::DbErr) -> bool {
    use sea_orm::{DbErr, RuntimeErr};
    match error {
        DbErr::Exec(RuntimeErr::SqlxError(cause))
        | DbErr::Query(RuntimeErr::SqlxError(cause))
        | DbErr::Conn(RuntimeErr::SqlxError(cause)) => match cause.as_ref() {
            sea_orm::sqlx::Error::Database(database) => {
                let code = database.code().unwrap_or_default();
                matches!(code.as_ref(), "40001" | "40P01")
                    || (database.try_downcast_ref::<sea_orm::sqlx::sqlite::SqliteError>().is_some()
                        && code.parse::<i32>().is_ok_and(|code| matches!(code & 0xff, 5 | 6)))
            }
            _ => false,
        },
        DbErr::Custom(message) => message.starts_with("database is locked"),
        _ => false,
    }
}

impl From<StaleVersion> for ApiError {
    fn from(_: StaleVersion) -> Self {
        Self::stale_version()
    }
}

impl Db {
    /// Runs `work` in a write transaction (see [`Db::transaction`]); the one place where the database's errors
    /// become the API's: a failure of the database itself answers 500, a stale version 409.
    pub async fn write<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> TxFuture<'c, T, ApiError> + Send + 'static,
    {
        self.transaction(work).await
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(error: anyhow::Error) -> Self {
        Self::internal(error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            match &self.source {
                Some(cause) => tracing::error!(code = %self.code, error = ?cause, "request failed"),
                None => {
                    tracing::error!(code = %self.code, message = %self.message, "request failed")
                }
            }
        }
        let mut response = (self.status, Json(ErrorBody { error: self.detail() })).into_response();
        if let Some(retry_after) = self.retry_after {
            let seconds = retry_after.as_secs().max(1);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_str(&seconds.to_string()).expect("digits"));
        }
        response
    }
}

/// Turns a violation of `index` into the named client error, and anything else (another index's violation
/// too) into a 500. Call it where a write may hit that unique index (an e-mail, a handle) so that a duplicate
/// reads as a conflict, not as a crash.
pub fn on_unique_violation(
    error: sea_orm::DbErr,
    index: &crate::db::unique::UniqueIndex,
    conflict: impl FnOnce() -> ApiError,
) -> ApiError {
    if index.violated_by(&error) { conflict() } else { ApiError::internal(error) }
}

pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use questline_domain::ErrorCode;

    use super::*;

    #[test]
    fn each_error_type_has_its_status() {
        let expected = [
            (ErrorType::InvalidArgument, 400),
            (ErrorType::InvalidData, 422),
            (ErrorType::Unauthorized, 401),
            (ErrorType::Forbidden, 403),
            (ErrorType::NotFound, 404),
            (ErrorType::NotAllowed, 409),
            (ErrorType::UnexpectedState, 409),
            (ErrorType::Conflict, 409),
            (ErrorType::ConfigError, 500),
            (ErrorType::UnknownError, 500),
        ];
        for (kind, status) in expected {
            assert_eq!(default_status(kind).as_u16(), status, "{kind}");
        }
    }

    #[test]
    fn rate_limits_answer_429_with_retry_after() {
        let response = ApiError::rate_limited(Duration::from_secs(30)).into_response();
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(response.headers()[header::RETRY_AFTER], "30");
    }

    #[test]
    fn a_stale_version_is_a_conflict() {
        assert!(crate::db::expect_updated(1).map_err(ApiError::from).is_ok());
        let error = ApiError::from(crate::db::expect_updated(0).unwrap_err());
        assert_eq!(error.code.as_str(), "stale_version");
        assert_eq!(error.status.as_u16(), 409);
    }

    #[test]
    fn domain_field_errors_become_422_with_fields() {
        let mut fields = FieldErrors::new();
        fields.insert("title".into(), vec![FieldError::new(ErrorCode::TitleRequired, "Title is required")]);
        let error = ApiError::from(DomainError::invalid_fields(fields));
        assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error.detail().fields["title"], vec!["Title is required"]);
    }

    #[test]
    fn field_errors_travel_with_code_message_and_params() {
        let mut fields = FieldErrors::new();
        let too_short = FieldError::new(ErrorCode::TitleTooShort, "Title must be at least 3 characters");
        fields.insert("title".into(), vec![too_short.param("min", 3_i64)]);
        let body =
            serde_json::to_value(ErrorBody { error: ApiError::from(DomainError::invalid_fields(fields)).detail() })
                .unwrap();
        assert_eq!(
            body["error"]["fields"],
            serde_json::json!({"title": [{"code": "title_too_short", "message": "Title must be at least 3 characters", "params": {"min": 3}}]})
        );
    }
}
