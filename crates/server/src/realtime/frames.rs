//! The messages of the websocket protocol, version `1`. Every frame is a JSON text frame with `"v":"1"`.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::events::{DispatchedEvent, EventKind};

pub const PROTOCOL_VERSION: &str = "1";
pub const CHANNEL: &str = "qls.events";

/// The protocol version every frame carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum ProtocolVersion {
    #[serde(rename = "1")]
    V1,
}

/// The channel of change events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum EventChannel {
    #[serde(rename = "qls.events")]
    QlsEvents,
}

/// What happened to the entity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChangeType {
    Created,
    Updated,
    Deleted,
}

impl From<EventKind> for ChangeType {
    fn from(kind: EventKind) -> Self {
        match kind {
            EventKind::Created => ChangeType::Created,
            EventKind::Updated => ChangeType::Updated,
            EventKind::Deleted => ChangeType::Deleted,
        }
    }
}

/// A change the connection's account may read. Clients refetch what they show of `entity` `id`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"v": "1", "channel": "qls.events", "type": "updated", "entity": "session", "id": "0192…"}))]
pub struct EventFrame {
    pub v: ProtocolVersion,
    pub channel: EventChannel,
    #[serde(rename = "type")]
    pub kind: ChangeType,
    /// The kind of thing that changed, such as `account`, `series` or `session`.
    pub entity: String,
    pub id: String,
    /// The new state, only where every recipient may see all of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<serde_json::Value>,
}

impl EventFrame {
    pub fn of(event: &DispatchedEvent) -> Self {
        Self {
            v: ProtocolVersion::V1,
            channel: EventChannel::QlsEvents,
            kind: event.kind.into(),
            entity: event.entity.clone(),
            id: event.id.clone(),
            data: event.data.clone(),
        }
    }
}

/// `ping` from the client (at least once per idle timeout), `pong` from the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KeepAliveType {
    Ping,
    Pong,
}

/// Keeps the connection alive: the client sends `{"v":"1","type":"ping"}`, the server answers
/// `{"v":"1","type":"pong"}`. `v` may be left out of a ping.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct KeepAliveFrame {
    #[serde(default = "v1")]
    pub v: ProtocolVersion,
    #[serde(rename = "type")]
    pub kind: KeepAliveType,
}

fn v1() -> ProtocolVersion {
    ProtocolVersion::V1
}

/// Every frame the server sends.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ServerFrame {
    Event(EventFrame),
    Pong(KeepAliveFrame),
}

/// Every frame a client may send. Anything else is ignored (but counts as a sign of life).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ClientFrame {
    Ping(KeepAliveFrame),
}

/// Why the server closed a connection: the close frame's code and reason (the reason is the snake_case name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CloseReason {
    /// 4000: nothing was received within the idle timeout. Reconnect.
    IdleTimeout,
    /// 4001: the session ended (signed out, password changed, account suspended or deleted). Do not reconnect
    /// until signed in again.
    SessionEnded,
    /// 4008: the client fell too far behind. Reconnect and refetch what is shown.
    TooSlow,
    /// 1001: the server is shutting down. Reconnect.
    GoingAway,
}

impl CloseReason {
    pub fn code(self) -> u16 {
        match self {
            CloseReason::IdleTimeout => 4000,
            CloseReason::SessionEnded => 4001,
            CloseReason::TooSlow => 4008,
            CloseReason::GoingAway => 1001,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CloseReason::IdleTimeout => "idle_timeout",
            CloseReason::SessionEnded => "session_ended",
            CloseReason::TooSlow => "too_slow",
            CloseReason::GoingAway => "going_away",
        }
    }
}

pub fn pong() -> String {
    serde_json::to_string(&KeepAliveFrame { v: ProtocolVersion::V1, kind: KeepAliveType::Pong })
        .expect("a pong serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::Audience;

    #[test]
    fn an_event_frame_has_the_documented_shape() {
        let event = DispatchedEvent {
            seq: 1,
            entity: "session".into(),
            id: "abc".into(),
            kind: EventKind::Updated,
            audience: Audience::Public,
            data: None,
            has_notices: false,
            recorded_at: chrono::Utc::now(),
        };
        let json = serde_json::to_value(ServerFrame::Event(EventFrame::of(&event))).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"v": "1", "channel": "qls.events", "type": "updated", "entity": "session", "id": "abc"})
        );
    }

    #[test]
    fn pings_are_understood_with_or_without_a_version() {
        for text in [r#"{"type":"ping"}"#, r#"{"v":"1","type":"ping"}"#] {
            let frame: ClientFrame = serde_json::from_str(text).unwrap();
            assert_eq!(frame, ClientFrame::Ping(KeepAliveFrame { v: ProtocolVersion::V1, kind: KeepAliveType::Ping }));
        }
        assert_eq!(pong(), r#"{"v":"1","type":"pong"}"#);
    }
}
