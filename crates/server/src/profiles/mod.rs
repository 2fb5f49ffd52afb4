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

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use std::collections::HashMap;

use questline_domain::ids::AccountId;
use questline_domain::profiles::ExperienceLevel;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr};
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

/// The account's birthdate, if its profile has one (the age rule of series applications).
pub async fn birthdate(conn: &impl ConnectionTrait, account: AccountId) -> Result<Option<chrono::NaiveDate>, DbErr> {
    Ok(queries::find_by_account(conn, account.as_uuid()).await?.and_then(|(profile, _)| profile.birthdate))
}

/// A player's stated experience, as applications show it to the GM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerExperience {
    pub experience_level: ExperienceLevel,
    pub claimed_years_experience: i32,
}

/// Applications' front door: the stated player experience of each account named (in one query; an account
/// without a profile is left out).
pub async fn player_experience(
    conn: &impl ConnectionTrait,
    accounts: &[Uuid],
) -> Result<HashMap<Uuid, PlayerExperience>, DbErr> {
    queries::player_experience(conn, accounts).await
}
