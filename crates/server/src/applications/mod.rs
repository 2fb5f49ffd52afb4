//! Series applications: how a player gets a seat at a GM's table. A player applies to a published or active
//! series that recruits (with an optional message), cancels and reopens; the series' GM accepts, rejects, or
//! removes an accepted player. The state machine and the age and message rules are the domain's
//! (`questline_domain::applications`); accepted applications are the series' `seats_taken`, kept in the same
//! transaction (`series::take_seat`, `series::free_seat`); a player who leaves leaves what the features above hold
//! for them through the series hooks (`hooks::SeriesHooks::player_left`). Audience of application events: the applicant and
//! the series' GM; the seat count is a change of the series (public once published).

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use questline_domain::applications::ApplicationStatus;
use questline_domain::ids::{AccountId, SeriesId};
use sea_orm::{ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::ApiError;
use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::apply_to_series, handlers::list_my_applications))
        .routes(routes!(handlers::get_series_application))
        .routes(routes!(handlers::cancel_series_application))
        .routes(routes!(handlers::reopen_series_application))
        .routes(routes!(handlers::accept_series_application))
        .routes(routes!(handlers::reject_series_application))
        .routes(routes!(handlers::remove_series_player))
        .routes(routes!(handlers::list_my_games))
        .routes(routes!(handlers::list_series_applications))
}

/// Whether the player's application to the series is accepted (then they may see its table link).
pub async fn is_accepted(conn: &impl ConnectionTrait, series: SeriesId, player: AccountId) -> Result<bool, DbErr> {
    let row = queries::of_player(conn, series.as_uuid(), player.as_uuid()).await?;
    Ok(row.is_some_and(|row| queries::status(&row) == ApplicationStatus::Accepted))
}

/// Whether the player ever applied to one of the GM's series, whatever became of the application (a player who
/// played at the GM's table was accepted first). Reviews' private notes are about such players only.
pub async fn has_applied_to_gm(conn: &impl ConnectionTrait, gm: AccountId, player: AccountId) -> Result<bool, DbErr> {
    queries::any_of_gm_and_player(conn, gm.as_uuid(), player.as_uuid()).await
}

/// Applications waiting for a GM's answer in one of their series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub series: SeriesId,
    pub count: u32,
    /// Since when the oldest of them waits (its latest apply or reopen).
    pub oldest: DateTime<Utc>,
}

/// The Dashboard's front door: the GM's series with pending applications, how many each, in one query.
pub async fn waiting_for(conn: &impl ConnectionTrait, gm: AccountId) -> Result<Vec<Waiting>, DbErr> {
    Ok(queries::waiting_of_gm(conn, gm)
        .await?
        .into_iter()
        .map(|(series, count, oldest)| Waiting {
            series: SeriesId(series),
            count: u32::try_from(count).unwrap_or(u32::MAX),
            oldest,
        })
        .collect())
}

/// Series hook: a completed or cancelled series rejects its pending applications, in the transaction that ends it.
pub fn on_series_ended(
    txn: &DatabaseTransaction,
    series: SeriesId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), ApiError>> {
    Box::pin(store::reject_pending(txn, series, now))
}

/// Series hook: whether the player is seated at the series' table (accepted), so they see its table link.
pub fn seated(conn: &DatabaseConnection, series: SeriesId, player: AccountId) -> BoxFuture<'_, Result<bool, DbErr>> {
    Box::pin(is_accepted(conn, series, player))
}

/// Account hook: an erased account's pending and accepted applications are cancelled (accepted ones give their
/// seat back), so a deleted account holds no seat and waits in no GM's list; the rows and their history stay.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(store::withdraw_all(txn, account, now))
}
