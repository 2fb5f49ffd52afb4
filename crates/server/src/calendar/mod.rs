//! Calendars (issue 35): each account's private feed of the sessions it plays in or runs, for a calendar app to
//! subscribe to, and one session's event for "Add to calendar". The feed's address carries a secret token (the
//! account's settings show it and replace it); the events are written by the domain's iCalendar writer
//! (`questline_domain::campaign::calendar`). It owns one table (`calendar_feeds`) and reads sessions, series and
//! accounts through their front doors: a page of the pages floor.

mod dto;
mod entities;
mod events;
mod handlers;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::get_calendar_links, handlers::replace_calendar_token))
        .routes(routes!(handlers::calendar_feed))
        .routes(routes!(handlers::session_calendar_event))
}
