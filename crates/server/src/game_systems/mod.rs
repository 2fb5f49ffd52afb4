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

/// The systems with all their editions, at any depth: a filter on a family includes its editions.
pub async fn with_editions(conn: &impl ConnectionTrait, ids: &[GameSystemId]) -> Result<Vec<GameSystemId>, DbErr> {
    use sea_orm::{ColumnTrait, QueryFilter, QuerySelect};
    let mut all: Vec<uuid::Uuid> = ids.iter().map(GameSystemId::as_uuid).collect();
    let mut frontier = all.clone();
    // The tree is shallow (family → edition, rarely deeper); each round adds one level.
    while !frontier.is_empty() {
        let children: Vec<uuid::Uuid> = entity::Entity::find()
            .select_only()
            .column(entity::Column::Id)
            .filter(entity::Column::ParentId.is_in(frontier))
            .into_tuple()
            .all(conn)
            .await?;
        frontier = children.into_iter().filter(|id| !all.contains(id)).collect();
        all.extend(frontier.iter().copied());
    }
    Ok(all.into_iter().map(GameSystemId).collect())
}
