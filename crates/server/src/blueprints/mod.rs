//! Activity blueprints and their parts: a GM describes an adventure (title, language, activity type, game system)
//! as an ordered list of rich-text parts, before publishing a series of it. A part may serve several blueprints.
//! Everything here is private to its owner until a series shows it: another GM's blueprint is "not found", and
//! the events go to the owner only (`events.rs`).
//!
//! Other features ask through the functions below, never through the tables.

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use questline_domain::blueprints::ActivityType;
use questline_domain::ids::{AccountId, BlueprintId, GameSystemId};
use sea_orm::{ConnectionTrait, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_my_activity_blueprints, handlers::create_activity_blueprint))
        .routes(routes!(handlers::get_activity_blueprint))
        .routes(routes!(handlers::update_activity_blueprint, handlers::delete_activity_blueprint))
        .routes(routes!(handlers::set_activity_blueprint_parts))
        .routes(routes!(handlers::list_my_blueprint_parts, handlers::create_blueprint_part))
        .routes(routes!(handlers::get_blueprint_part))
        .routes(routes!(handlers::update_blueprint_part, handlers::delete_blueprint_part))
}

/// What another feature (a series) needs to know of a blueprint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlueprintInfo {
    pub id: BlueprintId,
    pub handle: String,
    pub title: String,
    pub owner: AccountId,
    pub activity_type: ActivityType,
    pub game_system_id: GameSystemId,
}

/// The blueprint with this id, whoever owns it.
pub async fn blueprint_by_id(conn: &impl ConnectionTrait, id: BlueprintId) -> Result<Option<BlueprintInfo>, DbErr> {
    Ok(queries::blueprint_by_id(conn, id.as_uuid()).await?.map(|row| BlueprintInfo {
        id: BlueprintId(row.id),
        handle: row.handle,
        title: row.title,
        owner: AccountId(row.owner_id),
        activity_type: ActivityType::parse(&row.activity_type).unwrap_or_default(),
        game_system_id: GameSystemId(row.game_system_id),
    }))
}

/// Whether `gm` owns the blueprint (a series may only be made from one's own).
pub async fn is_owned_by(conn: &impl ConnectionTrait, id: BlueprintId, gm: AccountId) -> Result<bool, DbErr> {
    Ok(blueprint_by_id(conn, id).await?.is_some_and(|blueprint| blueprint.owner == gm))
}
