//! Why a session move was refused, with the specification's messages and the error each answers.

use super::*;

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
