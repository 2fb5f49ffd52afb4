//! Profiles: the values a profile update must parse into (spec §5 "Profile basic info", "Experience",
//! "Playstyles"), with the specification's messages word for word.

use serde::{Deserialize, Serialize};

use crate::error::{ErrorCode, FieldError};
use crate::text::{has_hidden_characters, hidden_characters_message};

pub const BIO_MAX_LENGTH: usize = 250;
pub const NAME_MAX_LENGTH: usize = 50;
pub const YEARS_MAX: u32 = 100;
/// Longest address line, city or postal code (issue 9, finding 6: there was no limit at all).
pub const LOCATION_FIELD_MAX_LENGTH: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ExperienceLevel {
    #[default]
    Beginner,
    Intermediate,
    Advanced,
    Veteran,
}

/// A player's stated experience, as applications show it to the GM.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerExperience {
    pub experience_level: ExperienceLevel,
    pub claimed_years_experience: i32,
}

impl ExperienceLevel {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        match input {
            "beginner" => Ok(Self::Beginner),
            "intermediate" => Ok(Self::Intermediate),
            "advanced" => Ok(Self::Advanced),
            "veteran" => Ok(Self::Veteran),
            _ => Err(FieldError::new(ErrorCode::ExperienceLevelRequired, "Experience level is required")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Beginner => "beginner",
            Self::Intermediate => "intermediate",
            Self::Advanced => "advanced",
            Self::Veteran => "veteran",
        }
    }
}

/// The playstyles we offer. Stored values outside this list (from a future version) are kept and shown
/// title-cased, but new writes must pick from it.
pub const PLAYSTYLES: [&str; 6] =
    ["casual", "narrative", "tactical", "sandbox", "story_driven", "role_playing_focused"];

/// At least one known playstyle, without repeats, in the order given.
pub fn parse_playstyles(input: &[String]) -> Result<Vec<String>, FieldError> {
    let mut chosen: Vec<String> = Vec::new();
    for style in input {
        if !PLAYSTYLES.contains(&style.as_str()) {
            let message = format!("Unknown playstyle: {style}");
            return Err(FieldError::new(ErrorCode::PlaystyleUnknown, message).param("playstyle", style.as_str()));
        }
        if !chosen.contains(style) {
            chosen.push(style.clone());
        }
    }
    if chosen.is_empty() {
        return Err(FieldError::new(ErrorCode::PlaystylesRequired, "At least one playstyle must be selected"));
    }
    Ok(chosen)
}

/// Claimed years of experience, 0 to 100.
pub fn parse_years(input: i64) -> Result<u32, FieldError> {
    if (0..=i64::from(YEARS_MAX)).contains(&input) {
        Ok(input as u32)
    } else {
        let message = format!("Years of experience must be between 0 and {YEARS_MAX}");
        Err(FieldError::new(ErrorCode::YearsOutOfRange, message).param("min", 0_i64).param("max", YEARS_MAX))
    }
}

/// The names a profile holds besides the display name (which is the account's, `accounts::DisplayName`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameField {
    FirstName,
    LastName,
}

impl NameField {
    /// The English label the messages start with.
    pub fn label(self) -> &'static str {
        match self {
            NameField::FirstName => "First name",
            NameField::LastName => "Last name",
        }
    }

    fn codes(self) -> (ErrorCode, ErrorCode, ErrorCode) {
        match self {
            NameField::FirstName => {
                (ErrorCode::FirstNameRequired, ErrorCode::FirstNameTooLong, ErrorCode::FirstNameControlCharacters)
            }
            NameField::LastName => {
                (ErrorCode::LastNameRequired, ErrorCode::LastNameTooLong, ErrorCode::LastNameControlCharacters)
            }
        }
    }
}

/// A required name (first or last): trimmed, 1 to 50 characters.
pub fn parse_name(input: &str, field: NameField) -> Result<String, FieldError> {
    let (required, too_long, control_characters) = field.codes();
    let label = field.label();
    let name = input.trim();
    if name.is_empty() {
        return Err(FieldError::new(required, format!("{label} is required")));
    }
    if name.chars().count() > NAME_MAX_LENGTH {
        let message = format!("{label} must be less than {NAME_MAX_LENGTH} characters");
        return Err(FieldError::new(too_long, message).param("max", NAME_MAX_LENGTH));
    }
    if has_hidden_characters(name, false) {
        return Err(FieldError::new(control_characters, hidden_characters_message(label)));
    }
    Ok(name.to_owned())
}

