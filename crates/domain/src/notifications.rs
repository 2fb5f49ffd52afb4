//! Notifications (issue 18): what kinds there are, what a notification carries for the reader's own wording, the
//! e-mail defaults, when a session's reminders fall, the chat preview and the unsubscribe token's claims. Pure:
//! the server signs tokens, stores rows and sends mail.

use chrono::{DateTime, Duration, LocalResult, TimeZone as _, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Every kind of notification, snake_case on the wire. A later feature adds its kind here, its template in the
/// server's `notifications/templates`, and its line in docs/decisions.md ("Notifications (issue 18)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum NotificationKind {
    /// The series' GM: a player applied (or applied again).
    ApplicationReceived,
    /// The player: the GM accepted their application.
    ApplicationAccepted,
    /// The player: the GM rejected their application, or removed them from the series.
    ApplicationRejected,
    /// The player: invited to a session.
    SessionInvited,
    ScheduleFixed,
    ScheduleChanged,
    PreparationStarted,
    PaymentDue,
    SessionStarted,
    SessionCancelled,
    /// The payer: a payment was recorded.
    PaymentReceipt,
    /// The payer: their money was given back.
    RefundIssued,
    /// The other participant of a chat, when a message stayed unread for a few minutes.
    ChatMessage,
    /// Each participant of a session, the GM included, 24 hours or 1 hour before it.
    SessionReminder,
    /// The GM: a player reviewed a session (issue 19 emits it).
    ReviewReceived,
    /// The GM: a player's bank disputed a payment for a session, and its money is held back from the payout.
    PaymentDisputed,
    /// The GM: a disputed payment was decided in their favour and counts towards the payout again.
    DisputeWon,
    /// The GM: a player asked for their payment back; the request waits for the GM's decision.
    RefundRequested,
    /// The GM: an invited player rejected the session's fixed date.
    ParticipationRejected,
    /// The GM: a player who held a seat left the session before its start.
    ParticipantLeft,
    /// The player: the GM removed them from a session.
    ParticipantRemoved,
}

impl NotificationKind {
    pub const ALL: [NotificationKind; 21] = [
        NotificationKind::ApplicationReceived,
        NotificationKind::ApplicationAccepted,
        NotificationKind::ApplicationRejected,
        NotificationKind::SessionInvited,
        NotificationKind::ScheduleFixed,
        NotificationKind::ScheduleChanged,
        NotificationKind::PreparationStarted,
        NotificationKind::PaymentDue,
        NotificationKind::SessionStarted,
        NotificationKind::SessionCancelled,
        NotificationKind::PaymentReceipt,
        NotificationKind::RefundIssued,
        NotificationKind::ChatMessage,
        NotificationKind::SessionReminder,
        NotificationKind::ReviewReceived,
        NotificationKind::PaymentDisputed,
        NotificationKind::DisputeWon,
        NotificationKind::RefundRequested,
        NotificationKind::ParticipationRejected,
        NotificationKind::ParticipantLeft,
        NotificationKind::ParticipantRemoved,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            NotificationKind::ApplicationReceived => "application_received",
            NotificationKind::ApplicationAccepted => "application_accepted",
            NotificationKind::ApplicationRejected => "application_rejected",
            NotificationKind::SessionInvited => "session_invited",
            NotificationKind::ScheduleFixed => "schedule_fixed",
            NotificationKind::ScheduleChanged => "schedule_changed",
            NotificationKind::PreparationStarted => "preparation_started",
            NotificationKind::PaymentDue => "payment_due",
            NotificationKind::SessionStarted => "session_started",
            NotificationKind::SessionCancelled => "session_cancelled",
            NotificationKind::PaymentReceipt => "payment_receipt",
            NotificationKind::RefundIssued => "refund_issued",
            NotificationKind::ChatMessage => "chat_message",
            NotificationKind::SessionReminder => "session_reminder",
            NotificationKind::ReviewReceived => "review_received",
            NotificationKind::PaymentDisputed => "payment_disputed",
            NotificationKind::DisputeWon => "dispute_won",
            NotificationKind::RefundRequested => "refund_requested",
            NotificationKind::ParticipationRejected => "participation_rejected",
            NotificationKind::ParticipantLeft => "participant_left",
            NotificationKind::ParticipantRemoved => "participant_removed",
        }
    }

    pub fn parse(input: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == input)
    }
}

/// The kinds that go out by e-mail for an account that never chose: every kind. A chat message is included because
/// it is only notified when it stayed unread for [`CHAT_UNREAD_MINUTES`], that is when the person is away.
pub fn default_email_kinds() -> Vec<NotificationKind> {
    NotificationKind::ALL.to_vec()
}

/// A chat message becomes a notification when its recipient has not read it this many minutes after it was sent.
pub const CHAT_UNREAD_MINUTES: i64 = 5;
/// The longest chat preview a notification keeps, in characters (an ellipsis included).
pub const PREVIEW_MAX: usize = 140;
/// Read notifications older than this many days are pruned.
pub const READ_RETENTION_DAYS: i64 = 90;
/// How long an unsubscribe link works.
pub const UNSUBSCRIBE_TOKEN_DAYS: i64 = 90;

