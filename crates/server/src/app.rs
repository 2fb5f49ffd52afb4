//! The composition root: the router, which reads as the table of contents of the API, and `Application::build`.
//! Each feature module exports `router()` and `jobs()`; this file only merges and registers them. The shared state
//! lives in `state.rs`.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::{self, Auth, csrf, session};
use crate::clock::SharedClock;
use crate::config::Config;
use crate::db::{self, Db};
use crate::events::EventBus;
use crate::hooks::{AccountHooks, Hooks, PlayerHooks, SeriesHooks};
use crate::http::TrustedProxies;
use crate::http::middleware::{self, Limits};
use crate::http::server::{self, ServerSettings};
use crate::http::socket::Listener;
use crate::idempotency::{self, Idempotency};
use crate::jobs::{self, Handler, Job, Jobs, RunnerSettings};
use crate::lifecycle::Lifecycle;
use crate::mail::Mailer;
use crate::payments::PaymentProviders;
use crate::payments::stripe::StripeProvider;
use crate::public_cache::PublicCache;
use crate::realtime::{self, Realtime};
use crate::state::AppState;
use crate::{
    accounts, applications, blueprints, calendar, chat, commerce, dashboard, event_stream, game_systems, health,
    notifications, oidc, openapi, profiles, reviews, runtime_config, series, sessions, web,
};

/// Every API route, with its OpenAPI description, relative to `/api`.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(runtime_config::router())
        .merge(accounts::router())
        .merge(profiles::router())
        .merge(commerce::router())
        .merge(game_systems::router())
        .merge(blueprints::router())
        .merge(series::router())
        .merge(applications::router())
        .merge(sessions::router())
        .merge(chat::router())
        .merge(reviews::router())
        .merge(dashboard::router())
        .merge(calendar::router())
        .merge(notifications::router())
        .merge(oidc::router())
        .merge(event_stream::router())
        .merge(openapi::router())
}

