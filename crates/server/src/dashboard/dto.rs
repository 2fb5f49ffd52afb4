//! What `getDashboard` answers (docs/decisions.md, "Dashboard (issue 19)").

use chrono::{DateTime, Utc};
use questline_domain::dashboard::DashboardActionKind;
use questline_domain::sessions::{ParticipantStatus, SessionStatus};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// What needs you now: a section per role you have.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Dashboard {
    /// The server's time when this answer was made.
    pub generated_at: DateTime<Utc>,
    /// When the actions change by the clock alone (the next session whose preparation opens); read the Dashboard
    /// again then. Null: nothing changes until something happens.
    pub refresh_at: Option<DateTime<Utc>>,
    /// Every account is a player.
    pub player: DashboardSection,
    /// Null unless you are a game master.
    pub gm: Option<DashboardSection>,
}

/// One role's part of the Dashboard.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardSection {
    /// Up to 5 sessions not over, soonest start first (a running one first of all). A player's: those they are
    /// still in (invited, confirmed, ready, playing).
    pub next_sessions: Vec<DashboardSession>,
    /// What waits for you: actions about a coming session first (soonest session first), then feedback on the
    /// sessions you played in the last 14 days (the oldest first), then series' applications to review (the longest
    /// waiting first).
    pub actions: Vec<DashboardAction>,
}

/// The series a Dashboard item belongs to: enough to name it and link to it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardSeries {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    /// The series schedule's IANA zone (the GM's); `UTC` when it has none.
    pub time_zone: String,
}

/// A session in a Dashboard section.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardSession {
    /// Links to `/dashboard/player/my-sessions/{id}` (player) or `/dashboard/gm/my-sessions/{id}` (GM).
    pub id: Uuid,
    pub series: DashboardSeries,
    pub status: SessionStatus,
    pub scheduled_start_datetime: DateTime<Utc>,
    pub scheduled_duration_minutes: i32,
    /// Your participation (player section); null in the GM's section.
    pub my_status: Option<ParticipantStatus>,
}

/// The session an action is about.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardActionSession {
    pub id: Uuid,
    pub status: SessionStatus,
    pub scheduled_start_datetime: DateTime<Utc>,
}

/// What a `pay` action asks for.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardPayment {
    /// The session payment (its store variant is `variant_<id in hex>`).
    pub id: Uuid,
    /// `"25.00"`.
    pub amount: String,
    /// `pln` or `eur`.
    pub currency_code: String,
}

/// Something waiting for you, with what the web needs to link to its screen: a session action opens the session
/// (the player's or the GM's page; `give_feedback` the player's, where the feedback is given; `decide_refund` the GM's,
/// where the refund requests are decided), `review_applications`
/// the series' applications.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct DashboardAction {
    pub kind: DashboardActionKind,
    pub series: DashboardSeries,
    /// The session it is about; null for `review_applications`.
    pub session: Option<DashboardActionSession>,
    /// `review_applications`: how many applications wait; `decide_refund`: how many refund requests of the session
    /// wait for your decision; null otherwise.
    pub count: Option<u32>,
    /// `pay`: the payment due; null otherwise.
    pub payment: Option<DashboardPayment>,
}
