//! The writes of series, each run inside `Db::write` by its handler. Each takes the transaction, the event
//! recorder, the time and a command whose fields are already checked; it checks what needs the database
//! (ownership, the blueprint, the current status), writes, and records the event for whoever may see it.

use chrono::{DateTime, Utc};
use questline_domain::handles::{first_free, handle_base};
use questline_domain::ids::{AccountId, SeriesId};
use questline_domain::series::{LifecycleStatus, Pricing, Schedule, SeriesStatus, StatusChange, StatusContext, apply};
use questline_domain::{DomainError, ErrorCode, FieldError, FieldErrors};
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter};

use super::commands::{NewSeries, SeriesLocation, SeriesUpdate};
use super::entities::{series, series_image};
use super::images::{ImageKind, ProcessedImage};
use super::{events, queries};
use crate::blueprints;
use crate::db::{expect_updated, unique};
use crate::error::{ApiError, on_unique_violation};
use crate::state::Write;

pub fn series_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesNotFound, "Series not found")
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

/// The series, if `gm` runs it; someone else's is "not found", like a draft they may not see.
async fn owned(txn: &DatabaseTransaction, gm: AccountId, id: SeriesId) -> Result<series::Model, ApiError> {
    queries::by_id(txn, id.as_uuid()).await?.filter(|row| row.gm_id == gm.as_uuid()).ok_or_else(series_not_found)
}

fn set_pricing(row: &mut series::ActiveModel, pricing: Pricing) {
    row.pricing_model = Set(Some(pricing.model().as_str().to_owned()));
    // Free is stored as 0 so the Questboard's price range counts it as 0.
    row.price_minor = Set(Some(pricing.minor_per_session()));
    row.currency_code = Set(pricing.price().map(|price| price.currency().as_str().to_owned()));
}

fn set_location(row: &mut series::ActiveModel, location: SeriesLocation) {
    let (kind, link, city, venue) = match location {
        SeriesLocation::Online { link } => ("online", Some(link), None, None),
        SeriesLocation::InPerson { city, venue } => ("in_person", None, Some(city), Some(venue)),
    };
    row.location_kind = Set(Some(kind.to_owned()));
    row.location_link = Set(link);
    row.location_city = Set(city);
    row.location_venue = Set(venue);
}

#[tracing::instrument(skip(w, new), fields(gm = %gm))]
pub async fn create(w: &Write<'_>, gm: AccountId, new: NewSeries) -> Result<series::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    // One's own blueprint only; someone else's is as missing as one that does not exist.
    if !blueprints::is_owned_by(txn, new.blueprint_id, gm).await? {
        let error = FieldError::new(ErrorCode::ActivityBlueprintNotFound, super::commands::BLUEPRINT_NOT_FOUND);
        return Err(field_error("blueprint_id", error));
    }
    let base = handle_base(new.title.as_str(), "series");
    let taken = queries::taken_handles(txn, &base).await?;
    let handle = first_free(&base, |candidate| taken.iter().any(|t| t == candidate));
    let id = SeriesId::new();
    let status = SeriesStatus::new();
    let mut row = series::ActiveModel {
        id: Set(id.as_uuid()),
        handle: Set(handle),
        gm_id: Set(gm.as_uuid()),
        blueprint_id: Set(new.blueprint_id.as_uuid()),
        title: Set(new.title.into_inner()),
        short_description: Set(new.short_description),
        lifecycle_status: Set(status.lifecycle.as_str().to_owned()),
        recruitment_status: Set(status.recruitment.as_str().to_owned()),
        pricing_model: Set(None),
        price_minor: Set(None),
        currency_code: Set(None),
        min_players: Set(new.requirements.map(|r| i32::from(r.min_players()))),
        max_players: Set(new.requirements.map(|r| i32::from(r.max_players()))),
        min_player_age: Set(new.requirements.map(|r| i32::from(r.min_player_age()))),
        location_kind: Set(None),
        location_link: Set(None),
        location_city: Set(None),
        location_venue: Set(None),
        language: Set(new.language.as_str().to_owned()),
        thumbnail_image_id: Set(None),
        banner_image_id: Set(None),
        schedule_start_time: Set(None),
        schedule_duration_minutes: Set(None),
        schedule_is_recurring: Set(None),
        schedule_recurrence_rule: Set(None),
        schedule_time_zone: Set(None),
        schedule_first_date: Set(None),
        next_session_at: Set(None),
        seats_taken: Set(0),
        published_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        version: Set(1),
    };
    if let Some(pricing) = new.pricing {
        set_pricing(&mut row, pricing);
    }
    if let Some(location) = new.location {
        set_location(&mut row, location);
    }
    series::Entity::insert(row)
        .exec_without_returning(txn)
        .await
        .map_err(|error| on_unique_violation(error, &unique::SERIES_HANDLE, handle_taken))?;
    w.record(events::created(id, gm)).await?;
    owned(txn, gm, id).await
}

