//! Sessions: one game of a series, run by its GM with the players who got a seat. Two state machines (the session's
//! and each participant's), the automatic moves between waiting for players, waiting for payment and ready to
//! start, what each side may do now, the schedule rules and the payment rules, as pure functions. The server loads
//! a session, asks these what a move does, and writes the result in one transaction; `docs/decisions.md`
//! ("Sessions (issue 15)") holds the tables the tests check pair by pair.

use std::fmt;

use chrono::{DateTime, Duration, Utc};

use crate::error::{DomainError, ErrorCode, ErrorType, FieldError, FieldErrors};
use crate::wire::wire_enum;

pub use crate::applications::parse_message;

/// The shortest and the longest session, in minutes (spec §5, §9).
pub const DURATION_MIN: i64 = 1;
pub const DURATION_MAX: i64 = 1440;
/// A new session, and a schedule change, must start at least this many minutes ahead (spec §5, §9).
pub const LEAD_MINUTES: i64 = 15;
/// A session still not in progress this long after its scheduled start is cancelled by the platform.
pub const ABANDON_AFTER_MINUTES: i64 = 60;

/// The session's state machine: where the GM's `move_` takes a session that is `from`, or why not. Pure; the
/// preparation's time rule is [`check_preparation_open`].
///
/// | from \ move         | start_planning | fix_schedule | start_preparation   | start       | complete  | stop_early    | cancel    |
/// |---------------------|----------------|--------------|---------------------|-------------|-----------|---------------|-----------|
/// | planning            | ✗              | scheduled    | ✗                   | ✗           | ✗         | ✗             | cancelled |
/// | scheduled           | planning       | ✗            | waiting_for_players | ✗           | ✗         | ✗             | cancelled |
/// | waiting_for_players | planning       | ✗            | ✗                   | ✗           | ✗         | ✗             | cancelled |
/// | waiting_for_payment | planning       | ✗            | ✗                   | ✗           | ✗         | ✗             | cancelled |
/// | ready_to_start      | planning       | ✗            | ✗                   | in_progress | ✗         | ✗             | cancelled |
/// | in_progress         | ✗              | ✗            | ✗                   | ✗           | completed | stopped_early | ✗         |
/// | completed, stopped_early, cancelled | ✗ | ✗        | ✗                   | ✗           | ✗         | ✗             | ✗         |
pub fn next(from: SessionStatus, move_: SessionMove) -> Result<SessionStatus, Refusal> {
    use SessionMove as M;
    use SessionStatus as S;
    let to = match (from, move_) {
        (S::Scheduled | S::WaitingForPlayers | S::WaitingForPayment | S::ReadyToStart, M::StartPlanning) => S::Planning,
        (S::Planning, M::FixSchedule) => S::Scheduled,
        (S::Scheduled, M::StartPreparation) => S::WaitingForPlayers,
        (S::ReadyToStart, M::Start) => S::InProgress,
        (S::InProgress, M::Complete) => S::Completed,
        (S::InProgress, M::StopEarly) => S::StoppedEarly,
        (from, M::Cancel) if from.is_before_start() => S::Cancelled,
        _ => return Err(Refusal::Session { from, by: move_ }),
    };
    Ok(to)
}

/// When preparation may start: `lead_minutes` before the scheduled start.
pub fn preparation_opens_at(scheduled_start: DateTime<Utc>, lead_minutes: i64) -> DateTime<Utc> {
    scheduled_start - Duration::minutes(lead_minutes.max(0))
}

/// The time rule of starting preparation: not before start − lead.
pub fn check_preparation_open(
    scheduled_start: DateTime<Utc>,
    lead_minutes: i64,
    now: DateTime<Utc>,
) -> Result<(), Refusal> {
    let opens_at = preparation_opens_at(scheduled_start, lead_minutes);
    if now < opens_at { Err(Refusal::PreparationNotOpen { opens_at }) } else { Ok(()) }
}

/// The participant's state machine: where `move_` takes a participant who is `from`, or why not. Pure; whether
/// the session's status lets the player make their own moves is [`participant_move_open`].
///
/// | from \ move        | confirm   | reject   | ready | leave      | remove        | withdraw  | reinvite | attend        | miss    | finish             | drop      |
/// |--------------------|-----------|----------|-------|------------|---------------|-----------|----------|---------------|---------|--------------------|-----------|
/// | invited            | confirmed | rejected | ✗     | ✗          | removed_by_gm | cancelled | ✗        | ✗             | no_show | ✗                  | cancelled |
/// | confirmed          | ✗         | ✗        | ready | cancelled  | removed_by_gm | cancelled | invited  | ✗             | no_show | ✗                  | cancelled |
/// | ready              | ✗         | ✗        | ✗     | cancelled  | removed_by_gm | cancelled | invited  | participating | no_show | ✗                  | cancelled |
/// | participating      | ✗         | ✗        | ✗     | left_early | ✗             | ✗         | ✗        | ✗             | ✗       | participated_fully | ✗         |
/// | every final status | ✗         | ✗        | ✗     | ✗          | ✗             | ✗         | ✗        | ✗             | ✗       | ✗                  | ✗         |
pub fn participant_next(
    session: SessionStatus,
    from: ParticipantStatus,
    move_: ParticipantMove,
) -> Result<ParticipantStatus, Refusal> {
    use ParticipantMove as M;
    use ParticipantStatus as P;
    let to = match (from, move_) {
        (P::Invited, M::Confirm) => P::Confirmed,
        (P::Invited, M::Reject) => P::Rejected,
        (P::Confirmed, M::Ready) => P::Ready,
        (P::Confirmed | P::Ready, M::Leave) => P::Cancelled,
        (P::Participating, M::Leave) => P::LeftEarly,
        (P::Invited | P::Confirmed | P::Ready, M::Remove) => P::RemovedByGm,
        (P::Invited | P::Confirmed | P::Ready, M::Withdraw | M::Drop) => P::Cancelled,
        (P::Confirmed | P::Ready, M::Reinvite) => P::Invited,
        (P::Ready, M::Attend) => P::Participating,
        (P::Invited | P::Confirmed | P::Ready, M::Miss) => P::NoShow,
        (P::Participating, M::Finish) => P::ParticipatedFully,
        _ => return Err(Refusal::Participation { session, from, by: move_ }),
    };
    Ok(to)
}

