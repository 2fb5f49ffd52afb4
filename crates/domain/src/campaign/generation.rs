//! Generated sessions: which occurrences of a series' schedule the rolling horizon holds a session for, and the plan
//! that brings the series' sessions in line with it — create the missing, move or cancel the generated ones the
//! rule no longer puts where they are, and name the ones it must leave for the GM.
//!
//! An occurrence is known by its date on the schedule's wall clock: "one session per series and occurrence date"
//! is the key the server holds unique, so two instances or a retried job never make two, and a GM's session on
//! that date (made by hand, or cancelled) stands for the occurrence. The start comes from
//! [`Schedule::next_occurrences`], which reads the wall-clock time in the schedule's zone, so a 19:00 Tuesday game
//! stays at 19:00 local when the clocks change and its instant moves by the hour instead.
//!
//! [`plan`] is a pure function of the schedule, the settings, the sessions and `now`; applied, it leaves nothing to
//! do (a property test runs it against its own result).

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, NaiveDate, Utc};

use super::settings::GenerationSettings;
use crate::ids::SessionId;
use crate::series::{LifecycleStatus, Schedule};
use crate::sessions::{LEAD_MINUTES, SessionStatus};

/// The horizon never reaches further than 60 days from now, whatever the number of occurrences ahead: a monthly
/// game does not fix dates a third of a year out, and a calendar feed stays short.
pub const HORIZON_DAYS: i64 = 60;

/// A generated session whose date the new rule dropped moves to a new date of the rule only if that is less than
/// a week away; further, it is cancelled and the new date generated. A Tuesday game that becomes a Wednesday game
/// moves by a day, which players read as "moved"; a session carried three weeks along is another game.
pub const MOVE_WITHIN_DAYS: i64 = 7;

/// Whether a series' sessions are generated now: the GM turned generation on, the series runs, and someone plays
/// in it. A series with a schedule is one the caller has a [`Schedule`] for. When this is false the job does
/// nothing, so turning generation off leaves the sessions already made as ordinary sessions.
pub fn generates(settings: GenerationSettings, series: LifecycleStatus, accepted_players: usize) -> bool {
    settings.enabled && series == LifecycleStatus::Active && accepted_players > 0
}

/// One occurrence of a series' schedule that a session is held for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Occurrence {
    /// The occurrence's date on the schedule's wall clock: the session's key.
    pub date: NaiveDate,
    pub start: DateTime<Utc>,
    pub duration_minutes: u16,
}

impl Occurrence {
    fn at(schedule: &Schedule, start: DateTime<Utc>) -> Self {
        Self { date: occurrence_date(schedule, start), start, duration_minutes: schedule.duration().minutes() }
    }

    /// Whether `session` already is this occurrence, to the minute and the duration.
    fn is_held_by(&self, session: &ExistingSession) -> bool {
        session.date == self.date
            && session.start == self.start
            && session.duration_minutes == i32::from(self.duration_minutes)
    }
}

/// The date on the schedule's wall clock of an instant: the key of a generated session, and the date a session
/// made by hand stands for. A New York game at 19:00 on a Tuesday is on Wednesday in UTC; its key is Tuesday.
pub fn occurrence_date(schedule: &Schedule, start: DateTime<Utc>) -> NaiveDate {
    start.with_timezone(&schedule.time_zone().tz()).date_naive()
}

/// A new session must start at least 15 minutes ahead, so the horizon starts there.
fn earliest_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::minutes(LEAD_MINUTES)
}

fn latest_start(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::days(HORIZON_DAYS)
}

/// Every occurrence of the rule from 15 minutes after `now` to 60 days after it, in order.
fn rule_window(schedule: &Schedule, now: DateTime<Utc>) -> Vec<Occurrence> {
    let (earliest, latest) = (earliest_start(now), latest_start(now));
    // A schedule starts at most once per local date, so the window holds no more starts than it has dates.
    let most = usize::try_from(HORIZON_DAYS).unwrap_or_default() + 2;
    schedule
        .next_occurrences(earliest - Duration::nanoseconds(1), most)
        .into_iter()
        .take_while(|start| *start <= latest)
        .map(|start| Occurrence::at(schedule, start))
        .collect()
}

