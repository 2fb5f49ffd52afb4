//! The calendar's events: a session as the reader's calendar shows it.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use questline_domain::accounts::Locale;
use questline_domain::campaign::calendar::{CalendarEvent, EventStatus, Reader, Uid, sequence};
use questline_domain::ids::{AccountId, SessionId};
use questline_domain::sessions::{ParticipantStatus, SessionStatus};
use sea_orm::{ConnectionTrait, DbErr};
use uuid::Uuid;

use crate::sessions::{self, CalendarRow};
use crate::{accounts, series};

/// How far back the feed reaches: last month's games stay in the calendar.
pub const FEED_DAYS_BACK: i64 = 30;

/// The events of `rows`, each as its reader sees it, with links on `base` (the public address) and UIDs on its host.
pub async fn events_of(
    conn: &impl ConnectionTrait,
    base: &str,
    rows: Vec<CalendarRow>,
) -> Result<Vec<CalendarEvent>, DbErr> {
    let series_ids: Vec<Uuid> = rows.iter().map(|row| row.session.series_id).collect();
    let gm_ids: Vec<Uuid> = rows.iter().map(|row| row.gm_id.as_uuid()).collect();
    let places = series::places(conn, &series_ids).await?;
    let names: HashMap<Uuid, String> = accounts::display_names(conn, &gm_ids).await?;
    let host = host_of(base);
    Ok(rows
        .into_iter()
        .map(|row| {
            let place = places.get(&row.session.series_id);
            let (reader, still_in) = match row.me {
                None => (Reader::GameMaster, true),
                Some(status) => (Reader::player(status), still_in(status)),
            };
            let session = &row.session;
            // A player out of the session sees it cancelled (their calendar drops it), one change later; a
            // session's own cancellation is a change of its status already, whatever it did to the player's seat.
            let (status, changes) = if still_in || session.status == SessionStatus::Cancelled {
                (EventStatus::of(session.status), row.changes)
            } else {
                (EventStatus::Cancelled, row.changes.saturating_add(1))
            };
            let page = match row.me {
                None => format!("{base}/dashboard/gm/my-sessions/{}", session.id),
                Some(_) => format!("{base}/dashboard/player/my-sessions/{}", session.id),
            };
            CalendarEvent {
                uid: Uid::of_session(SessionId(session.id), &host),
                sequence: sequence(changes as usize),
                status,
                start: session.scheduled_start,
                end: session.scheduled_start + Duration::minutes(i64::from(session.duration_minutes)),
                last_modified: row.changed_at,
                title: place.map(|place| place.title.clone()).unwrap_or_default(),
                game_master: names.get(&row.gm_id.as_uuid()).cloned().unwrap_or_default(),
                reader,
                table: place.and_then(|place| place.place.clone()),
                url: page,
            }
        })
        .collect())
}

/// A player still offered or holding a seat, or who played it: the others left, were turned away or removed.
fn still_in(status: ParticipantStatus) -> bool {
    !matches!(status, ParticipantStatus::Rejected | ParticipantStatus::Cancelled | ParticipantStatus::RemovedByGm)
}

/// The feed of `account`: its sessions from a month back on.
pub async fn feed_of(
    conn: &impl ConnectionTrait,
    base: &str,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<Vec<CalendarEvent>, DbErr> {
    let rows = sessions::calendar_of(conn, account, now - Duration::days(FEED_DAYS_BACK), None).await?;
    events_of(conn, base, rows).await
}

/// The host of the public address, for UIDs (`session-<id>@<host>`); the address itself when it has none.
fn host_of(base: &str) -> String {
    let rest = base.split_once("://").map_or(base, |(_, rest)| rest);
    rest.split(['/', ':']).next().unwrap_or(rest).to_owned()
}

/// The calendar's name in the reader's language.
pub fn calendar_name(locale: Locale, display_name: &str) -> String {
    match locale {
        Locale::PlPl => format!("Questline: sesje ({display_name})"),
        Locale::EnGb => format!("Questline: sessions ({display_name})"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_uid_host_is_the_public_address_host() {
        assert_eq!(host_of("https://questline.example/"), "questline.example");
        assert_eq!(host_of("http://127.0.0.1:8080"), "127.0.0.1");
        assert_eq!(host_of("questline.example"), "questline.example");
    }

    #[test]
    fn players_out_of_a_session_are_not_in_it() {
        assert!(still_in(ParticipantStatus::Invited) && still_in(ParticipantStatus::Ready));
        assert!(still_in(ParticipantStatus::ParticipatedFully) && still_in(ParticipantStatus::NoShow));
        assert!(!still_in(ParticipantStatus::Rejected) && !still_in(ParticipantStatus::RemovedByGm));
        assert!(!still_in(ParticipantStatus::Cancelled));
    }
}
