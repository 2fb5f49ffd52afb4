//! How a recurring series repeats: an iCalendar recurrence rule (RFC 5545 §3.3.10) restricted to what the schedule
//! form can build (spec §4 "Schedule", §9 "Recurrence interval 1, or 2 for bi-weekly").
//!
//! The form offers daily, weekly, bi-weekly, monthly, and "every N days, weeks or months"; weekdays (Monday first,
//! MO..SU) only for weekly and bi-weekly. [`RecurrenceRule`] holds exactly those choices, so every rule we accept
//! can be shown and edited in the form again ([`RecurrenceRule::choice`]). The `rrule` crate writes and reads the
//! rule text and expands it (see `schedule.rs`); the subset check is ours.

use std::fmt;

use chrono::Weekday;
use rrule::{NWeekday, RRule, Unvalidated};
use serde::{Deserialize, Serialize};

use super::schedule::ScheduleError;

/// The largest N of "every N days, weeks or months". The spec names only 1 and 2; see docs/decisions.md.
pub const INTERVAL_MAX: u16 = 52;

/// The unit a rule repeats in (RRULE `FREQ`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Frequency {
    Daily,
    Weekly,
    Monthly,
}

impl Frequency {
    fn to_rrule(self) -> rrule::Frequency {
        match self {
            Frequency::Daily => rrule::Frequency::Daily,
            Frequency::Weekly => rrule::Frequency::Weekly,
            Frequency::Monthly => rrule::Frequency::Monthly,
        }
    }

    fn from_rrule(frequency: rrule::Frequency) -> Option<Self> {
        match frequency {
            rrule::Frequency::Daily => Some(Frequency::Daily),
            rrule::Frequency::Weekly => Some(Frequency::Weekly),
            rrule::Frequency::Monthly => Some(Frequency::Monthly),
            _ => None,
        }
    }
}

/// The iCalendar code of a weekday: `MO` … `SU`.
pub fn weekday_code(day: Weekday) -> &'static str {
    match day {
        Weekday::Mon => "MO",
        Weekday::Tue => "TU",
        Weekday::Wed => "WE",
        Weekday::Thu => "TH",
        Weekday::Fri => "FR",
        Weekday::Sat => "SA",
        Weekday::Sun => "SU",
    }
}

/// The days of the week in the form's order, Monday first.
pub const WEEK: [Weekday; 7] =
    [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun];

/// A set of weekdays; iterates Monday first whatever order they were given in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Weekdays(u8);

impl Weekdays {
    pub const NONE: Weekdays = Weekdays(0);

    pub fn with(self, day: Weekday) -> Self {
        Self(self.0 | 1 << day.num_days_from_monday())
    }

    pub fn contains(self, day: Weekday) -> bool {
        self.0 & (1 << day.num_days_from_monday()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Monday first.
    pub fn iter(self) -> impl Iterator<Item = Weekday> {
        WEEK.into_iter().filter(move |day| self.contains(*day))
    }

    /// `["TU", "TH"]`, Monday first.
    pub fn codes(self) -> Vec<&'static str> {
        self.iter().map(weekday_code).collect()
    }

    /// Codes as the form sends them (`MO` … `SU`, any case, repeats ignored).
    pub fn parse_codes<S: AsRef<str>>(codes: &[S]) -> Result<Self, ScheduleError> {
        codes.iter().try_fold(Weekdays::NONE, |set, code| {
            let code = code.as_ref().trim();
            WEEK.into_iter()
                .find(|day| weekday_code(*day).eq_ignore_ascii_case(code))
                .map(|day| set.with(day))
                .ok_or(ScheduleError::RecurrenceRuleInvalid)
        })
    }
}

impl FromIterator<Weekday> for Weekdays {
    fn from_iter<I: IntoIterator<Item = Weekday>>(days: I) -> Self {
        days.into_iter().fold(Weekdays::NONE, Weekdays::with)
    }
}

/// What the schedule form offers. Weekly and bi-weekly need at least one weekday; "every N weeks" falls on the
/// weekday of the schedule's first date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecurrenceChoice {
    Daily,
    Weekly(Weekdays),
    BiWeekly(Weekdays),
    Monthly,
    Every { interval: u16, unit: Frequency },
}

