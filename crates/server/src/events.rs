//! The event outbox and its dispatcher.
//!
//! A feature describes each change with an [`Event`] written in the same transaction as the change, in one line,
//! built by the feature's typed constructor (its `events.rs` names the entity and the audience once):
//!
//! ```ignore
//! state.events.record(txn, events::updated(id)).await?; // accounts/events.rs: Event::updated("account", id).to(…)
//! ```
//!
//! The dispatcher reads committed events from the `events` table and hands them to subscribers (the websocket,
//! notifications, history). The outbox is the only source: nothing is delivered that is not in the table. The
//! dispatcher wakes when `Db::write` commits on this instance, on PostgreSQL also when another instance commits
//! (`record` issues `NOTIFY questline_events` inside the transaction, which PostgreSQL delivers at commit and
//! drops on rollback; a `LISTEN` connection per instance only wakes the dispatcher), and it polls as a fallback.
//!
//! On PostgreSQL, sequence numbers are taken when a row is inserted, not when its transaction commits, so a
//! transaction holding seq 7 may commit after one holding seq 8. A bare "id > cursor" would then skip 7 for good.
//! The dispatcher therefore remembers the holes it has stepped over ([`Cursor`]) and keeps looking for them for
//! [`GAP_PATIENCE`]; a hole that stays empty that long was a rolled-back insert. Each event is delivered once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sea_orm::DbBackend;
use tokio::time::Instant;

use questline_domain::ids::AccountId;
use questline_domain::notifications::{NotificationKind, NotificationParams};
use sea_orm::ColumnTrait;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::clock::SharedClock;
use crate::db::Db;
use crate::db::entities::event;

/// How many dispatched events a slow subscriber may fall behind before it misses some (it then refetches).
const SUBSCRIBER_BUFFER: usize = 1024;
/// How often the dispatcher looks for events without being woken, by default. On SQLite there is one instance and
/// every commit wakes it; on PostgreSQL LISTEN/NOTIFY wakes it, so polling only covers a lost notification.
pub const DEFAULT_POLL_INTERVAL: Duration = Duration::from_millis(500);
const BATCH: u64 = 500;
/// How long a hole in the sequence is watched for a late commit before it is taken for a rolled-back insert.
/// Longer than any write transaction should take (request timeout is 30 s by default).
pub const GAP_PATIENCE: Duration = Duration::from_secs(60);
/// Holes watched at most; a huge rollback must not make every poll carry a huge `IN (…)` list.
const MAX_GAPS: usize = 1000;
/// The PostgreSQL channel whose notifications wake the dispatchers of every instance.
pub const NOTIFY_CHANNEL: &str = "questline_events";
/// Entity of the internal event that says a sign-in session ended (its id is the session's id). Never sent to
/// clients: the websocket closes that session's sockets on every instance.
pub const SESSION_ENDED: &str = "auth_session";

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
    /// No client: a signal between parts of the server (and between instances), such as a session that ended.
    Internal,
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
            Audience::Internal => false,
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
    /// What the change means for people: the notifications it makes (read by the notifications' consumer, never
    /// sent to clients as they are).
    pub notices: Vec<Notice>,
}

/// One kind of notification an event makes, for some accounts: the feature that records the event says what
/// happened and to whom, and the notifications feature (the outbox's one consumer) makes, stores and mails them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Notice {
    pub kind: NotificationKind,
    pub recipients: Vec<AccountId>,
    /// The app path the notification leads to (`/questboard/{handle}`, `/dashboard/player/my-sessions/{id}`).
    pub link: String,
    pub params: NotificationParams,
    /// Names the cause when the same one may be recorded twice (a retried job): one notification per recipient
    /// and key. Without it, the event and the notice's place in it are the cause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

