//! A series' campaign settings: whether its sessions are generated, how many occurrences ahead, and the go/no-go
//! lead. Each value can only be built by parsing, with a field error that names its limits, like the series'
//! requirements and schedule.

use std::fmt;

use chrono::Duration;

use crate::error::{ErrorCode, FieldError, Validator};

/// The horizon holds the next 4 occurrences unless the GM says otherwise: a month of a weekly game, so players
/// see the month ahead in their calendars without a GM's plans being fixed too far out.
pub const OCCURRENCES_AHEAD_DEFAULT: u8 = 4;
/// At least the next occurrence (otherwise generation is simply off); at most 12, three months of a weekly game. The
/// 60-day cap of the horizon ([`HORIZON_DAYS`](super::HORIZON_DAYS)) usually binds first for frequent games; 12 lets
/// a twice-weekly game fill most of it.
pub const OCCURRENCES_AHEAD_MIN: u8 = 1;
pub const OCCURRENCES_AHEAD_MAX: u8 = 12;

/// The go/no-go is taken a day before the session by default: enough for players to rearrange an evening when it
/// is called off, late enough that last confirmations still count.
pub const GO_NO_GO_LEAD_DEFAULT_HOURS: u8 = 24;
/// From an hour (the platform must decide before the preparation lead of a quick game) to a week (a table that
/// travels to a venue needs to know a week ahead).
pub const GO_NO_GO_LEAD_MIN_HOURS: u8 = 1;
pub const GO_NO_GO_LEAD_MAX_HOURS: u8 = 168;

/// The payload's field names.
pub const GENERATE_SESSIONS_FIELD: &str = "generate_sessions";
pub const OCCURRENCES_AHEAD_FIELD: &str = "occurrences_ahead";
pub const GO_NO_GO_LEAD_FIELD: &str = "go_no_go_lead_hours";

/// A broken settings rule; [`SettingsError::field`] names the payload field it belongs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingsError {
    /// `occurrences_ahead_out_of_range` {min: 1, max: 12}
    OccurrencesAheadOutOfRange,
    /// `go_no_go_lead_out_of_range` {min: 1, max: 168}
    GoNoGoLeadOutOfRange,
}

impl SettingsError {
    pub fn code(self) -> ErrorCode {
        match self {
            SettingsError::OccurrencesAheadOutOfRange => ErrorCode::OccurrencesAheadOutOfRange,
            SettingsError::GoNoGoLeadOutOfRange => ErrorCode::GoNoGoLeadOutOfRange,
        }
    }

    /// The payload field the message belongs under.
    pub fn field(self) -> &'static str {
        match self {
            SettingsError::OccurrencesAheadOutOfRange => OCCURRENCES_AHEAD_FIELD,
            SettingsError::GoNoGoLeadOutOfRange => GO_NO_GO_LEAD_FIELD,
        }
    }

    fn limits(self) -> (u8, u8) {
        match self {
            SettingsError::OccurrencesAheadOutOfRange => (OCCURRENCES_AHEAD_MIN, OCCURRENCES_AHEAD_MAX),
            SettingsError::GoNoGoLeadOutOfRange => (GO_NO_GO_LEAD_MIN_HOURS, GO_NO_GO_LEAD_MAX_HOURS),
        }
    }
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (min, max) = self.limits();
        match self {
            SettingsError::OccurrencesAheadOutOfRange => write!(f, "Sessions ahead must be between {min} and {max}"),
            SettingsError::GoNoGoLeadOutOfRange => write!(f, "Go/no-go lead must be between {min} and {max} hours"),
        }
    }
}

/// The code, the message and the limits it names.
impl From<SettingsError> for FieldError {
    fn from(error: SettingsError) -> Self {
        let (min, max) = error.limits();
        FieldError::new(error.code(), error.to_string()).param("min", i64::from(min)).param("max", i64::from(max))
    }
}

/// `None` (not sent) is the default; anything else must be a whole number within the limits.
fn in_range(value: Option<i64>, default: u8, min: u8, max: u8) -> Option<u8> {
    match value {
        None => Some(default),
        Some(value) => u8::try_from(value).ok().filter(|v| (min..=max).contains(v)),
    }
}

/// How many occurrences ahead the horizon holds a session for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OccurrencesAhead(u8);

impl OccurrencesAhead {
    /// A whole number from 1 to 12; `None` (not sent) is the default, 4.
    pub fn parse(value: Option<i64>) -> Result<Self, SettingsError> {
        in_range(value, OCCURRENCES_AHEAD_DEFAULT, OCCURRENCES_AHEAD_MIN, OCCURRENCES_AHEAD_MAX)
            .map(Self)
            .ok_or(SettingsError::OccurrencesAheadOutOfRange)
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

impl Default for OccurrencesAhead {
    fn default() -> Self {
        Self(OCCURRENCES_AHEAD_DEFAULT)
    }
}

/// Whether a series' sessions are generated from its schedule, and how far ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GenerationSettings {
    pub enabled: bool,
    pub occurrences_ahead: OccurrencesAhead,
}

impl GenerationSettings {
    /// A series created from now on generates its sessions: a GM who sets a schedule means it.
    pub fn for_new_series() -> Self {
        Self { enabled: true, occurrences_ahead: OccurrencesAhead::default() }
    }

