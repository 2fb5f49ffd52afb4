//! The open websocket connections of this instance, and the fan-out of committed events to them.
//!
//! The fan-out serialises an event once, frames it once, and offers the shared bytes to every connection whose
//! account is in the event's audience (public events to all, others looked up by account). An offer is a
//! non-blocking write straight to the socket, made from the fan-out itself; only when the socket cannot take the
//! frame does it wait in that connection's small bounded queue, and the connection's task is woken to finish the
//! write. So an idle connection's task sleeps through deliveries, and one slow client costs only its own queue. A
//! queue that would grow past its bound marks the connection as too slow; its task then closes it with the reason
//! `too_slow` and the client reconnects and refetches.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use axum::body::Bytes;
use questline_domain::ids::AccountId;
use sha2::{Digest, Sha256};
use tokio::sync::{Notify, broadcast};
use tokio::task::JoinSet;
use tungstenite::protocol::frame::Frame;
use tungstenite::protocol::frame::coding::{Data, OpCode};

use super::frames::{CloseReason, EventFrame, ServerFrame};
use crate::events::{Audience, DispatchedEvent, EventKind, SESSION_ENDED};
use crate::http::socket::{Offer, Socket};

/// Connections one fan-out task writes to; larger audiences are split so every core writes.
const FAN_OUT_CHUNK: usize = 512;

/// One open connection, shared by its socket task and the registry.
#[derive(Debug)]
pub struct Connection {
    pub account: AccountId,
    /// The sign-in session it was opened with; closes when that session ends.
    session: SessionKey,
    pub socket: Arc<Socket>,
    /// Wakes the socket task: a frame waits in the socket's queue, or the connection must close.
    pub wake: Notify,
    /// 0 while open, else 1 + the index of the reason to close in `CLOSE_REASONS` (the first reason wins).
    closing: AtomicU8,
}

const CLOSE_REASONS: [CloseReason; 4] =
    [CloseReason::IdleTimeout, CloseReason::SessionEnded, CloseReason::TooSlow, CloseReason::GoingAway];

/// A sign-in session as the registry keeps it: the SHA-256 of its id, inline (every connection holds one, and a
/// fixed-size key costs less than a string of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct SessionKey([u8; 32]);

impl SessionKey {
    fn of(session_id: &str) -> Self {
        Self(Sha256::digest(session_id.as_bytes()).into())
    }
}

impl Connection {
    /// Why the connection must close, if it must.
    pub fn closing(&self) -> Option<CloseReason> {
        match self.closing.load(Ordering::Acquire) {
            0 => None,
            code => CLOSE_REASONS.get(usize::from(code) - 1).copied(),
        }
    }

    fn offer(&self, frame: &Bytes, limit: usize) {
        match self.socket.offer(frame, limit) {
            Offer::Written | Offer::Refused => {}
            Offer::Queued => self.wake.notify_one(),
            Offer::Full => self.close(CloseReason::TooSlow),
        }
    }

    fn close(&self, reason: CloseReason) {
        let code = CLOSE_REASONS.iter().position(|known| *known == reason).expect("every reason is listed") as u8 + 1;
        let _ = self.closing.compare_exchange(0, code, Ordering::AcqRel, Ordering::Acquire);
        self.wake.notify_one();
    }
}

#[derive(Debug, Default)]
struct Index {
    all: HashMap<u64, Arc<Connection>>,
    by_account: HashMap<AccountId, Vec<u64>>,
}

/// How many websockets one sign-in session, one account and one client address may hold open (0: no limit),
/// so that one client cannot take every file descriptor of the process (issue 9, finding 4).
#[derive(Debug, Clone, Copy, Default)]
pub struct Caps {
    pub per_session: usize,
    pub per_account: usize,
    pub per_address: usize,
}

/// Which cap refused a new connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapReached {
    Session,
    Account,
    Address,
}

/// Open (or opening) connections per session, account and address.
#[derive(Debug, Default)]
struct Holders {
    sessions: HashMap<SessionKey, usize>,
    accounts: HashMap<AccountId, usize>,
    addresses: HashMap<IpAddr, usize>,
}

fn count_up<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: K) {
    *map.entry(key).or_default() += 1;
}

fn count_down<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = map.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            map.remove(key);
        }
    }
}

/// A place under the caps, taken at the handshake and given back when the connection ends (or never opens).
#[derive(Debug)]
pub struct Slot {
    holders: Arc<Mutex<Holders>>,
    session: SessionKey,
    account: AccountId,
    address: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut holders = self.holders.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        count_down(&mut holders.sessions, &self.session);
        count_down(&mut holders.accounts, &self.account);
        count_down(&mut holders.addresses, &self.address);
    }
}