/// The occurrences to hold a session for: the next `occurrences_ahead` of the schedule, none less than 15 minutes
/// away (a session cannot be fixed that late) and none more than 60 days away. Empty when generation is off.
pub fn horizon(schedule: &Schedule, settings: GenerationSettings, now: DateTime<Utc>) -> Vec<Occurrence> {
    if !settings.enabled {
        return Vec::new();
    }
    let mut occurrences = rule_window(schedule, now);
    occurrences.truncate(usize::from(settings.occurrences_ahead.get()));
    occurrences
}

/// A session of the series as the plan sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExistingSession {
    pub id: SessionId,
    /// The occurrence it stands for: a generated session's key (the date it was generated or last moved for); for a
    /// session made by hand, the date of its start on the schedule's wall clock ([`occurrence_date`]).
    pub date: NaiveDate,
    pub start: DateTime<Utc>,
    pub duration_minutes: i32,
    /// A cancelled session is one with the status `cancelled`; it keeps its date for good.
    pub status: SessionStatus,
    /// Made by the generator and still following the rule. A generated session the GM reschedules by hand is the
    /// GM's from then on: pass it as not generated (keeping its date), or the next plan moves it back to the rule.
    pub generated: bool,
    /// Whether any player holds a seat (confirmed or ready).
    pub has_confirmation: bool,
}

/// A generated session moved in place to an occurrence of the rule: same session, same invitations, new time (and
/// new key when the date changes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub session: SessionId,
    pub to: Occurrence,
}

/// Why a generated session off the rule stays as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeptReason {
    /// A player confirmed it: their yes was to that date, which is not the platform's to change.
    Confirmed,
    /// The GM has it in hand: back in planning to change it, or in preparation for the start.
    InGmHands(SessionStatus),
}

/// A generated session the rule no longer puts where it is, left for the GM to decide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kept {
    pub session: SessionId,
    pub reason: KeptReason,
}

/// What it takes to bring a series' sessions in line with its horizon.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Plan {
    /// New sessions, in `scheduled`, every accepted player invited; in order.
    pub create: Vec<Occurrence>,
    /// Generated sessions nobody confirmed, to their new time; in the order of their new starts.
    pub moves: Vec<Move>,
    /// Generated sessions nobody confirmed on dates the rule dropped, to cancel.
    pub cancel: Vec<SessionId>,
    /// Generated sessions off the rule that stay: what to tell the GM. Not work: a plan with only these is done.
    pub kept: Vec<Kept>,
}

impl Plan {
    /// Nothing to create, move or cancel.
    pub fn is_settled(&self) -> bool {
        self.create.is_empty() && self.moves.is_empty() && self.cancel.is_empty()
    }
}