/// A recurrence rule the form can build. Invariants: `1 <= interval <= INTERVAL_MAX`; weekdays only with weekly
/// and an interval of 1 or 2 (weekly, bi-weekly). Nothing else of RFC 5545 (no COUNT, UNTIL, BYMONTHDAY, WKST…):
/// a series runs until its GM completes or cancels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RecurrenceRule {
    frequency: Frequency,
    interval: u16,
    weekdays: Weekdays,
}

impl RecurrenceRule {
    /// The rule for a choice of the form; `recurrence_rule_invalid` when weekly or bi-weekly has no weekday, or N
    /// is outside 1 to [`INTERVAL_MAX`].
    pub fn from_choice(choice: RecurrenceChoice) -> Result<Self, ScheduleError> {
        let (frequency, interval, weekdays) = match choice {
            RecurrenceChoice::Daily => (Frequency::Daily, 1, Weekdays::NONE),
            RecurrenceChoice::Weekly(days) | RecurrenceChoice::BiWeekly(days) if days.is_empty() => {
                return Err(ScheduleError::RecurrenceRuleInvalid);
            }
            RecurrenceChoice::Weekly(days) => (Frequency::Weekly, 1, days),
            RecurrenceChoice::BiWeekly(days) => (Frequency::Weekly, 2, days),
            RecurrenceChoice::Monthly => (Frequency::Monthly, 1, Weekdays::NONE),
            RecurrenceChoice::Every { interval, unit } => (unit, interval, Weekdays::NONE),
        };
        if !(1..=INTERVAL_MAX).contains(&interval) {
            return Err(ScheduleError::RecurrenceRuleInvalid);
        }
        Ok(Self { frequency, interval, weekdays })
    }

    /// The form's choice for this rule, so an edit dialog opens with what was saved. Daily and monthly are
    /// "every 1 day" and "every 1 month" too; they come back as daily and monthly.
    pub fn choice(self) -> RecurrenceChoice {
        match (self.frequency, self.interval) {
            (Frequency::Weekly, 1) if !self.weekdays.is_empty() => RecurrenceChoice::Weekly(self.weekdays),
            (Frequency::Weekly, 2) if !self.weekdays.is_empty() => RecurrenceChoice::BiWeekly(self.weekdays),
            (Frequency::Daily, 1) => RecurrenceChoice::Daily,
            (Frequency::Monthly, 1) => RecurrenceChoice::Monthly,
            (unit, interval) => RecurrenceChoice::Every { interval, unit },
        }
    }

    /// Reads rule text as the form sends it (`FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH`, an `RRULE:` prefix allowed,
    /// parts in any order and case) and accepts it only if the form could have built it.
    pub fn parse(text: &str) -> Result<Self, ScheduleError> {
        let invalid = ScheduleError::RecurrenceRuleInvalid;
        let text = text.trim();
        let value = match text.get(..6) {
            Some(prefix) if prefix.eq_ignore_ascii_case("RRULE:") => &text[6..],
            _ => text,
        };
        // One rule, not a calendar: no DTSTART or other lines, no property parameters.
        if value.is_empty() || value.contains([':', '\n', '\r']) {
            return Err(invalid);
        }
        let rule: RRule<Unvalidated> = value.parse().map_err(|_| invalid)?;
        let frequency = Frequency::from_rrule(rule.get_freq()).ok_or(invalid)?;
        let nothing_else = rule.get_count().is_none()
            && rule.get_until().is_none()
            && rule.get_week_start() == Weekday::Mon
            && rule.get_by_set_pos().is_empty()
            && rule.get_by_month().is_empty()
            && rule.get_by_month_day().is_empty()
            && rule.get_by_year_day().is_empty()
            && rule.get_by_week_no().is_empty()
            && rule.get_by_hour().is_empty()
            && rule.get_by_minute().is_empty()
            && rule.get_by_second().is_empty();
        if !nothing_else {
            return Err(invalid);
        }
        let mut weekdays = Weekdays::NONE;
        for day in rule.get_by_weekday() {
            match day {
                NWeekday::Every(day) => weekdays = weekdays.with(*day),
                NWeekday::Nth(..) => return Err(invalid),
            }
        }
        let interval = rule.get_interval();
        let parsed = Self { frequency, interval, weekdays };
        let weekdays_allowed = frequency == Frequency::Weekly && interval <= 2;
        if !(1..=INTERVAL_MAX).contains(&interval) || (!weekdays.is_empty() && !weekdays_allowed) {
            return Err(invalid);
        }
        Ok(parsed)
    }

