//! The Dashboard index (issue 19): one answer with what needs the signed-in user now, for each role they have —
//! their next sessions and the actions waiting (confirm, mark ready, pay as a player; applications to review,
//! sessions to fix, prepare or start as a GM). It owns no table: it reads sessions, applications and series through
//! their front doors, a bounded number of queries whatever the user holds, and asks the domain's rules
//! (`questline_domain::dashboard`) what each row needs. Live updates need no event of its own: the web app refetches
//! on the session, application and series events the user already receives.

mod dto;
mod handlers;
mod queries;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::get_dashboard))
}
