//! The accounts' writes. Each runs inside one [`Write`] (one transaction, with its events, jobs, hooks and `now`);
//! the handlers parse, check permissions and limits, hash passwords, and call one of these.

use questline_domain::ErrorCode;
use questline_domain::accounts::{AccountStatus, Locale, TimeZone};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};
use uuid::Uuid;

use super::entities::account_token;
use super::events as account_events;
use super::jobs as account_jobs;
use super::queries::{self, NewAccount, TokenPurpose, TokenRefusal};
use crate::auth::session::{self, SessionPolicy};
use crate::db::entities::account;
use crate::db::unique;
use crate::error::{ApiError, on_unique_violation};
use crate::state::Write;

/// Creates the account (every feature's creation hook runs), schedules its verification mail when `send_mail`,
/// and starts its session (ending `previous`, this browser's earlier one). Answers the account and the token.
#[tracing::instrument(skip_all, fields(account_id = %new.id))]
pub async fn sign_up(
    w: &Write<'_>,
    new: NewAccount,
    send_mail: bool,
    previous: Option<&str>,
    policy: &SessionPolicy,
) -> Result<(account::Model, String), ApiError> {
    let id = new.id;
    let account = queries::create_account(w.txn, &w.hooks.accounts, new, w.now).await.map_err(|e| {
        on_unique_violation(e, &unique::ACCOUNTS_EMAIL, || {
            ApiError::conflict(ErrorCode::EmailTaken, "An account with this e-mail already exists.")
        })
    })?;
    if send_mail {
        w.schedule(account_jobs::verification_mail(id)).await?;
    }
    let token = session::start(w.txn, previous, id, w.now, policy).await?;
    w.record(account_events::created(id.into())).await?;
    Ok((account, token))
}

/// Starts a session for a signed-in account (ending `previous`).
#[tracing::instrument(skip_all, fields(account_id = %account_id))]
pub async fn start_session(
    w: &Write<'_>,
    account_id: Uuid,
    previous: Option<&str>,
    policy: &SessionPolicy,
) -> Result<String, ApiError> {
    Ok(session::start(w.txn, previous, account_id, w.now, policy).await?)
}

/// Ends one session.
pub async fn end_session(w: &Write<'_>, session_id: &str) -> Result<(), ApiError> {
    Ok(session::revoke(w.txn, session_id, w.now).await?)
}

/// Saves the account's language and time zone.
#[tracing::instrument(skip_all, fields(account_id = %current.id))]
pub async fn update_settings(
    w: &Write<'_>,
    current: account::Model,
    locale: Option<Locale>,
    time_zone: Option<TimeZone>,
) -> Result<account::Model, ApiError> {
    let version = current.version;
    let mut row = current.into_active_model();
    if let Some(locale) = locale {
        row.locale = Set(locale.as_str().to_owned());
    }
    if let Some(time_zone) = time_zone {
        row.time_zone = Set(time_zone.as_str().to_owned());
    }
    row.updated_at = Set(w.now);
    row.version = Set(version + 1);
    let account = row.update(w.txn).await?;
    w.record(account_events::updated(account.id.into())).await?;
    Ok(account)
}

/// Records the GM-since date unless it is there already (two clicks at once record one), and rotates the session
/// that gained the role. Answers the account and the new token (none when nothing changed).
#[tracing::instrument(skip_all, fields(account_id = %account_id))]
pub async fn become_game_master(
    w: &Write<'_>,
    account_id: Uuid,
    session_id: &str,
    policy: &SessionPolicy,
) -> Result<(account::Model, Option<String>), ApiError> {
    let updated = account::Entity::update_many()
        .col_expr(account::Column::GmSince, Expr::value(Some(w.now)))
        .col_expr(account::Column::UpdatedAt, Expr::value(w.now))
        .col_expr(account::Column::Version, Expr::col(account::Column::Version).add(1))
        .filter(account::Column::Id.eq(account_id))
        .filter(account::Column::GmSince.is_null())
        .exec(w.txn)
        .await?;
    let mut token = None;
    if updated.rows_affected == 1 {
        w.record(account_events::updated(account_id.into())).await?;
        // Rotate: the session that gained the role continues under a new token.
        session::revoke(w.txn, session_id, w.now).await?;
        token = Some(session::create(w.txn, account_id, w.now, policy).await?);
    }
    let account = queries::find(w.txn, account_id)
        .await?
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("account vanished")))?;
    Ok((account, token))
}

/// Uses up a verification link and marks the address proven (identities linked before the proof go, through the
/// hooks).
#[tracing::instrument(skip_all)]
pub async fn verify_email(w: &Write<'_>, token: &str) -> Result<(), ApiError> {
    let account = redeem_link(w, token, TokenPurpose::VerifyEmail).await?;
    let id = account.id;
    if account.email_verified_at.is_none() {
        w.hooks.accounts.email_proven(w.txn, id.into(), w.now).await?;
    }
    let mut row = account.into_active_model();
    row.email_verified_at = Set(Some(w.now));
    row.updated_at = Set(w.now);
    row.update(w.txn).await?;
    w.record(account_events::updated(id.into())).await?;
    Ok(())
}

