//! The series and Questboard endpoints. The GM's endpoints check the caller (signed in, game master), turn the
//! request into a command, run the feature's store function in one write transaction, and answer the fresh view.
//! `getSeries` and `listQuestboard` are public: a draft is only its GM's.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use questline_domain::accounts::Role;
use questline_domain::ids::SeriesId;
use questline_domain::series::{LifecycleStatus, Schedule};
use uuid::Uuid;

use super::commands::{NewSeries, SeriesUpdate};
use super::dto::{
    CreateSeriesRequest, QuestboardPage, QuestboardQuery, Series, SeriesPage, SetSeriesScheduleRequest,
    UpdateSeriesRequest,
};
use super::queries;
use super::store::{self, series_not_found};
use crate::auth::{CurrentUser, MaybeUser};
use crate::blueprints::with_handle_retries;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::public_cache::Fresh;
use crate::state::AppState;

const TAG: &str = "series";

/// Creates a draft series from one of the GM's blueprints; its handle comes from the title.
#[utoipa::path(
    post, path = "/series", operation_id = "createSeries", tag = TAG,
    request_body = CreateSeriesRequest,
    responses(
        (status = 201, description = "Created as a draft; open `/dashboard/gm/my-series/{handle}`", body = Series),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (`title`, `blueprint_id`, `pricing.*`, requirements, `location.*`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn create_series(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CreateSeriesRequest>,
) -> Result<(StatusCode, Json<Series>), ApiError> {
    user.require(Role::Gm)?;
    let new = NewSeries::try_from(request)?;
    let (gm, now) = (user.id(), state.clock.now());
    let row = with_handle_retries(|| {
        let new = new.clone();
        state.write(move |w| Box::pin(async move { store::create(&w, gm, new).await }))
    })
    .await?;
    Ok((StatusCode::CREATED, Json(queries::view(state.db.conn(), row, Some(gm), now).await?)))
}

/// One series by its handle: anyone may read a published, active, completed or cancelled one; a draft only its GM.
#[utoipa::path(
    get, path = "/series/by-handle/{handle}", operation_id = "getSeries", tag = TAG,
    params(("handle" = String, Path, description = "The series' handle")),
    responses(
        (status = 200, description = "The series", body = Series),
        (status = 404, description = "No such series, or a draft of someone else (`series_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_series(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(handle): Path<String>,
) -> Result<Json<Series>, ApiError> {
    let viewer = user.map(|user| user.id());
    let row = queries::by_handle(state.db.conn(), &handle)
        .await?
        .filter(|row| {
            queries::lifecycle(row) != LifecycleStatus::Draft || viewer.is_some_and(|v| v.as_uuid() == row.gm_id)
        })
        .ok_or_else(series_not_found)?;
    // The table link: for its GM and the players accepted to it.
    let show_link = match viewer {
        Some(viewer) if viewer.as_uuid() == row.gm_id => true,
        Some(viewer) => state.hooks.series.seated(state.db.conn(), SeriesId(row.id), viewer).await?,
        None => false,
    };
    Ok(Json(queries::view_as(state.db.conn(), row, show_link, state.clock.now()).await?))
}

/// Changes one part of a series: basic info `{title, short_description}`, status `{lifecycle_status,
/// recruitment_status}`, pricing `{pricing}`, or player requirements `{min_players, max_players, min_player_age}`.
#[utoipa::path(
    patch, path = "/series/{series_id}", operation_id = "updateSeries", tag = TAG,
    params(("series_id" = Uuid, Path, description = "The series")),
    request_body = UpdateSeriesRequest,
    responses(
        (status = 200, description = "Saved", body = Series),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`)", body = ErrorBody),
        (status = 409, description = "A status move the series does not allow (`unexpected_state`: `series_must_have_schedule_to_publish`, `series_status_final`, `series_status_move_not_allowed`, `recruitment_requires_open_series`), or a stale `version`", body = ErrorBody),
        (status = 422, description = "A field breaks a rule", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_series(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(series_id): Path<Uuid>,
    Json(request): Json<UpdateSeriesRequest>,
) -> Result<Json<Series>, ApiError> {
    user.require(Role::Gm)?;
    let update = SeriesUpdate::try_from(request)?;
    let (gm, now, id) = (user.id(), state.clock.now(), SeriesId(series_id));
    let row = state.write(move |w| Box::pin(async move { store::update(&w, gm, id, update).await })).await?;
    Ok(Json(queries::view(state.db.conn(), row, Some(gm), now).await?))
}

/// Sets the series' schedule (created if absent, replaced otherwise); the next sessions follow the GM's zone.
#[utoipa::path(
    put, path = "/series/{series_id}/schedule", operation_id = "setSeriesSchedule", tag = TAG,
    params(("series_id" = Uuid, Path, description = "The series")),
    request_body = SetSeriesScheduleRequest,
    responses(
        (status = 200, description = "Saved", body = Series),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`)", body = ErrorBody),
        (status = 422, description = "A field breaks a rule (`start_time`, `session_duration_minutes`, `recurrence_rule`, `time_zone`, `first_date`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn set_series_schedule(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(series_id): Path<Uuid>,
    Json(request): Json<SetSeriesScheduleRequest>,
) -> Result<Json<Series>, ApiError> {
    user.require(Role::Gm)?;
    let schedule = Schedule::try_from(request)?;
    let (gm, now, id) = (user.id(), state.clock.now(), SeriesId(series_id));
    let row = state.write(move |w| Box::pin(async move { store::set_schedule(&w, gm, id, schedule).await })).await?;
    Ok(Json(queries::view(state.db.conn(), row, Some(gm), now).await?))
}

/// Deletes a draft series.
#[utoipa::path(
    delete, path = "/series/{series_id}", operation_id = "deleteSeries", tag = TAG,
    params(("series_id" = Uuid, Path, description = "The series")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`)", body = ErrorBody),
        (status = 409, description = "Not a draft (`series_delete_not_draft`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn delete_series(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(series_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    user.require(Role::Gm)?;
    let (gm, id) = (user.id(), SeriesId(series_id));
    state.write(move |w| Box::pin(async move { store::delete(&w, gm, id).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The signed-in GM's series, most recently changed first.
#[utoipa::path(
    get, path = "/series", operation_id = "listMySeries", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your series", body = SeriesPage),
        (status = 400, description = "Bad offset or limit (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a game master (`role_required`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_my_series(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<SeriesPage>, ApiError> {
    user.require(Role::Gm)?;
    let page = PageRequest::try_from(query)?;
    let (items, count) = queries::list_mine(state.db.conn(), user.id(), page, state.clock.now()).await?;
    Ok(Json(SeriesPage { items, count, offset: page.offset, limit: page.limit }))
}

/// The Questboard: published and active series, newest first, filtered. Public, also signed out.
#[utoipa::path(
    get, path = "/questboard", operation_id = "listQuestboard", tag = TAG,
    params(QuestboardQuery),
    responses(
        (status = 200, description = "A page of cards", body = QuestboardPage),
        (status = 400, description = "A filter that cannot be read (`invalid_query_parameter`)", body = ErrorBody),
    )
)]
// Not the query: what a visitor searched for stays out of the logs.
#[tracing::instrument(skip_all)]
pub async fn list_questboard(
    State(state): State<AppState>,
    Query(query): Query<QuestboardQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    // The same for every visitor: a page is worked out once and served again while nothing has changed.
    let key = format!("questboard {query:?} {page:?}");
    let body = state
        .public_cache
        .answer::<ApiError, _>(key, async {
            let (items, count) = queries::questboard(state.db.conn(), &query, page, state.clock.now()).await?;
            // True until the first of its next sessions begins (that card then shows the one after).
            let until = items.iter().filter_map(|card| card.next_session_at).min();
            let page = QuestboardPage { items, count, offset: page.offset, limit: page.limit };
            let body = serde_json::to_vec(&page).map(Bytes::from).map_err(ApiError::internal)?;
            Ok(Fresh { body, until })
        })
        .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body))
}
