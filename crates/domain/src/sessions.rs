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
        DomainError::new(refusal.error_type(), refusal.code().as_str(), refusal.to_string())
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

/// The field names of the schedule in requests.
pub const START_FIELD: &str = "schedule.scheduled_start_datetime";
pub const DURATION_FIELD: &str = "schedule.scheduled_duration_minutes";

/// A checked schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Schedule {
    pub start: DateTime<Utc>,
    pub duration_minutes: i32,
}

fn too_soon() -> FieldError {
    FieldError::new(ErrorCode::TooSoon, "Session must be at least 15 minutes in the future").param("min", LEAD_MINUTES)
}

/// The duration rule: present, 1..=1440, with the spec's messages.
pub fn check_duration(minutes: Option<i64>) -> Result<i32, FieldError> {
    let minutes = minutes.ok_or_else(|| FieldError::new(ErrorCode::Required, "Session duration is required"))?;
    if minutes < DURATION_MIN {
        return Err(FieldError::new(
            ErrorCode::TooShort,
            format!("Session must be at least {DURATION_MIN} minutes long"),
        )
        .param("min", DURATION_MIN));
    }
    if minutes > DURATION_MAX {
        return Err(FieldError::new(
            ErrorCode::TooLong,
            format!("Session cannot be longer than {DURATION_MAX} minutes"),
        )
        .param("max", DURATION_MAX));
    }
    Ok(i32::try_from(minutes).unwrap_or(DURATION_MAX as i32))
}

/// The longest start the API reads (an RFC 3339 date and time is at most 35 characters).
pub const START_MAX_LENGTH: usize = 64;

/// The start as sent: blank is none, anything but an RFC 3339 date and time is `invalid`.
pub fn parse_start(input: Option<&str>) -> Result<Option<DateTime<Utc>>, FieldError> {
    let Some(text) = input.map(str::trim).filter(|text| !text.is_empty()) else { return Ok(None) };
    let invalid = || FieldError::new(ErrorCode::Invalid, "Session date and time is invalid");
    if text.chars().count() > START_MAX_LENGTH {
        return Err(invalid());
    }
    DateTime::parse_from_rfc3339(text).map(|at| Some(at.with_timezone(&Utc))).map_err(|_| invalid())
}

/// The start rule: present, a date and time, and at least 15 minutes after `now`.
pub fn check_start(input: Option<&str>, now: DateTime<Utc>) -> Result<DateTime<Utc>, FieldError> {
    let start =
        parse_start(input)?.ok_or_else(|| FieldError::new(ErrorCode::Required, "Session date and time is required"))?;
    if start < now + Duration::minutes(LEAD_MINUTES) {
        return Err(too_soon());
    }
    Ok(start)
}

/// A new session's schedule: every broken rule at once, under the request's field names.
pub fn parse_schedule(
    start: Option<&str>,
    duration_minutes: Option<i64>,
    now: DateTime<Utc>,
    fields: &mut FieldErrors,
) -> Option<Schedule> {
    let start = check_start(start, now).map_err(|error| fields.entry(START_FIELD.to_owned()).or_default().push(error));
    let duration = check_duration(duration_minutes)
        .map_err(|error| fields.entry(DURATION_FIELD.to_owned()).or_default().push(error));
    Some(Schedule { start: start.ok()?, duration_minutes: duration.ok()? })
}

/// A schedule change, checked in the order: the session's status, then a start less than 15 minutes ahead
/// (`session_too_soon`), then the other field rules.
pub fn check_schedule_change(
    status: SessionStatus,
    start: Option<&str>,
    duration_minutes: Option<i64>,
    now: DateTime<Utc>,
) -> Result<Schedule, DomainError> {
    check_schedule_update(status).map_err(DomainError::from)?;
    if let Ok(Some(start)) = parse_start(start)
        && start < now + Duration::minutes(LEAD_MINUTES)
    {
        let mut fields = FieldErrors::new();
        fields.insert(START_FIELD.to_owned(), vec![too_soon()]);
        return Err(DomainError {
            kind: ErrorType::InvalidData,
            code: ErrorCode::SessionTooSoon.as_str().to_owned(),
            message: "Cannot update session schedule: session must be at least 15 minutes in the future".to_owned(),
            fields,
        });
    }
    let mut fields = FieldErrors::new();
    match parse_schedule(start, duration_minutes, now, &mut fields) {
        Some(schedule) if fields.is_empty() => Ok(schedule),
        _ => Err(DomainError::invalid_fields(fields)),
    }
}

