//! The session endpoints. Every one needs a signed-in user. The series' GM creates a session, changes its schedule,
//! moves its status, invites and removes players and deletes it; a player with a participant row confirms, rejects,
//! marks ready and leaves. Anyone else gets "not found". A handler turns the request into its command
//! (`commands.rs`), runs the store function in one write transaction and answers the fresh view.

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::ids::{AccountId, SessionId};
use questline_domain::sessions::{ParticipantMove, SessionMove};
use uuid::Uuid;

use super::commands::{Invite, NewSession, Note, ScheduleInput};

use super::dto::{
    AddSessionParticipantsRequest, CreateSessionRequest, GmSession, GmSessionPage, GmSessionsQuery, PlayerSession,
    PlayerSessionPage, PlayerSessionsQuery, SessionMessageRequest, UpdateSessionScheduleRequest,
};
use super::entities::session;
use super::queries;
use super::store::{self, session_not_found};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

const TAG: &str = "sessions";

fn lead(state: &AppState) -> i64 {
    i64::from(state.config.preparation_lead_minutes)
}

async fn gm_answer(state: &AppState, row: session::Model) -> Result<Json<GmSession>, ApiError> {
    Ok(Json(queries::gm_view(state.db.conn(), row, lead(state), state.clock.now()).await?))
}

async fn player_answer(
    state: &AppState,
    row: session::Model,
    player: AccountId,
) -> Result<Json<PlayerSession>, ApiError> {
    let view = queries::player_view(state.db.conn(), row, player, lead(state)).await?;
    Ok(Json(view.ok_or_else(session_not_found)?))
}