    pub fn frequency(self) -> Frequency {
        self.frequency
    }

    pub fn interval(self) -> u16 {
        self.interval
    }

    /// The chosen weekdays; empty for daily, monthly and "every N weeks".
    pub fn weekdays(self) -> Weekdays {
        self.weekdays
    }

    /// The rule as the `rrule` crate expands it. A weekly rule without weekdays repeats on `anchor_day`, the
    /// weekday of the schedule's first date, named explicitly so that the expansion may start on another day.
    pub(crate) fn to_rrule(self, anchor_day: Weekday) -> RRule<Unvalidated> {
        let rule = RRule::new(self.frequency.to_rrule()).interval(self.interval);
        match self.frequency {
            Frequency::Weekly if self.weekdays.is_empty() => rule.by_weekday(vec![NWeekday::Every(anchor_day)]),
            Frequency::Weekly => rule.by_weekday(self.weekdays.iter().map(NWeekday::Every).collect()),
            Frequency::Daily | Frequency::Monthly => rule,
        }
    }
}

impl fmt::Display for RecurrenceRule {
    /// The canonical rule text, written by the `rrule` crate: `FREQ=WEEKLY;BYDAY=TU,TH`,
    /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`, `FREQ=DAILY;INTERVAL=3`. INTERVAL=1 is RFC 5545's default and left out;
    /// weekdays are Monday first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut rule = RRule::new(self.frequency.to_rrule()).interval(self.interval);
        if !self.weekdays.is_empty() {
            rule = rule.by_weekday(self.weekdays.iter().map(NWeekday::Every).collect());
        }
        fmt::Display::fmt(&rule, f)
    }
}

#[cfg(test)]
mod tests {
    use Weekday::*;

    use super::*;

    fn days(list: &[Weekday]) -> Weekdays {
        list.iter().copied().collect()
    }

    fn built(choice: RecurrenceChoice) -> String {
        RecurrenceRule::from_choice(choice).unwrap().to_string()
    }

    #[test]
    fn the_form_choices_build_these_rules() {
        assert_eq!(built(RecurrenceChoice::Daily), "FREQ=DAILY");
        assert_eq!(built(RecurrenceChoice::Weekly(days(&[Thu, Tue]))), "FREQ=WEEKLY;BYDAY=TU,TH");
        assert_eq!(built(RecurrenceChoice::BiWeekly(days(&[Sun, Mon]))), "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,SU");
        assert_eq!(built(RecurrenceChoice::Monthly), "FREQ=MONTHLY");
        assert_eq!(built(RecurrenceChoice::Every { interval: 3, unit: Frequency::Daily }), "FREQ=DAILY;INTERVAL=3");
        assert_eq!(built(RecurrenceChoice::Every { interval: 3, unit: Frequency::Weekly }), "FREQ=WEEKLY;INTERVAL=3");
        assert_eq!(built(RecurrenceChoice::Every { interval: 6, unit: Frequency::Monthly }), "FREQ=MONTHLY;INTERVAL=6");
    }

    #[test]
    fn weekly_choices_need_a_weekday_and_intervals_are_bounded() {
        assert_eq!(
            RecurrenceRule::from_choice(RecurrenceChoice::Weekly(Weekdays::NONE)),
            Err(ScheduleError::RecurrenceRuleInvalid)
        );
        assert_eq!(
            RecurrenceRule::from_choice(RecurrenceChoice::BiWeekly(Weekdays::NONE)),
            Err(ScheduleError::RecurrenceRuleInvalid)
        );
        for interval in [0, INTERVAL_MAX + 1] {
            let choice = RecurrenceChoice::Every { interval, unit: Frequency::Daily };
            assert_eq!(RecurrenceRule::from_choice(choice), Err(ScheduleError::RecurrenceRuleInvalid));
        }
        assert!(
            RecurrenceRule::from_choice(RecurrenceChoice::Every { interval: INTERVAL_MAX, unit: Frequency::Monthly })
                .is_ok()
        );
    }

    #[test]
    fn rules_are_read_back_into_the_form_choices() {
        for (text, choice) in [
            ("FREQ=DAILY", RecurrenceChoice::Daily),
            ("FREQ=DAILY;INTERVAL=1", RecurrenceChoice::Daily),
            ("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH", RecurrenceChoice::Weekly(days(&[Tue, Thu]))),
            ("rrule:freq=weekly;byday=th,tu", RecurrenceChoice::Weekly(days(&[Tue, Thu]))),
            ("BYDAY=MO;INTERVAL=2;FREQ=WEEKLY", RecurrenceChoice::BiWeekly(days(&[Mon]))),
            ("FREQ=WEEKLY;BYDAY=MO,MO", RecurrenceChoice::Weekly(days(&[Mon]))),
            (" FREQ=MONTHLY ", RecurrenceChoice::Monthly),
            ("FREQ=WEEKLY", RecurrenceChoice::Every { interval: 1, unit: Frequency::Weekly }),
            ("FREQ=WEEKLY;INTERVAL=2", RecurrenceChoice::Every { interval: 2, unit: Frequency::Weekly }),
            ("FREQ=DAILY;INTERVAL=10", RecurrenceChoice::Every { interval: 10, unit: Frequency::Daily }),
            ("FREQ=MONTHLY;INTERVAL=52", RecurrenceChoice::Every { interval: 52, unit: Frequency::Monthly }),
        ] {
            assert_eq!(RecurrenceRule::parse(text).map(RecurrenceRule::choice), Ok(choice), "{text}");
        }
    }

    #[test]
    fn rules_the_form_cannot_build_are_invalid() {
        for text in [
            "",
            "   ",
            "RRULE:",
            "weekly",
            "FREQ=YEARLY",
            "FREQ=HOURLY;BYMINUTE=0",
            "FREQ=WEEKLY;INTERVAL=0;BYDAY=MO",
            "FREQ=DAILY;INTERVAL=53",
            "FREQ=DAILY;INTERVAL=-1",
            "FREQ=DAILY;BYDAY=MO",
            "FREQ=MONTHLY;BYDAY=1MO",
            "FREQ=WEEKLY;BYDAY=1MO",
            "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO",
            "FREQ=WEEKLY;BYDAY=XX",
            "FREQ=WEEKLY;COUNT=5;BYDAY=MO",
            "FREQ=WEEKLY;UNTIL=20300101T000000Z;BYDAY=MO",
            "FREQ=WEEKLY;WKST=SU;BYDAY=MO",
            "FREQ=MONTHLY;BYMONTHDAY=15",
            "FREQ=DAILY;BYHOUR=19",
            "FREQ=DAILY;BYSETPOS=1",
            "EXRULE:FREQ=DAILY",
            "DTSTART:20260101T190000Z\nRRULE:FREQ=DAILY",
            "RRULE;X-PARAM=1:FREQ=DAILY",
        ] {
            assert_eq!(RecurrenceRule::parse(text), Err(ScheduleError::RecurrenceRuleInvalid), "{text:?}");
        }
    }

    #[test]
    fn weekdays_are_monday_first_whatever_the_input_order() {
        let set = Weekdays::parse_codes(&["su", "WE", "MO", "WE"]).unwrap();
        assert_eq!(set.codes(), vec!["MO", "WE", "SU"]);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![Mon, Wed, Sun]);
        assert_eq!(Weekdays::parse_codes(&["Monday"]), Err(ScheduleError::RecurrenceRuleInvalid));
        assert!(Weekdays::parse_codes::<&str>(&[]).unwrap().is_empty());
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;
        use crate::series::strategies::choice;

        proptest! {
            /// Whatever the form builds, the server reads back as the same rule and the same choice, except that
            /// "every 1 day/month" is the same rule as daily/monthly.
            #[test]
            fn built_rules_read_back(choice in choice()) {
                let rule = RecurrenceRule::from_choice(choice).unwrap();
                let text = rule.to_string();
                let read = RecurrenceRule::parse(&text).unwrap();
                prop_assert_eq!(read, rule);
                let expected = match choice {
                    RecurrenceChoice::Every { interval: 1, unit: Frequency::Daily } => RecurrenceChoice::Daily,
                    RecurrenceChoice::Every { interval: 1, unit: Frequency::Monthly } => RecurrenceChoice::Monthly,
                    other => other,
                };
                prop_assert_eq!(read.choice(), expected);
            }
        }
    }
}