/// The plan that brings `existing` (every session of the series) in line with the horizon at `now`.
///
/// - Every occurrence of the horizon whose date no session holds is created. A session on that date — made by
///   hand, in any status, or cancelled — holds it, so a cancelled occurrence is never generated again.
/// - Only generated sessions in reach are ever changed: not started, starting at least 15 minutes and at most 60
///   days from now. One is off the rule when the rule has no occurrence on its date at its start and duration.
///   Sessions made by hand, started, finished or cancelled are never touched.
/// - An off-rule session a player confirmed, or that the GM moved back to planning or into preparation, is kept
///   and named in [`Plan::kept`]. The others (`scheduled`, nobody confirmed) are moved or cancelled.
/// - Matching, in two passes: first by date — a session whose date the rule still has moves to the rule's time on
///   that date (the key is kept). Then the rest go to free dates of the rule (dates no session holds, in the
///   60-day window), closest pairs first, each pair less than [`MOVE_WITHIN_DAYS`] apart; ties go to the earlier
///   session, then the earlier date. A session left without a date is cancelled; a horizon date left free is
///   created. Closest-first keeps order in practice (a Tuesday game that becomes a Wednesday one moves each
///   session to the next day) and never moves a session further than the week a player would call "moved".
/// - Confirmed sessions do not stand in for a new date: the new rule's date is generated beside them, and the GM,
///   told, cancels whichever they do not want.
///
/// Empty when generation is off.
pub fn plan(
    schedule: &Schedule,
    settings: GenerationSettings,
    existing: &[ExistingSession],
    now: DateTime<Utc>,
) -> Plan {
    let mut plan = Plan::default();
    if !settings.enabled {
        return plan;
    }
    let rule = rule_window(schedule, now);
    let by_date: BTreeMap<NaiveDate, Occurrence> = rule.iter().map(|o| (o.date, *o)).collect();
    let claimed: BTreeSet<NaiveDate> = existing.iter().map(|s| s.date).collect();
    let (earliest, latest) = (earliest_start(now), latest_start(now));

    let mut sessions: Vec<&ExistingSession> = existing.iter().collect();
    sessions.sort_by_key(|s| (s.start, s.id));
    let mut unmatched = Vec::new();
    for session in sessions {
        let in_reach =
            session.generated && session.status.is_before_start() && (earliest..=latest).contains(&session.start);
        let on_rule = by_date.get(&session.date);
        if !in_reach || on_rule.is_some_and(|o| o.is_held_by(session)) {
            continue;
        }
        if session.has_confirmation {
            plan.kept.push(Kept { session: session.id, reason: KeptReason::Confirmed });
        } else if session.status != SessionStatus::Scheduled {
            plan.kept.push(Kept { session: session.id, reason: KeptReason::InGmHands(session.status) });
        } else if let Some(to) = on_rule {
            plan.moves.push(Move { session: session.id, to: *to });
        } else {
            unmatched.push(session);
        }
    }

    let free: Vec<Occurrence> = rule.iter().filter(|o| !claimed.contains(&o.date)).copied().collect();
    let mut pairs: Vec<(Duration, usize, usize)> = Vec::new();
    for (i, session) in unmatched.iter().enumerate() {
        for (j, occurrence) in free.iter().enumerate() {
            let apart = (occurrence.start - session.start).abs();
            if apart < Duration::days(MOVE_WITHIN_DAYS) {
                pairs.push((apart, i, j));
            }
        }
    }
    pairs.sort();
    let mut moved = vec![false; unmatched.len()];
    let mut taken: BTreeSet<NaiveDate> = BTreeSet::new();
    for (_, i, j) in pairs {
        if moved[i] || taken.contains(&free[j].date) {
            continue;
        }
        moved[i] = true;
        taken.insert(free[j].date);
        plan.moves.push(Move { session: unmatched[i].id, to: free[j] });
    }
    plan.moves.sort_by_key(|m| m.to.start);
    plan.cancel = unmatched.iter().zip(&moved).filter(|(_, moved)| !**moved).map(|(s, _)| s.id).collect();
    plan.create = rule
        .iter()
        .take(usize::from(settings.occurrences_ahead.get()))
        .filter(|o| !claimed.contains(&o.date) && !taken.contains(&o.date))
        .copied()
        .collect();
    plan
}

#[cfg(test)]
mod tests {
    use chrono::{Datelike, Weekday};
    use chrono_tz::America::New_York;
    use chrono_tz::Europe::Warsaw;

    use super::*;
    use crate::campaign::settings::OccurrencesAhead;
    use crate::series::ScheduleInput;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn schedule(start: &str, zone: &str, first: &str, rule: Option<&str>) -> Schedule {
        Schedule::check(ScheduleInput {
            start_time: Some(start),
            session_duration_minutes: Some(180),
            is_recurring: rule.is_some(),
            recurrence_rule: rule,
            time_zone: Some(zone),
            first_date: Some(first),
        })
        .unwrap()
    }

