//! The writes of sessions, each run inside one write transaction: it first locks the session's row (an `UPDATE`
//! that bumps its version, so concurrent writes to one session run one after the other on both databases and each
//! reads the counts the others committed), asks the domain's state machines what the move does
//! (`questline_domain::sessions`), writes the participants, the seat count (a conditional `UPDATE`, so seats never
//! over-fill), the payments and the history, applies the automatic moves the change completes, and records the
//! event for the GM and every participant.

use chrono::{DateTime, Duration, Utc};
use questline_domain::commerce::refunds::{self, RefundReason};
use questline_domain::ids::{AccountId, SeriesId};
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
    ApiError::not_found(ErrorCode::SessionNotFound.as_str(), "Session not found")
}

pub fn series_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesNotFound.as_str(), "Series not found")
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

/// The session changed: an event to its GM and every account with a participant row.
async fn announce(tx: Tx<'_>, row: &session::Model, created: bool) -> Result<(), DbErr> {
    announce_with(tx, row, created, Vec::new()).await
}

/// [`announce`], with what the change means for people (decisions.md, "Notifications (issue 18)").
async fn announce_with(tx: Tx<'_>, row: &session::Model, created: bool, notices: Vec<Notice>) -> Result<(), DbErr> {
    let players: Vec<Uuid> = queries::participants(tx.txn, row.id).await?.into_iter().map(|p| p.player_id).collect();
    announce_to(tx, row, created, &players, notices).await
}

/// [`announce_with`] when the session's participants were just read in this write.
async fn announce_to(
    tx: Tx<'_>,
    row: &session::Model,
    created: bool,
    players: &[Uuid],
    notices: Vec<Notice>,
) -> Result<(), DbErr> {
    let gm = AccountId(row.game_master_id);
    let event = if created { events::created(row.id, gm, players) } else { events::updated(row.id, gm, players) };
    crate::events::record_at(tx.txn, event.notices(notices), tx.now).await
}

/// The players who hear of a session's news: those in it (invited, confirmed, ready, playing).
fn players_in(participants: &[participant::Model]) -> Vec<AccountId> {
    participants
        .iter()
        .filter(|p| queries::participant_status(p).is_in_session())
        .map(|p| AccountId(p.player_id))
        .collect()
}

/// The player's page of the session.
fn player_link(id: Uuid) -> String {
    format!("/dashboard/player/my-sessions/{id}")
}

/// A notice about the session for `recipients`, naming the series, the start in the series' zone and `actor`.
async fn session_notice(
    tx: Tx<'_>,
    row: &session::Model,
    facts: &SessionSeriesFacts,
    kind: NotificationKind,
    recipients: Vec<AccountId>,
    actor: Option<Uuid>,
) -> Result<Notice, DbErr> {
    let actor_name = match actor {
        Some(actor) => crate::accounts::display_names(tx.txn, &[actor]).await?.remove(&actor),
        None => None,
    };
    let params = NotificationParams {
        actor_id: actor,
        actor_name,
        series_id: Some(facts.id.as_uuid()),
        series_handle: Some(facts.handle.clone()),
        series_title: Some(facts.title.clone()),
        session_id: Some(row.id),
        starts_at: Some(row.scheduled_start),
        time_zone: Some(facts.time_zone.clone()),
        ..Default::default()
    };
    Ok(Notice::new(kind, recipients, player_link(row.id), params))
}

/// Schedules the reminders of the session's current start (one job per start and reminder; an earlier start's
/// jobs find the start moved and remind nobody). A reminder whose time has passed is not scheduled.
async fn schedule_reminders(w: &Write<'_>, id: Uuid, start: DateTime<Utc>, time_zone: &str) -> Result<(), DbErr> {
    let tz = questline_domain::accounts::TimeZone::parse(time_zone)
        .unwrap_or_else(|_| questline_domain::accounts::TimeZone::utc())
        .tz();
    for reminder in Reminder::ALL {
        let at = reminder.due_at(start, tz);
        if at <= w.now {
            continue;
        }
        let job = Job::new(REMIND, RemindPayload { session_id: id, start, reminder }).at(at).unique(format!(
            "{REMIND}:{id}:{}:{}",
            start.timestamp(),
            reminder.as_str()
        ));
        w.schedule(job).await?;
    }
    Ok(())
}

