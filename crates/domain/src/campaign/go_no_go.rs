//! Go or no-go before the day: a series' lead before each session's start at which the platform decides whether
//! the table has enough players, instead of cancelling it an hour after it should have started. A day before that
//! deadline the GM, and the players who have not answered, are reminded while the table is short, so the GM can
//! lower the minimum or cancel early and the undecided can say yes.
//!
//! A GM may fix a session as little as 15 minutes ahead, so the deadline binds only sessions whose date was fixed
//! (by the GM or by generation) before it; one fixed later is exempt. Seats held are the confirmed and ready
//! players, whether or not they have paid: payment comes after preparation starts and has its own rules.
//!
//! Pure: the server schedules a job at [`reminder_at`] and at [`deadline`], loads the session and its participants
//! in the transaction that acts, and asks [`remind`] or [`decide`] with the transaction's clock. Both answer
//! `NotYet` when asked early (a job run before its time, or a session whose start moved later), so the job can
//! wait for the new time.

use chrono::{DateTime, Duration, Utc};

use super::settings::GoNoGoLead;
use crate::ids::AccountId;
use crate::sessions::{ParticipantStatus, SessionStatus};

/// The reminder comes a day before the deadline: long enough for an undecided player to see it and answer.
pub const REMINDER_BEFORE_DEADLINE_HOURS: i64 = 24;

/// When the platform decides: the start minus the series' lead.
pub fn deadline(start: DateTime<Utc>, lead: GoNoGoLead) -> DateTime<Utc> {
    start - lead.duration()
}

/// When the GM and the undecided players are reminded, if the table is short: a day before the deadline.
pub fn reminder_at(start: DateTime<Utc>, lead: GoNoGoLead) -> DateTime<Utc> {
    deadline(start, lead) - Duration::hours(REMINDER_BEFORE_DEADLINE_HOURS)
}

/// Whether the deadline binds a session whose date was fixed at `date_fixed_at`: only if that was before the
/// deadline. A session fixed at or after its deadline was planned knowing who comes; cancelling it at once would
/// forbid the short notice the spec allows.
pub fn is_subject(start: DateTime<Utc>, date_fixed_at: DateTime<Utc>, lead: GoNoGoLead) -> bool {
    date_fixed_at < deadline(start, lead)
}

/// Only a session with a fixed date that has not started is decided: one in planning has no date to go ahead on
/// (fixing it again sets a new `date_fixed_at`), and started, finished or cancelled ones are past deciding.
fn waits_for_its_date(status: SessionStatus) -> bool {
    status.is_before_start() && status != SessionStatus::Planning
}

/// One player of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Participant {
    pub account: AccountId,
    pub status: ParticipantStatus,
}

/// The players holding a seat: confirmed or ready.
pub fn seats_held(participants: &[Participant]) -> u32 {
    let held = participants.iter().filter(|p| p.status.holds_seat()).count();
    u32::try_from(held).unwrap_or(u32::MAX)
}

/// What the decision looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GoNoGoSession {
    pub status: SessionStatus,
    pub start: DateTime<Utc>,
    /// When its date was last fixed: by the GM's `fix_schedule`, or by generation (creating or moving it).
    pub date_fixed_at: DateTime<Utc>,
    /// The series' minimum players at the time of asking (the GM may have lowered it); at least 1 counts.
    pub min_players: u32,
}

/// Why the deadline does not bind a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exemption {
    /// Its date was fixed at or after the deadline.
    FixedLate,
    /// It has no fixed date waiting: in planning, started, finished or cancelled.
    NotWaiting(SessionStatus),
}

/// Why the platform cancels a session at its deadline: fewer players hold a seat than the series needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BelowMinimum {
    pub seats_held: u32,
    pub min_players: u32,
}

impl BelowMinimum {
    /// The reason's stable code, which the notices carry with the two counts for the web app and mail to translate.
    pub const CODE: &'static str = "below_minimum_players";

    /// The English reason the notice and the mail give.
    pub fn message(&self) -> String {
        let (held, min) = (self.seats_held, self.min_players);
        let confirmed = if held == 1 { "player had confirmed" } else { "players had confirmed" };
        format!("Cancelled before the day: {held} {confirmed}, and the series needs at least {min}")
    }
}

/// The go/no-go's answer for one session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Asked before the deadline: ask again then.
    NotYet {
        deadline: DateTime<Utc>,
    },
    Exempt(Exemption),
    Go,
    /// Cancel it (everyone told, payments refunded by the existing path) for this reason.
    Cancel(BelowMinimum),
}

