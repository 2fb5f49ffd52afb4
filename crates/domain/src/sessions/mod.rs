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

wire_enum! {
    /// Where a session is (spec §4).
    SessionStatus {
        /// The GM is choosing the date and the players. Every session starts here.
        Planning => "planning",
        /// The date is fixed; the invited players confirm or reject it.
        Scheduled => "scheduled",
        /// Preparation started; fewer than the series' minimum players are ready.
        WaitingForPlayers => "waiting_for_players",
        /// Enough players are ready, but fewer than the minimum are ready and paid (paid series only).
        WaitingForPayment => "waiting_for_payment",
        ReadyToStart => "ready_to_start",
        InProgress => "in_progress",
        /// Final.
        Completed => "completed",
        /// Final.
        StoppedEarly => "stopped_early",
        /// Final.
        Cancelled => "cancelled",
    }
}

wire_enum! {
    /// Where one player's participation in a session is (spec §4).
    ParticipantStatus {
        /// Chosen by the GM; asked to confirm or reject once the schedule is fixed.
        Invited => "invited",
        /// Holds a seat.
        Confirmed => "confirmed",
        /// Holds a seat and is ready to play.
        Ready => "ready",
        /// Said no to the date. Final.
        Rejected => "rejected",
        /// Playing in the running session (holds a seat).
        Participating => "participating",
        /// Played to the end (the player's screens say "participated"). Final.
        ParticipatedFully => "participated_fully",
        /// Left the running session. Final.
        LeftEarly => "left_early",
        /// Was not ready (or not paid) when the session started. Final.
        NoShow => "no_show",
        /// Left before the start, or the platform withdrew them (series left, account erased). Final.
        Cancelled => "cancelled",
        /// The GM removed them before the start. Final.
        RemovedByGm => "removed_by_gm",
    }
}

wire_enum! {
    /// Where a participant's payment for a session is (spec §3). The commerce issue takes it through checkout.
    PaymentStatus {
        Created => "created",
        Pending => "pending",
        Completed => "completed",
        Refunded => "refunded",
        Failed => "failed",
        /// The GM approved the player's refund request: the money went back, the player keeps the seat as the
        /// GM's guest. Counts as paid (decisions.md, "Commerce (issue 16)" §2).
        Waived => "waived",
    }
}

wire_enum! {
    /// What the GM does to a session: the status moves.
    SessionMove {
        /// "Change schedule": back to planning.
        StartPlanning => "start_planning",
        FixSchedule => "fix_schedule",
        StartPreparation => "start_preparation",
        Start => "start",
        Complete => "complete",
        StopEarly => "stop_early",
        Cancel => "cancel",
    }
}

wire_enum! {
    /// What happens to one participant: the player's own moves, the GM's removal, and what the session's moves and
    /// the platform do to them.
    ParticipantMove {
        Confirm => "confirm",
        Reject => "reject",
        Ready => "ready",
        Leave => "leave",
        /// The GM removes them (before the start).
        Remove => "remove",
        /// The platform withdraws them: they left the series, or their account is erased.
        Withdraw => "withdraw",
        /// The session went back to planning: confirmations reset.
        Reinvite => "reinvite",
        /// The session started: whether they play.
        Attend => "attend",
        Miss => "miss",
        /// The session ended (completed or stopped early).
        Finish => "finish",
        /// The session was cancelled.
        Drop => "drop",
    }
}

wire_enum! {
    /// What the GM may do now (`allowed_actions` of the GM's view).
    SessionAction {
        UpdateSchedule => "update_schedule",
        StartPlanning => "start_planning",
        FixSchedule => "fix_schedule",
        StartPreparation => "start_preparation",
        Start => "start",
        Complete => "complete",
        StopEarly => "stop_early",
        Cancel => "cancel",
        Delete => "delete",
        AddParticipants => "add_participants",
        RemoveParticipant => "remove_participant",
    }
}

wire_enum! {
    /// What the player may do now (`me.allowed_actions` of the player's view).
    ParticipantAction {
        Confirm => "confirm",
        Reject => "reject",
        Ready => "ready",
        Leave => "leave",
    }
}

wire_enum! {
    /// A row of a session's history.
    SessionEventKind {
        Created => "created",
        /// The schedule changed.
        Updated => "updated",
        Invited => "invited",
        Confirmed => "confirmed",
        Ready => "ready",
        Rejected => "rejected",
        /// A participant cancelled (left before the start, or was withdrawn).
        Cancelled => "cancelled",
        /// A participant left the running session.
        Left => "left",
        Removed => "removed",
        /// The session's own status moved (its cancellation included).
        StatusChanged => "status_changed",
        /// A player's seat was paid (commerce recorded the order).
        Paid => "paid",
        /// A player's payment was given back (the provider confirmed the refund).
        Refunded => "refunded",
    }
}

impl SessionStatus {
    /// Completed, stopped early and cancelled sessions never move again.
    pub fn is_final(self) -> bool {
        matches!(self, SessionStatus::Completed | SessionStatus::StoppedEarly | SessionStatus::Cancelled)
    }