impl Notice {
    pub fn new(
        kind: NotificationKind,
        recipients: Vec<AccountId>,
        link: impl Into<String>,
        params: NotificationParams,
    ) -> Self {
        Self { kind, recipients, link: link.into(), params, key: None }
    }

    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl Event {
    fn new(kind: EventKind, entity: &'static str, id: impl ToString) -> Self {
        Self {
            entity,
            id: id.to_string(),
            kind,
            audience: Audience::Accounts(Vec::new()),
            data: None,
            notices: Vec::new(),
        }
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

    /// Adds a notice (one with no recipients is left out).
    pub fn notice(mut self, notice: Notice) -> Self {
        if !notice.recipients.is_empty() {
            self.notices.push(notice);
        }
        self
    }

    /// Adds each notice of `notices`.
    pub fn notices(self, notices: impl IntoIterator<Item = Notice>) -> Self {
        notices.into_iter().fold(self, Event::notice)
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
    /// Whether it carries notices for the notifications' consumer (which wakes for these only).
    pub has_notices: bool,
    /// When its transaction wrote it (the outbox's lag is the time from then to its dispatch).
    pub recorded_at: DateTime<Utc>,
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
        let has_notices = row.notices.is_some();
        Some(Self {
            seq: row.id,
            entity: row.entity,
            id: row.entity_id,
            kind,
            audience,
            data: row.data,
            has_notices,
            recorded_at: row.created_at,
        })
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
        record_at(conn, event, self.clock.now()).await
    }

    /// Committed events from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<DispatchedEvent>> {
        self.sender.subscribe()
    }

    /// Starts the dispatcher: from the newest event at start, every committed event goes to the subscribers once,
    /// in outbox order except for late commits (see the module documentation). On PostgreSQL it also listens for
    /// other instances' commits.
    pub async fn start_dispatcher(
        &self,
        db: Db,
        database_url: &str,
        poll: Duration,
    ) -> Result<tokio::task::JoinHandle<()>, DbErr> {
        let mut cursor = Cursor::at(newest_seq(&db).await?);
        let (sender, clock) = (self.sender.clone(), self.clock.clone());
        let mut commits = db.commits_to(crate::db::Outbox::Events);
        let elsewhere = Arc::new(tokio::sync::Notify::new());
        if db.backend() == DbBackend::Postgres {
            spawn_listener(database_url, elsewhere.clone()).await?;
        }
        Ok(tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = commits.changed() => {}
                    _ = elsewhere.notified() => {}
                    _ = tokio::time::sleep(poll) => {}
                }
                // Read until a short batch: a burst larger than one batch must not wait for the next wake-up.
                loop {
                    match cursor.read(&db).await {
                        Ok((events, full)) => {
                            if let Some(newest) = events.last() {
                                crate::metrics::outbox_dispatched(events.len(), clock.now() - newest.recorded_at);
                            }
                            for event in events {
                                // No subscriber is not an error: nobody is listening right now.
                                let _ = sender.send(Arc::new(event));
                            }
                            if !full {
                                break;
                            }
                        }
                        Err(error) => {
                            tracing::warn!(%error, "reading the event outbox failed; will retry");
                            break;
                        }
                    }
                }
            }
        }))
    }
}

/// Writes an event row in the caller's transaction, timestamped `now`. For code that has no `EventBus` at hand
/// (the session functions); features use [`EventBus::record`].
pub async fn record_at(conn: &impl ConnectionTrait, event: Event, now: DateTime<Utc>) -> Result<(), DbErr> {
    let audience = serde_json::to_value(&event.audience).map_err(|e| DbErr::Custom(e.to_string()))?;
    let notices = if event.notices.is_empty() {
        None
    } else {
        Some(serde_json::to_value(&event.notices).map_err(|e| DbErr::Custom(e.to_string()))?)
    };
    let row = event::ActiveModel {
        entity: Set(event.entity.to_owned()),
        entity_id: Set(event.id),
        kind: Set(event.kind.as_str().to_owned()),
        audience: Set(audience),
        data: Set(event.data),
        created_at: Set(now),
        notices: Set(notices),
        noticed_at: Set(None),
        ..Default::default()
    };
    event::Entity::insert(row).exec_without_returning(conn).await?;
    crate::db::wrote(crate::db::Outbox::Events);
    if conn.get_database_backend() == DbBackend::Postgres {
        // Delivered when the transaction commits, dropped if it rolls back; several in one transaction collapse.
        conn.execute_unprepared(&format!("NOTIFY {NOTIFY_CHANNEL}")).await?;
    }
    Ok(())
}

