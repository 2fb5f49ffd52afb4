//! The profiles' writes, each inside one [`Write`].

use questline_domain::ErrorCode;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter};
use serde_json::json;

use super::commands::{ExperienceChange, ProfileUpdate};
use super::entities::profile;
use super::queries::{self, Standing, public_view};
use crate::accounts;
use crate::db::entities::account;
use crate::error::ApiError;
use crate::state::Write;

/// The answer for a profile that does not exist (or is not the caller's to see).
pub fn not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ProfileNotFound, "Profile not found")
}

/// Saves `update` over `current` (read at `update.version`, or at its own version when none was sent), keeps the
/// display name on the account, and tells everyone when the public view changed (the owner alone otherwise).
#[tracing::instrument(skip_all, fields(profile_id = %current.id))]
pub async fn update(
    w: &Write<'_>,
    current: profile::Model,
    owner: account::Model,
    update: ProfileUpdate,
) -> Result<(profile::Model, account::Model), ApiError> {
    let (profile_id, account_id) = (current.id, owner.id);
    let expected_version = update.version.unwrap_or(current.version);
    let mut row = current.clone().into_active_model();
    let mut display_name = None;
    if let Some(base) = update.base {
        row.first_name = Set(base.first_name);
        row.last_name = Set(base.last_name);
        row.birthdate = Set(Some(base.birthdate));
        row.bio = Set(base.bio);
        if let Some(language) = base.language {
            row.language = Set(language);
        }
        if let Some(location) = base.location {
            row.address1 = Set(location.address1);
            row.city = Set(location.city);
            row.postal_code = Set(location.postal_code);
            row.country = Set(location.country);
        }
        if let Some(phone) = base.phone {
            row.phone = Set(phone);
        }
        if current.basics_completed_at.is_none() {
            row.basics_completed_at = Set(Some(w.now));
        }
        display_name = Some(base.display_name);
    }
    if let Some(player) = update.player {
        apply_experience(player, (&mut row.claimed_years_experience, &mut row.experience_level, &mut row.playstyles));
    }
    if let Some(gm) = update.gm {
        apply_experience(
            gm,
            (&mut row.gm_claimed_years_experience, &mut row.gm_experience_level, &mut row.gm_playstyles),
        );
    }
    row.updated_at = Set(w.now);
    row.version = Set(current.version + 1);

    // Conditional on the version read, so two editors cannot overwrite each other unseen.
    let updated = profile::Entity::update_many()
        .set(row)
        .filter(profile::Column::Id.eq(profile_id))
        .filter(profile::Column::Version.eq(expected_version))
        .exec(w.txn)
        .await?;
    crate::db::expect_updated(updated.rows_affected)?;
    let before = owner.clone();
    let owner = match display_name {
        Some(name) => accounts::set_display_name(w.txn, &w.events, owner, &name, w.now).await?,
        None => owner,
    };
    let (profile, _) = queries::find_by_account(w.txn, account_id).await?.ok_or_else(not_found)?;
    // Everyone hears of a change to what everyone can see; a change to private fields only is the owner's business
    // (issue 9, finding 16: the event itself says who edited when).
    let none = Standing::default();
    let public = public_view(&profile, &owner, &none) != public_view(&current, &before, &none);
    w.record(super::events::updated(account_id.into(), public)).await?;
    Ok((profile, owner))
}

type ExperienceColumns<'a> = (
    &'a mut sea_orm::ActiveValue<i32>,
    &'a mut sea_orm::ActiveValue<String>,
    &'a mut sea_orm::ActiveValue<serde_json::Value>,
);

fn apply_experience(change: ExperienceChange, (years, level, styles): ExperienceColumns<'_>) {
    if let Some((claimed, experience_level)) = change.experience {
        *years = Set(claimed as i32);
        *level = Set(experience_level.as_str().to_owned());
    }
    if let Some(playstyles) = change.playstyles {
        *styles = Set(json!(playstyles));
    }
}