/// The connections of this instance. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Registry {
    index: Arc<RwLock<Index>>,
    holders: Arc<Mutex<Holders>>,
    caps: Caps,
    next_id: Arc<AtomicU64>,
    max_pending: usize,
    /// Connections one fan-out task writes to.
    chunk: usize,
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
        Self::with_caps(max_pending, Caps::default())
    }

    pub fn with_caps(max_pending: usize, caps: Caps) -> Self {
        Self {
            index: Arc::default(),
            holders: Arc::default(),
            caps,
            next_id: Arc::default(),
            max_pending: max_pending.max(1),
            chunk: FAN_OUT_CHUNK,
        }
    }

    /// Takes a place for a new connection of this session, account and address, unless one of them holds its
    /// cap already.
    pub fn admit(&self, account: AccountId, session_id: &str, address: IpAddr) -> Result<Slot, CapReached> {
        let session = SessionKey::of(session_id);
        let mut holders = self.holders.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let full = |cap: usize, held: Option<&usize>| cap > 0 && held.copied().unwrap_or(0) >= cap;
        if full(self.caps.per_session, holders.sessions.get(&session)) {
            return Err(CapReached::Session);
        }
        if full(self.caps.per_account, holders.accounts.get(&account)) {
            return Err(CapReached::Account);
        }
        if full(self.caps.per_address, holders.addresses.get(&address)) {
            return Err(CapReached::Address);
        }
        count_up(&mut holders.sessions, session);
        count_up(&mut holders.accounts, account);
        count_up(&mut holders.addresses, address);
        Ok(Slot { holders: self.holders.clone(), session, account, address })
    }

    pub fn register(&self, account: AccountId, session_id: &str, socket: Arc<Socket>) -> Registration {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let connection = Arc::new(Connection {
            account,
            session: SessionKey::of(session_id),
            socket,
            wake: Notify::new(),
            closing: AtomicU8::new(0),
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

    /// Offers the frame to every connection of the audience, and returns once every connection has written it or
    /// queued it.
    pub async fn deliver(&self, audience: &Audience, frame: &Bytes) {
        // Collect under the lock, write outside it, so connecting and disconnecting never wait for a fan-out.
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
        let limit = self.max_pending;
        if targets.len() <= self.chunk {
            targets.iter().for_each(|connection| connection.offer(frame, limit));
            return;
        }
        // Writing to a socket is mostly the kernel's work: split large audiences so every core does some. The next
        // event starts only when this one is everywhere, so each connection sees events in order.
        let targets: Arc<[Arc<Connection>]> = targets.into();
        let mut writers = JoinSet::new();
        for start in (0..targets.len()).step_by(self.chunk) {
            let (targets, frame, end) = (targets.clone(), frame.clone(), (start + self.chunk).min(targets.len()));
            writers.spawn(
                async move { targets[start..end].iter().for_each(|connection| connection.offer(&frame, limit)) },
            );
        }
        while writers.join_next().await.is_some() {}
    }

    /// Closes every connection opened with this sign-in session.
    pub fn end_session(&self, session_id: &str) {
        let index = self.index.read().expect("registry lock");
        let session = SessionKey::of(session_id);
        for connection in index.all.values().filter(|c| c.session == session) {
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
                    Ok(event) => registry.dispatch(&event).await,
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

    pub async fn dispatch(&self, event: &DispatchedEvent) {
        if event.entity == SESSION_ENDED {
            if event.kind == EventKind::Deleted {
                self.end_session(&event.id);
            }
            return;
        }
        if matches!(event.audience, Audience::Internal) {
            return;
        }
        let frame = match serde_json::to_vec(&ServerFrame::Event(EventFrame::of(event))) {
            Ok(json) => text_frame(json),
            Err(error) => {
                tracing::warn!(seq = event.seq, %error, "an event could not be serialised");
                return;
            }
        };
        self.deliver(&event.audience, &frame).await;
    }
}

/// A whole websocket text frame as the server sends it (final, unmasked), ready to be written to any connection.
fn text_frame(json: Vec<u8>) -> Bytes {
    let frame = Frame::message(json, OpCode::Data(Data::Text), true);
    let mut bytes = Vec::with_capacity(frame.len());
    frame.format(&mut bytes).expect("a frame formats into memory");
    Bytes::from(bytes)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    #[test]
    fn places_are_capped_per_session_account_and_address_and_come_back() {
        let registry = super::Registry::with_caps(8, super::Caps { per_session: 1, per_account: 2, per_address: 3 });
        let (ada, bob) = (super::AccountId(uuid::Uuid::now_v7()), super::AccountId(uuid::Uuid::now_v7()));
        let home: std::net::IpAddr = "198.51.100.1".parse().unwrap();
        let first = registry.admit(ada, "tab", home).unwrap();
        assert_eq!(registry.admit(ada, "tab", home).unwrap_err(), super::CapReached::Session);
        let _second = registry.admit(ada, "phone", home).unwrap();
        assert_eq!(registry.admit(ada, "laptop", home).unwrap_err(), super::CapReached::Account);
        let _third = registry.admit(bob, "bob's tab", home).unwrap();
        assert_eq!(registry.admit(bob, "bob's phone", home).unwrap_err(), super::CapReached::Address);
        drop(first);
        assert!(
            registry.admit(ada, "tab", "203.0.113.9".parse().unwrap()).is_ok(),
            "a closed connection frees its place"
        );
    }

    use tokio::io::AsyncReadExt;
    use tokio::net::TcpStream;

    use super::*;
    use crate::http::socket::tests::pair;

    fn frame(text: &str) -> Bytes {
        text_frame(text.as_bytes().to_vec())
    }

    async fn connect(registry: &Registry, account: AccountId, session: &str) -> (Registration, TcpStream) {
        let (socket, client) = pair().await;
        (registry.register(account, session, socket), client)
    }

    #[tokio::test]
    async fn a_connection_closes_for_the_first_reason_given() {
        let registry = Registry::new(8);
        for reason in CLOSE_REASONS {
            let (registration, _client) = connect(&registry, AccountId::new(), "s").await;
            assert_eq!(registration.connection.closing(), None);
            registration.connection.close(reason);
            registration.connection.close(if reason == CloseReason::GoingAway {
                CloseReason::TooSlow
            } else {
                CloseReason::GoingAway
            });
            assert_eq!(registration.connection.closing(), Some(reason));
        }
    }

    /// Reads exactly the frames expected, then checks that nothing else arrives.
    async fn assert_received(client: &mut TcpStream, frames: &[Bytes]) {
        let expected = frames.concat();
        let mut read = vec![0; expected.len()];
        client.read_exact(&mut read).await.unwrap();
        assert_eq!(read, expected);
        let more = tokio::time::timeout(Duration::from_millis(50), client.read(&mut [0; 1])).await;
        assert!(more.is_err(), "nothing more arrives");
    }

    #[tokio::test]
    async fn events_reach_only_their_audience() {
        let registry = Registry::new(8);
        let (a, b) = (AccountId::new(), AccountId::new());
        let (_conn_a, mut client_a) = connect(&registry, a, "session-a").await;
        let (_conn_b, mut client_b) = connect(&registry, b, "session-b").await;
        registry.deliver(&Audience::account(a), &frame("for a")).await;
        registry.deliver(&Audience::Public, &frame("for all")).await;
        registry.deliver(&Audience::Internal, &frame("for nobody")).await;
        assert_received(&mut client_a, &[frame("for a"), frame("for all")]).await;
        assert_received(&mut client_b, &[frame("for all")]).await;
    }

    #[tokio::test]
    async fn a_large_audience_gets_every_event_in_order() {
        let registry = Registry { chunk: 4, ..Registry::new(8) };
        let mut clients = Vec::new();
        for n in 0..9 {
            clients.push(connect(&registry, AccountId::new(), &n.to_string()).await);
        }
        let frames = [frame("first"), frame("second")];
        for frame in &frames {
            registry.deliver(&Audience::Public, frame).await;
        }
        for (_, client) in &mut clients {
            assert_received(client, &frames).await;
        }
    }

    #[tokio::test]
    async fn a_full_queue_marks_only_that_connection_too_slow() {
        let registry = Registry::new(2);
        let (slow, _slow_client) = connect(&registry, AccountId::new(), "slow").await;
        let (fast, mut fast_client) = connect(&registry, AccountId::new(), "fast").await;
        let reader = tokio::spawn(async move {
            let mut sink = Vec::new();
            fast_client.read_to_end(&mut sink).await.unwrap();
        });
        let big = Bytes::from(vec![b'x'; 64 * 1024]);
        for _ in 0..200 {
            registry.deliver(&Audience::Public, &big).await;
            // What the fast connection's task does when woken.
            fast.connection.socket.flush().await.unwrap();
            if slow.connection.closing().is_some() {
                break;
            }
        }
        assert_eq!(slow.connection.closing(), Some(CloseReason::TooSlow));
        assert_eq!(fast.connection.closing(), None);
        drop((fast, registry));
        reader.abort();
    }

    #[tokio::test]
    async fn ending_a_session_closes_its_connections_only() {
        let registry = Registry::new(8);
        let account = AccountId::new();
        let (laptop, _laptop_client) = connect(&registry, account, "laptop").await;
        let (phone, _phone_client) = connect(&registry, account, "phone").await;
        registry.end_session("laptop");
        assert_eq!(laptop.connection.closing(), Some(CloseReason::SessionEnded));
        assert_eq!(phone.connection.closing(), None);
    }

    #[tokio::test]
    async fn a_finished_connection_leaves_the_registry() {
        let registry = Registry::new(8);
        let account = AccountId::new();
        let (registration, _client) = connect(&registry, account, "s").await;
        assert_eq!(registry.len(), 1);
        drop(registration);
        assert!(registry.is_empty());
        assert!(registry.index.read().unwrap().by_account.is_empty());
    }
}
