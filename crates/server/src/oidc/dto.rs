//! What the OpenID Connect endpoints accept and answer.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::accounts::UserContext;

#[derive(Debug, Deserialize, IntoParams)]
pub struct StartQuery {
    /// The app path to open after sign-in (must start with `/`; anything else becomes `/`).
    pub return_to: Option<String>,
    /// `reauthenticate`: a signed-in user confirms who they are by signing in at the provider again (before
    /// deleting an account without a password). Absent: an ordinary sign-in.
    #[param(inline)]
    pub intent: Option<StartIntent>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StartIntent {
    SignIn,
    Reauthenticate,
}

impl StartIntent {
    pub fn as_str(self) -> &'static str {
        match self {
            StartIntent::SignIn => "sign_in",
            StartIntent::Reauthenticate => "reauthenticate",
        }
    }
}

/// A provider identity that signs in to the account.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LinkedIdentity {
    pub identity_id: Uuid,
    /// The provider's name as the sign-in button shows it.
    pub provider_name: String,
    /// The e-mail the provider gave when the identity was linked.
    pub email: String,
    pub linked_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct LinkedIdentities {
    pub items: Vec<LinkedIdentity>,
}

/// Removing a linked identity needs the account's password.
#[derive(Deserialize, ToSchema)]
pub struct UnlinkRequest {
    pub password: String,
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
    /// A signed-in user signed in at the provider again (`intent=reauthenticate`); the session is unchanged and
    /// counts as confirmed for five minutes.
    Reauthenticated,
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
