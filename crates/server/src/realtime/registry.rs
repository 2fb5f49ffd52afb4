//! The open websocket connections of this instance, and the fan-out of committed events to them.
//!
//! Each connection owns a small bounded queue of frames waiting to be written. The fan-out task serialises an
//! event once and pushes the shared bytes to every connection whose account is in the event's audience (public
//! events to all, others looked up by account), so one slow client costs only its own queue. A queue that would
//! grow past its bound marks the connection as too slow; its task then closes it with the reason `too_slow` and the
//! client reconnects and refetches. An idle connection holds no queued frames and no allocation for them.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use axum::extract::ws::Utf8Bytes;
use questline_domain::ids::AccountId;
use tokio::sync::{Notify, broadcast};

use super::frames::{CloseReason, EventFrame, ServerFrame};
use crate::events::{Audience, DispatchedEvent, EventKind, SESSION_ENDED};

/// One open connection, shared by its socket task and the registry.
#[derive(Debug)]
pub struct Connection {
    pub account: AccountId,
    /// The sign-in session it was opened with; closes when that session ends.
    pub session_id: Box<str>,
    queue: Mutex<VecDeque<Utf8Bytes>>,
    /// Wakes the socket task: frames are waiting, or the connection must close.
    pub wake: Notify,
    closing: Mutex<Option<CloseReason>>,
    overflowed: AtomicBool,
}

impl Connection {
    /// The frames waiting to be written, oldest first.
    pub fn take_frames(&self) -> VecDeque<Utf8Bytes> {
        let mut queue = self.queue.lock().expect("queue lock");
        // Give back the memory of a burst: an idle connection should hold no buffer.
        std::mem::take(&mut *queue)
    }

    /// Why the connection must close, if it must.
    pub fn closing(&self) -> Option<CloseReason> {
        if self.overflowed.load(Ordering::Acquire) {
            return Some(CloseReason::TooSlow);
        }
        *self.closing.lock().expect("closing lock")
    }

    fn push(&self, frame: &Utf8Bytes, limit: usize) {
        let mut queue = self.queue.lock().expect("queue lock");
        if queue.len() >= limit {
            drop(queue);
            self.overflowed.store(true, Ordering::Release);
        } else {
            queue.push_back(frame.clone());
        }
        self.wake.notify_one();
    }

    fn close(&self, reason: CloseReason) {
        *self.closing.lock().expect("closing lock") = Some(reason);
        self.wake.notify_one();
    }
}

#[derive(Debug, Default)]
struct Index {
    all: HashMap<u64, Arc<Connection>>,
    by_account: HashMap<AccountId, Vec<u64>>,
}

/// The connections of this instance. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Registry {
    index: Arc<RwLock<Index>>,
    next_id: Arc<AtomicU64>,
    max_pending: usize,
}

/// Removes its connection from the registry when the socket task ends, however it ends.
pub struct Registration {
    registry: Registry,
    id: u64,
    pub connection: Arc<Connection>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.registry.remove(self.id, self.connection.account);
    }
}

impl Registry {
    pub fn new(max_pending: usize) -> Self {
        Self { index: Arc::default(), next_id: Arc::default(), max_pending: max_pending.max(1) }
    }

    pub fn register(&self, account: AccountId, session_id: &str) -> Registration {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let connection = Arc::new(Connection {
            account,
            session_id: session_id.into(),
            queue: Mutex::new(VecDeque::new()),
            wake: Notify::new(),
            closing: Mutex::new(None),
            overflowed: AtomicBool::new(false),
        });
        let mut index = self.index.write().expect("registry lock");
        index.all.insert(id, connection.clone());
        index.by_account.entry(account).or_default().push(id);
        Registration { registry: self.clone(), id, connection }
    }

    fn remove(&self, id: u64, account: AccountId) {
        let mut index = self.index.write().expect("registry lock");
        index.all.remove(&id);
        if let Some(ids) = index.by_account.get_mut(&account) {
            ids.retain(|other| *other != id);
            if ids.is_empty() {
                index.by_account.remove(&account);
            }
        }
    }