/// A reminder falls due: the GM and the players who confirmed (or are ready) hear of the session, if it still
/// starts when the reminder was computed for and has not started or been cancelled. Each hears once per start and
/// reminder, even if the job runs twice (the notice's key); whether they want this reminder is their preference,
/// applied by the notifications feature.
pub async fn remind(tx: Tx<'_>, payload: &RemindPayload) -> Result<bool, ApiError> {
    let Some(row) = queries::by_id(tx.txn, payload.session_id).await? else { return Ok(false) };
    if row.scheduled_start != payload.start || !queries::status(&row).is_before_start() {
        return Ok(false);
    }
    let facts = facts_of(tx, &row).await?;
    let players: Vec<AccountId> = queries::participants(tx.txn, row.id)
        .await?
        .iter()
        .filter(|p| matches!(queries::participant_status(p), ParticipantStatus::Confirmed | ParticipantStatus::Ready))
        .map(|p| AccountId(p.player_id))
        .collect();
    let gm = AccountId(row.game_master_id);
    let key = format!("reminder:{}:{}:{}", row.id, payload.start.timestamp(), payload.reminder.as_str());
    let with_reminder = |mut notice: Notice, who: &str| {
        notice.params.reminder = Some(payload.reminder);
        notice.key(format!("{key}:{who}"))
    };
    let for_players = session_notice(tx, &row, &facts, NotificationKind::SessionReminder, players, None).await?;
    let mut for_gm = session_notice(tx, &row, &facts, NotificationKind::SessionReminder, vec![gm], None).await?;
    for_gm.link = format!("/dashboard/gm/my-sessions/{}", row.id);
    let event = Event::created("session_reminder", row.id)
        .to(Audience::Internal)
        .notice(with_reminder(for_players, "players"))
        .notice(with_reminder(for_gm, "gm"));
    crate::events::record_at(tx.txn, event, tx.now).await?;
    Ok(true)
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

/// The session started taking payments (issue 31: not before, as the page offers no way to pay while it waits for
/// players): each participant who may pay now hears their payment is due, with their amount. Moving out and back
/// in tells them again.
async fn payment_due(
    tx: Tx<'_>,
    row: &session::Model,
    facts: &SessionSeriesFacts,
    participants: &[participant::Model],
    payments: &[payment::Model],
) -> Result<(), DbErr> {
    let status = queries::status(row);
    let mut notices = Vec::new();
    for payment in payments {
        let Some(participant) = participants.iter().find(|p| p.player_id == payment.player_id) else { continue };
        let me = queries::participant_status(participant);
        if !sessions::may_pay(status, me, Some(queries::payment_status(payment))) {
            continue;
        }
        let payer = vec![AccountId(payment.player_id)];
        let mut due = session_notice(tx, row, facts, NotificationKind::PaymentDue, payer, None).await?;
        due.params.amount = Some(payment.amount_minor);
        due.params.currency_code = Some(payment.currency_code.to_ascii_lowercase());
        notices.push(due);
    }
    if notices.is_empty() {
        return Ok(());
    }
    let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
    announce_to(tx, row, false, &players, notices).await
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
#[tracing::instrument(skip(w, start, duration, players), fields(gm = %gm, series = %series_id))]
pub async fn create(
    w: &Write<'_>,
    gm: AccountId,
    series_id: Uuid,
    players: Vec<Uuid>,
    start: Option<String>,
    duration: Option<i64>,
) -> Result<session::Model, ApiError> {
    let tx = Tx::from(w);
    let facts = series::session_facts_of(w.txn, SeriesId(series_id))
        .await?
        .filter(|facts| facts.gm == gm)
        .ok_or_else(series_not_found)?;
    if facts.lifecycle != LifecycleStatus::Active {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SeriesMustBeActive.as_str(),
            "Cannot create session: series must be active to create a session",
        ));
    }
    if facts.pricing.is_none() {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SeriesMustHavePricing.as_str(),
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
#[tracing::instrument(skip(w, start, duration), fields(gm = %gm, session = %id))]
pub async fn update_schedule(
    w: &Write<'_>,
    gm: AccountId,
    id: Uuid,
    start: Option<String>,
    duration: Option<i64>,
) -> Result<session::Model, ApiError> {
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

/// Who hears of a status move: the players in the session before it (after it, for a start: those playing). Those
/// who owe a payment hear of it when the session starts taking payments (`settle_with`).
async fn move_notices(
    tx: Tx<'_>,
    row: &session::Model,
    facts: &SessionSeriesFacts,
    move_: SessionMove,
    actor: Option<Uuid>,
    players_before: Vec<AccountId>,
) -> Result<Vec<Notice>, DbErr> {
    let kind = match move_ {
        SessionMove::FixSchedule => NotificationKind::ScheduleFixed,
        SessionMove::StartPlanning => NotificationKind::ScheduleChanged,
        SessionMove::StartPreparation => NotificationKind::PreparationStarted,
        SessionMove::Start => NotificationKind::SessionStarted,
        SessionMove::Cancel => NotificationKind::SessionCancelled,
        SessionMove::Complete | SessionMove::StopEarly => return Ok(Vec::new()),
    };
    let recipients = if move_ == SessionMove::Start {
        players_in(&queries::participants(tx.txn, row.id).await?)
            .into_iter()
            .filter(|player| players_before.contains(player))
            .collect()
    } else {
        players_before
    };
    Ok(vec![session_notice(tx, row, facts, kind, recipients, actor).await?])
}

/// A status move by the GM.
#[tracing::instrument(skip(w, message), fields(gm = %gm, session = %id, action = move_.as_str()))]
pub async fn gm_move(
    w: &Write<'_>,
    gm: AccountId,
    id: Uuid,
    move_: SessionMove,
    lead_minutes: i64,
    message: Option<String>,
) -> Result<session::Model, ApiError> {
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
pub async fn delete(w: &Write<'_>, gm: AccountId, id: Uuid) -> Result<(), ApiError> {
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

/// The GM invites more accepted players of the series, before the start.
#[tracing::instrument(skip(w, players), fields(gm = %gm, session = %id))]
pub async fn add_participants(
    w: &Write<'_>,
    gm: AccountId,
    id: Uuid,
    players: Vec<Uuid>,
) -> Result<session::Model, ApiError> {
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let status = queries::status(&row);
    if !status.is_before_start() {
        return Err(ApiError::new(
            ErrorType::UnexpectedState,
            ErrorCode::SessionTransitionNotAllowed.as_str(),
            format!("Players cannot be added now that the session is {}", status.as_str().replace('_', " ")),
        ));
    }
    let facts = facts_of(tx, &row).await?;
    let mut fields = FieldErrors::new();
    let players = check_players(tx, "player_ids", &facts, &players, false, &mut fields).await?;
    if fields.is_empty() {
        let existing = queries::participants(w.txn, id).await?;
        if players.iter().any(|player| existing.iter().any(|p| p.player_id == *player)) {
            fields.entry("player_ids".to_owned()).or_default().push(FieldError::new(
                ErrorCode::AlreadyParticipant,
                "This player is already a participant of the session",
            ));
        }
    }
    if !fields.is_empty() {
        return Err(field_errors(fields));
    }
    invite(tx, id, gm.as_uuid(), &players).await?;
    let row = reread(tx, id).await?;
    let invited = players.iter().copied().map(AccountId).collect();
    let notice =
        session_notice(tx, &row, &facts, NotificationKind::SessionInvited, invited, Some(gm.as_uuid())).await?;
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(row)
}

/// A participant's move: `actor` is who made it (the player, the GM for a removal, none for the platform).
async fn participant_move(
    tx: Tx<'_>,
    actor: Option<Uuid>,
    row: &session::Model,
    participant: &participant::Model,
    move_: ParticipantMove,
    message: Option<String>,
) -> Result<(), ApiError> {
    let status = queries::status(row);
    let from = queries::participant_status(participant);
    let to = sessions::participant_move(status, from, move_).map_err(refused)?;
    let facts = facts_of(tx, row).await?;
    // The participant's own message is their latest; the GM's (a removal) lives in the history only.
    let own = if actor == Some(participant.player_id) { message.clone() } else { None };
    save_participant(tx, participant, to, facts.max_players, own).await?;
    if let Some(reason) = refunds::reason_for_move(move_, to) {
        refund_paid(tx, row.id, Some(participant.player_id), reason).await?;
    }
    let kind = if from == ParticipantStatus::Participating && move_ == ParticipantMove::Leave {
        SessionEventKind::Left
    } else {
        move_.event_kind().unwrap_or(SessionEventKind::Cancelled)
    };
    history(tx, row.id, kind, actor, Some(participant.player_id), None, message).await?;
    if let Some(price) = &facts.price
        && status.is_preparing()
        && sessions::needs_payment(to)
    {
        ensure_payment(tx, row.id, participant.player_id, price).await?;
    }
    settle(tx, row.id, &facts).await?;
    Ok(())
}

/// The GM removes a participant before the start.
#[tracing::instrument(skip(w, message), fields(gm = %gm, session = %id, player = %player))]
pub async fn remove_participant(
    w: &Write<'_>,
    gm: AccountId,
    id: Uuid,
    player: AccountId,
    message: Option<String>,
) -> Result<session::Model, ApiError> {
    let tx = Tx::from(w);
    let row = owned(tx, gm, id).await?;
    let participant = queries::participant_of(w.txn, id, player.as_uuid()).await?.ok_or_else(|| {
        ApiError::not_found(ErrorCode::SessionNotFound.as_str(), "No such participant in this session")
    })?;
    participant_move(tx, Some(gm.as_uuid()), &row, &participant, ParticipantMove::Remove, message.clone()).await?;
    let row = reread(tx, id).await?;
    // The removed player hears of it, with the GM's reason; their page of the session still opens.
    let facts = facts_of(tx, &row).await?;
    let kind = NotificationKind::ParticipantRemoved;
    let mut notice = session_notice(tx, &row, &facts, kind, vec![player], Some(gm.as_uuid())).await?;
    notice.params.message_preview = message.as_deref().map(questline_domain::notifications::preview);
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(row)
}

/// What the GM hears of a player's own move: a rejection of the fixed date, or leaving before the start.
fn gm_hears_of(move_: ParticipantMove, session: SessionStatus) -> Option<NotificationKind> {
    match move_ {
        ParticipantMove::Reject => Some(NotificationKind::ParticipationRejected),
        ParticipantMove::Leave if session.is_before_start() => Some(NotificationKind::ParticipantLeft),
        _ => None,
    }
}

/// The GM's page of the session.
fn gm_link(id: Uuid) -> String {
    format!("/dashboard/gm/my-sessions/{id}")
}

/// The player's own move (confirm, reject, ready, leave); anyone without a participant row gets "not found".
#[tracing::instrument(skip(w, message), fields(player = %player, session = %id, action = move_.as_str()))]
pub async fn player_move(
    w: &Write<'_>,
    player: AccountId,
    id: Uuid,
    move_: ParticipantMove,
    message: Option<String>,
) -> Result<session::Model, ApiError> {
    let tx = Tx::from(w);
    let row = lock(tx, id).await?.ok_or_else(session_not_found)?;
    let participant = queries::participant_of(w.txn, id, player.as_uuid()).await?.ok_or_else(session_not_found)?;
    participant_move(tx, Some(player.as_uuid()), &row, &participant, move_, message.clone()).await?;
    let mut notices = Vec::new();
    if let Some(kind) = gm_hears_of(move_, queries::status(&row)) {
        let facts = facts_of(tx, &row).await?;
        let gm = AccountId(row.game_master_id);
        let mut notice = session_notice(tx, &row, &facts, kind, vec![gm], Some(player.as_uuid())).await?;
        notice.link = gm_link(id);
        notice.params.message_preview = message.as_deref().map(questline_domain::notifications::preview);
        notices.push(notice);
    }
    let row = reread(tx, id).await?;
    announce_with(tx, &row, false, notices).await?;
    Ok(row)
}

/// A player asked for a refund of `payment_id`: the session's GM hears of it, with the amount, and decides on
/// the session's page; the session's pages refetch.
pub async fn refund_requested(tx: Tx<'_>, payment_id: Uuid) -> Result<(), ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(()) };
    let row = reread(tx, paid.session_id).await?;
    let facts = facts_of(tx, &row).await?;
    let gm = vec![AccountId(row.game_master_id)];
    let kind = NotificationKind::RefundRequested;
    let mut notice = session_notice(tx, &row, &facts, kind, gm, Some(paid.player_id)).await?;
    notice.params.amount = Some(paid.amount_minor);
    notice.params.currency_code = Some(paid.currency_code.to_ascii_lowercase());
    notice.link = gm_link(row.id);
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(())
}

/// The sessions of a series that have not started (and are not cancelled), in id order: writes that lock several
/// sessions lock them in the same order, so two of them never wait for each other on PostgreSQL.
async fn not_started(tx: Tx<'_>, series_id: Uuid) -> Result<Vec<Uuid>, DbErr> {
    let before: Vec<&str> =
        SessionStatus::ALL.iter().filter(|status| status.is_before_start()).map(|status| status.as_str()).collect();
    Ok(session::Entity::find()
        .filter(session::Column::SeriesId.eq(series_id))
        .filter(session::Column::Status.is_in(before))
        .order_by_asc(session::Column::Id)
        .all(tx.txn)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect())
}

/// A player who left the series (cancelled an accepted application, or was removed: `removed`) leaves its
/// sessions that have not started.
pub async fn leave_series(tx: Tx<'_>, series_id: Uuid, player: Uuid, removed: bool) -> Result<(), ApiError> {
    let move_ = if removed { ParticipantMove::Remove } else { ParticipantMove::Withdraw };
    for id in not_started(tx, series_id).await? {
        let Some(row) = lock(tx, id).await? else { continue };
        let Some(participant) = queries::participant_of(tx.txn, id, player).await? else { continue };
        let status = queries::participant_status(&participant);
        if sessions::participant_move(queries::status(&row), status, move_).is_err() {
            continue;
        }
        participant_move(tx, None, &row, &participant, move_, None).await?;
        announce(tx, &reread(tx, id).await?, false).await?;
    }
    Ok(())
}

/// The series' requirements changed: each of its sessions in preparation settles again under its lock (in id
/// order), and those that moved are announced.
pub async fn requirements_changed(tx: Tx<'_>, series_id: Uuid) -> Result<(), ApiError> {
    for id in not_started(tx, series_id).await? {
        // Only the sessions in preparation move; the others are not locked (nor their version bumped).
        let Some(unlocked) = queries::by_id(tx.txn, id).await? else { continue };
        if !queries::status(&unlocked).is_preparing() {
            continue;
        }
        let Some(row) = lock(tx, id).await? else { continue };
        let before = queries::status(&row);
        if !before.is_preparing() {
            continue;
        }
        let facts = facts_of(tx, &row).await?;
        let participants = queries::participants(tx.txn, id).await?;
        let row = settle_with(tx, row, &facts, &participants).await?;
        if queries::status(&row) != before {
            let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
            announce_to(tx, &row, false, &players, Vec::new()).await?;
        }
    }
    Ok(())
}

/// A completed or cancelled series cancels its sessions that have not started.
pub async fn series_ended(tx: Tx<'_>, series_id: Uuid) -> Result<(), ApiError> {
    for id in not_started(tx, series_id).await? {
        let Some(row) = lock(tx, id).await? else { continue };
        move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::SessionCancelled).await?;
    }
    Ok(())
}

/// An erased account's participations in sessions that have not started are cancelled.
pub async fn account_erased(tx: Tx<'_>, account: AccountId) -> Result<(), ApiError> {
    let rows = participant::Entity::find()
        .filter(participant::Column::PlayerId.eq(account.as_uuid()))
        .order_by_asc(participant::Column::SessionId)
        .all(tx.txn)
        .await?;
    for participant in rows {
        let Some(row) = lock(tx, participant.session_id).await? else { continue };
        let status = queries::participant_status(&participant);
        if sessions::participant_move(queries::status(&row), status, ParticipantMove::Withdraw).is_err() {
            continue;
        }
        participant_move(tx, None, &row, &participant, ParticipantMove::Withdraw, None).await?;
        announce(tx, &reread(tx, row.id).await?, false).await?;
    }
    Ok(())
}

/// The 60-minute rule: a session still not in progress an hour after its scheduled start is cancelled by the
/// platform. Idempotent: a session that started, ended, or was moved later is left alone.
pub async fn abandon(tx: Tx<'_>, id: Uuid) -> Result<bool, ApiError> {
    let Some(row) = queries::by_id(tx.txn, id).await? else { return Ok(false) };
    let due = row.scheduled_start + Duration::minutes(sessions::ABANDON_AFTER_MINUTES);
    if !queries::status(&row).is_before_start() || tx.now < due {
        return Ok(false);
    }
    let Some(row) = lock(tx, id).await? else { return Ok(false) };
    move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::SessionCancelled).await?;
    Ok(true)
}

/// A suspended or erased GM's sessions that have not started are cancelled by the platform, their completed
/// payments refunded as `gm_unavailable`; started and ended sessions are left as they are (decisions.md,
/// "Commerce (issue 16)" §2). Locked in id order, like every write that locks several sessions.
pub async fn gm_unavailable(tx: Tx<'_>, gm: AccountId) -> Result<(), ApiError> {
    let before: Vec<&str> =
        SessionStatus::ALL.iter().filter(|status| status.is_before_start()).map(|status| status.as_str()).collect();
    let ids: Vec<Uuid> = session::Entity::find()
        .filter(session::Column::GameMasterId.eq(gm.as_uuid()))
        .filter(session::Column::Status.is_in(before))
        .order_by_asc(session::Column::Id)
        .all(tx.txn)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect();
    for id in ids {
        let Some(row) = lock(tx, id).await? else { continue };
        if !queries::status(&row).is_before_start() {
            continue;
        }
        move_session(tx, None, row, SessionMove::Cancel, 0, None, RefundReason::GmUnavailable).await?;
    }
    Ok(())
}

/// The provider confirmed the refund of a payment: it becomes `to` (`refunded`, or `waived` for an approved
/// request), the counts are settled again (a waived guest still counts as paid) and the GM's and players' pages
/// hear of it. Only a `completed` payment moves; `false` when there was nothing to do.
pub async fn payment_refunded(tx: Tx<'_>, payment_id: Uuid, to: PaymentStatus) -> Result<bool, ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(false) };
    let Some(row) = lock(tx, paid.session_id).await? else { return Ok(false) };
    // An approved request keeps the seat as the GM's guest; if the player lost the seat meanwhile (the session
    // was cancelled, they left), there is no guest to keep and the payment is plainly refunded.
    let seated = queries::participant_of(tx.txn, row.id, paid.player_id)
        .await?
        .is_some_and(|participant| queries::participant_status(&participant).is_in_session());
    let to = if to == PaymentStatus::Waived && !seated { PaymentStatus::Refunded } else { to };
    let moved = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(to.as_str()))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.eq(PaymentStatus::Completed.as_str()))
        .exec(tx.txn)
        .await?
        .rows_affected
        == 1;
    if !moved {
        return Ok(false);
    }
    // The platform gave the money back (the provider confirmed it); the row names whose payment it was.
    history(tx, row.id, SessionEventKind::Refunded, None, Some(paid.player_id), None, None).await?;
    let facts = facts_of(tx, &row).await?;
    settle(tx, row.id, &facts).await?;
    let row = reread(tx, row.id).await?;
    let notice = payment_notice(tx, &row, &facts, NotificationKind::RefundIssued, &paid).await?;
    announce_with(tx, &row, false, vec![notice]).await?;
    Ok(true)
}

/// The payer hears of their payment (a receipt) or of its refund, with the amount.
async fn payment_notice(
    tx: Tx<'_>,
    row: &session::Model,
    facts: &SessionSeriesFacts,
    kind: NotificationKind,
    paid: &payment::Model,
) -> Result<Notice, DbErr> {
    let mut notice = session_notice(tx, row, facts, kind, vec![AccountId(paid.player_id)], None).await?;
    notice.params.amount = Some(paid.amount_minor);
    notice.params.currency_code = Some(paid.currency_code.to_ascii_lowercase());
    Ok(notice)
}

/// A player's bank disputed a payment and its money was withdrawn (`held`), or the dispute was decided for the GM and
/// the money came back: the GM hears of it with the amount (once per `key`), and the session's pages refetch.
pub async fn payment_disputed(tx: Tx<'_>, payment_id: Uuid, held: bool, key: String) -> Result<(), ApiError> {
    let Some(paid) = payment::Entity::find_by_id(payment_id).one(tx.txn).await? else { return Ok(()) };
    let row = reread(tx, paid.session_id).await?;
    let facts = facts_of(tx, &row).await?;
    let kind = if held { NotificationKind::PaymentDisputed } else { NotificationKind::DisputeWon };
    let mut notice = payment_notice(tx, &row, &facts, kind, &paid).await?;
    notice.recipients = vec![AccountId(row.game_master_id)];
    notice.link = format!("/dashboard/gm/my-sessions/{}", row.id);
    announce_with(tx, &row, false, vec![notice.key(key)]).await?;
    Ok(())
}

/// Tells the session's GM and participants that it changed (a refund request or decision on one of its payments).
pub async fn touched(tx: Tx<'_>, session_id: Uuid) -> Result<(), ApiError> {
    announce(tx, &reread(tx, session_id).await?, false).await?;
    Ok(())
}

/// What commerce recorded for a paid seat; kept on the payment so both session views show it.
#[derive(Debug, Clone)]
pub struct PaymentRefs {
    pub cart_id: String,
    pub order_id: String,
    /// The provider's id of the money movement (`sys_<uuid>`, a Stripe PaymentIntent id).
    pub transaction_id: String,
}

/// Locks the session of `payment_id` and reads the payment; `None` when there is no such payment. Commerce's
/// completion and refunds both go through it, so their writes and a status move of the session happen one after
/// the other.
pub async fn lock_payment(tx: Tx<'_>, payment_id: Uuid) -> Result<Option<(session::Model, payment::Model)>, DbErr> {
    // The session is found by a subquery on the payment, in the statement that locks it.
    let session_of_payment = Query::select()
        .column(payment::Column::SessionId)
        .from(payment::Entity)
        .and_where(Expr::col((payment::Entity, payment::Column::Id)).eq(payment_id))
        .to_owned();
    let Some(row) = lock_where(tx, Expr::col(session::Column::Id).in_subquery(session_of_payment)).await? else {
        return Ok(None);
    };
    // Read under the lock: a leave committed before it has failed the payment.
    Ok(payment::Entity::find_by_id(payment_id).one(tx.txn).await?.map(|payment| (row, payment)))
}

fn open_statuses() -> [&'static str; 2] {
    [PaymentStatus::Created.as_str(), PaymentStatus::Pending.as_str()]
}

/// The provider declined an attempt: the payment stays open (`pending`) and the attempt counts in
/// `transactions_count`, which the GM's view shows.
pub async fn payment_declined(tx: Tx<'_>, payment_id: Uuid) -> Result<(), ApiError> {
    let Some((row, _)) = lock_payment(tx, payment_id).await? else { return Ok(()) };
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Pending.as_str()))
        .col_expr(payment::Column::TransactionsCount, Expr::col(payment::Column::TransactionsCount).add(1))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 1 {
        announce(tx, &row, false).await?;
    }
    Ok(())
}

