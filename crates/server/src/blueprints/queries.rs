//! Reading blueprints and parts, and turning rows into what the API answers (enum columns are parsed here, once).

use std::collections::HashMap;

use questline_domain::blueprints::{ActivityType, ContentType};
use questline_domain::ids::AccountId;
use questline_domain::language::Language;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

use super::dto::{
    ActivityBlueprint, ActivityBlueprintSummary, BlueprintPart, BlueprintPartInBlueprint, BlueprintPartSummary,
    BlueprintRef,
};
use super::entities::{blueprint, link, part};
use crate::pagination::PageRequest;

/// Stored values are ours; one we no longer know falls back to the default rather than failing a page.
fn language(stored: &str) -> Language {
    Language::parse(stored).unwrap_or_default()
}

fn activity_type(stored: &str) -> ActivityType {
    ActivityType::parse(stored).unwrap_or_default()
}

fn content_type(stored: &str) -> ContentType {
    ContentType::parse(stored).unwrap_or_default()
}

fn characters(row: &part::Model) -> u32 {
    u32::try_from(row.characters).unwrap_or(0)
}

pub async fn blueprint_by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<blueprint::Model>, DbErr> {
    blueprint::Entity::find_by_id(id).one(conn).await
}

pub async fn blueprint_by_handle(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<blueprint::Model>, DbErr> {
    blueprint::Entity::find().filter(blueprint::Column::Handle.eq(handle)).one(conn).await
}

pub async fn part_by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<part::Model>, DbErr> {
    part::Entity::find_by_id(id).one(conn).await
}

pub async fn part_by_handle(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<part::Model>, DbErr> {
    part::Entity::find().filter(part::Column::Handle.eq(handle)).one(conn).await
}

/// Handles already taken among `base` and `base-N`.
pub async fn taken_blueprint_handles(conn: &impl ConnectionTrait, base: &str) -> Result<Vec<String>, DbErr> {
    blueprint::Entity::find()
        .select_only()
        .column(blueprint::Column::Handle)
        .filter(
            Condition::any()
                .add(blueprint::Column::Handle.eq(base))
                .add(blueprint::Column::Handle.like(format!("{base}-%"))),
        )
        .into_tuple()
        .all(conn)
        .await
}

pub async fn taken_part_handles(conn: &impl ConnectionTrait, base: &str) -> Result<Vec<String>, DbErr> {
    part::Entity::find()
        .select_only()
        .column(part::Column::Handle)
        .filter(Condition::any().add(part::Column::Handle.eq(base)).add(part::Column::Handle.like(format!("{base}-%"))))
        .into_tuple()
        .all(conn)
        .await
}

/// The parts of a blueprint, in order.
pub async fn parts_of(conn: &impl ConnectionTrait, blueprint_id: Uuid) -> Result<Vec<part::Model>, DbErr> {
    let links = link::Entity::find()
        .filter(link::Column::BlueprintId.eq(blueprint_id))
        .order_by_asc(link::Column::Position)
        .all(conn)
        .await?;
    let ids: Vec<Uuid> = links.iter().map(|link| link.part_id).collect();
    let mut rows: HashMap<Uuid, part::Model> = part::Entity::find()
        .filter(part::Column::Id.is_in(ids.clone()))
        .all(conn)
        .await?
        .into_iter()
        .map(|row| (row.id, row))
        .collect();
    Ok(ids.iter().filter_map(|id| rows.remove(id)).collect())
}

pub async fn blueprint_view(conn: &impl ConnectionTrait, row: blueprint::Model) -> Result<ActivityBlueprint, DbErr> {
    let parts = parts_of(conn, row.id).await?;
    Ok(ActivityBlueprint {
        id: row.id,
        handle: row.handle,
        title: row.title,
        language: language(&row.language),
        activity_type: activity_type(&row.activity_type),
        game_system_id: row.game_system_id,
        parts: parts
            .into_iter()
            .map(|part| BlueprintPartInBlueprint {
                characters: characters(&part),
                id: part.id,
                handle: part.handle,
                title: part.title,
                language: language(&part.language),
                content: part.content,
            })
            .collect(),
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
    })
}

/// A page of the owner's blueprints, most recently changed first, with how many parts each has.
pub async fn list_blueprints(
    conn: &impl ConnectionTrait,
    owner: AccountId,
    page: PageRequest,
) -> Result<(Vec<ActivityBlueprintSummary>, u64), DbErr> {
    let mine = blueprint::Entity::find().filter(blueprint::Column::OwnerId.eq(owner.as_uuid()));
    let count = mine.clone().count(conn).await?;
    let rows = mine
        .order_by_desc(blueprint::Column::UpdatedAt)
        .order_by_desc(blueprint::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
    let counts: HashMap<Uuid, i64> = link::Entity::find()
        .select_only()
        .column(link::Column::BlueprintId)
        .column_as(link::Column::PartId.count(), "parts")
        .filter(link::Column::BlueprintId.is_in(ids))
        .group_by(link::Column::BlueprintId)
        .into_tuple::<(Uuid, i64)>()
        .all(conn)
        .await?
        .into_iter()
        .collect();
    let items = rows
        .into_iter()
        .map(|row| ActivityBlueprintSummary {
            part_count: counts.get(&row.id).copied().unwrap_or(0).try_into().unwrap_or(0),
            id: row.id,
            handle: row.handle,
            title: row.title,
            language: language(&row.language),
            activity_type: activity_type(&row.activity_type),
            game_system_id: row.game_system_id,
            updated_at: row.updated_at,
        })
        .collect();
    Ok((items, count))
}

/// The blueprints whose description includes the part.
pub async fn blueprints_using(conn: &impl ConnectionTrait, part_id: Uuid) -> Result<Vec<BlueprintRef>, DbErr> {
    let ids: Vec<Uuid> = link::Entity::find()
        .select_only()
        .column(link::Column::BlueprintId)
        .filter(link::Column::PartId.eq(part_id))
        .into_tuple()
        .all(conn)
        .await?;
    let rows = blueprint::Entity::find()
        .filter(blueprint::Column::Id.is_in(ids))
        .order_by_asc(blueprint::Column::Title)
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|row| BlueprintRef { id: row.id, handle: row.handle, title: row.title }).collect())
}

pub async fn part_view(conn: &impl ConnectionTrait, row: part::Model) -> Result<BlueprintPart, DbErr> {
    let used_in = blueprints_using(conn, row.id).await?;
    Ok(BlueprintPart {
        characters: characters(&row),
        id: row.id,
        handle: row.handle,
        title: row.title,
        content: row.content,
        content_type: content_type(&row.content_type),
        language: language(&row.language),
        used_in,
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
    })
}

pub async fn list_parts(
    conn: &impl ConnectionTrait,
    owner: AccountId,
    page: PageRequest,
) -> Result<(Vec<BlueprintPartSummary>, u64), DbErr> {
    let mine = part::Entity::find().filter(part::Column::OwnerId.eq(owner.as_uuid()));
    let count = mine.clone().count(conn).await?;
    let rows = mine
        .order_by_desc(part::Column::UpdatedAt)
        .order_by_desc(part::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    let items = rows
        .into_iter()
        .map(|row| BlueprintPartSummary {
            characters: characters(&row),
            id: row.id,
            handle: row.handle,
            title: row.title,
            content_type: content_type(&row.content_type),
            language: language(&row.language),
            updated_at: row.updated_at,
        })
        .collect();
    Ok((items, count))
}

/// How many of `ids` are parts of `owner` (all of them, or the order names someone else's or a missing part).
pub async fn count_owned_parts(conn: &impl ConnectionTrait, owner: AccountId, ids: &[Uuid]) -> Result<u64, DbErr> {
    part::Entity::find()
        .filter(part::Column::OwnerId.eq(owner.as_uuid()))
        .filter(part::Column::Id.is_in(ids.to_vec()))
        .count(conn)
        .await
}
