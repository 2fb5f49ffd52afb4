//! What the chat endpoints accept and answer.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// The kind of a conversation: only direct chats between two accounts exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatType {
    Direct,
}

/// Someone to chat with: the spec's chat user (`user_id`, `nickname`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatUser {
    pub user_id: Uuid,
    /// Their display name ("" for an account that has since been erased).
    pub nickname: String,
}

/// The series a conversation is about.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatContext {
    pub series_id: Uuid,
    pub handle: String,
    pub title: String,
}

/// A row of the history: a message, or a marker where the conversation's context changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatMessageKind {
    Message,
    Context,
}

/// One row of a conversation's history. `body` is plain text exactly as sent: show it as text, never as markup.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatMessage {
    pub id: Uuid,
    pub chat_id: Uuid,
    pub kind: ChatMessageKind,
    /// The writer; for a context marker, who started the chat from the series.
    pub sender_id: Uuid,
    /// The id the sender's client gave the message (none for a context marker).
    pub client_id: Option<Uuid>,
    /// The text of a message (none for a context marker).
    pub body: Option<String>,
    /// The series of a context marker (none for a message, or when the series was deleted).
    pub context: Option<ChatContext>,
    pub created_at: DateTime<Utc>,
}

/// A direct chat, as one of its participants sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Chat {
    pub id: Uuid,
    #[serde(rename = "type")]
    pub kind: ChatType,
    /// Both participants, the caller first.
    pub participants: Vec<ChatUser>,
    /// The series the conversation is currently about (the banner), if any.
    pub context: Option<ChatContext>,
    /// The newest row of the history, if any.
    pub last_message: Option<ChatMessage>,
    /// Messages from the other participant after the caller's read marker.
    pub unread_count: u64,
    /// The caller blocked the other participant: the conversation is hidden from their list and takes no
    /// messages until they unblock.
    pub blocked_by_me: bool,
    pub created_at: DateTime<Utc>,
    /// When the last message or context change happened (or the chat started).
    pub updated_at: DateTime<Utc>,
}

/// A page of the caller's conversations, most recently active first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatPage {
    pub items: Vec<Chat>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// A page of history, newest first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatMessagePage {
    pub items: Vec<ChatMessage>,
    /// Pass as `before` for the next (older) page; none when this page reaches the first message.
    pub next_before: Option<Uuid>,
}

/// `startDirectChat`: with the GM of a series (which becomes the conversation's context) or with an account.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct StartDirectChatRequest {
    #[serde(rename = "type")]
    pub kind: ChatType,
    /// The other account (from a profile). Give this or `series_id`, not both.
    pub user_id: Option<Uuid>,
    /// A series (from a Questboard card or series page): the chat is with its GM, about it.
    pub series_id: Option<Uuid>,
}

/// `sendChatMessage`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SendChatMessageRequest {
    /// Made by the client once per message and sent again on every retry: the same id is stored once.
    pub client_id: Uuid,
    /// Plain text, at most 2000 characters, not blank; line breaks and tabs but no other control characters.
    #[schema(min_length = 1, max_length = 2000)]
    pub body: String,
}

/// `markChatRead`: read up to this message (by default the newest).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct MarkChatReadRequest {
    #[serde(default)]
    pub message_id: Option<Uuid>,
}

/// `reportChatMessage`: a message or a person, with an optional reason.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ReportChatRequest {
    /// The message reported (one of a conversation of yours). Give this or `user_id`, not both.
    pub message_id: Option<Uuid>,
    /// The person reported.
    pub user_id: Option<Uuid>,
    /// At most 1000 characters; blank is none.
    #[schema(max_length = 1000)]
    pub reason: Option<String>,
}

/// A stored report.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ChatReport {
    pub id: Uuid,
    pub reported_user_id: Uuid,
    pub message_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

/// A page of history: `before` a message (its id), `limit` rows.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChatMessagesQuery {
    /// The id of the oldest message already shown; none for the newest page.
    #[param(value_type = Option<Uuid>)]
    pub before: Option<String>,
    /// How many rows to return (default 50, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
}
