//! The profile endpoints.

use axum::extract::State;
use chrono::{Datelike, NaiveDate};
use questline_domain::accounts::{AccountStatus, DisplayName, Role};
use questline_domain::profiles::{
    ExperienceLevel, LocationField, NameField, check_birthdate, parse_bio, parse_country, parse_language,
    parse_location_field, parse_name, parse_phone, parse_playstyles, parse_years,
};
use questline_domain::{ErrorCode, FieldError, Validator};
use sea_orm::{ActiveValue::Set, EntityTrait, IntoActiveModel, QueryFilter};
use serde_json::json;
use uuid::Uuid;

use super::dto::{BaseUpdate, ExperienceUpdate, MyProfile, PublicProfile, UpdateProfileRequest};
use super::entities::profile;
use super::queries::{self, own_view, public_view};
use crate::accounts;
use crate::auth::CurrentUser;
use crate::db::entities::account;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path};
use crate::state::AppState;

const TAG: &str = "profiles";

fn not_found() -> ApiError {
    ApiError::not_found("profile_not_found", "Profile not found")
}

/// A profile as anyone may see it: no birthdate, phone, street address or e-mail.
#[utoipa::path(
    get, path = "/accounts/{account_id}/profile", operation_id = "getProfile", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The account whose profile to show")),
    responses(
        (status = 200, description = "The public profile", body = PublicProfile),
        (status = 404, description = "No such profile (`profile_not_found`)", body = ErrorBody),
    )
)]
pub async fn get_profile(
    State(state): State<AppState>,
    Path(account_id): Path<Uuid>,
) -> Result<Json<PublicProfile>, ApiError> {
    let (profile, owner) = queries::find_by_account(state.db.conn(), account_id).await?.ok_or_else(not_found)?;
    if owner.status() == AccountStatus::Deleted {
        return Err(not_found());
    }
    Ok(Json(public_view(&profile, &owner)))
}

/// The signed-in user's own profile, private fields included.
#[utoipa::path(
    get, path = "/profile", operation_id = "getMyProfile", tag = TAG,
    responses(
        (status = 200, description = "Your profile", body = MyProfile),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_my_profile(State(state): State<AppState>, user: CurrentUser) -> Result<Json<MyProfile>, ApiError> {
    let (profile, owner) = queries::find_by_account(state.db.conn(), user.account.id).await?.ok_or_else(not_found)?;
    Ok(Json(own_view(&profile, &owner)))
}

/// Updates one or more parts of the owner's profile: `{base}`, `{player}`, `{gm}` (GMs only).
#[utoipa::path(
    patch, path = "/profiles/{profile_id}", operation_id = "updateProfile", tag = TAG,
    params(("profile_id" = Uuid, Path, description = "The profile to update")),
    request_body = UpdateProfileRequest,
    responses(
        (status = 200, description = "Saved", body = MyProfile),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not your profile (`not_your_profile`), or GM part without the role (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
        (status = 409, description = "Changed since you read it (`stale_version`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule; field names are `base.first_name`, `player.playstyles`, …", body = ErrorBody),
    )
)]
pub async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(profile_id): Path<Uuid>,
    Json(request): Json<UpdateProfileRequest>,
) -> Result<Json<MyProfile>, ApiError> {
    let (current, owner) = queries::find_by_account(state.db.conn(), user.account.id).await?.ok_or_else(not_found)?;
    if current.id != profile_id {
        return Err(ApiError::forbidden("not_your_profile", "You can only edit your own profile."));
    }
    if request.gm.is_some() {
        user.require(Role::Gm)?;
    }
    if request.base.is_none() && request.player.is_none() && request.gm.is_none() {
        return Err(ApiError::invalid_argument("nothing_to_update", "Send at least one of base, player or gm."));
    }
    let today = state.clock.now().date_naive();
    let mut v = Validator::new();
    let mut row = current.clone().into_active_model();
    let mut display_name = None;
    if let Some(base) = &request.base {
        display_name = apply_base(&mut v, &mut row, base, today);
    }
    if let Some(player) = &request.player {
        apply_experience(
            &mut v,
            "player",
            player,
            (&mut row.claimed_years_experience, &mut row.experience_level, &mut row.playstyles),
        );
    }
    if let Some(gm) = &request.gm {
        apply_experience(
            &mut v,
            "gm",
            gm,
            (&mut row.gm_claimed_years_experience, &mut row.gm_experience_level, &mut row.gm_playstyles),
        );
    }
    v.finish()?;

    let now = state.clock.now();
    let expected_version = request.version.unwrap_or(current.version);
    if request.base.is_some() && current.basics_completed_at.is_none() {
        row.basics_completed_at = Set(Some(now));
    }
    row.updated_at = Set(now);
    row.version = Set(current.version + 1);
    let events = state.events.clone();
    let account_id = owner.id;
    let before = owner.clone();
    let (profile, owner) = state
        .db
        .write(move |txn| {
            Box::pin(async move {
                // Conditional on the version read, so two editors cannot overwrite each other unseen.
                let updated = profile::Entity::update_many()
                    .set(row)
                    .filter(sea_orm::ColumnTrait::eq(&profile::Column::Id, profile_id))
                    .filter(sea_orm::ColumnTrait::eq(&profile::Column::Version, expected_version))
                    .exec(txn)
                    .await?;
                crate::db::expect_updated(updated.rows_affected)?;
                let mut owner = owner;
                if let Some(name) = display_name {
                    owner = accounts::set_display_name(txn, &events, owner, &name, now).await?;
                }
                let (profile, _) = queries::find_by_account(txn, account_id).await?.ok_or_else(not_found)?;
                // Everyone hears of a change to what everyone can see; a change to private fields only is the
                // owner's business (issue 9, finding 16: the event itself says who edited when).
                let public = public_view(&profile, &owner) != public_view(&current, &before);
                events.record(txn, super::events::updated(account_id.into(), public)).await?;
                Ok::<(profile::Model, account::Model), ApiError>((profile, owner))
            })
        })
        .await?;
    Ok(Json(own_view(&profile, &owner)))
}

