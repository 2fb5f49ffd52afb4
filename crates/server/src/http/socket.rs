//! The server's TCP connections, shared by two writers.
//!
//! hyper reads and writes every connection through [`SharedStream`]. Once a connection is upgraded to a websocket,
//! the event fan-out writes ready-made frames to the same socket directly ([`Socket::offer`]), so delivering an
//! event to 20,000 clients is 20,000 non-blocking writes rather than 20,000 task wake-ups (see
//! `docs/performance.md`).
//!
//! Two writers on one byte stream must never interleave their messages. Every write therefore goes through one
//! lock and is all-or-nothing: its bytes are either committed to the stream (written, with any unwritten rest
//! queued to go out before anything else) or not written at all. A websocket frame is always handed over in one
//! write, so frames from the two writers stay whole.

use std::collections::VecDeque;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, ready};

use axum::body::Bytes;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// One accepted TCP connection.
#[derive(Debug)]
pub struct Socket {
    stream: TcpStream,
    outgoing: Mutex<Outgoing>,
}

#[derive(Debug, Default)]
struct Outgoing {
    /// Committed bytes the socket could not take yet, oldest first.
    queued: VecDeque<Bytes>,
    /// No more offers are taken (a websocket close frame is on its way).
    refusing: bool,
}

/// What became of an offered frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Offer {
    /// All of it is written.
    Written,
    /// Some or all of it waits in the queue: someone must call [`Socket::flush`].
    Queued,
    /// The queue already holds its limit of frames; nothing was written or queued.
    Full,
    /// Offers are refused (the connection is closing) or the socket failed; nothing was written.
    Refused,
}

impl Socket {
    fn new(stream: TcpStream) -> Self {
        Self { stream, outgoing: Mutex::default() }
    }

    fn outgoing(&self) -> MutexGuard<'_, Outgoing> {
        self.outgoing.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes a whole frame now without waiting, or commits it to the queue when the socket cannot take it all.
    /// At most `limit` frames wait in the queue.
    pub fn offer(&self, frame: &Bytes, limit: usize) -> Offer {
        let mut outgoing = self.outgoing();
        if outgoing.refusing {
            return Offer::Refused;
        }
        if !outgoing.queued.is_empty() {
            if outgoing.queued.len() >= limit {
                return Offer::Full;
            }
            outgoing.queued.push_back(frame.clone());
            return Offer::Queued;
        }
        match self.stream.try_write(frame) {
            Ok(written) if written == frame.len() => Offer::Written,
            Ok(written) => {
                outgoing.queued.push_back(frame.slice(written..));
                Offer::Queued
            }
            Err(error) if error.kind() == io::ErrorKind::WouldBlock => {
                outgoing.queued.push_back(frame.clone());
                Offer::Queued
            }
            Err(_) => Offer::Refused,
        }
    }

    /// Refuses further offers; writes through [`SharedStream`] (such as a close frame) still go out.
    pub fn refuse_offers(&self) {
        self.outgoing().refusing = true;
    }

    /// Writes everything queued, waiting for the socket as long as it takes (callers bound it with a timeout).
    pub async fn flush(&self) -> io::Result<()> {
        loop {
            if self.write_queued(&mut self.outgoing())? {
                return Ok(());
            }
            self.stream.writable().await?;
        }
    }

    /// Writes queued bytes until none are left (`true`) or the socket would block (`false`).
    fn write_queued(&self, outgoing: &mut Outgoing) -> io::Result<bool> {
        while let Some(front) = outgoing.queued.front_mut() {
            match self.stream.try_write(front) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(written) if written == front.len() => {
                    outgoing.queued.pop_front();
                }
                Ok(written) => *front = front.slice(written..),
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return Ok(false),
                Err(error) => return Err(error),
            }
        }
        outgoing.queued.shrink_to(0);
        Ok(true)
    }

    fn poll_flush_queued(&self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        loop {
            if self.write_queued(&mut self.outgoing())? {
                return Poll::Ready(Ok(()));
            }
            ready!(self.stream.poll_write_ready(cx))?;
        }
    }
}

/// The stream hyper serves: reads and writes of a [`Socket`] it shares with the websocket fan-out.
#[derive(Debug, Clone)]
pub struct SharedStream(Arc<Socket>);

impl SharedStream {
    pub fn socket(&self) -> Arc<Socket> {
        self.0.clone()
    }
}

impl AsyncRead for SharedStream {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        loop {
            ready!(self.0.stream.poll_read_ready(cx))?;
            match self.0.stream.try_read(buf.initialize_unfilled()) {
                Ok(read) => {
                    buf.advance(read);
                    return Poll::Ready(Ok(()));
                }
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
                Err(error) => return Poll::Ready(Err(error)),
            }
        }
    }
}

