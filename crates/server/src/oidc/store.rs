//! The provider sign-in's writes, each inside one [`Write`]. Accounts are created and changed through the accounts
//! feature's front door; this feature writes only its identities and pending links.

use questline_domain::ErrorCode;
use uuid::Uuid;

use super::entities::oidc_pending_link;
use super::queries;
use crate::accounts::{self, NewAccount};
use crate::auth::session::{self, SessionPolicy};
use crate::db::entities::account;
use crate::db::unique;
use crate::error::{ApiError, on_unique_violation};
use crate::state::Write;

/// Links the pending provider identity to its account (whose password was just confirmed), marks the address
/// verified (the provider vouched for it) and signs in. Answers the account and the session token.
#[tracing::instrument(skip_all, fields(account_id = %link.account_id))]
pub async fn link_identity(
    w: &Write<'_>,
    link: oidc_pending_link::Model,
    account: account::Model,
    previous: Option<&str>,
    policy: &SessionPolicy,
) -> Result<(account::Model, String), ApiError> {
    if !queries::take_pending_link(w.txn, &link.id).await? {
        return Err(link_expired());
    }
    queries::insert_identity(w.txn, link.account_id, &link.issuer, &link.subject, &link.email, w.now).await.map_err(
        |error| {
            on_unique_violation(error, &unique::OIDC_IDENTITY, || {
                ApiError::conflict(
                    ErrorCode::OidcIdentityLinked,
                    "This sign-in is already linked to an account. Sign in with the provider again.",
                )
            })
        },
    )?;
    let account = accounts::mark_email_verified(w.txn, account, w.now).await?;
    let token = session::start(w.txn, previous, account.id, w.now, policy).await?;
    w.record(accounts::updated_event(account.id.into())).await?;
    Ok((account, token))
}

/// Removes a linked identity.
#[tracing::instrument(skip_all, fields(account_id = %account_id, identity_id = %identity_id))]
pub async fn unlink_identity(w: &Write<'_>, account_id: Uuid, identity_id: Uuid) -> Result<(), ApiError> {
    queries::delete_identity(w.txn, identity_id).await?;
    w.record(accounts::updated_event(account_id.into())).await?;
    Ok(())
}

/// A first sign-in: the new account (every feature's creation hook runs), its identity, and its session. A taken
/// e-mail or identity is `oidc_registration_failed`.
#[tracing::instrument(skip_all, fields(account_id = %new.id))]
pub async fn register(
    w: &Write<'_>,
    new: NewAccount,
    issuer: &str,
    subject: &str,
    previous: Option<&str>,
    policy: &SessionPolicy,
) -> Result<(account::Model, String), ApiError> {
    let id = new.id;
    let taken = || ApiError::conflict(ErrorCode::OidcRegistrationFailed, "Account Creation Failed");
    let account = accounts::create_account(w.txn, &w.hooks.accounts, new, w.now)
        .await
        .map_err(|e| on_unique_violation(e, &unique::ACCOUNTS_EMAIL, taken))?;
    queries::insert_identity(w.txn, id, issuer, subject, account.email.as_str(), w.now)
        .await
        .map_err(|e| on_unique_violation(e, &unique::OIDC_IDENTITY, taken))?;
    let token = session::start(w.txn, previous, id, w.now, policy).await?;
    w.record(accounts::created_event(id.into())).await?;
    Ok((account, token))
}

/// Starts a session for an account that signed in at the provider.
pub async fn start_session(
    w: &Write<'_>,
    account_id: Uuid,
    previous: Option<&str>,
    policy: &SessionPolicy,
) -> Result<String, ApiError> {
    Ok(session::start(w.txn, previous, account_id, w.now, policy).await?)
}

pub fn link_expired() -> ApiError {
    ApiError::new(
        questline_domain::ErrorType::UnexpectedState,
        ErrorCode::OidcLinkExpired,
        "This sign-in has expired or was already used. Sign in with the provider again.",
    )
}