    fn ahead(n: i64) -> GenerationSettings {
        GenerationSettings { enabled: true, occurrences_ahead: OccurrencesAhead::parse(Some(n)).unwrap() }
    }

    fn starts(occurrences: &[Occurrence]) -> Vec<String> {
        occurrences.iter().map(|o| o.start.format("%Y-%m-%dT%H:%MZ").to_string()).collect()
    }

    fn dates(occurrences: &[Occurrence]) -> Vec<String> {
        occurrences.iter().map(|o| o.date.to_string()).collect()
    }

    /// A session the generator made for `occurrence`.
    fn generated(occurrence: Occurrence) -> ExistingSession {
        ExistingSession {
            id: SessionId::new(),
            date: occurrence.date,
            start: occurrence.start,
            duration_minutes: i32::from(occurrence.duration_minutes),
            status: SessionStatus::Scheduled,
            generated: true,
            has_confirmation: false,
        }
    }

    /// What the server does with a plan: create, move, cancel.
    fn apply(existing: &[ExistingSession], plan: &Plan) -> Vec<ExistingSession> {
        let mut after: Vec<ExistingSession> = existing.to_vec();
        for session in &mut after {
            if let Some(m) = plan.moves.iter().find(|m| m.session == session.id) {
                session.date = m.to.date;
                session.start = m.to.start;
                session.duration_minutes = i32::from(m.to.duration_minutes);
            }
            if plan.cancel.contains(&session.id) {
                session.status = SessionStatus::Cancelled;
            }
        }
        after.extend(plan.create.iter().copied().map(generated));
        after
    }

    fn weekly_tuesday_warsaw() -> Schedule {
        schedule("19:00", "Europe/Warsaw", "2026-03-03", Some("FREQ=WEEKLY;BYDAY=TU"))
    }

    #[test]
    fn a_warsaw_tuesday_game_stays_at_19_00_local_across_the_spring_change() {
        // Europe/Warsaw goes from +01:00 to +02:00 on Sunday 2026-03-29.
        let got = horizon(&weekly_tuesday_warsaw(), ahead(4), utc("2026-03-20T12:00:00Z"));
        assert_eq!(dates(&got), vec!["2026-03-24", "2026-03-31", "2026-04-07", "2026-04-14"]);
        assert_eq!(
            starts(&got),
            vec!["2026-03-24T18:00Z", "2026-03-31T17:00Z", "2026-04-07T17:00Z", "2026-04-14T17:00Z"]
        );
        for o in &got {
            let local = o.start.with_timezone(&Warsaw);
            assert_eq!((local.format("%H:%M").to_string(), local.weekday()), ("19:00".to_owned(), Weekday::Tue));
            assert_eq!(o.duration_minutes, 180);
        }
    }

    #[test]
    fn a_warsaw_tuesday_game_stays_at_19_00_local_across_the_autumn_change() {
        // Back to +01:00 on Sunday 2026-10-25.
        let got = horizon(&weekly_tuesday_warsaw(), ahead(4), utc("2026-10-16T12:00:00Z"));
        assert_eq!(dates(&got), vec!["2026-10-20", "2026-10-27", "2026-11-03", "2026-11-10"]);
        assert_eq!(
            starts(&got),
            vec!["2026-10-20T17:00Z", "2026-10-27T18:00Z", "2026-11-03T18:00Z", "2026-11-10T18:00Z"]
        );
    }