/// Schedules a mail job (verification or reset link).
pub async fn schedule_mail(w: &Write<'_>, job: crate::jobs::Job) -> Result<(), ApiError> {
    Ok(w.schedule(job).await?)
}

/// Stores a new password hash for a signed-in account: unused reset links stop working and every other session
/// ends.
#[tracing::instrument(skip_all, fields(account_id = %current.id))]
pub async fn change_password(
    w: &Write<'_>,
    current: account::Model,
    hash: String,
    keep_session: &str,
) -> Result<(), ApiError> {
    let mut row = current.into_active_model();
    row.password_hash = Set(Some(hash));
    row.updated_at = Set(w.now);
    let account = row.update(w.txn).await?;
    // A reset link mailed before the change must not undo it (issue 9, finding 8).
    queries::void_tokens(w.txn, account.id, TokenPurpose::ResetPassword, w.now).await?;
    session::revoke_all(w.txn, account.id, Some(keep_session), w.now).await?;
    Ok(())
}

/// Uses up a reset link and sets its account's password: following the link proved the mailbox, every session
/// ends and every other reset link stops working.
#[tracing::instrument(skip_all)]
pub async fn reset_password(w: &Write<'_>, token: &str, hash: String) -> Result<(), ApiError> {
    let account = redeem_link(w, token, TokenPurpose::ResetPassword).await?;
    let id = account.id;
    if account.email_verified_at.is_none() {
        w.hooks.accounts.email_proven(w.txn, id.into(), w.now).await?;
    }
    let mut row = account.into_active_model();
    row.password_hash = Set(Some(hash));
    row.email_verified_at = Set(Some(w.now));
    row.updated_at = Set(w.now);
    row.update(w.txn).await?;
    queries::void_tokens(w.txn, id, TokenPurpose::ResetPassword, w.now).await?;
    session::revoke_all(w.txn, id, None, w.now).await?;
    Ok(())
}

/// Erases the account's personal data and ends its sessions; each feature erases its part through the hooks.
#[tracing::instrument(skip_all, fields(account_id = %id))]
pub async fn delete_account(w: &Write<'_>, id: Uuid) -> Result<(), ApiError> {
    let account = account::ActiveModel {
        id: sea_orm::ActiveValue::Unchanged(id),
        email: Set(format!("deleted-{id}@deleted.invalid")),
        email_verified_at: Set(None),
        password_hash: Set(None),
        display_name: Set("Deleted user".into()),
        status: Set(AccountStatus::Deleted.as_str().to_owned()),
        is_admin: Set(false),
        updated_at: Set(w.now),
        deleted_at: Set(Some(w.now)),
        ..Default::default()
    };
    account.update(w.txn).await?;
    session::revoke_all(w.txn, id, None, w.now).await?;
    account_token::Entity::delete_many().filter(account_token::Column::AccountId.eq(id)).exec(w.txn).await?;
    w.hooks.accounts.erased(w.txn, id.into(), w.now).await?;
    w.record(account_events::deleted(id.into())).await?;
    Ok(())
}

/// Uses up a mailed link's token and answers its account, or why the link cannot be used.
async fn redeem_link(w: &Write<'_>, token: &str, purpose: TokenPurpose) -> Result<account::Model, ApiError> {
    let id = match queries::consume_token(w.txn, token, purpose, w.now).await? {
        Ok(id) => id,
        Err(refusal) => {
            // A used (or old) verification link of an address that is verified by now: say so, not "expired".
            let verified = match (purpose, &refusal) {
                (TokenPurpose::VerifyEmail, TokenRefusal::UsedOrExpired(owner)) => {
                    queries::find(w.txn, *owner).await?.is_some_and(|account| account.email_verified_at.is_some())
                }
                _ => false,
            };
            return Err(link_error(refusal, verified));
        }
    };
    queries::find(w.txn, id).await?.ok_or_else(|| link_error(TokenRefusal::Unknown, false))
}

pub fn link_error(refusal: TokenRefusal, verified: bool) -> ApiError {
    match refusal {
        TokenRefusal::Unknown => {
            ApiError::not_found(ErrorCode::LinkInvalid, "This link is not valid. Ask for a new one.")
        }
        TokenRefusal::UsedOrExpired(_) if verified => already_verified(),
        TokenRefusal::UsedOrExpired(_) => ApiError::new(
            questline_domain::ErrorType::UnexpectedState,
            ErrorCode::LinkExpired,
            "This link was already used or has expired. Ask for a new one.",
        ),
    }
}

pub fn already_verified() -> ApiError {
    ApiError::new(
        questline_domain::ErrorType::UnexpectedState,
        ErrorCode::EmailAlreadyVerified,
        "This e-mail address is already verified.",
    )
}
