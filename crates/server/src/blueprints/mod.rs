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

pub(crate) use handlers::with_handle_retries;

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

/// The blueprints with these ids, whoever owns them (a page of series shows theirs).
pub async fn blueprints_by_ids(
    conn: &impl ConnectionTrait,
    ids: &[BlueprintId],
) -> Result<std::collections::HashMap<BlueprintId, BlueprintInfo>, DbErr> {
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let rows = entities::blueprint::Entity::find()
        .filter(entities::blueprint::Column::Id.is_in(ids.iter().map(BlueprintId::as_uuid)))
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let info = BlueprintInfo {
                id: BlueprintId(row.id),
                handle: row.handle,
                title: row.title,
                owner: AccountId(row.owner_id),
                activity_type: ActivityType::parse(&row.activity_type).unwrap_or_default(),
                game_system_id: GameSystemId(row.game_system_id),
            };
            (info.id, info)
        })
        .collect())
}

/// One part of a blueprint's description as its readers see it (a series' page shows the parts of its blueprint).
#[derive(Debug, Clone, PartialEq)]
pub struct PartText {
    pub title: String,
    /// The Tiptap document, checked against the editor's schema when it was saved.
    pub content: serde_json::Value,
    pub language: questline_domain::language::Language,
}

/// The description parts of the blueprint, in order.
pub async fn description_of(conn: &impl ConnectionTrait, id: BlueprintId) -> Result<Vec<PartText>, DbErr> {
    Ok(queries::parts_of(conn, id.as_uuid())
        .await?
        .into_iter()
        .map(|part| PartText {
            language: questline_domain::language::Language::parse(&part.language).unwrap_or_default(),
            title: part.title,
            content: part.content,
        })
        .collect())
}

/// The ids of the blueprints in one of `game_systems` (when given) and of `activity_type` (when given), as a
/// subquery for another feature's filter (the Questboard's game system and format).
pub fn ids_matching(
    game_systems: Option<&[GameSystemId]>,
    activity_type: Option<ActivityType>,
) -> sea_orm::sea_query::SelectStatement {
    use sea_orm::ColumnTrait;
    use sea_orm::sea_query::Query;
    let mut query = Query::select();
    query.column(entities::blueprint::Column::Id).from(entities::blueprint::Entity);
    if let Some(systems) = game_systems {
        query.and_where(entities::blueprint::Column::GameSystemId.is_in(systems.iter().map(GameSystemId::as_uuid)));
    }
    if let Some(activity_type) = activity_type {
        query.and_where(entities::blueprint::Column::ActivityType.eq(activity_type.as_str()));
    }
    query.to_owned()
}
