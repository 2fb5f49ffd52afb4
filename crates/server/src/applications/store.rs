//! The writes of applications, each run inside `AppState::write` by its handler: it loads the application and the
//! series' facts, asks the domain's state machine what the move does (`questline_domain::applications`), checks
//! what needs the database (recruitment, seats, the player's age), writes the row, its history entry and the seat
//! count in the same transaction, and records the events.

use chrono::{DateTime, Utc};
use questline_domain::applications::{
    ApplicationMove, ApplicationStatus, Party, Refusal, Transition, check_age, transition,
};
use questline_domain::ids::{AccountId, ApplicationId, SeriesId};
use questline_domain::notifications::{NotificationKind, NotificationParams};
use questline_domain::series::LifecycleStatus;
use questline_domain::{DomainError, ErrorCode, ErrorType};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter};
use uuid::Uuid;

use super::commands::{Apply, Note};
use super::entities::{application, message};
use super::{events, queries};
use crate::db::{expect_updated, unique};
use crate::error::{ApiError, on_unique_violation};
use crate::events::Notice;
use crate::series::{self, SeriesFacts};
use crate::state::Write;

pub fn application_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesApplicationNotFound, "Application not found")
}

pub fn series_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesNotFound, "Series not found")
}

fn not_allowed(code: ErrorCode, message: &str) -> ApiError {
    ApiError::new(ErrorType::NotAllowed, code, message)
}

fn recruitment_closed() -> ApiError {
    not_allowed(ErrorCode::RecruitmentClosed, "Recruitment for this series is closed")
}

fn series_full() -> ApiError {
    not_allowed(ErrorCode::SeriesFull, "This series is full")
}

fn already_applied() -> ApiError {
    DomainError::from(Refusal::AlreadyApplied).into()
}

/// The series, as a player who may apply sees it: a draft is someone else's secret ("not found"), like a series
/// that does not exist.
async fn series_for(w: &Write<'_>, id: SeriesId) -> Result<SeriesFacts, ApiError> {
    series::facts(w.txn, id, w.now)
        .await?
        .filter(|facts| facts.lifecycle != LifecycleStatus::Draft)
        .ok_or_else(series_not_found)
}

/// What applying (or reopening) asks of the series: recruiting, a free seat, and the player old enough on the
/// day of its next session.
async fn check_admission(w: &Write<'_>, player: AccountId, facts: &SeriesFacts) -> Result<(), ApiError> {
    if !facts.is_recruiting() {
        return Err(recruitment_closed());
    }
    if facts.is_full() {
        return Err(series_full());
    }
    let birthdate = w.hooks.players.birthdate(w.txn, player).await?;
    check_age(facts.min_player_age, birthdate, facts.next_session_date).map_err(DomainError::from)?;
    Ok(())
}

/// The player applies to a series with an optional message. Applying again after a cancellation or a rejection
/// reopens the same application (one per series and player).
#[tracing::instrument(skip(w, command), fields(player = %player, series = %command.series))]
pub async fn apply(w: &Write<'_>, player: AccountId, command: Apply) -> Result<application::Model, ApiError> {
    let Apply { series: series_id, message: text } = command;
    let facts = series::facts(w.txn, series_id, w.now).await?.ok_or_else(series_not_found)?;
    if facts.gm == player {
        return Err(not_allowed(ErrorCode::OwnSeries, "You cannot apply to your own series"));
    }
    if facts.lifecycle == LifecycleStatus::Draft {
        return Err(series_not_found());
    }
    let existing = queries::of_player(w.txn, series_id.as_uuid(), player.as_uuid()).await?;
    if let Some(row) = existing {
        let moved = transition(queries::status(&row), ApplicationMove::Apply).map_err(DomainError::from)?;
        check_admission(w, player, &facts).await?;
        return save(w, player, row, moved, text).await;
    }
    check_admission(w, player, &facts).await?;
    let id = ApplicationId::new();
    application::Entity::insert(application::ActiveModel {
        id: Set(id.as_uuid()),
        series_id: Set(series_id.as_uuid()),
        player_id: Set(player.as_uuid()),
        gm_id: Set(facts.gm.as_uuid()),
        status: Set(ApplicationStatus::Pending.as_str().to_owned()),
        message: Set(text.clone()),
        reply_message: Set(None),
        created_at: Set(w.now),
        updated_at: Set(w.now),
        version: Set(1),
    })
    .exec_without_returning(w.txn)
    .await
    // Two applies racing: the unique (series, player) index lets one through.
    .map_err(|error| on_unique_violation(error, &unique::APPLICATION_PER_PLAYER, already_applied))?;
    record_history(w, id.as_uuid(), ApplicationMove::Apply, player, text.clone()).await?;
    let notice =
        notice(w.txn, id.as_uuid(), series_id.as_uuid(), player, facts.gm, ApplicationStatus::Pending, text).await?;
    w.record(events::created(id, player, facts.gm).notices(notice)).await?;
    queries::by_id(w.txn, id).await?.ok_or_else(application_not_found)
}

