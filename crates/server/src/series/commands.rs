//! Requests become commands here, once: every field error is collected, and what comes out holds only typed
//! values. The rules themselves live in the domain (`questline_domain::series`, titles); this file maps the
//! payloads onto them.

use questline_domain::ids::BlueprintId;
use questline_domain::language::Language;
use questline_domain::series::{
    LifecycleStatus, PlayerRequirements, Pricing, PricingInput, RecruitmentStatus, RequirementsInput, Schedule,
    ScheduleInput,
};
use questline_domain::title::Title;
use questline_domain::{DomainError, ErrorCode, FieldError, Validator};

use super::dto::{
    CreateSeriesRequest, LocationKind, LocationRequest, PricingRequest, SetSeriesScheduleRequest, UpdateSeriesRequest,
};

pub const BLUEPRINT_REQUIRED: &str = "Activity blueprint is required";
pub const BLUEPRINT_NOT_FOUND: &str = "Activity blueprint not found";
/// The longest link, city or venue we keep (the spec sets none; see docs/decisions.md).
pub const LINK_MAX: usize = 500;
pub const PLACE_MAX: usize = 100;

/// Where a series meets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeriesLocation {
    Online { link: String },
    InPerson { city: String, venue: String },
}

fn too_long(max: usize) -> FieldError {
    FieldError::new(ErrorCode::LocationTooLong, format!("Must be at most {max} characters")).param("max", max as i64)
}

fn place(v: &mut Validator, field: &str, value: Option<&str>, code: ErrorCode, message: &str) -> Option<String> {
    let value = value.map(str::trim).unwrap_or_default();
    if value.is_empty() {
        v.add(field, FieldError::new(code, message));
        None
    } else if value.chars().count() > PLACE_MAX || value.chars().any(char::is_control) {
        v.add(field, too_long(PLACE_MAX));
        None
    } else {
        Some(value.to_owned())
    }
}

impl SeriesLocation {
    fn parse(v: &mut Validator, request: &LocationRequest) -> Option<Self> {
        match request.kind {
            LocationKind::Online => {
                let link = request.link.as_deref().map(str::trim).unwrap_or_default();
                let lower = link.to_ascii_lowercase();
                let web = (lower.starts_with("https://") || lower.starts_with("http://")) && link.len() > 8;
                if link.chars().count() > LINK_MAX {
                    v.add("location.link", too_long(LINK_MAX));
                    None
                } else if !web || link.chars().any(|c| c.is_whitespace() || c.is_control()) {
                    let message = "Link must be a web address starting with https://";
                    v.add("location.link", FieldError::new(ErrorCode::LocationLinkInvalid, message));
                    None
                } else {
                    Some(SeriesLocation::Online { link: link.to_owned() })
                }
            }
            LocationKind::InPerson => {
                let city = place(
                    v,
                    "location.city",
                    request.city.as_deref(),
                    ErrorCode::LocationCityRequired,
                    "City is required",
                );
                let venue = place(
                    v,
                    "location.venue",
                    request.venue.as_deref(),
                    ErrorCode::LocationVenueRequired,
                    "Venue is required",
                );
                Some(SeriesLocation::InPerson { city: city?, venue: venue? })
            }
        }
    }
}

fn pricing(v: &mut Validator, request: &PricingRequest) -> Option<Pricing> {
    let input = PricingInput {
        model: request.model.as_deref(),
        amount: request.amount.as_deref(),
        currency_code: request.currency_code.as_deref(),
    };
    Pricing::parse(input, v, "pricing")
}

/// The three numbers come together; one left out counts as 0, which breaks its range.
fn requirements(
    v: &mut Validator,
    min_players: Option<i64>,
    max_players: Option<i64>,
    min_player_age: Option<i64>,
) -> Option<Option<PlayerRequirements>> {
    if min_players.is_none() && max_players.is_none() && min_player_age.is_none() {
        return Some(None);
    }
    let input = RequirementsInput {
        min_players: min_players.unwrap_or(0),
        max_players: max_players.unwrap_or(0),
        min_player_age: min_player_age.unwrap_or(0),
    };
    PlayerRequirements::parse(input, v, "").map(Some)
}

