//! The writes of sessions, each run inside one write transaction: it first locks the session's row (an `UPDATE`
//! that bumps its version, so concurrent writes to one session run one after the other on both databases and each
//! reads the counts the others committed), asks the domain's state machines what the move does
//! (`questline_domain::sessions`), writes the participants, the seat count (a conditional `UPDATE`, so seats never
//! over-fill), the payments and the history, applies the automatic moves the change completes, and records the
//! event for the GM and every participant.

use chrono::{DateTime, Duration, Utc};
use questline_domain::commerce::OrderId;
use questline_domain::commerce::refunds::{self, RefundReason};
use questline_domain::ids::{AccountId, SeriesId, SessionId};
use questline_domain::notifications::{NotificationKind, NotificationParams, Reminder};
use questline_domain::series::LifecycleStatus;
use questline_domain::sessions::{
    self, ParticipantMove, ParticipantStatus, PaymentStatus, Refusal, Schedule, SessionEventKind, SessionMove,
    SessionStatus,
};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict, Query};
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::commands::{Invite, NewSession, Note, ScheduleInput};
use super::entities::{event, participant, payment, session};
use super::{events, queries};
use crate::applications;
use crate::error::ApiError;
use crate::events::{Audience, Event, Notice};
use crate::jobs::{self, Job, kinds};
use crate::series::{self, SessionSeriesFacts};
use crate::state::Write;

/// The job that cancels a session still not in progress an hour after its scheduled start.
pub const ABANDON: &str = "sessions.abandon";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AbandonPayload {
    pub session_id: Uuid,
}

/// The job that reminds a session's GM and players of it, 24 hours or 1 hour before its start.
pub const REMIND: &str = "sessions.remind";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RemindPayload {
    pub session_id: Uuid,
    /// The start the reminder was computed for: a session moved since reminds nobody from this job.
    pub start: DateTime<Utc>,
    pub reminder: Reminder,
}

pub fn session_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SessionNotFound, "Session not found")
}

pub fn series_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesNotFound, "Series not found")
}

fn refused(refusal: Refusal) -> ApiError {
    DomainError::from(refusal).into()
}

fn field_errors(fields: FieldErrors) -> ApiError {
    DomainError::invalid_fields(fields).into()
}

/// The transaction and the time of one write: hooks and jobs have no `Write`, only these.
#[derive(Clone, Copy)]
pub struct Tx<'c> {
    pub txn: &'c DatabaseTransaction,
    pub now: DateTime<Utc>,
}

impl<'c> From<&Write<'c>> for Tx<'c> {
    fn from(w: &Write<'c>) -> Self {
        Tx { txn: w.txn, now: w.now }
    }
}

/// Locks the session's row for this write and reads it; `None` when there is no such session.
async fn lock(tx: Tx<'_>, id: Uuid) -> Result<Option<session::Model>, DbErr> {
    lock_where(tx, session::Column::Id.eq(id)).await
}

/// Locks the one session `which` names (its version bumped); `RETURNING`: the locked row comes back with the
/// update, one statement instead of two.
async fn lock_where(tx: Tx<'_>, which: Expr) -> Result<Option<session::Model>, DbErr> {
    let mut rows = session::Entity::update_many()
        .col_expr(session::Column::Version, Expr::col(session::Column::Version).add(1))
        .col_expr(session::Column::UpdatedAt, Expr::value(tx.now))
        .filter(which)
        .exec_with_returning(tx.txn)
        .await?;
    Ok(rows.pop())
}

/// The GM's session, locked; anyone else's is "not found".
async fn owned(tx: Tx<'_>, gm: AccountId, id: Uuid) -> Result<session::Model, ApiError> {
    lock(tx, id).await?.filter(|row| row.game_master_id == gm.as_uuid()).ok_or_else(session_not_found)
}

async fn facts_of(tx: Tx<'_>, row: &session::Model) -> Result<SessionSeriesFacts, ApiError> {
    series::session_facts_of(tx.txn, SeriesId(row.series_id)).await?.ok_or_else(series_not_found)
}

