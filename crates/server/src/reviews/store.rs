//! The writes of reviews, each run inside `AppState::write` by its handler: the rules are the domain's
//! (`questline_domain::reviews`); what needs the database (the session and the caller's part in it, the stored
//! review, whether a player is known to a GM) is checked here, in the same transaction as the write and its event.

use questline_domain::ids::{AccountId, SessionId};
use questline_domain::reviews::{Rating, is_editable, may_give_feedback};
use questline_domain::{ErrorCode, ErrorType};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use uuid::Uuid;

use super::entities::{note, report, review};
use super::{events, queries};
use crate::db::unique;
use crate::error::{ApiError, on_unique_violation};
use crate::state::Write;
use crate::{accounts, applications, series, sessions};

pub fn session_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SessionNotFound, "Session not found")
}

pub fn review_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ReviewNotFound, "Review not found")
}

pub fn feedback_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::FeedbackNotFound, "You have not given feedback on this session")
}

pub fn player_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::PlayerNotFound, "No such player has applied to or played in one of your series")
}

fn already_submitted() -> ApiError {
    ApiError::conflict(ErrorCode::FeedbackAlreadySubmitted, "You have already given feedback on this session")
}

fn refused(refusal: questline_domain::reviews::FeedbackRefusal) -> ApiError {
    use questline_domain::reviews::FeedbackRefusal;
    let kind = match refusal {
        FeedbackRefusal::NotAParticipant => ErrorType::Forbidden,
        FeedbackRefusal::SessionNotCompleted => ErrorType::UnexpectedState,
    };
    ApiError::new(kind, refusal.code(), refusal.message())
}

/// Whether `me` may give feedback on the session: `Err` 404 for no such session or one `me` has nothing to do with,
/// `Ok(Err(refusal))` when they may
/// not, `Ok(Ok(facts))` when they may.
pub async fn eligibility(
    conn: &impl ConnectionTrait,
    session: Uuid,
    me: AccountId,
) -> Result<Result<sessions::FeedbackFacts, ApiError>, ApiError> {
    let facts = sessions::feedback_facts(conn, SessionId(session), me).await?.ok_or_else(session_not_found)?;
    // A stranger (never in the session, not its GM) learns nothing, not even that the session exists (issue 31).
    if facts.participation.is_none() && facts.gm_id != me {
        return Err(session_not_found());
    }
    Ok(may_give_feedback(facts.status, facts.participation).map(|()| facts).map_err(refused))
}

/// `me` rates the session and reviews its GM: only a player who took part, once the session is completed, once.
pub async fn submit(
    w: &Write<'_>,
    me: AccountId,
    session: Uuid,
    rating: Rating,
    body: String,
) -> Result<review::Model, ApiError> {
    let facts = eligibility(w.txn, session, me).await??;
    if queries::of_session_author(w.txn, session, me).await?.is_some() {
        return Err(already_submitted());
    }
    let id = Uuid::now_v7();
    review::Entity::insert(review::ActiveModel {
        id: Set(id),
        session_id: Set(session),
        series_id: Set(facts.series_id),
        gm_id: Set(facts.gm_id.as_uuid()),
        author_id: Set(me.as_uuid()),
        rating: Set(i32::from(rating.get())),
        body: Set(body),
        answer_body: Set(None),
        answered_at: Set(None),
        hidden_at: Set(None),
        created_at: Set(w.now),
        updated_at: Set(w.now),
        version: Set(1),
    })
    .exec_without_returning(w.txn)
    .await
    // Two submits racing (two tabs): the unique (session, author) index lets one through.
    .map_err(|error| on_unique_violation(error, &unique::REVIEW_PER_AUTHOR, already_submitted))?;
    let author_name = accounts::display_names(w.txn, &[me.as_uuid()]).await?.remove(&me.as_uuid()).unwrap_or_default();
    let series_title = series::names(w.txn, &[facts.series_id])
        .await?
        .remove(&facts.series_id)
        .map(|(_, title)| title)
        .unwrap_or_default();
    w.record(events::review_created(id, facts.gm_id, me, &author_name, &series_title, session, rating.get())).await?;
    queries::by_id(w.txn, id).await?.ok_or_else(review_not_found)
}

/// `me` changes their rating and review of the session, within 7 days of writing it.
pub async fn update(
    w: &Write<'_>,
    me: AccountId,
    session: Uuid,
    rating: Rating,
    body: String,
) -> Result<review::Model, ApiError> {
    sessions::feedback_facts(w.txn, SessionId(session), me).await?.ok_or_else(session_not_found)?;
    let row = queries::of_session_author(w.txn, session, me).await?.ok_or_else(feedback_not_found)?;
    if !is_editable(row.created_at, w.now) {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::FeedbackEditWindowClosed,
            "Feedback can be edited for 7 days after it was given",
        ));
    }
    let result = review::Entity::update_many()
        .col_expr(review::Column::Rating, Expr::value(i32::from(rating.get())))
        .col_expr(review::Column::Body, Expr::value(body))
        .col_expr(review::Column::UpdatedAt, Expr::value(w.now))
        .col_expr(review::Column::Version, Expr::col(review::Column::Version).add(1))
        .filter(review::Column::Id.eq(row.id))
        .filter(review::Column::Version.eq(row.version))
        .exec(w.txn)
        .await?;
    if result.rows_affected != 1 {
        return Err(ApiError::stale_version());
    }
    w.record(events::review_updated(row.id, AccountId(row.gm_id), me)).await?;
    queries::by_id(w.txn, row.id).await?.ok_or_else(review_not_found)
}

