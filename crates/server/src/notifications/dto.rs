//! What the notification endpoints accept and answer.

use chrono::{DateTime, Utc};
use questline_domain::notifications::{NotificationKind, NotificationParams};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// One thing the reader must know. The web words it in the reader's language from `kind` and `params`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Notification {
    pub id: Uuid,
    pub kind: NotificationKind,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
    /// The app path it leads to, such as `/questboard/{handle}` or `/dashboard/player/my-sessions/{id}`.
    pub link: String,
    pub params: NotificationParams,
}

/// A page of the caller's notifications, newest first. `count` is the number of notifications the filter
/// (`unread_only`) selects; `unread_count` is always every unread one.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NotificationPage {
    pub items: Vec<Notification>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
    pub unread_count: u64,
}

#[derive(Debug, Clone, Copy, Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct NotificationsQuery {
    /// How many items to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// Only the unread ones (default false).
    pub unread_only: Option<bool>,
}

/// Which notifications an account gets by e-mail, and which reminders before its sessions.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct NotificationPreferences {
    /// The kinds that also go out by e-mail (each in-app notification is made regardless).
    pub email_kinds: Vec<NotificationKind>,
    /// A reminder 24 hours before each session (the same time the day before, in the session's zone).
    pub reminder_24h: bool,
    /// A reminder 1 hour before each session.
    pub reminder_1h: bool,
}

/// The body of `updateNotificationPreferences`: kinds travel as strings so an unknown one is a clear 400.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateNotificationPreferencesRequest {
    #[schema(value_type = Vec<NotificationKind>)]
    pub email_kinds: Vec<String>,
    pub reminder_24h: bool,
    pub reminder_1h: bool,
}

#[derive(Debug, Clone, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UnsubscribeQuery {
    /// The signed token of the e-mail's link.
    pub token: String,
}

/// What an unsubscribe turned off: one kind's e-mails, or `all`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct UnsubscribeResponse {
    pub unsubscribed: Unsubscribed,
}

/// One kind, or every kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Unsubscribed {
    Kind(NotificationKind),
    All(AllKinds),
}

/// Every notification e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum AllKinds {
    #[serde(rename = "all")]
    All,
}
