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
mod images;
mod queries;
mod store;

use std::sync::Arc;

use futures::FutureExt;
use questline_domain::ids::BlueprintId;
use sea_orm::{ConnectionTrait, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::{Handler, JobRun};
use crate::state::AppState;

/// The job that keeps the precomputed `next_session_at` current (reads compute a passed one on the fly meanwhile).
pub const REFRESH_NEXT_SESSIONS: &str = "series.refresh_next_sessions";
/// How often it runs.
pub const REFRESH_NEXT_SESSIONS_EVERY: chrono::Duration = chrono::Duration::minutes(10);
const REFRESH_BATCH: u64 = 500;

/// The background work of this feature.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(REFRESH_NEXT_SESSIONS, Arc::new(|state, run| refresh_next_sessions_job(state, run).boxed()))]
}

async fn refresh_next_sessions_job(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    while refresh_next_sessions(&state).await? == REFRESH_BATCH {}
    Ok(())
}

/// Moves one batch of passed `next_session_at` values to the next session; returns how many it moved.
pub async fn refresh_next_sessions(state: &AppState) -> anyhow::Result<u64> {
    let now = state.clock.now();
    let moved = state
        .db
        .write(move |txn| Box::pin(async move { store::refresh_next_sessions(txn, now, REFRESH_BATCH).await }))
        .await
        .map_err(|error| anyhow::anyhow!("refreshing next sessions failed: {error:?}"))?;
    if moved > 0 {
        tracing::info!(moved, "moved next sessions of series");
    }
    Ok(moved)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_my_series, handlers::create_series))
        .routes(routes!(handlers::get_series))
        .routes(routes!(handlers::update_series, handlers::delete_series))
        .routes(routes!(handlers::set_series_schedule))
        .routes(routes!(handlers::list_questboard))
        .merge(
            // Uploads have their own body limit, larger than the API's.
            OpenApiRouter::new()
                .routes(routes!(images::upload_series_image, images::get_series_image))
                .layer(axum::extract::DefaultBodyLimit::max(images::BODY_LIMIT)),
        )
}

/// What a shared link to a series shows (Open Graph, Twitter card): only for a published or active series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareCard {
    pub handle: String,
    pub title: String,
    pub description: String,
    /// The path of its picture (thumbnail, else banner), with its version.
    pub image_path: Option<String>,
}

/// The share card of the series with this handle, if it is published or active.
pub async fn share_card(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<ShareCard>, DbErr> {
    queries::share_card(conn, handle).await
}

/// Whether a series is made from the blueprint (then the blueprint may not be deleted).
pub async fn uses_blueprint(conn: &impl ConnectionTrait, blueprint: BlueprintId) -> Result<bool, DbErr> {
    queries::uses_blueprint(conn, blueprint).await
}
