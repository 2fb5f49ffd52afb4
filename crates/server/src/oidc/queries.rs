//! Reading and writing OpenID Connect flows, identities and pending links. Flows and pending links are single use:
//! taking one deletes it, and only the request whose delete removed the row may go on, so two requests with the
//! same `state` or link token cannot both succeed.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use uuid::Uuid;

use super::entities::{oidc_flow, oidc_identity, oidc_pending_link};
use crate::auth::oidc::VerifiedIdentity;
use crate::auth::tokens::{hash_token, new_token};

/// How long the browser may take at the provider, and how long a pending link waits for the password.
pub const FLOW_LIFETIME: Duration = Duration::minutes(10);
pub const LINK_LIFETIME: Duration = Duration::minutes(10);

/// A flow to remember until the browser comes back.
pub struct NewFlow {
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub return_to: String,
    /// SHA-256 of the value in the starting browser's cookie.
    pub browser_binding: String,
    pub intent: &'static str,
    pub account_id: Option<Uuid>,
}

pub async fn insert_flow(conn: &impl ConnectionTrait, flow: NewFlow, now: DateTime<Utc>) -> Result<(), DbErr> {
    oidc_flow::Entity::insert(oidc_flow::ActiveModel {
        id: Set(hash_token(&flow.state)),
        nonce: Set(flow.nonce),
        pkce_verifier: Set(flow.pkce_verifier),
        return_to: Set(flow.return_to),
        browser_binding: Set(flow.browser_binding),
        intent: Set(flow.intent.to_owned()),
        account_id: Set(flow.account_id),
        created_at: Set(now),
        expires_at: Set(now + FLOW_LIFETIME),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(())
}

/// Removes the flow of `state` and returns it, unless it is unknown, already taken or expired.
pub async fn take_flow(
    conn: &impl ConnectionTrait,
    state: &str,
    now: DateTime<Utc>,
) -> Result<Option<oidc_flow::Model>, DbErr> {
    let id = hash_token(state);
    let Some(flow) = oidc_flow::Entity::find_by_id(id.clone()).one(conn).await? else { return Ok(None) };
    let deleted = oidc_flow::Entity::delete_by_id(id).exec(conn).await?;
    Ok((deleted.rows_affected == 1 && now < flow.expires_at).then_some(flow))
}

/// Forgets flows and pending links nobody finished.
pub async fn purge_expired(conn: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<(), DbErr> {
    oidc_flow::Entity::delete_many().filter(oidc_flow::Column::ExpiresAt.lte(now)).exec(conn).await?;
    oidc_pending_link::Entity::delete_many().filter(oidc_pending_link::Column::ExpiresAt.lte(now)).exec(conn).await?;
    Ok(())
}

pub async fn find_identity(
    conn: &impl ConnectionTrait,
    issuer: &str,
    subject: &str,
) -> Result<Option<oidc_identity::Model>, DbErr> {
    oidc_identity::Entity::find()
        .filter(oidc_identity::Column::Issuer.eq(issuer))
        .filter(oidc_identity::Column::Subject.eq(subject))
        .one(conn)
        .await
}

/// The identities linked to an account, oldest first.
pub async fn identities_of(conn: &impl ConnectionTrait, account_id: Uuid) -> Result<Vec<oidc_identity::Model>, DbErr> {
    oidc_identity::Entity::find()
        .filter(oidc_identity::Column::AccountId.eq(account_id))
        .order_by_asc(oidc_identity::Column::CreatedAt)
        .all(conn)
        .await
}

pub async fn delete_identity(conn: &impl ConnectionTrait, id: Uuid) -> Result<(), DbErr> {
    oidc_identity::Entity::delete_by_id(id).exec(conn).await?;
    Ok(())
}

/// Links (issuer, subject) to the account. Fails with a unique violation when the identity is linked already.
pub async fn insert_identity(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    issuer: &str,
    subject: &str,
    email: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    oidc_identity::Entity::insert(oidc_identity::ActiveModel {
        id: Set(Uuid::now_v7()),
        issuer: Set(issuer.to_owned()),
        subject: Set(subject.to_owned()),
        account_id: Set(account_id),
        email: Set(email.to_owned()),
        created_at: Set(now),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(())
}

/// Every identity of an account goes when the account is deleted (its row stays as a placeholder).
pub async fn delete_identities_of(conn: &impl ConnectionTrait, account_id: Uuid) -> Result<(), DbErr> {
    oidc_identity::Entity::delete_many().filter(oidc_identity::Column::AccountId.eq(account_id)).exec(conn).await?;
    oidc_pending_link::Entity::delete_many()
        .filter(oidc_pending_link::Column::AccountId.eq(account_id))
        .exec(conn)
        .await?;
    Ok(())
}

/// Stores a link waiting for the account's password; returns the token for the browser.
pub async fn insert_pending_link(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    identity: &VerifiedIdentity,
    email: &str,
    return_to: &str,
    now: DateTime<Utc>,
) -> Result<String, DbErr> {
    let (token, hash) = new_token();
    oidc_pending_link::Entity::insert(oidc_pending_link::ActiveModel {
        id: Set(hash),
        account_id: Set(account_id),
        issuer: Set(identity.issuer.clone()),
        subject: Set(identity.subject.clone()),
        email: Set(email.to_owned()),
        return_to: Set(return_to.to_owned()),
        created_at: Set(now),
        expires_at: Set(now + LINK_LIFETIME),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(token)
}

/// The pending link of a token, if it is known and not expired. Does not use it up (a mistyped password may be
/// tried again, within the sign-in rate limit).
pub async fn find_pending_link(
    conn: &impl ConnectionTrait,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Option<oidc_pending_link::Model>, DbErr> {
    let found = oidc_pending_link::Entity::find_by_id(hash_token(token)).one(conn).await?;
    Ok(found.filter(|link| now < link.expires_at))
}

/// Uses the pending link up; `false` when another request did first.
pub async fn take_pending_link(conn: &impl ConnectionTrait, id: &str) -> Result<bool, DbErr> {
    Ok(oidc_pending_link::Entity::delete_by_id(id.to_owned()).exec(conn).await?.rows_affected == 1)
}