/// What becomes of a participant's payment when they move to `to`: an open payment of someone no longer in the
/// session (rejected, no-show, cancelled, removed) is voided (`failed`); anything else stays (a completed one is
/// refunded by the commerce issue).
pub fn payment_after(to: ParticipantStatus, payment: PaymentStatus) -> PaymentStatus {
    if payment.is_open() && !to.is_in_session() { PaymentStatus::Failed } else { payment }
}

/// Whether a participant who is `status` in a paid session being prepared needs a payment: those holding a seat.
pub fn needs_payment(status: ParticipantStatus) -> bool {
    matches!(status, ParticipantStatus::Confirmed | ParticipantStatus::Ready)
}

/// Whether a participant may pay for their seat now (issue 31): they hold a seat (confirmed or ready), their
/// payment is open, and the session is waiting for payment or ready to start (a ready session may still have
/// players beyond the minimum to pay). Not while the session waits for players: the page offers no way to pay then.
/// The Dashboard's "pay" action, the payment-due notice, the store's seat, the completion and the web's checkout
/// button all ask this.
pub fn may_pay(session: SessionStatus, me: ParticipantStatus, payment: Option<PaymentStatus>) -> bool {
    matches!(me, ParticipantStatus::Confirmed | ParticipantStatus::Ready)
        && session.takes_payment()
        && payment.is_some_and(PaymentStatus::is_open)
}

