//! Requests become commands here, once: ids are typed and messages checked. The schedule's and the players' rules
//! are not: "at least 15 minutes ahead" needs the transaction's clock and "an accepted player of the series" the
//! database, and the spec answers all of a form's broken fields at once, so the store checks them together
//! (`store::create`, `store::update_schedule`, `store::add_participants`).

use questline_domain::DomainError;
use questline_domain::applications::message_field;
use questline_domain::ids::{AccountId, SeriesId};

use super::dto::{
    AddSessionParticipantsRequest, CreateSessionRequest, SessionMessageRequest, SessionScheduleInput,
    UpdateSessionScheduleRequest,
};

/// The schedule as the GM typed it: a start (RFC 3339) and a length in minutes, either may be missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleInput {
    pub start: Option<String>,
    pub duration_minutes: Option<i64>,
}

impl From<SessionScheduleInput> for ScheduleInput {
    fn from(input: SessionScheduleInput) -> Self {
        Self { start: input.scheduled_start_datetime, duration_minutes: input.scheduled_duration_minutes }
    }
}

impl From<UpdateSessionScheduleRequest> for ScheduleInput {
    fn from(request: UpdateSessionScheduleRequest) -> Self {
        request.schedule.into()
    }
}

/// A new session of one of the GM's series, with the accepted players to invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    pub series: SeriesId,
    pub players: Vec<AccountId>,
    pub schedule: ScheduleInput,
}

impl From<CreateSessionRequest> for NewSession {
    fn from(request: CreateSessionRequest) -> Self {
        Self {
            series: SeriesId(request.series_id),
            players: request.participant_ids.into_iter().map(AccountId).collect(),
            schedule: request.schedule.into(),
        }
    }
}

/// More accepted players to invite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invite {
    pub players: Vec<AccountId>,
}

impl From<AddSessionParticipantsRequest> for Invite {
    fn from(request: AddSessionParticipantsRequest) -> Self {
        Self { players: request.player_ids.into_iter().map(AccountId).collect() }
    }
}

/// The optional message of a move (a cancellation, a removal, a player's answer): at most 1000 characters,
/// blank is none.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Note(pub Option<String>);

impl TryFrom<SessionMessageRequest> for Note {
    type Error = DomainError;

    fn try_from(request: SessionMessageRequest) -> Result<Self, DomainError> {
        message_field(request.message.as_deref(), "message").map(Self)
    }
}

#[cfg(test)]
mod tests {
    use questline_domain::ErrorCode;
    use uuid::Uuid;

    use super::*;

    #[test]
    fn a_new_session_types_its_ids_and_keeps_the_schedule_as_typed() {
        let (series, player) = (Uuid::now_v7(), Uuid::now_v7());
        let request = CreateSessionRequest {
            series_id: series,
            participant_ids: vec![player],
            schedule: SessionScheduleInput {
                scheduled_start_datetime: Some("2030-01-01T18:00:00Z".into()),
                scheduled_duration_minutes: None,
            },
        };
        assert_eq!(
            NewSession::from(request),
            NewSession {
                series: SeriesId(series),
                players: vec![AccountId(player)],
                schedule: ScheduleInput { start: Some("2030-01-01T18:00:00Z".into()), duration_minutes: None },
            }
        );
    }

    #[test]
    fn a_note_is_trimmed_and_bounded() {
        assert_eq!(
            Note::try_from(SessionMessageRequest { message: Some(" See you ".into()) }),
            Ok(Note(Some("See you".into())))
        );
        let refused = Note::try_from(SessionMessageRequest { message: Some("a\u{7}".into()) }).unwrap_err();
        assert_eq!(refused.fields["message"][0].code, ErrorCode::MessageControlCharacters);
    }
}
