//! A profile update request becomes a [`ProfileUpdate`] here, once: every field error is collected (with dotted
//! names, `base.first_name`), and what comes out holds only checked values. The rules live in
//! `questline_domain::profiles`.

use chrono::{Datelike, NaiveDate};
use questline_domain::accounts::DisplayName;
use questline_domain::profiles::{
    ExperienceLevel, LocationField, NameField, check_birthdate, parse_bio, parse_country, parse_language,
    parse_location_field, parse_name, parse_phone, parse_playstyles, parse_years,
};
use questline_domain::{DomainError, ErrorCode, FieldError, Validator};

use super::dto::{BaseUpdate, ExperienceUpdate, Location, UpdateProfileRequest};

/// The parts to change, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ProfileUpdate {
    pub base: Option<BaseChange>,
    pub player: Option<ExperienceChange>,
    pub gm: Option<ExperienceChange>,
    /// The version the client last read.
    pub version: Option<i64>,
}

/// The basic info. `location` and `phone` are replaced when sent and kept when absent.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseChange {
    pub first_name: String,
    pub last_name: String,
    pub display_name: DisplayName,
    pub birthdate: NaiveDate,
    pub bio: String,
    pub language: Option<String>,
    pub location: Option<LocationChange>,
    /// `Some(None)` clears the phone number.
    pub phone: Option<Option<String>>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct LocationChange {
    pub address1: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
}

/// Experience (years with level) and/or playstyles of the player or GM part.
#[derive(Debug, Clone, PartialEq)]
pub struct ExperienceChange {
    pub experience: Option<(u32, ExperienceLevel)>,
    pub playstyles: Option<Vec<String>>,
}

impl ProfileUpdate {
    /// Checks `request` as of `today` (a birthdate must lie in the past and meet the age rules).
    pub fn parse(request: &UpdateProfileRequest, today: NaiveDate) -> Result<Self, DomainError> {
        let mut v = Validator::new();
        let base = request.base.as_ref().map(|base| base_change(&mut v, base, today));
        let player = request.player.as_ref().map(|player| experience_change(&mut v, "player", player));
        let gm = request.gm.as_ref().map(|gm| experience_change(&mut v, "gm", gm));
        // A part that failed is `Some(None)`, and it left its field errors in `v`.
        if !v.is_empty() {
            return Err(v.into_error());
        }
        Ok(Self { base: base.flatten(), player: player.flatten(), gm: gm.flatten(), version: request.version })
    }
}

fn base_change(v: &mut Validator, base: &BaseUpdate, today: NaiveDate) -> Option<BaseChange> {
    let first_name = v.check("base.first_name", parse_name(&base.first_name, NameField::FirstName));
    let last_name = v.check("base.last_name", parse_name(&base.last_name, NameField::LastName));
    let display_name = v.check("base.display_name", DisplayName::parse(&base.display_name));
    let birthdate = match base.birthdate.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        None => {
            v.add("base.birthdate", FieldError::new(ErrorCode::BirthdateRequired, "Birthdate is required"));
            None
        }
        Some(text) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Err(_) => {
                v.add("base.birthdate", FieldError::new(ErrorCode::BirthdateInvalid, "Birthdate is not valid"));
                None
            }
            Ok(date) => {
                let as_tuple = |d: NaiveDate| (d.year(), d.month(), d.day());
                v.check("base.birthdate", check_birthdate(as_tuple(date), as_tuple(today))).map(|()| date)
            }
        },
    };
    let bio = v.check("base.bio", parse_bio(base.bio.as_deref().unwrap_or_default()));
    let language = base.language.as_deref().map(|language| v.check("base.language", parse_language(language)));
    let location = base.location.as_ref().map(|location| location_change(v, location));
    let phone = base.phone.as_ref().map(|phone| match phone.phone.trim() {
        "" => Some(None),
        given => v.check("base.phone", parse_phone(given)).map(Some),
    });
    Some(BaseChange {
        first_name: first_name?,
        last_name: last_name?,
        display_name: display_name?,
        birthdate: birthdate?,
        bio: bio?,
        language: language.map(|language| language.ok_or(())).transpose().ok()?,
        location: location.map(|location| location.ok_or(())).transpose().ok()?,
        phone: phone.map(|phone| phone.ok_or(())).transpose().ok()?,
    })
}

