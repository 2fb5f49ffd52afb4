//! Requests become commands here, once: what comes out holds only checked, typed values. The rules live in the
//! domain (`questline_domain::applications`); this file maps the payloads onto them.

use questline_domain::DomainError;
use questline_domain::applications::message_field;
use questline_domain::ids::SeriesId;

use super::dto::{ApplicationMessageRequest, ApplyToSeriesRequest};

/// A player applies to a series, with an optional message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Apply {
    pub series: SeriesId,
    pub message: Option<String>,
}

impl TryFrom<ApplyToSeriesRequest> for Apply {
    type Error = DomainError;

    fn try_from(request: ApplyToSeriesRequest) -> Result<Self, DomainError> {
        Ok(Self { series: SeriesId(request.series_id), message: message_field(request.message.as_deref(), "message")? })
    }
}

/// The optional message of a move (cancel, reopen, accept, reject, remove): at most 1000 characters, blank is
/// none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note(pub Option<String>);

impl TryFrom<ApplicationMessageRequest> for Note {
    type Error = DomainError;

    fn try_from(request: ApplicationMessageRequest) -> Result<Self, DomainError> {
        message_field(request.message.as_deref(), "message").map(Self)
    }
}

#[cfg(test)]
mod tests {
    use questline_domain::ErrorCode;

    use super::*;

    #[test]
    fn an_application_carries_its_series_and_trimmed_message() {
        let series = uuid::Uuid::now_v7();
        let apply = Apply::try_from(ApplyToSeriesRequest { series_id: series, message: Some("  Hi!  ".into()) });
        assert_eq!(apply, Ok(Apply { series: SeriesId(series), message: Some("Hi!".into()) }));
        let blank = Note::try_from(ApplicationMessageRequest { message: Some("   ".into()) });
        assert_eq!(blank, Ok(Note(None)));
    }

    #[test]
    fn a_long_message_is_refused_under_its_field() {
        let refused = Note::try_from(ApplicationMessageRequest { message: Some("a".repeat(1001)) }).unwrap_err();
        assert_eq!(refused.fields["message"][0].code, ErrorCode::MessageTooLong);
    }
}