/// A review anyone but its author may see: hidden ones are the author's alone.
async fn visible(conn: &impl ConnectionTrait, id: Uuid, me: AccountId) -> Result<review::Model, ApiError> {
    queries::by_id(conn, id)
        .await?
        .filter(|row| row.hidden_at.is_none() || row.author_id == me.as_uuid())
        .ok_or_else(review_not_found)
}

/// The reviewed GM answers the review publicly, once. `updated_at` stays: it is the author's last change, which
/// the web shows as "edited".
pub async fn answer(w: &Write<'_>, me: AccountId, id: Uuid, body: String) -> Result<review::Model, ApiError> {
    let row = visible(w.txn, id, me).await?;
    if row.gm_id != me.as_uuid() {
        return Err(ApiError::forbidden(
            ErrorCode::GameMasterOnly,
            "Only the reviewed game master can answer this review",
        ));
    }
    let answered = || ApiError::conflict(ErrorCode::ReviewAlreadyAnswered, "This review already has your answer");
    if row.answer_body.is_some() {
        return Err(answered());
    }
    // The condition makes a second answer racing the first touch nothing.
    let result = review::Entity::update_many()
        .col_expr(review::Column::AnswerBody, Expr::value(body))
        .col_expr(review::Column::AnsweredAt, Expr::value(w.now))
        .col_expr(review::Column::Version, Expr::col(review::Column::Version).add(1))
        .filter(review::Column::Id.eq(row.id))
        .filter(review::Column::AnswerBody.is_null())
        .exec(w.txn)
        .await?;
    if result.rows_affected != 1 {
        return Err(answered());
    }
    w.record(events::review_updated(row.id, me, AccountId(row.author_id))).await?;
    queries::by_id(w.txn, row.id).await?.ok_or_else(review_not_found)
}

/// Whether `player` is someone the GM may keep a note about: they applied to (or played in) one of the GM's series.
pub async fn known_player(conn: &impl ConnectionTrait, gm: AccountId, player: Uuid) -> Result<(), ApiError> {
    if applications::has_applied_to_gm(conn, gm, AccountId(player)).await? { Ok(()) } else { Err(player_not_found()) }
}

/// The GM's private note about the player becomes `body`; `None` deletes it.
pub async fn set_note(
    w: &Write<'_>,
    gm: AccountId,
    player: Uuid,
    body: Option<String>,
) -> Result<Option<note::Model>, ApiError> {
    known_player(w.txn, gm, player).await?;
    let Some(body) = body else {
        note::Entity::delete_many()
            .filter(note::Column::GmId.eq(gm.as_uuid()))
            .filter(note::Column::PlayerId.eq(player))
            .exec(w.txn)
            .await?;
        return Ok(None);
    };
    note::Entity::insert(note::ActiveModel {
        gm_id: Set(gm.as_uuid()),
        player_id: Set(player),
        body: Set(body),
        created_at: Set(w.now),
        updated_at: Set(w.now),
    })
    .on_conflict(
        OnConflict::columns([note::Column::GmId, note::Column::PlayerId])
            .update_columns([note::Column::Body, note::Column::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(w.txn)
    .await?;
    Ok(queries::note_of(w.txn, gm, player).await?)
}

/// `me` reports a review they can see (not their own); a repeat is the same report.
pub async fn report(w: &Write<'_>, me: AccountId, id: Uuid, reason: String) -> Result<(), ApiError> {
    let row = visible(w.txn, id, me).await?;
    if row.author_id == me.as_uuid() {
        return Err(ApiError::new(
            ErrorType::NotAllowed,
            ErrorCode::CannotReportYourself,
            "You cannot report your own review",
        ));
    }
    report::Entity::insert(report::ActiveModel {
        id: Set(Uuid::now_v7()),
        review_id: Set(row.id),
        reporter_id: Set(me.as_uuid()),
        reason: Set(reason),
        created_at: Set(w.now),
    })
    .on_conflict(OnConflict::columns([report::Column::ReviewId, report::Column::ReporterId]).do_nothing().to_owned())
    .exec_without_returning(w.txn)
    .await?;
    Ok(())
}

/// An administrator hides a review (`hidden`) or shows it again; `false` when it already was so.
pub async fn set_hidden(
    txn: &sea_orm::DatabaseTransaction,
    bus: &crate::events::EventBus,
    id: Uuid,
    hidden: bool,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Option<bool>, DbErr> {
    let Some(row) = queries::by_id(txn, id).await? else { return Ok(None) };
    if row.hidden_at.is_some() == hidden {
        return Ok(Some(false));
    }
    review::Entity::update_many()
        .col_expr(review::Column::HiddenAt, Expr::value(hidden.then_some(now)))
        .col_expr(review::Column::Version, Expr::col(review::Column::Version).add(1))
        .filter(review::Column::Id.eq(id))
        .exec(txn)
        .await?;
    bus.record(txn, events::review_updated(id, AccountId(row.gm_id), AccountId(row.author_id))).await?;
    Ok(Some(true))
}

/// Account hook: the private notes a GM kept about an erased account, and an erased GM's notes, go (they are
/// personal data about someone); the account's reviews stay, signed "Deleted user", as do its reports.
pub async fn erase_notes(conn: &impl ConnectionTrait, account: AccountId) -> Result<(), DbErr> {
    note::Entity::delete_many()
        .filter(
            sea_orm::Condition::any()
                .add(note::Column::GmId.eq(account.as_uuid()))
                .add(note::Column::PlayerId.eq(account.as_uuid())),
        )
        .exec(conn)
        .await?;
    Ok(())
}
