//! The session's states and moves, the participant's, the payment's, and the actions each side may be offered:
//! the words the state machines of `sessions` speak, spelt as they travel on the wire.

use super::*;

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
    pub(super) fn participle(self) -> &'static str {
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
    pub(super) fn participle(self) -> &'static str {
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
