//! Who may join a series: how many players it seats and how old they must be (spec §5 "Player requirements",
//! §9 "players 1 to 100; player age 1 to 99").

use std::fmt;

use super::field;
use crate::error::{ErrorCode, FieldError, Validator};

pub const PLAYERS_MIN: u8 = 1;
pub const PLAYERS_MAX: u8 = 100;
pub const PLAYER_AGE_MIN: u8 = 1;
pub const PLAYER_AGE_MAX: u8 = 99;

/// A series' player requirements; `min_players <= max_players` holds for every value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerRequirements {
    min_players: u8,
    max_players: u8,
    min_player_age: u8,
}

/// What the requirements payload carries: `{min_players, max_players, min_player_age}`, as JSON integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequirementsInput {
    pub min_players: i64,
    pub max_players: i64,
    pub min_player_age: i64,
}

/// A broken requirements rule. The field each belongs to is in [`RequirementsError::field`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequirementsError {
    /// `min_players_out_of_range` {min: 1, max: 100}
    MinPlayersOutOfRange,
    /// `max_players_out_of_range` {min: 1, max: 100}
    MaxPlayersOutOfRange,
    /// `min_players_above_max`: shown on min_players, as the spec says.
    MinPlayersAboveMax,
    /// `min_player_age_not_positive` {min: 1}
    MinPlayerAgeNotPositive,
    /// `min_player_age_too_high` {max: 99}
    MinPlayerAgeTooHigh,
}

impl RequirementsError {
    pub fn code(self) -> ErrorCode {
        match self {
            RequirementsError::MinPlayersOutOfRange => ErrorCode::MinPlayersOutOfRange,
            RequirementsError::MaxPlayersOutOfRange => ErrorCode::MaxPlayersOutOfRange,
            RequirementsError::MinPlayersAboveMax => ErrorCode::MinPlayersAboveMax,
            RequirementsError::MinPlayerAgeNotPositive => ErrorCode::MinPlayerAgeNotPositive,
            RequirementsError::MinPlayerAgeTooHigh => ErrorCode::MinPlayerAgeTooHigh,
        }
    }

    /// The payload field the message belongs under.
    pub fn field(self) -> &'static str {
        match self {
            RequirementsError::MinPlayersOutOfRange | RequirementsError::MinPlayersAboveMax => "min_players",
            RequirementsError::MaxPlayersOutOfRange => "max_players",
            RequirementsError::MinPlayerAgeNotPositive | RequirementsError::MinPlayerAgeTooHigh => "min_player_age",
        }
    }
}

impl fmt::Display for RequirementsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RequirementsError::MinPlayersOutOfRange => {
                write!(f, "Minimum players must be between {PLAYERS_MIN} and {PLAYERS_MAX}")
            }
            RequirementsError::MaxPlayersOutOfRange => {
                write!(f, "Maximum players must be between {PLAYERS_MIN} and {PLAYERS_MAX}")
            }
            RequirementsError::MinPlayersAboveMax => {
                f.write_str("Minimum players must be less than or equal to maximum players")
            }
            RequirementsError::MinPlayerAgeNotPositive => f.write_str("Minimum player age must be positive"),
            RequirementsError::MinPlayerAgeTooHigh => write!(f, "Minimum player age must be at most {PLAYER_AGE_MAX}"),
        }
    }
}

/// The code, the message and the limits it names.
impl From<RequirementsError> for FieldError {
    fn from(error: RequirementsError) -> Self {
        let bare = FieldError::new(error.code(), error.to_string());
        match error {
            RequirementsError::MinPlayersOutOfRange | RequirementsError::MaxPlayersOutOfRange => {
                bare.param("min", i64::from(PLAYERS_MIN)).param("max", i64::from(PLAYERS_MAX))
            }
            RequirementsError::MinPlayersAboveMax => bare,
            RequirementsError::MinPlayerAgeNotPositive => bare.param("min", i64::from(PLAYER_AGE_MIN)),
            RequirementsError::MinPlayerAgeTooHigh => bare.param("max", i64::from(PLAYER_AGE_MAX)),
        }
    }
}

fn in_range(value: i64, min: u8, max: u8) -> Option<u8> {
    u8::try_from(value).ok().filter(|v| (min..=max).contains(v))
}

impl PlayerRequirements {
    /// Every broken rule at once, in field order; the comparison of min and max is made only when both are in
    /// range, so a user fixes one thing at a time.
    pub fn check(input: RequirementsInput) -> Result<Self, Vec<RequirementsError>> {
        let mut errors = Vec::new();
        let min = in_range(input.min_players, PLAYERS_MIN, PLAYERS_MAX);
        let max = in_range(input.max_players, PLAYERS_MIN, PLAYERS_MAX);
        match (min, max) {
            (None, _) => errors.push(RequirementsError::MinPlayersOutOfRange),
            (Some(min), Some(max)) if min > max => errors.push(RequirementsError::MinPlayersAboveMax),
            _ => {}
        }
        if max.is_none() {
            errors.push(RequirementsError::MaxPlayersOutOfRange);
        }
        let age = in_range(input.min_player_age, PLAYER_AGE_MIN, PLAYER_AGE_MAX);
        if age.is_none() {
            errors.push(if input.min_player_age < i64::from(PLAYER_AGE_MIN) {
                RequirementsError::MinPlayerAgeNotPositive
            } else {
                RequirementsError::MinPlayerAgeTooHigh
            });
        }
        match (min, max, age) {
            (Some(min_players), Some(max_players), Some(min_player_age)) if errors.is_empty() => {
                Ok(Self { min_players, max_players, min_player_age })
            }
            _ => Err(errors),
        }
    }