/// A move on one application by `caller` (cancel, reopen, accept, reject).
#[tracing::instrument(skip(w, note), fields(caller = %caller, application = %id, action = move_.action()))]
pub async fn make_move(
    w: &Write<'_>,
    caller: AccountId,
    id: ApplicationId,
    move_: ApplicationMove,
    note: Note,
) -> Result<application::Model, ApiError> {
    let Note(text) = note;
    let row = queries::by_id(w.txn, id)
        .await?
        .filter(|row| row.player_id == caller.as_uuid() || row.gm_id == caller.as_uuid())
        .ok_or_else(application_not_found)?;
    moved_by(w, caller, row, move_, text).await
}

/// The GM removes an accepted player from their series (the application becomes rejected, history "removed").
#[tracing::instrument(skip(w, note), fields(gm = %gm, series = %series_id, player = %player))]
pub async fn remove_player(
    w: &Write<'_>,
    gm: AccountId,
    series_id: SeriesId,
    player: AccountId,
    note: Note,
) -> Result<application::Model, ApiError> {
    let Note(text) = note;
    series::facts(w.txn, series_id, w.now).await?.filter(|facts| facts.gm == gm).ok_or_else(series_not_found)?;
    let row =
        queries::of_player(w.txn, series_id.as_uuid(), player.as_uuid()).await?.ok_or_else(application_not_found)?;
    moved_by(w, gm, row, ApplicationMove::Remove, text).await
}

async fn moved_by(
    w: &Write<'_>,
    caller: AccountId,
    row: application::Model,
    move_: ApplicationMove,
    text: Option<String>,
) -> Result<application::Model, ApiError> {
    match move_.party() {
        Party::Applicant if row.player_id != caller.as_uuid() => {
            return Err(ApiError::forbidden(ErrorCode::ApplicantOnly, "Only the player who applied can do this"));
        }
        Party::GameMaster if row.gm_id != caller.as_uuid() => {
            return Err(ApiError::forbidden(ErrorCode::GameMasterOnly, "Only the series' game master can do this"));
        }
        _ => {}
    }
    let moved = transition(queries::status(&row), move_).map_err(DomainError::from)?;
    if move_ == ApplicationMove::Accept {
        // A completed or cancelled series takes nobody in any more (a closed recruitment still lets the GM accept
        // the applications already waiting).
        let facts = series::facts(w.txn, SeriesId(row.series_id), w.now).await?.ok_or_else(series_not_found)?;
        if !facts.lifecycle.is_open_to_players() {
            return Err(not_allowed(
                ErrorCode::SeriesEnded,
                "This series has ended: its applications can no longer be accepted",
            ));
        }
    }
    if move_.is_application() {
        let facts = series_for(w, SeriesId(row.series_id)).await?;
        check_admission(w, caller, &facts).await?;
    }
    save(w, caller, row, moved, text).await
}

/// Writes the move if the application is still at the version read, with its history entry, the seat it takes
/// or gives back, and its event.
async fn save(
    w: &Write<'_>,
    author: AccountId,
    row: application::Model,
    moved: Transition,
    text: Option<String>,
) -> Result<application::Model, ApiError> {
    let mut update = application::ActiveModel {
        status: Set(moved.to.as_str().to_owned()),
        updated_at: Set(w.now),
        version: Set(row.version + 1),
        ..Default::default()
    };
    // The latest message of each side: a move without one keeps the earlier one.
    if let Some(text) = text.clone() {
        match moved.by.party() {
            Party::Applicant => update.message = Set(Some(text)),
            Party::GameMaster => update.reply_message = Set(Some(text)),
        }
    }
    let result = application::Entity::update_many()
        .set(update)
        .filter(application::Column::Id.eq(row.id))
        .filter(application::Column::Version.eq(row.version))
        .exec(w.txn)
        .await?;
    expect_updated(result.rows_affected)?;
    let series_id = SeriesId(row.series_id);
    match moved.seat_change() {
        1 if !series::take_seat(w, series_id).await? => return Err(series_full()),
        -1 => {
            series::free_seat(w, series_id).await?;
            // Out of the series, out of what the features above hold for the player (its sessions not started).
            let removed = moved.by == ApplicationMove::Remove;
            w.hooks.series.player_left(w.txn, series_id, AccountId(row.player_id), removed, w.now).await?;
        }
        _ => {}
    }
    record_history(w, row.id, moved.by, author, text.clone()).await?;
    let (player, gm) = (AccountId(row.player_id), AccountId(row.gm_id));
    let told = if moved.to == ApplicationStatus::Pending && !moved.by.is_application() { None } else { Some(moved.to) };
    let notice = match told {
        Some(to) => notice(w.txn, row.id, row.series_id, player, gm, to, text).await?,
        None => None,
    };
    w.record(events::updated(ApplicationId(row.id), player, gm).notices(notice)).await?;
    queries::by_id(w.txn, ApplicationId(row.id)).await?.ok_or_else(application_not_found)
}

