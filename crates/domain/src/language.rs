//! The languages an adventure (and a profile) can be written in (spec §3 "Languages": en, fr, nl, pl).

use serde::{Deserialize, Serialize};

use crate::error::{ErrorCode, FieldError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Language {
    /// The default language of a new blueprint (spec §9).
    #[default]
    En,
    Fr,
    Nl,
    Pl,
}

impl Language {
    pub const ALL: [Language; 4] = [Language::En, Language::Fr, Language::Nl, Language::Pl];

    pub fn parse(input: &str) -> Result<Self, FieldError> {
        Self::ALL
            .into_iter()
            .find(|language| language.as_str() == input)
            .ok_or_else(|| FieldError::new(ErrorCode::LanguageInvalid, "Language must be one of en, fr, nl, pl"))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
            Language::Nl => "nl",
            Language::Pl => "pl",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_round_trip_and_default_to_english() {
        for language in Language::ALL {
            assert_eq!(Language::parse(language.as_str()).unwrap(), language);
        }
        assert_eq!(Language::default(), Language::En);
        assert_eq!(Language::parse("de").unwrap_err(), "Language must be one of en, fr, nl, pl");
    }
}