/// Commerce recorded the order of an open payment: the payment is `completed` with commerce's references and one
/// more transaction, the automatic moves follow (`waiting_for_payment` → `ready_to_start` once every condition
/// holds) and the GM and the participants hear of it. `false`, with nothing written, when the payer may no longer
/// pay (`sessions::may_pay`: the payment is no longer open — its holder left, or another cart completed it — or
/// the session is not waiting for payment or ready to start — back to waiting for players or planning, started,
/// cancelled): the caller voids its completion. Both are read under the session's lock,
/// so a seat checked before the caller's write cannot be paid for once it went.
pub async fn payment_completed(tx: Tx<'_>, payment_id: Uuid, refs: PaymentRefs) -> Result<bool, ApiError> {
    let Some((row, paid)) = lock_payment(tx, payment_id).await? else { return Ok(false) };
    if !may_pay_now(tx, &row, &paid).await? {
        return Ok(false);
    }
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Completed.as_str()))
        .col_expr(payment::Column::CartId, Expr::value(refs.cart_id))
        .col_expr(payment::Column::OrderId, Expr::value(refs.order_id))
        .col_expr(payment::Column::TransactionId, Expr::value(refs.transaction_id))
        .col_expr(payment::Column::TransactionsCount, Expr::col(payment::Column::TransactionsCount).add(1))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(false);
    }
    // The history names the payer before the move to ready to start it may cause.
    history(tx, row.id, SessionEventKind::Paid, Some(paid.player_id), None, None, None).await?;
    let facts = facts_of(tx, &row).await?;
    // The row is as the lock returned it (only the payment changed since), and one read of the participants
    // serves both the settling and the announcement.
    let participants = queries::participants(tx.txn, row.id).await?;
    let row = settle_with(tx, row, &facts, &participants).await?;
    let notice = payment_notice(tx, &row, &facts, NotificationKind::PaymentReceipt, &paid).await?;
    let players: Vec<Uuid> = participants.iter().map(|p| p.player_id).collect();
    announce_to(tx, &row, false, &players, vec![notice]).await?;
    Ok(true)
}

