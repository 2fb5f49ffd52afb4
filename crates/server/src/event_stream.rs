//! `GET /api/ws`: upgrades a signed-in browser's request to the websocket event channel (see `realtime` for the
//! connections, their limits and the fan-out). This is the feature part: who may open a socket, and what the
//! client is told when it may not.

use std::time::Duration;

use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, header};
use axum::response::Response;
use questline_domain::ErrorCode;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::ClientAddress;
use crate::http::socket::Peer;
use crate::realtime::{self, CapReached};
use crate::state::AppState;

const TAG: &str = "realtime";

/// What a client over a cap is told to wait before it tries again.
const CAP_RETRY_AFTER: Duration = Duration::from_secs(30);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_event_stream))
}

/// Opens the event stream: upgrades to a websocket (protocol version `1`).
///
/// The server sends an `EventFrame` for each change the account may read and answers each ping with a pong
/// (`ServerFrame`); the client sends `ClientFrame`s, at least one per idle timeout (60 s by default) or the
/// connection is closed. Close codes: 4000 `idle_timeout`, 4001 `session_ended` (do not reconnect), 4008
/// `too_slow` (reconnect and refetch), 1001 `going_away` (`CloseReason`). Only the browser's own pages may open
/// it: a handshake cannot carry the CSRF header, so an `Origin` other than Questline's is refused. One browser
/// session, one account and one client address may each hold only so many sockets open (429
/// `too_many_connections` with `Retry-After` beyond that).
#[utoipa::path(
    get, path = "/ws", operation_id = "openEventStream", tag = TAG,
    responses(
        (status = 101, description = "Switching to the websocket protocol; frames are `ServerFrame` and `ClientFrame`"),
        (status = 400, description = "Not a websocket handshake", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The `Origin` is not Questline's", body = ErrorBody),
        (status = 429, description = "Too many open sockets for this session, account or address (`too_many_connections`)", body = ErrorBody),
    )
)]
pub async fn open_event_stream(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<Peer>,
    ClientAddress(address): ClientAddress,
    headers: HeaderMap,
    user: Result<CurrentUser, ApiError>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    check_origin(&headers, &state.config.public_origin())?;
    let user = user?;
    let upgrade = upgrade.map_err(|rejection| {
        ApiError::invalid_argument(ErrorCode::WebsocketHandshakeExpected, rejection.body_text())
            .with_status(rejection.status())
    })?;
    let slot = state.realtime.registry.admit(user.id(), &user.session_id, address).map_err(too_many_connections)?;
    let expires_in = user.session_expires_at - state.clock.now();
    let expires_in = expires_in.to_std().unwrap_or_default();
    Ok(realtime::accept(upgrade, state.realtime.clone(), user, peer.socket, state.db.clone(), expires_in, slot))
}

fn too_many_connections(reached: CapReached) -> ApiError {
    let message = match reached {
        CapReached::Session => "This browser has too many Questline tabs connected. Close some and try again.",
        CapReached::Account => "Your account has too many connections open. Close some tabs or devices and try again.",
        CapReached::Address => "Too many connections from your network. Try again later.",
    };
    let mut error = ApiError::new(questline_domain::ErrorType::NotAllowed, ErrorCode::TooManyConnections, message)
        .with_status(axum::http::StatusCode::TOO_MANY_REQUESTS);
    error.retry_after = Some(CAP_RETRY_AFTER);
    error
}

/// Browsers always send `Origin` on a websocket handshake; a page of another site must not open one with our
/// cookie. Clients that are not browsers send none (and could send any), so a missing header is accepted. Ours is
/// the public URL's origin, or the same host the request was sent to (the browser sets `Host`, so another site's
/// page cannot match it): `make run` serves http://localhost:8080 and http://127.0.0.1:8080 alike. An origin is
/// scheme and host: the same host under another scheme (http beside our https) is another site.
fn check_origin(headers: &HeaderMap, ours: &str) -> Result<(), ApiError> {
    let our_scheme = ours.split_once("://").map(|(scheme, _)| scheme).unwrap_or_default();
    let same_host = |origin: &[u8]| {
        let origin = String::from_utf8_lossy(origin);
        let Some((scheme, origin_host)) = origin.split_once("://") else { return false };
        scheme.eq_ignore_ascii_case(our_scheme)
            && headers
                .get(header::HOST)
                .is_some_and(|host| host.as_bytes().eq_ignore_ascii_case(origin_host.as_bytes()))
    };
    match headers.get(header::ORIGIN) {
        None => Ok(()),
        Some(origin) if origin.as_bytes().eq_ignore_ascii_case(ours.as_bytes()) => Ok(()),
        Some(origin) if same_host(origin.as_bytes()) => Ok(()),
        Some(_) => Err(ApiError::forbidden(
            ErrorCode::OriginNotAllowed,
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
        assert_eq!(check_origin(&headers, ours).unwrap_err().code.as_str(), "origin_not_allowed");
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

    #[test]
    fn another_scheme_on_the_same_host_is_another_origin() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        headers.insert(header::ORIGIN, HeaderValue::from_static("https://127.0.0.1:8080"));
        assert!(check_origin(&headers, "http://localhost:8080").is_err(), "https is not our http");
        headers.insert(header::ORIGIN, HeaderValue::from_static("ws://127.0.0.1:8080"));
        assert!(check_origin(&headers, "http://localhost:8080").is_err());
        headers.insert(header::HOST, HeaderValue::from_static("play.example.com"));
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://play.example.com"));
        assert!(check_origin(&headers, "https://play.example.com").is_err(), "a downgrade is another origin");
    }
}