/// Who hears of an application reaching `to`, and what (decisions.md, "Notifications (issue 18)"): a new or
/// renewed application is the GM's news, an acceptance or a rejection (a removal included) the player's. A
/// cancellation is nobody's. `message`, what was written with the move, goes with it (the mail quotes it).
async fn notice(
    conn: &impl ConnectionTrait,
    application: Uuid,
    series_id: Uuid,
    player: AccountId,
    gm: AccountId,
    to: ApplicationStatus,
    message: Option<String>,
) -> Result<Option<Notice>, DbErr> {
    let (kind, recipient, actor) = match to {
        ApplicationStatus::Pending => (NotificationKind::ApplicationReceived, gm, player),
        ApplicationStatus::Accepted => (NotificationKind::ApplicationAccepted, player, gm),
        ApplicationStatus::Rejected => (NotificationKind::ApplicationRejected, player, gm),
        ApplicationStatus::Cancelled => return Ok(None),
    };
    let (handle, title) = series::names(conn, &[series_id]).await?.remove(&series_id).unwrap_or_default();
    let actor_name = crate::accounts::display_names(conn, &[actor.as_uuid()]).await?.remove(&actor.as_uuid());
    let link = match kind {
        NotificationKind::ApplicationReceived => {
            format!("/dashboard/gm/my-series/applications?series={series_id}&application={application}")
        }
        NotificationKind::ApplicationAccepted => format!("/questboard/{handle}"),
        _ => format!("/dashboard/player/my-games/applications?application={application}"),
    };
    let params = NotificationParams {
        actor_id: Some(actor.as_uuid()),
        actor_name,
        series_id: Some(series_id),
        series_handle: Some(handle),
        series_title: Some(title),
        message,
        ..Default::default()
    };
    Ok(Some(Notice::new(kind, vec![recipient], link, params)))
}

async fn record_history(
    w: &Write<'_>,
    application: Uuid,
    move_: ApplicationMove,
    author: AccountId,
    text: Option<String>,
) -> Result<(), ApiError> {
    Ok(insert_history(w.txn, application, move_, author, text, w.now).await?)
}

async fn insert_history(
    txn: &DatabaseTransaction,
    application: Uuid,
    move_: ApplicationMove,
    author: AccountId,
    text: Option<String>,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    message::Entity::insert(message::ActiveModel {
        id: Set(Uuid::now_v7()),
        application_id: Set(application),
        action: Set(move_.action().to_owned()),
        author_id: Set(author.as_uuid()),
        message: Set(text),
        created_at: Set(now),
    })
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// A completed or cancelled series takes nobody any more: its pending applications are rejected (history
/// "rejected", by the series' GM), each with its event.
pub async fn reject_pending(
    txn: &DatabaseTransaction,
    series_id: SeriesId,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let pending = application::Entity::find()
        .filter(application::Column::SeriesId.eq(series_id.as_uuid()))
        .filter(application::Column::Status.eq(ApplicationStatus::Pending.as_str()))
        .all(txn)
        .await?;
    for row in pending {
        let gm = AccountId(row.gm_id);
        let Ok(moved) = transition(queries::status(&row), ApplicationMove::Reject) else { continue };
        application::Entity::update_many()
            .set(application::ActiveModel {
                status: Set(moved.to.as_str().to_owned()),
                updated_at: Set(now),
                version: Set(row.version + 1),
                ..Default::default()
            })
            .filter(application::Column::Id.eq(row.id))
            .exec(txn)
            .await?;
        insert_history(txn, row.id, ApplicationMove::Reject, gm, None, now).await?;
        let player = AccountId(row.player_id);
        let notice = notice(txn, row.id, row.series_id, player, gm, ApplicationStatus::Rejected, None).await?;
        crate::events::record_at(txn, events::updated(ApplicationId(row.id), player, gm).notices(notice), now).await?;
    }
    Ok(())
}

/// Cancels every pending or accepted application of `player` (their account is being erased), giving accepted
/// seats back, each with its history entry and events.
pub async fn withdraw_all(txn: &DatabaseTransaction, player: AccountId, now: DateTime<Utc>) -> Result<(), DbErr> {
    let live = application::Entity::find()
        .filter(application::Column::PlayerId.eq(player.as_uuid()))
        .filter(
            application::Column::Status
                .is_in([ApplicationStatus::Pending.as_str(), ApplicationStatus::Accepted.as_str()]),
        )
        .all(txn)
        .await?;
    for row in live {
        let Ok(moved) = transition(queries::status(&row), ApplicationMove::Cancel) else { continue };
        application::Entity::update_many()
            .set(application::ActiveModel {
                status: Set(moved.to.as_str().to_owned()),
                updated_at: Set(now),
                version: Set(row.version + 1),
                ..Default::default()
            })
            .filter(application::Column::Id.eq(row.id))
            .exec(txn)
            .await?;
        if moved.seat_change() < 0 {
            series::free_seat_in(txn, SeriesId(row.series_id), now).await?;
        }
        insert_history(txn, row.id, ApplicationMove::Cancel, player, None, now).await?;
        let event = events::updated(ApplicationId(row.id), player, AccountId(row.gm_id));
        crate::events::record_at(txn, event, now).await?;
    }
    Ok(())
}
