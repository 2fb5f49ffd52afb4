//! One websocket connection's task: reads the client's frames and answers pings, finishes the event frames the
//! fan-out could not write at once, and closes with a reason when the client is idle, too slow, or its session
//! ends. While events are written straight away, the task sleeps.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use questline_domain::ids::AccountId;
use sea_orm::EntityTrait;
use tokio::time::{Instant, sleep_until, timeout};

use super::Realtime;
use super::frames::{ClientFrame, CloseReason, pong};
use super::registry::{Connection, Slot};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db::entities::session;
use crate::http::socket::Socket;

/// Client frames are pings of a few dozen bytes: a small read buffer is enough, and it is the largest part of an
/// idle connection's memory (tungstenite's default is 128 KiB).
const READ_BUFFER: usize = 256;
/// Largest frame a client may send.
const MAX_CLIENT_MESSAGE: usize = 4 * 1024;
/// The task's own frames (pongs, the close frame) are written at once; this only caps what may pile up in
/// tungstenite while the socket is blocked.
const MAX_WRITE_BUFFER: usize = 64 * 1024;
/// How long the close frame may take to write before the connection is simply dropped.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);

pub fn accept(
    upgrade: WebSocketUpgrade,
    realtime: Realtime,
    user: CurrentUser,
    tcp: Arc<Socket>,
    db: Db,
    expires_in: Duration,
    slot: Slot,
) -> Response {
    let start =
        Box::new(Start { realtime, account: user.id(), session_id: user.session_id, tcp, db, expires_in, slot });
    upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .max_frame_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| {
            let serving = serve(Box::new(Opening { socket, start: *start }));
            tracing::debug!(bytes = std::mem::size_of_val(&serving), "websocket task state");
            serving
        })
}

/// What a connection's task starts from. It is passed boxed: an async fn keeps its arguments in its state beside
/// the locals they move into, so every idle connection would otherwise carry them twice.
struct Start {
    realtime: Realtime,
    account: AccountId,
    session_id: String,
    tcp: Arc<Socket>,
    db: Db,
    expires_in: Duration,
    /// Its place under the caps, given back when the task ends (or when the upgrade never happens).
    slot: Slot,
}

struct Opening {
    socket: WebSocket,
    start: Start,
}

async fn serve(opening: Box<Opening>) {
    let Opening { mut socket, start: Start { realtime, account, session_id, tcp, db, expires_in, slot } } = *opening;
    let _slot = slot;
    let registration = realtime.registry.register(account, &session_id, tcp);
    let connection = &registration.connection;
    let settings = realtime.settings;
    drop(realtime);
    // The session may have ended between the handshake's check and the registration, when no one could close us.
    if matches!(Box::pin(session::Entity::find_by_id(session_id).one(db.conn())).await, Ok(None)) {
        Box::pin(close(&mut socket, CloseReason::SessionEnded)).await;
        return;
    }
    drop(db);
    let session_end = Instant::now() + expires_in;
    let next_deadline = || (Instant::now() + settings.idle_timeout).min(session_end);
    let deadline = sleep_until(next_deadline());
    tokio::pin!(deadline);
    let reason = loop {
        tokio::select! {
            biased;
            _ = connection.wake.notified() => {
                if let Some(reason) = connection.closing() {
                    break Some(reason);
                }
                // Boxed: the flush's state exists only while flushing, not in every idle connection's task.
                if let Err(reason) = Box::pin(flush(connection, settings.send_timeout)).await {
                    break reason;
                }
            }
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    deadline.as_mut().reset(next_deadline());
                    if matches!(serde_json::from_str::<ClientFrame>(&text), Ok(ClientFrame::Ping(_)))
                        && !matches!(Box::pin(timeout(settings.send_timeout, socket.send(Message::Text(pong().into())))).await, Ok(Ok(())))
                    {
                        break Some(CloseReason::TooSlow);
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break None,
                // Binary frames and protocol-level pings are signs of life too (tungstenite answers the pings).
                Some(Ok(_)) => deadline.as_mut().reset(next_deadline()),
            },
            _ = &mut deadline => {
                break Some(if Instant::now() >= session_end { CloseReason::SessionEnded } else { CloseReason::IdleTimeout });
            }
        }
    };
    // The fan-out must not write after the close frame.
    connection.socket.refuse_offers();
    if let Some(reason) = reason {
        Box::pin(close(&mut socket, reason)).await;
    }
}

/// Writes the frames the fan-out left queued. `Err(Some(reason))` closes with that reason, `Err(None)` means the
/// socket is gone.
async fn flush(connection: &Connection, send_timeout: Duration) -> Result<(), Option<CloseReason>> {
    let give_up = Instant::now() + send_timeout;
    let flush = connection.socket.flush();
    tokio::pin!(flush);
    loop {
        tokio::select! {
            flushed = &mut flush => return flushed.map_err(|_| None),
            // More frames were offered while the socket is blocked: stop as soon as the queue overflows.
            _ = connection.wake.notified() => {
                if let Some(reason) = connection.closing() {
                    return Err(Some(reason));
                }
            }
            _ = sleep_until(give_up) => return Err(Some(CloseReason::TooSlow)),
        }
    }
}

async fn close(socket: &mut WebSocket, reason: CloseReason) {
    let frame = CloseFrame { code: reason.code(), reason: reason.as_str().into() };
    let _ = timeout(CLOSE_TIMEOUT, socket.send(Message::Close(Some(frame)))).await;
}
