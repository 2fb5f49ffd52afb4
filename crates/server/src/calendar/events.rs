//! The calendar's events: a session as the reader's calendar shows it.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use questline_domain::accounts::Locale;
use questline_domain::campaign::calendar::{CalendarEvent, Reader, Uid, event_status};
use questline_domain::ids::{AccountId, SessionId};
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
            let reader = row.me.map_or(Reader::GameMaster, Reader::player);
            let session = &row.session;
            let (status, sequence) = event_status(session.status, row.me, row.changes as usize);
            let page = match row.me {
                None => format!("{base}/dashboard/gm/my-sessions/{}", session.id),
                Some(_) => format!("{base}/dashboard/player/my-sessions/{}", session.id),
            };
            CalendarEvent {
                uid: Uid::of_session(SessionId(session.id), &host),
                sequence,
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
}
