//! When a series' sessions take place (spec §4 "Schedule", §5 "Series schedule"): a start time on the GM's wall
//! clock, a duration, the GM's IANA time zone, a first date, and for a recurring series a [`RecurrenceRule`].
//!
//! Occurrences are computed on the GM's wall clock and only then turned into instants, so a 19:00 Europe/Warsaw
//! game stays at 19:00 in Warsaw when the clocks change (DESIGN.md, "Contracts"). The rule is expanded by the
//! `rrule` crate over wall-clock times (given to it as UTC, where no day is longer or shorter than another), and
//! each wall-clock time becomes an instant by [`resolve_local`], which follows RFC 5545 §3.3.5 at the clock
//! changes: a time that does not exist (the spring gap) is read with the offset from before the gap, so a 02:30
//! start on that day happens at 03:30; a time that happens twice (the autumn repeat) is the first of the two.

use std::fmt;

use chrono::{
    DateTime, Datelike, Days, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, Offset, TimeZone, Timelike, Utc,
};

use super::field;
use super::recurrence::{Frequency, RecurrenceRule};
use crate::accounts::TimeZone as ZoneName;
use crate::error::{ErrorCode, FieldError, Validator};

/// Spec §9: "Default session duration 60 minutes".
pub const SESSION_DURATION_DEFAULT: u16 = 60;
/// A session lasts 1 to 1440 minutes (spec §5 "Session"); a series' sessions are sessions.
pub const SESSION_DURATION_MIN: u16 = 1;
pub const SESSION_DURATION_MAX: u16 = 1440;
/// First dates we accept, by year: wide enough for any real series, narrow enough that expansion never meets the
/// edges of the calendar types.
pub const FIRST_YEAR_MIN: i32 = 2000;
pub const FIRST_YEAR_MAX: i32 = 2100;

/// A broken schedule rule; [`ScheduleError::field`] names the payload field it belongs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScheduleError {
    /// `start_time_invalid`: not hh:mm with hours 0-23 and minutes 0-59.
    StartTimeInvalid,
    /// `session_duration_invalid` {min: 1, max: 1440}
    SessionDurationInvalid,
    /// `recurrence_rule_required`: recurring, but no rule was sent.
    RecurrenceRuleRequired,
    /// `recurrence_rule_invalid`: not a rule the form can build.
    RecurrenceRuleInvalid,
    /// `time_zone_invalid`: missing, or not an IANA name.
    TimeZoneInvalid,
    /// `first_date_required`
    FirstDateRequired,
    /// `first_date_invalid`: not YYYY-MM-DD, not a real date, or outside the years 2000 to 2100.
    FirstDateInvalid,
}

impl ScheduleError {
    pub fn code(self) -> ErrorCode {
        match self {
            ScheduleError::StartTimeInvalid => ErrorCode::StartTimeInvalid,
            ScheduleError::SessionDurationInvalid => ErrorCode::SessionDurationInvalid,
            ScheduleError::RecurrenceRuleRequired => ErrorCode::RecurrenceRuleRequired,
            ScheduleError::RecurrenceRuleInvalid => ErrorCode::RecurrenceRuleInvalid,
            ScheduleError::TimeZoneInvalid => ErrorCode::TimeZoneInvalid,
            ScheduleError::FirstDateRequired => ErrorCode::FirstDateRequired,
            ScheduleError::FirstDateInvalid => ErrorCode::FirstDateInvalid,
        }
    }

    /// The payload field the message belongs under.
    pub fn field(self) -> &'static str {
        match self {
            ScheduleError::StartTimeInvalid => "start_time",
            ScheduleError::SessionDurationInvalid => "session_duration_minutes",
            ScheduleError::RecurrenceRuleRequired | ScheduleError::RecurrenceRuleInvalid => "recurrence_rule",
            ScheduleError::TimeZoneInvalid => "time_zone",
            ScheduleError::FirstDateRequired | ScheduleError::FirstDateInvalid => "first_date",
        }
    }
}

impl fmt::Display for ScheduleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScheduleError::StartTimeInvalid => "Start time is invalid",
            ScheduleError::SessionDurationInvalid => "Session duration is invalid",
            ScheduleError::RecurrenceRuleRequired => "Recurrence rule is required",
            ScheduleError::RecurrenceRuleInvalid => "Recurrence rule is invalid",
            // The same words as an account's time zone.
            ScheduleError::TimeZoneInvalid => "Time zone must be an IANA name such as Europe/Warsaw",
            ScheduleError::FirstDateRequired => "First date is required",
            ScheduleError::FirstDateInvalid => "First date is invalid",
        })
    }
}