impl AsyncWrite for SharedStream {
    /// Commits all of `buf` or none of it (see the module's notes).
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if buf.is_empty() {
            return Poll::Ready(Ok(0));
        }
        let socket = &self.0;
        loop {
            let mut outgoing = socket.outgoing();
            if socket.write_queued(&mut outgoing)? {
                match socket.stream.try_write(buf) {
                    Ok(0) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                    Ok(written) => {
                        if written < buf.len() {
                            outgoing.queued.push_back(Bytes::copy_from_slice(&buf[written..]));
                        }
                        return Poll::Ready(Ok(buf.len()));
                    }
                    Err(error) if error.kind() == io::ErrorKind::WouldBlock => {}
                    Err(error) => return Poll::Ready(Err(error)),
                }
            }
            drop(outgoing);
            ready!(socket.stream.poll_write_ready(cx))?;
        }
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.0.poll_flush_queued(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.0.poll_flush_queued(cx))?;
        Poll::Ready(socket2::SockRef::from(&self.0.stream).shutdown(std::net::Shutdown::Write))
    }
}

/// Accepts connections as [`SharedStream`]s, with `TCP_NODELAY` (websocket frames are small and must not wait for
/// the previous one's acknowledgement).
#[derive(Debug)]
pub struct Listener(pub TcpListener);

impl axum::serve::Listener for Listener {
    type Io = SharedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (stream, peer) = axum::serve::Listener::accept(&mut self.0).await;
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY could not be set");
        }
        (SharedStream(Arc::new(Socket::new(stream))), peer)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// What a handler may know of its connection: the peer's address and, for the websocket, the socket itself.
/// `http::server` puts it in every request as `ConnectInfo<Peer>`.
#[derive(Debug, Clone)]
pub struct Peer {
    pub addr: SocketAddr,
    pub socket: Arc<Socket>,
}

#[cfg(test)]
pub(crate) mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    /// A connected pair: the server's socket and the client's end.
    pub(crate) async fn pair() -> (Arc<Socket>, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let client = TcpStream::connect(listener.local_addr().unwrap()).await.unwrap();
        let (server, _) = listener.accept().await.unwrap();
        (Arc::new(Socket::new(server)), client)
    }

    #[tokio::test]
    async fn offers_are_written_at_once_while_the_socket_takes_them() {
        let (socket, mut client) = pair().await;
        assert_eq!(socket.offer(&Bytes::from_static(b"one"), 1), Offer::Written);
        let mut stream = SharedStream(socket.clone());
        stream.write_all(b"two").await.unwrap();
        let mut read = [0; 6];
        client.read_exact(&mut read).await.unwrap();
        assert_eq!(&read, b"onetwo");
    }

    #[tokio::test]
    async fn a_blocked_socket_queues_whole_frames_up_to_the_limit_and_keeps_their_order() {
        let (socket, mut client) = pair().await;
        let frame = Bytes::from(vec![b'x'; 64 * 1024]);
        // Fill the kernel's buffers until a frame has to wait.
        let mut written = 0;
        while socket.offer(&frame, 2) == Offer::Written {
            written += 1;
            assert!(written < 10_000, "the socket never blocked");
        }
        assert_eq!(socket.offer(&frame, 2), Offer::Queued);
        assert_eq!(socket.offer(&frame, 2), Offer::Full, "two frames wait: the limit");
        // A write from the other side goes after the queued frames, whole.
        let mut stream = SharedStream(socket.clone());
        let reader = tokio::spawn(async move {
            let mut all = Vec::new();
            client.read_to_end(&mut all).await.unwrap();
            all
        });
        stream.write_all(b"end").await.unwrap();
        stream.shutdown().await.unwrap();
        let all = reader.await.unwrap();
        assert_eq!(all.len(), (written + 2) * frame.len() + 3);
        assert!(all[..all.len() - 3].iter().all(|byte| *byte == b'x'));
        assert!(all.ends_with(b"end"));
    }

    #[tokio::test]
    async fn a_closing_socket_refuses_offers_but_not_its_own_writes() {
        let (socket, mut client) = pair().await;
        socket.refuse_offers();
        assert_eq!(socket.offer(&Bytes::from_static(b"event"), 8), Offer::Refused);
        SharedStream(socket).write_all(b"close").await.unwrap();
        let mut read = [0; 5];
        client.read_exact(&mut read).await.unwrap();
        assert_eq!(&read, b"close");
    }
}