/// Writes `row`'s changes if the series is still at `version`, and records the event.
async fn save(
    w: &Write<'_>,
    gm: AccountId,
    id: SeriesId,
    version: i64,
    row: series::ActiveModel,
    status_after: LifecycleStatus,
) -> Result<series::Model, ApiError> {
    save_if(w, gm, id, version, row, status_after, None).await
}

/// [`save`], and, with `seats_at_most`, only while no more seats are taken than that (a seat taken meanwhile does
/// not change the version, so a lower maximum checks the count in the same statement; `stale_version` otherwise).
async fn save_if(
    w: &Write<'_>,
    gm: AccountId,
    id: SeriesId,
    version: i64,
    mut row: series::ActiveModel,
    status_after: LifecycleStatus,
    seats_at_most: Option<i32>,
) -> Result<series::Model, ApiError> {
    let txn = w.txn;
    row.version = Set(version + 1);
    let mut update = series::Entity::update_many()
        .set(row)
        .filter(series::Column::Id.eq(id.as_uuid()))
        .filter(series::Column::Version.eq(version));
    if let Some(max) = seats_at_most {
        update = update.filter(series::Column::SeatsTaken.lte(max));
    }
    let result = update.exec(txn).await?;
    expect_updated(result.rows_affected)?;
    w.record(events::updated(id, gm, status_after)).await?;
    owned(txn, gm, id).await
}

#[tracing::instrument(skip(w, update), fields(gm = %gm, series = %id))]
pub async fn update(
    w: &Write<'_>,
    gm: AccountId,
    id: SeriesId,
    update: SeriesUpdate,
) -> Result<series::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    let current = owned(txn, gm, id).await?;
    if update.version.is_some_and(|version| version != current.version) {
        return Err(ApiError::stale_version());
    }
    let mut row = series::ActiveModel { updated_at: Set(now), ..Default::default() };
    let mut lifecycle = queries::lifecycle(&current);
    if let Some(status) = update.status {
        let from = SeriesStatus { lifecycle, recruitment: queries::recruitment(&current) };
        let change = StatusChange { lifecycle: status.lifecycle.unwrap_or(lifecycle), recruitment: status.recruitment };
        let context = StatusContext { has_schedule: queries::schedule(&current).is_some() };
        let transition = apply(from, change, context).map_err(DomainError::from)?;
        lifecycle = transition.to.lifecycle;
        row.lifecycle_status = Set(lifecycle.as_str().to_owned());
        row.recruitment_status = Set(transition.to.recruitment.as_str().to_owned());
        if transition.became_public() && current.published_at.is_none() {
            row.published_at = Set(Some(now));
        }
    }
    if let Some(title) = update.title {
        row.title = Set(title.into_inner());
    }
    if let Some(description) = update.short_description {
        row.short_description = Set(description);
    }
    if let Some(language) = update.language {
        row.language = Set(language.as_str().to_owned());
    }
    if let Some(location) = update.location {
        set_location(&mut row, location);
    }
    if let Some(pricing) = update.pricing {
        set_pricing(&mut row, pricing);
    }
    let mut seats_at_most = None;
    let requirements_changed = update.requirements.is_some();
    if let Some(requirements) = update.requirements {
        // Accepted players never exceed the maximum: it cannot go below the seats already taken.
        let max = i32::from(requirements.max_players());
        if max < current.seats_taken {
            let message =
                format!("Maximum players cannot be less than the {} players already accepted", current.seats_taken);
            let error = FieldError::new(ErrorCode::MaxPlayersBelowSeatsTaken, message)
                .param("accepted", i64::from(current.seats_taken));
            return Err(field_error("max_players", error));
        }
        seats_at_most = Some(max);
        row.min_players = Set(Some(i32::from(requirements.min_players())));
        row.max_players = Set(Some(max));
        row.min_player_age = Set(Some(i32::from(requirements.min_player_age())));
    }
    let ended = lifecycle != queries::lifecycle(&current)
        && matches!(lifecycle, LifecycleStatus::Completed | LifecycleStatus::Cancelled);
    let saved = save_if(w, gm, id, current.version, row, lifecycle, seats_at_most).await?;
    if requirements_changed && !ended {
        // The sessions in preparation make the automatic moves the new minimum calls for (a hook: sessions stand
        // above series).
        w.hooks.series.requirements_changed(w.txn, id, w.now).await?;
    }
    if ended {
        // An ended series runs no more sessions and takes nobody (hooks: those features stand above series).
        w.hooks.series.ended(w.txn, id, w.now).await?;
    }
    Ok(saved)
}