/// A bio: at most 250 characters, paragraphs allowed (Windows line ends become `\n`).
pub fn parse_bio(input: &str) -> Result<String, FieldError> {
    let bio = input.replace("\r\n", "\n");
    if bio.chars().count() > BIO_MAX_LENGTH {
        let message = format!("Bio must be less than {BIO_MAX_LENGTH} characters");
        return Err(FieldError::new(ErrorCode::BioTooLong, message).param("max", BIO_MAX_LENGTH));
    }
    if has_hidden_characters(&bio, true) {
        return Err(FieldError::new(ErrorCode::BioControlCharacters, hidden_characters_message("Bio")));
    }
    Ok(bio.trim_end().to_owned())
}

/// The lines of a profile's postal address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocationField {
    Address,
    City,
    PostalCode,
}

impl LocationField {
    /// The English label the messages start with.
    pub fn label(self) -> &'static str {
        match self {
            LocationField::Address => "Address",
            LocationField::City => "City",
            LocationField::PostalCode => "Postal code",
        }
    }

    fn codes(self) -> (ErrorCode, ErrorCode) {
        match self {
            LocationField::Address => (ErrorCode::AddressTooLong, ErrorCode::AddressControlCharacters),
            LocationField::City => (ErrorCode::CityTooLong, ErrorCode::CityControlCharacters),
            LocationField::PostalCode => (ErrorCode::PostalCodeTooLong, ErrorCode::PostalCodeControlCharacters),
        }
    }
}

/// One line of a postal address (street, city, postal code): trimmed, at most 100 characters, one line.
pub fn parse_location_field(input: &str, field: LocationField) -> Result<String, FieldError> {
    let (too_long, control_characters) = field.codes();
    let label = field.label();
    let value = input.trim();
    if value.chars().count() > LOCATION_FIELD_MAX_LENGTH {
        let message = format!("{label} must be less than {LOCATION_FIELD_MAX_LENGTH} characters");
        return Err(FieldError::new(too_long, message).param("max", LOCATION_FIELD_MAX_LENGTH));
    }
    if has_hidden_characters(value, false) {
        return Err(FieldError::new(control_characters, hidden_characters_message(label)));
    }
    Ok(value.to_owned())
}

/// Languages a profile (and later an adventure) can be in.
pub const LANGUAGES: [&str; 4] = ["en", "fr", "nl", "pl"];

pub fn parse_language(input: &str) -> Result<String, FieldError> {
    if LANGUAGES.contains(&input) {
        Ok(input.to_owned())
    } else {
        Err(FieldError::new(ErrorCode::LanguageInvalid, "Language must be one of en, fr, nl, pl"))
    }
}

/// A phone number as people type it: digits with optional `+`, spaces, dashes, dots and brackets; 5 to 20 digits.
pub fn parse_phone(input: &str) -> Result<String, FieldError> {
    let phone = input.trim();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed =
        phone.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || " -.()".contains(c) || (c == '+' && i == 0));
    if allowed && (5..=20).contains(&digits) {
        Ok(phone.to_owned())
    } else {
        Err(FieldError::new(ErrorCode::PhoneInvalid, "Phone number is not valid"))
    }
}

/// ISO 3166-1 alpha-2 country code, stored lower-case (`pl`, `be`).
pub fn parse_country(input: &str) -> Result<String, FieldError> {
    let code = input.trim().to_ascii_lowercase();
    if code.len() == 2 && code.chars().all(|c| c.is_ascii_lowercase()) {
        Ok(code)
    } else {
        Err(FieldError::new(ErrorCode::CountryInvalid, "Country must be a two-letter code"))
    }
}

