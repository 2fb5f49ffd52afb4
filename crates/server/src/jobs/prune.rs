//! The job runner's own recurring work: pruning the event outbox and forgotten idempotency keys.

use std::sync::Arc;

use futures::FutureExt;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::{Handler, JobRun};
use crate::db::entities::event;
use crate::state::AppState;

/// Deletes outbox events older than `QUESTLINE_EVENTS_RETENTION_DAYS` and expired idempotency keys; recurring,
/// one per database.
pub const PRUNE_EVENTS: &str = "events.prune";

pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(PRUNE_EVENTS, Arc::new(|state, run| prune_events(state, run).boxed()))]
}

async fn prune_events(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    let keep = chrono::Duration::days(state.config.events_retention_days.max(1));
    let before = state.clock.now() - keep;
    let deleted =
        event::Entity::delete_many().filter(event::Column::CreatedAt.lt(before)).exec(state.db.conn()).await?;
    tracing::info!(deleted = deleted.rows_affected, "pruned old outbox events");
    // Kept answers and lost requests past their time; a key is freed on use anyway, this only bounds the table.
    let keys = crate::http::idempotency::prune(state.db.conn(), state.clock.now()).await?;
    tracing::info!(deleted = keys, "pruned expired idempotency keys");
    Ok(())
}
