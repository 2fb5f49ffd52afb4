//! `AppState`: what every handler, job and extractor may use, given by axum's `State`. Nothing else is global.
//! It sits on the platform floor (docs/architecture.md): features read it, it names no feature.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, DbErr};

use crate::auth::Auth;
use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::{Db, TxFuture};
use crate::error::ApiError;
use crate::events::{Event, EventBus};
use crate::hooks::Hooks;
use crate::http::TrustedProxies;
use crate::jobs::{Job, Jobs};
use crate::lifecycle::Lifecycle;
use crate::mail::Mailer;
use crate::payments::PaymentProviders;
use crate::public_cache::PublicCache;
use crate::realtime::Realtime;

/// What every handler may use.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database pool and the write-transaction helper.
    pub db: Db,
    pub config: Arc<Config>,
    /// Records events in write transactions and fans committed ones out.
    pub events: EventBus,
    /// The time; tests set it.
    pub clock: SharedClock,
    /// Passwords, sessions, sign-in limits and the OpenID Connect provider.
    pub auth: Arc<Auth>,
    pub mailer: Mailer,
    /// This instance's websocket connections.
    pub realtime: Realtime,
    /// Schedules durable background jobs and runs due ones.
    pub jobs: Jobs,
    /// What the features above one do when it tells them news, and what they answer when it asks (listed in
    /// `app.rs`).
    pub hooks: Arc<Hooks>,
    /// Answers of public reads kept for a few seconds (the Questboard's pages).
    pub public_cache: PublicCache,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`QUESTLINE_TRUSTED_PROXIES`).
    pub proxies: TrustedProxies,
    /// The payment providers this instance can use, by id (commerce's completion and refunds look them up).
    pub payment_providers: PaymentProviders,
    /// Serving or draining (`/api/ready`).
    pub lifecycle: Lifecycle,
}

impl axum::extract::FromRef<AppState> for TrustedProxies {
    fn from_ref(state: &AppState) -> Self {
        state.proxies.clone()
    }
}

/// What a write may use, handed to the feature's store function by [`AppState::write`]: the transaction and the
/// platform pieces that join it (events and jobs are recorded in it, account hooks run in it), and `now`, read
/// once for the whole write. Handlers build a command, call `state.write`, and hold no SeaORM code.
pub struct Write<'c> {
    pub txn: &'c DatabaseTransaction,
    pub events: EventBus,
    pub jobs: Jobs,
    pub hooks: Arc<Hooks>,
    pub now: DateTime<Utc>,
}

impl Write<'_> {
    /// Records `event` in this write's transaction.
    pub async fn record(&self, event: Event) -> Result<(), DbErr> {
        self.events.record(self.txn, event).await
    }

    /// Schedules `job` in this write's transaction (it runs once the write commits).
    pub async fn schedule(&self, job: Job) -> Result<(), DbErr> {
        self.jobs.schedule(self.txn, job).await
    }
}

impl AppState {
    /// Runs `work` in one write transaction with its [`Write`] context: committed on `Ok`, rolled back on `Err`
    /// (see [`Db::write`]).
    pub async fn write<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(Write<'c>) -> TxFuture<'c, T, ApiError> + Send + 'static,
    {
        let (events, jobs, hooks, now) = (self.events.clone(), self.jobs.clone(), self.hooks.clone(), self.clock.now());
        self.db.write(move |txn| work(Write { txn, events, jobs, hooks, now })).await
    }

    /// [`AppState::write`] for a write that races others on the same rows (a cart's completion and its payment
    /// session): when the database refuses it for the race (a deadlock or serialization failure on PostgreSQL, a
    /// busy SQLite: [`ApiError::is_write_conflict`]) it runs once more, from the start, in a new transaction; a
    /// second refusal is answered 409 `write_conflict`, never 500 (issue 31). `work` must be safe to run twice:
    /// the first run was rolled back whole.
    pub async fn write_retrying<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: for<'c> Fn(Write<'c>) -> TxFuture<'c, T, ApiError> + Send + Sync + 'static,
    {
        let work = Arc::new(work);
        let first = work.clone();
        match self.write(move |w| (*first)(w)).await {
            Err(error) if error.is_write_conflict() => {
                tracing::info!(error = %error, "a write raced another and was rolled back; running it once more");
                self.write(move |w| (*work)(w)).await
            }
            outcome => outcome,
        }
    }
}
