//! What the series and Questboard endpoints accept and answer.

use chrono::{DateTime, Utc};
use questline_domain::blueprints::ActivityType;
use questline_domain::language::Language;
use questline_domain::series::{LifecycleStatus, PricingModel, RecruitmentStatus};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

/// Where the table meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LocationKind {
    /// A table or voice link, shown only to accepted players and the GM.
    Online,
    /// A city and a venue.
    InPerson,
}

/// `{kind: "online", link}` or `{kind: "in_person", city, venue}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct LocationRequest {
    pub kind: LocationKind,
    pub link: Option<String>,
    pub city: Option<String>,
    pub venue: Option<String>,
}

/// `{model, amount, currency_code}`: the amount is a string such as `"25.00"`; amount and currency are read only
/// when paid.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct PricingRequest {
    pub model: Option<String>,
    pub amount: Option<String>,
    pub currency_code: Option<String>,
}

/// The wizard: `title` and `blueprint_id` are required; the rest may come later through `updateSeries`.
/// Requirements are the three numbers together; pricing is `{model, amount, currency_code}`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CreateSeriesRequest {
    #[serde(default)]
    pub title: String,
    /// The id of one of the signed-in GM's blueprints; its activity type and game system are the series'. A
    /// string, so that an empty or malformed one gets the field's message rather than a shape error.
    pub blueprint_id: Option<String>,
    pub short_description: Option<String>,
    /// The language of play; `en` when left out.
    pub language: Option<Language>,
    pub location: Option<LocationRequest>,
    pub pricing: Option<PricingRequest>,
    pub min_players: Option<i64>,
    pub max_players: Option<i64>,
    pub min_player_age: Option<i64>,
}

/// One of the spec's four payloads (or several together): basic info `{title, short_description}` (with
/// `language` and `location`), status `{lifecycle_status, recruitment_status}`, pricing `{pricing: {model, amount,
/// currency_code}}`, player requirements `{min_players, max_players, min_player_age}`. `version`, when sent, must be
/// the one last read (a stale one is a `conflict`).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct UpdateSeriesRequest {
    pub title: Option<String>,
    pub short_description: Option<String>,
    pub language: Option<Language>,
    pub location: Option<LocationRequest>,
    pub lifecycle_status: Option<LifecycleStatus>,
    pub recruitment_status: Option<RecruitmentStatus>,
    pub pricing: Option<PricingRequest>,
    pub min_players: Option<i64>,
    pub max_players: Option<i64>,
    pub min_player_age: Option<i64>,
    pub version: Option<i64>,
}

/// `{start_time, session_duration_minutes, is_recurring, recurrence_rule, time_zone, first_date}`: `start_time`
/// is `hh:mm` and `first_date` `YYYY-MM-DD`, both in the GM's IANA `time_zone`; `recurrence_rule` an iCalendar
/// RRULE (read only when recurring).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SetSeriesScheduleRequest {
    pub start_time: Option<String>,
    /// Minutes, default 60.
    pub session_duration_minutes: Option<i64>,
    #[serde(default)]
    pub is_recurring: bool,
    pub recurrence_rule: Option<String>,
    pub time_zone: Option<String>,
    pub first_date: Option<String>,
}