/// Wakes the dispatcher whenever any instance commits events. The listener has its own connection (outside the
/// pool, so closing the pool is not held up by it) and reconnects by itself; while it is down, polling delivers.
async fn spawn_listener(database_url: &str, wake: Arc<tokio::sync::Notify>) -> Result<(), DbErr> {
    use sea_orm::sqlx::postgres::PgListener;
    let mut listener = PgListener::connect(database_url).await.map_err(|e| DbErr::Custom(e.to_string()))?;
    listener.listen(NOTIFY_CHANNEL).await.map_err(|e| DbErr::Custom(e.to_string()))?;
    tokio::spawn(async move {
        loop {
            match listener.try_recv().await {
                Ok(Some(_)) => wake.notify_one(),
                // The connection was lost and is being re-established: events may have been missed, so look.
                Ok(None) => wake.notify_one(),
                Err(error) => {
                    tracing::warn!(%error, "listening for other instances' events failed; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}

/// Where the dispatcher is in the outbox: the highest sequence number seen, and the holes below it that a
/// transaction still in flight may fill.
#[derive(Debug, Default)]
pub struct Cursor {
    last: i64,
    gaps: BTreeMap<i64, Instant>,
}

impl Cursor {
    pub fn at(last: i64) -> Self {
        Self { last, gaps: BTreeMap::new() }
    }

    /// The next committed events, each once; `true` when the batch was full and more may be waiting.
    pub async fn read(&mut self, db: &Db) -> Result<(Vec<DispatchedEvent>, bool), DbErr> {
        self.forget_old_gaps(Instant::now());
        // Two index lookups, not one `id > last OR id IN (holes)`: PostgreSQL answers that with a walk of the
        // whole index (it was 40 % of the database's time in the checkout benchmark).
        let mut rows = if self.gaps.is_empty() {
            Vec::new()
        } else {
            event::Entity::find()
                .filter(event::Column::Id.is_in(self.gaps.keys().copied()))
                .order_by_asc(event::Column::Id)
                .all(db.conn())
                .await?
        };
        let newer = event::Entity::find()
            .filter(event::Column::Id.gt(self.last))
            .order_by_asc(event::Column::Id)
            .limit(BATCH)
            .all(db.conn())
            .await?;
        let full = newer.len() as u64 == BATCH;
        // The holes are all below `last`, so the rows stay in ascending order.
        rows.extend(newer);
        let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
        let fresh = self.advance(&ids, Instant::now());
        let events =
            rows.into_iter().filter(|row| fresh.contains(&row.id)).filter_map(DispatchedEvent::from_row).collect();
        Ok((events, full))
    }

    /// Takes note of the rows read (ascending ids) and answers the ones not delivered before.
    fn advance(&mut self, ids: &[i64], now: Instant) -> Vec<i64> {
        let mut fresh = Vec::with_capacity(ids.len());
        for &id in ids {
            if self.gaps.remove(&id).is_some() {
                fresh.push(id);
            } else if id > self.last {
                for hole in (self.last + 1)..id {
                    if self.gaps.len() >= MAX_GAPS {
                        break;
                    }
                    self.gaps.insert(hole, now);
                }
                self.last = id;
                fresh.push(id);
            }
        }
        fresh
    }

    fn forget_old_gaps(&mut self, now: Instant) {
        self.gaps.retain(|_, seen| now.duration_since(*seen) < GAP_PATIENCE);
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
    fn internal_events_reach_no_client() {
        assert!(!Audience::Internal.includes(AccountId::new()));
    }

    #[test]
    fn a_late_commit_below_the_cursor_is_delivered_once() {
        let start = Instant::now();
        let mut cursor = Cursor::at(5);
        // 7 and 9 commit first; 6 and 8 are still in flight.
        assert_eq!(cursor.advance(&[7, 9], start), vec![7, 9]);
        // 8 commits late: it is found in the holes and delivered; 7 and 9 are not delivered again.
        assert_eq!(cursor.advance(&[7, 8, 9], start), vec![8]);
        assert_eq!(cursor.advance(&[10], start), vec![10]);
        // 6 never commits (rolled back): after the patience it is no longer looked for.
        assert!(cursor.gaps.contains_key(&6));
        cursor.forget_old_gaps(start + GAP_PATIENCE);
        assert!(cursor.gaps.is_empty());
        assert_eq!(cursor.advance(&[6], start), Vec::<i64>::new(), "a forgotten hole is not delivered");
    }

    #[test]
    fn audiences_round_trip_through_json() {
        let a = AccountId::new();
        for audience in [Audience::Public, Audience::Accounts(vec![a]), Audience::Internal] {
            let json = serde_json::to_value(&audience).unwrap();
            assert_eq!(serde_json::from_value::<Audience>(json).unwrap(), audience);
        }
    }
}