/// Which reminder: a day before, or an hour before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Reminder {
    #[serde(rename = "24h")]
    DayBefore,
    #[serde(rename = "1h")]
    HourBefore,
}

impl Reminder {
    pub const ALL: [Reminder; 2] = [Reminder::DayBefore, Reminder::HourBefore];

    pub fn as_str(self) -> &'static str {
        match self {
            Reminder::DayBefore => "24h",
            Reminder::HourBefore => "1h",
        }
    }

    /// When this reminder of a session starting at `start` in zone `tz` falls.
    ///
    /// The hour before is 60 minutes before. The day before is the same wall-clock time on the previous day in the
    /// session's zone ("tomorrow at 19:00" arrives at 19:00), which is 23 or 25 hours before across a change of
    /// summer time; if that wall-clock time does not exist on that day (the spring gap), it is 24 hours before, and
    /// if it exists twice (the autumn fold), the earlier.
    pub fn due_at(self, start: DateTime<Utc>, tz: chrono_tz::Tz) -> DateTime<Utc> {
        match self {
            Reminder::HourBefore => start - Duration::hours(1),
            Reminder::DayBefore => {
                let local = start.with_timezone(&tz).naive_local();
                let day_before = local - Duration::days(1);
                match tz.from_local_datetime(&day_before) {
                    LocalResult::Single(at) => at.with_timezone(&Utc),
                    LocalResult::Ambiguous(earlier, _) => earlier.with_timezone(&Utc),
                    LocalResult::None => start - Duration::hours(24),
                }
            }
        }
    }
}

/// What a notification says, for the reader's own wording: every field optional, each kind fills its own.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NotificationParams {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_handle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at: Option<DateTime<Utc>>,
    /// The IANA zone the session's start is shown in (the series schedule's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// Minor units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// Lower-case ISO 4217.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chat_id: Option<Uuid>,
    /// At most [`PREVIEW_MAX`] characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message_preview: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminder: Option<Reminder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<i32>,
    /// What a person wrote with the move, as written: the applicant's message to the GM, the GM's answer (a
    /// welcome) to the player. The mail quotes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The first [`PREVIEW_MAX`] characters of a chat message on one line (line breaks and runs of spaces become one
/// space), with an ellipsis when cut.
pub fn preview(body: &str) -> String {
    let flat = body.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= PREVIEW_MAX {
        return flat;
    }
    let mut cut: String = flat.chars().take(PREVIEW_MAX - 1).collect();
    cut = cut.trim_end().to_owned();
    cut.push('…');
    cut
}

/// What an unsubscribe link turns off: one kind's e-mails, or every notification e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnsubscribeScope {
    Kind(NotificationKind),
    All,
}

impl UnsubscribeScope {
    pub fn as_str(self) -> &'static str {
        match self {
            UnsubscribeScope::Kind(kind) => kind.as_str(),
            UnsubscribeScope::All => "all",
        }
    }

    pub fn parse(input: &str) -> Option<Self> {
        if input == "all" { Some(UnsubscribeScope::All) } else { NotificationKind::parse(input).map(Self::Kind) }
    }

    /// The e-mail kinds left after unsubscribing from this scope.
    pub fn apply(self, kinds: &[NotificationKind]) -> Vec<NotificationKind> {
        match self {
            UnsubscribeScope::All => Vec::new(),
            UnsubscribeScope::Kind(off) => kinds.iter().copied().filter(|kind| *kind != off).collect(),
        }
    }
}

/// The signed part of an unsubscribe token: whose, what, until when. Written `<account>.<scope>.<expiry unix>`;
/// the server appends its HMAC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnsubscribeClaims {
    pub account: Uuid,
    pub scope: UnsubscribeScope,
    pub expires_at: DateTime<Utc>,
}

/// Why a token is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenRefusal {
    /// Not a token, or not signed by this server.
    Invalid,
    /// Signed, but past its time.
    Expired,
}

impl UnsubscribeClaims {
    pub fn new(account: Uuid, scope: UnsubscribeScope, now: DateTime<Utc>) -> Self {
        Self { account, scope, expires_at: now + Duration::days(UNSUBSCRIBE_TOKEN_DAYS) }
    }

    pub fn encode(&self) -> String {
        format!("{}.{}.{}", self.account.simple(), self.scope.as_str(), self.expires_at.timestamp())
    }

