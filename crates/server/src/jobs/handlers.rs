//! Every kind of background job and what runs it: the table of contents of background work. A feature adds its
//! kinds here (a name constant next to the feature, the handler in the feature).

use std::sync::Arc;

use futures::FutureExt;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::{Handler, JobRun};
use crate::accounts;
use crate::app::AppState;
use crate::auth::session;
use crate::db::entities::event;

/// Deletes outbox events older than `QUESTLINE_EVENTS_RETENTION_DAYS`; recurring, one per database.
pub const PRUNE_EVENTS: &str = "events.prune";

pub fn handlers() -> Vec<(&'static str, Handler)> {
    vec![
        (PRUNE_EVENTS, Arc::new(|state, run| prune_events(state, run).boxed())),
        (session::END_EXPIRED, Arc::new(|state, run| session::end_expired_job(state, run).boxed())),
        (
            accounts::jobs::SEND_VERIFICATION,
            Arc::new(|state, run| accounts::jobs::send_verification(state, run).boxed()),
        ),
        (
            accounts::jobs::SEND_PASSWORD_RESET,
            Arc::new(|state, run| accounts::jobs::send_password_reset(state, run).boxed()),
        ),
    ]
}

async fn prune_events(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    let keep = chrono::Duration::days(state.config.events_retention_days.max(1));
    let before = state.clock.now() - keep;
    let deleted =
        event::Entity::delete_many().filter(event::Column::CreatedAt.lt(before)).exec(state.db.conn()).await?;
    tracing::info!(deleted = deleted.rows_affected, "pruned old outbox events");
    Ok(())
}
