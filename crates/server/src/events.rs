//! The event outbox and its dispatcher.
//!
//! A feature describes each change with an [`Event`] written in the same transaction as the change, in one line:
//!
//! ```ignore
//! state.events.record(txn, Event::updated("account", id).to(Audience::account(id))).await?;
//! ```
//!
//! The dispatcher reads committed events from the `events` table in order and hands them to subscribers (the
//! websocket, notifications, history). It wakes when `Db::write` commits and also polls, so events written by
//! another instance on the same PostgreSQL database are picked up too; the realtime work adds LISTEN/NOTIFY as a
//! faster wake-up without changing how features record events.

use std::sync::Arc;
use std::time::Duration;

use questline_domain::ids::AccountId;
use sea_orm::ColumnTrait;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::clock::SharedClock;
use crate::db::Db;
use crate::db::entities::event;

/// How many dispatched events a slow subscriber may fall behind before it misses some (it then refetches).
const SUBSCRIBER_BUFFER: usize = 1024;
/// How often the dispatcher looks for events without being woken (other instances' commits).
const POLL_INTERVAL: Duration = Duration::from_millis(500);
const BATCH: u64 = 500;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Created,
    Updated,
    Deleted,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Created => "created",
            EventKind::Updated => "updated",
            EventKind::Deleted => "deleted",
        }
    }

    fn parse(value: &str) -> Option<Self> {
        match value {
            "created" => Some(EventKind::Created),
            "updated" => Some(EventKind::Updated),
            "deleted" => Some(EventKind::Deleted),
            _ => None,
        }
    }
}

/// Who may receive an event. Resolved when the event is recorded, from the rule written next to each feature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every signed-in user (for example, a change to a published series).
    Public,
    /// These accounts only (an account's owner, a session's GM and participants, an application's two sides).
    Accounts(Vec<AccountId>),
}

impl Audience {
    pub fn account(id: AccountId) -> Self {
        Audience::Accounts(vec![id])
    }

    /// Whether a signed-in account may receive the event.
    pub fn includes(&self, account: AccountId) -> bool {
        match self {
            Audience::Public => true,
            Audience::Accounts(accounts) => accounts.contains(&account),
        }
    }
}

/// A change to record, built with [`Event::created`], [`Event::updated`] or [`Event::deleted`] and [`Event::to`].
#[derive(Debug, Clone)]
pub struct Event {
    pub entity: &'static str,
    pub id: String,
    pub kind: EventKind,
    pub audience: Audience,
    /// Sent only where every recipient may see all of it.
    pub data: Option<serde_json::Value>,
}

impl Event {
    fn new(kind: EventKind, entity: &'static str, id: impl ToString) -> Self {
        Self { entity, id: id.to_string(), kind, audience: Audience::Accounts(Vec::new()), data: None }
    }

    pub fn created(entity: &'static str, id: impl ToString) -> Self {
        Self::new(EventKind::Created, entity, id)
    }

    pub fn updated(entity: &'static str, id: impl ToString) -> Self {
        Self::new(EventKind::Updated, entity, id)
    }

    pub fn deleted(entity: &'static str, id: impl ToString) -> Self {
        Self::new(EventKind::Deleted, entity, id)
    }

    pub fn to(mut self, audience: Audience) -> Self {
        self.audience = audience;
        self
    }

    pub fn with_data(mut self, data: serde_json::Value) -> Self {
        self.data = Some(data);
        self
    }
}

/// An event read back from the outbox after its transaction committed.
#[derive(Debug, Clone, PartialEq)]
pub struct DispatchedEvent {
    /// Position in the outbox; increases with every event.
    pub seq: i64,
    pub entity: String,
    pub id: String,
    pub kind: EventKind,
    pub audience: Audience,
    pub data: Option<serde_json::Value>,
}

