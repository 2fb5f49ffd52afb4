//! The writes of blueprints and parts, each run inside `AppState::write` by its handler. Each takes the write's
//! context (transaction, events, time) and a command whose fields are already checked; it checks what needs the
//! database (ownership, the game system, the parts named), writes, and records the owner's event.

use questline_domain::handles::{first_free, handle_base};
use questline_domain::ids::{AccountId, BlueprintId, BlueprintPartId};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter};
use uuid::Uuid;

use super::commands::{BlueprintFields, BlueprintUpdate, NewPart, PartOrder, PartUpdate};
use super::entities::{blueprint, link, part};
use super::{events, queries};
use crate::db::{expect_updated, unique};
use crate::error::{ApiError, on_unique_violation};
use crate::game_systems;
use crate::state::Write;

pub fn blueprint_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ActivityBlueprintNotFound, "Activity blueprint not found")
}

pub fn part_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::BlueprintPartNotFound, "Blueprint part not found")
}

/// Another request took the handle between our look and our insert; the handler tries again.
fn handle_taken() -> ApiError {
    ApiError::conflict(ErrorCode::HandleTaken, "That address was just taken. Try again.")
}

fn field_error(field: &str, error: FieldError) -> ApiError {
    let mut fields = FieldErrors::new();
    fields.insert(field.to_owned(), vec![error]);
    DomainError::invalid_fields(fields).into()
}

/// The blueprint, if `owner` owns it; someone else's is "not found", so ids of others' work reveal nothing.
async fn owned_blueprint(
    txn: &DatabaseTransaction,
    owner: AccountId,
    id: BlueprintId,
) -> Result<blueprint::Model, ApiError> {
    queries::blueprint_by_id(txn, id.as_uuid())
        .await?
        .filter(|row| row.owner_id == owner.as_uuid())
        .ok_or_else(blueprint_not_found)
}

async fn owned_part(txn: &DatabaseTransaction, owner: AccountId, id: BlueprintPartId) -> Result<part::Model, ApiError> {
    queries::part_by_id(txn, id.as_uuid())
        .await?
        .filter(|row| row.owner_id == owner.as_uuid())
        .ok_or_else(part_not_found)
}

async fn check_game_system(txn: &DatabaseTransaction, fields: &BlueprintFields) -> Result<(), ApiError> {
    if game_systems::exists(txn, fields.game_system_id).await? {
        Ok(())
    } else {
        Err(field_error("game_system_id", FieldError::new(ErrorCode::GameSystemNotFound, "Game system not found")))
    }
}

/// A GM keeps at most `max` blueprints (issue 31): one account cannot fill the database.
async fn check_blueprint_limit(txn: &DatabaseTransaction, owner: AccountId, max: u64) -> Result<(), ApiError> {
    let count = blueprint::Entity::find().filter(blueprint::Column::OwnerId.eq(owner.as_uuid())).count(txn).await?;
    within_limit(count, max, ErrorCode::BlueprintLimitReached, "activity blueprints")
}

/// A GM keeps at most `max` parts (issue 31).
async fn check_part_limit(txn: &DatabaseTransaction, owner: AccountId, max: u64) -> Result<(), ApiError> {
    let count = part::Entity::find().filter(part::Column::OwnerId.eq(owner.as_uuid())).count(txn).await?;
    within_limit(count, max, ErrorCode::PartLimitReached, "blueprint parts")
}

/// Refuses one more of what a GM already keeps `count` of, when `max` is reached.
fn within_limit(count: u64, max: u64, code: ErrorCode, what: &str) -> Result<(), ApiError> {
    if count < max {
        return Ok(());
    }
    Err(ApiError::new(
        ErrorType::NotAllowed,
        code,
        format!("You can keep at most {max} {what}. Delete one you no longer need to add another."),
    ))
}