/// The code, the message and the limits it names.
impl From<ScheduleError> for FieldError {
    fn from(error: ScheduleError) -> Self {
        let bare = FieldError::new(error.code(), error.to_string());
        match error {
            ScheduleError::SessionDurationInvalid => {
                bare.param("min", i64::from(SESSION_DURATION_MIN)).param("max", i64::from(SESSION_DURATION_MAX))
            }
            _ => bare,
        }
    }
}

/// A start time on the GM's wall clock, to the minute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartTime(NaiveTime);

impl StartTime {
    /// `hh:mm` (`19:00`, `07:05`); a single hour digit (`7:05`) is read too, as people type it. Stored and sent
    /// as `hh:mm`.
    pub fn parse(input: &str) -> Result<Self, ScheduleError> {
        let invalid = ScheduleError::StartTimeInvalid;
        let (hours, minutes) = input.trim().split_once(':').ok_or(invalid)?;
        let digits =
            |part: &str, lengths: &[usize]| lengths.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(hours, &[1, 2]) || !digits(minutes, &[2]) {
            return Err(invalid);
        }
        let (hour, minute) = (hours.parse().map_err(|_| invalid)?, minutes.parse().map_err(|_| invalid)?);
        NaiveTime::from_hms_opt(hour, minute, 0).map(Self).ok_or(invalid)
    }

    pub fn from_hm(hour: u32, minute: u32) -> Option<Self> {
        NaiveTime::from_hms_opt(hour, minute, 0).map(Self)
    }

    pub fn time(self) -> NaiveTime {
        self.0
    }
}

impl fmt::Display for StartTime {
    /// `hh:mm`, the stored and sent form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0.hour(), self.0.minute())
    }
}

/// How long each session of a series lasts, in minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SessionDuration(u16);

impl SessionDuration {
    /// A whole number of minutes from 1 to 1440; `None` (not sent) is the default, 60.
    pub fn parse(minutes: Option<i64>) -> Result<Self, ScheduleError> {
        match minutes {
            None => Ok(Self::default()),
            Some(minutes) => u16::try_from(minutes)
                .ok()
                .filter(|m| (SESSION_DURATION_MIN..=SESSION_DURATION_MAX).contains(m))
                .map(Self)
                .ok_or(ScheduleError::SessionDurationInvalid),
        }
    }

    pub fn minutes(self) -> u16 {
        self.0
    }
}

impl Default for SessionDuration {
    fn default() -> Self {
        Self(SESSION_DURATION_DEFAULT)
    }
}

/// The date, on the GM's calendar, that anchors a schedule: a one-shot's date; the week a bi-weekly series counts
/// its weeks from; a monthly series' day of the month. Occurrences start on or after it; it is one itself only if
/// the rule falls on it (a weekly Tuesday series anchored on a Monday starts the next day).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FirstDate(NaiveDate);

impl FirstDate {
    /// `YYYY-MM-DD`, a real date in the years 2000 to 2100.
    pub fn parse(input: &str) -> Result<Self, ScheduleError> {
        let text = input.trim();
        if text.is_empty() {
            return Err(ScheduleError::FirstDateRequired);
        }
        let shaped = text.len() == 10
            && text.bytes().enumerate().all(|(i, b)| if i == 4 || i == 7 { b == b'-' } else { b.is_ascii_digit() });
        let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok().filter(|_| shaped);
        date.and_then(Self::new).ok_or(ScheduleError::FirstDateInvalid)
    }

    /// A date within the accepted years.
    pub fn new(date: NaiveDate) -> Option<Self> {
        (FIRST_YEAR_MIN..=FIRST_YEAR_MAX).contains(&date.year()).then_some(Self(date))
    }

    pub fn date(self) -> NaiveDate {
        self.0
    }
}

impl fmt::Display for FirstDate {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%Y-%m-%d"))
    }
}

/// The schedule payload of `setSeriesSchedule`, as received.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScheduleInput<'a> {
    pub start_time: Option<&'a str>,
    pub session_duration_minutes: Option<i64>,
    pub is_recurring: bool,
    /// Read only when recurring; a one-shot ignores a rule left over in the form.
    pub recurrence_rule: Option<&'a str>,
    pub time_zone: Option<&'a str>,
    pub first_date: Option<&'a str>,
}

