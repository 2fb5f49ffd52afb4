//! What a session's moves tell people: the event to its GM and participants, and the notices in it (decisions.md,
//! "Notifications (issue 18)"): a move's news to the players in the session, a payment due to each who may pay.

use super::*;

/// The session changed: an event to its GM and every account with a participant row.
pub(super) async fn announce(tx: Tx<'_>, row: &session::Model, created: bool) -> Result<(), DbErr> {
    announce_with(tx, row, created, Vec::new()).await
}

/// [`announce`], with what the change means for people (decisions.md, "Notifications (issue 18)").
pub(super) async fn announce_with(
    tx: Tx<'_>,
    row: &session::Model,
    created: bool,
    notices: Vec<Notice>,
) -> Result<(), DbErr> {
    let players: Vec<Uuid> = queries::participants(tx.txn, row.id).await?.into_iter().map(|p| p.player_id).collect();
    announce_to(tx, row, created, &players, notices).await
}

/// [`announce_with`] when the session's participants were just read in this write.
pub(super) async fn announce_to(
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
pub(super) fn players_in(participants: &[participant::Model]) -> Vec<AccountId> {
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
pub(super) async fn session_notice(
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

/// The session started taking payments (issue 31: not before, as the page offers no way to pay while it waits for
/// players): each participant who may pay now hears their payment is due, with their amount. Moving out and back
/// in tells them again.
pub(super) async fn payment_due(
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

/// Who hears of a status move: the players in the session before it (after it, for a start: those playing). Those
/// who owe a payment hear of it when the session starts taking payments (`settle_with`).
pub(super) async fn move_notices(
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