/// Creates a session of one of your active series, in planning, with the chosen accepted players invited.
#[utoipa::path(
    post, path = "/sessions", operation_id = "createSession", tag = TAG,
    request_body = CreateSessionRequest,
    responses(
        (status = 201, description = "Created (planning)", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such series of yours (`series_not_found`)", body = ErrorBody),
        (status = 409, description = "The series is not active (`series_must_be_active`) or has no pricing (`series_must_have_pricing`)", body = ErrorBody),
        (status = 422, description = "Field rules: `participant_ids` (`required`, `not_accepted`, `too_many`), `schedule.scheduled_start_datetime` (`required`, `too_soon`), `schedule.scheduled_duration_minutes` (`required`, `too_short`, `too_long`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn create_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<CreateSessionRequest>,
) -> Result<(StatusCode, Json<GmSession>), ApiError> {
    let (gm, new) = (user.id(), NewSession::from(request));
    let row = state.write(move |w| Box::pin(async move { store::create(&w, gm, new).await })).await?;
    Ok((StatusCode::CREATED, gm_answer(&state, row).await?))
}

/// Your sessions as a GM: upcoming first (soonest first), then past (latest first); optionally of one series and
/// one status.
#[utoipa::path(
    get, path = "/gm/sessions", operation_id = "listGmSessions", tag = TAG,
    params(GmSessionsQuery),
    responses(
        (status = 200, description = "A page of your sessions", body = GmSessionPage),
        (status = 400, description = "Bad offset, limit, series id or status (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_gm_sessions(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<GmSessionsQuery>,
) -> Result<Json<GmSessionPage>, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    let (items, count) = queries::list_of_gm(state.db.conn(), user.id(), query.series_id, query.status, page).await?;
    Ok(Json(GmSessionPage { items, count, offset: page.offset, limit: page.limit }))
}

/// One of your sessions as its GM: participants, payments, history and the actions allowed now.
#[utoipa::path(
    get, path = "/gm/sessions/{session_id}", operation_id = "getGmSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "The session")),
    responses(
        (status = 200, description = "The session", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_gm_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    let row = queries::by_id(state.db.conn(), session_id)
        .await?
        .filter(|row| row.game_master_id == user.id().as_uuid())
        .ok_or_else(session_not_found)?;
    gm_answer(&state, row).await
}

/// Changes the date and length of a session in planning.
#[utoipa::path(
    put, path = "/sessions/{session_id}/schedule", operation_id = "updateSessionSchedule", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    request_body = UpdateSessionScheduleRequest,
    responses(
        (status = 200, description = "Rescheduled", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Completed or cancelled (`session_completed_or_cancelled`), or not in planning (`session_not_in_planning`)", body = ErrorBody),
        (status = 422, description = "Less than 15 minutes ahead (`session_too_soon`), or the field rules of the schedule", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_session_schedule(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<UpdateSessionScheduleRequest>,
) -> Result<Json<GmSession>, ApiError> {
    let (gm, id, schedule) = (user.id(), SessionId(session_id), ScheduleInput::from(request));
    let row = state.write(move |w| Box::pin(async move { store::update_schedule(&w, gm, id, schedule).await })).await?;
    gm_answer(&state, row).await
}

async fn gm_move(
    state: AppState,
    user: CurrentUser,
    session_id: Uuid,
    move_: SessionMove,
    note: Note,
) -> Result<Json<GmSession>, ApiError> {
    let (gm, lead, id) = (user.id(), lead(&state), SessionId(session_id));
    let row =
        state.write(move |w| Box::pin(async move { store::gm_move(&w, gm, id, move_, lead, note).await })).await?;
    gm_answer(&state, row).await
}

/// Change schedule: back to planning from scheduled or any preparing status; confirmations reset to invited, payments are kept.
#[utoipa::path(
    post, path = "/sessions/{session_id}/start-planning", operation_id = "startSessionPlanning", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "Back in planning", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn start_session_planning(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::StartPlanning, Note::default()).await
}

/// Fixes the schedule: planning → scheduled; the invited players are asked to confirm or reject the date.
#[utoipa::path(
    post, path = "/sessions/{session_id}/fix-schedule", operation_id = "fixSessionSchedule", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "Scheduled", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn fix_session_schedule(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::FixSchedule, Note::default()).await
}

/// Starts preparation once the preparation lead before the start is reached: scheduled → waiting for players (then the automatic moves); a paid series gets one payment per confirmed participant.
#[utoipa::path(
    post, path = "/sessions/{session_id}/start-preparation", operation_id = "startSessionPreparation", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "Preparing", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`), or before start − the preparation lead (`preparation_not_open`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn start_session_preparation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::StartPreparation, Note::default()).await
}

/// Starts a session that is ready to start (also before its time): ready (and paid) participants play, the others are no-shows.
#[utoipa::path(
    post, path = "/sessions/{session_id}/start", operation_id = "startSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "In progress", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn start_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::Start, Note::default()).await
}

/// Completes a session in progress (irreversible): its players participated fully.
#[utoipa::path(
    post, path = "/sessions/{session_id}/complete", operation_id = "completeSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "Completed", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn complete_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::Complete, Note::default()).await
}

/// Stops a session in progress early.
#[utoipa::path(
    post, path = "/sessions/{session_id}/stop-early", operation_id = "stopSessionEarly", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 200, description = "Stopped early", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The move is not allowed in its status (`session_transition_not_allowed`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn stop_session_early(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<GmSession>, ApiError> {
    gm_move(state, user, session_id, SessionMove::StopEarly, Note::default()).await
}

/// Cancels a session that has not started, with an optional message to the players (completed payments are
/// refunded by the commerce issue).
#[utoipa::path(
    post, path = "/sessions/{session_id}/cancel", operation_id = "cancelSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Cancelled", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Already started or over (`session_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn cancel_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<GmSession>, ApiError> {
    let note = Note::try_from(request)?;
    gm_move(state, user, session_id, SessionMove::Cancel, note).await
}

/// Deletes a session in planning that has no payments.
#[utoipa::path(
    delete, path = "/sessions/{session_id}", operation_id = "deleteSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Not in planning (`session_transition_not_allowed`), or it has payments (`session_has_payments`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn delete_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    let (gm, id) = (user.id(), SessionId(session_id));
    state.write(move |w| Box::pin(async move { store::delete(&w, gm, id).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Invites more accepted players of the series (before the start).
#[utoipa::path(
    post, path = "/sessions/{session_id}/participants", operation_id = "addSessionParticipants", tag = TAG,
    params(("session_id" = Uuid, Path, description = "One of your sessions")),
    request_body = AddSessionParticipantsRequest,
    responses(
        (status = 200, description = "Invited", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The session has started or is over (`session_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "`player_ids`: `required`, `not_accepted`, `already_participant`", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn add_session_participants(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<AddSessionParticipantsRequest>,
) -> Result<Json<GmSession>, ApiError> {
    let (gm, id, invite) = (user.id(), SessionId(session_id), Invite::from(request));
    let row = state.write(move |w| Box::pin(async move { store::add_participants(&w, gm, id, invite).await })).await?;
    gm_answer(&state, row).await
}

/// Removes a participant before the start, with an optional message to them.
#[utoipa::path(
    post, path = "/sessions/{session_id}/participants/{player_id}/remove", operation_id = "removeSessionParticipant", tag = TAG,
    params(
        ("session_id" = Uuid, Path, description = "One of your sessions"),
        ("player_id" = Uuid, Path, description = "The participant's account"),
    ),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Removed", body = GmSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours, or no such participant (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The participant cannot be removed now (`participation_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn remove_session_participant(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((session_id, player_id)): Path<(Uuid, Uuid)>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<GmSession>, ApiError> {
    let note = Note::try_from(request)?;
    let (gm, id, player) = (user.id(), SessionId(session_id), AccountId(player_id));
    let row = state
        .write(move |w| Box::pin(async move { store::remove_participant(&w, gm, id, player, note).await }))
        .await?;
    gm_answer(&state, row).await
}

/// Your sessions as a player: upcoming first (soonest first), then past (latest first); optionally of one status.
#[utoipa::path(
    get, path = "/my-sessions", operation_id = "listPlayerSessions", tag = TAG,
    params(PlayerSessionsQuery),
    responses(
        (status = 200, description = "A page of your sessions", body = PlayerSessionPage),
        (status = 400, description = "Bad offset, limit or status (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_player_sessions(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PlayerSessionsQuery>,
) -> Result<Json<PlayerSessionPage>, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    let (items, count) = queries::list_of_player(state.db.conn(), user.id(), query.status, page).await?;
    Ok(Json(PlayerSessionPage { items, count, offset: page.offset, limit: page.limit }))
}

/// One session you are (or were) a participant of.
#[utoipa::path(
    get, path = "/my-sessions/{session_id}", operation_id = "getPlayerSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "The session")),
    responses(
        (status = 200, description = "The session", body = PlayerSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_player_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<PlayerSession>, ApiError> {
    let row = queries::by_id(state.db.conn(), session_id).await?.ok_or_else(session_not_found)?;
    player_answer(&state, row, user.id()).await
}

async fn player_move(
    state: AppState,
    user: CurrentUser,
    session_id: Uuid,
    move_: ParticipantMove,
    request: SessionMessageRequest,
) -> Result<Json<PlayerSession>, ApiError> {
    let note = Note::try_from(request)?;
    let (player, id) = (user.id(), SessionId(session_id));
    let row =
        state.write(move |w| Box::pin(async move { store::player_move(&w, player, id, move_, note).await })).await?;
    player_answer(&state, row, player).await
}

/// Confirms your participation (invited → confirmed, irreversible), with an optional message to the GM: takes a seat.
#[utoipa::path(
    post, path = "/sessions/{session_id}/confirm", operation_id = "confirmParticipation", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you are invited to")),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Confirmed", body = PlayerSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Not invited, or the date is not fixed (`participation_transition_not_allowed`); every seat taken (`session_full`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn confirm_participation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<PlayerSession>, ApiError> {
    player_move(state, user, session_id, ParticipantMove::Confirm, request).await
}

/// Rejects the session's date (invited → rejected, irreversible), with an optional message to the GM.
#[utoipa::path(
    post, path = "/sessions/{session_id}/reject", operation_id = "rejectParticipation", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you are invited to")),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Rejected", body = PlayerSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Not invited, or the date is not fixed (`participation_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn reject_participation(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<PlayerSession>, ApiError> {
    player_move(state, user, session_id, ParticipantMove::Reject, request).await
}

/// Marks you ready (confirmed → ready), with an optional message to the GM.
#[utoipa::path(
    post, path = "/sessions/{session_id}/ready", operation_id = "markReady", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you are invited to")),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Ready", body = PlayerSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Not confirmed, or the session has started (`participation_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn mark_ready(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<PlayerSession>, ApiError> {
    player_move(state, user, session_id, ParticipantMove::Ready, request).await
}

/// Leaves the session: before the start your seat is freed (cancelled); while it runs you left early.
#[utoipa::path(
    post, path = "/sessions/{session_id}/leave", operation_id = "leaveSession", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you are invited to")),
    request_body = SessionMessageRequest,
    responses(
        (status = 200, description = "Left", body = PlayerSession),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "Nothing to leave (`participation_transition_not_allowed`)", body = ErrorBody),
        (status = 422, description = "The message is longer than 1000 characters or holds control characters (`message`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn leave_session(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionMessageRequest>,
) -> Result<Json<PlayerSession>, ApiError> {
    player_move(state, user, session_id, ParticipantMove::Leave, request).await
}