    /// Open connections on this instance.
    pub fn len(&self) -> usize {
        self.index.read().expect("registry lock").all.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Queues the frame on every connection of the audience.
    pub fn deliver(&self, audience: &Audience, frame: &Utf8Bytes) {
        // Collect under the lock, push outside it, so connecting and disconnecting never wait for a fan-out.
        let targets: Vec<Arc<Connection>> = {
            let index = self.index.read().expect("registry lock");
            match audience {
                Audience::Public => index.all.values().cloned().collect(),
                Audience::Accounts(accounts) => accounts
                    .iter()
                    .filter_map(|account| index.by_account.get(account))
                    .flatten()
                    .filter_map(|id| index.all.get(id).cloned())
                    .collect(),
                Audience::Internal => Vec::new(),
            }
        };
        for connection in targets {
            connection.push(frame, self.max_pending);
        }
    }

    /// Closes every connection opened with this sign-in session.
    pub fn end_session(&self, session_id: &str) {
        let index = self.index.read().expect("registry lock");
        for connection in index.all.values().filter(|c| &*c.session_id == session_id) {
            connection.close(CloseReason::SessionEnded);
        }
    }

    /// Closes every connection (shutdown, or events were lost and clients must refetch).
    pub fn close_all(&self, reason: CloseReason) {
        let index = self.index.read().expect("registry lock");
        for connection in index.all.values() {
            connection.close(reason);
        }
    }

    /// Feeds committed events to the connections until the bus closes.
    pub fn start_fan_out(&self, mut events: broadcast::Receiver<Arc<DispatchedEvent>>) -> tokio::task::JoinHandle<()> {
        let registry = self.clone();
        tokio::spawn(async move {
            loop {
                match events.recv().await {
                    Ok(event) => registry.dispatch(&event),
                    Err(broadcast::error::RecvError::Lagged(missed)) => {
                        // Clients cannot know what they missed: make them reconnect and refetch.
                        tracing::warn!(missed, "the websocket fan-out fell behind; closing connections");
                        registry.close_all(CloseReason::TooSlow);
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        })
    }

    pub fn dispatch(&self, event: &DispatchedEvent) {
        if event.entity == SESSION_ENDED {
            if event.kind == EventKind::Deleted {
                self.end_session(&event.id);
            }
            return;
        }
        if matches!(event.audience, Audience::Internal) {
            return;
        }
        let frame = match serde_json::to_string(&ServerFrame::Event(EventFrame::of(event))) {
            Ok(json) => Utf8Bytes::from(json),
            Err(error) => {
                tracing::warn!(seq = event.seq, %error, "an event could not be serialised");
                return;
            }
        };
        self.deliver(&event.audience, &frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str) -> Utf8Bytes {
        Utf8Bytes::from(text.to_owned())
    }

    #[test]
    fn events_reach_only_their_audience() {
        let registry = Registry::new(8);
        let (a, b) = (AccountId::new(), AccountId::new());
        let conn_a = registry.register(a, "session-a");
        let conn_b = registry.register(b, "session-b");
        registry.deliver(&Audience::account(a), &frame("for a"));
        registry.deliver(&Audience::Public, &frame("for all"));
        registry.deliver(&Audience::Internal, &frame("for nobody"));
        assert_eq!(conn_a.connection.take_frames(), [frame("for a"), frame("for all")]);
        assert_eq!(conn_b.connection.take_frames(), [frame("for all")]);
    }

    #[test]
    fn a_full_queue_marks_only_that_connection_too_slow() {
        let registry = Registry::new(2);
        let slow = registry.register(AccountId::new(), "slow");
        let fast = registry.register(AccountId::new(), "fast");
        for n in 0..3 {
            registry.deliver(&Audience::Public, &frame(&n.to_string()));
            fast.connection.take_frames();
        }
        assert_eq!(slow.connection.closing(), Some(CloseReason::TooSlow));
        assert_eq!(fast.connection.closing(), None);
    }

    #[test]
    fn ending_a_session_closes_its_connections_only() {
        let registry = Registry::new(8);
        let account = AccountId::new();
        let laptop = registry.register(account, "laptop");
        let phone = registry.register(account, "phone");
        registry.end_session("laptop");
        assert_eq!(laptop.connection.closing(), Some(CloseReason::SessionEnded));
        assert_eq!(phone.connection.closing(), None);
    }

    #[test]
    fn a_finished_connection_leaves_the_registry() {
        let registry = Registry::new(8);
        let account = AccountId::new();
        let registration = registry.register(account, "s");
        assert_eq!(registry.len(), 1);
        drop(registration);
        assert!(registry.is_empty());
        assert!(registry.index.read().unwrap().by_account.is_empty());
    }
}
