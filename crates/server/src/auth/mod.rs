//! Who is asking: passwords, the OpenID Connect provider, server-side sessions in an HttpOnly cookie, the CSRF header, sign-in rate limits and
//! the extractors features use (`CurrentUser`, `MaybeUser`, role checks).

pub mod csrf;
pub mod extract;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod tokens;

pub use extract::{CurrentUser, MaybeUser};

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::error::ApiError;
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

    /// Starts a password attempt for `email` from `address`: refused with 429 while either has failed too often
    /// (an address gets ten times as many failures as an account). The sign-in form and the OpenID Connect link
    /// share these counters, so neither can be used to guess passwords faster.
    pub fn password_attempt(&self, email: &str, address: IpAddr) -> Result<PasswordAttempt<'_>, ApiError> {
        let attempt = PasswordAttempt {
            limiter: &self.limiter,
            email_key: format!("email:{}", email.trim().to_lowercase()),
            address_key: format!("address:{address}"),
        };
        self.limiter
            .check(&attempt.email_key, self.max_failures)
            .and_then(|()| self.limiter.check(&attempt.address_key, self.max_failures * 10))
            .map_err(ApiError::rate_limited)?;
        Ok(attempt)
    }
}

/// A password check under way; say how it went.
pub struct PasswordAttempt<'a> {
    limiter: &'a rate_limit::FailureLimiter,
    email_key: String,
    address_key: String,
}

impl PasswordAttempt<'_> {
    pub fn failed(&self) {
        self.limiter.record_failure(&self.email_key);
        self.limiter.record_failure(&self.address_key);
    }

    /// The account's failures are forgiven; the address's stay until its window ends.
    pub fn succeeded(&self) {
        self.limiter.clear(&self.email_key);
    }
}
