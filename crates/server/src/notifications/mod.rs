//! Notifications (issue 18): in-app, live over the websocket, and by e-mail; reminders before sessions; each
//! account's preferences and one-click unsubscribe links.
//!
//! Features do not call this module to notify: they describe what their change means for people as
//! [`Notice`](crate::events::Notice)s on the outbox events they already record (`Event::notice`). This module is
//! the outbox's one consumer of notices ([`store::consume`]): it runs on every instance as soon as the dispatcher
//! sees an event, and as a recurring job that sweeps up whatever was committed while no instance listened. It
//! makes one notification per recipient and cause (unique in the database, so running twice or on two instances
//! makes none twice), tells the recipient over the websocket (`notification` created, with the notification as
//! `data`) and schedules its e-mail (`jobs.rs`) when the recipient takes that kind by e-mail. The list of kinds,
//! who receives each and where it links is in docs/decisions.md, "Notifications (issue 18)".

mod dto;
mod entities;
mod events;
mod handlers;
mod jobs;
mod mails;
mod store;
mod tokens;

use chrono::Duration;
use futures::future::BoxFuture;
use questline_domain::ids::AccountId;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr};
use tokio::sync::broadcast::error::RecvError;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::jobs::{Handler, Job};
use crate::state::AppState;

pub use jobs::{CONSUME, CONSUME_EVERY, PRUNE};

/// The path of the one-click unsubscribe, exempt from CSRF (see `app.rs`).
pub const UNSUBSCRIBE_PATH: &str = "/unsubscribe";

pub fn jobs() -> Vec<(&'static str, Handler)> {
    jobs::handlers()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_notifications))
        .routes(routes!(handlers::mark_notification_read))
        .routes(routes!(handlers::mark_all_notifications_read))
        .routes(routes!(handlers::get_notification_preferences, handlers::update_notification_preferences))
        .routes(routes!(handlers::unsubscribe))
}

/// The recurring jobs of this feature, one per database.
pub fn recurring() -> Vec<Job> {
    vec![
        Job::new(CONSUME, ()).unique(CONSUME).every(CONSUME_EVERY),
        Job::new(PRUNE, ()).unique(PRUNE).every(Duration::days(1)),
    ]
}

/// Starts this instance's consumer: it runs once now (events committed while no instance ran) and again each
/// time the dispatcher hands out an event that carries notices (the rest, its own `notification` events among
/// them, cost it nothing).
pub fn start(state: AppState) {
    let mut feed = state.events.subscribe();
    tokio::spawn(async move {
        loop {
            if let Err(error) = store::consume(&state).await {
                tracing::warn!(%error, "making notifications failed; will retry");
            }
            // Wait for an event that carries notices, then take every one already waiting in one round.
            loop {
                match feed.recv().await {
                    Ok(event) if !event.has_notices => continue,
                    Ok(_) | Err(RecvError::Lagged(_)) => break,
                    Err(RecvError::Closed) => return,
                }
            }
            while let Ok(_) | Err(tokio::sync::broadcast::error::TryRecvError::Lagged(_)) = feed.try_recv() {}
        }
    });
}

/// Makes the notifications of every event not yet handled, now (tests and the admin tools).
pub async fn consume_now(state: &AppState) -> Result<u64, crate::error::ApiError> {
    store::consume(state).await
}

/// The account is erased: its notifications and preferences go.
pub fn on_account_erased(
    txn: &DatabaseTransaction,
    account: AccountId,
    _now: chrono::DateTime<chrono::Utc>,
) -> BoxFuture<'_, Result<(), DbErr>> {
    Box::pin(store::erase(txn, account))
}

/// The number of unread notifications of `account` (tests).
pub async fn unread_count(conn: &impl ConnectionTrait, account: uuid::Uuid) -> Result<u64, DbErr> {
    let page = crate::pagination::PageRequest { offset: 0, limit: 1 };
    Ok(store::list(conn, account, page, true).await?.2)
}