fn description(text: Option<String>) -> Option<String> {
    text.map(|text| text.trim().to_owned())
}

/// What the wizard creates.
#[derive(Debug, Clone)]
pub struct NewSeries {
    pub title: Title,
    pub blueprint_id: BlueprintId,
    pub short_description: String,
    pub language: Language,
    pub location: Option<SeriesLocation>,
    pub pricing: Option<Pricing>,
    pub requirements: Option<PlayerRequirements>,
}

impl TryFrom<CreateSeriesRequest> for NewSeries {
    type Error = DomainError;

    fn try_from(request: CreateSeriesRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let title = v.check("title", Title::parse(&request.title));
        let blueprint_id = v.check(
            "blueprint_id",
            match request.blueprint_id.as_deref().map(str::trim).filter(|id| !id.is_empty()) {
                None => Err(FieldError::new(ErrorCode::ActivityBlueprintRequired, BLUEPRINT_REQUIRED)),
                Some(id) => uuid::Uuid::parse_str(id)
                    .map(BlueprintId)
                    .map_err(|_| FieldError::new(ErrorCode::ActivityBlueprintNotFound, BLUEPRINT_NOT_FOUND)),
            },
        );
        let location = match &request.location {
            None => Some(None),
            Some(location) => SeriesLocation::parse(&mut v, location).map(Some),
        };
        let pricing = match &request.pricing {
            None => Some(None),
            Some(request) => pricing(&mut v, request).map(Some),
        };
        let requirements = requirements(&mut v, request.min_players, request.max_players, request.min_player_age);
        match (title, blueprint_id, location, pricing, requirements) {
            (Some(title), Some(blueprint_id), Some(location), Some(pricing), Some(requirements)) if v.is_empty() => {
                Ok(Self {
                    title,
                    blueprint_id,
                    short_description: description(request.short_description).unwrap_or_default(),
                    language: request.language.unwrap_or_default(),
                    location,
                    pricing,
                    requirements,
                })
            }
            _ => Err(v.into_error()),
        }
    }
}

/// What the status dialog asks: the target lifecycle (the current one when left out) and recruitment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatusRequest {
    pub lifecycle: Option<LifecycleStatus>,
    pub recruitment: Option<RecruitmentStatus>,
}

/// The fields to change (at least one), and optionally the version they were read at.
#[derive(Debug, Clone, Default)]
pub struct SeriesUpdate {
    pub title: Option<Title>,
    pub short_description: Option<String>,
    pub language: Option<Language>,
    pub location: Option<SeriesLocation>,
    pub status: Option<StatusRequest>,
    pub pricing: Option<Pricing>,
    pub requirements: Option<PlayerRequirements>,
    pub version: Option<i64>,
}

impl TryFrom<UpdateSeriesRequest> for SeriesUpdate {
    type Error = DomainError;

    fn try_from(request: UpdateSeriesRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let status = (request.lifecycle_status.is_some() || request.recruitment_status.is_some())
            .then_some(StatusRequest { lifecycle: request.lifecycle_status, recruitment: request.recruitment_status });
        let nothing = request.title.is_none()
            && request.short_description.is_none()
            && request.language.is_none()
            && request.location.is_none()
            && status.is_none()
            && request.pricing.is_none()
            && request.min_players.is_none()
            && request.max_players.is_none()
            && request.min_player_age.is_none();
        if nothing {
            let message = "Send basic info, status, pricing or player requirements";
            v.add("title", FieldError::new(ErrorCode::SeriesFieldsRequired, message));
        }
        let title = request.title.as_deref().and_then(|title| v.check("title", Title::parse(title)));
        let location = request.location.as_ref().and_then(|location| SeriesLocation::parse(&mut v, location));
        let pricing = request.pricing.as_ref().and_then(|request| pricing(&mut v, request));
        let requirements =
            requirements(&mut v, request.min_players, request.max_players, request.min_player_age).flatten();
        if !v.is_empty() {
            return Err(v.into_error());
        }
        Ok(Self {
            title,
            short_description: description(request.short_description),
            language: request.language,
            location,
            status,
            pricing,
            requirements,
            version: request.version,
        })
    }
}

