//! Accounts and sign-in with built-in accounts: sign-up, sign-in, sign-out, the current user, settings, becoming a
//! game master, e-mail verification (and sending the link again), password change and reset, deletion. The
//! limits these requests are subject to are listed in docs/decisions.md ("Security"). Events about an account go to its owner
//! only (audience rule: `Audience::account(owner)`).

pub mod admin;
mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
pub mod jobs;
mod mails;
mod queries;
mod store;

use chrono::{DateTime, Utc};
use questline_domain::accounts::{AccountStatus, DisplayName};
use std::collections::HashMap;

use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait,
    IntoActiveModel, QueryFilter, QuerySelect,
};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

pub use dto::{AccountView, PrimaryEmail, SessionUser, UserContext};
// What other features may do with accounts: read one, create one (with every feature's creation hook), describe
// the current user, rename one.
pub use queries::{NewAccount, create_account, find, find_by_email, user_context};
// The account events, for features that change an account in their own transaction (the provider sign-in
// registers one and links identities to it).
pub use events::{created as created_event, updated as updated_event};

use crate::db::entities::account;
use crate::events::EventBus;
use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of accounts: the mails with links.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    jobs::handlers()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::sign_up))
        .routes(routes!(handlers::sign_in))
        .routes(routes!(handlers::sign_out))
        .routes(routes!(handlers::get_current_user))
        .routes(routes!(handlers::update_account_settings, handlers::delete_account))
        .routes(routes!(handlers::become_game_master))
        .routes(routes!(handlers::verify_email))
        .routes(routes!(handlers::resend_verification_email))
        .routes(routes!(handlers::change_password))
        .routes(routes!(handlers::request_password_reset))
        .routes(routes!(handlers::reset_password))
}

/// Renames the account (the profile's basic info edits the display name, which the account keeps) and tells its
/// owner. Answers the updated row.
/// The display names of these accounts, by id ("" for an account without one; an unknown id is left out). Any
/// feature naming people in a view asks once per answer, not once per person.
pub async fn display_names(conn: &impl ConnectionTrait, ids: &[Uuid]) -> Result<HashMap<Uuid, String>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    Ok(account::Entity::find()
        .select_only()
        .column(account::Column::Id)
        .column(account::Column::DisplayName)
        .filter(account::Column::Id.is_in(ids))
        .into_tuple::<(Uuid, String)>()
        .all(conn)
        .await?
        .into_iter()
        .collect())
}

/// Who is paid, for the payouts report: each account's display name and e-mail, `None` for an erased account
/// (its row stays but no longer names anyone); an unknown id is left out.
pub async fn payee_identities(
    conn: &impl ConnectionTrait,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, Option<(String, String)>>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(account::Entity::find()
        .filter(account::Column::Id.is_in(ids.to_vec()))
        .all(conn)
        .await?
        .into_iter()
        .map(|row| {
            let identity =
                (row.status() != AccountStatus::Deleted).then(|| (row.display_name.clone(), row.email.clone()));
            (row.id, identity)
        })
        .collect())
}

pub async fn set_display_name(
    txn: &DatabaseTransaction,
    events: &EventBus,
    account: account::Model,
    name: &DisplayName,
    now: DateTime<Utc>,
) -> Result<account::Model, DbErr> {
    let id = account.id;
    let mut row = account.into_active_model();
    row.display_name = Set(name.as_str().to_owned());
    row.updated_at = Set(now);
    let account = row.update(txn).await?;
    events.record(txn, self::events::updated(id.into())).await?;
    Ok(account)
}

/// Marks the account's e-mail as verified, once (the provider vouched for it and the password proved the account
/// is theirs); answers the row as it is now.
pub async fn mark_email_verified(
    txn: &DatabaseTransaction,
    account: account::Model,
    now: DateTime<Utc>,
) -> Result<account::Model, DbErr> {
    if account.email_verified_at.is_some() {
        return Ok(account);
    }
    let version = account.version;
    let mut row = account.into_active_model();
    row.email_verified_at = Set(Some(now));
    row.updated_at = Set(now);
    row.version = Set(version + 1);
    row.update(txn).await
}
