//! Reading and writing account rows.

use chrono::{DateTime, Utc};
use questline_domain::accounts::{AccountStatus, DisplayName, Email, Locale, TimeZone, roles};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    QueryFilter,
};
use uuid::Uuid;

use super::dto::{AccountView, PrimaryEmail, SessionUser, UserContext};
use super::entities::account_token;
use crate::auth::tokens::new_token;
use crate::db::entities::account;
use crate::hooks::AccountHooks;

/// Purposes of e-mailed single-use tokens, and how long each lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenPurpose {
    VerifyEmail,
    ResetPassword,
}

impl TokenPurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::VerifyEmail => "verify_email",
            TokenPurpose::ResetPassword => "reset_password",
        }
    }

    pub fn lifetime(self) -> chrono::Duration {
        match self {
            TokenPurpose::VerifyEmail => chrono::Duration::days(3),
            TokenPurpose::ResetPassword => chrono::Duration::hours(1),
        }
    }
}

/// A new account's facts, already parsed.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub id: Uuid,
    pub email: Email,
    /// `None` for accounts that sign in only through an identity provider.
    pub password_hash: Option<String>,
    pub display_name: DisplayName,
    pub locale: Locale,
    pub time_zone: TimeZone,
    pub email_verified: bool,
}

/// Inserts an account and runs every feature's creation hook (profiles gives it its empty profile). A taken e-mail
/// surfaces as a unique-constraint error for the caller to name.
pub async fn create_account(
    conn: &DatabaseTransaction,
    hooks: &AccountHooks,
    new: NewAccount,
    now: DateTime<Utc>,
) -> Result<account::Model, DbErr> {
    let account = account::ActiveModel {
        id: Set(new.id),
        email: Set(new.email.as_str().to_owned()),
        email_verified_at: Set(new.email_verified.then_some(now)),
        password_hash: Set(new.password_hash),
        display_name: Set(new.display_name.as_str().to_owned()),
        locale: Set(new.locale.as_str().to_owned()),
        time_zone: Set(new.time_zone.as_str().to_owned()),
        status: Set(AccountStatus::Active.as_str().to_owned()),
        is_admin: Set(false),
        gm_since: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        version: Set(1),
    }
    .insert(conn)
    .await?;
    hooks.created(conn, new.id.into(), now).await?;
    Ok(account)
}

/// What `getCurrentUser` answers for an account (or for nobody).
pub fn user_context(account: Option<&account::Model>) -> UserContext {
    let Some(account) = account else { return UserContext { authenticated: false, user: None, account: None } };
    let roles = roles(account.gm_since.is_some(), account.is_admin);
    UserContext {
        authenticated: true,
        user: Some(SessionUser { id: account.id, name: account.display_name.clone(), roles: roles.clone() }),
        account: Some(AccountView {
            account_id: account.id,
            primary_email: PrimaryEmail { email: account.email.clone() },
            email_verified: account.email_verified_at.is_some(),
            roles,
            locale: Locale::parse(&account.locale).unwrap_or_default(),
            time_zone: account.time_zone.clone(),
            status: account.status(),
            has_password: account.password_hash.is_some(),
            member_since: account.created_at,
            gm_since: account.gm_since,
        }),
    }
}

pub async fn find_by_email(conn: &impl ConnectionTrait, email: &Email) -> Result<Option<account::Model>, DbErr> {
    account::Entity::find().filter(account::Column::Email.eq(email.as_str())).one(conn).await
}

pub async fn find(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<account::Model>, DbErr> {
    account::Entity::find_by_id(id).one(conn).await
}

/// Issues a single-use token for the account; returns the token for the link.
pub async fn issue_token(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    purpose: TokenPurpose,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    let (token, hash) = new_token();
    account_token::Entity::insert(account_token::ActiveModel {
        id: Set(hash),
        account_id: Set(account_id),
        purpose: Set(purpose.as_str().to_owned()),
        created_at: Set(now),
        expires_at: Set(now + purpose.lifetime()),
        used_at: Set(None),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(token)
}

/// Why a token from a link cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum TokenRefusal {
    Unknown,
    /// Known, but used or expired; the account it was for.
    UsedOrExpired(Uuid),
}

/// Whether the token could be used now, without using it (a check before expensive work).
pub async fn check_token(
    conn: &impl ConnectionTrait,
    token: &str,
    purpose: TokenPurpose,
    now: DateTime<Utc>,
) -> Result<Result<Uuid, TokenRefusal>, DbErr> {
    let hash = crate::auth::tokens::hash_token(token);
    let Some(found) = account_token::Entity::find_by_id(hash).one(conn).await? else {
        return Ok(Err(TokenRefusal::Unknown));
    };
    if found.purpose != purpose.as_str() {
        return Ok(Err(TokenRefusal::Unknown));
    }
    if found.used_at.is_some() || now >= found.expires_at {
        return Ok(Err(TokenRefusal::UsedOrExpired(found.account_id)));
    }
    Ok(Ok(found.account_id))
}

/// Makes every unused token of `purpose` of the account unusable (after a reset or a password change, an older
/// reset link must not work).
pub async fn void_tokens(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    purpose: TokenPurpose,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    account_token::Entity::update_many()
        .col_expr(account_token::Column::UsedAt, sea_orm::sea_query::Expr::value(Some(now)))
        .filter(account_token::Column::AccountId.eq(account_id))
        .filter(account_token::Column::Purpose.eq(purpose.as_str()))
        .filter(account_token::Column::UsedAt.is_null())
        .exec(conn)
        .await?;
    Ok(())
}

/// Marks the token used and returns its account, if it is valid for `purpose` now. Two concurrent uses cannot both
/// succeed: the update is conditional on `used_at` being empty.
pub async fn consume_token(
    conn: &impl ConnectionTrait,
    token: &str,
    purpose: TokenPurpose,
    now: DateTime<Utc>,
) -> Result<Result<Uuid, TokenRefusal>, DbErr> {
    let hash = crate::auth::tokens::hash_token(token);
    let found = match check_token(conn, token, purpose, now).await? {
        Ok(account_id) => account_id,
        Err(refusal) => return Ok(Err(refusal)),
    };
    let updated = account_token::Entity::update_many()
        .col_expr(account_token::Column::UsedAt, sea_orm::sea_query::Expr::value(Some(now)))
        .filter(account_token::Column::Id.eq(hash))
        .filter(account_token::Column::UsedAt.is_null())
        .exec(conn)
        .await?;
    if updated.rows_affected != 1 {
        return Ok(Err(TokenRefusal::UsedOrExpired(found)));
    }
    Ok(Ok(found))
}
