//! The review endpoints. Feedback is the caller's own (by session); answers are the reviewed GM's; notes are the
//! writing GM's alone; the GM's list of reviews is as public as their profile. A handler checks the input (a bad
//! rating is 400 `invalid_rating`, a text breaking a rule 422 with the field's message: nothing is written), runs
//! one store function in a write transaction and answers the fresh view.

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::accounts::{AccountStatus, Role};
use questline_domain::ids::AccountId;
use questline_domain::reviews::{Rating, parse_answer, parse_note, parse_reason, parse_review_body};
use questline_domain::{DomainError, ErrorCode, FieldError, FieldErrors};
use uuid::Uuid;

use super::dto::{
    AnswerReviewRequest, GmReviewPage, MySessionFeedback, PlayerNote, ReportReviewRequest, Review,
    SessionFeedbackRequest, SetPlayerNoteRequest,
};
use super::queries;
use super::store;
use crate::accounts;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

const TAG: &str = "reviews";

fn field_error(field: &str, error: FieldError) -> ApiError {
    let mut fields = FieldErrors::new();
    fields.insert(field.to_owned(), vec![error]);
    DomainError::invalid_fields(fields).into()
}

/// The rating and the text of a feedback request, checked: a rating outside 1..5 is 400 `invalid_rating` (the
/// contract's), a text breaking a rule 422.
fn feedback_input(request: &SessionFeedbackRequest) -> Result<(Rating, String), ApiError> {
    let rating = Rating::parse(request.rating).map_err(|error| {
        let message = error.message.clone();
        let mut fields = FieldErrors::new();
        fields.insert("rating".to_owned(), vec![error]);
        ApiError::invalid_argument(ErrorCode::InvalidRating, message).with_fields(fields)
    })?;
    let body = parse_review_body(&request.body).map_err(|error| field_error("body", error))?;
    Ok((rating, body))
}

async fn review_view(state: &AppState, row: super::entities::review::Model) -> Result<Json<Review>, ApiError> {
    Ok(Json(queries::view(state.db.conn(), row).await?))
}

