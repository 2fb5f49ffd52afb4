//! Typed configuration, read from the environment (or the same flags on the command line). Secrets are never
//! printed: `Debug` hides the database and SMTP passwords and the OpenID Connect client secret.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use questline_domain::commerce::ledger::FeeBps;

#[derive(Clone, Args)]
pub struct Config {
    /// TCP port to listen on.
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,

    /// Address to bind; use 0.0.0.0 behind a load balancer or in a container.
    #[arg(long, env = "QUESTLINE_BIND", default_value = "127.0.0.1", global = true)]
    pub bind: IpAddr,

    /// Folder for the embedded SQLite database and other local files.
    #[arg(long, env = "QUESTLINE_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,

    /// `sqlite://…` or `postgres://…`. Defaults to `sqlite://<data dir>/questline.db`.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// The address users reach us at; defaults to http://localhost:<port>. Decides the allowed websocket
    /// origin and whether cookies are marked Secure.
    #[arg(long, env = "QUESTLINE_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// `text` for people, `json` for log collectors.
    #[arg(long, env = "QUESTLINE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,

    /// Seconds a request may take before it is answered with a timeout error.
    #[arg(long, env = "QUESTLINE_REQUEST_TIMEOUT_SECS", default_value_t = 30, global = true)]
    pub request_timeout_secs: u64,

    /// Largest accepted request body in bytes.
    #[arg(long, env = "QUESTLINE_BODY_LIMIT_BYTES", default_value_t = 1024 * 1024, global = true)]
    pub body_limit_bytes: usize,

    /// Largest number of pooled database connections.
    #[arg(long, env = "QUESTLINE_DB_MAX_CONNECTIONS", default_value_t = 10, global = true)]
    pub db_max_connections: u32,

    /// A session unused for this many hours ends.
    #[arg(long, env = "QUESTLINE_SESSION_IDLE_HOURS", default_value_t = 24 * 7, global = true)]
    pub session_idle_hours: i64,

    /// A session ends this many days after sign-in, however active.
    #[arg(long, env = "QUESTLINE_SESSION_MAX_DAYS", default_value_t = 30, global = true)]
    pub session_max_days: i64,

    /// Failed sign-ins a client address may make against one account before it must wait (5 s, doubling with
    /// each further failure); ten times as many over all accounts refuse the address until its window ends.
    #[arg(long, env = "QUESTLINE_SIGN_IN_MAX_FAILURES", default_value_t = 5, global = true)]
    pub sign_in_max_failures: u32,

    /// Seconds over which failed sign-ins are counted (and the longest wait).
    #[arg(long, env = "QUESTLINE_SIGN_IN_WINDOW_SECS", default_value_t = 15 * 60, global = true)]
    pub sign_in_window_secs: u64,

    /// argon2id memory cost in KiB (OWASP's 19 MiB by default; tests lower it).
    #[arg(long, env = "QUESTLINE_ARGON2_MEMORY_KIB", default_value_t = 19 * 1024, global = true)]
    pub argon2_memory_kib: u32,

    /// argon2id passes.
    #[arg(long, env = "QUESTLINE_ARGON2_ITERATIONS", default_value_t = 2, global = true)]
    pub argon2_iterations: u32,

    /// `smtp://user:password@host:port` (add `?tls=required` for STARTTLS) or `smtps://…`. Without it, mails are
    /// written as files under `<data dir>/mail/`.
    #[arg(long, env = "QUESTLINE_SMTP_URL", global = true)]
    pub smtp_url: Option<String>,

    /// The sender of Questline's mails.
    #[arg(long, env = "QUESTLINE_MAIL_FROM", default_value = "Questline <no-reply@questline.local>", global = true)]
    pub mail_from: String,

    /// A websocket that sends nothing (not even a ping) for this many seconds is closed.
    #[arg(long, env = "QUESTLINE_WS_IDLE_TIMEOUT_SECS", default_value_t = 60, global = true)]
    pub ws_idle_timeout_secs: u64,

    /// Events a websocket may have waiting to be sent; a client further behind is disconnected and refetches.
    #[arg(long, env = "QUESTLINE_WS_MAX_PENDING_EVENTS", default_value_t = 256, global = true)]
    pub ws_max_pending_events: usize,