/// The decision at the deadline: a session bound by it goes ahead when the players holding a seat reach the
/// series' minimum, and is cancelled otherwise. Asked at `now` in the transaction that cancels, so a confirmation
/// written before it counts and one after it finds the session cancelled.
pub fn decide(session: &GoNoGoSession, participants: &[Participant], lead: GoNoGoLead, now: DateTime<Utc>) -> Decision {
    if !waits_for_its_date(session.status) {
        return Decision::Exempt(Exemption::NotWaiting(session.status));
    }
    if !is_subject(session.start, session.date_fixed_at, lead) {
        return Decision::Exempt(Exemption::FixedLate);
    }
    let deadline = deadline(session.start, lead);
    if now < deadline {
        return Decision::NotYet { deadline };
    }
    let below = BelowMinimum { seats_held: seats_held(participants), min_players: session.min_players.max(1) };
    if below.seats_held < below.min_players { Decision::Cancel(below) } else { Decision::Go }
}

/// Who is reminded, and of what. The GM is always reminded; `players` are the invited players who have not
/// answered (a player who said yes needs no nudge, one who said no asked not to be bothered).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reminder {
    pub players: Vec<AccountId>,
    pub seats_held: u32,
    pub min_players: u32,
    pub deadline: DateTime<Utc>,
}

/// The reminder's answer for one session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReminderDecision {
    /// Asked before the reminder time: ask again then.
    NotYet {
        at: DateTime<Utc>,
    },
    /// Nobody to remind: the table has enough players, the deadline does not bind it, its date was fixed after the
    /// reminder time (the invitation itself is a day old at most), or the deadline has passed.
    NotNeeded,
    Send(Reminder),
}

/// The reminder a day before the deadline, sent only while the session is below its minimum.
pub fn remind(
    session: &GoNoGoSession,
    participants: &[Participant],
    lead: GoNoGoLead,
    now: DateTime<Utc>,
) -> ReminderDecision {
    let at = reminder_at(session.start, lead);
    if !waits_for_its_date(session.status) || session.date_fixed_at >= at {
        return ReminderDecision::NotNeeded;
    }
    if now < at {
        return ReminderDecision::NotYet { at };
    }
    let deadline = deadline(session.start, lead);
    let (held, min) = (seats_held(participants), session.min_players.max(1));
    if now >= deadline || held >= min {
        return ReminderDecision::NotNeeded;
    }
    let players = participants.iter().filter(|p| p.status == ParticipantStatus::Invited).map(|p| p.account).collect();
    ReminderDecision::Send(Reminder { players, seats_held: held, min_players: min, deadline })
}

#[cfg(test)]
mod tests {
    use super::*;

    use ParticipantStatus as P;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn hours(n: i64) -> GoNoGoLead {
        GoNoGoLead::parse(Some(n)).unwrap()
    }

    /// A Saturday 18:00 UTC game with a minimum of 3, fixed a week ahead.
    fn saturday() -> GoNoGoSession {
        GoNoGoSession {
            status: SessionStatus::Scheduled,
            start: utc("2026-05-16T18:00:00Z"),
            date_fixed_at: utc("2026-05-09T10:00:00Z"),
            min_players: 3,
        }
    }

    fn table(statuses: &[ParticipantStatus]) -> Vec<Participant> {
        statuses.iter().map(|&status| Participant { account: AccountId::new(), status }).collect()
    }

    #[test]
    fn the_deadline_is_the_lead_before_the_start_and_the_reminder_a_day_before_that() {
        let start = saturday().start;
        assert_eq!(deadline(start, GoNoGoLead::default()), utc("2026-05-15T18:00:00Z"));
        assert_eq!(reminder_at(start, GoNoGoLead::default()), utc("2026-05-14T18:00:00Z"));
        assert_eq!(deadline(start, hours(1)), utc("2026-05-16T17:00:00Z"));
        assert_eq!(reminder_at(start, hours(168)), utc("2026-05-08T18:00:00Z"));
    }

    #[test]
    fn a_session_fixed_after_its_deadline_is_exempt() {
        let lead = GoNoGoLead::default();
        let late = GoNoGoSession { date_fixed_at: utc("2026-05-15T18:00:00Z"), ..saturday() };
        assert!(!is_subject(late.start, late.date_fixed_at, lead), "fixed at the deadline itself");
        let short = table(&[P::Confirmed]);
        assert_eq!(decide(&late, &short, lead, late.start), Decision::Exempt(Exemption::FixedLate));
        let just_in_time = GoNoGoSession { date_fixed_at: utc("2026-05-15T17:59:00Z"), ..saturday() };
        assert!(is_subject(just_in_time.start, just_in_time.date_fixed_at, lead));
        assert!(matches!(decide(&just_in_time, &short, lead, utc("2026-05-15T18:00:00Z")), Decision::Cancel(_)));
    }