fn location_change(v: &mut Validator, location: &Location) -> Option<LocationChange> {
    let mut failed = false;
    let mut line = |field: &str, kind: LocationField, value: &Option<String>| {
        let value = value.as_deref().map(str::trim).filter(|t| !t.is_empty())?;
        let parsed = v.check(&format!("base.location.{field}"), parse_location_field(value, kind));
        failed |= parsed.is_none();
        parsed
    };
    let address1 = line("address1", LocationField::Address, &location.address1);
    let city = line("city", LocationField::City, &location.city);
    let postal_code = line("postal_code", LocationField::PostalCode, &location.postal_code);
    let country = match location.country.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        Some(country) => {
            let parsed = v.check("base.location.country", parse_country(country));
            failed |= parsed.is_none();
            parsed
        }
        None => None,
    };
    (!failed).then_some(LocationChange { address1, city, postal_code, country })
}

/// Experience needs both years and level; playstyles may come alone (the spec's two payload shapes).
fn experience_change(v: &mut Validator, part: &str, update: &ExperienceUpdate) -> Option<ExperienceChange> {
    let wants_experience = update.claimed_years_experience.is_some() || update.experience_level.is_some();
    let experience = wants_experience.then(|| {
        let years = v.check(
            &format!("{part}.claimed_years_experience"),
            parse_years(update.claimed_years_experience.unwrap_or(0)),
        );
        let given = update.experience_level.as_deref().unwrap_or_default();
        let level = v.check(&format!("{part}.experience_level"), ExperienceLevel::parse(given));
        years.zip(level)
    });
    let playstyles =
        update.playstyles.as_ref().map(|given| v.check(&format!("{part}.playstyles"), parse_playstyles(given)));
    if !wants_experience && update.playstyles.is_none() {
        let message = "Send experience (years and level) or playstyles";
        v.add(part, FieldError::new(ErrorCode::ExperienceOrPlaystylesRequired, message));
        return None;
    }
    Some(ExperienceChange {
        experience: experience.map(|e| e.ok_or(())).transpose().ok()?,
        playstyles: playstyles.map(|p| p.ok_or(())).transpose().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::dto::Phone;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 25).expect("a date")
    }

    fn base() -> BaseUpdate {
        BaseUpdate {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            display_name: "Ada".into(),
            birthdate: Some("1990-12-10".into()),
            bio: None,
            language: Some("pl".into()),
            location: None,
            phone: Some(Phone { phone: String::new() }),
        }
    }

    fn request(base: Option<BaseUpdate>, player: Option<ExperienceUpdate>) -> UpdateProfileRequest {
        UpdateProfileRequest { base, player, gm: None, version: None }
    }

    #[test]
    fn a_valid_base_becomes_typed_values() {
        let Ok(update) = ProfileUpdate::parse(&request(Some(base()), None), today()) else { panic!("refused") };
        let base = update.base.expect("base");
        assert_eq!(base.birthdate, NaiveDate::from_ymd_opt(1990, 12, 10).expect("a date"));
        assert_eq!(base.language.as_deref(), Some("pl"));
        assert_eq!(base.phone, Some(None), "an empty phone clears it");
        assert_eq!(base.location, None, "an absent location is kept");
    }

    #[test]
    fn every_field_error_is_collected_with_its_dotted_name() {
        let broken = BaseUpdate { first_name: String::new(), birthdate: Some("2030-01-01".into()), ..base() };
        let player = ExperienceUpdate { claimed_years_experience: Some(3), experience_level: None, playstyles: None };
        let Err(error) = ProfileUpdate::parse(&request(Some(broken), Some(player)), today()) else {
            panic!("accepted")
        };
        let fields: Vec<&str> = error.fields.keys().map(String::as_str).collect();
        assert_eq!(fields, ["base.birthdate", "base.first_name", "player.experience_level"]);
    }

    #[test]
    fn an_experience_part_needs_something() {
        let empty = ExperienceUpdate { claimed_years_experience: None, experience_level: None, playstyles: None };
        let Err(error) = ProfileUpdate::parse(&request(None, Some(empty)), today()) else { panic!("accepted") };
        assert!(error.fields.contains_key("player"));
        let styles = ExperienceUpdate {
            claimed_years_experience: None,
            experience_level: None,
            playstyles: Some(vec!["casual".into()]),
        };
        let Ok(update) = ProfileUpdate::parse(&request(None, Some(styles)), today()) else { panic!("refused") };
        assert_eq!(update.player.expect("player").experience, None);
    }
}
