//! What the GM and a participant may do now: the actions the session pages offer, from the same state machines
//! the moves obey.

use super::*;

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