    /// Seconds one websocket write may stay blocked (a client not reading) before the connection is closed.
    #[arg(long, env = "QUESTLINE_WS_SEND_TIMEOUT_SECS", default_value_t = 10, global = true)]
    pub ws_send_timeout_secs: u64,

    /// Milliseconds between looks at the event outbox when nothing woke the dispatcher.
    #[arg(long, env = "QUESTLINE_EVENTS_POLL_MS", default_value_t = 500, global = true)]
    pub events_poll_ms: u64,

    /// Days dispatched events stay in the outbox before the cleanup job deletes them.
    #[arg(long, env = "QUESTLINE_EVENTS_RETENTION_DAYS", default_value_t = 7, global = true)]
    pub events_retention_days: i64,

    /// Milliseconds between looks for due jobs when nothing woke the job runner.
    #[arg(long, env = "QUESTLINE_JOBS_POLL_MS", default_value_t = 1000, global = true)]
    pub jobs_poll_ms: u64,

    /// Seconds a job stays claimed by the instance running it; after that another instance may retry it.
    #[arg(long, env = "QUESTLINE_JOBS_LEASE_SECS", default_value_t = 300, global = true)]
    pub jobs_lease_secs: u64,

    /// Seconds a public read's answer (the Questboard's pages) may at most be served again from memory; 0 turns
    /// that off. Any write this instance commits, any event from another instance, and the first next session on
    /// the page beginning end a kept answer sooner.
    #[arg(long, env = "QUESTLINE_PUBLIC_CACHE_SECS", default_value_t = 60, global = true)]
    pub public_cache_secs: u64,

    /// Jobs one instance runs at the same time.
    #[arg(long, env = "QUESTLINE_JOBS_CONCURRENCY", default_value_t = 4, global = true)]
    pub jobs_concurrency: usize,
    /// An OpenID Connect issuer URL (e.g. `https://id.example.com/realms/questline`). With a client id and secret
    /// it adds "Sign in with <provider name>"; the provider must allow `<public url>/callback` as redirect URI.
    #[arg(long, env = "QUESTLINE_OIDC_ISSUER", global = true)]
    pub oidc_issuer: Option<String>,

    /// Questline's client id at the OpenID Connect provider.
    #[arg(long, env = "QUESTLINE_OIDC_CLIENT_ID", global = true)]
    pub oidc_client_id: Option<String>,

    /// Questline's client secret at the OpenID Connect provider (Questline is a confidential client).
    #[arg(long, env = "QUESTLINE_OIDC_CLIENT_SECRET", hide_env_values = true, global = true)]
    pub oidc_client_secret: Option<String>,

    /// The provider's name on the sign-in button: "Sign in with <name>".
    #[arg(long, env = "QUESTLINE_OIDC_PROVIDER_NAME", default_value = "OpenID Connect", global = true)]
    pub oidc_provider_name: String,

    /// Reverse proxies whose `X-Forwarded-For` is believed: comma-separated addresses or CIDR ranges
    /// (`10.0.0.0/8,fd00::/8`). From any other peer the header is ignored and the peer is the client.
    #[arg(long, env = "QUESTLINE_TRUSTED_PROXIES", global = true)]
    pub trusted_proxies: Option<String>,

    /// Seconds a client may take to send a request's headers (also how long an idle keep-alive connection stays).
    #[arg(long, env = "QUESTLINE_HEADER_READ_TIMEOUT_SECS", default_value_t = 10, global = true)]
    pub header_read_timeout_secs: u64,

    /// Where to serve Prometheus metrics (`GET /metrics`), e.g. `127.0.0.1:9100`: a listener of its own, so the
    /// public one never shows them. Off when unset.
    #[arg(long, env = "QUESTLINE_METRICS_BIND", global = true)]
    pub metrics_bind: Option<SocketAddr>,

    /// Seconds a stopping server (SIGTERM, Ctrl+C) waits for the requests in flight and its running background
    /// jobs; then it closes what is still open, hands the unfinished jobs back for another instance, and exits.
    #[arg(long, env = "QUESTLINE_SHUTDOWN_GRACE_SECS", default_value_t = 30, global = true)]
    pub shutdown_grace_secs: u64,

