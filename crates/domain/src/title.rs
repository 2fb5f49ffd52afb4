//! Titles of series, activity blueprints and blueprint parts (spec §5 "Titles", §9): 3 to 100 characters, with the
//! specification's three messages word for word.

use serde::Serialize;

use crate::error::{ErrorCode, FieldError};
use crate::text::{has_hidden_characters, hidden_characters_message};

pub const TITLE_MIN_LENGTH: usize = 3;
pub const TITLE_MAX_LENGTH: usize = 100;

/// A title that passed the rule: trimmed, 3 to 100 characters (counted as Unicode scalar values, so "Wiedźmin"
/// is 8 characters, not 9 bytes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Title(String);

impl Title {
    pub fn parse(input: &str) -> Result<Self, FieldError> {
        let title = input.trim();
        let length = title.chars().count();
        if length == 0 {
            return Err(FieldError::new(ErrorCode::TitleRequired, "Title is required"));
        }
        if length < TITLE_MIN_LENGTH {
            let message = format!("Title must be at least {TITLE_MIN_LENGTH} characters");
            return Err(FieldError::new(ErrorCode::TitleTooShort, message).param("min", TITLE_MIN_LENGTH));
        }
        if length > TITLE_MAX_LENGTH {
            let message = format!("Title must be less than {TITLE_MAX_LENGTH} characters");
            return Err(FieldError::new(ErrorCode::TitleTooLong, message).param("max", TITLE_MAX_LENGTH));
        }
        // One line, nothing invisible: a title heads pages, lists and mails.
        if has_hidden_characters(title, false) {
            return Err(FieldError::new(ErrorCode::ControlCharacters, hidden_characters_message("Title")));
        }
        Ok(Self(title.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_follow_the_three_messages_of_the_spec() {
        assert_eq!(Title::parse("").unwrap_err(), "Title is required");
        assert_eq!(Title::parse("   ").unwrap_err(), "Title is required");
        assert_eq!(Title::parse("ab").unwrap_err(), "Title must be at least 3 characters");
        assert_eq!(Title::parse(&"a".repeat(101)).unwrap_err(), "Title must be less than 100 characters");
        for hidden in ["Two\nlines", "Tab\there", "Rev\u{202E}erse", "Nul\u{0}byte"] {
            assert_eq!(Title::parse(hidden).unwrap_err(), "Title must not contain control characters", "{hidden:?}");
        }
    }

    #[test]
    fn the_limits_themselves_are_allowed_and_counted_in_characters() {
        assert_eq!(Title::parse("  Abc  ").unwrap().as_str(), "Abc");
        assert!(Title::parse(&"ł".repeat(100)).is_ok(), "100 Polish letters are 200 bytes but 100 characters");
        assert!(Title::parse("Łąk").is_ok());
    }
}
