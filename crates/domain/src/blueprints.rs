//! Activity blueprints and their parts: the values their requests must parse into (spec §3, §5, §9).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::error::{ErrorCode, FieldError};

/// The most parts one blueprint lists. Far more than an adventure needs; it bounds the work of one request.
pub const PARTS_MAX: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ActivityType {
    OneShot,
    /// The default of a new blueprint (spec §9).
    #[default]
    Campaign,
}

impl ActivityType {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        match input {
            "one_shot" => Ok(Self::OneShot),
            "campaign" => Ok(Self::Campaign),
            _ => Err(FieldError::new(ErrorCode::ActivityTypeInvalid, "Activity type must be one-shot or campaign")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::OneShot => "one_shot",
            Self::Campaign => "campaign",
        }
    }
}

/// What a part is written for. Only activity blueprints today; series descriptions may reuse parts later.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ContentType {
    /// The spec's 'activity blueprint', the default.
    #[default]
    ActivityBlueprint,
}

impl ContentType {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        match input {
            "activity_blueprint" => Ok(Self::ActivityBlueprint),
            _ => Err(FieldError::new(ErrorCode::ContentTypeInvalid, "Content type must be activity_blueprint")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::ActivityBlueprint => "activity_blueprint",
        }
    }
}

/// The ordered parts of a blueprint: each at most once, at most [`PARTS_MAX`]. An empty list is allowed (the GM
/// removed the last part); "at least one part must be selected" is the rule of adding parts, see
/// [`parse_parts_to_add`].
pub fn parse_part_order(ids: &[Uuid]) -> Result<Vec<Uuid>, FieldError> {
    if ids.len() > PARTS_MAX {
        let message = format!("A blueprint can have at most {PARTS_MAX} parts");
        return Err(FieldError::new(ErrorCode::TooManyParts, message).param("max", PARTS_MAX));
    }
    let mut seen = std::collections::HashSet::new();
    if ids.iter().any(|id| !seen.insert(*id)) {
        return Err(FieldError::new(ErrorCode::PartRepeated, "A part can appear only once in a blueprint"));
    }
    Ok(ids.to_vec())
}

/// Parts chosen to be added: at least one (spec §5 "Adding blueprint parts").
pub fn parse_parts_to_add(ids: &[Uuid]) -> Result<Vec<Uuid>, FieldError> {
    if ids.is_empty() {
        return Err(FieldError::new(ErrorCode::PartsRequired, "At least one part must be selected"));
    }
    parse_part_order(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn activity_types_default_to_campaign() {
        assert_eq!(ActivityType::default(), ActivityType::Campaign);
        assert_eq!(ActivityType::parse("one_shot").unwrap(), ActivityType::OneShot);
        assert!(ActivityType::parse("one-shot").is_err());
        assert_eq!(ContentType::default().as_str(), "activity_blueprint");
    }

    #[test]
    fn part_orders_have_no_repeats_and_adding_needs_one() {
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        assert_eq!(parse_part_order(&[b, a]).unwrap(), vec![b, a]);
        assert!(parse_part_order(&[]).unwrap().is_empty());
        assert_eq!(parse_part_order(&[a, a]).unwrap_err(), "A part can appear only once in a blueprint");
        assert_eq!(parse_parts_to_add(&[]).unwrap_err(), "At least one part must be selected");
        assert!(parse_part_order(&vec![Uuid::nil(); PARTS_MAX + 1]).is_err());
    }
}
