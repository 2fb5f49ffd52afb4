//! The accept loop: hyper's HTTP/1 connection with a header-read timeout, serving the axum router, with graceful
//! shutdown. `axum::serve` sets no timer, so a client that never finishes its headers (or an idle keep-alive
//! connection) would hold its socket for ever (issue 9, finding 4: one was still open after 70 s). Each request
//! carries `ConnectInfo<Peer>` as `axum::serve` would put it there.

use std::convert::Infallible;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::serve::Listener as _;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::watch;
use tower::ServiceExt;

use super::socket::{Listener, Peer};

#[derive(Debug, Clone, Copy)]
pub struct ServerSettings {
    /// How long a client may take to send a request's headers; an idle keep-alive connection is closed after
    /// the same time.
    pub header_read_timeout: Duration,
    /// How long the connections still open at shutdown may take to finish; then they are dropped.
    pub grace: Duration,
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets the requests in flight finish.
pub async fn serve(
    mut listener: Listener,
    app: Router,
    settings: ServerSettings,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(settings.header_read_timeout).keep_alive(true);
    let (stop_tx, stop_rx) = watch::channel(false);
    tokio::pin!(shutdown);
    // Each connection's task: the set is empty once every connection has finished, and what is still open after
    // the grace period is dropped with it.
    let mut connections = tokio::task::JoinSet::new();
    loop {
        while connections.try_join_next().is_some() {}
        let (io, addr) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let peer = Peer { addr, socket: io.socket() };
        let service = app.clone().map_request(move |mut request: axum::http::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer.clone()));
            request
        });
        let service = TowerToHyperService::new(service.map_err(|never: Infallible| match never {}));
        let connection = builder.serve_connection(TokioIo::new(io), service).with_upgrades();
        let mut stop = stop_rx.clone();
        connections.spawn(async move {
            tokio::pin!(connection);
            loop {
                tokio::select! {
                    result = connection.as_mut() => {
                        if let Err(error) = result {
                            tracing::trace!(%error, "connection ended with an error");
                        }
                        break;
                    }
                    Ok(()) = stop.changed() => connection.as_mut().graceful_shutdown(),
                }
            }
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(settings.grace, finished).await.is_err() {
        tracing::warn!(
            open = connections.len(),
            grace_secs = settings.grace.as_secs(),
            "connections still open after the shutdown grace period are closed"
        );
        connections.abort_all();
    }
    Ok(())
}
