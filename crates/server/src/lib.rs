//! Questline's server: the JSON API under `/api`, the event outbox and the embedded web app, in one binary.
//! `app.rs` is the table of contents; each feature lives in its own module with its router.

pub mod accounts;
pub mod app;
pub mod auth;
pub mod cli;
pub mod clock;
pub mod commerce;
pub mod config;
pub mod db;
pub mod error;
pub mod events;
pub mod health;
pub mod http;
pub mod jobs;
pub mod mail;
pub mod oidc;
pub mod openapi;
pub mod profiles;
pub mod realtime;
pub mod runtime_config;
pub mod telemetry;
pub mod web;

pub use app::AppState;
pub use error::ApiError;