/// Checks the basic info and sets it on the row; returns the new display name (kept on the account).
fn apply_base(
    v: &mut Validator,
    row: &mut profile::ActiveModel,
    base: &BaseUpdate,
    today: NaiveDate,
) -> Option<DisplayName> {
    if let Some(first) = v.check("base.first_name", parse_name(&base.first_name, NameField::FirstName)) {
        row.first_name = Set(first);
    }
    if let Some(last) = v.check("base.last_name", parse_name(&base.last_name, NameField::LastName)) {
        row.last_name = Set(last);
    }
    let display_name = v.check("base.display_name", DisplayName::parse(&base.display_name));
    match base.birthdate.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        None => v.add("base.birthdate", FieldError::new(ErrorCode::BirthdateRequired, "Birthdate is required")),
        Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Err(_) => v.add("base.birthdate", FieldError::new(ErrorCode::BirthdateInvalid, "Birthdate is not valid")),
            Ok(date) => {
                let as_tuple = |d: NaiveDate| (d.year(), d.month(), d.day());
                if v.check("base.birthdate", check_birthdate(as_tuple(date), as_tuple(today))).is_some() {
                    row.birthdate = Set(Some(date));
                }
            }
        },
    }
    if let Some(bio) = v.check("base.bio", parse_bio(base.bio.as_deref().unwrap_or_default())) {
        row.bio = Set(bio);
    }
    if let Some(language) = &base.language
        && let Some(language) = v.check("base.language", parse_language(language))
    {
        row.language = Set(language);
    }
    if let Some(location) = &base.location {
        let mut line = |field: &str, kind: LocationField, value: &Option<String>| {
            let value = value.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
            v.check(&format!("base.location.{field}"), parse_location_field(value, kind))
        };
        let address1 = line("address1", LocationField::Address, &location.address1);
        let city = line("city", LocationField::City, &location.city);
        let postal_code = line("postal_code", LocationField::PostalCode, &location.postal_code);
        row.address1 = Set(address1);
        row.city = Set(city);
        row.postal_code = Set(postal_code);
        row.country = Set(match location.country.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(country) => v.check("base.location.country", parse_country(country)),
            None => None,
        });
    }
    if let Some(phone) = &base.phone {
        row.phone = Set(match phone.phone.trim() {
            "" => None,
            given => v.check("base.phone", parse_phone(given)),
        });
    }
    display_name
}

type ExperienceColumns<'a> = (
    &'a mut sea_orm::ActiveValue<i32>,
    &'a mut sea_orm::ActiveValue<String>,
    &'a mut sea_orm::ActiveValue<serde_json::Value>,
);

/// Experience needs both years and level; playstyles may come alone (the spec's two payload shapes).
fn apply_experience(
    v: &mut Validator,
    part: &str,
    update: &ExperienceUpdate,
    (years, level, styles): ExperienceColumns<'_>,
) {
    let wants_experience = update.claimed_years_experience.is_some() || update.experience_level.is_some();
    if wants_experience {
        if let Some(parsed) = v.check(
            &format!("{part}.claimed_years_experience"),
            parse_years(update.claimed_years_experience.unwrap_or(0)),
        ) {
            *years = Set(parsed as i32);
        }
        let given = update.experience_level.as_deref().unwrap_or_default();
        if let Some(parsed) = v.check(&format!("{part}.experience_level"), ExperienceLevel::parse(given)) {
            *level = Set(parsed.as_str().to_owned());
        }
    }
    if let Some(given) = &update.playstyles
        && let Some(parsed) = v.check(&format!("{part}.playstyles"), parse_playstyles(given))
    {
        *styles = Set(json!(parsed));
    }
    if !wants_experience && update.playstyles.is_none() {
        let message = "Send experience (years and level) or playstyles";
        v.add(part, FieldError::new(ErrorCode::ExperienceOrPlaystylesRequired, message));
    }
}
