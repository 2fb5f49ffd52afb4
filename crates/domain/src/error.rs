//! The error catalogue: the ten error types of the product specification (§8) and a domain error that carries a
//! stable snake_case code, an English message and per-field messages. The server decides the HTTP status; the web app
//! translates by `code` and falls back to `message`.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// The ten error types of the specification, spelt as they travel on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ErrorType {
    /// Malformed input: bad JSON, wrong type, bad path or query parameter.
    InvalidArgument,
    /// Well-formed input that breaks a rule; carries field messages.
    InvalidData,
    Unauthorized,
    Forbidden,
    NotFound,
    /// Refused by policy (including rate limits).
    NotAllowed,
    /// A move the current state does not allow.
    UnexpectedState,
    /// A duplicate, or a stale `version`.
    Conflict,
    ConfigError,
    UnknownError,
}

impl ErrorType {
    pub const ALL: [ErrorType; 10] = [
        ErrorType::InvalidArgument,
        ErrorType::InvalidData,
        ErrorType::Unauthorized,
        ErrorType::Forbidden,
        ErrorType::NotFound,
        ErrorType::NotAllowed,
        ErrorType::UnexpectedState,
        ErrorType::Conflict,
        ErrorType::ConfigError,
        ErrorType::UnknownError,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ErrorType::InvalidArgument => "invalid_argument",
            ErrorType::InvalidData => "invalid_data",
            ErrorType::Unauthorized => "unauthorized",
            ErrorType::Forbidden => "forbidden",
            ErrorType::NotFound => "not_found",
            ErrorType::NotAllowed => "not_allowed",
            ErrorType::UnexpectedState => "unexpected_state",
            ErrorType::Conflict => "conflict",
            ErrorType::ConfigError => "config_error",
            ErrorType::UnknownError => "unknown_error",
        }
    }
}

impl fmt::Display for ErrorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Messages per input field, in the order they were found. Keys are the snake_case field names of the wire.
pub type FieldErrors = BTreeMap<String, Vec<String>>;

/// A rule the domain refuses, ready to be shown to a user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}/{code}: {message}")]
pub struct DomainError {
    pub kind: ErrorType,
    /// Stable snake_case code the web app translates, e.g. `series_must_have_schedule_to_publish`.
    pub code: String,
    /// English text, word for word where the specification quotes it.
    pub message: String,
    pub fields: FieldErrors,
}

impl DomainError {
    pub fn new(kind: ErrorType, code: impl Into<String>, message: impl Into<String>) -> Self {
        Self { kind, code: code.into(), message: message.into(), fields: FieldErrors::new() }
    }

    /// Well-formed input that breaks field rules: `invalid_data` with the messages per field.
    pub fn invalid_fields(fields: FieldErrors) -> Self {
        Self {
            kind: ErrorType::InvalidData,
            code: "validation_failed".into(),
            message: "Some fields are not valid.".into(),
            fields,
        }
    }

    pub fn not_found(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorType::NotFound, code, message)
    }

    pub fn unexpected_state(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorType::UnexpectedState, code, message)
    }

    pub fn conflict(code: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorType::Conflict, code, message)
    }
}

/// Collects field messages while a form is parsed, so every broken rule is reported at once.
#[derive(Debug, Default)]
pub struct Validator {
    fields: FieldErrors,
}

impl Validator {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.fields.entry(field.to_owned()).or_default().push(message.into());
    }

    /// Keeps the parsed value, or records the message under `field`.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(message) => {
                self.add(field, message);
                None
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// `Ok(())` when nothing was recorded, otherwise the `invalid_data` error with every message.
    pub fn finish(self) -> Result<(), DomainError> {
        if self.fields.is_empty() { Ok(()) } else { Err(DomainError::invalid_fields(self.fields)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_types_travel_in_snake_case() {
        for kind in ErrorType::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, serde_json::Value::String(kind.as_str().to_owned()));
        }
        assert_eq!(ErrorType::UnexpectedState.as_str(), "unexpected_state");
    }

    #[test]
    fn validator_reports_every_field_at_once() {
        let mut v = Validator::new();
        assert_eq!(v.check("title", Ok::<_, String>(1)), Some(1));
        v.check::<()>("title", Err("Title is required".into()));
        v.add("bio", "Bio must be less than 250 characters");
        let err = v.finish().unwrap_err();
        assert_eq!(err.kind, ErrorType::InvalidData);
        assert_eq!(err.fields["title"], vec!["Title is required"]);
        assert_eq!(err.fields["bio"].len(), 1);
    }

    #[test]
    fn empty_validator_passes() {
        assert!(Validator::new().finish().is_ok());
    }
}
