//! `AppState`: what every handler, job and extractor may use, given by axum's `State`. Nothing else is global.
//! It sits on the platform floor (docs/architecture.md): features read it, it names no feature.

use std::sync::Arc;

use crate::auth::Auth;
use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::Db;
use crate::events::EventBus;
use crate::hooks::AccountHooks;
use crate::http::TrustedProxies;
use crate::jobs::Jobs;
use crate::mail::Mailer;
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
    /// What each feature does when an account is created, proves its e-mail or is erased (listed in `app.rs`).
    pub hooks: Arc<AccountHooks>,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`QUESTLINE_TRUSTED_PROXIES`).
    pub proxies: TrustedProxies,
}

impl axum::extract::FromRef<AppState> for TrustedProxies {
    fn from_ref(state: &AppState) -> Self {
        state.proxies.clone()
    }
}