    /// [`check`](Self::check), recording the messages in `v` under the payload's field names (after `prefix.`
    /// when the payload nests them; `""` for none).
    pub fn parse(input: RequirementsInput, v: &mut Validator, prefix: &str) -> Option<Self> {
        match Self::check(input) {
            Ok(requirements) => Some(requirements),
            Err(errors) => {
                for error in errors {
                    v.add(&field(prefix, error.field()), error);
                }
                None
            }
        }
    }

    pub fn min_players(self) -> u8 {
        self.min_players
    }

    pub fn max_players(self) -> u8 {
        self.max_players
    }

    pub fn min_player_age(self) -> u8 {
        self.min_player_age
    }
}

#[cfg(test)]
mod tests {
    use super::RequirementsError::*;
    use super::*;

    fn check(min_players: i64, max_players: i64, min_player_age: i64) -> Result<PlayerRequirements, Vec<String>> {
        PlayerRequirements::check(RequirementsInput { min_players, max_players, min_player_age })
            .map_err(|errors| errors.into_iter().map(|e| format!("{}: {e}", e.field())).collect())
    }

    #[test]
    fn the_limits_are_inclusive() {
        let r = check(1, 100, 99).unwrap();
        assert_eq!((r.min_players(), r.max_players(), r.min_player_age()), (1, 100, 99));
        let r = check(4, 4, 1).unwrap();
        assert_eq!((r.min_players(), r.max_players(), r.min_player_age()), (4, 4, 1));
    }

    #[test]
    fn min_above_max_is_shown_on_min_players() {
        assert_eq!(
            check(5, 4, 18).unwrap_err(),
            vec!["min_players: Minimum players must be less than or equal to maximum players"]
        );
    }

    #[test]
    fn out_of_range_counts_are_refused_per_field() {
        assert_eq!(check(0, 4, 18).unwrap_err(), vec!["min_players: Minimum players must be between 1 and 100"]);
        assert_eq!(check(4, 101, 18).unwrap_err(), vec!["max_players: Maximum players must be between 1 and 100"]);
        assert_eq!(check(-1, i64::MAX, 18).unwrap_err().len(), 2);
        assert_eq!(
            check(300, 0, 18).unwrap_err(),
            vec![
                "min_players: Minimum players must be between 1 and 100",
                "max_players: Maximum players must be between 1 and 100"
            ],
            "no comparison while either is out of range"
        );
    }

    #[test]
    fn the_minimum_age_runs_from_1_to_99() {
        assert_eq!(check(1, 2, 0).unwrap_err(), vec!["min_player_age: Minimum player age must be positive"]);
        assert_eq!(check(1, 2, -18).unwrap_err(), vec!["min_player_age: Minimum player age must be positive"]);
        assert_eq!(check(1, 2, 100).unwrap_err(), vec!["min_player_age: Minimum player age must be at most 99"]);
    }

    #[test]
    fn every_rule_has_its_own_code_and_names_its_limits() {
        let all = [
            MinPlayersOutOfRange,
            MaxPlayersOutOfRange,
            MinPlayersAboveMax,
            MinPlayerAgeNotPositive,
            MinPlayerAgeTooHigh,
        ];
        let codes: std::collections::BTreeSet<_> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), all.len());
        let range = FieldError::from(MinPlayersOutOfRange);
        assert_eq!(range.code.as_str(), "min_players_out_of_range");
        assert_eq!(serde_json::to_value(&range.params).unwrap(), serde_json::json!({"min": 1, "max": 100}));
        let age = FieldError::from(MinPlayerAgeTooHigh);
        assert_eq!(serde_json::to_value(&age.params).unwrap(), serde_json::json!({"max": 99}));
        assert!(FieldError::from(MinPlayersAboveMax).params.is_empty());
    }

    #[test]
    fn parse_records_every_message_under_its_field() {
        let mut v = Validator::new();
        let input = RequirementsInput { min_players: 0, max_players: 4, min_player_age: 0 };
        assert_eq!(PlayerRequirements::parse(input, &mut v, ""), None);
        let fields = v.finish().unwrap_err().fields;
        assert_eq!(fields.keys().collect::<Vec<_>>(), vec!["min_player_age", "min_players"]);
        assert_eq!(fields["min_player_age"][0].code, ErrorCode::MinPlayerAgeNotPositive);
        assert_eq!(fields["min_player_age"][0].message, "Minimum player age must be positive");
        let mut v = Validator::new();
        let input = RequirementsInput { min_players: 2, max_players: 4, min_player_age: 12 };
        assert!(PlayerRequirements::parse(input, &mut v, "requirements").is_some());
        assert!(v.is_empty());
        let input = RequirementsInput { min_players: 5, max_players: 4, min_player_age: 12 };
        PlayerRequirements::parse(input, &mut v, "requirements");
        assert!(v.finish().unwrap_err().fields.contains_key("requirements.min_players"));
    }
}