    #[test]
    fn below_the_minimum_at_the_deadline_it_is_cancelled_with_the_reason() {
        let at = utc("2026-05-15T18:00:00Z");
        // Two hold a seat (one confirmed, one ready); the invited and the one who said no do not count.
        let players = table(&[P::Confirmed, P::Ready, P::Invited, P::Rejected, P::Cancelled]);
        let decision = decide(&saturday(), &players, GoNoGoLead::default(), at);
        let reason = BelowMinimum { seats_held: 2, min_players: 3 };
        assert_eq!(decision, Decision::Cancel(reason));
        assert_eq!(
            reason.message(),
            "Cancelled before the day: 2 players had confirmed, and the series needs at least 3"
        );
        assert_eq!(
            BelowMinimum { seats_held: 1, min_players: 2 }.message(),
            "Cancelled before the day: 1 player had confirmed, and the series needs at least 2"
        );
        // Nobody at all, a minimum of 0 read as 1.
        let empty = GoNoGoSession { min_players: 0, ..saturday() };
        assert_eq!(
            decide(&empty, &[], GoNoGoLead::default(), at),
            Decision::Cancel(BelowMinimum { seats_held: 0, min_players: 1 })
        );
    }

    #[test]
    fn at_the_minimum_it_goes_ahead() {
        let at = utc("2026-05-15T18:00:00Z");
        let players = table(&[P::Confirmed, P::Ready, P::Ready, P::Invited]);
        assert_eq!(decide(&saturday(), &players, GoNoGoLead::default(), at), Decision::Go);
        // In preparation too, and after the GM lowered the minimum to what holds.
        let preparing = GoNoGoSession { status: SessionStatus::WaitingForPlayers, min_players: 1, ..saturday() };
        assert_eq!(decide(&preparing, &table(&[P::Ready]), GoNoGoLead::default(), at), Decision::Go);
    }

    #[test]
    fn asked_early_it_waits_and_sessions_without_a_waiting_date_are_not_decided() {
        let lead = GoNoGoLead::default();
        let early = utc("2026-05-15T17:59:59Z");
        assert_eq!(decide(&saturday(), &[], lead, early), Decision::NotYet { deadline: utc("2026-05-15T18:00:00Z") });
        for status in
            [SessionStatus::Planning, SessionStatus::InProgress, SessionStatus::Completed, SessionStatus::Cancelled]
        {
            let session = GoNoGoSession { status, ..saturday() };
            assert_eq!(
                decide(&session, &[], lead, session.start),
                Decision::Exempt(Exemption::NotWaiting(status)),
                "{status}"
            );
        }
    }

    #[test]
    fn the_reminder_comes_a_day_before_the_deadline_to_the_gm_and_the_undecided() {
        let lead = GoNoGoLead::default();
        let players = table(&[P::Confirmed, P::Invited, P::Rejected, P::Invited]);
        let at = utc("2026-05-14T18:00:00Z");
        assert_eq!(remind(&saturday(), &players, lead, at - Duration::seconds(1)), ReminderDecision::NotYet { at });
        let ReminderDecision::Send(reminder) = remind(&saturday(), &players, lead, at) else { panic!("no reminder") };
        assert_eq!(reminder.players, vec![players[1].account, players[3].account]);
        assert_eq!((reminder.seats_held, reminder.min_players), (1, 3));
        assert_eq!(reminder.deadline, utc("2026-05-15T18:00:00Z"));
        // A job that ran late still reminds until the deadline, not after.
        assert!(matches!(remind(&saturday(), &players, lead, utc("2026-05-15T17:00:00Z")), ReminderDecision::Send(_)));
        assert_eq!(remind(&saturday(), &players, lead, utc("2026-05-15T18:00:00Z")), ReminderDecision::NotNeeded);
    }

    #[test]
    fn no_reminder_when_the_table_is_full_enough_or_the_date_was_fixed_late() {
        let lead = GoNoGoLead::default();
        let at = utc("2026-05-14T18:00:00Z");
        let enough = table(&[P::Confirmed, P::Confirmed, P::Ready, P::Invited]);
        assert_eq!(remind(&saturday(), &enough, lead, at), ReminderDecision::NotNeeded);
        let short = table(&[P::Invited]);
        // Fixed after the reminder time but before the deadline: decided, not reminded.
        let fixed_late = GoNoGoSession { date_fixed_at: utc("2026-05-15T08:00:00Z"), ..saturday() };
        assert_eq!(remind(&fixed_late, &short, lead, utc("2026-05-15T09:00:00Z")), ReminderDecision::NotNeeded);
        assert!(matches!(decide(&fixed_late, &short, lead, utc("2026-05-15T18:00:00Z")), Decision::Cancel(_)));
        let planning = GoNoGoSession { status: SessionStatus::Planning, ..saturday() };
        assert_eq!(remind(&planning, &short, lead, at), ReminderDecision::NotNeeded);
    }
}
