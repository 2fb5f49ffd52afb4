//! Requests become commands here, once: every field error is collected, and what comes out holds only typed
//! values (the handler never checks a field again).

use questline_domain::blueprints::{ActivityType, ContentType, parse_part_order};
use questline_domain::ids::{BlueprintPartId, GameSystemId};
use questline_domain::language::Language;
use questline_domain::rich_text::RichText;
use questline_domain::title::Title;
use questline_domain::{DomainError, ErrorCode, FieldError, Validator};

use super::dto::{
    CreateActivityBlueprintRequest, CreateBlueprintPartRequest, SetActivityBlueprintPartsRequest,
    UpdateActivityBlueprintRequest, UpdateBlueprintPartRequest,
};

pub const GAME_SYSTEM_REQUIRED: &str = "Game system is required";

/// What a blueprint is: the fields of creation and of an update.
#[derive(Debug, Clone)]
pub struct BlueprintFields {
    pub title: Title,
    pub language: Language,
    pub activity_type: ActivityType,
    pub game_system_id: GameSystemId,
}

impl BlueprintFields {
    fn parse(
        v: &mut Validator,
        title: &str,
        language: Language,
        activity_type: ActivityType,
        game_system_id: Option<uuid::Uuid>,
    ) -> Option<Self> {
        let title = v.check("title", Title::parse(title));
        let game_system_id = v.check(
            "game_system_id",
            game_system_id
                .map(GameSystemId)
                .ok_or_else(|| FieldError::new(ErrorCode::GameSystemRequired, GAME_SYSTEM_REQUIRED)),
        );
        Some(Self { title: title?, language, activity_type, game_system_id: game_system_id? })
    }
}

impl TryFrom<CreateActivityBlueprintRequest> for BlueprintFields {
    type Error = DomainError;

    fn try_from(request: CreateActivityBlueprintRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let fields = Self::parse(
            &mut v,
            &request.title,
            request.language.unwrap_or_default(),
            request.activity_type.unwrap_or_default(),
            request.game_system_id,
        );
        fields.filter(|_| v.is_empty()).ok_or_else(|| v.into_error())
    }
}

#[derive(Debug, Clone)]
pub struct BlueprintUpdate {
    pub fields: BlueprintFields,
    pub version: i64,
}

impl TryFrom<UpdateActivityBlueprintRequest> for BlueprintUpdate {
    type Error = DomainError;

    fn try_from(request: UpdateActivityBlueprintRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let fields = BlueprintFields::parse(
            &mut v,
            &request.title,
            request.language,
            request.activity_type,
            request.game_system_id,
        );
        match fields {
            Some(fields) if v.is_empty() => Ok(Self { fields, version: request.version }),
            _ => Err(v.into_error()),
        }
    }
}

/// The new order of a blueprint's parts.
#[derive(Debug, Clone)]
pub struct PartOrder {
    pub part_ids: Vec<BlueprintPartId>,
    pub version: i64,
}

impl TryFrom<SetActivityBlueprintPartsRequest> for PartOrder {
    type Error = DomainError;

    fn try_from(request: SetActivityBlueprintPartsRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        match v.check("part_ids", parse_part_order(&request.part_ids)) {
            Some(ids) => {
                Ok(Self { part_ids: ids.into_iter().map(BlueprintPartId).collect(), version: request.version })
            }
            None => Err(v.into_error()),
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewPart {
    pub title: Title,
    pub content: RichText,
    pub content_type: ContentType,
    pub language: Language,
}

impl TryFrom<CreateBlueprintPartRequest> for NewPart {
    type Error = DomainError;

    fn try_from(request: CreateBlueprintPartRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let title = v.check("title", Title::parse(&request.title));
        let content = match &request.content {
            None => Some(RichText::empty()),
            Some(document) => v.check("content", RichText::parse(document)),
        };
        match (title, content) {
            (Some(title), Some(content)) if v.is_empty() => Ok(Self {
                title,
                content,
                content_type: request.content_type.unwrap_or_default(),
                language: request.language.unwrap_or_default(),
            }),
            _ => Err(v.into_error()),
        }
    }
}

/// The fields to change (at least one), and the version they were read at.
#[derive(Debug, Clone)]
pub struct PartUpdate {
    pub title: Option<Title>,
    pub content: Option<RichText>,
    pub content_type: Option<ContentType>,
    pub language: Option<Language>,
    pub version: i64,
}

impl TryFrom<UpdateBlueprintPartRequest> for PartUpdate {
    type Error = DomainError;

    fn try_from(request: UpdateBlueprintPartRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        if request.title.is_none()
            && request.content.is_none()
            && request.content_type.is_none()
            && request.language.is_none()
        {
            let message = "Send at least one of title, content, content_type or language";
            v.add("title", FieldError::new(ErrorCode::PartFieldsRequired, message));
        }
        let title = request.title.as_deref().and_then(|title| v.check("title", Title::parse(title)));
        let content = request.content.as_ref().and_then(|document| v.check("content", RichText::parse(document)));
        if !v.is_empty() {
            return Err(v.into_error());
        }
        Ok(Self {
            title,
            content,
            content_type: request.content_type,
            language: request.language,
            version: request.version,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_field_error_is_collected_at_once() {
        let request: CreateActivityBlueprintRequest = serde_json::from_value(json!({"title": "ab"})).unwrap();
        let error = BlueprintFields::try_from(request).unwrap_err();
        let messages = |field: &str| error.fields[field].iter().map(|e| e.message.clone()).collect::<Vec<_>>();
        assert_eq!(messages("title"), vec!["Title must be at least 3 characters"]);
        assert_eq!(messages("game_system_id"), vec![GAME_SYSTEM_REQUIRED]);
    }

    #[test]
    fn creation_has_the_spec_defaults() {
        let id = uuid::Uuid::now_v7();
        let request: CreateActivityBlueprintRequest =
            serde_json::from_value(json!({"title": "The Keep", "game_system_id": id})).unwrap();
        let fields = BlueprintFields::try_from(request).unwrap();
        assert_eq!(fields.language, Language::En);
        assert_eq!(fields.activity_type, ActivityType::Campaign);
        let part: CreateBlueprintPartRequest = serde_json::from_value(json!({"title": "Intro"})).unwrap();
        let part = NewPart::try_from(part).unwrap();
        assert_eq!(part.content, RichText::empty());
        assert_eq!(part.content_type, ContentType::ActivityBlueprint);
    }
}