/// Every kind of background job and what runs it: the table of contents of background work.
pub fn job_handlers() -> Vec<(&'static str, Handler)> {
    [
        jobs::jobs(),
        auth::jobs(),
        accounts::jobs(),
        profiles::jobs(),
        commerce::jobs(),
        game_systems::jobs(),
        blueprints::jobs(),
        series::jobs(),
        applications::jobs(),
        sessions::jobs(),
        chat::jobs(),
        reviews::jobs(),
        dashboard::jobs(),
        calendar::jobs(),
        notifications::jobs(),
        oidc::jobs(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// What each feature that keeps data per account does when one is created, proves its e-mail, is suspended or is
/// erased.
pub fn account_hooks() -> AccountHooks {
    AccountHooks::default()
        .on_created("profiles", profiles::on_account_created)
        .on_email_proven("oidc", oidc::on_email_proven)
        .on_erased("profiles", profiles::on_account_erased)
        .on_erased("oidc", oidc::on_account_erased)
        .on_erased("applications", applications::on_account_erased)
        .on_erased("sessions", sessions::on_account_erased)
        .on_erased("reviews", reviews::on_account_erased)
        .on_erased("notifications", notifications::on_account_erased)
        .on_suspended("sessions", sessions::on_account_suspended)
}

/// What features above `series` do when a series changes or a player leaves it, and what they answer about it.
pub fn series_hooks() -> SeriesHooks {
    SeriesHooks::default()
        .on_requirements_changed("sessions", sessions::on_series_requirements_changed)
        .on_ended("sessions", sessions::on_series_ended)
        .on_ended("applications", applications::on_series_ended)
        .on_player_left("sessions", sessions::on_player_left_series)
        .answer_blueprint_in_use("series", series::uses_blueprint)
        .answer_seated("applications", applications::seated)
}

/// What features above `applications` answer about a player who applies.
pub fn player_hooks() -> PlayerHooks {
    PlayerHooks::default()
        .answer_birthdate("profiles", profiles::birthdate)
        .answer_experience("profiles", profiles::player_experience)
        .answer_sessions_played("sessions", sessions::sessions_played_by)
}

/// Every hook registry.
pub fn hooks() -> Hooks {
    Hooks { accounts: account_hooks(), series: series_hooks(), players: player_hooks() }
}

/// The API paths whose POSTs honour `Idempotency-Key` (decisions.md, commerce §4): the store (carts, payment
/// collections, completion) and the refund requests and decisions.
pub const IDEMPOTENT_POSTS: &[&str] = &["/store/", "/session-payments/"];

/// The API paths a state-changing request may reach without the CSRF header: Stripe's webhook, which no browser
/// sends and which proves itself by its signature (decisions.md, commerce §5), and the one-click unsubscribe that
/// mail clients post with no cookie and no header, which proves itself by its signed token (issue 18).
pub const CSRF_EXEMPT: &[&str] = &[commerce::stripe_webhook::PATH, notifications::UNSUBSCRIBE_PATH];

/// The whole HTTP application: `/api/*` (JSON, with JSON errors for unknown paths), then the web app.
pub fn router(state: AppState) -> Router {
    let (api, _) = api_routes().split_for_parts();
    // Requests are counted by route only when metrics are served: otherwise the labels would be built for nothing.
    let metrics = state.config.metrics_bind.is_some();
    let api = if metrics { api.route_layer(axum::middleware::from_fn(crate::metrics::note_route)) } else { api };
    let api = api
        .fallback(middleware::api_not_found)
        .method_not_allowed_fallback(middleware::method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            Idempotency { state: state.clone(), prefixes: IDEMPOTENT_POSTS },
            idempotency::layer,
        ))
        .layer(axum::middleware::from_fn_with_state(csrf::Exempt(CSRF_EXEMPT), csrf::require_header))
        .layer(axum::middleware::from_fn_with_state(state.clone(), commerce::publishable_key::store_front_door));
    let limits = Limits {
        body_limit_bytes: state.config.body_limit_bytes,
        request_timeout: state.config.request_timeout(),
        secure: state.config.secure_cookies(),
        stripe: state.payment_providers.has(crate::payments::STRIPE_PROVIDER_ID),
        metrics,
    };
    let app = Router::new().nest("/api", api).fallback(web::serve).with_state(state);
    middleware::apply(app, limits)
}

/// What each metrics scrape reads fresh: the pool, the open websockets, the jobs waiting by kind.
fn scrape_gauges(state: AppState) -> crate::metrics::BeforeScrape {
    Arc::new(move || {
        let state = state.clone();
        Box::pin(async move {
            crate::metrics::pool(state.db.pool_state());
            crate::metrics::websockets_open(state.realtime.registry.len());
            match state.jobs.queued_by_kind(state.db.conn()).await {
                Ok(queued) => queued.iter().for_each(|(kind, count)| crate::metrics::jobs_queued(kind, *count)),
                Err(error) => tracing::warn!(%error, "metrics: counting the queued jobs failed"),
            }
        })
    })
}

/// A started application: migrated database, running dispatcher, bound listener.
pub struct Application {
    pub state: AppState,
    listener: TcpListener,
    /// Where `GET /metrics` answers, when `QUESTLINE_METRICS_BIND` is set.
    metrics_addr: Option<SocketAddr>,
}

impl Application {
    /// Connects to and migrates the database, starts the event dispatcher and binds the port (0 picks a free one).
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with_clock(config, crate::failpoints::clock()?).await
    }

    pub async fn build_with_clock(config: Config, clock: SharedClock) -> anyhow::Result<Self> {
        // A setting the server cannot honour stops it before it touches the database.
        config.platform_fee_bps()?;
        let stripe = config.stripe()?;
        let conn = db::connect(&config.database_url(), config.db_max_connections).await?;
        db::migrate(&conn).await?;
        let db = Db::new(conn);
        let events = EventBus::new(clock.clone());
        let realtime = Realtime::new(realtime::Settings::from_config(&config));
        // Subscribe before the dispatcher starts, so the websocket misses nothing it dispatches.
        realtime.registry.start_fan_out(events.subscribe());
        let public_cache =
            PublicCache::new(db.clone(), &events, clock.clone(), Duration::from_secs(config.public_cache_secs));
        let poll = Duration::from_millis(config.events_poll_ms.max(10));
        events.start_dispatcher(db.clone(), &config.database_url(), poll).await?;
        let jobs = Jobs::new(
            clock.clone(),
            RunnerSettings {
                poll: Duration::from_millis(config.jobs_poll_ms.max(10)),
                lease: Duration::from_secs(config.jobs_lease_secs.max(1)),
                concurrency: config.jobs_concurrency,
            },
        );
        for (kind, handler) in job_handlers() {
            jobs.register(kind, handler);
        }
        // One per database, however many instances start: the unique key makes the others' inserts no-ops.
        jobs.schedule(
            db.conn(),
            Job::new(jobs::PRUNE_EVENTS, ()).unique(jobs::PRUNE_EVENTS).every(chrono::Duration::hours(1)),
        )
        .await?;
        jobs.schedule(
            db.conn(),
            Job::new(session::END_EXPIRED, ()).unique(session::END_EXPIRED).every(session::END_EXPIRED_EVERY),
        )
        .await?;
        jobs.schedule(
            db.conn(),
            Job::new(series::REFRESH_NEXT_SESSIONS, ())
                .unique(series::REFRESH_NEXT_SESSIONS)
                .every(series::REFRESH_NEXT_SESSIONS_EVERY),
        )
        .await?;
        jobs.schedule(
            db.conn(),
            Job::new(commerce::carts::PRUNE_CARTS, ())
                .unique(commerce::carts::PRUNE_CARTS)
                .every(chrono::Duration::days(1)),
        )
        .await?;
        for job in notifications::recurring() {
            jobs.schedule(db.conn(), job).await?;
        }
        let proxies = TrustedProxies::new(config.trusted_proxies()?);
        let listener = TcpListener::bind(config.socket_addr()).await?;
        let auth = Arc::new(Auth::from_config(&config, clock.clone())?);
        let mailer = Mailer::from_config(&config, clock.clone())?;
        let hooks = Arc::new(hooks());
        let mut payment_providers = PaymentProviders::new(config.system_payments_on());
        if let Some(stripe) = stripe {
            // Its start-up warnings are `Config::warnings`, said by `serve`.
            payment_providers.add(Arc::new(StripeProvider::new(&stripe.secret_key, &stripe.api_base)?));
        }
        let state = AppState {
            db,
            config: Arc::new(config),
            events,
            clock,
            auth,
            mailer,
            realtime,
            jobs,
            hooks,
            public_cache,
            proxies,
            payment_providers,
            lifecycle: Lifecycle::default(),
        };
        state.jobs.start(state.clone());
        notifications::start(state.clone());
        let metrics_addr = match crate::metrics::bind(state.config.metrics_bind).await? {
            Some((listener, handle)) => {
                let address = listener.local_addr()?;
                crate::metrics::serve(listener, handle, scrape_gauges(state.clone()));
                Some(address)
            }
            None => None,
        };
        Ok(Self { state, listener, metrics_addr })
    }

    /// The metrics listener's address, when there is one.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_addr
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener.local_addr().expect("a bound listener has an address")
    }

    /// Serves until `shutdown` resolves, then drains: `/api/ready` answers 503, no new connection is accepted,
    /// websockets are told to reconnect elsewhere, the requests in flight and the running background jobs get
    /// `QUESTLINE_SHUTDOWN_GRACE_SECS` to finish, and the jobs still running after it are handed back (another
    /// instance, or this one after its restart, runs them again at once instead of after their lease).
    pub async fn run_until(self, shutdown: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        let grace = self.state.config.shutdown_grace();
        let (connections, jobs, lifecycle, db) = (
            self.state.realtime.registry.clone(),
            self.state.jobs.clone(),
            self.state.lifecycle.clone(),
            self.state.db.clone(),
        );
        let (signalled_tx, signalled) = tokio::sync::oneshot::channel::<tokio::time::Instant>();
        let runner = jobs.clone();
        let shutdown = async move {
            shutdown.await;
            lifecycle.begin_draining();
            let _ = signalled_tx.send(tokio::time::Instant::now());
            // Websockets are not requests in flight: tell their clients to reconnect elsewhere.
            connections.close_all(realtime::frames::CloseReason::GoingAway);
            // Claim no more jobs; the running ones go on.
            runner.stop();
        };
        let settings = ServerSettings { header_read_timeout: self.state.config.header_read_timeout(), grace };
        let app = router(self.state);
        server::serve(Listener(self.listener), app, settings, shutdown).await?;
        // The jobs share the grace the connections had (both started at the signal).
        let deadline = signalled.await.unwrap_or_else(|_| tokio::time::Instant::now()) + grace;
        jobs.drain(&db, deadline).await;
        Ok(())
    }
}
