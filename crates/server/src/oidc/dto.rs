//! What the OpenID Connect endpoints accept and answer.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::accounts::UserContext;

#[derive(Debug, Deserialize, IntoParams)]
pub struct StartQuery {
    /// The app path to open after sign-in (must start with `/`; anything else becomes `/`).
    pub return_to: Option<String>,
}

/// What the `/callback` page received from the provider.
#[derive(Deserialize, ToSchema)]
pub struct FinishRequest {
    /// The `code` query parameter.
    pub code: String,
    /// The `state` query parameter.
    pub state: String,
    /// The `iss` query parameter, when the provider sends one (RFC 9207); it must be the configured issuer.
    pub iss: Option<String>,
}

/// How a sign-in through the provider ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OidcOutcome {
    /// A linked identity: signed in.
    SignedIn,
    /// First sign-in: a new account was created and signed in.
    Registered,
    /// An account with this (verified) e-mail exists: confirm its password with `linkOidcIdentity`. Not signed in.
    LinkRequired,
}

/// What the provider told us about the person, as the `/callback` page shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct OidcClaims {
    pub email: String,
    /// The display name taken from the claims (`name`, else `preferred_username`, else the e-mail's local part).
    pub name: String,
}

/// No `Debug`: it may carry a link token, which must not reach a log.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct OidcSignInResult {
    pub outcome: OidcOutcome,
    /// The signed-in user; `null` when `outcome` is `link_required`.
    pub user: Option<UserContext>,
    pub claims: OidcClaims,
    /// The app path to go to next.
    pub return_to: String,
    /// Only with `link_required`: send it with the account's password to `linkOidcIdentity` (single use, 10 min).
    pub link_token: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct LinkRequest {
    pub link_token: String,
    /// The existing account's password.
    pub password: String,
}
