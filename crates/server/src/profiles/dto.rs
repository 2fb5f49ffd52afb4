//! What the profile endpoints accept and answer.

use chrono::{DateTime, NaiveDate, Utc};
use questline_domain::profiles::ExperienceLevel;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::reviews::ReviewSummary;
use uuid::Uuid;

#[derive(Debug, Clone, Copy, Serialize, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ProfileType {
    Player,
    Gm,
}

/// Experience and playstyles, for the player part or the GM part.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Experience {
    pub claimed_years_experience: i32,
    pub experience_level: ExperienceLevel,
    /// Known values are translated by the app; unknown ones are shown title-cased.
    pub playstyles: Vec<String>,
}

/// What anyone may see of a profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PublicProfile {
    pub profile_id: Uuid,
    pub account_id: Uuid,
    #[serde(rename = "type")]
    pub kind: ProfileType,
    pub display_name: String,
    pub bio: String,
    pub language: String,
    pub player: Experience,
    /// Present for game masters only.
    pub gm: Option<Experience>,
    pub member_since: DateTime<Utc>,
    pub gm_since: Option<DateTime<Utc>>,
    /// How many sessions the account played as a player (to the end, or leaving early).
    pub sessions_played: u64,
    /// The average and count of a GM's visible reviews; null for a player, or a GM without reviews.
    pub review_summary: Option<ReviewSummary>,
    /// How many sessions a GM ran (completed, or stopped early once started); null for a player.
    pub sessions_run: Option<u64>,
    /// A GM's series players can see (published or active), the most recently published first, at most 20; empty
    /// for a player.
    pub series: Vec<ProfileSeries>,
}

/// A series on its GM's public profile, linking to its Questboard page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ProfileSeries {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, Default)]
pub struct Location {
    pub address1: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    /// Two-letter country code, lower-case.
    pub country: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Phone {
    pub phone: String,
}

/// The owner's own profile: the public part and the private fields.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct MyProfile {
    #[serde(flatten)]
    pub public: PublicProfile,
    pub first_name: String,
    pub last_name: String,
    pub birthdate: Option<NaiveDate>,
    pub location: Location,
    pub phone: Option<Phone>,
    pub email: String,
    /// False until the basic profile wizard is done; the app offers it until then.
    pub basics_completed: bool,
    /// Send it back with an update to refuse the update if someone changed the profile in the meantime.
    pub version: i64,
}

/// One or more parts to update: `{base: …}`, `{player: …}`, `{gm: …}` (the GM part needs the gm role).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateProfileRequest {
    #[serde(default, deserialize_with = "crate::http::extract::present")]
    #[schema(nullable = false)]
    pub base: Option<BaseUpdate>,
    #[serde(default, deserialize_with = "crate::http::extract::present")]
    #[schema(nullable = false)]
    pub player: Option<ExperienceUpdate>,
    #[serde(default, deserialize_with = "crate::http::extract::present")]
    #[schema(nullable = false)]
    pub gm: Option<ExperienceUpdate>,
    /// The `version` the client last read; a stale one is a `conflict`.
    pub version: Option<i64>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct BaseUpdate {
    pub first_name: String,
    pub last_name: String,
    pub display_name: String,
    /// `YYYY-MM-DD`; required, in the past.
    pub birthdate: Option<String>,
    pub bio: Option<String>,
    /// `en`, `fr`, `nl` or `pl`.
    pub language: Option<String>,
    pub location: Option<Location>,
    pub phone: Option<Phone>,
}

/// Either experience (`claimed_years_experience` with `experience_level`) or `playstyles`, or both.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct ExperienceUpdate {
    pub claimed_years_experience: Option<i64>,
    pub experience_level: Option<String>,
    pub playstyles: Option<Vec<String>>,
}