/// A series' schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Schedule {
    start_time: StartTime,
    duration: SessionDuration,
    time_zone: ZoneName,
    first_date: FirstDate,
    /// `None` for a one-shot: one session on the first date.
    recurrence: Option<RecurrenceRule>,
}

impl Schedule {
    /// A schedule from parts already parsed (for example read back from the database).
    pub fn new(
        start_time: StartTime,
        duration: SessionDuration,
        time_zone: ZoneName,
        first_date: FirstDate,
        recurrence: Option<RecurrenceRule>,
    ) -> Self {
        Self { start_time, duration, time_zone, first_date, recurrence }
    }

    /// Every broken rule at once, in field order.
    pub fn check(input: ScheduleInput<'_>) -> Result<Self, Vec<ScheduleError>> {
        let start_time = StartTime::parse(input.start_time.unwrap_or_default());
        let duration = SessionDuration::parse(input.session_duration_minutes);
        let recurrence = match (input.is_recurring, input.recurrence_rule.map(str::trim)) {
            (false, _) => Ok(None),
            (true, None | Some("")) => Err(ScheduleError::RecurrenceRuleRequired),
            (true, Some(text)) => RecurrenceRule::parse(text).map(Some),
        };
        let time_zone =
            ZoneName::parse(input.time_zone.unwrap_or_default()).map_err(|_| ScheduleError::TimeZoneInvalid);
        let first_date = FirstDate::parse(input.first_date.unwrap_or_default());
        match (start_time, duration, recurrence, time_zone, first_date) {
            (Ok(start_time), Ok(duration), Ok(recurrence), Ok(time_zone), Ok(first_date)) => {
                Ok(Self { start_time, duration, time_zone, first_date, recurrence })
            }
            (start_time, duration, recurrence, time_zone, first_date) => {
                Err([start_time.err(), duration.err(), recurrence.err(), time_zone.err(), first_date.err()]
                    .into_iter()
                    .flatten()
                    .collect())
            }
        }
    }

    /// [`check`](Self::check), recording the messages in `v` under the payload's field names (after `prefix.`;
    /// `""` for none).
    pub fn parse(input: ScheduleInput<'_>, v: &mut Validator, prefix: &str) -> Option<Self> {
        match Self::check(input) {
            Ok(schedule) => Some(schedule),
            Err(errors) => {
                for error in errors {
                    v.add(&field(prefix, error.field()), error);
                }
                None
            }
        }
    }

    pub fn start_time(&self) -> StartTime {
        self.start_time
    }

    pub fn duration(&self) -> SessionDuration {
        self.duration
    }

    pub fn time_zone(&self) -> ZoneName {
        self.time_zone
    }

    pub fn first_date(&self) -> FirstDate {
        self.first_date
    }

    pub fn recurrence(&self) -> Option<RecurrenceRule> {
        self.recurrence
    }

    pub fn is_recurring(&self) -> bool {
        self.recurrence.is_some()
    }

    /// The next `n` session starts strictly after `after`, as instants, in order. A one-shot has at most one.
    pub fn next_occurrences(&self, after: DateTime<Utc>, n: usize) -> Vec<DateTime<Utc>> {
        let tz = self.time_zone.tz();
        // Wall-clock times from a few days before `after`'s local date: an instant and its wall-clock time are
        // at most a day apart (offsets, gaps), so nothing later than `after` starts before that.
        let from = after.with_timezone(&tz).date_naive().checked_sub_days(Days::new(3)).unwrap_or(NaiveDate::MIN);
        let mut occurrences: Vec<DateTime<Utc>> = Vec::with_capacity(n.min(64));
        for wall in self.wall_times(from, true) {
            if occurrences.len() == n {
                break;
            }
            let instant = resolve_local(tz, wall);
            // Two wall-clock times can meet in one instant only where a clock change skips a whole day.
            if instant > after && occurrences.last() != Some(&instant) {
                occurrences.push(instant);
            }
        }
        occurrences
    }

    /// The next session start strictly after `after` (the Questboard card's "next session").
    pub fn next_occurrence(&self, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.next_occurrences(after, 1).into_iter().next()
    }

