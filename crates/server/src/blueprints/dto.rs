//! What the blueprint and part endpoints accept and answer.

use chrono::{DateTime, Utc};
use questline_domain::blueprints::{ActivityType, ContentType};
use questline_domain::language::Language;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// `{title, language, activity_type, game_system_id}`; language defaults to `en`, activity type to `campaign`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CreateActivityBlueprintRequest {
    #[serde(default)]
    pub title: String,
    pub language: Option<Language>,
    pub activity_type: Option<ActivityType>,
    /// Any system of the tree: a family (a root) or one of its editions.
    pub game_system_id: Option<Uuid>,
}

/// The same fields as creation, and the `version` last read (a stale one is a `conflict`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateActivityBlueprintRequest {
    #[serde(default)]
    pub title: String,
    pub language: Language,
    pub activity_type: ActivityType,
    pub game_system_id: Option<Uuid>,
    pub version: i64,
}

/// The blueprint's parts, in order: this list replaces the current one (add, remove and reorder all send it).
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct SetActivityBlueprintPartsRequest {
    pub part_ids: Vec<Uuid>,
    pub version: i64,
}

/// One of the blueprint's parts, as the blueprint shows it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BlueprintPartInBlueprint {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    pub language: Language,
    /// The Tiptap document (`{}` when empty); render it with Tiptap's renderer, never as HTML.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub content: serde_json::Value,
    pub characters: u32,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ActivityBlueprint {
    pub id: Uuid,
    /// The address of the blueprint's page; made from the first title and kept when the title changes.
    pub handle: String,
    pub title: String,
    pub language: Language,
    pub activity_type: ActivityType,
    pub game_system_id: Uuid,
    /// The description: its parts, in order.
    pub parts: Vec<BlueprintPartInBlueprint>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Send it back with an update; a stale one is a `conflict`.
    pub version: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ActivityBlueprintSummary {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    pub language: Language,
    pub activity_type: ActivityType,
    pub game_system_id: Uuid,
    pub part_count: u32,
    pub updated_at: DateTime<Utc>,
}

/// A page of the signed-in GM's blueprints, most recently changed first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ActivityBlueprintPage {
    pub items: Vec<ActivityBlueprintSummary>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}

/// `{title, content, content_type, language}`: content is `{}` (empty) when left out, content type
/// `activity_blueprint`, language `en`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CreateBlueprintPartRequest {
    #[serde(default)]
    pub title: String,
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub content: Option<serde_json::Value>,
    pub content_type: Option<ContentType>,
    pub language: Option<Language>,
}

/// Any of the fields (the editor's autosave sends only `content`), and the `version` last read.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct UpdateBlueprintPartRequest {
    pub title: Option<String>,
    #[schema(value_type = Option<std::collections::HashMap<String, serde_json::Value>>)]
    pub content: Option<serde_json::Value>,
    pub content_type: Option<ContentType>,
    pub language: Option<Language>,
    pub version: i64,
}

/// A blueprint that uses a part.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BlueprintRef {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BlueprintPart {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    /// The Tiptap document (`{}` when empty); render it with Tiptap's renderer, never as HTML.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub content: serde_json::Value,
    pub content_type: ContentType,
    pub language: Language,
    /// Characters of the content, counted like the editor counts them.
    pub characters: u32,
    /// The blueprints whose description includes this part.
    pub used_in: Vec<BlueprintRef>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub version: i64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BlueprintPartSummary {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
    pub content_type: ContentType,
    pub language: Language,
    pub characters: u32,
    pub updated_at: DateTime<Utc>,
}

/// A page of the signed-in GM's parts, most recently changed first.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct BlueprintPartPage {
    pub items: Vec<BlueprintPartSummary>,
    pub count: u64,
    pub offset: u64,
    pub limit: u64,
}
