//! Game systems: a curated tree of families with their editions as children (Dungeons & Dragons → 5e (2024)),
//! seeded by a migration and changed only from the command line (`questline admin game-system …`, see
//! [`admin`]). Anyone may read it. Events about it go to everyone signed in (`Audience::Public`), so open
//! selectors refresh.

pub mod admin;
mod dto;
mod entity;
mod events;
mod handlers;
mod queries;

use questline_domain::ids::GameSystemId;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::list_game_systems))
}

/// Whether the game system exists (a blueprint may only name one that does).
pub async fn exists(conn: &impl ConnectionTrait, id: GameSystemId) -> Result<bool, DbErr> {
    Ok(entity::Entity::find_by_id(id.as_uuid()).one(conn).await?.is_some())
}
