//! Who is asking: passwords, the OpenID Connect provider, server-side sessions in an HttpOnly cookie, the CSRF
//! header, rate limits and the extractors features use (`CurrentUser`, `MaybeUser`, role checks).

pub mod csrf;
pub mod extract;
pub mod oidc;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod tokens;

pub use extract::{CurrentUser, MaybeUser};
pub use oidc::OidcProvider;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use futures::FutureExt;

use crate::clock::SharedClock;
use crate::config::Config;
use crate::error::ApiError;
use crate::jobs::Handler;

/// The background work of auth: ending sessions that ran out, so their websockets close.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(session::END_EXPIRED, Arc::new(|state, run| session::end_expired_job(state, run).boxed()))]
}

/// What the auth handlers share: password hashing, the session policy and the limits.
#[derive(Clone, Debug)]
pub struct Auth {
    pub passwords: password::Passwords,
    pub sessions: session::SessionPolicy,
    pub limits: Limits,
    /// Sign-in through an OpenID Connect provider, when configured.
    pub oidc: Option<Arc<OidcProvider>>,
}

impl Auth {
    pub fn from_config(config: &Config, clock: SharedClock) -> anyhow::Result<Self> {
        Ok(Self {
            passwords: password::Passwords::new(
                config.argon2_memory_kib,
                config.argon2_iterations,
                config.password_hashing_concurrency(),
            )?,
            sessions: session::SessionPolicy::from_config(config),
            limits: Limits::from_config(config, clock),
            oidc: match config.oidc() {
                Some(oidc) => Some(Arc::new(OidcProvider::new(oidc, config.oidc_redirect_url())?)),
                None => None,
            },
        })
    }

    /// Starts a password check for `email` from `address`: refused with 429 while that address must wait (see
    /// `rate_limit`). The sign-in form, the provider link, a password change, a deletion and an unlink share
    /// these counters, so none of them can be used to guess passwords faster.
    pub fn password_attempt(&self, email: &str, address: IpAddr) -> Result<PasswordAttempt<'_>, ApiError> {
        let attempt = PasswordAttempt { limits: &self.limits.sign_in, account: email.trim().to_lowercase(), address };
        self.limits.sign_in.check(address, &attempt.account).map_err(ApiError::rate_limited)?;
        Ok(attempt)
    }
}

/// A password check under way; say how it went.
pub struct PasswordAttempt<'a> {
    limits: &'a rate_limit::SignInLimits,
    account: String,
    address: IpAddr,
}

impl PasswordAttempt<'_> {
    pub fn failed(&self) {
        self.limits.failed(self.address, &self.account);
    }

    /// This address's failures against the account are forgiven; the address's own total stays.
    pub fn succeeded(&self) {
        self.limits.succeeded(self.address, &self.account);
    }
}

/// Actions an anonymous client may repeat only so often per hour from one address (issue 9, finding 3): each
/// costs a password hash, a mail or a round trip to the identity provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressAction {
    SignUp,
    PasswordResetRequest,
    PasswordResetConfirm,
    VerificationResend,
    ProviderSignIn,
}

impl AddressAction {
    fn key(self, address: IpAddr) -> String {
        let action = match self {
            AddressAction::SignUp => "sign_up",
            AddressAction::PasswordResetRequest => "reset_request",
            AddressAction::PasswordResetConfirm => "reset_confirm",
            AddressAction::VerificationResend => "resend",
            AddressAction::ProviderSignIn => "provider",
        };
        format!("{action}|{address}")
    }
}

/// Every rate limit of accounts and sign-in, with its setting (docs/decisions.md, "Security").
#[derive(Clone, Debug)]
pub struct Limits {
    pub sign_in: rate_limit::SignInLimits,
    per_address: rate_limit::Counter,
    per_recipient: rate_limit::Counter,
    /// Actions a signed-in account may repeat only so often per hour (a feature names the action and the limit).
    per_account: rate_limit::Counter,
    /// Actions a signed-in account may repeat only so often per minute (sending chat messages).
    per_account_minute: rate_limit::Counter,
    address_limit: u32,
    recipient_limit: u32,
}

impl Limits {
    pub fn from_config(config: &Config, clock: SharedClock) -> Self {
        let hour = Duration::from_secs(60 * 60);
        Self {
            sign_in: rate_limit::SignInLimits::new(
                clock.clone(),
                Duration::from_secs(config.sign_in_window_secs),
                config.sign_in_max_failures,
            ),
            per_address: rate_limit::Counter::new(clock.clone(), hour),
            per_recipient: rate_limit::Counter::new(clock.clone(), hour),
            per_account: rate_limit::Counter::new(clock.clone(), hour),
            per_account_minute: rate_limit::Counter::new(clock, Duration::from_secs(60)),
            address_limit: config.address_limit_per_hour.max(1),
            recipient_limit: config.mails_per_recipient_per_hour.max(1),
        }
    }

    /// Counts `action` from `address`; 429 with `Retry-After` past the hourly limit.
    pub fn address_action(&self, action: AddressAction, address: IpAddr) -> Result<(), ApiError> {
        self.per_address.hit(&action.key(address), self.address_limit).map_err(ApiError::rate_limited)
    }

    /// Counts `action` (a feature's name for it, such as `create_cart`) from `address`; 429 with `Retry-After`
    /// once it was done `per_hour` times in the address's running hour.
    pub fn address_action_per_hour(&self, action: &str, address: IpAddr, per_hour: u32) -> Result<(), ApiError> {
        self.per_address.hit(&format!("{action}|{address}"), per_hour.max(1)).map_err(ApiError::rate_limited)
    }

    /// Whether another mail may go to `email` this hour; counts it when so. Callers that are told no send
    /// nothing (and, where the answer must not reveal an account, say the same as when they send).
    pub fn mail_to(&self, email: &str) -> Result<(), Duration> {
        self.per_recipient.hit(&format!("mail|{}", email.trim().to_lowercase()), self.recipient_limit)
    }

    /// Whether `account` may do `action` (a feature's name for it, such as `apply`) again: 429 with `Retry-After`
    /// once it has been done `per_hour` times in the account's running hour (see [`Self::account_action_done`]).
    pub fn account_action(&self, action: &str, account: uuid::Uuid, per_hour: u32) -> Result<(), ApiError> {
        self.per_account.check(&format!("{action}|{account}"), per_hour.max(1)).map_err(ApiError::rate_limited)
    }

    /// Counts one `action` of `account` that was done (a request refused for another reason does not count).
    pub fn account_action_done(&self, action: &str, account: uuid::Uuid) {
        self.per_account.record(&format!("{action}|{account}"));
    }

    /// Counts one `action` of `account` against a per-minute limit; 429 with `Retry-After` past it. Unlike
    /// [`Self::account_action`], the check and the count are one step: a refused request was not done.
    pub fn account_action_per_minute(
        &self,
        action: &str,
        account: uuid::Uuid,
        per_minute: u32,
    ) -> Result<(), ApiError> {
        self.per_account_minute.hit(&format!("{action}|{account}"), per_minute.max(1)).map_err(ApiError::rate_limited)
    }

    /// Counts a "send the verification link again" of an account; 429 past the hourly limit.
    pub fn verification_resend(&self, account: uuid::Uuid) -> Result<(), ApiError> {
        self.per_recipient.hit(&format!("resend|{account}"), self.recipient_limit).map_err(ApiError::rate_limited)
    }
}