    /// Before the start and not cancelled: participants may still come and go.
    pub fn is_before_start(self) -> bool {
        matches!(
            self,
            SessionStatus::Planning
                | SessionStatus::Scheduled
                | SessionStatus::WaitingForPlayers
                | SessionStatus::WaitingForPayment
                | SessionStatus::ReadyToStart
        )
    }

    /// Preparing: the statuses the automatic moves go between.
    pub fn is_preparing(self) -> bool {
        matches!(
            self,
            SessionStatus::WaitingForPlayers | SessionStatus::WaitingForPayment | SessionStatus::ReadyToStart
        )
    }

    /// Waiting for payment or ready to start: a seat's open payment may be paid (`may_pay`). A session that moves
    /// into one of these from any other status tells its payers their payment is due.
    pub fn takes_payment(self) -> bool {
        matches!(self, SessionStatus::WaitingForPayment | SessionStatus::ReadyToStart)
    }

    /// Upcoming in the lists (not completed, stopped early or cancelled).
    pub fn is_upcoming(self) -> bool {
        !self.is_final()
    }
}

impl ParticipantStatus {
    /// Confirmed, ready and participating players hold a seat (`seats.confirmed`).
    pub fn holds_seat(self) -> bool {
        matches!(self, ParticipantStatus::Confirmed | ParticipantStatus::Ready | ParticipantStatus::Participating)
    }

    /// Rejected, participated fully, left early, no-show, cancelled and removed never move again.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            ParticipantStatus::Rejected
                | ParticipantStatus::ParticipatedFully
                | ParticipantStatus::LeftEarly
                | ParticipantStatus::NoShow
                | ParticipantStatus::Cancelled
                | ParticipantStatus::RemovedByGm
        )
    }

    /// Whether the player is (or was, for a finished game) in the session: anyone may owe or have paid only then.
    pub fn is_in_session(self) -> bool {
        matches!(
            self,
            ParticipantStatus::Invited
                | ParticipantStatus::Confirmed
                | ParticipantStatus::Ready
                | ParticipantStatus::Participating
                | ParticipantStatus::ParticipatedFully
                | ParticipantStatus::LeftEarly
        )
    }

    /// The others a player sees in their view: those holding or having held a seat.
    pub fn is_shown_to_players(self) -> bool {
        self.holds_seat() || matches!(self, ParticipantStatus::ParticipatedFully | ParticipantStatus::LeftEarly)
    }
}

impl PaymentStatus {
    /// Created or pending: not yet paid, not yet given up.
    pub fn is_open(self) -> bool {
        matches!(self, PaymentStatus::Created | PaymentStatus::Pending)
    }

    /// Completed, or waived by the GM after an approved refund request: the seat is paid for, so the automatic
    /// moves and the start count the player as paid (a waived guest must not send the session back to waiting
    /// for payment).
    pub fn counts_as_paid(self) -> bool {
        matches!(self, PaymentStatus::Completed | PaymentStatus::Waived)
    }
}

impl SessionMove {
    /// The refusal's words for the move ("cannot be started").
    fn participle(self) -> &'static str {
        match self {
            SessionMove::StartPlanning => "moved back to planning",
            SessionMove::FixSchedule => "scheduled",
            SessionMove::StartPreparation => "prepared",
            SessionMove::Start => "started",
            SessionMove::Complete => "completed",
            SessionMove::StopEarly => "stopped early",
            SessionMove::Cancel => "cancelled",
        }
    }
}