    #[test]
    fn a_new_york_tuesday_game_keeps_its_local_date_and_time_across_both_changes() {
        // America/New_York: -05:00 → -04:00 on 2026-03-08, back on 2026-11-01. 19:00 EST is midnight UTC, the next
        // day: the key is still the Tuesday.
        let s = schedule("19:00", "America/New_York", "2026-02-03", Some("FREQ=WEEKLY;BYDAY=TU"));
        let spring = horizon(&s, ahead(3), utc("2026-03-01T00:00:00Z"));
        assert_eq!(dates(&spring), vec!["2026-03-03", "2026-03-10", "2026-03-17"]);
        assert_eq!(starts(&spring), vec!["2026-03-04T00:00Z", "2026-03-10T23:00Z", "2026-03-17T23:00Z"]);
        let autumn = horizon(&s, ahead(3), utc("2026-10-20T00:00:00Z"));
        assert_eq!(dates(&autumn), vec!["2026-10-20", "2026-10-27", "2026-11-03"]);
        assert_eq!(starts(&autumn), vec!["2026-10-20T23:00Z", "2026-10-27T23:00Z", "2026-11-04T00:00Z"]);
        for o in spring.iter().chain(&autumn) {
            assert_eq!(o.start.with_timezone(&New_York).format("%a %H:%M").to_string(), "Tue 19:00");
        }
    }

    #[test]
    fn sessions_generated_before_a_clock_change_are_still_on_the_rule_after_it() {
        let s = weekly_tuesday_warsaw();
        let before = utc("2026-03-20T12:00:00Z");
        let existing: Vec<_> = horizon(&s, ahead(4), before).into_iter().map(generated).collect();
        // A week later, across the change: one new date, nothing moved.
        let later = plan(&s, ahead(4), &existing, utc("2026-03-27T12:00:00Z"));
        assert_eq!(dates(&later.create), vec!["2026-04-21"]);
        assert_eq!(starts(&later.create), vec!["2026-04-21T17:00Z"]);
        assert!(later.moves.is_empty() && later.cancel.is_empty() && later.kept.is_empty(), "{later:?}");
    }

    #[test]
    fn the_horizon_never_reaches_past_60_days() {
        // Twelve Tuesdays asked for, eight fit in 60 days from 2026-01-01 12:00 (until 2026-03-02 12:00).
        let s = schedule("19:00", "UTC", "2026-01-06", Some("FREQ=WEEKLY;BYDAY=TU"));
        let got = horizon(&s, ahead(12), utc("2026-01-01T12:00:00Z"));
        assert_eq!(got.len(), 8);
        assert_eq!(got.last().unwrap().date, date("2026-02-24"));
        // A monthly game asked four ahead holds two.
        let monthly = schedule("19:00", "UTC", "2026-01-15", Some("FREQ=MONTHLY"));
        assert_eq!(dates(&horizon(&monthly, ahead(4), utc("2026-01-10T00:00:00Z"))), vec!["2026-01-15", "2026-02-15"]);
        // Exactly 60 days ahead is inside; a second more is not.
        let one_shot = schedule("19:00", "UTC", "2026-03-02", None);
        assert_eq!(horizon(&one_shot, ahead(4), utc("2026-01-01T19:00:00Z")).len(), 1);
        assert!(horizon(&one_shot, ahead(4), utc("2026-01-01T18:59:59Z")).is_empty());
    }

    #[test]
    fn an_occurrence_less_than_15_minutes_away_is_skipped() {
        let s = schedule("19:00", "UTC", "2026-01-06", Some("FREQ=WEEKLY;BYDAY=TU"));
        let at_the_limit = horizon(&s, ahead(1), utc("2026-01-13T18:45:00Z"));
        assert_eq!(dates(&at_the_limit), vec!["2026-01-13"]);
        let too_late = horizon(&s, ahead(1), utc("2026-01-13T18:45:01Z"));
        assert_eq!(dates(&too_late), vec!["2026-01-20"]);
    }

    #[test]
    fn nothing_is_generated_or_planned_when_generation_is_off() {
        let s = weekly_tuesday_warsaw();
        let now = utc("2026-03-20T12:00:00Z");
        let off = GenerationSettings { enabled: false, ..ahead(4) };
        assert!(horizon(&s, off, now).is_empty());
        // Not even the sessions a changed rule would move.
        let stale = generated(Occurrence {
            date: date("2026-03-25"),
            start: utc("2026-03-25T18:00:00Z"),
            duration_minutes: 180,
        });
        assert_eq!(plan(&s, off, &[stale], now), Plan::default());
    }