    /// Websockets one sign-in session (one browser) may have open; 0 for no limit.
    #[arg(long, env = "QUESTLINE_WS_MAX_PER_SESSION", default_value_t = 10, global = true)]
    pub ws_max_per_session: usize,

    /// Websockets one account may have open over all its sessions; 0 for no limit.
    #[arg(long, env = "QUESTLINE_WS_MAX_PER_ACCOUNT", default_value_t = 20, global = true)]
    pub ws_max_per_account: usize,

    /// Websockets one client address may have open; 0 for no limit.
    #[arg(long, env = "QUESTLINE_WS_MAX_PER_ADDRESS", default_value_t = 100, global = true)]
    pub ws_max_per_address: usize,

    /// Passwords hashed or checked at the same time (each takes the argon2 memory); 0 means one per CPU core.
    /// Requests beyond it wait briefly, then are answered 503 with `Retry-After`.
    #[arg(long, env = "QUESTLINE_PASSWORD_HASHING_CONCURRENCY", default_value_t = 0, global = true)]
    pub password_hashing_concurrency: usize,

    /// Per client address and hour, each of: sign-ups, password-reset requests, password-reset confirmations,
    /// verification resends and sign-ins started with the identity provider.
    #[arg(long, env = "QUESTLINE_ADDRESS_LIMIT_PER_HOUR", default_value_t = 20, global = true)]
    pub address_limit_per_hour: u32,

    /// Mails with links (verification, password reset) one recipient address gets per hour; also the
    /// verification resends one account may ask for per hour.
    #[arg(long, env = "QUESTLINE_MAILS_PER_RECIPIENT_PER_HOUR", default_value_t = 5, global = true)]
    pub mails_per_recipient_per_hour: u32,

    /// Applications to series (first ones and reopened ones) one player may send per hour, so nobody floods a GM.
    #[arg(long, env = "QUESTLINE_APPLICATIONS_PER_HOUR", default_value_t = 10, global = true)]
    pub applications_per_hour: u32,

    /// Carts one client address may create per hour (issue 31): anyone, signed in or not, can make one, and each
    /// is stored. Beyond it, 429.
    #[arg(long, env = "QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR", default_value_t = 30, global = true)]
    pub carts_per_address_per_hour: u32,

    /// Chat messages one account may send per minute, across its conversations (issue 17), so nobody floods
    /// another; past it 429 with `Retry-After`.
    #[arg(long, env = "QUESTLINE_CHAT_MESSAGES_PER_MINUTE", default_value_t = 30, global = true)]
    pub chat_messages_per_minute: u32,

    /// How long before a session's scheduled start its GM may start preparation, in minutes (spec §9: 15).
    #[arg(long, env = "QUESTLINE_PREPARATION_LEAD_MINUTES", default_value_t = 15, global = true)]
    pub preparation_lead_minutes: u32,

    /// Blueprint parts one game master may keep (issue 31): past it, creating another answers 409
    /// `part_limit_reached`.
    #[arg(long, env = "QUESTLINE_MAX_PARTS_PER_GM", default_value_t = 500, global = true)]
    pub max_parts_per_gm: u64,

    /// Activity blueprints one game master may keep (issue 31): past it, creating another answers 409
    /// `blueprint_limit_reached`.
    #[arg(long, env = "QUESTLINE_MAX_BLUEPRINTS_PER_GM", default_value_t = 200, global = true)]
    pub max_blueprints_per_gm: u64,

    /// The platform's share of every seat sold, in percent (0–100, at most two decimals: `12.5`). Held as basis
    /// points and copied onto each order, so changing it never re-prices a past sale; the GM gets the rest, and
    /// the odd grosz of a rounding.
    #[arg(long, env = "QUESTLINE_PLATFORM_FEE_PERCENT", default_value = "10", global = true)]
    pub platform_fee_percent: String,

