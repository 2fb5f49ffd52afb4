//! The Dashboard index (issue 19): what waits for a user now, as pure rules. Which of a player's sessions are "next"
//! and which actions each needs (confirm, mark ready, pay), which played sessions still wait for their feedback,
//! which of a GM's sessions need fixing a schedule,
//! starting preparation or starting, the order the actions are listed in, and when the list changes by the clock
//! alone. The server reads the rows, asks these, and answers one document (docs/decisions.md, "Dashboard
//! (issue 19)").

use std::cmp::Ordering;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::reviews::may_give_feedback;
use crate::sessions::{
    self, ParticipantMove, ParticipantStatus, PaymentStatus, SessionMove, SessionStatus, check_preparation_open,
    preparation_opens_at,
};
use crate::wire::wire_enum;

/// How many next sessions each role's section lists (the rest are on My Sessions).
pub const NEXT_SESSIONS: usize = 5;

/// How many upcoming sessions of each role the Dashboard reads to find the actions waiting: a bound on the work of
/// one request. Actions of sessions further away than the first this many are not listed (My Sessions has them).
pub const SESSIONS_READ: u64 = 100;

wire_enum! {
    /// Something waiting for the user, in the order one session's actions are listed.
    DashboardActionKind {
        /// GM: the session is ready to start.
        Start => "start",
        /// GM: the session's date is fixed and preparation is open (from the lead before the start).
        StartPreparation => "start_preparation",
        /// GM: the session is in planning; its date waits to be fixed.
        FixSchedule => "fix_schedule",
        /// GM: players asked for a refund of their payment for the session, and the requests wait for your
        /// decision (one action per session, with how many).
        DecideRefund => "decide_refund",
        /// Player: invited to a session whose date is fixed.
        Confirm => "confirm",
        /// Player: confirmed, not yet ready.
        Ready => "ready",
        /// Player: holds a seat in a paid session waiting for payment or ready to start, and its payment is open.
        Pay => "pay",
        /// Player: played a session (to the end or leaving early) that finished in the last
        /// [`FEEDBACK_ASKED_DAYS`] days, and has not given feedback on it.
        GiveFeedback => "give_feedback",
        /// GM: players wait for an answer to their application to one of your series (one action per series).
        ReviewApplications => "review_applications",
    }
}

impl DashboardActionKind {
    /// Whether the action is about one session (else about a series).
    pub fn is_about_session(self) -> bool {
        !matches!(self, DashboardActionKind::ReviewApplications)
    }

    /// Where the action's kind stands in the list: what a coming session needs (its start is the deadline), then
    /// feedback on the sessions played (no deadline), then the series' applications.
    fn group(self) -> u8 {
        match self {
            DashboardActionKind::GiveFeedback => 1,
            DashboardActionKind::ReviewApplications => 2,
            _ => 0,
        }
    }

    fn rank(self) -> usize {
        Self::ALL.iter().position(|kind| *kind == self).unwrap_or(usize::MAX)
    }
}

/// A player's participation as the Dashboard reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerSeat {
    pub session: SessionStatus,
    pub me: ParticipantStatus,
    /// The player's payment for the session, if any (paid series, from preparation on).
    pub payment: Option<PaymentStatus>,
}

/// Whether the session is one of the player's next: not over, and they are still in it (invited, confirmed, ready
/// or playing). A rejection, a departure or a removal takes it off the Dashboard.
pub fn is_players_next(seat: PlayerSeat) -> bool {
    !seat.session.is_final()
        && matches!(
            seat.me,
            ParticipantStatus::Invited
                | ParticipantStatus::Confirmed
                | ParticipantStatus::Ready
                | ParticipantStatus::Participating
        )
}

/// Whether the session is one of the GM's next: not over.
pub fn is_gms_next(status: SessionStatus) -> bool {
    !status.is_final()
}