    /// A series that existed before generation does not, until its GM turns it on: its GM has been creating the
    /// sessions by hand, and a platform that suddenly adds four more would surprise them.
    pub fn for_existing_series() -> Self {
        Self { enabled: false, occurrences_ahead: OccurrencesAhead::default() }
    }
}

/// How long before a session's start the platform decides whether it goes ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GoNoGoLead(u8);

impl GoNoGoLead {
    /// Whole hours from 1 to 168; `None` (not sent) is the default, 24.
    pub fn parse(hours: Option<i64>) -> Result<Self, SettingsError> {
        in_range(hours, GO_NO_GO_LEAD_DEFAULT_HOURS, GO_NO_GO_LEAD_MIN_HOURS, GO_NO_GO_LEAD_MAX_HOURS)
            .map(Self)
            .ok_or(SettingsError::GoNoGoLeadOutOfRange)
    }

    pub fn hours(self) -> u8 {
        self.0
    }

    pub fn duration(self) -> Duration {
        Duration::hours(i64::from(self.0))
    }
}

impl Default for GoNoGoLead {
    fn default() -> Self {
        Self(GO_NO_GO_LEAD_DEFAULT_HOURS)
    }
}

/// The campaign settings of a series as received: the flag, and the two numbers as JSON integers (absent: the
/// default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CampaignSettingsInput {
    pub generate_sessions: bool,
    pub occurrences_ahead: Option<i64>,
    pub go_no_go_lead_hours: Option<i64>,
}

/// A series' campaign settings, parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CampaignSettings {
    pub generation: GenerationSettings,
    pub go_no_go_lead: GoNoGoLead,
}

impl CampaignSettings {
    /// Every broken rule at once, in field order.
    pub fn check(input: CampaignSettingsInput) -> Result<Self, Vec<SettingsError>> {
        match (OccurrencesAhead::parse(input.occurrences_ahead), GoNoGoLead::parse(input.go_no_go_lead_hours)) {
            (Ok(occurrences_ahead), Ok(go_no_go_lead)) => Ok(Self {
                generation: GenerationSettings { enabled: input.generate_sessions, occurrences_ahead },
                go_no_go_lead,
            }),
            (ahead, lead) => Err([ahead.err(), lead.err()].into_iter().flatten().collect()),
        }
    }

    /// [`check`](Self::check), recording the messages in `v` under the payload's field names (after `prefix.`;
    /// `""` for none).
    pub fn parse(input: CampaignSettingsInput, v: &mut Validator, prefix: &str) -> Option<Self> {
        match Self::check(input) {
            Ok(settings) => Some(settings),
            Err(errors) => {
                for error in errors {
                    let field = if prefix.is_empty() {
                        error.field().to_owned()
                    } else {
                        format!("{prefix}.{}", error.field())
                    };
                    v.add(&field, error);
                }
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_ahead_default_to_4_and_run_from_1_to_12() {
        assert_eq!(OccurrencesAhead::parse(None).unwrap().get(), 4);
        assert_eq!(OccurrencesAhead::parse(Some(1)).unwrap().get(), 1);
        assert_eq!(OccurrencesAhead::parse(Some(12)).unwrap().get(), 12);
        for bad in [0, 13, -4, i64::MAX] {
            assert_eq!(OccurrencesAhead::parse(Some(bad)), Err(SettingsError::OccurrencesAheadOutOfRange), "{bad}");
        }
        assert_eq!(SettingsError::OccurrencesAheadOutOfRange.to_string(), "Sessions ahead must be between 1 and 12");
    }

    #[test]
    fn the_go_no_go_lead_defaults_to_a_day_and_runs_from_an_hour_to_a_week() {
        assert_eq!(GoNoGoLead::parse(None).unwrap().hours(), 24);
        assert_eq!(GoNoGoLead::default().duration(), Duration::hours(24));
        assert_eq!(GoNoGoLead::parse(Some(1)).unwrap().hours(), 1);
        assert_eq!(GoNoGoLead::parse(Some(168)).unwrap().duration(), Duration::days(7));
        for bad in [0, 169, -24, 256, i64::MIN] {
            assert_eq!(GoNoGoLead::parse(Some(bad)), Err(SettingsError::GoNoGoLeadOutOfRange), "{bad}");
        }
        let error = FieldError::from(SettingsError::GoNoGoLeadOutOfRange);
        assert_eq!(error.code.as_str(), "go_no_go_lead_out_of_range");
        assert_eq!(error.message, "Go/no-go lead must be between 1 and 168 hours");
        assert_eq!(serde_json::to_value(&error.params).unwrap(), serde_json::json!({"min": 1, "max": 168}));
    }

    #[test]
    fn new_series_generate_and_existing_ones_wait_for_their_gm() {
        assert!(GenerationSettings::for_new_series().enabled);
        assert!(!GenerationSettings::for_existing_series().enabled);
        assert_eq!(GenerationSettings::for_existing_series().occurrences_ahead.get(), 4);
    }

    #[test]
    fn parse_records_every_message_under_its_field() {
        let input = CampaignSettingsInput {
            generate_sessions: true,
            occurrences_ahead: Some(0),
            go_no_go_lead_hours: Some(200),
        };
        let mut v = Validator::new();
        assert_eq!(CampaignSettings::parse(input, &mut v, "campaign"), None);
        let fields = v.finish().unwrap_err().fields;
        assert_eq!(
            fields.keys().collect::<Vec<_>>(),
            vec!["campaign.go_no_go_lead_hours", "campaign.occurrences_ahead"]
        );
        assert_eq!(fields["campaign.occurrences_ahead"][0].code.as_str(), "occurrences_ahead_out_of_range");
        let fine =
            CampaignSettingsInput { generate_sessions: false, occurrences_ahead: None, go_no_go_lead_hours: Some(48) };
        let mut v = Validator::new();
        let settings = CampaignSettings::parse(fine, &mut v, "").unwrap();
        assert!(v.is_empty());
        assert!(!settings.generation.enabled);
        assert_eq!((settings.generation.occurrences_ahead.get(), settings.go_no_go_lead.hours()), (4, 48));
    }
}
