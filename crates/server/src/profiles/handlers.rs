//! The profile endpoints.

use axum::extract::State;
use questline_domain::ErrorCode;
use questline_domain::accounts::{AccountStatus, Role};
use uuid::Uuid;

use super::commands::ProfileUpdate;
use super::dto::{MyProfile, PublicProfile, UpdateProfileRequest};
use super::queries::{self, own_view, public_view};
use super::store::{self, not_found};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path};
use crate::state::AppState;

const TAG: &str = "profiles";

/// A profile as anyone may see it: no birthdate, phone, street address or e-mail.
#[utoipa::path(
    get, path = "/accounts/{account_id}/profile", operation_id = "getProfile", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The account whose profile to show")),
    responses(
        (status = 200, description = "The public profile", body = PublicProfile),
        (status = 404, description = "No such profile (`profile_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn get_profile(
    State(state): State<AppState>,
    Path(account_id): Path<Uuid>,
) -> Result<Json<PublicProfile>, ApiError> {
    let (profile, owner) = queries::find_by_account(state.db.conn(), account_id).await?.ok_or_else(not_found)?;
    if owner.status() == AccountStatus::Deleted {
        return Err(not_found());
    }
    let standing = queries::standing(state.db.conn(), &owner).await?;
    Ok(Json(public_view(&profile, &owner, &standing)))
}

/// The signed-in user's own profile, private fields included.
#[utoipa::path(
    get, path = "/profile", operation_id = "getMyProfile", tag = TAG,
    responses(
        (status = 200, description = "Your profile", body = MyProfile),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn get_my_profile(State(state): State<AppState>, user: CurrentUser) -> Result<Json<MyProfile>, ApiError> {
    let (profile, owner) = queries::find_by_account(state.db.conn(), user.account.id).await?.ok_or_else(not_found)?;
    let standing = queries::standing(state.db.conn(), &owner).await?;
    Ok(Json(own_view(&profile, &owner, &standing)))
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
#[tracing::instrument(skip_all, fields(account_id = %user.account.id))]
pub async fn update_profile(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(profile_id): Path<Uuid>,
    Json(request): Json<UpdateProfileRequest>,
) -> Result<Json<MyProfile>, ApiError> {
    let (current, owner) = queries::find_by_account(state.db.conn(), user.account.id).await?.ok_or_else(not_found)?;
    if current.id != profile_id {
        return Err(ApiError::forbidden(ErrorCode::NotYourProfile, "You can only edit your own profile."));
    }
    if request.gm.is_some() {
        user.require(Role::Gm)?;
    }
    if request.base.is_none() && request.player.is_none() && request.gm.is_none() {
        return Err(ApiError::invalid_argument(ErrorCode::NothingToUpdate, "Send at least one of base, player or gm."));
    }
    let update = ProfileUpdate::parse(&request, state.clock.now().date_naive())?;
    let (profile, owner) =
        state.write(move |w| Box::pin(async move { store::update(&w, current, owner, update).await })).await?;
    let standing = queries::standing(state.db.conn(), &owner).await?;
    Ok(Json(own_view(&profile, &owner, &standing)))
}
