//! Questline's pure rules: values that can only be built by parsing, the state machines and the error catalogue.
//! Nothing here does I/O or knows about HTTP; the server maps these types onto its contracts.

pub mod accounts;
pub mod applications;
pub mod blueprints;
pub mod campaign;
pub mod chat;
pub mod commerce;
pub mod dashboard;
pub mod error;
pub mod game_systems;
pub mod handles;
pub mod ids;
pub mod language;
pub mod notifications;
pub mod profiles;
pub mod reviews;
pub mod rich_text;
pub mod series;
pub mod sessions;
pub mod text;
pub mod title;
mod wire;

pub use error::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors, Validator};