/// Where a series' table meets, as the series answers it. Named `SeriesLocation` in the API document: the
/// profile's address is `Location` there, and two schemas of one name would leave only one of them.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(as = SeriesLocation)]
pub struct Location {
    pub kind: LocationKind,
    /// Only for the GM and the players accepted to the series; null for everyone else.
    pub link: Option<String>,
    pub city: Option<String>,
    pub venue: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesPricing {
    pub model: PricingModel,
    /// `"25.00"`; null when free.
    pub amount: Option<String>,
    /// `pln` or `eur`; null when free.
    pub currency_code: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesRequirements {
    pub min_players: u8,
    pub max_players: u8,
    pub min_player_age: u8,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesSchedule {
    /// `hh:mm` in `time_zone`.
    pub start_time: String,
    pub session_duration_minutes: u16,
    pub is_recurring: bool,
    pub recurrence_rule: Option<String>,
    pub time_zone: String,
    pub first_date: String,
    /// The next session starts (at most five), in UTC.
    pub next_sessions: Vec<DateTime<Utc>>,
}

/// The blueprint a series is made from.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesBlueprint {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    /// The blueprint's description parts, in order: given with one series (`getSeries` and the answers to changes),
    /// left out of lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<SeriesDescriptionPart>>,
}

/// One part of the description of the adventure a series plays.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesDescriptionPart {
    pub title: String,
    /// The Tiptap document (`{}` when empty); render it with Tiptap's renderer, never as HTML.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub content: serde_json::Value,
    pub language: Language,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Series {
    pub id: Uuid,
    /// The address of the series' page; made from the first title and kept when the title changes.
    pub handle: String,
    pub title: String,
    pub short_description: String,
    pub game_master_id: Uuid,
    pub activity_blueprint: SeriesBlueprint,
    pub activity_type: ActivityType,
    pub game_system_id: Uuid,
    pub lifecycle_status: LifecycleStatus,
    pub recruitment_status: RecruitmentStatus,
    /// Null until set.
    pub pricing: Option<SeriesPricing>,
    /// Null until set.
    pub requirements: Option<SeriesRequirements>,
    pub location: Option<Location>,
    pub language: Language,
    pub thumbnail_url: Option<String>,
    pub banner_url: Option<String>,
    /// Null until set.
    pub schedule: Option<SeriesSchedule>,
    pub next_session_at: Option<DateTime<Utc>>,
    pub seats_taken: u32,
    pub published_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version: i64,
}

/// A page of the signed-in GM's series, most recently changed first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct SeriesPage {
    pub items: Vec<Series>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// A Questboard card.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct QuestboardCard {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    pub short_description: String,
    pub game_master_id: Uuid,
    pub thumbnail_url: Option<String>,
    pub game_system_id: Uuid,
    pub activity_type: ActivityType,
    pub language: Language,
    pub min_player_age: Option<u8>,
    pub min_players: Option<u8>,
    pub max_players: Option<u8>,
    pub seats_taken: u32,
    pub session_duration_minutes: Option<u16>,
    /// Null until the GM sets pricing.
    pub pricing: Option<SeriesPricing>,
    /// UTC; the web shows it in the viewer's zone.
    pub next_session_at: Option<DateTime<Utc>>,
    pub time_zone: Option<String>,
    pub recruitment_status: RecruitmentStatus,
    pub published_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct QuestboardPage {
    pub items: Vec<QuestboardCard>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// Free or paid, for the Questboard filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PriceKind {
    Free,
    Paid,
}

/// The Questboard's filters; lists are comma-separated. All optional.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct QuestboardQuery {
    /// How many items to skip (default 0).
    pub offset: Option<u64>,
    /// How many items to return (default 20, at most 100).
    pub limit: Option<u64>,
    /// Game system ids, comma-separated; a family includes its editions.
    pub game_systems: Option<String>,
    /// Languages of play, comma-separated (`en,pl`).
    pub languages: Option<String>,
    /// `one_shot` or `campaign`.
    #[param(inline)]
    pub format: Option<ActivityType>,
    /// `free` or `paid`.
    #[param(inline)]
    pub price: Option<PriceKind>,
    /// The currency of the price range (`pln` or `eur`); required with `price_min` or `price_max`.
    pub currency: Option<String>,
    /// Lowest price per session, e.g. `10` or `12.50`; free counts as 0.
    pub price_min: Option<String>,
    /// Highest price per session; not below `price_min` (400 otherwise).
    pub price_max: Option<String>,
    /// Words to find in the title or the short description.
    pub q: Option<String>,
}