/// Whether someone owes money: their payment is open while they are in the session.
pub fn owes(status: ParticipantStatus, payment: Option<PaymentStatus>) -> bool {
    payment.is_some_and(PaymentStatus::is_open) && status.is_in_session()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_seat_is_paid_while_the_session_waits_for_payment_or_is_ready_not_while_it_waits_for_players() {
        use ParticipantStatus as P;
        use SessionStatus as S;
        for me in [P::Confirmed, P::Ready] {
            for payment in [PaymentStatus::Created, PaymentStatus::Pending] {
                assert!(may_pay(S::WaitingForPayment, me, Some(payment)), "{me} {payment}");
                assert!(may_pay(S::ReadyToStart, me, Some(payment)), "{me} {payment}");
                assert!(!may_pay(S::WaitingForPlayers, me, Some(payment)), "{me} {payment}");
            }
        }
        for &session in S::ALL {
            for &me in P::ALL {
                for &payment in PaymentStatus::ALL {
                    let allowed = may_pay(session, me, Some(payment));
                    let expected = matches!(session, S::WaitingForPayment | S::ReadyToStart)
                        && matches!(me, P::Confirmed | P::Ready)
                        && payment.is_open();
                    assert_eq!(allowed, expected, "{session} {me} {payment}");
                }
                assert!(!may_pay(session, me, None), "{session} {me}: a free seat");
            }
        }
    }

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    /// The session table of docs/decisions.md, written out by hand: the status after the move, or ✗.
    fn expected_session(from: SessionStatus, by: SessionMove) -> Option<SessionStatus> {
        use SessionStatus::*;
        const NO: Option<SessionStatus> = None;
        let row: [Option<SessionStatus>; 7] = match from {
            //                 start_planning  fix_schedule     start_preparation        start             complete         stop_early          cancel
            Planning => [NO, Some(Scheduled), NO, NO, NO, NO, Some(Cancelled)],
            Scheduled => [Some(Planning), NO, Some(WaitingForPlayers), NO, NO, NO, Some(Cancelled)],
            WaitingForPlayers => [Some(Planning), NO, NO, NO, NO, NO, Some(Cancelled)],
            WaitingForPayment => [Some(Planning), NO, NO, NO, NO, NO, Some(Cancelled)],
            ReadyToStart => [Some(Planning), NO, NO, Some(InProgress), NO, NO, Some(Cancelled)],
            InProgress => [NO, NO, NO, NO, Some(Completed), Some(StoppedEarly), NO],
            Completed | StoppedEarly | Cancelled => [NO; 7],
        };
        row[SessionMove::ALL.iter().position(|m| *m == by).unwrap()]
    }

    #[test]
    fn every_session_state_and_move_follows_the_table() {
        let mut checked = 0;
        for &from in SessionStatus::ALL {
            for &by in SessionMove::ALL {
                let got = next(from, by);
                assert_eq!(got.ok(), expected_session(from, by), "{from} by {by}");
                if let Err(refusal) = got {
                    assert_eq!(refusal, Refusal::Session { from, by });
                    assert_eq!(refusal.code(), ErrorCode::SessionTransitionNotAllowed);
                    assert_eq!(refusal.error_type(), ErrorType::UnexpectedState);
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 9 * 7);
    }

    /// The participant table of docs/decisions.md, by hand.
    fn expected_participant(from: ParticipantStatus, by: ParticipantMove) -> Option<ParticipantStatus> {
        use ParticipantStatus::*;
        const NO: Option<ParticipantStatus> = None;
        let row: [Option<ParticipantStatus>; 11] = match from {
            //           confirm          reject          ready        leave            remove             withdraw         reinvite       attend               miss          finish                   drop
            Invited => [
                Some(Confirmed),
                Some(Rejected),
                NO,
                NO,
                Some(RemovedByGm),
                Some(Cancelled),
                NO,
                NO,
                Some(NoShow),
                NO,
                Some(Cancelled),
            ],
            Confirmed => [
                NO,
                NO,
                Some(Ready),
                Some(Cancelled),
                Some(RemovedByGm),
                Some(Cancelled),
                Some(Invited),
                NO,
                Some(NoShow),
                NO,
                Some(Cancelled),
            ],
            Ready => [
                NO,
                NO,
                NO,
                Some(Cancelled),
                Some(RemovedByGm),
                Some(Cancelled),
                Some(Invited),
                Some(Participating),
                Some(NoShow),
                NO,
                Some(Cancelled),
            ],
            Participating => [NO, NO, NO, Some(LeftEarly), NO, NO, NO, NO, NO, Some(ParticipatedFully), NO],
            Rejected | ParticipatedFully | LeftEarly | NoShow | Cancelled | RemovedByGm => [NO; 11],
        };
        row[ParticipantMove::ALL.iter().position(|m| *m == by).unwrap()]
    }

    #[test]
    fn every_participant_state_and_move_follows_the_table() {
        let mut checked = 0;
        for &from in ParticipantStatus::ALL {
            for &by in ParticipantMove::ALL {
                let got = participant_next(SessionStatus::Scheduled, from, by);
                assert_eq!(got.ok(), expected_participant(from, by), "{from} by {by}");
                if let Err(refusal) = got {
                    assert_eq!(refusal.code(), ErrorCode::ParticipationTransitionNotAllowed);
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 10 * 11);
    }

    #[test]
    fn the_players_moves_open_with_the_fixed_date_and_close_at_the_start() {
        use ParticipantMove as M;
        use SessionStatus::*;
        for &session in SessionStatus::ALL {
            let preparing_or_scheduled =
                matches!(session, Scheduled | WaitingForPlayers | WaitingForPayment | ReadyToStart);
            for move_ in [M::Confirm, M::Reject, M::Ready] {
                assert_eq!(participant_move_open(session, move_), preparing_or_scheduled, "{move_} in {session}");
            }
            assert_eq!(participant_move_open(session, M::Leave), session.is_before_start() || session == InProgress);
            assert_eq!(participant_move_open(session, M::Remove), session.is_before_start());
        }
        let refusal = participant_move(Planning, ParticipantStatus::Invited, M::Confirm).unwrap_err();
        assert_eq!(refusal.code(), ErrorCode::ParticipationTransitionNotAllowed);
        assert_eq!(
            refusal.to_string(),
            "This participation cannot be confirmed now that it is invited and the session is planning"
        );
        assert_eq!(
            participant_move(Scheduled, ParticipantStatus::Invited, M::Confirm),
            Ok(ParticipantStatus::Confirmed)
        );
    }

    #[test]
    fn refusals_say_what_and_why() {
        let refusal = next(SessionStatus::Planning, SessionMove::Start).unwrap_err();
        assert_eq!(refusal.to_string(), "This session cannot be started now that it is planning");
        let error = DomainError::from(next(SessionStatus::Completed, SessionMove::Cancel).unwrap_err());
        assert_eq!((error.kind, error.code.as_str()), (ErrorType::UnexpectedState, "session_transition_not_allowed"));
        assert_eq!(error.message, "This session cannot be cancelled now that it is completed");
        let full = DomainError::from(Refusal::SessionFull);
        assert_eq!((full.kind, full.code.as_str()), (ErrorType::NotAllowed, "session_full"));
        let paid = DomainError::from(Refusal::HasPayments);
        assert_eq!((paid.kind, paid.code.as_str()), (ErrorType::NotAllowed, "session_has_payments"));
    }

    #[test]
    fn preparation_opens_the_lead_before_the_start() {
        let start = at("2026-11-22T12:00:00Z");
        assert_eq!(preparation_opens_at(start, 15), at("2026-11-22T11:45:00Z"));
        assert_eq!(
            check_preparation_open(start, 15, at("2026-11-22T11:44:59Z")),
            Err(Refusal::PreparationNotOpen { opens_at: at("2026-11-22T11:45:00Z") })
        );
        assert_eq!(check_preparation_open(start, 15, at("2026-11-22T11:45:00Z")), Ok(()));
        assert_eq!(check_preparation_open(start, 1440, at("2026-11-21T12:00:00Z")), Ok(()));
        assert_eq!(Refusal::PreparationNotOpen { opens_at: start }.code(), ErrorCode::PreparationNotOpen);
    }

    fn readiness(paid: bool, ready: u32, ready_and_paid: u32) -> Readiness {
        Readiness { min_players: 2, paid, ready, ready_and_paid }
    }

    #[test]
    fn the_automatic_moves_follow_the_counts() {
        use SessionStatus::*;
        assert_eq!(automatic(WaitingForPlayers, readiness(false, 1, 0)), None);
        assert_eq!(automatic(WaitingForPlayers, readiness(false, 2, 0)), Some(ReadyToStart));
        assert_eq!(automatic(WaitingForPlayers, readiness(true, 2, 0)), Some(WaitingForPayment));
        assert_eq!(automatic(WaitingForPayment, readiness(true, 2, 1)), None);
        assert_eq!(automatic(WaitingForPayment, readiness(true, 2, 2)), Some(ReadyToStart));
        assert_eq!(automatic(WaitingForPayment, readiness(true, 1, 1)), Some(WaitingForPlayers));
        assert_eq!(automatic(ReadyToStart, readiness(false, 1, 0)), Some(WaitingForPlayers));
        assert_eq!(automatic(ReadyToStart, readiness(true, 2, 1)), Some(WaitingForPayment));
        assert_eq!(automatic(ReadyToStart, readiness(true, 3, 2)), None);
        for status in [Planning, Scheduled, InProgress, Completed, StoppedEarly, Cancelled] {
            assert_eq!(automatic(status, readiness(true, 5, 5)), None, "{status} never moves by itself");
        }
        assert_eq!(settle(WaitingForPlayers, readiness(true, 2, 2)), vec![WaitingForPayment, ReadyToStart]);
        assert_eq!(settle(ReadyToStart, readiness(false, 2, 0)), Vec::<SessionStatus>::new());
        let none = Readiness { min_players: 0, paid: false, ready: 0, ready_and_paid: 0 };
        assert_eq!(automatic(WaitingForPlayers, none), None, "at least one player");
    }

    #[test]
    fn the_gm_sees_only_the_actions_allowed_now() {
        use SessionAction as A;
        let start = at("2026-11-22T12:00:00Z");
        let context = |status, now| GmContext {
            status,
            scheduled_start: start,
            lead_minutes: 15,
            now: at(now),
            has_payments: false,
            has_removable: true,
        };
        assert_eq!(
            gm_actions(context(SessionStatus::Planning, "2026-11-22T10:00:00Z")),
            vec![A::UpdateSchedule, A::FixSchedule, A::Cancel, A::Delete, A::AddParticipants, A::RemoveParticipant]
        );
        assert_eq!(
            gm_actions(context(SessionStatus::Scheduled, "2026-11-22T10:00:00Z")),
            vec![A::StartPlanning, A::Cancel, A::AddParticipants, A::RemoveParticipant]
        );
        assert_eq!(
            gm_actions(context(SessionStatus::Scheduled, "2026-11-22T11:45:00Z")),
            vec![A::StartPlanning, A::StartPreparation, A::Cancel, A::AddParticipants, A::RemoveParticipant]
        );
        assert_eq!(
            gm_actions(context(SessionStatus::InProgress, "2026-11-22T12:00:00Z")),
            vec![A::Complete, A::StopEarly]
        );
        assert!(gm_actions(context(SessionStatus::Completed, "2026-11-22T12:00:00Z")).is_empty());
        let paid = GmContext { has_payments: true, ..context(SessionStatus::Planning, "2026-11-22T10:00:00Z") };
        assert!(!gm_actions(paid).contains(&A::Delete));
    }

    #[test]
    fn the_player_sees_only_the_actions_allowed_now() {
        use ParticipantAction as A;
        use ParticipantStatus as P;
        assert_eq!(participant_actions(SessionStatus::Planning, P::Invited), vec![]);
        assert_eq!(participant_actions(SessionStatus::Scheduled, P::Invited), vec![A::Confirm, A::Reject]);
        assert_eq!(participant_actions(SessionStatus::Scheduled, P::Confirmed), vec![A::Ready, A::Leave]);
        assert_eq!(participant_actions(SessionStatus::ReadyToStart, P::Ready), vec![A::Leave]);
        assert_eq!(participant_actions(SessionStatus::InProgress, P::Participating), vec![A::Leave]);
        assert_eq!(participant_actions(SessionStatus::Completed, P::ParticipatedFully), vec![]);
    }

    #[test]
    fn the_schedule_rules_have_the_spec_messages_in_order() {
        use SessionStatus::*;
        let now = at("2026-11-22T10:00:00Z");
        let soon = Some("2026-11-22T10:14:59Z");
        let later = Some("2026-11-22T10:15:00+00:00");
        let error = check_schedule_change(Cancelled, soon, Some(0), now).unwrap_err();
        assert_eq!(error.code, "session_completed_or_cancelled");
        assert_eq!(error.message, "Cannot update session schedule: session is completed or cancelled");
        let error = check_schedule_change(Scheduled, soon, Some(0), now).unwrap_err();
        assert_eq!(error.code, "session_not_in_planning");
        assert_eq!(error.message, "Cannot update session schedule: session must be in planning status");
        let error = check_schedule_change(Planning, soon, Some(0), now).unwrap_err();
        assert_eq!((error.kind, error.code.as_str()), (ErrorType::InvalidData, "session_too_soon"));
        assert_eq!(error.message, "Cannot update session schedule: session must be at least 15 minutes in the future");
        assert_eq!(error.fields[START_FIELD][0].code, ErrorCode::TooSoon);
        let error = check_schedule_change(Planning, later, Some(1441), now).unwrap_err();
        assert_eq!(error.fields[DURATION_FIELD][0].message, "Session cannot be longer than 1440 minutes");
        assert_eq!(
            check_schedule_change(Planning, later, Some(60), now),
            Ok(Schedule { start: at("2026-11-22T10:15:00Z"), duration_minutes: 60 })
        );
        assert_eq!(check_duration(Some(0)).unwrap_err().message, "Session must be at least 1 minutes long");
        assert_eq!(check_duration(Some(0)).unwrap_err().code, ErrorCode::TooShort);
        assert_eq!(check_duration(None).unwrap_err().message, "Session duration is required");
        assert_eq!(check_duration(Some(1440)), Ok(1440));
        assert_eq!(check_duration(Some(1)), Ok(1));
        assert_eq!(check_start(None, now).unwrap_err().message, "Session date and time is required");
        assert_eq!(check_start(Some("  "), now).unwrap_err().code, ErrorCode::Required);
        let invalid = check_start(Some("tomorrow at noon"), now).unwrap_err();
        assert_eq!((invalid.code, invalid.message.as_str()), (ErrorCode::Invalid, "Session date and time is invalid"));
        assert_eq!(check_start(Some("2026-11-22T12:00:00+01:00"), now), Ok(at("2026-11-22T11:00:00Z")));
        let mut fields = FieldErrors::new();
        assert_eq!(parse_schedule(None, None, now, &mut fields), None);
        assert_eq!(fields.len(), 2, "every broken rule at once");
    }

    #[test]
    fn a_waived_payment_counts_as_paid_and_nobody_owes_it() {
        use ParticipantStatus as P;
        use PaymentStatus::*;
        for &status in PaymentStatus::ALL {
            assert_eq!(status.counts_as_paid(), matches!(status, Completed | Waived), "{status}");
        }
        assert!(!owes(P::Ready, Some(Waived)));
        assert!(!Waived.is_open());
        assert_eq!(payment_after(P::Cancelled, Waived), Waived, "leaving never voids money already settled");
        assert_eq!(PaymentStatus::parse("waived"), Some(Waived));
    }

    #[test]
    fn deleting_needs_planning_and_no_payments() {
        assert_eq!(check_delete(SessionStatus::Planning, false), Ok(()));
        assert_eq!(check_delete(SessionStatus::Planning, true), Err(Refusal::HasPayments));
        let refusal = check_delete(SessionStatus::Scheduled, false).unwrap_err();
        assert_eq!(refusal.code(), ErrorCode::SessionTransitionNotAllowed);
    }

    #[test]
    fn wire_names_travel_in_snake_case() {
        for &status in SessionStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(SessionStatus::parse(status.as_str()), Some(status));
        }
        for &status in ParticipantStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(ParticipantStatus::parse(status.as_str()), Some(status));
        }
        for &status in PaymentStatus::ALL {
            assert_eq!(PaymentStatus::parse(status.as_str()), Some(status));
        }
        assert_eq!(SessionStatus::parse("canceled"), None, "one spelling: British");
    }

    /// A session's participants under random moves, with the seat rule as the server applies it.
    #[derive(Debug, Clone)]
    struct Model {
        session: SessionStatus,
        players: Vec<(ParticipantStatus, Option<PaymentStatus>)>,
        confirmed: u32,
        max: u32,
    }

    #[derive(Debug, Clone, Copy)]
    enum Step {
        Player(usize, ParticipantMove),
        Gm(SessionMove),
        Pay(usize),
    }

    fn step() -> impl Strategy<Value = Step> {
        // Mostly the players' moves, so sessions fill up before a GM's move ends them.
        prop_oneof![
            4 => (0usize..8, Just(ParticipantMove::Confirm)).prop_map(|(i, m)| Step::Player(i, m)),
            4 => (0usize..8, prop::sample::select(ParticipantMove::ALL.to_vec())).prop_map(|(i, m)| Step::Player(i, m)),
            1 => prop::sample::select(SessionMove::ALL.to_vec()).prop_map(Step::Gm),
            1 => (0usize..8).prop_map(Step::Pay),
        ]
    }

    impl Model {
        fn move_player(&mut self, index: usize, move_: ParticipantMove) {
            let (from, payment) = self.players[index];
            let Ok(to) = participant_move(self.session, from, move_) else { return };
            let change = seat_change(from, to);
            if change > 0 {
                if !has_free_seat(self.confirmed, Some(self.max)) {
                    return;
                }
                self.confirmed += 1;
            } else if change < 0 {
                self.confirmed -= 1;
            }
            let mut payment = payment.map(|payment| payment_after(to, payment));
            if self.session.is_preparing() && needs_payment(to) && payment.is_none() {
                payment = Some(PaymentStatus::Created);
            }
            self.players[index] = (to, payment);
        }

        fn move_session(&mut self, move_: SessionMove) {
            let Ok(to) = next(self.session, move_) else { return };
            let each = match move_ {
                SessionMove::StartPlanning => Some(ParticipantMove::Reinvite),
                SessionMove::Start => None,
                SessionMove::Complete | SessionMove::StopEarly => Some(ParticipantMove::Finish),
                SessionMove::Cancel => Some(ParticipantMove::Drop),
                _ => None,
            };
            for index in 0..self.players.len() {
                let from = self.players[index].0;
                let player_move = if move_ == SessionMove::Start {
                    Some(if from == ParticipantStatus::Ready { ParticipantMove::Attend } else { ParticipantMove::Miss })
                } else {
                    each
                };
                if let Some(player_move) = player_move {
                    self.move_player(index, player_move);
                }
            }
            self.session = to;
            if move_ == SessionMove::StartPreparation {
                for player in &mut self.players {
                    if needs_payment(player.0) && player.1.is_none() {
                        player.1 = Some(PaymentStatus::Created);
                    }
                }
            }
        }

        fn apply(&mut self, step: Step) {
            match step {
                Step::Player(index, move_) => self.move_player(index % self.players.len(), move_),
                Step::Gm(move_) => self.move_session(move_),
                Step::Pay(index) => {
                    let index = index % self.players.len();
                    // Paying completes an open payment; paying again stands for an approved refund request,
                    // which waives it (the seat stays).
                    if let Some(payment) = self.players[index].1.as_mut() {
                        if payment.is_open() {
                            *payment = PaymentStatus::Completed;
                        } else if *payment == PaymentStatus::Completed {
                            *payment = PaymentStatus::Waived;
                        }
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn final_states_are_final(from in prop::sample::select(SessionStatus::ALL.to_vec()),
                                  by in prop::sample::select(SessionMove::ALL.to_vec()),
                                  player in prop::sample::select(ParticipantStatus::ALL.to_vec()),
                                  player_move in prop::sample::select(ParticipantMove::ALL.to_vec())) {
            if from.is_final() {
                prop_assert!(next(from, by).is_err());
            }
            if player.is_final() {
                prop_assert!(participant_next(from, player, player_move).is_err());
            }
        }

        #[test]
        fn seats_never_exceed_the_maximum_and_nobody_outside_owes(
            players in 1usize..8, max in 1u32..5, steps in prop::collection::vec(step(), 0..80)
        ) {
            let mut model = Model {
                // Scheduled: the players may confirm from the first step.
                session: SessionStatus::Scheduled,
                players: vec![(ParticipantStatus::Invited, None); players],
                confirmed: 0,
                max,
            };
            for step in steps {
                let was_final = model.session.is_final();
                let before = model.session;
                model.apply(step);
                if was_final {
                    prop_assert_eq!(model.session, before, "a final session never moves");
                }
                let holding = model.players.iter().filter(|(status, _)| status.holds_seat()).count() as u32;
                prop_assert_eq!(holding, model.confirmed);
                prop_assert!(model.confirmed <= model.max);
                for (status, payment) in &model.players {
                    if !status.is_in_session() {
                        prop_assert!(!owes(*status, *payment));
                        prop_assert!(payment.is_none_or(|payment| !payment.is_open()), "{status}: {payment:?}");
                    }
                }
            }
        }
    }
}