/// What the player should do now for one session: confirm (invited, the date fixed), mark ready (confirmed), pay
/// (`sessions::may_pay`: a seat held, the payment open, the session waiting for payment or ready to start — the
/// same rule as the store's `seat_not_payable`).
pub fn player_actions(seat: PlayerSeat) -> Vec<DashboardActionKind> {
    let mut actions = Vec::new();
    if sessions::participant_move(seat.session, seat.me, ParticipantMove::Confirm).is_ok() {
        actions.push(DashboardActionKind::Confirm);
    }
    if sessions::participant_move(seat.session, seat.me, ParticipantMove::Ready).is_ok() {
        actions.push(DashboardActionKind::Ready);
    }
    if sessions::may_pay(seat.session, seat.me, seat.payment) {
        actions.push(DashboardActionKind::Pay);
    }
    actions
}

/// For how many days after a session's scheduled start the Dashboard asks its players for feedback (a review has
/// no time limit to be written; the reminder does).
pub const FEEDBACK_ASKED_DAYS: i64 = 14;

/// Whether the Dashboard asks the player for feedback on a session: they may give it (they played a session that
/// finished, the reviews' own rule) and have not yet.
pub fn asks_for_feedback(session: SessionStatus, me: ParticipantStatus, given: bool) -> bool {
    !given && may_give_feedback(session, Some(me)).is_ok()
}

/// A GM's session as the Dashboard reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GmSessionGlance {
    pub status: SessionStatus,
    pub scheduled_start: DateTime<Utc>,
    /// The preparation lead in minutes (`QUESTLINE_PREPARATION_LEAD_MINUTES`, 15 by default).
    pub lead_minutes: i64,
}

/// What the GM should do now for one session: fix the schedule (planning), start preparation (scheduled, and the
/// lead before the start reached), start (ready to start). The session's state machine decides each.
pub fn gm_actions(session: GmSessionGlance, now: DateTime<Utc>) -> Vec<DashboardActionKind> {
    let can = |move_| sessions::next(session.status, move_).is_ok();
    let mut actions = Vec::new();
    if can(SessionMove::Start) {
        actions.push(DashboardActionKind::Start);
    }
    if can(SessionMove::StartPreparation)
        && check_preparation_open(session.scheduled_start, session.lead_minutes, now).is_ok()
    {
        actions.push(DashboardActionKind::StartPreparation);
    }
    if can(SessionMove::FixSchedule) {
        actions.push(DashboardActionKind::FixSchedule);
    }
    actions
}

/// When the GM's actions for this session change by the clock alone: the moment preparation opens for a scheduled
/// session, if that is still ahead. The web refetches then, as nothing else would tell it.
pub fn gm_changes_at(session: GmSessionGlance, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let opens_at = preparation_opens_at(session.scheduled_start, session.lead_minutes);
    (sessions::next(session.status, SessionMove::StartPreparation).is_ok() && opens_at > now).then_some(opens_at)
}

/// Where an action goes in the list: actions about a coming session first, the soonest session first and, within
/// one session, in the order of [`DashboardActionKind`] (start before preparation before fixing the date; confirm
/// before ready before pay); then feedback to give, the session played longest ago first; then the applications to
/// review, the series whose oldest application has waited longest first. `when` is the session's start, or since when the oldest application waits; `id` (the session's or the
/// series') keeps the order stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionKey {
    pub kind: DashboardActionKind,
    pub when: DateTime<Utc>,
    pub id: Uuid,
}

impl Ord for ActionKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.kind
            .group()
            .cmp(&other.kind.group())
            .then(self.when.cmp(&other.when))
            .then(self.id.cmp(&other.id))
            .then(self.kind.rank().cmp(&other.kind.rank()))
    }
}

impl PartialOrd for ActionKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The earliest of the moments given, if any: when the Dashboard should be read again.
pub fn earliest(moments: impl IntoIterator<Item = DateTime<Utc>>) -> Option<DateTime<Utc>> {
    moments.into_iter().min()
}

