//! Questline's server: the JSON API under `/api`, the event outbox and the embedded web app, in one binary.
//! `app.rs` is the table of contents; each feature lives in its own module with its router and its jobs. The modules
//! stand on floors that only import downwards (docs/architecture.md, checked by `tests/floors.rs`).

pub mod accounts;
pub mod app;
pub mod applications;
pub mod auth;
pub mod blueprints;
pub mod calendar;
pub mod chat;
pub mod cli;
pub mod clock;
pub mod commerce;
pub mod config;
pub mod dashboard;
pub mod db;
pub mod demo;
pub mod error;
pub mod event_stream;
pub mod events;
pub mod failpoints;
pub mod game_systems;
pub mod health;
pub mod hooks;
pub mod http;
pub mod idempotency;
pub mod jobs;
pub mod lifecycle;
pub mod mail;
pub mod metrics;
pub mod notifications;
pub mod oidc;
pub mod openapi;
pub mod pagination;
pub mod payments;
pub mod profiles;
pub mod public_cache;
pub mod realtime;
pub mod reviews;
pub mod runtime_config;
pub mod series;
pub mod sessions;
pub mod state;
pub mod telemetry;
pub mod web;

pub use error::ApiError;
pub use state::AppState;