/// Whether the caller may give feedback on the session (they took part in it as a player and it is completed),
/// and their feedback if they gave it.
#[utoipa::path(
    get, path = "/sessions/{session_id}/feedback", operation_id = "getMySessionFeedback", tag = TAG,
    params(("session_id" = Uuid, Path, description = "The session")),
    responses(
        (status = 200, description = "Whether you may give feedback, and yours", body = MySessionFeedback),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session (`session_not_found`), or one you have no part in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_my_session_feedback(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> Result<Json<MySessionFeedback>, ApiError> {
    let conn = state.db.conn();
    let eligible = store::eligibility(conn, session_id, user.id()).await?.is_ok();
    let feedback = match queries::of_session_author(conn, session_id, user.id()).await? {
        Some(row) => Some(queries::view(conn, row).await?),
        None => None,
    };
    Ok(Json(MySessionFeedback { eligible, feedback }))
}

/// Rates a session the caller played in and reviews its GM: once per session, once it is completed.
#[utoipa::path(
    post, path = "/sessions/{session_id}/feedback", operation_id = "submitSessionFeedback", tag = TAG,
    params(("session_id" = Uuid, Path, description = "The session")),
    request_body = SessionFeedbackRequest,
    responses(
        (status = 201, description = "Your feedback", body = Review),
        (status = 400, description = "The rating is not 1 to 5 (`invalid_rating`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "You did not take part in this session (`not_a_participant`)", body = ErrorBody),
        (status = 404, description = "No such session (`session_not_found`)", body = ErrorBody),
        (status = 409, description = "The session is not completed yet (`session_not_completed`), or you already gave feedback on it (`feedback_already_submitted`)", body = ErrorBody),
        (status = 422, description = "The review is longer than 2000 characters (`too_long`) or holds control characters (`control_characters`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn submit_session_feedback(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionFeedbackRequest>,
) -> Result<(StatusCode, Json<Review>), ApiError> {
    let (rating, body) = feedback_input(&request)?;
    let me = user.id();
    let row =
        state.write(move |w| Box::pin(async move { store::submit(&w, me, session_id, rating, body).await })).await?;
    Ok((StatusCode::CREATED, review_view(&state, row).await?))
}

/// Changes the caller's rating and review of the session, until 7 days after they gave it.
#[utoipa::path(
    put, path = "/sessions/{session_id}/feedback", operation_id = "updateSessionFeedback", tag = TAG,
    params(("session_id" = Uuid, Path, description = "The session")),
    request_body = SessionFeedbackRequest,
    responses(
        (status = 200, description = "Your feedback, changed", body = Review),
        (status = 400, description = "The rating is not 1 to 5 (`invalid_rating`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session (`session_not_found`), or you gave no feedback on it (`feedback_not_found`)", body = ErrorBody),
        (status = 409, description = "More than 7 days passed since you gave it (`feedback_edit_window_closed`), or it changed at the same time (`stale_version`)", body = ErrorBody),
        (status = 422, description = "The review is longer than 2000 characters (`too_long`) or holds control characters (`control_characters`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_session_feedback(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(session_id): Path<Uuid>,
    Json(request): Json<SessionFeedbackRequest>,
) -> Result<Json<Review>, ApiError> {
    let (rating, body) = feedback_input(&request)?;
    let me = user.id();
    let row =
        state.write(move |w| Box::pin(async move { store::update(&w, me, session_id, rating, body).await })).await?;
    review_view(&state, row).await
}

/// The reviewed GM answers a review publicly, once.
#[utoipa::path(
    post, path = "/reviews/{review_id}/answer", operation_id = "answerReview", tag = TAG,
    params(("review_id" = Uuid, Path, description = "The review")),
    request_body = AnswerReviewRequest,
    responses(
        (status = 200, description = "The review with your answer", body = Review),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "You are not the reviewed game master (`game_master_only`)", body = ErrorBody),
        (status = 404, description = "No such review (`review_not_found`)", body = ErrorBody),
        (status = 409, description = "It is answered already (`review_already_answered`)", body = ErrorBody),
        (status = 422, description = "The answer is blank (`required`), longer than 2000 characters (`too_long`) or holds control characters (`control_characters`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn answer_review(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(review_id): Path<Uuid>,
    Json(request): Json<AnswerReviewRequest>,
) -> Result<Json<Review>, ApiError> {
    let body = parse_answer(&request.body).map_err(|error| field_error("body", error))?;
    let me = user.id();
    let row = state.write(move |w| Box::pin(async move { store::answer(&w, me, review_id, body).await })).await?;
    review_view(&state, row).await
}

/// A GM's reviews, newest first, page by page, with the average and count of all of them; as public as the GM's
/// profile. Reviews an administrator hid are left out of both.
#[utoipa::path(
    get, path = "/accounts/{account_id}/reviews", operation_id = "listGmReviews", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The GM"), PageQuery),
    responses(
        (status = 200, description = "A page of reviews", body = GmReviewPage),
        (status = 400, description = "`offset` or `limit` out of range (`invalid_query_parameter`)", body = ErrorBody),
        (status = 404, description = "No such profile (`profile_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state))]
pub async fn list_gm_reviews(
    State(state): State<AppState>,
    Path(account_id): Path<Uuid>,
    Query(query): Query<PageQuery>,
) -> Result<Json<GmReviewPage>, ApiError> {
    let page = PageRequest::try_from(query)?;
    let conn = state.db.conn();
    // The profile's rule: an erased account has none.
    let gm = accounts::find(conn, account_id)
        .await?
        .filter(|row| row.status() != AccountStatus::Deleted)
        .ok_or_else(|| ApiError::not_found(ErrorCode::ProfileNotFound, "Profile not found"))?;
    let gm = AccountId(gm.id);
    let (rows, count) = queries::of_gm(conn, gm, page).await?;
    let summary = queries::summary(conn, gm).await?;
    Ok(Json(GmReviewPage {
        items: queries::views(conn, rows).await?,
        count,
        offset: page.offset,
        limit: page.limit,
        average: summary.map(|s| s.average),
        rating_count: summary.map_or(0, |s| s.count),
    }))
}

/// The caller's (a GM's) private note about a player who applied to or played in one of their series.
#[utoipa::path(
    get, path = "/players/{player_id}/note", operation_id = "getPlayerNote", tag = TAG,
    params(("player_id" = Uuid, Path, description = "The player")),
    responses(
        (status = 200, description = "Your note (empty when there is none)", body = PlayerNote),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only game masters keep notes (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such player of yours (`player_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_player_note(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(player_id): Path<Uuid>,
) -> Result<Json<PlayerNote>, ApiError> {
    user.require(Role::Gm)?;
    let conn = state.db.conn();
    store::known_player(conn, user.id(), player_id).await?;
    Ok(Json(queries::note_view(player_id, queries::note_of(conn, user.id(), player_id).await?)))
}

/// Sets the caller's (a GM's) private note about a player; an empty body deletes it. Only that GM ever sees it.
#[utoipa::path(
    put, path = "/players/{player_id}/note", operation_id = "setPlayerNote", tag = TAG,
    params(("player_id" = Uuid, Path, description = "The player")),
    request_body = SetPlayerNoteRequest,
    responses(
        (status = 200, description = "Your note", body = PlayerNote),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Only game masters keep notes (`role_required`)", body = ErrorBody),
        (status = 404, description = "No such player of yours (`player_not_found`)", body = ErrorBody),
        (status = 422, description = "The note is longer than 2000 characters (`too_long`) or holds control characters (`control_characters`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn set_player_note(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(player_id): Path<Uuid>,
    Json(request): Json<SetPlayerNoteRequest>,
) -> Result<Json<PlayerNote>, ApiError> {
    user.require(Role::Gm)?;
    let body = parse_note(&request.body).map_err(|error| field_error("body", error))?;
    let me = user.id();
    let row = state.write(move |w| Box::pin(async move { store::set_note(&w, me, player_id, body).await })).await?;
    Ok(Json(queries::note_view(player_id, row)))
}

/// Reports a review to the administrators; reporting it again changes nothing.
#[utoipa::path(
    post, path = "/review-reports", operation_id = "reportReview", tag = TAG,
    request_body = ReportReviewRequest,
    responses(
        (status = 204, description = "Reported"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such review (`review_not_found`)", body = ErrorBody),
        (status = 409, description = "It is your own review (`cannot_report_yourself`)", body = ErrorBody),
        (status = 422, description = "The reason is blank (`required`), longer than 500 characters (`too_long`) or holds control characters (`control_characters`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn report_review(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<ReportReviewRequest>,
) -> Result<StatusCode, ApiError> {
    let reason = parse_reason(&request.reason).map_err(|error| field_error("reason", error))?;
    let (me, review_id) = (user.id(), request.review_id);
    state.write(move |w| Box::pin(async move { store::report(&w, me, review_id, reason).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}