    /// Reads the claims (the signature has been checked) and checks the expiry.
    pub fn decode(input: &str, now: DateTime<Utc>) -> Result<Self, TokenRefusal> {
        let mut parts = input.split('.');
        let (Some(account), Some(scope), Some(expiry), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(TokenRefusal::Invalid);
        };
        let account = Uuid::parse_str(account).map_err(|_| TokenRefusal::Invalid)?;
        let scope = UnsubscribeScope::parse(scope).ok_or(TokenRefusal::Invalid)?;
        let expires_at = expiry
            .parse::<i64>()
            .ok()
            .and_then(|secs| DateTime::from_timestamp(secs, 0))
            .ok_or(TokenRefusal::Invalid)?;
        if expires_at <= now {
            return Err(TokenRefusal::Expired);
        }
        Ok(Self { account, scope, expires_at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn kinds_travel_by_their_wire_names() {
        for kind in NotificationKind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.as_str());
            assert_eq!(NotificationKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(NotificationKind::parse("all"), None);
        assert_eq!(NotificationKind::ScheduleFixed.as_str(), "schedule_fixed");
    }

    #[test]
    fn the_hour_before_is_sixty_minutes_before() {
        let start = utc("2026-12-01T18:00:00Z");
        assert_eq!(Reminder::HourBefore.due_at(start, chrono_tz::Europe::Warsaw), utc("2026-12-01T17:00:00Z"));
    }

    #[test]
    fn the_day_before_is_the_same_wall_clock_time_the_day_before() {
        // A winter evening in Warsaw: plainly 24 hours.
        let start = utc("2026-12-01T18:00:00Z");
        assert_eq!(Reminder::DayBefore.due_at(start, chrono_tz::Europe::Warsaw), utc("2026-11-30T18:00:00Z"));
    }

    #[test]
    fn across_the_spring_change_the_day_before_is_23_hours_before() {
        // Summer time starts in Warsaw on 29 March 2026 at 02:00: a session at 10:00 CEST that day (08:00 UTC) is
        // reminded at 10:00 CET on the 28th (09:00 UTC).
        let start = utc("2026-03-29T08:00:00Z");
        let due = Reminder::DayBefore.due_at(start, chrono_tz::Europe::Warsaw);
        assert_eq!(due, utc("2026-03-28T09:00:00Z"));
        assert_eq!(start - due, Duration::hours(23));
    }

    #[test]
    fn across_the_autumn_change_the_day_before_is_25_hours_before() {
        // Summer time ends in Warsaw on 25 October 2026 at 03:00: 10:00 CET that day is 09:00 UTC, 10:00 CEST on
        // the 24th is 08:00 UTC.
        let start = utc("2026-10-25T09:00:00Z");
        let due = Reminder::DayBefore.due_at(start, chrono_tz::Europe::Warsaw);
        assert_eq!(due, utc("2026-10-24T08:00:00Z"));
        assert_eq!(start - due, Duration::hours(25));
    }

    #[test]
    fn a_wall_clock_time_missing_the_day_before_falls_back_to_24_hours() {
        // 02:30 on 30 March (CEST, 00:30 UTC): 02:30 on the 29th does not exist in Warsaw.
        let start = utc("2026-03-30T00:30:00Z");
        assert_eq!(Reminder::DayBefore.due_at(start, chrono_tz::Europe::Warsaw), utc("2026-03-29T00:30:00Z"));
    }

    #[test]
    fn a_wall_clock_time_twice_the_day_before_takes_the_earlier() {
        // 02:30 on 26 October (CET, 01:30 UTC): 02:30 on the 25th happens at 00:30 and at 01:30 UTC.
        let start = utc("2026-10-26T01:30:00Z");
        assert_eq!(Reminder::DayBefore.due_at(start, chrono_tz::Europe::Warsaw), utc("2026-10-25T00:30:00Z"));
    }

    #[test]
    fn previews_are_one_line_and_at_most_140_characters() {
        assert_eq!(preview("Hello\n\n  there"), "Hello there");
        let long = "ż".repeat(300);
        let cut = preview(&long);
        assert_eq!(cut.chars().count(), PREVIEW_MAX);
        assert!(cut.ends_with('…'));
        assert_eq!(preview(&"a".repeat(140)), "a".repeat(140));
    }

    #[test]
    fn unsubscribing_removes_one_kind_or_all() {
        let kinds = default_email_kinds();
        let left = UnsubscribeScope::Kind(NotificationKind::ChatMessage).apply(&kinds);
        assert_eq!(left.len(), kinds.len() - 1);
        assert!(!left.contains(&NotificationKind::ChatMessage));
        assert!(UnsubscribeScope::All.apply(&kinds).is_empty());
    }

    #[test]
    fn claims_round_trip_and_expire() {
        let now = utc("2026-11-22T10:00:00Z");
        let claims = UnsubscribeClaims::new(Uuid::now_v7(), UnsubscribeScope::Kind(NotificationKind::PaymentDue), now);
        let text = claims.encode();
        assert_eq!(UnsubscribeClaims::decode(&text, now), Ok(claims));
        let later = now + Duration::days(UNSUBSCRIBE_TOKEN_DAYS);
        assert_eq!(UnsubscribeClaims::decode(&text, later), Err(TokenRefusal::Expired));
        for bad in ["", "x.y.z", "a.b", &format!("{}.nope.1", Uuid::nil().simple()), &format!("{text}.extra")] {
            assert_eq!(UnsubscribeClaims::decode(bad, now), Err(TokenRefusal::Invalid), "{bad}");
        }
    }
}