    #[test]
    fn only_an_active_series_with_players_and_generation_on_generates() {
        assert!(generates(ahead(4), LifecycleStatus::Active, 1));
        assert!(!generates(ahead(4), LifecycleStatus::Active, 0));
        assert!(!generates(ahead(4), LifecycleStatus::Published, 3));
        assert!(!generates(GenerationSettings::for_existing_series(), LifecycleStatus::Active, 3));
    }

    #[test]
    fn the_plan_fills_the_horizon_once_and_then_has_nothing_to_do() {
        let s = weekly_tuesday_warsaw();
        let now = utc("2026-03-20T12:00:00Z");
        let first = plan(&s, ahead(4), &[], now);
        assert_eq!(first.create, horizon(&s, ahead(4), now));
        let after = apply(&[], &first);
        let again = plan(&s, ahead(4), &after, now);
        assert!(again.is_settled() && again.kept.is_empty(), "{again:?}");
        // Fewer ahead later: the sessions beyond stay, they are still on the rule.
        assert_eq!(plan(&s, ahead(2), &after, now), Plan::default());
    }

    #[test]
    fn a_session_made_by_hand_or_cancelled_on_the_date_stands_for_the_occurrence() {
        let s = weekly_tuesday_warsaw();
        let now = utc("2026-03-20T12:00:00Z");
        let wanted = horizon(&s, ahead(4), now);
        // The GM made the second Tuesday's session by hand, at 15:00, and cancelled the generated third one.
        let by_hand = ExistingSession {
            id: SessionId::new(),
            date: wanted[1].date,
            start: utc("2026-03-31T13:00:00Z"),
            duration_minutes: 60,
            status: SessionStatus::Scheduled,
            generated: false,
            has_confirmation: false,
        };
        let cancelled = ExistingSession { status: SessionStatus::Cancelled, ..generated(wanted[2]) };
        let got = plan(&s, ahead(4), &[by_hand, cancelled], now);
        assert_eq!(got.create, vec![wanted[0], wanted[3]]);
        assert!(got.moves.is_empty() && got.cancel.is_empty() && got.kept.is_empty(), "{got:?}");
    }

    #[test]
    fn sessions_started_finished_made_by_hand_or_about_to_start_are_never_touched() {
        let now = utc("2026-03-24T17:55:00Z");
        let old = weekly_tuesday_warsaw();
        let off = |status, start: &str, generated_: bool| ExistingSession {
            status,
            generated: generated_,
            ..generated(Occurrence {
                date: occurrence_date(&old, utc(start)),
                start: utc(start),
                duration_minutes: 180,
            })
        };
        let existing = [
            off(SessionStatus::InProgress, "2026-03-24T16:00:00Z", true),
            off(SessionStatus::Completed, "2026-03-17T18:00:00Z", true),
            // Ten minutes away: too late to move or cancel.
            off(SessionStatus::Scheduled, "2026-03-24T18:05:00Z", true),
            off(SessionStatus::Scheduled, "2026-03-26T17:00:00Z", false),
        ];
        let thursdays = schedule("19:00", "Europe/Warsaw", "2026-03-05", Some("FREQ=WEEKLY;BYDAY=TH"));
        let got = plan(&thursdays, ahead(2), &existing, now);
        assert!(got.moves.is_empty() && got.cancel.is_empty() && got.kept.is_empty(), "{got:?}");
        // The hand-made Thursday session holds the 26th.
        assert_eq!(dates(&got.create), vec!["2026-04-02"]);
    }

