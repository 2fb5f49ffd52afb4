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
    assert_eq!(participant_move(Scheduled, ParticipantStatus::Invited, M::Confirm), Ok(ParticipantStatus::Confirmed));
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
    assert_eq!(gm_actions(context(SessionStatus::InProgress, "2026-11-22T12:00:00Z")), vec![A::Complete, A::StopEarly]);
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
    assert_eq!(error.code.as_str(), "session_completed_or_cancelled");
    assert_eq!(error.message, "Cannot update session schedule: session is completed or cancelled");
    let error = check_schedule_change(Scheduled, soon, Some(0), now).unwrap_err();
    assert_eq!(error.code.as_str(), "session_not_in_planning");
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
