//! Hooks on a series' life, which the features above `series` follow, and the questions about a series that only
//! they can answer.

use std::fmt;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use questline_domain::ids::{AccountId, BlueprintId, SeriesId};
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr};

use super::names;
use crate::error::ApiError;

/// One feature's part of a change to a series, run in the transaction that makes the change.
pub type SeriesHook =
    for<'c> fn(&'c DatabaseTransaction, SeriesId, DateTime<Utc>) -> BoxFuture<'c, Result<(), ApiError>>;

/// One feature's part when a player leaves a series: `removed` when the GM removed them, else they cancelled.
pub type PlayerLeftHook = for<'c> fn(
    &'c DatabaseTransaction,
    SeriesId,
    AccountId,
    bool,
    DateTime<Utc>,
) -> BoxFuture<'c, Result<(), ApiError>>;

/// Whether a feature still uses the blueprint (a series built on it): then it may not be deleted.
pub type BlueprintInUse = for<'c> fn(&'c DatabaseTransaction, BlueprintId) -> BoxFuture<'c, Result<bool, DbErr>>;

/// Whether the player has a seat at the series' table (an accepted application): then they see its table link.
pub type Seated = for<'c> fn(&'c DatabaseConnection, SeriesId, AccountId) -> BoxFuture<'c, Result<bool, DbErr>>;

#[derive(Clone, Default)]
pub struct SeriesHooks {
    requirements_changed: Vec<(&'static str, SeriesHook)>,
    ended: Vec<(&'static str, SeriesHook)>,
    player_left: Vec<(&'static str, PlayerLeftHook)>,
    blueprint_in_use: Vec<(&'static str, BlueprintInUse)>,
    seated: Vec<(&'static str, Seated)>,
}

impl SeriesHooks {
    /// Runs when the GM changes a series' player requirements (minimum, maximum, age), after the change is written:
    /// e.g. its sessions in preparation make the automatic moves the new minimum calls for.
    pub fn on_requirements_changed(mut self, feature: &'static str, hook: SeriesHook) -> Self {
        self.requirements_changed.push((feature, hook));
        self
    }

    /// Runs when a series is completed or cancelled: it runs no more sessions and takes nobody.
    pub fn on_ended(mut self, feature: &'static str, hook: SeriesHook) -> Self {
        self.ended.push((feature, hook));
        self
    }

    /// Runs when an accepted player cancels or is removed: out of the series, out of what it holds for them.
    pub fn on_player_left(mut self, feature: &'static str, hook: PlayerLeftHook) -> Self {
        self.player_left.push((feature, hook));
        self
    }

    /// Answers whether a blueprint is in use; a blueprint any feature uses may not be deleted.
    pub fn answer_blueprint_in_use(mut self, feature: &'static str, question: BlueprintInUse) -> Self {
        self.blueprint_in_use.push((feature, question));
        self
    }

    /// Answers whether a player is seated at a series' table; seated by any feature's answer is seated.
    pub fn answer_seated(mut self, feature: &'static str, question: Seated) -> Self {
        self.seated.push((feature, question));
        self
    }

    pub async fn requirements_changed(
        &self,
        txn: &DatabaseTransaction,
        id: SeriesId,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        run(&self.requirements_changed, txn, id, now).await
    }

    pub async fn ended(&self, txn: &DatabaseTransaction, id: SeriesId, now: DateTime<Utc>) -> Result<(), ApiError> {
        run(&self.ended, txn, id, now).await
    }

    pub async fn player_left(
        &self,
        txn: &DatabaseTransaction,
        series: SeriesId,
        player: AccountId,
        removed: bool,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        for (_, hook) in &self.player_left {
            hook(txn, series, player, removed, now).await?;
        }
        Ok(())
    }

    pub async fn blueprint_in_use(&self, txn: &DatabaseTransaction, blueprint: BlueprintId) -> Result<bool, DbErr> {
        for (_, question) in &self.blueprint_in_use {
            if question(txn, blueprint).await? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    pub async fn seated(&self, conn: &DatabaseConnection, series: SeriesId, player: AccountId) -> Result<bool, DbErr> {
        for (_, question) in &self.seated {
            if question(conn, series, player).await? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// Runs each feature's part of a change to a series, in the order the root listed them.
async fn run(
    hooks: &[(&'static str, SeriesHook)],
    txn: &DatabaseTransaction,
    id: SeriesId,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    for (_, hook) in hooks {
        hook(txn, id, now).await?;
    }
    Ok(())
}

impl fmt::Debug for SeriesHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeriesHooks")
            .field("requirements_changed", &names(&self.requirements_changed))
            .field("ended", &names(&self.ended))
            .field("player_left", &names(&self.player_left))
            .field("blueprint_in_use", &names(&self.blueprint_in_use))
            .field("seated", &names(&self.seated))
            .finish()
    }
}