    #[test]
    fn a_new_time_moves_unconfirmed_sessions_in_place_and_keeps_confirmed_ones() {
        let now = utc("2026-03-20T12:00:00Z");
        let mut existing: Vec<_> =
            horizon(&weekly_tuesday_warsaw(), ahead(4), now).into_iter().map(generated).collect();
        existing[1].has_confirmation = true;
        existing[3].status = SessionStatus::Planning;
        let earlier = schedule("18:00", "Europe/Warsaw", "2026-03-03", Some("FREQ=WEEKLY;BYDAY=TU"));
        let got = plan(&earlier, ahead(4), &existing, now);
        assert_eq!(got.moves.iter().map(|m| m.session).collect::<Vec<_>>(), vec![existing[0].id, existing[2].id]);
        assert_eq!(
            got.moves.iter().map(|m| (m.to.date, m.to.start)).collect::<Vec<_>>(),
            vec![(existing[0].date, utc("2026-03-24T17:00:00Z")), (existing[2].date, utc("2026-04-07T16:00:00Z"))]
        );
        assert_eq!(
            got.kept,
            vec![
                Kept { session: existing[1].id, reason: KeptReason::Confirmed },
                Kept { session: existing[3].id, reason: KeptReason::InGmHands(SessionStatus::Planning) },
            ]
        );
        assert!(got.create.is_empty() && got.cancel.is_empty(), "the kept ones still hold their dates");
        let again = plan(&earlier, ahead(4), &apply(&existing, &got), now);
        assert!(again.is_settled(), "{again:?}");
        assert_eq!(again.kept, got.kept, "the GM is told the same until they act");
    }

    #[test]
    fn a_new_weekday_moves_each_unconfirmed_session_to_the_nearest_new_date() {
        let now = utc("2026-03-20T12:00:00Z");
        let mut existing: Vec<_> =
            horizon(&weekly_tuesday_warsaw(), ahead(4), now).into_iter().map(generated).collect();
        existing[0].has_confirmation = true;
        let wednesdays = schedule("19:00", "Europe/Warsaw", "2026-03-04", Some("FREQ=WEEKLY;BYDAY=WE"));
        let got = plan(&wednesdays, ahead(4), &existing, now);
        // Each Tuesday a day later, not the Wednesday before it; the confirmed first Tuesday stays, and its
        // week's Wednesday is generated beside it.
        let moved: Vec<_> = got.moves.iter().map(|m| (m.session, m.to.date.to_string())).collect();
        assert_eq!(
            moved,
            vec![
                (existing[1].id, "2026-04-01".to_owned()),
                (existing[2].id, "2026-04-08".to_owned()),
                (existing[3].id, "2026-04-15".to_owned()),
            ]
        );
        assert_eq!(got.kept, vec![Kept { session: existing[0].id, reason: KeptReason::Confirmed }]);
        assert_eq!(dates(&got.create), vec!["2026-03-25"]);
        assert!(got.cancel.is_empty());
        assert!(plan(&wednesdays, ahead(4), &apply(&existing, &got), now).is_settled());
    }