/// Whether the session's status lets the player (or the GM, for remove) make `move_` at all: confirm, reject and
/// ready once the date is fixed and before the start; leave before the start or while it runs; remove before the
/// start. The moves the session's own moves make are always open (their callers decide when).
pub fn participant_move_open(session: SessionStatus, move_: ParticipantMove) -> bool {
    use ParticipantMove as M;
    use SessionStatus as S;
    match move_ {
        M::Confirm | M::Reject | M::Ready => {
            matches!(session, S::Scheduled | S::WaitingForPlayers | S::WaitingForPayment | S::ReadyToStart)
        }
        M::Leave => session.is_before_start() || session == S::InProgress,
        M::Remove | M::Withdraw => session.is_before_start(),
        M::Reinvite | M::Attend | M::Miss | M::Finish | M::Drop => true,
    }
}

/// A participant's move inside a session: the status machine and the session's phase together.
pub fn participant_move(
    session: SessionStatus,
    from: ParticipantStatus,
    move_: ParticipantMove,
) -> Result<ParticipantStatus, Refusal> {
    if !participant_move_open(session, move_) {
        return Err(Refusal::Participation { session, from, by: move_ });
    }
    participant_next(session, from, move_)
}

/// How the seats change when a participant goes from `from` to `to`: +1 when they take one, −1 when they free one.
pub fn seat_change(from: ParticipantStatus, to: ParticipantStatus) -> i32 {
    i32::from(to.holds_seat()) - i32::from(from.holds_seat())
}

/// The seat rule: a seat may be taken while fewer than `max` are confirmed (no maximum: always).
pub fn has_free_seat(confirmed: u32, max: Option<u32>) -> bool {
    max.is_none_or(|max| confirmed < max)
}

/// What the automatic moves look at: the series' minimum players (at least 1), whether it is paid, and the counts
/// of ready participants and of those ready and paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readiness {
    pub min_players: u32,
    pub paid: bool,
    pub ready: u32,
    pub ready_and_paid: u32,
}

/// The next automatic move of a preparing session, if any; the server applies it (and asks again) in the
/// transaction that changed the counts. Only preparing sessions move:
/// - `waiting_for_players` → `ready_to_start` (free) or `waiting_for_payment` (paid) once ready ≥ minimum;
/// - `waiting_for_payment` → `ready_to_start` once ready-and-paid ≥ minimum, back to `waiting_for_players` when
///   ready < minimum;
/// - `ready_to_start` → `waiting_for_players` when ready < minimum, → `waiting_for_payment` when paid and
///   ready-and-paid < minimum.
pub fn automatic(status: SessionStatus, readiness: Readiness) -> Option<SessionStatus> {
    use SessionStatus as S;
    let min = readiness.min_players.max(1);
    let enough_ready = readiness.ready >= min;
    let enough_paid = !readiness.paid || readiness.ready_and_paid >= min;
    let to = match status {
        S::WaitingForPlayers if enough_ready => {
            if readiness.paid {
                S::WaitingForPayment
            } else {
                S::ReadyToStart
            }
        }
        S::WaitingForPayment if !enough_ready => S::WaitingForPlayers,
        S::WaitingForPayment if enough_paid => S::ReadyToStart,
        S::ReadyToStart if !enough_ready => S::WaitingForPlayers,
        S::ReadyToStart if !enough_paid => S::WaitingForPayment,
        _ => return None,
    };
    Some(to)
}

/// The status a preparing session settles in after every automatic move (at most two steps).
pub fn settle(status: SessionStatus, readiness: Readiness) -> Vec<SessionStatus> {
    let mut steps = Vec::new();
    let mut current = status;
    while let Some(to) = automatic(current, readiness) {
        steps.push(to);
        current = to;
        if steps.len() > 3 {
            break;
        }
    }
    steps
}

/// The order of the schedule change's state checks: a finished session first, then one outside planning.
pub fn check_schedule_update(status: SessionStatus) -> Result<(), Refusal> {
    if matches!(status, SessionStatus::Completed | SessionStatus::StoppedEarly | SessionStatus::Cancelled) {
        return Err(Refusal::ScheduleFinal);
    }
    if status != SessionStatus::Planning {
        return Err(Refusal::ScheduleNotInPlanning);
    }
    Ok(())
}

/// Delete: only in planning, and only with no payment rows.
pub fn check_delete(status: SessionStatus, has_payments: bool) -> Result<(), Refusal> {
    if status != SessionStatus::Planning {
        return Err(Refusal::DeleteNotInPlanning { from: status });
    }
    if has_payments {
        return Err(Refusal::HasPayments);
    }
    Ok(())
}

mod actions;
mod payment;
mod refusal;
mod schedule;
mod states;

pub use actions::*;
pub use payment::*;
pub use refusal::*;
pub use schedule::*;
pub use states::*;

#[cfg(test)]
mod tests;
