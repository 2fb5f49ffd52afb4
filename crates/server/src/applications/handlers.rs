//! The application endpoints. Every one needs a signed-in user; the applicant applies, cancels and reopens, the
//! series' GM accepts, rejects and removes. A handler turns the request into its command (`commands.rs`), counts applying against the hourly
//! limit, runs the store function in one write transaction and answers the fresh view.

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::applications::ApplicationMove;
use questline_domain::ids::{AccountId, ApplicationId, SeriesId};
use uuid::Uuid;

use super::commands::{Apply, Note};

use super::dto::{
    ApplicationMessageRequest, ApplyToSeriesRequest, SeriesApplication, SeriesApplicationPage, SeriesApplicationsQuery,
};
use super::queries;
use super::store::{self, application_not_found};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::series::SeriesPage;
use crate::state::AppState;

const TAG: &str = "applications";
/// The name of applying in the per-account rate limit.
const APPLY: &str = "apply";

/// Applying (and reopening) is limited per player and hour, so nobody floods a GM: refused at the limit, counted
/// once done (a refusal for another reason, such as an unknown series, costs nothing). Two requests at once may
/// both pass the check at the limit's edge; the limit is about floods, not exact counts.
fn may_apply(state: &AppState, player: AccountId) -> Result<(), ApiError> {
    state.auth.limits.account_action(APPLY, player.as_uuid(), state.config.applications_per_hour)
}

fn applied(state: &AppState, player: AccountId) {
    state.auth.limits.account_action_done(APPLY, player.as_uuid());
}

async fn answer(
    state: &AppState,
    row: super::entities::application::Model,
) -> Result<Json<SeriesApplication>, ApiError> {
    Ok(Json(queries::view(state.db.conn(), &state.hooks.players, row).await?))
}