/// `sessions::may_pay` for the payment's player as the session and their participation are now.
async fn may_pay_now(tx: Tx<'_>, row: &session::Model, payment: &payment::Model) -> Result<bool, DbErr> {
    let participant = queries::participant_of(tx.txn, row.id, payment.player_id).await?;
    Ok(participant.is_some_and(|p| {
        sessions::may_pay(queries::status(row), queries::participant_status(&p), Some(queries::payment_status(payment)))
    }))
}

/// Commerce started a payment session for `payment_id` in `cart_id`: an open payment of a session being prepared
/// becomes `pending` and names the cart, and the GM's page and the player's refetch. A payment its player may not
/// pay now (`sessions::may_pay`) is left alone (`false`).
pub async fn payment_pending(tx: Tx<'_>, payment_id: Uuid, cart_id: &str) -> Result<bool, ApiError> {
    let Some((payment, session)) = queries::payment_with_session(tx.txn, payment_id).await? else {
        return Ok(false);
    };
    if !may_pay_now(tx, &session, &payment).await? {
        return Ok(false);
    }
    let updated = payment::Entity::update_many()
        .col_expr(payment::Column::Status, Expr::value(PaymentStatus::Pending.as_str()))
        .col_expr(payment::Column::CartId, Expr::value(cart_id))
        .col_expr(payment::Column::UpdatedAt, Expr::value(tx.now))
        .filter(payment::Column::Id.eq(payment_id))
        .filter(payment::Column::Status.is_in(open_statuses()))
        .exec(tx.txn)
        .await?;
    if updated.rows_affected == 0 {
        return Ok(false);
    }
    announce(tx, &session, false).await?;
    Ok(true)
}
