//! What the session endpoints accept and answer (the contract agreed with the web app: docs/decisions.md,
//! "Sessions (issue 15)").

use chrono::{DateTime, Utc};
use questline_domain::sessions::{
    ParticipantAction, ParticipantStatus, PaymentStatus, SessionAction, SessionEventKind, SessionStatus,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::series::SeriesPricing;

/// A session's date and length as the GM sends it.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SessionScheduleInput {
    /// An RFC 3339 date and time, at least 15 minutes ahead (`invalid` when it is none).
    #[serde(default)]
    #[schema(max_length = 64)]
    pub scheduled_start_datetime: Option<String>,
    /// 1 to 1440.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1440)]
    pub scheduled_duration_minutes: Option<i64>,
}

/// `createSession`: a series of yours, the accepted players to invite, and the schedule.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CreateSessionRequest {
    pub series_id: Uuid,
    /// At least one; at most the series' maximum players.
    #[serde(default)]
    #[schema(max_items = 100)]
    pub participant_ids: Vec<Uuid>,
    #[serde(default)]
    pub schedule: SessionScheduleInput,
}

/// `updateSessionSchedule`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateSessionScheduleRequest {
    #[serde(default)]
    pub schedule: SessionScheduleInput,
}

/// `addSessionParticipants`: accepted players of the series not already in the session.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct AddSessionParticipantsRequest {
    #[serde(default)]
    #[schema(max_items = 100)]
    pub player_ids: Vec<Uuid>,
}

/// An optional message (to the GM, or the GM's to the player).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct SessionMessageRequest {
    /// At most 1000 characters; blank is none.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub message: Option<String>,
}

/// The series of a session.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionSeries {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    /// The series schedule's IANA zone (the GM's); `UTC` when it has none.
    pub time_zone: String,
    pub pricing: Option<SeriesPricing>,
    /// Null until the series has player requirements.
    pub min_players: Option<u32>,
    pub max_players: Option<u32>,
}

/// The series in a list row.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionSeriesSummary {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionSchedule {
    pub scheduled_start_datetime: DateTime<Utc>,
    pub scheduled_duration_minutes: i32,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionSeats {
    /// Participants confirmed, ready or participating.
    pub confirmed: u32,
    /// The series' maximum players; null when it has none.
    pub total: Option<u32>,
}

/// What the automatic moves wait for: `ready` of `needed` players ready, and in a paid series `ready_and_paid` of
/// `needed` ready and paid ("2 of 4 players ready", "1 of 2 paid").
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionProgress {
    /// The series' minimum players (at least 1).
    pub needed: u32,
    /// Participants marked ready.
    pub ready: u32,
    /// Ready participants whose seat is paid; null for a free series.
    pub ready_and_paid: Option<u32>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionParticipant {
    pub player_id: Uuid,
    pub display_name: String,
    pub status: ParticipantStatus,
    /// Their latest message (null in a player's view of the others).
    pub message: Option<String>,
    /// Their payment is completed (false for a free series, and in a player's view of the others).
    pub paid: bool,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionPayment {
    pub id: Uuid,
    pub player_id: Uuid,
    pub player_display_name: String,
    /// `"25.00"`.
    pub amount: String,
    /// `pln` or `eur`.
    pub currency_code: String,
    pub status: PaymentStatus,
    /// The store's variant that sells this seat (`variant_<payment id in hex>`): add it to a cart to pay.
    pub variant_id: String,
    pub cart_id: Option<String>,
    pub order_id: Option<String>,
    pub transaction_id: Option<String>,
    pub transactions_count: u32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One row of a session's history.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionEvent {
    pub id: Uuid,
    pub kind: SessionEventKind,
    /// Null: the platform (automatic moves, the 60-minute rule, a player leaving the series).
    pub actor_id: Option<Uuid>,
    /// "" for the platform.
    pub actor_display_name: String,
    /// Whom it is about.
    pub player_id: Option<Uuid>,
    /// The session's new status, for `status_changed`.
    pub status: Option<SessionStatus>,
    pub message: Option<String>,
    pub at: DateTime<Utc>,
}

/// A session as its GM sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GmSession {
    pub id: Uuid,
    pub series: SessionSeries,
    pub game_master_id: Uuid,
    pub game_master_display_name: String,
    pub status: SessionStatus,
    pub schedule: SessionSchedule,
    pub actual_start_datetime: Option<DateTime<Utc>>,
    pub actual_duration_minutes: Option<i32>,
    /// Start − the preparation lead: start preparation is allowed from then.
    pub preparation_opens_at: DateTime<Utc>,
    pub seats: SessionSeats,
    /// What the session waits for; null when its series is gone.
    pub progress: Option<SessionProgress>,
    pub participants: Vec<SessionParticipant>,
    /// Oldest first.
    pub events: Vec<SessionEvent>,
    pub payments: Vec<SessionPayment>,
    /// What you may do now.
    pub allowed_actions: Vec<SessionAction>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version: i64,
}

/// The player's own participation.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SessionMe {
    pub status: ParticipantStatus,
    pub message: Option<String>,
    /// What you may do now.
    pub allowed_actions: Vec<ParticipantAction>,
}

/// A session as one of its players sees it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerSession {
    pub id: Uuid,
    pub series: SessionSeries,
    pub game_master_id: Uuid,
    pub game_master_display_name: String,
    pub status: SessionStatus,
    pub schedule: SessionSchedule,
    pub actual_start_datetime: Option<DateTime<Utc>>,
    pub actual_duration_minutes: Option<i32>,
    pub preparation_opens_at: DateTime<Utc>,
    pub seats: SessionSeats,
    /// The others holding or having held a seat.
    pub participants: Vec<SessionParticipant>,
    pub me: SessionMe,
    /// Your payment, if any.
    pub payment: Option<SessionPayment>,
    /// You may pay for your seat now (`sessions::may_pay`): you hold a seat, your payment is open and the session
    /// is waiting for payment or ready to start. The checkout is offered only then.
    pub may_pay: bool,
    /// Oldest first.
    pub events: Vec<SessionEvent>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GmSessionSummary {
    pub id: Uuid,
    pub series: SessionSeriesSummary,
    pub status: SessionStatus,
    pub schedule: SessionSchedule,
    pub seats: SessionSeats,
    pub participant_count: u32,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerSessionSummary {
    pub id: Uuid,
    pub series: SessionSeriesSummary,
    pub game_master_display_name: String,
    pub status: SessionStatus,
    pub schedule: SessionSchedule,
    pub seats: SessionSeats,
    pub my_status: ParticipantStatus,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct GmSessionPage {
    pub items: Vec<GmSessionSummary>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct PlayerSessionPage {
    pub items: Vec<PlayerSessionSummary>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// The GM's sessions: a page, optionally of one series and one status.
#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GmSessionsQuery {
    /// How many items to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// Only sessions of this series (one of yours).
    pub series_id: Option<Uuid>,
    /// Only sessions in this status.
    #[param(inline)]
    pub status: Option<SessionStatus>,
}

/// The player's sessions: a page, optionally of one status.
#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerSessionsQuery {
    /// How many items to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// Only sessions in this status.
    #[param(inline)]
    pub status: Option<SessionStatus>,
}