#[allow(clippy::too_many_arguments)]
async fn history(
    tx: Tx<'_>,
    session_id: Uuid,
    kind: SessionEventKind,
    actor: Option<Uuid>,
    player: Option<Uuid>,
    status: Option<SessionStatus>,
    message: Option<String>,
) -> Result<(), DbErr> {
    event::Entity::insert(event::ActiveModel {
        id: Set(Uuid::now_v7()),
        session_id: Set(session_id),
        kind: Set(kind.as_str().to_owned()),
        actor_id: Set(actor),
        player_id: Set(player),
        status: Set(status.map(|status| status.as_str().to_owned())),
        message: Set(message),
        at: Set(tx.now),
    })
    .exec_without_returning(tx.txn)
    .await?;
    Ok(())
}

async fn reread(tx: Tx<'_>, id: Uuid) -> Result<session::Model, ApiError> {
    queries::by_id(tx.txn, id).await?.ok_or_else(session_not_found)
}

async fn set_status(tx: Tx<'_>, id: Uuid, to: SessionStatus) -> Result<(), DbErr> {
    session::Entity::update_many()
        .col_expr(session::Column::Status, Expr::value(to.as_str()))
        .filter(session::Column::Id.eq(id))
        .exec(tx.txn)
        .await?;
    Ok(())
}

/// Takes one confirmed seat if one is free; the condition is part of the `UPDATE`, so racing confirmations cannot
/// over-fill the session even without the row lock.
async fn take_seat(tx: Tx<'_>, id: Uuid, max: Option<u32>) -> Result<bool, DbErr> {
    let mut update = session::Entity::update_many()
        .col_expr(session::Column::SeatsConfirmed, Expr::col(session::Column::SeatsConfirmed).add(1))
        .filter(session::Column::Id.eq(id));
    if let Some(max) = max {
        update = update.filter(session::Column::SeatsConfirmed.lt(i32::try_from(max).unwrap_or(i32::MAX)));
    }
    Ok(update.exec(tx.txn).await?.rows_affected == 1)
}

async fn free_seat(tx: Tx<'_>, id: Uuid) -> Result<(), DbErr> {
    session::Entity::update_many()
        .col_expr(session::Column::SeatsConfirmed, Expr::col(session::Column::SeatsConfirmed).sub(1))
        .filter(session::Column::Id.eq(id))
        .filter(session::Column::SeatsConfirmed.gt(0))
        .exec(tx.txn)
        .await?;
    Ok(())
}

/// Writes a participant's new status (and message, when given), their seat and what becomes of their payment.
async fn save_participant(
    tx: Tx<'_>,
    row: &participant::Model,
    to: ParticipantStatus,
    max: Option<u32>,
    message: Option<String>,
) -> Result<(), ApiError> {
    let from = queries::participant_status(row);
    match sessions::seat_change(from, to) {
        1 if !take_seat(tx, row.session_id, max).await? => return Err(refused(Refusal::SessionFull)),
        -1 => free_seat(tx, row.session_id).await?,
        _ => {}
    }
    let mut update =
        participant::ActiveModel { status: Set(to.as_str().to_owned()), updated_at: Set(tx.now), ..Default::default() };
    if let Some(message) = message {
        update.message = Set(Some(message));
    }
    participant::Entity::update_many().set(update).filter(participant::Column::Id.eq(row.id)).exec(tx.txn).await?;
    let open = [PaymentStatus::Created.as_str(), PaymentStatus::Pending.as_str()];
    if sessions::payment_after(to, PaymentStatus::Created) == PaymentStatus::Failed {
        // A payment already started in a cart may be held by the provider: commerce releases it.
        let started = payment::Entity::find()
            .filter(payment::Column::SessionId.eq(row.session_id))
            .filter(payment::Column::PlayerId.eq(row.player_id))
            .filter(payment::Column::Status.eq(PaymentStatus::Pending.as_str()))
            .all(tx.txn)
            .await?;
        for cart_id in started.into_iter().filter_map(|payment| payment.cart_id) {
            jobs::schedule_at(tx.txn, tx.now, kinds::release_attempt(&cart_id)).await?;
        }
        payment::Entity::update_many()
            .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Failed.as_str()))
            .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
            .filter(payment::Column::SessionId.eq(row.session_id))
            .filter(payment::Column::PlayerId.eq(row.player_id))
            .filter(payment::Column::Status.is_in(open))
            .exec(tx.txn)
            .await?;
    }
    Ok(())
}