impl ParticipantMove {
    fn participle(self) -> &'static str {
        match self {
            ParticipantMove::Confirm => "confirmed",
            ParticipantMove::Reject => "rejected",
            ParticipantMove::Ready => "marked ready",
            ParticipantMove::Leave => "left",
            ParticipantMove::Remove => "removed",
            ParticipantMove::Withdraw => "withdrawn",
            ParticipantMove::Reinvite => "invited again",
            ParticipantMove::Attend => "started",
            ParticipantMove::Miss => "missed",
            ParticipantMove::Finish => "finished",
            ParticipantMove::Drop => "dropped",
        }
    }

    /// The history row a participant's move leaves (`None` for the moves a session's own move makes).
    pub fn event_kind(self) -> Option<SessionEventKind> {
        match self {
            ParticipantMove::Confirm => Some(SessionEventKind::Confirmed),
            ParticipantMove::Reject => Some(SessionEventKind::Rejected),
            ParticipantMove::Ready => Some(SessionEventKind::Ready),
            ParticipantMove::Leave | ParticipantMove::Withdraw => Some(SessionEventKind::Cancelled),
            ParticipantMove::Remove => Some(SessionEventKind::Removed),
            _ => None,
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `session_transition_not_allowed` (unexpected state).
    Session { from: SessionStatus, by: SessionMove },
    /// `preparation_not_open` (unexpected state): before start − the preparation lead.
    PreparationNotOpen { opens_at: DateTime<Utc> },
    /// `participation_transition_not_allowed` (unexpected state).
    Participation { session: SessionStatus, from: ParticipantStatus, by: ParticipantMove },
    /// `session_full` (not allowed): every seat is confirmed.
    SessionFull,
    /// `session_has_payments` (not allowed): delete with payments.
    HasPayments,
    /// `session_completed_or_cancelled` (unexpected state): a schedule change of a finished session.
    ScheduleFinal,
    /// `session_not_in_planning` (unexpected state): a schedule change outside planning.
    ScheduleNotInPlanning,
    /// `session_transition_not_allowed`: delete outside planning.
    DeleteNotInPlanning { from: SessionStatus },
}

impl Refusal {
    pub fn error_type(self) -> ErrorType {
        match self {
            Refusal::SessionFull | Refusal::HasPayments => ErrorType::NotAllowed,
            _ => ErrorType::UnexpectedState,
        }
    }

    pub fn code(self) -> ErrorCode {
        match self {
            Refusal::Session { .. } | Refusal::DeleteNotInPlanning { .. } => ErrorCode::SessionTransitionNotAllowed,
            Refusal::PreparationNotOpen { .. } => ErrorCode::PreparationNotOpen,
            Refusal::Participation { .. } => ErrorCode::ParticipationTransitionNotAllowed,
            Refusal::SessionFull => ErrorCode::SessionFull,
            Refusal::HasPayments => ErrorCode::SessionHasPayments,
            Refusal::ScheduleFinal => ErrorCode::SessionCompletedOrCancelled,
            Refusal::ScheduleNotInPlanning => ErrorCode::SessionNotInPlanning,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Session { from, by } => {
                write!(
                    f,
                    "This session cannot be {} now that it is {}",
                    by.participle(),
                    from.as_str().replace('_', " ")
                )
            }
            Refusal::PreparationNotOpen { opens_at } => {
                write!(f, "Preparation of this session opens at {}", opens_at.format("%Y-%m-%d %H:%M UTC"))
            }
            Refusal::Participation { session, from, by } => write!(
                f,
                "This participation cannot be {} now that it is {} and the session is {}",
                by.participle(),
                from.as_str().replace('_', " "),
                session.as_str().replace('_', " ")
            ),
            Refusal::SessionFull => f.write_str("Every seat of this session is taken"),
            Refusal::HasPayments => f.write_str("A session with payments cannot be deleted; cancel it instead"),
            Refusal::ScheduleFinal => f.write_str("Cannot update session schedule: session is completed or cancelled"),
            Refusal::ScheduleNotInPlanning => {
                f.write_str("Cannot update session schedule: session must be in planning status")
            }
            Refusal::DeleteNotInPlanning { from } => {
                write!(f, "This session cannot be deleted now that it is {}", from.as_str().replace('_', " "))
            }
        }
    }
}

impl From<Refusal> for DomainError {
    fn from(refusal: Refusal) -> Self {
        DomainError::new(refusal.error_type(), refusal.code(), refusal.to_string())
    }
}

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

/// What decides the GM's actions now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GmContext {
    pub status: SessionStatus,
    pub scheduled_start: DateTime<Utc>,
    pub lead_minutes: i64,
    pub now: DateTime<Utc>,
    pub has_payments: bool,
    /// Some participant can still be removed (invited, confirmed or ready).
    pub has_removable: bool,
}

/// The GM's actions allowed now, in the order of [`SessionAction::ALL`].
pub fn gm_actions(context: GmContext) -> Vec<SessionAction> {
    let status = context.status;
    let can = |move_| next(status, move_).is_ok();
    let mut actions = Vec::new();
    for action in SessionAction::ALL.iter().copied() {
        let allowed = match action {
            SessionAction::UpdateSchedule => check_schedule_update(status).is_ok(),
            SessionAction::StartPlanning => can(SessionMove::StartPlanning),
            SessionAction::FixSchedule => can(SessionMove::FixSchedule),
            SessionAction::StartPreparation => {
                can(SessionMove::StartPreparation)
                    && check_preparation_open(context.scheduled_start, context.lead_minutes, context.now).is_ok()
            }
            SessionAction::Start => can(SessionMove::Start),
            SessionAction::Complete => can(SessionMove::Complete),
            SessionAction::StopEarly => can(SessionMove::StopEarly),
            SessionAction::Cancel => can(SessionMove::Cancel),
            SessionAction::Delete => check_delete(status, context.has_payments).is_ok(),
            SessionAction::AddParticipants => status.is_before_start(),
            SessionAction::RemoveParticipant => status.is_before_start() && context.has_removable,
        };
        if allowed {
            actions.push(action);
        }
    }
    actions
}

/// The player's actions allowed now.
pub fn participant_actions(session: SessionStatus, me: ParticipantStatus) -> Vec<ParticipantAction> {
    [
        (ParticipantAction::Confirm, ParticipantMove::Confirm),
        (ParticipantAction::Reject, ParticipantMove::Reject),
        (ParticipantAction::Ready, ParticipantMove::Ready),
        (ParticipantAction::Leave, ParticipantMove::Leave),
    ]
    .into_iter()
    .filter(|(_, move_)| participant_move(session, me, *move_).is_ok())
    .map(|(action, _)| action)
    .collect()
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

mod payment;
mod schedule;

pub use payment::*;
pub use schedule::*;

#[cfg(test)]
mod tests;
