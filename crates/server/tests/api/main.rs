//! Integration tests: the real application on port 0 with a fresh database per test. Every test written with
//! `db_test!` runs twice, on SQLite and on PostgreSQL (`QUESTLINE_TEST_POSTGRES_URL`, default
//! `postgres://postgres@127.0.0.1:5432/test`).

#[macro_use]
mod helpers;

mod accounts;
mod applications;
mod backup;
mod blueprints;
mod calendar;
mod chat;
mod commerce_completion;
#[cfg(feature = "failpoints")]
mod commerce_crash;
mod commerce_refunds;
mod commerce_store;
mod commerce_stripe;
mod concurrency;
mod dashboard;
mod demo;
mod errors;
mod events;
mod hardening;
mod health;
mod jobs;
mod metrics;
mod notifications;
mod oidc;
mod openapi;
mod profiles;
mod proxy;
mod realtime;
mod reviews;
mod roles;
mod security;
mod series;
mod series_images;
mod series_share;
mod sessions;
mod sessions_mending;
mod shutdown;
mod smtp;
mod traces;
mod unique_indexes;
mod web;
