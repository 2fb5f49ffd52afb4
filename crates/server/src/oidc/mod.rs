//! Sign-in through an OpenID Connect provider (issue 3): the authorization code flow with PKCE, state and nonce,
//! Questline as the confidential client. The browser comes back to the web app's `/callback` page, which posts the
//! code and state to `finishOidcSignIn`; a cookie set at the start binds the flow to that browser. Identities are
//! linked to accounts by (issuer, subject), only for e-mails the provider verified; see docs/decisions.md for the
//! linking rule. Flow secrets live in the database for at most ten minutes; no provider token is kept after
//! sign-in. The signed-in user lists and removes their linked identities here too.

mod dto;
mod entities;
mod handlers;
mod queries;
mod store;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use questline_domain::ids::AccountId;
use sea_orm::{DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use dto::{OidcClaims, OidcOutcome, OidcSignInResult};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::start_oidc_sign_in))
        .routes(routes!(handlers::finish_oidc_sign_in))
        .routes(routes!(handlers::link_oidc_identity))
        .routes(routes!(handlers::list_linked_identities))
        .routes(routes!(handlers::unlink_identity))
}

/// Account hook: a deleted account never signs in again, through a provider either. Unlinks every provider
/// identity of the account and drops links waiting for its password.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    _now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(queries::delete_identities_of(txn, account.as_uuid()))
}

/// Account hook: a mailed link proved an address that was unproven while identities were linked to it (issue 9,
/// finding 1: such an identity may be someone else's), so they are unlinked.
pub fn on_email_proven(
    txn: &DatabaseTransaction,
    account: AccountId,
    _now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(queries::delete_identities_of(txn, account.as_uuid()))
}