/// A payment of the series' price for the player, unless they have one.
async fn ensure_payment(tx: Tx<'_>, session_id: Uuid, player: Uuid, price: &(i64, String)) -> Result<(), DbErr> {
    payment::Entity::insert(payment::ActiveModel {
        id: Set(Uuid::now_v7()),
        session_id: Set(session_id),
        player_id: Set(player),
        amount_minor: Set(price.0),
        currency_code: Set(price.1.clone()),
        status: Set(PaymentStatus::Created.as_str().to_owned()),
        cart_id: Set(None),
        order_id: Set(None),
        transaction_id: Set(None),
        transactions_count: Set(0),
        created_at: Set(tx.now),
        updated_at: Set(tx.now),
    })
    .on_conflict(OnConflict::columns([payment::Column::SessionId, payment::Column::PlayerId]).do_nothing().to_owned())
    .exec_without_returning(tx.txn)
    .await?;
    Ok(())
}

/// Schedules the refund of the session's completed payments (only `player`'s, when given) in the transaction of
/// the move that causes it (decisions.md, "Commerce (issue 16)" §2). A `waived` payment was already paid back and
/// a refunded one is done, so only `completed` ones; the job is unique per payment, so a second cause schedules
/// nothing more.
async fn refund_paid(tx: Tx<'_>, session_id: Uuid, player: Option<Uuid>, reason: RefundReason) -> Result<(), DbErr> {
    let mut query = payment::Entity::find()
        .filter(payment::Column::SessionId.eq(session_id))
        .filter(payment::Column::Status.eq(PaymentStatus::Completed.as_str()));
    if let Some(player) = player {
        query = query.filter(payment::Column::PlayerId.eq(player));
    }
    for paid in query.order_by_asc(payment::Column::Id).all(tx.txn).await? {
        jobs::schedule_at(tx.txn, tx.now, kinds::refund(paid.id, reason)).await?;
    }
    Ok(())
}

/// Applies the automatic moves the counts now call for (each a history row by the platform); answers the session
/// as it is then.
async fn settle(tx: Tx<'_>, id: Uuid, facts: &SessionSeriesFacts) -> Result<session::Model, ApiError> {
    let row = reread(tx, id).await?;
    if !queries::status(&row).is_preparing() {
        return Ok(row);
    }
    let participants = queries::participants(tx.txn, id).await?;
    settle_with(tx, row, facts, &participants).await
}

/// [`settle`] of a row read under the session's lock in this write, with its participants as they are now.
async fn settle_with(
    tx: Tx<'_>,
    mut row: session::Model,
    facts: &SessionSeriesFacts,
    participants: &[participant::Model],
) -> Result<session::Model, ApiError> {
    let (id, status) = (row.id, queries::status(&row));
    if !status.is_preparing() {
        return Ok(row);
    }
    let payments = queries::payments(tx.txn, id).await?;
    let readiness = queries::readiness(facts, participants, &payments);
    for step in sessions::settle(status, readiness) {
        set_status(tx, id, step).await?;
        history(tx, id, SessionEventKind::StatusChanged, None, None, Some(step), None).await?;
        row.status = step.as_str().to_owned();
    }
    if !status.takes_payment() && queries::status(&row).takes_payment() {
        payment_due(tx, &row, facts, participants, &payments).await?;
    }
    Ok(row)
}

/// Schedules the 60-minute rule for the session's current start (a job per start; an earlier one finds the start
/// moved and does nothing).
async fn schedule_abandon(w: &Write<'_>, id: Uuid, start: DateTime<Utc>) -> Result<(), DbErr> {
    let at = start + Duration::minutes(sessions::ABANDON_AFTER_MINUTES);
    let job = Job::new(ABANDON, AbandonPayload { session_id: id })
        .at(at)
        .unique(format!("{ABANDON}:{id}:{}", start.timestamp()));
    w.schedule(job).await
}

