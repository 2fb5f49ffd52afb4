//! Sessions: one game of a series, run by its GM with the players who got a seat. The GM creates a session of an
//! active series with pricing for some of its accepted players (invited), fixes the date, starts preparation
//! (payments for a paid series), starts, completes or stops it early, or cancels it; the players confirm (a seat),
//! reject, mark ready and leave. The state machines, the automatic moves and the schedule rules are the domain's
//! (`questline_domain::sessions`). Every change is a history row and an event for the GM and the participants.
//! A durable job cancels a session still not in progress an hour after its scheduled start.
//!
//! Other features call the hooks below (a player leaving a series, a series ending, an account erased).

mod dto;
mod entities;
mod events;
mod handlers;
mod queries;
mod store;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use futures::FutureExt;
use futures::future::BoxFuture;
use questline_domain::ids::{AccountId, SeriesId};
use sea_orm::{DatabaseTransaction, DbErr};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use store::{ABANDON, PaymentRefs};

use crate::error::ApiError;
use crate::jobs::{Handler, JobRun};
use crate::state::{AppState, Write};
use store::Tx;

/// The background work of this feature: the 60-minute rule.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(ABANDON, Arc::new(|state, run| abandon_job(state, run).boxed()))]
}

async fn abandon_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: store::AbandonPayload = serde_json::from_value(run.payload)?;
    let now = state.clock.now();
    let cancelled = state
        .db
        .write(move |txn| Box::pin(async move { store::abandon(Tx { txn, now }, payload.session_id).await }))
        .await
        .map_err(|error| anyhow::anyhow!("abandoning a session failed: {error:?}"))?;
    if cancelled {
        tracing::info!(session = %payload.session_id, "cancelled a session not started an hour after its start");
    }
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::create_session))
        .routes(routes!(handlers::list_gm_sessions))
        .routes(routes!(handlers::get_gm_session))
        .routes(routes!(handlers::delete_session))
        .routes(routes!(handlers::update_session_schedule))
        .routes(routes!(handlers::start_session_planning))
        .routes(routes!(handlers::fix_session_schedule))
        .routes(routes!(handlers::start_session_preparation))
        .routes(routes!(handlers::start_session))
        .routes(routes!(handlers::complete_session))
        .routes(routes!(handlers::stop_session_early))
        .routes(routes!(handlers::cancel_session))
        .routes(routes!(handlers::add_session_participants))
        .routes(routes!(handlers::remove_session_participant))
        .routes(routes!(handlers::list_player_sessions))
        .routes(routes!(handlers::get_player_session))
        .routes(routes!(handlers::confirm_participation))
        .routes(routes!(handlers::reject_participation))
        .routes(routes!(handlers::mark_ready))
        .routes(routes!(handlers::leave_session))
}

/// Hook for applications: a player who cancelled their accepted application (`removed` false) or whom the GM
/// removed from the series (`removed` true) leaves the series' sessions that have not started, in the write's
/// transaction.
pub async fn on_player_left_series(
    w: &Write<'_>,
    series: SeriesId,
    player: AccountId,
    removed: bool,
) -> Result<(), ApiError> {
    store::leave_series(Tx::from(w), series.as_uuid(), player.as_uuid(), removed).await
}

/// Hook for series: a completed or cancelled series cancels its sessions that have not started.
pub async fn on_series_ended(w: &Write<'_>, series: SeriesId) -> Result<(), ApiError> {
    store::series_ended(Tx::from(w), series.as_uuid()).await
}

/// Account hook: an erased account's participations in sessions that have not started are cancelled (seats
/// freed); the rows and the history stay.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    now: DateTime<Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(async move {
        store::account_erased(Tx { txn, now }, account)
            .await
            .map_err(|error| DbErr::Custom(format!("cancelling the participations of an erased account: {error:?}")))
    })
}

/// Commerce's front door: the provider declined an attempt; the payment stays open and counts the attempt.
pub async fn payment_declined(w: &Write<'_>, payment_id: uuid::Uuid) -> Result<(), ApiError> {
    store::payment_declined(Tx::from(w), payment_id).await
}

/// Commerce's front door: an order paid the payment, in the transaction that records it. The payment becomes
/// `completed` with `refs`, the session makes its automatic moves and its GM's page updates live. `false` (nothing
/// written) when the payment is no longer open, so the order must not be recorded.
pub async fn payment_completed(w: &Write<'_>, payment_id: uuid::Uuid, refs: PaymentRefs) -> Result<bool, ApiError> {
    store::payment_completed(Tx::from(w), payment_id, refs).await
}
