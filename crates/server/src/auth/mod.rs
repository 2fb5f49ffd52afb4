//! Who is asking: passwords, the OpenID Connect provider, server-side sessions in an HttpOnly cookie, the CSRF header, sign-in rate limits and
//! the extractors features use (`CurrentUser`, `MaybeUser`, role checks).

pub mod csrf;
pub mod extract;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod tokens;

pub use extract::{CurrentUser, MaybeUser};

use std::sync::Arc;
use std::time::Duration;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::oidc::OidcProvider;

/// What the auth handlers share: password hashing, the session policy and the sign-in limiter.
#[derive(Clone, Debug)]
pub struct Auth {
    pub passwords: password::Passwords,
    pub sessions: session::SessionPolicy,
    pub limiter: rate_limit::FailureLimiter,
    /// Failures allowed per account in a window; a client address gets ten times as many.
    pub max_failures: u32,
    /// Sign-in through an OpenID Connect provider, when configured.
    pub oidc: Option<Arc<OidcProvider>>,
}

impl Auth {
    pub fn from_config(config: &Config, clock: SharedClock) -> anyhow::Result<Self> {
        Ok(Self {
            passwords: password::Passwords::new(config.argon2_memory_kib, config.argon2_iterations)?,
            sessions: session::SessionPolicy::from_config(config),
            limiter: rate_limit::FailureLimiter::new(clock, Duration::from_secs(config.sign_in_window_secs)),
            max_failures: config.sign_in_max_failures,
            oidc: match config.oidc() {
                Some(oidc) => Some(Arc::new(OidcProvider::new(oidc, config.oidc_redirect_url())?)),
                None => None,
            },
        })
    }
}