/// A birthdate: required, in the past, and not before 1900. Dates are `(year, month, day)` already parsed.
pub fn check_birthdate(birthdate: (i32, u32, u32), today: (i32, u32, u32)) -> Result<(), FieldError> {
    if birthdate >= today {
        return Err(FieldError::new(ErrorCode::BirthdateNotInPast, "Birthdate must be in the past"));
    }
    if birthdate.0 < 1900 {
        return Err(FieldError::new(ErrorCode::BirthdateInvalid, "Birthdate is not valid"));
    }
    Ok(())
}

/// Title-cases a stored value for display when it is not one we know (`"grim_dark"` → `"Grim Dark"`).
pub fn title_case(value: &str) -> String {
    value
        .split(['_', ' ', '-'])
        .filter(|part| !part.is_empty())
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|first| first.to_uppercase().chain(chars).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_the_four_known_ones() {
        assert_eq!(ExperienceLevel::parse("veteran").unwrap(), ExperienceLevel::Veteran);
        assert_eq!(ExperienceLevel::parse("").unwrap_err(), "Experience level is required");
        assert_eq!(ExperienceLevel::parse("godlike").unwrap_err(), "Experience level is required");
        assert_eq!(ExperienceLevel::default(), ExperienceLevel::Beginner);
    }

    #[test]
    fn playstyles_need_one_known_value() {
        assert_eq!(parse_playstyles(&[]).unwrap_err(), "At least one playstyle must be selected");
        let chosen = parse_playstyles(&["tactical".into(), "casual".into(), "tactical".into()]).unwrap();
        assert_eq!(chosen, vec!["tactical", "casual"]);
        assert!(parse_playstyles(&["grimdark".into()]).is_err());
    }

    #[test]
    fn years_run_from_0_to_100() {
        assert_eq!(parse_years(0).unwrap(), 0);
        assert_eq!(parse_years(100).unwrap(), 100);
        assert!(parse_years(101).is_err());
        assert!(parse_years(-1).is_err());
    }

    #[test]
    fn names_and_bio_follow_the_spec_messages() {
        assert_eq!(parse_name(" ", NameField::FirstName).unwrap_err(), "First name is required");
        assert_eq!(parse_name(" Ada ", NameField::FirstName).unwrap(), "Ada");
        assert_eq!(parse_bio(&"b".repeat(251)).unwrap_err(), "Bio must be less than 250 characters");
        assert!(parse_bio(&"b".repeat(250)).is_ok());
    }

    #[test]
    fn text_fields_refuse_control_and_format_characters() {
        assert_eq!(
            parse_name("Ada\u{202E}", NameField::FirstName).unwrap_err(),
            "First name must not contain control characters"
        );
        assert_eq!(parse_bio("null\u{0}").unwrap_err(), "Bio must not contain control characters");
        assert_eq!(parse_bio("one\r\ntwo\nthree").unwrap(), "one\ntwo\nthree", "line breaks stay, as \\n");
        assert_eq!(parse_location_field(" Main Street 1 ", LocationField::Address).unwrap(), "Main Street 1");
        assert_eq!(
            parse_location_field(&"x".repeat(101), LocationField::Address).unwrap_err(),
            "Address must be less than 100 characters"
        );
        assert_eq!(
            parse_location_field("Main\nStreet", LocationField::City).unwrap_err(),
            "City must not contain control characters"
        );
    }

    #[test]
    fn birthdates_are_in_the_past() {
        let today = (2026, 11, 22);
        assert!(check_birthdate((1990, 5, 1), today).is_ok());
        assert_eq!(check_birthdate((2026, 11, 22), today).unwrap_err(), "Birthdate must be in the past");
        assert!(check_birthdate((1850, 1, 1), today).is_err());
    }

    #[test]
    fn contact_details_are_checked_loosely() {
        assert!(parse_phone("+48 600 100 200").is_ok());
        assert!(parse_phone("call me").is_err());
        assert!(parse_phone("+48+600").is_err());
        assert_eq!(parse_country("PL").unwrap(), "pl");
        assert!(parse_country("Poland").is_err());
        assert!(parse_language("pl").is_ok());
        assert!(parse_language("de").is_err());
    }

    #[test]
    fn unknown_values_are_title_cased() {
        assert_eq!(title_case("grim_dark"), "Grim Dark");
        assert_eq!(title_case("story_driven"), "Story Driven");
    }
}
