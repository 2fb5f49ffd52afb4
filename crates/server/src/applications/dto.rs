//! What the application endpoints accept and answer.

use chrono::{DateTime, Utc};
use questline_domain::applications::{ApplicationMove, ApplicationStatus};
use questline_domain::profiles::ExperienceLevel;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// `applyToSeries`: the series and an optional message to its GM.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ApplyToSeriesRequest {
    pub series_id: Uuid,
    /// At most 1000 characters; blank is none.
    #[schema(max_length = 1000)]
    pub message: Option<String>,
}

/// Cancel, reopen, accept, reject, remove: an optional message (the player's, or the GM's reply).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ApplicationMessageRequest {
    /// At most 1000 characters; blank is none.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub message: Option<String>,
}

/// One move of an application, with its message.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesApplicationHistoryEntry {
    pub action: ApplicationMove,
    /// The player (applied, cancelled, reopened) or the GM (accepted, rejected, removed).
    pub author_id: Uuid,
    pub message: Option<String>,
    pub at: DateTime<Utc>,
}

/// A player's application to a series, as the player and the series' GM see it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesApplication {
    pub id: Uuid,
    pub series_id: Uuid,
    pub series_handle: String,
    pub series_title: String,
    pub player_id: Uuid,
    /// The player's display name ("" if none).
    pub player_display_name: String,
    /// What the GM weighs the applicant by: their stated experience and the sessions they played here.
    pub applicant: Applicant,
    pub game_master_id: Uuid,
    pub status: ApplicationStatus,
    /// The player's latest message.
    pub message: Option<String>,
    /// The GM's latest reply.
    pub reply_message: Option<String>,
    /// Every move with its message, oldest first.
    pub history: Vec<SeriesApplicationHistoryEntry>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version: i64,
}

/// The applicant as a player: the experience their profile states and the sessions they played on Questline.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema)]
pub struct Applicant {
    pub experience_level: ExperienceLevel,
    pub claimed_years_experience: i32,
    /// Sessions played to the end, or left early.
    pub sessions_played: u64,
}

/// A page of applications.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesApplicationPage {
    pub items: Vec<SeriesApplication>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// The GM's applications: a page, optionally of one series and one status.
#[derive(Debug, Clone, Copy, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SeriesApplicationsQuery {
    /// How many items to skip (default 0).
    #[param(maximum = 9_223_372_036_854_775_807_i64)]
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<u64>,
    /// Only applications to this series (one of yours).
    pub series_id: Option<Uuid>,
    /// Only applications in this status.
    #[param(inline)]
    pub status: Option<ApplicationStatus>,
}