impl TryFrom<SetSeriesScheduleRequest> for Schedule {
    type Error = DomainError;

    fn try_from(request: SetSeriesScheduleRequest) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let input = ScheduleInput {
            start_time: request.start_time.as_deref(),
            session_duration_minutes: request.session_duration_minutes,
            is_recurring: request.is_recurring,
            recurrence_rule: request.recurrence_rule.as_deref(),
            time_zone: request.time_zone.as_deref(),
            first_date: request.first_date.as_deref(),
        };
        Schedule::parse(input, &mut v, "").filter(|_| v.is_empty()).ok_or_else(|| v.into_error())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn messages(error: &DomainError, field: &str) -> Vec<String> {
        error.fields[field].iter().map(|e| e.message.clone()).collect()
    }

    #[test]
    fn creation_needs_a_title_and_a_blueprint_and_collects_every_error() {
        let request: CreateSeriesRequest = serde_json::from_value(json!({"title": "ab",
            "pricing": {"model": "paid", "amount": "0.01", "currency_code": "usd"},
            "min_players": 5, "max_players": 3, "min_player_age": 0,
            "location": {"kind": "in_person", "city": " "}}))
        .unwrap();
        let error = NewSeries::try_from(request).unwrap_err();
        assert_eq!(messages(&error, "title"), ["Title must be at least 3 characters"]);
        assert_eq!(messages(&error, "blueprint_id"), [BLUEPRINT_REQUIRED]);
        assert_eq!(messages(&error, "pricing.amount"), ["Price must be greater than zero"]);
        assert_eq!(messages(&error, "pricing.currency_code"), ["Invalid currency code"]);
        assert_eq!(messages(&error, "min_players"), ["Minimum players must be less than or equal to maximum players"]);
        assert_eq!(messages(&error, "min_player_age"), ["Minimum player age must be positive"]);
        assert_eq!(messages(&error, "location.city"), ["City is required"]);
        assert_eq!(messages(&error, "location.venue"), ["Venue is required"]);
    }

    #[test]
    fn creation_leaves_pricing_and_requirements_unset_when_absent() {
        let id = uuid::Uuid::now_v7();
        let request: CreateSeriesRequest =
            serde_json::from_value(json!({"title": "Tomb of Horrors", "blueprint_id": id})).unwrap();
        let new = NewSeries::try_from(request).unwrap();
        assert_eq!((new.pricing, new.requirements, new.location), (None, None, None));
        assert_eq!(new.language, Language::En);
        for (id, message) in [("", BLUEPRINT_REQUIRED), ("not-an-id", BLUEPRINT_NOT_FOUND)] {
            let request: CreateSeriesRequest =
                serde_json::from_value(json!({"title": "Tomb of Horrors", "blueprint_id": id})).unwrap();
            assert_eq!(messages(&NewSeries::try_from(request).unwrap_err(), "blueprint_id"), [message]);
        }
    }

    #[test]
    fn an_update_must_change_something_and_online_links_must_be_web_addresses() {
        let error = SeriesUpdate::try_from(UpdateSeriesRequest::default()).unwrap_err();
        assert_eq!(error.fields["title"][0].code, ErrorCode::SeriesFieldsRequired);
        let request: UpdateSeriesRequest =
            serde_json::from_value(json!({"location": {"kind": "online", "link": "javascript:alert(1)"}})).unwrap();
        let error = SeriesUpdate::try_from(request).unwrap_err();
        assert_eq!(error.fields["location.link"][0].code, ErrorCode::LocationLinkInvalid);
        let request: UpdateSeriesRequest =
            serde_json::from_value(json!({"location": {"kind": "online", "link": "https://discord.gg/abc"}})).unwrap();
        let update = SeriesUpdate::try_from(request).unwrap();
        assert_eq!(update.location, Some(SeriesLocation::Online { link: "https://discord.gg/abc".into() }));
    }
}
