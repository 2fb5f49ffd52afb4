//! Profiles: one per account, with a player part and, for game masters, a GM part. The public view
//! (`getProfile`) never holds private fields (birthdate, phone, street address, e-mail); the owner's view
//! (`getMyProfile`) holds everything. Audience of profile events: everyone signed in (`Audience::Public`) when the
//! public view changed, the owner alone when only private fields did; events carry no data.

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use chrono::{DateTime, NaiveDate, Utc};
use futures::future::BoxFuture;
use std::collections::HashMap;

use questline_domain::ids::AccountId;
use questline_domain::profiles::PlayerExperience;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::get_profile))
        .routes(routes!(handlers::get_my_profile))
        .routes(routes!(handlers::update_profile))
}

/// Account hook: every new account gets its empty profile.
pub fn on_account_created(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(queries::create_for_account(txn, account.as_uuid(), now))
}

/// Account hook: a deleted account's personal fields are erased; the row others may point at stays.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(queries::erase(txn, account.as_uuid(), now))
}

/// Player hook: the account's birthdate, if its profile has one (the age rule of series applications).
pub fn birthdate(txn: &DatabaseTransaction, account: AccountId) -> BoxFuture<'_, Result<Option<NaiveDate>, DbErr>> {
    Box::pin(async move {
        Ok(queries::find_by_account(txn, account.as_uuid()).await?.and_then(|(profile, _)| profile.birthdate))
    })
}

/// Player hook: the stated player experience of each account named, as applications show it to the GM (in one
/// query; an account without a profile is left out).
pub fn player_experience<'c>(
    conn: &'c DatabaseConnection,
    accounts: &'c [Uuid],
) -> BoxFuture<'c, Result<HashMap<Uuid, PlayerExperience>, DbErr>> {
    Box::pin(queries::player_experience(conn, accounts))
}
