//! The blueprint and part endpoints. Each checks the caller (signed in, game master), turns the request into a
//! command, runs the feature's store function in one write transaction, and answers the fresh view.

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::ErrorCode;
use questline_domain::accounts::Role;
use questline_domain::ids::{BlueprintId, BlueprintPartId};
use uuid::Uuid;

use super::commands::{BlueprintFields, BlueprintUpdate, NewPart, PartOrder, PartUpdate};
use super::dto::{
    ActivityBlueprint, ActivityBlueprintPage, BlueprintPart, BlueprintPartPage, CreateActivityBlueprintRequest,
    CreateBlueprintPartRequest, SetActivityBlueprintPartsRequest, UpdateActivityBlueprintRequest,
    UpdateBlueprintPartRequest,
};
use super::queries;
use super::store::{self, blueprint_not_found, part_not_found};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

const TAG: &str = "blueprints";

/// Two GMs may create "The Keep" at the same moment; the loser of the handle race tries the next free one.
pub(crate) async fn with_handle_retries<T, F, Fut>(mut attempt: F) -> Result<T, ApiError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, ApiError>>,
{
    let mut tries = 0;
    loop {
        match attempt().await {
            Err(error) if error.code == ErrorCode::HandleTaken && tries < 3 => tries += 1,
            result => return result,
        }
    }
}

/// Creates a blueprint; its handle comes from the title.
#[utoipa::path(
    post, path = "/activity-blueprints", operation_id = "createActivityBlueprint", tag = TAG,
    request_body = CreateActivityBlueprintRequest,
    responses(
        (status = 201, description = "Created; open `/dashboard/gm/activity-blueprints/{handle}`", body = ActivityBlueprint),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 409, description = "You keep the most blueprints allowed (`blueprint_limit_reached`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (`title`, `game_system_id`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn create_activity_blueprint(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CreateActivityBlueprintRequest>,
) -> Result<(StatusCode, Json<ActivityBlueprint>), ApiError> {
    user.require(Role::Gm)?;
    let fields = BlueprintFields::try_from(request)?;
    let (owner, max) = (user.id(), state.config.max_blueprints_per_gm);
    let row = with_handle_retries(|| {
        let fields = fields.clone();
        state.write(move |w| Box::pin(async move { store::create(&w, owner, fields, max).await }))
    })
    .await?;
    Ok((StatusCode::CREATED, Json(queries::blueprint_view(state.db.conn(), row).await?)))
}