/// The players the GM named, checked: at least one, each an accepted player of the series, and (for a new
/// session) no more than its maximum.
async fn check_players(
    tx: Tx<'_>,
    field: &str,
    facts: &SessionSeriesFacts,
    ids: &[Uuid],
    enforce_max: bool,
    fields: &mut FieldErrors,
) -> Result<Vec<Uuid>, DbErr> {
    let mut players = ids.to_vec();
    players.sort_unstable();
    players.dedup();
    let mut add = |error: FieldError| fields.entry(field.to_owned()).or_default().push(error);
    if players.is_empty() {
        add(FieldError::new(ErrorCode::Required, "Player selection is required"));
        return Ok(players);
    }
    if enforce_max && let Some(max) = facts.max_players.filter(|max| players.len() as u32 > *max) {
        add(FieldError::new(ErrorCode::TooMany, format!("At most {max} players can be invited")).param("max", max));
    }
    for player in &players {
        if !applications::is_accepted(tx.txn, facts.id, AccountId(*player)).await? {
            add(FieldError::new(ErrorCode::NotAccepted, "Only accepted players of the series can be invited")
                .param("player_id", player.to_string().as_str()));
            break;
        }
    }
    Ok(players)
}

async fn invite(tx: Tx<'_>, session_id: Uuid, gm: Uuid, players: &[Uuid]) -> Result<(), DbErr> {
    for player in players {
        participant::Entity::insert(participant::ActiveModel {
            id: Set(Uuid::now_v7()),
            session_id: Set(session_id),
            player_id: Set(*player),
            status: Set(ParticipantStatus::Invited.as_str().to_owned()),
            message: Set(None),
            updated_at: Set(tx.now),
        })
        .exec_without_returning(tx.txn)
        .await?;
        history(tx, session_id, SessionEventKind::Invited, Some(gm), Some(*player), None, None).await?;
    }
    Ok(())
}

/// A new session of the GM's series, in planning, with the players invited.
#[tracing::instrument(skip(w, new), fields(gm = %gm, series = %new.series))]
pub async fn create(w: &Write<'_>, gm: AccountId, new: NewSession) -> Result<session::Model, ApiError> {
    let NewSession { series, players, schedule: ScheduleInput { start, duration_minutes: duration } } = new;
    let (series_id, players): (Uuid, Vec<Uuid>) = (series.as_uuid(), players.iter().map(AccountId::as_uuid).collect());
    let tx = Tx::from(w);
    let facts =
        series::session_facts_of(w.txn, series).await?.filter(|facts| facts.gm == gm).ok_or_else(series_not_found)?;
    if facts.lifecycle != LifecycleStatus::Active {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SeriesMustBeActive,
            "Cannot create session: series must be active to create a session",
        ));
    }
    if facts.pricing.is_none() {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SeriesMustHavePricing,
            "Cannot create session: series must have pricing to create a session",
        ));
    }
    let mut fields = FieldErrors::new();
    let players = check_players(tx, "participant_ids", &facts, &players, true, &mut fields).await?;
    let schedule = sessions::parse_schedule(start.as_deref(), duration, w.now, &mut fields);
    let Some(Schedule { start, duration_minutes }) = schedule.filter(|_| fields.is_empty()) else {
        return Err(field_errors(fields));
    };
    let id = Uuid::now_v7();
    session::Entity::insert(session::ActiveModel {
        id: Set(id),
        series_id: Set(series_id),
        game_master_id: Set(gm.as_uuid()),
        status: Set(SessionStatus::Planning.as_str().to_owned()),
        scheduled_start: Set(start),
        duration_minutes: Set(duration_minutes),
        actual_start: Set(None),
        actual_duration_minutes: Set(None),
        seats_confirmed: Set(0),
        created_at: Set(w.now),
        updated_at: Set(w.now),
        version: Set(1),
    })
    .exec_without_returning(w.txn)
    .await?;
    history(tx, id, SessionEventKind::Created, Some(gm.as_uuid()), None, None, None).await?;
    invite(tx, id, gm.as_uuid(), &players).await?;
    schedule_abandon(w, id, start).await?;
    schedule_reminders(w, id, start, &facts.time_zone).await?;
    let row = reread(tx, id).await?;
    let invited = players.iter().copied().map(AccountId).collect();
    let notice =
        session_notice(tx, &row, &facts, NotificationKind::SessionInvited, invited, Some(gm.as_uuid())).await?;
    announce_with(tx, &row, true, vec![notice]).await?;
    Ok(row)
}