#[cfg(test)]
mod tests {
    use super::*;
    use DashboardActionKind as K;
    use ParticipantStatus as P;
    use SessionStatus as S;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    fn seat(session: SessionStatus, me: ParticipantStatus, payment: Option<PaymentStatus>) -> PlayerSeat {
        PlayerSeat { session, me, payment }
    }

    #[test]
    fn an_invited_player_confirms_only_once_the_date_is_fixed() {
        assert_eq!(player_actions(seat(S::Planning, P::Invited, None)), vec![]);
        for status in [S::Scheduled, S::WaitingForPlayers, S::WaitingForPayment, S::ReadyToStart] {
            assert_eq!(player_actions(seat(status, P::Invited, None)), vec![K::Confirm], "{status}");
        }
        assert_eq!(player_actions(seat(S::InProgress, P::Invited, None)), vec![]);
    }

    #[test]
    fn a_confirmed_player_marks_ready_and_pays_an_open_payment_once_the_session_waits_for_payment() {
        assert_eq!(player_actions(seat(S::Scheduled, P::Confirmed, None)), vec![K::Ready]);
        // Waiting for players: the page offers no way to pay yet, so nothing asks for it (issue 31).
        assert_eq!(
            player_actions(seat(S::WaitingForPlayers, P::Confirmed, Some(PaymentStatus::Created))),
            vec![K::Ready]
        );
        assert_eq!(
            player_actions(seat(S::WaitingForPayment, P::Confirmed, Some(PaymentStatus::Created))),
            vec![K::Ready, K::Pay]
        );
        assert_eq!(player_actions(seat(S::WaitingForPayment, P::Ready, Some(PaymentStatus::Pending))), vec![K::Pay]);
        assert_eq!(player_actions(seat(S::ReadyToStart, P::Ready, Some(PaymentStatus::Created))), vec![K::Pay]);
    }

    #[test]
    fn nothing_is_asked_of_a_paid_seat_a_free_seat_or_someone_who_left() {
        for paid in [PaymentStatus::Completed, PaymentStatus::Waived, PaymentStatus::Refunded, PaymentStatus::Failed] {
            assert_eq!(player_actions(seat(S::WaitingForPayment, P::Ready, Some(paid))), vec![], "{paid}");
        }
        assert_eq!(player_actions(seat(S::ReadyToStart, P::Ready, None)), vec![], "a free session");
        // An invited player's payment does not exist; one who left has theirs voided, but even an open one is not
        // theirs to pay any more.
        for me in [P::Rejected, P::Cancelled, P::RemovedByGm, P::NoShow] {
            assert_eq!(player_actions(seat(S::WaitingForPayment, me, Some(PaymentStatus::Created))), vec![], "{me}");
        }
        assert_eq!(player_actions(seat(S::InProgress, P::Participating, Some(PaymentStatus::Created))), vec![]);
    }

    #[test]
    fn every_pair_of_statuses_gives_actions_only_for_a_next_session() {
        for &session in S::ALL {
            for &me in P::ALL {
                let seat = seat(session, me, Some(PaymentStatus::Created));
                if !player_actions(seat).is_empty() {
                    assert!(is_players_next(seat), "{session} {me} has actions but is not next");
                }
            }
        }
    }

    #[test]
    fn a_player_is_asked_for_feedback_on_a_finished_session_they_played_until_they_give_it() {
        for session in [S::Completed, S::StoppedEarly] {
            for me in [P::ParticipatedFully, P::LeftEarly] {
                assert!(asks_for_feedback(session, me, false), "{session} {me}");
                assert!(!asks_for_feedback(session, me, true), "{session} {me}: given");
            }
            for me in [P::NoShow, P::RemovedByGm, P::Cancelled, P::Rejected] {
                assert!(!asks_for_feedback(session, me, false), "{session} {me}");
            }
        }
        assert!(!asks_for_feedback(S::InProgress, P::Participating, false), "not finished");
        assert!(!asks_for_feedback(S::Cancelled, P::Cancelled, false));
    }

