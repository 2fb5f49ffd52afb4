//! Questline's pure rules: values that can only be built by parsing, the state machines and the error catalogue.
//! Nothing here does I/O or knows about HTTP; the server maps these types onto its contracts.

pub mod accounts;
pub mod commerce;
pub mod error;
pub mod ids;
pub mod profiles;

pub use error::{DomainError, ErrorType, FieldErrors, Validator};