#[tracing::instrument(skip(w, fields), fields(owner = %owner))]
pub async fn create(
    w: &Write<'_>,
    owner: AccountId,
    fields: BlueprintFields,
    max_blueprints: u64,
) -> Result<blueprint::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    check_blueprint_limit(txn, owner, max_blueprints).await?;
    check_game_system(txn, &fields).await?;
    let base = handle_base(fields.title.as_str(), "blueprint");
    let taken = queries::taken_blueprint_handles(txn, &base).await?;
    let handle = first_free(&base, |candidate| taken.iter().any(|t| t == candidate));
    let id = BlueprintId::new();
    let row = blueprint::Model {
        id: id.as_uuid(),
        handle,
        owner_id: owner.as_uuid(),
        title: fields.title.into_inner(),
        language: fields.language.as_str().to_owned(),
        activity_type: fields.activity_type.as_str().to_owned(),
        game_system_id: fields.game_system_id.as_uuid(),
        created_at: now,
        updated_at: now,
        version: 1,
    };
    blueprint::Entity::insert(blueprint::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await
        .map_err(|error| on_unique_violation(error, &unique::BLUEPRINT_HANDLE, handle_taken))?;
    w.record(events::created(id, owner)).await?;
    Ok(row)
}

#[tracing::instrument(skip(w, update), fields(owner = %owner, blueprint = %id))]
pub async fn update(
    w: &Write<'_>,
    owner: AccountId,
    id: BlueprintId,
    update: BlueprintUpdate,
) -> Result<blueprint::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    owned_blueprint(txn, owner, id).await?;
    check_game_system(txn, &update.fields).await?;
    let fields = update.fields;
    // Conditional on the version read, so two editors cannot overwrite each other unseen.
    let result = blueprint::Entity::update_many()
        .set(blueprint::ActiveModel {
            title: Set(fields.title.into_inner()),
            language: Set(fields.language.as_str().to_owned()),
            activity_type: Set(fields.activity_type.as_str().to_owned()),
            game_system_id: Set(fields.game_system_id.as_uuid()),
            updated_at: Set(now),
            version: Set(update.version + 1),
            ..Default::default()
        })
        .filter(blueprint::Column::Id.eq(id.as_uuid()))
        .filter(blueprint::Column::Version.eq(update.version))
        .exec(txn)
        .await?;
    expect_updated(result.rows_affected)?;
    w.record(events::updated(id, owner)).await?;
    owned_blueprint(txn, owner, id).await
}

#[tracing::instrument(skip(w), fields(owner = %owner, blueprint = %id))]
pub async fn delete(w: &Write<'_>, owner: AccountId, id: BlueprintId) -> Result<(), ApiError> {
    let txn = w.txn;
    owned_blueprint(txn, owner, id).await?;
    // Asked of the features above (a series made from it), in this transaction: a series created meanwhile waits on
    // our write, and the foreign key stays as a last guard.
    if w.hooks.series.blueprint_in_use(txn, id).await? {
        return Err(ApiError::new(
            questline_domain::ErrorType::NotAllowed,
            questline_domain::ErrorCode::BlueprintInUse,
            "Cannot delete activity blueprint: it is used in one or more series",
        ));
    }
    // Its links go with it (ON DELETE CASCADE); its parts stay, they may serve other blueprints.
    blueprint::Entity::delete_by_id(id.as_uuid()).exec(txn).await?;
    w.record(events::deleted(id, owner)).await?;
    Ok(())
}

#[tracing::instrument(skip(w, order), fields(owner = %owner, blueprint = %id, parts = order.part_ids.len()))]
pub async fn set_parts(
    w: &Write<'_>,
    owner: AccountId,
    id: BlueprintId,
    order: PartOrder,
) -> Result<blueprint::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    owned_blueprint(txn, owner, id).await?;
    let ids: Vec<Uuid> = order.part_ids.iter().map(BlueprintPartId::as_uuid).collect();
    if queries::count_owned_parts(txn, owner, &ids).await? != ids.len() as u64 {
        return Err(field_error("part_ids", FieldError::new(ErrorCode::PartNotFound, "Part not found")));
    }
    let result = blueprint::Entity::update_many()
        .col_expr(blueprint::Column::Version, Expr::value(order.version + 1))
        .col_expr(blueprint::Column::UpdatedAt, Expr::value(now))
        .filter(blueprint::Column::Id.eq(id.as_uuid()))
        .filter(blueprint::Column::Version.eq(order.version))
        .exec(txn)
        .await?;
    expect_updated(result.rows_affected)?;
    link::Entity::delete_many().filter(link::Column::BlueprintId.eq(id.as_uuid())).exec(txn).await?;
    if !ids.is_empty() {
        let links = ids.iter().enumerate().map(|(position, part_id)| link::ActiveModel {
            blueprint_id: Set(id.as_uuid()),
            part_id: Set(*part_id),
            position: Set(position as i32),
        });
        link::Entity::insert_many(links).exec_without_returning(txn).await?;
    }
    w.record(events::updated(id, owner)).await?;
    owned_blueprint(txn, owner, id).await
}