    #[test]
    fn the_players_next_sessions_are_those_not_over_that_they_are_still_in() {
        assert!(is_players_next(seat(S::Planning, P::Invited, None)));
        assert!(is_players_next(seat(S::InProgress, P::Participating, None)));
        assert!(!is_players_next(seat(S::Scheduled, P::Rejected, None)));
        assert!(!is_players_next(seat(S::Completed, P::ParticipatedFully, None)));
        assert!(!is_players_next(seat(S::Cancelled, P::Cancelled, None)));
        assert!(is_gms_next(S::InProgress));
        assert!(!is_gms_next(S::StoppedEarly));
    }

    fn glance(status: SessionStatus) -> GmSessionGlance {
        GmSessionGlance { status, scheduled_start: at("2026-11-22T12:00:00Z"), lead_minutes: 15 }
    }

    #[test]
    fn the_gm_fixes_planning_sessions_prepares_from_the_lead_and_starts_ready_ones() {
        let early = at("2026-11-22T11:44:59Z");
        let open = at("2026-11-22T11:45:00Z");
        assert_eq!(gm_actions(glance(S::Planning), early), vec![K::FixSchedule]);
        assert_eq!(gm_actions(glance(S::Scheduled), early), vec![]);
        assert_eq!(gm_actions(glance(S::Scheduled), open), vec![K::StartPreparation]);
        assert_eq!(gm_actions(glance(S::WaitingForPlayers), open), vec![]);
        assert_eq!(gm_actions(glance(S::WaitingForPayment), open), vec![]);
        assert_eq!(gm_actions(glance(S::ReadyToStart), early), vec![K::Start]);
        for status in [S::InProgress, S::Completed, S::StoppedEarly, S::Cancelled] {
            assert_eq!(gm_actions(glance(status), open), vec![], "{status}");
        }
    }

    #[test]
    fn the_dashboard_changes_by_the_clock_when_preparation_opens() {
        let early = at("2026-11-22T10:00:00Z");
        assert_eq!(gm_changes_at(glance(S::Scheduled), early), Some(at("2026-11-22T11:45:00Z")));
        assert_eq!(gm_changes_at(glance(S::Scheduled), at("2026-11-22T11:45:00Z")), None, "already open");
        assert_eq!(gm_changes_at(glance(S::Planning), early), None);
        assert_eq!(gm_changes_at(glance(S::ReadyToStart), early), None);
        assert_eq!(earliest([at("2026-11-23T10:00:00Z"), at("2026-11-22T10:00:00Z")]), Some(early));
        assert_eq!(earliest([]), None);
    }

    #[test]
    fn session_actions_come_soonest_first_then_feedback_then_the_applications_waiting_longest() {
        let (a, b, c) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let key = |kind, when: &str, id| ActionKey { kind, when: at(when), id };
        let mut keys = [
            key(K::ReviewApplications, "2026-11-20T09:00:00Z", c),
            key(K::Pay, "2026-11-22T12:00:00Z", a),
            key(K::ReviewApplications, "2026-11-19T09:00:00Z", b),
            key(K::Confirm, "2026-11-22T12:00:00Z", a),
            key(K::FixSchedule, "2026-11-29T12:00:00Z", b),
            key(K::Start, "2026-11-22T12:00:00Z", c),
            key(K::GiveFeedback, "2026-11-15T12:00:00Z", c),
            key(K::GiveFeedback, "2026-11-12T12:00:00Z", b),
        ];
        keys.sort();
        let order: Vec<(DashboardActionKind, Uuid)> = keys.iter().map(|key| (key.kind, key.id)).collect();
        assert_eq!(
            order,
            vec![
                (K::Confirm, a),
                (K::Pay, a),
                (K::Start, c),
                (K::FixSchedule, b),
                (K::GiveFeedback, b),
                (K::GiveFeedback, c),
                (K::ReviewApplications, b),
                (K::ReviewApplications, c)
            ]
        );
    }
}