    /// The built-in provider `pp_system_default` ("Test payment", which takes no money): `off` hides it from every
    /// region, `on` offers it. Unset, it is on unless Stripe is configured (an instance that takes real money must
    /// ask for the free way through checkout explicitly, issue 31). Its orders are test orders either way: the
    /// ledger marks them and earnings and payouts leave them out.
    #[arg(long, env = "QUESTLINE_SYSTEM_PAYMENTS", value_enum, global = true)]
    pub system_payments: Option<Switch>,
    /// The store's publishable API key: every `/api/store/*` request carries it in `x-publishable-api-key`, as
    /// Medusa's SDK sends it. Public (served by `GET /api/config`): it tells the store which storefront calls, it
    /// is no secret.
    #[arg(long, env = "QUESTLINE_PUBLISHABLE_KEY", default_value = "pk_questline_local", global = true)]
    pub publishable_key: String,

    /// The sales channel carts are created in when the client names none (Medusa's `sales_channel_id`).
    #[arg(long, env = "QUESTLINE_SALES_CHANNEL_ID", default_value = "sc_questline", global = true)]
    pub sales_channel_id: String,

    /// Stripe's secret key (`sk_test_…`, `sk_live_…`, or a restricted `rk_…`). With the publishable key it turns
    /// on the card provider `pp_stripe_stripe` in every region; one without the other stops the server at start.
    #[arg(long, env = "QUESTLINE_STRIPE_SECRET_KEY", hide_env_values = true, global = true)]
    pub stripe_secret_key: Option<String>,

    /// Stripe's publishable key (`pk_…`), given to the browser for Stripe.js (public, served by `GET /api/config`).
    #[arg(long, env = "QUESTLINE_STRIPE_PUBLISHABLE_KEY", global = true)]
    pub stripe_publishable_key: Option<String>,

    /// The signing secret (`whsec_…`) of the webhook endpoint `<public url>/api/payments/stripe/webhook`. Without
    /// it the endpoint answers 404, and payments complete only when the browser comes back (docs/operations.md).
    #[arg(long, env = "QUESTLINE_STRIPE_WEBHOOK_SECRET", hide_env_values = true, global = true)]
    pub stripe_webhook_secret: Option<String>,

    /// Where Stripe's API is; the tests and the browser journey point it at the local stand-in.
    #[arg(long, env = "QUESTLINE_STRIPE_API_BASE", default_value = "https://api.stripe.com", global = true)]
    pub stripe_api_base: String,
}

/// The Stripe settings, present only when the secret and the publishable key are both set.
#[derive(Clone)]
pub struct StripeConfig {
    pub secret_key: String,
    pub publishable_key: String,
    /// `None`: the webhook endpoint is inert (404).
    pub webhook_secret: Option<String>,
    pub api_base: String,
}

impl std::fmt::Debug for StripeConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StripeConfig")
            .field("secret_key", &"***")
            .field("publishable_key", &self.publishable_key)
            .field("webhook_secret", &self.webhook_secret.as_ref().map(|_| "***"))
            .field("api_base", &self.api_base)
            .finish()
    }
}

/// The OpenID Connect settings, present only when issuer, client id and secret are all set.
#[derive(Clone)]
pub struct OidcConfig {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
    pub provider_name: String,
}

impl std::fmt::Debug for OidcConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcConfig")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &"***")
            .field("provider_name", &self.provider_name)
            .finish()
    }
}