/// The GM changes the date and length, in planning only (the order of checks).
#[tracing::instrument(skip(w, schedule), fields(gm = %gm, session = %id))]
pub async fn update_schedule(
    w: &Write<'_>,
    gm: AccountId,
    id: SessionId,
    schedule: ScheduleInput,
) -> Result<session::Model, ApiError> {
    let (id, ScheduleInput { start, duration_minutes: duration }) = (id.as_uuid(), schedule);
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let schedule = sessions::check_schedule_change(queries::status(&row), start.as_deref(), duration, w.now)?;
    session::Entity::update_many()
        .col_expr(session::Column::ScheduledStart, Expr::value(schedule.start))
        .col_expr(session::Column::DurationMinutes, Expr::value(schedule.duration_minutes))
        .filter(session::Column::Id.eq(id))
        .exec(w.txn)
        .await?;
    history(tx, id, SessionEventKind::Updated, Some(gm.as_uuid()), None, None, None).await?;
    schedule_abandon(w, id, schedule.start).await?;
    let facts = facts_of(tx, &row).await?;
    schedule_reminders(w, id, schedule.start, &facts.time_zone).await?;
    let moved = schedule.start != row.scheduled_start;
    let row = reread(tx, id).await?;
    let mut notices = Vec::new();
    if moved {
        let players = players_in(&queries::participants(w.txn, id).await?);
        let kind = NotificationKind::ScheduleChanged;
        notices.push(session_notice(tx, &row, &facts, kind, players, Some(gm.as_uuid())).await?);
    }
    announce_with(tx, &row, false, notices).await?;
    Ok(row)
}

/// A status move by the GM (or, with `actor` none, by the platform: the hooks and the 60-minute rule). A
/// cancellation refunds every completed payment for `cancelled_because`.
async fn move_session(
    tx: Tx<'_>,
    actor: Option<Uuid>,
    row: session::Model,
    move_: SessionMove,
    lead_minutes: i64,
    message: Option<String>,
    cancelled_because: RefundReason,
) -> Result<session::Model, ApiError> {
    let from = queries::status(&row);
    let to = sessions::next(from, move_).map_err(refused)?;
    if move_ == SessionMove::StartPreparation {
        sessions::check_preparation_open(row.scheduled_start, lead_minutes, tx.now).map_err(refused)?;
    }
    let facts = facts_of(tx, &row).await?;
    let participants = queries::participants(tx.txn, row.id).await?;
    let players_before = players_in(&participants);
    let paid: Vec<Uuid> = queries::payments(tx.txn, row.id)
        .await?
        .iter()
        .filter(|p| queries::payment_status(p).counts_as_paid())
        .map(|p| p.player_id)
        .collect();
    for participant in &participants {
        let status = queries::participant_status(participant);
        let each = match move_ {
            SessionMove::StartPlanning => ParticipantMove::Reinvite,
            SessionMove::Start => {
                let paid_enough = !facts.is_paid() || paid.contains(&participant.player_id);
                if status == ParticipantStatus::Ready && paid_enough {
                    ParticipantMove::Attend
                } else {
                    ParticipantMove::Miss
                }
            }
            SessionMove::Complete | SessionMove::StopEarly => ParticipantMove::Finish,
            SessionMove::Cancel => ParticipantMove::Drop,
            SessionMove::FixSchedule | SessionMove::StartPreparation => continue,
        };
        if let Ok(next) = sessions::participant_next(from, status, each) {
            save_participant(tx, participant, next, facts.max_players, None).await?;
        }
    }
    let mut update = session::Entity::update_many()
        .col_expr(session::Column::Status, Expr::value(to.as_str()))
        .filter(session::Column::Id.eq(row.id));
    match move_ {
        SessionMove::Start => update = update.col_expr(session::Column::ActualStart, Expr::value(tx.now)),
        SessionMove::Complete | SessionMove::StopEarly => {
            let started = row.actual_start.unwrap_or(tx.now);
            let minutes = i32::try_from(std::cmp::max((tx.now - started).num_minutes(), 0)).unwrap_or(i32::MAX);
            update = update.col_expr(session::Column::ActualDurationMinutes, Expr::value(minutes));
        }
        _ => {}
    }
    update.exec(tx.txn).await?;
    history(tx, row.id, SessionEventKind::StatusChanged, actor, None, Some(to), message).await?;
    if move_ == SessionMove::Cancel {
        refund_paid(tx, row.id, None, cancelled_because).await?;
    }
    if move_ == SessionMove::StartPreparation {
        if let Some(price) = &facts.price {
            for participant in &participants {
                if sessions::needs_payment(queries::participant_status(participant)) {
                    ensure_payment(tx, row.id, participant.player_id, price).await?;
                }
            }
        }
        settle(tx, row.id, &facts).await?;
    }
    let row = reread(tx, row.id).await?;
    let notices = move_notices(tx, &row, &facts, move_, actor, players_before).await?;
    announce_with(tx, &row, false, notices).await?;
    Ok(row)
}