impl DispatchedEvent {
    fn from_row(row: event::Model) -> Option<Self> {
        let Some(kind) = EventKind::parse(&row.kind) else {
            tracing::warn!(seq = row.id, kind = %row.kind, "skipping an outbox row of unknown kind");
            return None;
        };
        let audience = match serde_json::from_value(row.audience) {
            Ok(audience) => audience,
            Err(error) => {
                tracing::warn!(seq = row.id, %error, "skipping an outbox row with an unreadable audience");
                return None;
            }
        };
        Some(Self { seq: row.id, entity: row.entity, id: row.entity_id, kind, audience, data: row.data })
    }
}

/// Records events and fans committed ones out to subscribers. Cheap to clone.
#[derive(Clone, Debug)]
pub struct EventBus {
    clock: SharedClock,
    sender: broadcast::Sender<Arc<DispatchedEvent>>,
}

impl EventBus {
    pub fn new(clock: SharedClock) -> Self {
        let (sender, _) = broadcast::channel(SUBSCRIBER_BUFFER);
        Self { clock, sender }
    }

    /// Writes the event in the caller's transaction; it is dispatched once that transaction commits.
    pub async fn record(&self, conn: &impl ConnectionTrait, event: Event) -> Result<(), DbErr> {
        let audience = serde_json::to_value(&event.audience).map_err(|e| DbErr::Custom(e.to_string()))?;
        let row = event::ActiveModel {
            entity: Set(event.entity.to_owned()),
            entity_id: Set(event.id),
            kind: Set(event.kind.as_str().to_owned()),
            audience: Set(audience),
            data: Set(event.data),
            created_at: Set(self.clock.now()),
            ..Default::default()
        };
        event::Entity::insert(row).exec_without_returning(conn).await?;
        Ok(())
    }

    /// Committed events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<DispatchedEvent>> {
        self.sender.subscribe()
    }

    /// Starts the dispatcher: from the newest event at start, every committed event goes to the subscribers in
    /// outbox order.
    pub async fn start_dispatcher(&self, db: Db) -> Result<tokio::task::JoinHandle<()>, DbErr> {
        let mut cursor = newest_seq(&db).await?;
        let sender = self.sender.clone();
        let committed = db.committed_signal();
        Ok(tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = committed.notified() => {}
                    _ = tokio::time::sleep(POLL_INTERVAL) => {}
                }
                match events_after(&db, cursor).await {
                    Ok(rows) => {
                        for row in rows {
                            cursor = row.id;
                            if let Some(event) = DispatchedEvent::from_row(row) {
                                // No subscriber is not an error: nobody is listening right now.
                                let _ = sender.send(Arc::new(event));
                            }
                        }
                    }
                    Err(error) => {
                        tracing::warn!(%error, "reading the event outbox failed; will retry")
                    }
                }
            }
        }))
    }
}

async fn newest_seq(db: &Db) -> Result<i64, DbErr> {
    let newest: Option<Option<i64>> = event::Entity::find()
        .select_only()
        .column_as(event::Column::Id.max(), "max")
        .into_tuple()
        .one(db.conn())
        .await?;
    Ok(newest.flatten().unwrap_or(0))
}

async fn events_after(db: &Db, cursor: i64) -> Result<Vec<event::Model>, DbErr> {
    event::Entity::find()
        .filter(event::Column::Id.gt(cursor))
        .order_by_asc(event::Column::Id)
        .limit(BATCH)
        .all(db.conn())
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_decide_who_receives() {
        let a = AccountId::new();
        let b = AccountId::new();
        assert!(Audience::Public.includes(a));
        assert!(Audience::account(a).includes(a));
        assert!(!Audience::account(a).includes(b));
        assert!(!Audience::Accounts(Vec::new()).includes(a), "an event with no audience reaches nobody");
    }

    #[test]
    fn audiences_round_trip_through_json() {
        let a = AccountId::new();
        for audience in [Audience::Public, Audience::Accounts(vec![a])] {
            let json = serde_json::to_value(&audience).unwrap();
            assert_eq!(serde_json::from_value::<Audience>(json).unwrap(), audience);
        }
    }
}