/// A setting that is on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    On,
    Off,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    pub fn socket_addr(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}/questline.db?mode=rwc", self.data_dir.display()))
    }

    pub fn public_url(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://localhost:{}", self.port))
            .trim_end_matches('/')
            .to_owned()
    }

    /// Cookies are marked `Secure` (and named with the `__Host-` prefix) and HSTS is sent when users reach us
    /// over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url().starts_with("https://")
    }

    /// The reverse proxies whose `X-Forwarded-For` is believed; an error names the entry that is not an address
    /// or a CIDR range.
    pub fn trusted_proxies(&self) -> anyhow::Result<Vec<ipnet::IpNet>> {
        let Some(list) = self.trusted_proxies.as_deref() else { return Ok(Vec::new()) };
        list.split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry.parse::<ipnet::IpNet>().or_else(|_| entry.parse::<IpAddr>().map(ipnet::IpNet::from)).map_err(
                    |_| anyhow::anyhow!("QUESTLINE_TRUSTED_PROXIES: {entry:?} is not an address or CIDR range"),
                )
            })
            .collect()
    }

    /// The platform fee in basis points; an error (checked at start, so the server never runs with a fee it
    /// cannot charge exactly) names the setting and the value.
    pub fn platform_fee_bps(&self) -> anyhow::Result<FeeBps> {
        FeeBps::parse_percent(&self.platform_fee_percent)
            .map_err(|error| anyhow::anyhow!("QUESTLINE_PLATFORM_FEE_PERCENT: {error}"))
    }

    pub fn shutdown_grace(&self) -> Duration {
        Duration::from_secs(self.shutdown_grace_secs)
    }

    pub fn header_read_timeout(&self) -> Duration {
        Duration::from_secs(self.header_read_timeout_secs.max(1))
    }

    /// How many passwords may be hashed at once: the setting, or the number of cores.
    pub fn password_hashing_concurrency(&self) -> usize {
        match self.password_hashing_concurrency {
            0 => std::thread::available_parallelism().map_or(2, usize::from),
            set => set,
        }
    }

    /// The OpenID Connect settings, or `None` when sign-in through a provider is not configured (an empty value
    /// counts as not set).
    pub fn oidc(&self) -> Option<OidcConfig> {
        let set = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        Some(OidcConfig {
            issuer: set(&self.oidc_issuer)?,
            client_id: set(&self.oidc_client_id)?,
            client_secret: set(&self.oidc_client_secret)?,
            provider_name: self.oidc_provider_name.trim().to_owned(),
        })
    }

    /// What is allowed but probably a mistake, said as warnings when the server starts (empty store settings, Stripe
    /// beside the built-in provider that takes no money, Stripe without its webhook). Settings that cannot work are
    /// errors instead (`stripe`, `platform_fee_bps`).
    pub fn warnings(&self) -> Vec<&'static str> {
        let mut warnings = Vec::new();
        if self.sales_channel_id.trim().is_empty() {
            // Medusa's storefronts create carts in a sales channel; without one the web app's carts have none.
            warnings.push("QUESTLINE_SALES_CHANNEL_ID is set but empty: carts will be created without a sales channel");
        }
        if self.publishable_key.trim().is_empty() {
            warnings.push("QUESTLINE_PUBLISHABLE_KEY is set but empty: every store request will be refused");
        }
        if let Ok(Some(stripe)) = self.stripe() {
            if self.system_payments == Some(Switch::On) {
                warnings.push(
                    "Stripe is configured and QUESTLINE_SYSTEM_PAYMENTS=on still offers the built-in test provider \
                     (pp_system_default, which takes no money): anyone can check out without paying. Leave \
                     QUESTLINE_SYSTEM_PAYMENTS unset or set it to off",
                );
            }
            if stripe.webhook_secret.is_none() {
                warnings.push(
                    "Stripe is configured without QUESTLINE_STRIPE_WEBHOOK_SECRET: a payment whose shopper never \
                     returns from their bank completes only when they come back",
                );
            }
        }
        warnings
    }

    /// Whether the built-in provider ("Test payment") is offered: as `QUESTLINE_SYSTEM_PAYMENTS` says, and when it
    /// is unset, only while Stripe is not configured (issue 31).
    pub fn system_payments_on(&self) -> bool {
        match self.system_payments {
            Some(switch) => switch == Switch::On,
            None => !matches!(self.stripe(), Ok(Some(_))),
        }
    }

    /// The Stripe settings: `None` when neither key is set (an empty value counts as not set); an error, checked at
    /// start, when only one of the two keys is set or a key is of the wrong kind (a publishable key where the
    /// secret one goes is the usual slip).
    pub fn stripe(&self) -> anyhow::Result<Option<StripeConfig>> {
        let set = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let (secret_key, publishable_key) = match (set(&self.stripe_secret_key), set(&self.stripe_publishable_key)) {
            (None, None) => return Ok(None),
            (Some(secret), Some(publishable)) => (secret, publishable),
            (Some(_), None) => anyhow::bail!(
                "QUESTLINE_STRIPE_SECRET_KEY is set but QUESTLINE_STRIPE_PUBLISHABLE_KEY is not: Stripe needs both \
                 (set the publishable key, or unset the secret key to run without Stripe)"
            ),
            (None, Some(_)) => anyhow::bail!(
                "QUESTLINE_STRIPE_PUBLISHABLE_KEY is set but QUESTLINE_STRIPE_SECRET_KEY is not: Stripe needs both \
                 (set the secret key, or unset the publishable key to run without Stripe)"
            ),
        };
        if !(secret_key.starts_with("sk_") || secret_key.starts_with("rk_")) {
            anyhow::bail!("QUESTLINE_STRIPE_SECRET_KEY must be a secret key (sk_… or rk_…)");
        }
        if !publishable_key.starts_with("pk_") {
            anyhow::bail!("QUESTLINE_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_…)");
        }
        let webhook_secret = set(&self.stripe_webhook_secret);
        if webhook_secret.as_deref().is_some_and(|secret| !secret.starts_with("whsec_")) {
            anyhow::bail!("QUESTLINE_STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)");
        }
        let api_base = self.stripe_api_base.trim().trim_end_matches('/').to_owned();
        if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
            anyhow::bail!("QUESTLINE_STRIPE_API_BASE must be an http(s) URL");
        }
        Ok(Some(StripeConfig { secret_key, publishable_key, webhook_secret, api_base }))
    }

    /// Where the provider sends the browser back to: the web app's `/callback` page.
    pub fn oidc_redirect_url(&self) -> String {
        format!("{}/callback", self.public_url())
    }

    /// The `Origin` a browser sends from our pages: scheme, host and port of the public URL.
    pub fn public_origin(&self) -> String {
        let url = self.public_url();
        match url.split_once("://") {
            Some((scheme, rest)) => format!("{scheme}://{}", rest.split('/').next().unwrap_or(rest)),
            None => url,
        }
    }

    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout_secs)
    }

    /// A configuration for tests and tools: defaults everywhere, the given database.
    pub fn for_database(database_url: impl Into<String>, data_dir: PathBuf) -> Self {
        Self {
            port: 0,
            bind: IpAddr::from([127, 0, 0, 1]),
            data_dir,
            database_url: Some(database_url.into()),
            public_url: None,
            log_format: LogFormat::Text,
            request_timeout_secs: 30,
            body_limit_bytes: 1024 * 1024,
            db_max_connections: 5,
            session_idle_hours: 24 * 7,
            session_max_days: 30,
            sign_in_max_failures: 5,
            sign_in_window_secs: 15 * 60,
            argon2_memory_kib: 19 * 1024,
            argon2_iterations: 2,
            smtp_url: None,
            mail_from: "Questline <no-reply@questline.local>".into(),
            oidc_issuer: None,
            oidc_client_id: None,
            oidc_client_secret: None,
            oidc_provider_name: "OpenID Connect".into(),
            ws_idle_timeout_secs: 60,
            ws_max_pending_events: 256,
            ws_send_timeout_secs: 10,
            events_poll_ms: 500,
            events_retention_days: 7,
            jobs_poll_ms: 1000,
            jobs_lease_secs: 300,
            jobs_concurrency: 4,
            public_cache_secs: 60,
            trusted_proxies: None,
            header_read_timeout_secs: 10,
            shutdown_grace_secs: 30,
            metrics_bind: None,
            ws_max_per_session: 10,
            ws_max_per_account: 20,
            ws_max_per_address: 100,
            password_hashing_concurrency: 0,
            address_limit_per_hour: 20,
            mails_per_recipient_per_hour: 5,
            applications_per_hour: 10,
            carts_per_address_per_hour: 30,
            chat_messages_per_minute: 30,
            preparation_lead_minutes: 15,
            max_parts_per_gm: 500,
            max_blueprints_per_gm: 200,
            platform_fee_percent: "10".into(),
            system_payments: None,
            publishable_key: "pk_questline_local".into(),
            sales_channel_id: "sc_questline".into(),
            stripe_secret_key: None,
            stripe_publishable_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: "https://api.stripe.com".into(),
        }
    }
}