    /// The schedule's wall-clock starts on or after the first date, from about `from` on, in order. With `skip`,
    /// daily and weekly rules start their expansion from the last whole period before `from` instead of the
    /// first date, so the cost does not grow with the age of the series; the results are the same (a property
    /// test compares them).
    fn wall_times(&self, from: NaiveDate, skip: bool) -> Box<dyn Iterator<Item = NaiveDateTime>> {
        let first = self.first_date.date();
        let time = self.start_time.time();
        let Some(rule) = self.recurrence else {
            return Box::new(std::iter::once(first.and_time(time)));
        };
        let anchor = if skip { skip_ahead(rule, first, from) } else { first };
        let dt_start = rrule::Tz::UTC.from_utc_datetime(&anchor.and_time(time));
        // The form's subset always validates (a property test builds every kind of rule); an error here would be
        // a bug in the subset check, and a series without occurrences is the honest answer to it.
        match rule.to_rrule(first.weekday()).build(dt_start) {
            Ok(set) => Box::new((&set).into_iter().map(|start| start.naive_utc())),
            Err(_) => Box::new(std::iter::empty()),
        }
    }
}

/// The latest date on or before `from` at which the expansion of `rule` can restart without changing what it
/// yields from `from` on: a whole number of intervals after `first` for daily rules; the Monday of a week a whole
/// number of intervals after `first`'s week for weekly ones (the weekday is named in the rule, so starting on a
/// Monday loses nothing). Monthly rules keep `first`, whose day of the month they repeat on (twelve a year).
fn skip_ahead(rule: RecurrenceRule, first: NaiveDate, from: NaiveDate) -> NaiveDate {
    let interval = i64::from(rule.interval());
    let days = |n: i64| Days::new(n.unsigned_abs());
    match rule.frequency() {
        Frequency::Daily if from > first => {
            let periods = (from - first).num_days() / interval;
            first + days(periods * interval)
        }
        Frequency::Weekly => {
            let monday = |d: NaiveDate| d - days(i64::from(d.weekday().num_days_from_monday()));
            let weeks = (monday(from) - monday(first)).num_days() / 7;
            let periods = weeks / interval;
            if periods >= 1 { monday(first) + days(periods * interval * 7) } else { first }
        }
        _ => first,
    }
}

