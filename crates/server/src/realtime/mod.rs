//! The websocket event channel: `GET /api/ws` upgrades a signed-in browser's request to a websocket on which the
//! server pushes the committed events its account may read (channel `qls.events`, protocol version `1`).
//!
//! Who receives what is decided by the audience each feature gives its events (written next to the feature:
//! accounts → the owner; sessions → the GM and participants; applications → the applicant and the GM; published
//! series → everyone signed in). A connection receives an event only when its account is in the audience.
//!
//! Several instances: every instance's dispatcher reads the shared outbox (woken by LISTEN/NOTIFY on PostgreSQL),
//! so an event committed anywhere reaches the connections of every instance. A session that ends (sign-out,
//! password change, suspension, deletion) records an internal event, so its sockets close on every instance.
//!
//! Memory: an idle connection is a parked task, a small read buffer and a registry entry; see
//! `docs/performance.md` for the measured cost and the buffer sizes chosen. Speed: the fan-out writes frames to
//! the sockets itself (`http::socket`), so delivering an event wakes no connection task.

pub mod frames;
mod registry;
mod socket;

use std::time::Duration;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use registry::Registry;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::config::Config;
use crate::error::{ApiError, ErrorBody};
use crate::http::socket::Peer;

const TAG: &str = "realtime";

/// The websocket's limits, from the configuration.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub idle_timeout: Duration,
    pub send_timeout: Duration,
    pub max_pending_events: usize,
}

impl Settings {
    pub fn from_config(config: &Config) -> Self {
        Self {
            idle_timeout: Duration::from_secs(config.ws_idle_timeout_secs.max(1)),
            send_timeout: Duration::from_secs(config.ws_send_timeout_secs.max(1)),
            max_pending_events: config.ws_max_pending_events.max(1),
        }
    }
}

/// This instance's connections and their limits. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Realtime {
    pub registry: Registry,
    pub settings: Settings,
}

impl Realtime {
    pub fn new(settings: Settings) -> Self {
        Self { registry: Registry::new(settings.max_pending_events), settings }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_event_stream))
}

/// Opens the event stream: upgrades to a websocket (protocol version `1`).
///
/// The server sends an `EventFrame` for each change the account may read and answers each ping with a pong
/// (`ServerFrame`); the client sends `ClientFrame`s, at least one per idle timeout (60 s by default) or the
/// connection is closed. Close codes: 4000 `idle_timeout`, 4001 `session_ended` (do not reconnect), 4008
/// `too_slow` (reconnect and refetch), 1001 `going_away` (`CloseReason`). Only the browser's own pages may open
/// it: a handshake cannot carry the CSRF header, so an `Origin` other than Questline's is refused.
#[utoipa::path(
    get, path = "/ws", operation_id = "openEventStream", tag = TAG,
    responses(
        (status = 101, description = "Switching to the websocket protocol; frames are `ServerFrame` and `ClientFrame`"),
        (status = 400, description = "Not a websocket handshake", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The `Origin` is not Questline's", body = ErrorBody),
    )
)]
pub async fn open_event_stream(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<Peer>,
    headers: HeaderMap,
    user: Result<CurrentUser, ApiError>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    check_origin(&headers, &state.config.public_origin())?;
    let user = user?;
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::invalid_argument("websocket_handshake_expected", rejection.body_text())
            .with_status(rejection.status())
    })?;
    let expires_in = user.session_expires_at - state.clock.now();
    let expires_in = expires_in.to_std().unwrap_or_default();
    Ok(socket::accept(upgrade, state.realtime.clone(), user, peer.socket, state.db.clone(), expires_in))
}

/// Browsers always send `Origin` on a websocket handshake; a page of another site must not open one with our
/// cookie. Clients that are not browsers send none (and could send any), so a missing header is accepted. Ours is
/// the public URL's origin, or the same host the request was sent to (the browser sets `Host`, so another site's
/// page cannot match it): `make run` serves http://localhost:8080 and http://127.0.0.1:8080 alike.
fn check_origin(headers: &HeaderMap, ours: &str) -> Result<(), ApiError> {
    let same_host = |origin: &[u8]| {
        let origin = String::from_utf8_lossy(origin);
        let origin_host = origin.split_once("://").map(|(_, host)| host).unwrap_or_default();
        headers.get(header::HOST).is_some_and(|host| host.as_bytes().eq_ignore_ascii_case(origin_host.as_bytes()))
    };
    match headers.get(header::ORIGIN) {
        None => Ok(()),
        Some(origin) if origin.as_bytes().eq_ignore_ascii_case(ours.as_bytes()) => Ok(()),
        Some(origin) if same_host(origin.as_bytes()) => Ok(()),
        Some(_) => Err(ApiError::forbidden(
            "origin_not_allowed",
            "The event stream can only be opened from Questline's own pages.",
        )),
    }
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    #[test]
    fn only_our_origin_or_none_may_open_the_stream() {
        let ours = "https://play.example.com";
        let mut headers = HeaderMap::new();
        assert!(check_origin(&headers, ours).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://play.example.com"));
        assert!(check_origin(&headers, ours).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://evil.example"));
        assert_eq!(check_origin(&headers, ours).unwrap_err().code, "origin_not_allowed");
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://play.example.com.evil.example"));
        assert!(check_origin(&headers, ours).is_err());
    }

    #[test]
    fn the_host_the_browser_asked_is_ours_too() {
        let ours = "http://localhost:8080";
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:8080"));
        assert!(check_origin(&headers, ours).is_ok());
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://evil.example"));
        assert!(check_origin(&headers, ours).is_err());
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://127.0.0.1:8081"));
        assert!(check_origin(&headers, ours).is_err(), "another port is another origin");
    }
}