/// Hides the password of a connection URL (`postgres://user:secret@host` → `postgres://user:***@host`).
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.socket_addr())
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact_url(&self.database_url()))
            .field("public_url", &self.public_url())
            .field("log_format", &self.log_format)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .field("body_limit_bytes", &self.body_limit_bytes)
            .field("db_max_connections", &self.db_max_connections)
            .field("session_idle_hours", &self.session_idle_hours)
            .field("session_max_days", &self.session_max_days)
            .field("sign_in_max_failures", &self.sign_in_max_failures)
            .field("sign_in_window_secs", &self.sign_in_window_secs)
            .field("argon2_memory_kib", &self.argon2_memory_kib)
            .field("smtp_url", &self.smtp_url.as_deref().map(redact_url))
            .field("mail_from", &self.mail_from)
            .field("oidc", &self.oidc())
            .field("ws_idle_timeout_secs", &self.ws_idle_timeout_secs)
            .field("ws_max_pending_events", &self.ws_max_pending_events)
            .field("ws_send_timeout_secs", &self.ws_send_timeout_secs)
            .field("events_poll_ms", &self.events_poll_ms)
            .field("events_retention_days", &self.events_retention_days)
            .field("jobs_poll_ms", &self.jobs_poll_ms)
            .field("jobs_lease_secs", &self.jobs_lease_secs)
            .field("jobs_concurrency", &self.jobs_concurrency)
            .field("public_cache_secs", &self.public_cache_secs)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("header_read_timeout_secs", &self.header_read_timeout_secs)
            .field("shutdown_grace_secs", &self.shutdown_grace_secs)
            .field("metrics_bind", &self.metrics_bind)
            .field("ws_max_per_session", &self.ws_max_per_session)
            .field("ws_max_per_account", &self.ws_max_per_account)
            .field("ws_max_per_address", &self.ws_max_per_address)
            .field("password_hashing_concurrency", &self.password_hashing_concurrency)
            .field("address_limit_per_hour", &self.address_limit_per_hour)
            .field("mails_per_recipient_per_hour", &self.mails_per_recipient_per_hour)
            .field("applications_per_hour", &self.applications_per_hour)
            .field("carts_per_address_per_hour", &self.carts_per_address_per_hour)
            .field("chat_messages_per_minute", &self.chat_messages_per_minute)
            .field("preparation_lead_minutes", &self.preparation_lead_minutes)
            .field("max_parts_per_gm", &self.max_parts_per_gm)
            .field("max_blueprints_per_gm", &self.max_blueprints_per_gm)
            .field("platform_fee_percent", &self.platform_fee_percent)
            .field("system_payments", &self.system_payments)
            .field("publishable_key", &self.publishable_key)
            .field("sales_channel_id", &self.sales_channel_id)
            .field("stripe", &self.stripe().ok().flatten())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_in_database_urls_are_hidden() {
        assert_eq!(redact_url("postgres://app:s3cret@db:5432/q"), "postgres://app:***@db:5432/q");
        assert_eq!(redact_url("postgres://postgres@127.0.0.1/test"), "postgres://postgres@127.0.0.1/test");
        assert_eq!(redact_url("sqlite://./data/questline.db"), "sqlite://./data/questline.db");
        let config = Config::for_database("postgres://app:s3cret@db/q", PathBuf::from("/tmp"));
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    #[test]
    fn the_oidc_client_secret_is_hidden_and_all_three_settings_are_needed() {
        let mut config = Config::for_database("sqlite://x", PathBuf::from("/tmp"));
        config.oidc_issuer = Some("https://id.example.com".into());
        config.oidc_client_id = Some("questline".into());
        assert!(config.oidc().is_none(), "no secret, no OpenID Connect");
        config.oidc_client_secret = Some("hunter2-very-secret".into());
        let oidc = config.oidc().expect("configured");
        assert_eq!(oidc.provider_name, "OpenID Connect");
        assert!(!format!("{config:?}").contains("hunter2"));
        assert!(format!("{config:?}").contains("https://id.example.com"));
        config.oidc_client_secret = Some("  ".into());
        assert!(config.oidc().is_none(), "an empty value is not set");
    }

    #[test]
    fn the_public_origin_has_no_path() {
        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        config.public_url = Some("https://play.example.com/questline/".into());
        assert_eq!(config.public_origin(), "https://play.example.com");
        config.public_url = None;
        config.port = 8080;
        assert_eq!(config.public_origin(), "http://localhost:8080");
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        assert!(config.trusted_proxies().unwrap().is_empty());
        config.trusted_proxies = Some(" 10.0.0.0/8, 192.168.1.7 ,fd00::/8,".into());
        let proxies = config.trusted_proxies().unwrap();
        assert_eq!(proxies.len(), 3);
        assert!(proxies[1].contains(&"192.168.1.7".parse::<IpAddr>().unwrap()));
        config.trusted_proxies = Some("10.0.0.0/8,proxy.local".into());
        assert!(config.trusted_proxies().unwrap_err().to_string().contains("proxy.local"));
    }

    #[test]
    fn the_platform_fee_is_ten_percent_unless_set_and_a_bad_value_is_named() {
        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        assert_eq!(config.platform_fee_bps().unwrap().get(), 1000);
        config.platform_fee_percent = "12.5".into();
        assert_eq!(config.platform_fee_bps().unwrap().get(), 1250);
        config.platform_fee_percent = "150".into();
        let error = config.platform_fee_bps().unwrap_err().to_string();
        assert!(error.contains("QUESTLINE_PLATFORM_FEE_PERCENT") && error.contains("150"), "{error}");
    }

    #[test]
    fn stripe_needs_both_keys_and_hides_its_secrets() {
        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        assert!(config.stripe().unwrap().is_none(), "off by default");
        config.stripe_secret_key = Some("sk_test_hunter2".into());
        let error = config.stripe().unwrap_err().to_string();
        assert!(error.contains("QUESTLINE_STRIPE_PUBLISHABLE_KEY is not"), "{error}");
        config.stripe_secret_key = None;
        config.stripe_publishable_key = Some("pk_test_1".into());
        assert!(config.stripe().unwrap_err().to_string().contains("QUESTLINE_STRIPE_SECRET_KEY is not"));
        config.stripe_secret_key = Some("pk_test_1".into());
        assert!(config.stripe().unwrap_err().to_string().contains("must be a secret key"), "keys swapped");
        config.stripe_secret_key = Some("sk_test_hunter2".into());
        config.stripe_webhook_secret = Some("hunter3".into());
        assert!(config.stripe().unwrap_err().to_string().contains("whsec_"));
        config.stripe_webhook_secret = Some("whsec_hunter3".into());
        let stripe = config.stripe().unwrap().expect("configured");
        assert_eq!(
            (stripe.publishable_key.as_str(), stripe.api_base.as_str()),
            ("pk_test_1", "https://api.stripe.com")
        );
        let printed = format!("{config:?}");
        assert!(!printed.contains("hunter2") && !printed.contains("hunter3"), "{printed}");
        assert!(printed.contains("pk_test_1"));
        config.stripe_secret_key = Some(" ".into());
        config.stripe_publishable_key = Some("".into());
        assert!(config.stripe().unwrap().is_none(), "empty values are not set");
    }

    #[test]
    fn start_up_warns_of_settings_that_are_probably_mistakes() {
        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        assert!(config.warnings().is_empty(), "the defaults: {:?}", config.warnings());
        config.sales_channel_id = " ".into();
        config.publishable_key = String::new();
        let warnings = config.warnings();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].starts_with("QUESTLINE_SALES_CHANNEL_ID is set but empty"));
        assert!(warnings[1].starts_with("QUESTLINE_PUBLISHABLE_KEY is set but empty"));

        let mut config = Config::for_database("x", PathBuf::from("/tmp"));
        config.stripe_secret_key = Some("sk_test_1".into());
        config.stripe_publishable_key = Some("pk_test_1".into());
        config.system_payments = Some(Switch::On);
        let warnings = config.warnings();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("pp_system_default") && warnings[0].contains("QUESTLINE_SYSTEM_PAYMENTS=on"));
        assert!(warnings[1].contains("QUESTLINE_STRIPE_WEBHOOK_SECRET"));
        config.system_payments = None;
        assert_eq!(config.warnings().len(), 1, "unset beside Stripe: off, no warning of it");
        config.system_payments = Some(Switch::Off);
        config.stripe_webhook_secret = Some("whsec_1".into());
        assert!(config.warnings().is_empty(), "Stripe set up whole: {:?}", config.warnings());
    }

    #[test]
    fn default_database_lives_in_the_data_dir() {
        let mut config = Config::for_database("x", PathBuf::from("/srv/questline"));
        config.database_url = None;
        assert_eq!(config.database_url(), "sqlite:///srv/questline/questline.db?mode=rwc");
    }
}