/// A status move by the GM.
#[tracing::instrument(skip(w, note), fields(gm = %gm, session = %id, action = move_.as_str()))]
pub async fn gm_move(
    w: &Write<'_>,
    gm: AccountId,
    id: SessionId,
    move_: SessionMove,
    lead_minutes: i64,
    note: Note,
) -> Result<session::Model, ApiError> {
    let (id, Note(message)) = (id.as_uuid(), note);
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let start = row.scheduled_start;
    let row =
        move_session(tx, Some(gm.as_uuid()), row, move_, lead_minutes, message, RefundReason::SessionCancelled).await?;
    if move_ == SessionMove::FixSchedule {
        schedule_abandon(w, id, start).await?;
        let facts = facts_of(tx, &row).await?;
        schedule_reminders(w, id, start, &facts.time_zone).await?;
    }
    Ok(row)
}

/// Deletes a session in planning with no payments; its participants hear of it.
#[tracing::instrument(skip(w), fields(gm = %gm, session = %id))]
pub async fn delete(w: &Write<'_>, gm: AccountId, id: SessionId) -> Result<(), ApiError> {
    let id = id.as_uuid();
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let has_payments = queries::has_payments(w.txn, id).await?;
    sessions::check_delete(queries::status(&row), has_payments).map_err(refused)?;
    let participants = queries::participants(w.txn, id).await?;
    let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
    let facts = facts_of(tx, &row).await?;
    let mut notice = session_notice(
        tx,
        &row,
        &facts,
        NotificationKind::SessionCancelled,
        players_in(&participants),
        Some(gm.as_uuid()),
    )
    .await?;
    // The session is gone: its series is what is left to look at.
    notice.link = format!("/questboard/{}", facts.handle);
    crate::events::record_at(w.txn, events::deleted(id, gm, &players).notice(notice), w.now).await?;
    event::Entity::delete_many().filter(event::Column::SessionId.eq(id)).exec(w.txn).await?;
    participant::Entity::delete_many().filter(participant::Column::SessionId.eq(id)).exec(w.txn).await?;
    session::Entity::delete_many().filter(session::Column::Id.eq(id)).exec(w.txn).await?;
    Ok(())
}

mod news;
mod notices;
mod participants;
mod reminders;

pub use news::*;
use notices::{announce, announce_to, announce_with, move_notices, payment_due, players_in, session_notice};
pub use participants::*;
use participants::{gm_link, participant_move};
use reminders::schedule_reminders;
pub use reminders::*;