#[tracing::instrument(skip(w, new), fields(owner = %owner))]
pub async fn create_part(
    w: &Write<'_>,
    owner: AccountId,
    new: NewPart,
    max_parts: u64,
) -> Result<part::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    check_part_limit(txn, owner, max_parts).await?;
    let base = handle_base(new.title.as_str(), "part");
    let taken = queries::taken_part_handles(txn, &base).await?;
    let handle = first_free(&base, |candidate| taken.iter().any(|t| t == candidate));
    let id = BlueprintPartId::new();
    let row = part::Model {
        id: id.as_uuid(),
        handle,
        owner_id: owner.as_uuid(),
        title: new.title.into_inner(),
        characters: i32::try_from(new.content.characters()).unwrap_or(i32::MAX),
        content: new.content.into_value(),
        content_type: new.content_type.as_str().to_owned(),
        language: new.language.as_str().to_owned(),
        created_at: now,
        updated_at: now,
        version: 1,
    };
    part::Entity::insert(part::ActiveModel::from(row.clone()))
        .exec_without_returning(txn)
        .await
        .map_err(|error| on_unique_violation(error, &unique::PART_HANDLE, handle_taken))?;
    w.record(events::part_created(id, owner)).await?;
    Ok(row)
}

#[tracing::instrument(skip(w, update), fields(owner = %owner, part = %id))]
pub async fn update_part(
    w: &Write<'_>,
    owner: AccountId,
    id: BlueprintPartId,
    update: PartUpdate,
) -> Result<part::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    owned_part(txn, owner, id).await?;
    let mut row = part::ActiveModel { updated_at: Set(now), version: Set(update.version + 1), ..Default::default() };
    if let Some(title) = update.title {
        row.title = Set(title.into_inner());
    }
    if let Some(content) = update.content {
        row.characters = Set(i32::try_from(content.characters()).unwrap_or(i32::MAX));
        row.content = Set(content.into_value());
    }
    if let Some(content_type) = update.content_type {
        row.content_type = Set(content_type.as_str().to_owned());
    }
    if let Some(language) = update.language {
        row.language = Set(language.as_str().to_owned());
    }
    let result = part::Entity::update_many()
        .set(row)
        .filter(part::Column::Id.eq(id.as_uuid()))
        .filter(part::Column::Version.eq(update.version))
        .exec(txn)
        .await?;
    expect_updated(result.rows_affected)?;
    w.record(events::part_updated(id, owner)).await?;
    owned_part(txn, owner, id).await
}

#[tracing::instrument(skip(w), fields(owner = %owner, part = %id))]
pub async fn delete_part(w: &Write<'_>, owner: AccountId, id: BlueprintPartId) -> Result<(), ApiError> {
    let txn = w.txn;
    owned_part(txn, owner, id).await?;
    let users: Vec<Uuid> = queries::blueprints_using(txn, id.as_uuid()).await?.into_iter().map(|b| b.id).collect();
    // The part leaves every blueprint that listed it (ON DELETE CASCADE); those blueprints changed too.
    part::Entity::delete_by_id(id.as_uuid()).exec(txn).await?;
    w.record(events::part_deleted(id, owner)).await?;
    for blueprint in users {
        w.record(events::updated(BlueprintId(blueprint), owner)).await?;
    }
    Ok(())
}