    #[test]
    fn dates_the_new_rule_drops_are_cancelled_and_new_dates_generated() {
        let now = utc("2026-03-20T12:00:00Z");
        let existing: Vec<_> = horizon(&weekly_tuesday_warsaw(), ahead(4), now).into_iter().map(generated).collect();
        // Every other Tuesday from the 24th: the 31st and the 14th are dropped, and no new date is less than a week
        // from either.
        let fortnightly = schedule("19:00", "Europe/Warsaw", "2026-03-24", Some("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"));
        let got = plan(&fortnightly, ahead(4), &existing, now);
        assert_eq!(got.cancel, vec![existing[1].id, existing[3].id]);
        assert_eq!(dates(&got.create), vec!["2026-04-21", "2026-05-05"]);
        assert!(got.moves.is_empty() && got.kept.is_empty(), "{got:?}");
        let after = apply(&existing, &got);
        assert!(plan(&fortnightly, ahead(4), &after, now).is_settled());
        // The rule changed back: the cancelled Tuesdays are not generated again.
        let back = plan(&weekly_tuesday_warsaw(), ahead(6), &after, now);
        assert!(back.create.iter().all(|o| o.date != existing[1].date && o.date != existing[3].date), "{back:?}");
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;
        use crate::accounts::TimeZone as ZoneName;
        use crate::series::strategies::choice;
        use crate::series::{FirstDate, RecurrenceRule, SessionDuration, StartTime};

        fn any_schedule() -> impl Strategy<Value = Schedule> {
            let zones = vec!["Europe/Warsaw", "America/New_York", "Australia/Lord_Howe", "UTC"];
            (0u32..24, 0u32..4, proptest::sample::select(zones), 0u64..60, proptest::option::of(choice())).prop_map(
                |(hour, quarter, zone, offset, choice)| {
                    Schedule::new(
                        StartTime::from_hm(hour, quarter * 15).unwrap(),
                        SessionDuration::default(),
                        ZoneName::parse(zone).unwrap(),
                        FirstDate::new(date("2026-01-01") + chrono::Days::new(offset)).unwrap(),
                        choice.map(|c| RecurrenceRule::from_choice(c).unwrap()),
                    )
                },
            )
        }

        fn any_session() -> impl Strategy<Value = (i64, usize, bool, bool)> {
            // Minutes from now (a little in the past to past the horizon), status, generated, confirmed.
            (-600i64..90 * 24 * 60, 0..SessionStatus::ALL.len(), any::<bool>(), any::<bool>())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(300))]

            #[test]
            fn a_plan_applied_leaves_nothing_to_do_and_touches_only_generated_waiting_sessions(
                s in any_schedule(),
                old in any_schedule(),
                n in 1i64..=12,
                now_offset in 0i64..120 * 24 * 60,
                extra in proptest::collection::vec(any_session(), 0..8),
            ) {
                let now = utc("2026-01-01T00:00:00Z") + Duration::minutes(now_offset);
                let settings = ahead(n);
                // What an older rule generated, and sessions of every kind beside it.
                let earlier = horizon(&old, settings, now - Duration::days(3));
                let mut existing: Vec<_> = earlier.into_iter().map(generated).collect();
                for (minutes, status, generated_, confirmed) in extra {
                    let start = now + Duration::minutes(minutes);
                    let date = occurrence_date(&s, start);
                    // The unique key: one generated session per date.
                    let free = !existing.iter().any(|e| e.generated && e.date == date);
                    existing.push(ExistingSession {
                        id: SessionId::new(),
                        date,
                        start,
                        duration_minutes: 60,
                        status: SessionStatus::ALL[status],
                        generated: generated_ && free,
                        has_confirmation: confirmed,
                    });
                }
                let got = plan(&s, settings, &existing, now);
                let claimed: BTreeSet<_> = existing.iter().map(|e| e.date).collect();
                for o in &got.create {
                    prop_assert!(!claimed.contains(&o.date), "created on a held date");
                    prop_assert!(o.start >= now + Duration::minutes(15) && o.start <= now + Duration::days(60));
                }
                let touched = got.moves.iter().map(|m| m.session).chain(got.cancel.iter().copied());
                for id in touched {
                    let e = existing.iter().find(|e| e.id == id).unwrap();
                    prop_assert!(e.generated && e.status == SessionStatus::Scheduled && !e.has_confirmation, "{e:?}");
                }
                let moved_to = got.moves.iter().map(|m| m.to.date);
                let mut targets: Vec<_> = moved_to.chain(got.create.iter().map(|o| o.date)).collect();
                let before = targets.len();
                targets.sort();
                targets.dedup();
                prop_assert_eq!(targets.len(), before, "two sessions for one date");
                let again = plan(&s, settings, &apply(&existing, &got), now);
                prop_assert!(again.is_settled(), "{:?}", again);
            }
        }
    }
}
