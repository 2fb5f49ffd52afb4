//! The session's reminders: scheduled for its current start, and sent when one falls due.

use super::*;

/// Schedules the reminders of the session's current start (one job per start and reminder; an earlier start's
/// jobs find the start moved and remind nobody). A reminder whose time has passed is not scheduled.
pub(super) async fn schedule_reminders(
    w: &Write<'_>,
    id: Uuid,
    start: DateTime<Utc>,
    time_zone: &str,
) -> Result<(), DbErr> {
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