/// Sets the schedule (created if absent, replaced otherwise) and the next session it gives, in the GM's zone.
#[tracing::instrument(skip(w, schedule), fields(gm = %gm, series = %id))]
pub async fn set_schedule(
    w: &Write<'_>,
    gm: AccountId,
    id: SeriesId,
    schedule: Schedule,
) -> Result<series::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    let current = owned(txn, gm, id).await?;
    let row = series::ActiveModel {
        schedule_start_time: Set(Some(schedule.start_time().to_string())),
        schedule_duration_minutes: Set(Some(i32::from(schedule.duration().minutes()))),
        schedule_is_recurring: Set(Some(schedule.is_recurring())),
        schedule_recurrence_rule: Set(schedule.recurrence().map(|rule| rule.to_string())),
        schedule_time_zone: Set(Some(schedule.time_zone().as_str().to_owned())),
        schedule_first_date: Set(Some(schedule.first_date().to_string())),
        next_session_at: Set(schedule.next_occurrence(now)),
        updated_at: Set(now),
        ..Default::default()
    };
    save(w, gm, id, current.version, row, queries::lifecycle(&current)).await
}

/// Stores a processed image as the series' thumbnail or banner (a new version of the series, with its event) and
/// deletes the one it replaces.
#[tracing::instrument(skip(w, image), fields(gm = %gm, series = %id, kind = kind.as_str()))]
pub async fn set_image(
    w: &Write<'_>,
    gm: AccountId,
    id: SeriesId,
    kind: ImageKind,
    image: ProcessedImage,
) -> Result<series::Model, ApiError> {
    let (txn, now) = (w.txn, w.now);
    let current = owned(txn, gm, id).await?;
    let image_id = uuid::Uuid::now_v7();
    series_image::Entity::insert(series_image::ActiveModel {
        id: Set(image_id),
        series_id: Set(id.as_uuid()),
        kind: Set(kind.as_str().to_owned()),
        content_type: Set(image.content_type.to_owned()),
        width: Set(i32::try_from(image.width).unwrap_or(i32::MAX)),
        height: Set(i32::try_from(image.height).unwrap_or(i32::MAX)),
        sha256: Set(image.sha256),
        bytes: Set(image.bytes),
        created_at: Set(now),
    })
    .exec_without_returning(txn)
    .await?;
    let mut row = series::ActiveModel { updated_at: Set(now), ..Default::default() };
    let replaced = match kind {
        ImageKind::Thumbnail => {
            row.thumbnail_image_id = Set(Some(image_id));
            current.thumbnail_image_id
        }
        ImageKind::Banner => {
            row.banner_image_id = Set(Some(image_id));
            current.banner_image_id
        }
    };
    let saved = save(w, gm, id, current.version, row, queries::lifecycle(&current)).await?;
    if let Some(old) = replaced {
        series_image::Entity::delete_by_id(old).exec(txn).await?;
    }
    Ok(saved)
}

/// Deletes a draft; a series that has been published stays (players may have seen it, applied, paid).
#[tracing::instrument(skip(w), fields(gm = %gm, series = %id))]
pub async fn delete(w: &Write<'_>, gm: AccountId, id: SeriesId) -> Result<(), ApiError> {
    let txn = w.txn;
    let current = owned(txn, gm, id).await?;
    if !queries::lifecycle(&current).may_be_deleted() {
        return Err(DomainError::unexpected_state(
            ErrorCode::SeriesDeleteNotDraft,
            "Only a draft series can be deleted.",
        )
        .into());
    }
    series::Entity::delete_by_id(id.as_uuid()).exec(txn).await?;
    w.record(events::deleted(id, gm)).await?;
    Ok(())
}

/// Moves up to `batch` passed `next_session_at` values to the next session after `now` (null once a schedule has
/// no more), without a new version or an event: it is a derived fact, and reads already compute it when passed.
/// Returns how many rows it moved.
pub async fn refresh_next_sessions(txn: &DatabaseTransaction, now: DateTime<Utc>, batch: u64) -> Result<u64, ApiError> {
    use sea_orm::{QueryOrder, QuerySelect};
    let due = series::Entity::find()
        .filter(series::Column::NextSessionAt.lte(now))
        .order_by_asc(series::Column::NextSessionAt)
        .limit(batch)
        .all(txn)
        .await?;
    let moved = due.len() as u64;
    for row in due {
        let next = queries::schedule(&row).and_then(|schedule| schedule.next_occurrence(now));
        series::Entity::update_many()
            .col_expr(series::Column::NextSessionAt, sea_orm::sea_query::Expr::value(next))
            .filter(series::Column::Id.eq(row.id))
            .exec(txn)
            .await?;
    }
    Ok(moved)
}
