//! Profiles: the values a profile update must parse into (spec §5 "Profile basic info", "Experience",
//! "Playstyles"), with the specification's messages word for word.

use serde::{Deserialize, Serialize};

pub const BIO_MAX_LENGTH: usize = 250;
pub const NAME_MAX_LENGTH: usize = 50;
pub const YEARS_MAX: u32 = 100;

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

impl ExperienceLevel {
    pub fn parse(input: &str) -> Result<Self, String> {
        match input {
            "beginner" => Ok(Self::Beginner),
            "intermediate" => Ok(Self::Intermediate),
            "advanced" => Ok(Self::Advanced),
            "veteran" => Ok(Self::Veteran),
            _ => Err("Experience level is required".into()),
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
pub fn parse_playstyles(input: &[String]) -> Result<Vec<String>, String> {
    let mut chosen: Vec<String> = Vec::new();
    for style in input {
        if !PLAYSTYLES.contains(&style.as_str()) {
            return Err(format!("Unknown playstyle: {style}"));
        }
        if !chosen.contains(style) {
            chosen.push(style.clone());
        }
    }
    if chosen.is_empty() {
        return Err("At least one playstyle must be selected".into());
    }
    Ok(chosen)
}

/// Claimed years of experience, 0 to 100.
pub fn parse_years(input: i64) -> Result<u32, String> {
    if (0..=i64::from(YEARS_MAX)).contains(&input) {
        Ok(input as u32)
    } else {
        Err(format!("Years of experience must be between 0 and {YEARS_MAX}"))
    }
}

/// A required name (first, last or display): trimmed, 1 to 50 characters.
pub fn parse_name(input: &str, label: &str) -> Result<String, String> {
    let name = input.trim();
    if name.is_empty() {
        return Err(format!("{label} is required"));
    }
    if name.chars().count() > NAME_MAX_LENGTH {
        return Err(format!("{label} must be less than {NAME_MAX_LENGTH} characters"));
    }
    Ok(name.to_owned())
}

pub fn parse_bio(input: &str) -> Result<String, String> {
    if input.chars().count() > BIO_MAX_LENGTH {
        return Err(format!("Bio must be less than {BIO_MAX_LENGTH} characters"));
    }
    Ok(input.trim_end().to_owned())
}

/// Languages a profile (and later an adventure) can be in.
pub const LANGUAGES: [&str; 4] = ["en", "fr", "nl", "pl"];

pub fn parse_language(input: &str) -> Result<String, String> {
    if LANGUAGES.contains(&input) { Ok(input.to_owned()) } else { Err("Language must be one of en, fr, nl, pl".into()) }
}

/// A phone number as people type it: digits with optional `+`, spaces, dashes, dots and brackets; 5 to 20 digits.
pub fn parse_phone(input: &str) -> Result<String, String> {
    let phone = input.trim();
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed =
        phone.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || " -.()".contains(c) || (c == '+' && i == 0));
    if allowed && (5..=20).contains(&digits) { Ok(phone.to_owned()) } else { Err("Phone number is not valid".into()) }
}

/// ISO 3166-1 alpha-2 country code, stored lower-case (`pl`, `be`).
pub fn parse_country(input: &str) -> Result<String, String> {
    let code = input.trim().to_ascii_lowercase();
    if code.len() == 2 && code.chars().all(|c| c.is_ascii_lowercase()) {
        Ok(code)
    } else {
        Err("Country must be a two-letter code".into())
    }
}

/// A birthdate: required, in the past, and not before 1900. Dates are `(year, month, day)` already parsed.
pub fn check_birthdate(birthdate: (i32, u32, u32), today: (i32, u32, u32)) -> Result<(), String> {
    if birthdate >= today {
        return Err("Birthdate must be in the past".into());
    }
    if birthdate.0 < 1900 {
        return Err("Birthdate is not valid".into());
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
        assert_eq!(parse_name(" ", "First name").unwrap_err(), "First name is required");
        assert_eq!(parse_name(" Ada ", "First name").unwrap(), "Ada");
        assert_eq!(parse_bio(&"b".repeat(251)).unwrap_err(), "Bio must be less than 250 characters");
        assert!(parse_bio(&"b".repeat(250)).is_ok());
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