/// One of the signed-in GM's blueprints, with its parts in order.
#[utoipa::path(
    get, path = "/activity-blueprints/by-handle/{handle}", operation_id = "getActivityBlueprint", tag = TAG,
    params(("handle" = String, Path, description = "The blueprint's handle")),
    responses(
        (status = 200, description = "The blueprint", body = ActivityBlueprint),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such blueprint of yours (`activity_blueprint_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_activity_blueprint(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(handle): Path<String>,
) -> Result<Json<ActivityBlueprint>, ApiError> {
    user.require(Role::Gm)?;
    let row = queries::blueprint_by_handle(state.db.conn(), &handle)
        .await?
        .filter(|row| row.owner_id == user.account.id)
        .ok_or_else(blueprint_not_found)?;
    Ok(Json(queries::blueprint_view(state.db.conn(), row).await?))
}

/// Changes the title, language, activity type or game system. The handle stays.
#[utoipa::path(
    patch, path = "/activity-blueprints/{blueprint_id}", operation_id = "updateActivityBlueprint", tag = TAG,
    params(("blueprint_id" = Uuid, Path, description = "The blueprint")),
    request_body = UpdateActivityBlueprintRequest,
    responses(
        (status = 200, description = "Saved", body = ActivityBlueprint),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such blueprint of yours", body = ErrorBody),
        (status = 409, description = "Changed since you read it (`stale_version`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_activity_blueprint(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(blueprint_id): Path<Uuid>,
    Json(request): Json<UpdateActivityBlueprintRequest>,
) -> Result<Json<ActivityBlueprint>, ApiError> {
    user.require(Role::Gm)?;
    let update = BlueprintUpdate::try_from(request)?;
    let (owner, id) = (user.id(), BlueprintId(blueprint_id));
    let row = state.write(move |w| Box::pin(async move { store::update(&w, owner, id, update).await })).await?;
    Ok(Json(queries::blueprint_view(state.db.conn(), row).await?))
}

/// Deletes the blueprint; its parts stay (they may serve other blueprints).
#[utoipa::path(
    delete, path = "/activity-blueprints/{blueprint_id}", operation_id = "deleteActivityBlueprint", tag = TAG,
    params(("blueprint_id" = Uuid, Path, description = "The blueprint")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such blueprint of yours", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn delete_activity_blueprint(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(blueprint_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    user.require(Role::Gm)?;
    let (owner, id) = (user.id(), BlueprintId(blueprint_id));
    state.write(move |w| Box::pin(async move { store::delete(&w, owner, id).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in GM's blueprints, most recently changed first.
#[utoipa::path(
    get, path = "/activity-blueprints", operation_id = "listMyActivityBlueprints", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your blueprints", body = ActivityBlueprintPage),
        (status = 400, description = "Bad offset or limit (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_my_activity_blueprints(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<ActivityBlueprintPage>, ApiError> {
    user.require(Role::Gm)?;
    let page = PageRequest::try_from(query)?;
    let (items, count) = queries::list_blueprints(state.db.conn(), user.id(), page).await?;
    Ok(Json(ActivityBlueprintPage { items, count, offset: page.offset, limit: page.limit }))
}

/// Replaces the blueprint's ordered list of parts (adding, removing and reordering all send the whole list).
#[utoipa::path(
    put, path = "/activity-blueprints/{blueprint_id}/parts", operation_id = "setActivityBlueprintParts", tag = TAG,
    params(("blueprint_id" = Uuid, Path, description = "The blueprint")),
    request_body = SetActivityBlueprintPartsRequest,
    responses(
        (status = 200, description = "Saved", body = ActivityBlueprint),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such blueprint of yours", body = ErrorBody),
        (status = 409, description = "Changed since you read it (`stale_version`)", body = ErrorBody),
        (status = 422, description = "A part repeats, or is not one of yours (`part_ids`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn set_activity_blueprint_parts(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(blueprint_id): Path<Uuid>,
    Json(request): Json<SetActivityBlueprintPartsRequest>,
) -> Result<Json<ActivityBlueprint>, ApiError> {
    user.require(Role::Gm)?;
    let order = PartOrder::try_from(request)?;
    let (owner, id) = (user.id(), BlueprintId(blueprint_id));
    let row = state.write(move |w| Box::pin(async move { store::set_parts(&w, owner, id, order).await })).await?;
    Ok(Json(queries::blueprint_view(state.db.conn(), row).await?))
}

/// Creates a part; its content starts empty (`{}`) unless given.
#[utoipa::path(
    post, path = "/activity-blueprint-parts", operation_id = "createBlueprintPart", tag = TAG,
    request_body = CreateBlueprintPartRequest,
    responses(
        (status = 201, description = "Created; open `/dashboard/gm/activity-blueprint-parts/{handle}`", body = BlueprintPart),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 409, description = "You keep the most parts allowed (`part_limit_reached`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (`title`, `content`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn create_blueprint_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CreateBlueprintPartRequest>,
) -> Result<(StatusCode, Json<BlueprintPart>), ApiError> {
    user.require(Role::Gm)?;
    let new = NewPart::try_from(request)?;
    let (owner, max) = (user.id(), state.config.max_parts_per_gm);
    let row = with_handle_retries(|| {
        let new = new.clone();
        state.write(move |w| Box::pin(async move { store::create_part(&w, owner, new, max).await }))
    })
    .await?;
    Ok((StatusCode::CREATED, Json(queries::part_view(state.db.conn(), row).await?)))
}

/// One of the signed-in GM's parts, with the blueprints that use it.
#[utoipa::path(
    get, path = "/activity-blueprint-parts/by-handle/{handle}", operation_id = "getBlueprintPart", tag = TAG,
    params(("handle" = String, Path, description = "The part's handle")),
    responses(
        (status = 200, description = "The part", body = BlueprintPart),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such part of yours (`blueprint_part_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_blueprint_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(handle): Path<String>,
) -> Result<Json<BlueprintPart>, ApiError> {
    user.require(Role::Gm)?;
    let row = queries::part_by_handle(state.db.conn(), &handle)
        .await?
        .filter(|row| row.owner_id == user.account.id)
        .ok_or_else(part_not_found)?;
    Ok(Json(queries::part_view(state.db.conn(), row).await?))
}

/// Changes any of the part's fields; the editor's autosave sends the content alone.
#[utoipa::path(
    patch, path = "/activity-blueprint-parts/{part_id}", operation_id = "updateBlueprintPart", tag = TAG,
    params(("part_id" = Uuid, Path, description = "The part")),
    request_body = UpdateBlueprintPartRequest,
    responses(
        (status = 200, description = "Saved", body = BlueprintPart),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such part of yours", body = ErrorBody),
        (status = 409, description = "Changed since you read it (`stale_version`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule; `content` outside the allowlist or over a limit", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_blueprint_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<Uuid>,
    Json(request): Json<UpdateBlueprintPartRequest>,
) -> Result<Json<BlueprintPart>, ApiError> {
    user.require(Role::Gm)?;
    let update = PartUpdate::try_from(request)?;
    let (owner, id) = (user.id(), BlueprintPartId(part_id));
    let row = state.write(move |w| Box::pin(async move { store::update_part(&w, owner, id, update).await })).await?;
    Ok(Json(queries::part_view(state.db.conn(), row).await?))
}

/// Deletes the part; blueprints that listed it no longer do.
#[utoipa::path(
    delete, path = "/activity-blueprint-parts/{part_id}", operation_id = "deleteBlueprintPart", tag = TAG,
    params(("part_id" = Uuid, Path, description = "The part")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such part of yours", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn delete_blueprint_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    user.require(Role::Gm)?;
    let (owner, id) = (user.id(), BlueprintPartId(part_id));
    state.write(move |w| Box::pin(async move { store::delete_part(&w, owner, id).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in GM's parts, most recently changed first.
#[utoipa::path(
    get, path = "/activity-blueprint-parts", operation_id = "listMyBlueprintParts", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your parts", body = BlueprintPartPage),
        (status = 400, description = "Bad offset or limit (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_my_blueprint_parts(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<BlueprintPartPage>, ApiError> {
    user.require(Role::Gm)?;
    let page = PageRequest::try_from(query)?;
    let (items, count) = queries::list_parts(state.db.conn(), user.id(), page).await?;
    Ok(Json(BlueprintPartPage { items, count, offset: page.offset, limit: page.limit }))
}
