//! Series: what a GM publishes from one of their blueprints — title, description, location, language of play,
//! pricing, player requirements, a schedule in the GM's time zone, and a status that follows the domain's state
//! machine (`questline_domain::series`). A draft is its GM's alone; published and active series are on the public
//! Questboard. Events of a draft go to its GM, of any other series to everyone (`events.rs`).
//!
//! Other features ask through the functions below, never through the table.

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use questline_domain::ids::BlueprintId;
use sea_orm::{ConnectionTrait, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::Handler;
use crate::state::AppState;

/// The background work of this feature: none yet (a passed `next_session_at` is recomputed when read).
pub fn jobs() -> Vec<(&'static str, Handler)> {
    Vec::new()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_my_series, handlers::create_series))
        .routes(routes!(handlers::get_series))
        .routes(routes!(handlers::update_series, handlers::delete_series))
        .routes(routes!(handlers::set_series_schedule))
        .routes(routes!(handlers::list_questboard))
}

/// Whether a series is made from the blueprint (then the blueprint may not be deleted).
pub async fn uses_blueprint(conn: &impl ConnectionTrait, blueprint: BlueprintId) -> Result<bool, DbErr> {
    queries::uses_blueprint(conn, blueprint).await
}