/// Applies to a series with an optional message; applying again after a cancelled or rejected application
/// reopens that application.
#[utoipa::path(
    post, path = "/series-applications", operation_id = "applyToSeries", tag = TAG,
    request_body = ApplyToSeriesRequest,
    responses(
        (status = 201, description = "Applied (pending)", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such series, or a draft (`series_not_found`)", body = ErrorBody),
        (status = 409, description = "Refused: `recruitment_closed`, `own_series`, `series_full`, `too_young`, `birthdate_required` (`not_allowed`), or `already_applied` (`conflict`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
        (status = 429, description = "Too many applications this hour (`rate_limited`, `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn apply_to_series(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<ApplyToSeriesRequest>,
) -> Result<(StatusCode, Json<SeriesApplication>), ApiError> {
    let command = Apply::try_from(request)?;
    let player = user.id();
    may_apply(&state, player)?;
    let row = state.write(move |w| Box::pin(async move { store::apply(&w, player, command).await })).await?;
    applied(&state, player);
    Ok((StatusCode::CREATED, answer(&state, row).await?))
}

/// One application: only its player and the series' GM may read it.
#[utoipa::path(
    get, path = "/series-applications/{application_id}", operation_id = "getSeriesApplication", tag = TAG,
    params(("application_id" = Uuid, Path, description = "The application")),
    responses(
        (status = 200, description = "The application with its history", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such application of yours or to your series (`series_application_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_series_application(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(application_id): Path<Uuid>,
) -> Result<Json<SeriesApplication>, ApiError> {
    let caller = user.id().as_uuid();
    let row = queries::by_id(state.db.conn(), ApplicationId(application_id))
        .await?
        .filter(|row| row.player_id == caller || row.gm_id == caller)
        .ok_or_else(application_not_found)?;
    answer(&state, row).await
}

async fn make_move(
    state: AppState,
    user: CurrentUser,
    application_id: Uuid,
    move_: ApplicationMove,
    request: ApplicationMessageRequest,
) -> Result<Json<SeriesApplication>, ApiError> {
    let note = Note::try_from(request)?;
    let application_id = ApplicationId(application_id);
    let caller = user.id();
    let limited = move_ == ApplicationMove::Reopen;
    if limited {
        may_apply(&state, caller)?;
    }
    let row = state
        .write(move |w| Box::pin(async move { store::make_move(&w, caller, application_id, move_, note).await }))
        .await?;
    if limited {
        applied(&state, caller);
    }
    answer(&state, row).await
}

/// The player cancels their pending or accepted application (an accepted one gives its seat back).
#[utoipa::path(
    post, path = "/series-applications/{application_id}/cancel", operation_id = "cancelSeriesApplication", tag = TAG,
    params(("application_id" = Uuid, Path, description = "The application")),
    request_body = ApplicationMessageRequest,
    responses(
        (status = 200, description = "Cancelled", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only the player who applied may cancel (`applicant_only`)", body = ErrorBody),
        (status = 404, description = "No such application of yours or to your series (`series_application_not_found`)", body = ErrorBody),
        (status = 409, description = "Not pending or accepted (`application_state`), or changed meanwhile (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn cancel_series_application(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(application_id): Path<Uuid>,
    Json(request): Json<ApplicationMessageRequest>,
) -> Result<Json<SeriesApplication>, ApiError> {
    make_move(state, user, application_id, ApplicationMove::Cancel, request).await
}

/// The player reopens their cancelled or rejected application: pending again, if the series still recruits, has
/// a free seat and the player is old enough.
#[utoipa::path(
    post, path = "/series-applications/{application_id}/reopen", operation_id = "reopenSeriesApplication", tag = TAG,
    params(("application_id" = Uuid, Path, description = "The application")),
    request_body = ApplicationMessageRequest,
    responses(
        (status = 200, description = "Pending again", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only the player who applied may reopen (`applicant_only`)", body = ErrorBody),
        (status = 404, description = "No such application of yours or to your series (`series_application_not_found`)", body = ErrorBody),
        (status = 409, description = "Not cancelled or rejected (`application_state`), `recruitment_closed`, `series_full`, `too_young`, `birthdate_required`, or changed meanwhile (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
        (status = 429, description = "Too many applications this hour (`rate_limited`, `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn reopen_series_application(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(application_id): Path<Uuid>,
    Json(request): Json<ApplicationMessageRequest>,
) -> Result<Json<SeriesApplication>, ApiError> {
    make_move(state, user, application_id, ApplicationMove::Reopen, request).await
}

/// The series' GM accepts a pending application with an optional reply: the player takes a seat.
#[utoipa::path(
    post, path = "/series-applications/{application_id}/accept", operation_id = "acceptSeriesApplication", tag = TAG,
    params(("application_id" = Uuid, Path, description = "The application")),
    request_body = ApplicationMessageRequest,
    responses(
        (status = 200, description = "Accepted", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only the series' game master may accept (`game_master_only`)", body = ErrorBody),
        (status = 404, description = "No such application of yours or to your series (`series_application_not_found`)", body = ErrorBody),
        (status = 409, description = "Not pending (`application_state`), every seat taken (`series_full`), or changed meanwhile (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn accept_series_application(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(application_id): Path<Uuid>,
    Json(request): Json<ApplicationMessageRequest>,
) -> Result<Json<SeriesApplication>, ApiError> {
    make_move(state, user, application_id, ApplicationMove::Accept, request).await
}

/// The series' GM rejects a pending application with an optional reply.
#[utoipa::path(
    post, path = "/series-applications/{application_id}/reject", operation_id = "rejectSeriesApplication", tag = TAG,
    params(("application_id" = Uuid, Path, description = "The application")),
    request_body = ApplicationMessageRequest,
    responses(
        (status = 200, description = "Rejected", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only the series' game master may reject (`game_master_only`)", body = ErrorBody),
        (status = 404, description = "No such application of yours or to your series (`series_application_not_found`)", body = ErrorBody),
        (status = 409, description = "Not pending (`application_state`), or changed meanwhile (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn reject_series_application(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(application_id): Path<Uuid>,
    Json(request): Json<ApplicationMessageRequest>,
) -> Result<Json<SeriesApplication>, ApiError> {
    make_move(state, user, application_id, ApplicationMove::Reject, request).await
}

/// The series' GM removes an accepted player, with an optional message: the application becomes rejected
/// (history "removed") and the seat is free again.
#[utoipa::path(
    post, path = "/series/{series_id}/players/{player_id}/remove", operation_id = "removeSeriesPlayer", tag = TAG,
    params(
        ("series_id" = Uuid, Path, description = "One of your series"),
        ("player_id" = Uuid, Path, description = "The player's account"),
    ),
    request_body = ApplicationMessageRequest,
    responses(
        (status = 200, description = "Removed", body = SeriesApplication),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`), or the player never applied (`series_application_not_found`)", body = ErrorBody),
        (status = 409, description = "The player is not accepted (`application_state`), or it changed meanwhile (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn remove_series_player(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((series_id, player_id)): Path<(Uuid, Uuid)>,
    Json(request): Json<ApplicationMessageRequest>,
) -> Result<Json<SeriesApplication>, ApiError> {
    let note = Note::try_from(request)?;
    let (gm, series, player) = (user.id(), SeriesId(series_id), AccountId(player_id));
    let row =
        state.write(move |w| Box::pin(async move { store::remove_player(&w, gm, series, player, note).await })).await?;
    answer(&state, row).await
}

/// The signed-in player's applications, most recently changed first.
#[utoipa::path(
    get, path = "/series-applications", operation_id = "listMyApplications", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your applications", body = SeriesApplicationPage),
        (status = 400, description = "Bad offset or limit (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_my_applications(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<SeriesApplicationPage>, ApiError> {
    let page = PageRequest::try_from(query)?;
    let (items, count) = queries::list_of_player(state.db.conn(), &state.hooks.players, user.id(), page).await?;
    Ok(Json(SeriesApplicationPage { items, count, offset: page.offset, limit: page.limit }))
}

/// The series where the signed-in player's application is accepted, most recently changed first.
#[utoipa::path(
    get, path = "/my-games", operation_id = "listMyGames", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the series you play in", body = SeriesPage),
        (status = 400, description = "Bad offset or limit (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_my_games(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<SeriesPage>, ApiError> {
    let page = PageRequest::try_from(query)?;
    let joined = queries::joined_series(user.id());
    let (items, count) = crate::series::list_joined(state.db.conn(), joined, page, state.clock.now()).await?;
    Ok(Json(SeriesPage { items, count, offset: page.offset, limit: page.limit }))
}

/// Applications to the signed-in GM's series: pending first, then most recently changed; optionally of one
/// series and one status.
#[utoipa::path(
    get, path = "/gm/series-applications", operation_id = "listSeriesApplications", tag = TAG,
    params(SeriesApplicationsQuery),
    responses(
        (status = 200, description = "A page of applications to your series", body = SeriesApplicationPage),
        (status = 400, description = "Bad offset, limit, series id or status (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_series_applications(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<SeriesApplicationsQuery>,
) -> Result<Json<SeriesApplicationPage>, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    let (items, count) =
        queries::list_of_gm(state.db.conn(), &state.hooks.players, user.id(), query.series_id, query.status, page)
            .await?;
    Ok(Json(SeriesApplicationPage { items, count, offset: page.offset, limit: page.limit }))
}