/// A wall-clock time in `tz` → the instant it names, as RFC 5545 §3.3.5 reads local times: a time that happens
/// twice (clocks going back) is the first of the two; a time that does not exist (clocks going forward) is read
/// with the UTC offset in force before the gap, so it lands as far after the gap's start as it was meant to be
/// (02:30 in a 02:00→03:00 gap is 03:30).
pub fn resolve_local<Z: TimeZone>(tz: Z, wall: NaiveDateTime) -> DateTime<Utc> {
    match tz.from_local_datetime(&wall) {
        LocalResult::Single(instant) => instant.with_timezone(&Utc),
        LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        LocalResult::None => {
            // The offset a day earlier is the one before the gap (zones change offset at most once a day).
            let before = wall.checked_sub_days(Days::new(1)).unwrap_or(wall);
            let offset = tz.offset_from_utc_datetime(&before).fix();
            (wall - offset).and_utc()
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Weekday::{self, *};
    use chrono_tz::America::New_York;
    use chrono_tz::Europe::Warsaw;

    use super::*;
    use crate::series::recurrence::{RecurrenceChoice, Weekdays};

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn schedule(start: &str, zone: &str, first: &str, rule: Option<&str>) -> Schedule {
        Schedule::check(ScheduleInput {
            start_time: Some(start),
            session_duration_minutes: None,
            is_recurring: rule.is_some(),
            recurrence_rule: rule,
            time_zone: Some(zone),
            first_date: Some(first),
        })
        .unwrap()
    }

    fn rfc3339(instants: Vec<DateTime<Utc>>) -> Vec<String> {
        instants.into_iter().map(|t| t.format("%Y-%m-%dT%H:%MZ").to_string()).collect()
    }

    #[test]
    fn start_times_are_hh_mm() {
        for (input, shown) in
            [("19:00", "19:00"), ("00:00", "00:00"), ("23:59", "23:59"), ("7:05", "07:05"), (" 09:30 ", "09:30")]
        {
            assert_eq!(StartTime::parse(input).unwrap().to_string(), shown, "{input}");
        }
        for input in
            ["", "24:00", "12:60", "1900", "19:0", "19:000", "019:00", "ab:cd", "-1:00", "19:00:00", "１9:00", "+9:00"]
        {
            assert_eq!(StartTime::parse(input), Err(ScheduleError::StartTimeInvalid), "{input:?}");
        }
        assert_eq!(ScheduleError::StartTimeInvalid.to_string(), "Start time is invalid");
    }

    #[test]
    fn session_durations_default_to_60_and_run_to_1440() {
        assert_eq!(SessionDuration::parse(None).unwrap().minutes(), 60);
        assert_eq!(SessionDuration::parse(Some(1)).unwrap().minutes(), 1);
        assert_eq!(SessionDuration::parse(Some(1440)).unwrap().minutes(), 1440);
        for bad in [0, -60, 1441, i64::MAX] {
            assert_eq!(SessionDuration::parse(Some(bad)), Err(ScheduleError::SessionDurationInvalid), "{bad}");
        }
        assert_eq!(ScheduleError::SessionDurationInvalid.to_string(), "Session duration is invalid");
        let error = FieldError::from(ScheduleError::SessionDurationInvalid);
        assert_eq!(error.code, ErrorCode::SessionDurationInvalid);
        assert_eq!(serde_json::to_value(&error.params).unwrap(), serde_json::json!({"min": 1, "max": 1440}));
    }

    #[test]
    fn first_dates_are_real_dates_in_a_sane_range() {
        assert_eq!(FirstDate::parse("2026-03-31").unwrap().to_string(), "2026-03-31");
        assert_eq!(FirstDate::parse(""), Err(ScheduleError::FirstDateRequired));
        for bad in [
            "2026-02-30",
            "2026-3-31",
            "31.03.2026",
            "2026/03/31",
            "1999-12-31",
            "2101-01-01",
            "+2026-03-31",
            "2026-03-31T19:00",
        ] {
            assert_eq!(FirstDate::parse(bad), Err(ScheduleError::FirstDateInvalid), "{bad}");
        }
    }

    #[test]
    fn every_broken_rule_is_reported_under_its_field() {
        let input = ScheduleInput {
            start_time: Some("25:00"),
            session_duration_minutes: Some(0),
            is_recurring: true,
            recurrence_rule: None,
            time_zone: Some("Mars/Olympus"),
            first_date: None,
        };
        let errors = Schedule::check(input).unwrap_err();
        let shown: Vec<_> = errors.iter().map(|e| format!("{}: {e}", e.field())).collect();
        assert_eq!(
            shown,
            vec![
                "start_time: Start time is invalid",
                "session_duration_minutes: Session duration is invalid",
                "recurrence_rule: Recurrence rule is required",
                "time_zone: Time zone must be an IANA name such as Europe/Warsaw",
                "first_date: First date is required",
            ]
        );
        let mut v = Validator::new();
        assert!(Schedule::parse(input, &mut v, "").is_none());
        let fields = v.finish().unwrap_err().fields;
        assert_eq!(fields.len(), 5);
        assert_eq!(fields["recurrence_rule"][0].code.as_str(), "recurrence_rule_required");
        assert_eq!(fields["time_zone"][0].code.as_str(), "time_zone_invalid");
        let bad_rule = ScheduleInput { recurrence_rule: Some("FREQ=YEARLY"), ..input };
        assert!(Schedule::check(bad_rule).unwrap_err().contains(&ScheduleError::RecurrenceRuleInvalid));
    }

    #[test]
    fn a_one_shot_ignores_a_leftover_rule() {
        let input = ScheduleInput {
            start_time: Some("19:00"),
            session_duration_minutes: Some(240),
            is_recurring: false,
            recurrence_rule: Some("not a rule"),
            time_zone: Some("Europe/Warsaw"),
            first_date: Some("2026-06-12"),
        };
        let one_shot = Schedule::check(input).unwrap();
        assert!(!one_shot.is_recurring());
        assert_eq!(one_shot.duration().minutes(), 240);
        assert_eq!(rfc3339(one_shot.next_occurrences(utc("2026-01-01T00:00:00Z"), 5)), vec!["2026-06-12T17:00Z"]);
        assert_eq!(one_shot.next_occurrence(utc("2026-06-12T17:00:00Z")), None, "strictly after");
    }

    #[test]
    fn a_weekly_warsaw_game_stays_at_19_00_local_across_the_spring_change() {
        // Europe/Warsaw moves from +01:00 to +02:00 on Sunday 2026-03-29.
        let s = schedule("19:00", "Europe/Warsaw", "2026-03-16", Some("FREQ=WEEKLY;BYDAY=TU,TH"));
        let got = s.next_occurrences(utc("2026-03-20T00:00:00Z"), 4);
        assert_eq!(
            rfc3339(got.clone()),
            vec!["2026-03-24T18:00Z", "2026-03-26T18:00Z", "2026-03-31T17:00Z", "2026-04-02T17:00Z"]
        );
        for instant in got {
            assert_eq!(instant.with_timezone(&Warsaw).format("%H:%M").to_string(), "19:00");
        }
    }

    #[test]
    fn a_weekly_warsaw_game_stays_at_19_00_local_across_the_autumn_change() {
        // Back to +01:00 on Sunday 2026-10-25.
        let s = schedule("19:00", "Europe/Warsaw", "2026-09-01", Some("FREQ=WEEKLY;BYDAY=SA,SU"));
        let got = s.next_occurrences(utc("2026-10-23T00:00:00Z"), 4);
        assert_eq!(
            rfc3339(got),
            vec!["2026-10-24T17:00Z", "2026-10-25T18:00Z", "2026-10-31T18:00Z", "2026-11-01T18:00Z"]
        );
    }

    #[test]
    fn new_york_keeps_its_wall_clock_too() {
        // America/New_York: -05:00 → -04:00 on 2026-03-08, back on 2026-11-01.
        let s = schedule("18:30", "America/New_York", "2026-03-01", Some("FREQ=WEEKLY"));
        let spring = s.next_occurrences(utc("2026-03-01T00:00:00Z"), 2);
        assert_eq!(rfc3339(spring), vec!["2026-03-01T23:30Z", "2026-03-08T22:30Z"]);
        let autumn = s.next_occurrences(utc("2026-10-25T00:00:00Z"), 2);
        assert_eq!(rfc3339(autumn), vec!["2026-10-25T22:30Z", "2026-11-01T23:30Z"]);
    }

    #[test]
    fn a_start_in_the_spring_gap_happens_as_far_after_the_gap_starts() {
        // 02:30 does not exist on 2026-03-29 in Warsaw (02:00 → 03:00): it is read with +01:00, i.e. 03:30 CEST.
        let s = schedule("02:30", "Europe/Warsaw", "2026-03-27", Some("FREQ=DAILY"));
        let got = s.next_occurrences(utc("2026-03-27T00:00:00Z"), 4);
        assert_eq!(
            rfc3339(got.clone()),
            vec!["2026-03-27T01:30Z", "2026-03-28T01:30Z", "2026-03-29T01:30Z", "2026-03-30T00:30Z"]
        );
        let local: Vec<_> = got.iter().map(|t| t.with_timezone(&Warsaw).format("%d %H:%M").to_string()).collect();
        assert_eq!(local, vec!["27 02:30", "28 02:30", "29 03:30", "30 02:30"]);
        // The same in New York (02:00 → 03:00 on 2026-03-08), for a one-shot on that day.
        let one_shot = schedule("02:30", "America/New_York", "2026-03-08", None);
        let instant = one_shot.next_occurrence(utc("2026-01-01T00:00:00Z")).unwrap();
        assert_eq!(rfc3339(vec![instant]), vec!["2026-03-08T07:30Z"]);
        assert_eq!(instant.with_timezone(&New_York).format("%H:%M %Z").to_string(), "03:30 EDT");
    }

    #[test]
    fn a_start_in_the_autumn_repeat_is_the_first_of_the_two() {
        // 02:30 happens twice on 2026-10-25 in Warsaw (03:00 → 02:00): first at +02:00 (00:30Z), then +01:00.
        let s = schedule("02:30", "Europe/Warsaw", "2026-10-24", Some("FREQ=DAILY"));
        let got = s.next_occurrences(utc("2026-10-23T00:00:00Z"), 3);
        assert_eq!(rfc3339(got), vec!["2026-10-24T00:30Z", "2026-10-25T00:30Z", "2026-10-26T01:30Z"]);
        // New York repeats 01:00-02:00 on 2026-11-01: 01:30 is 01:30 EDT (05:30Z), not EST (06:30Z).
        let ny = schedule("01:30", "America/New_York", "2026-11-01", None);
        let instant = ny.next_occurrence(utc("2026-01-01T00:00:00Z")).unwrap();
        assert_eq!(rfc3339(vec![instant]), vec!["2026-11-01T05:30Z"]);
        assert_eq!(instant.with_timezone(&New_York).format("%H:%M %Z").to_string(), "01:30 EDT");
        // Asked after the first 01:30, the one-shot is over: the repeat is not a second session.
        assert_eq!(ny.next_occurrence(utc("2026-11-01T05:31:00Z")), None);
    }

    #[test]
    fn bi_weekly_counts_weeks_from_the_first_date() {
        // Anchored on Monday 2026-01-05: Tuesdays of that week, then every other week.
        let s = schedule("19:00", "UTC", "2026-01-05", Some("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"));
        let got = s.next_occurrences(utc("2026-01-01T00:00:00Z"), 3);
        assert_eq!(rfc3339(got), vec!["2026-01-06T19:00Z", "2026-01-20T19:00Z", "2026-02-03T19:00Z"]);
        // Anchored a week later, the other Tuesdays.
        let s = schedule("19:00", "UTC", "2026-01-12", Some("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"));
        let got = s.next_occurrences(utc("2026-01-01T00:00:00Z"), 3);
        assert_eq!(rfc3339(got), vec!["2026-01-13T19:00Z", "2026-01-27T19:00Z", "2026-02-10T19:00Z"]);
        // A weekday earlier in the anchor's week than the anchor itself waits for the next period.
        let s = schedule("19:00", "UTC", "2026-01-07", Some("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR"));
        let got = s.next_occurrences(utc("2026-01-01T00:00:00Z"), 3);
        assert_eq!(rfc3339(got), vec!["2026-01-09T19:00Z", "2026-01-19T19:00Z", "2026-01-23T19:00Z"]);
    }

    #[test]
    fn monthly_repeats_the_first_dates_day_and_skips_months_without_it() {
        let s = schedule("18:00", "UTC", "2026-01-15", Some("FREQ=MONTHLY"));
        let got = s.next_occurrences(utc("2026-01-01T00:00:00Z"), 3);
        assert_eq!(rfc3339(got), vec!["2026-01-15T18:00Z", "2026-02-15T18:00Z", "2026-03-15T18:00Z"]);
        let s = schedule("18:00", "UTC", "2026-01-31", Some("FREQ=MONTHLY"));
        let got = s.next_occurrences(utc("2026-01-01T00:00:00Z"), 4);
        assert_eq!(
            rfc3339(got),
            vec!["2026-01-31T18:00Z", "2026-03-31T18:00Z", "2026-05-31T18:00Z", "2026-07-31T18:00Z"]
        );
    }

    #[test]
    fn every_n_weeks_falls_on_the_first_dates_weekday() {
        let s = schedule("10:00", "UTC", "2026-01-08", Some("FREQ=WEEKLY;INTERVAL=3"));
        let got = s.next_occurrences(utc("2026-02-01T00:00:00Z"), 2);
        assert_eq!(rfc3339(got), vec!["2026-02-19T10:00Z", "2026-03-12T10:00Z"]);
    }

    #[test]
    fn occurrences_come_after_the_first_date_and_after_the_asked_instant() {
        let s = schedule("19:00", "Europe/Warsaw", "2026-05-01", Some("FREQ=DAILY;INTERVAL=2"));
        let got = s.next_occurrences(utc("2020-01-01T00:00:00Z"), 2);
        assert_eq!(rfc3339(got), vec!["2026-05-01T17:00Z", "2026-05-03T17:00Z"]);
        let exactly = utc("2026-05-03T17:00:00Z");
        assert_eq!(rfc3339(s.next_occurrences(exactly, 1)), vec!["2026-05-05T17:00Z"]);
        assert!(s.next_occurrences(exactly, 0).is_empty());
    }

    #[test]
    fn a_series_years_old_is_expanded_from_near_now() {
        let s = schedule("19:00", "Europe/Warsaw", "2000-01-04", Some("FREQ=WEEKLY;BYDAY=TU"));
        let got = s.next_occurrences(utc("2099-12-30T00:00:00Z"), 2);
        assert_eq!(rfc3339(got), vec!["2100-01-05T18:00Z", "2100-01-12T18:00Z"]);
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;
        use crate::series::strategies::choice;

        const ZONES: [&str; 7] = [
            "Europe/Warsaw",
            "America/New_York",
            "Australia/Sydney",
            "Australia/Lord_Howe",
            "Asia/Kolkata",
            "America/Santiago",
            "UTC",
        ];

        fn any_schedule() -> impl Strategy<Value = Schedule> {
            (0u32..24, 0u32..60, proptest::sample::select(ZONES.to_vec()), 0u64..3000, proptest::option::of(choice()))
                .prop_map(|(hour, minute, zone, offset, choice)| {
                    let first = NaiveDate::from_ymd_opt(2024, 1, 1).unwrap() + Days::new(offset);
                    Schedule::new(
                        StartTime::from_hm(hour, minute).unwrap(),
                        SessionDuration::default(),
                        ZoneName::parse(zone).unwrap(),
                        FirstDate::new(first).unwrap(),
                        choice.map(|c| RecurrenceRule::from_choice(c).unwrap()),
                    )
                })
        }

        fn any_instant() -> impl Strategy<Value = DateTime<Utc>> {
            // 2023-06 to 2033.
            (1_685_577_600i64..2_000_000_000).prop_map(|s| DateTime::from_timestamp(s, 0).unwrap())
        }

        fn weekday_of(s: &Schedule, instant: DateTime<Utc>) -> Weekday {
            instant.with_timezone(&s.time_zone().tz()).weekday()
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(400))]

            #[test]
            fn occurrences_are_ordered_later_and_on_the_wall_clock(s in any_schedule(), after in any_instant()) {
                let got = s.next_occurrences(after, 12);
                if s.is_recurring() {
                    prop_assert_eq!(got.len(), 12);
                } else {
                    prop_assert!(got.len() <= 1);
                }
                let tz = s.time_zone().tz();
                for pair in got.windows(2) {
                    prop_assert!(pair[0] < pair[1]);
                }
                for instant in &got {
                    prop_assert!(*instant > after);
                    let local = instant.with_timezone(&tz);
                    prop_assert!(local.date_naive() >= s.first_date().date());
                    // Each start is the start time on its day, read by the RFC 5545 rule.
                    let wall = local.date_naive().and_time(s.start_time().time());
                    prop_assert_eq!(resolve_local(tz, wall), *instant);
                }
            }

            #[test]
            fn skipping_ahead_changes_nothing(s in any_schedule(), after in any_instant()) {
                let tz = s.time_zone().tz();
                let from = after.with_timezone(&tz).date_naive() - Days::new(3);
                let quick: Vec<_> = s.wall_times(from, true).skip_while(|w| w.date() < from).take(20).collect();
                let slow: Vec<_> = s.wall_times(from, false).skip_while(|w| w.date() < from).take(20).collect();
                prop_assert_eq!(quick, slow);
            }

            #[test]
            fn rules_keep_their_days(s in any_schedule(), after in any_instant()) {
                let Some(rule) = s.recurrence() else { return Ok(()) };
                let got = s.next_occurrences(after, 8);
                let first = s.first_date().date();
                let tz = s.time_zone().tz();
                let dates: Vec<NaiveDate> = got.iter().map(|t| t.with_timezone(&tz).date_naive()).collect();
                match rule.frequency() {
                    Frequency::Daily => {
                        for date in &dates {
                            prop_assert_eq!((*date - first).num_days() % i64::from(rule.interval()), 0);
                        }
                    }
                    Frequency::Weekly => {
                        let monday = |d: NaiveDate| d - Days::new(u64::from(d.weekday().num_days_from_monday()));
                        for (date, instant) in dates.iter().zip(&got) {
                            let weekday = weekday_of(&s, *instant);
                            if rule.weekdays().is_empty() {
                                prop_assert_eq!(weekday, first.weekday());
                            } else {
                                prop_assert!(rule.weekdays().contains(weekday));
                            }
                            let weeks = (monday(*date) - monday(first)).num_days() / 7;
                            prop_assert_eq!(weeks % i64::from(rule.interval()), 0);
                        }
                    }
                    Frequency::Monthly => {
                        for date in &dates {
                            prop_assert_eq!(date.day(), first.day());
                            let months = (date.year() - first.year()) * 12 + date.month() as i32 - first.month() as i32;
                            prop_assert_eq!(months % i32::from(rule.interval()), 0);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn weekly_choices_expand_on_their_weekdays() {
        let rule = RecurrenceRule::from_choice(RecurrenceChoice::Weekly([Tue, Thu].into_iter().collect::<Weekdays>()));
        let s = Schedule::new(
            StartTime::from_hm(19, 0).unwrap(),
            SessionDuration::default(),
            ZoneName::parse("Europe/Warsaw").unwrap(),
            FirstDate::parse("2026-11-23").unwrap(),
            Some(rule.unwrap()),
        );
        let days: Vec<Weekday> = s
            .next_occurrences(utc("2026-11-23T00:00:00Z"), 4)
            .iter()
            .map(|t| t.with_timezone(&Warsaw).weekday())
            .collect();
        assert_eq!(days, vec![Tue, Thu, Tue, Thu]);
    }
}
