//! Feedback and GM reviews (issue 19): who may rate a session, the rating and the texts (a review, the GM's public
//! answer, the GM's private note about a player, a report's reason), the 7-day edit window and the average shown on a
//! GM's profile. The server loads the facts (the session's status, the caller's participation, the stored review) and
//! asks these; texts are stored as accepted and shown as text, so nothing here escapes or strips markup.

use chrono::{DateTime, Duration, Utc};

use crate::error::{ErrorCode, FieldError};
use crate::sessions::{ParticipantStatus, SessionStatus};
use crate::text::has_hidden_characters;

/// The lowest and the highest rating.
pub const RATING_MIN: i64 = 1;
pub const RATING_MAX: i64 = 5;
/// The longest review, answer and private note, in characters after trimming.
pub const TEXT_MAX: usize = 2000;
/// The longest reason of a report.
pub const REASON_MAX: usize = 500;
/// How long after it was written a review may still be edited.
pub const EDIT_WINDOW_DAYS: i64 = 7;

/// A rating of a session, 1 to 5 stars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rating(u8);

impl Rating {
    /// A whole number from [`RATING_MIN`] to [`RATING_MAX`]; anything else is refused with `invalid_rating`.
    pub fn parse(value: i64) -> Result<Self, FieldError> {
        if (RATING_MIN..=RATING_MAX).contains(&value) {
            Ok(Self(value as u8))
        } else {
            Err(FieldError::new(
                ErrorCode::InvalidRating,
                format!("Rating must be a whole number from {RATING_MIN} to {RATING_MAX}"),
            )
            .param("min", RATING_MIN)
            .param("max", RATING_MAX))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }
}

/// Trims the text, turns `\r\n` into `\n` and checks its length and characters (line breaks and tabs are allowed:
/// a review has paragraphs). `label` names the field in the messages.
fn parse_text(input: &str, label: &str, max: usize, required: bool) -> Result<String, FieldError> {
    let text = input.replace("\r\n", "\n").trim().to_owned();
    if required && text.is_empty() {
        return Err(FieldError::new(ErrorCode::Required, format!("{label} is required")));
    }
    if text.chars().count() > max {
        return Err(
            FieldError::new(ErrorCode::TooLong, format!("{label} must be at most {max} characters")).param("max", max)
        );
    }
    if has_hidden_characters(&text.replace('\t', " "), true) {
        return Err(FieldError::new(
            ErrorCode::ControlCharacters,
            format!("{label} must not contain control characters"),
        ));
    }
    Ok(text)
}

/// A review's text: may be empty (a rating alone), at most [`TEXT_MAX`] characters.
pub fn parse_review_body(input: &str) -> Result<String, FieldError> {
    parse_text(input, "Review", TEXT_MAX, false)
}

/// The GM's public answer: 1 to [`TEXT_MAX`] characters.
pub fn parse_answer(input: &str) -> Result<String, FieldError> {
    parse_text(input, "Answer", TEXT_MAX, true)
}

/// The GM's private note about a player: at most [`TEXT_MAX`] characters; `None` (empty) deletes the note.
pub fn parse_note(input: &str) -> Result<Option<String>, FieldError> {
    parse_text(input, "Note", TEXT_MAX, false).map(|text| (!text.is_empty()).then_some(text))
}

/// Why a report is made: 1 to [`REASON_MAX`] characters.
pub fn parse_reason(input: &str) -> Result<String, FieldError> {
    parse_text(input, "Reason", REASON_MAX, true)
}

/// Why someone may not give feedback on a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedbackRefusal {
    /// They did not play in it (never invited, or rejected, cancelled, removed or absent).
    NotAParticipant,
    /// They are (or were) in it, but it has not been completed or stopped early yet.
    SessionNotCompleted,
}

impl FeedbackRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            FeedbackRefusal::NotAParticipant => ErrorCode::NotAParticipant,
            FeedbackRefusal::SessionNotCompleted => ErrorCode::SessionNotCompleted,
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            FeedbackRefusal::NotAParticipant => "Only players who took part in this session can give feedback on it",
            FeedbackRefusal::SessionNotCompleted => "Feedback opens once the session is completed",
        }
    }
}

/// Whether a player whose participation is `participation` (none: never a participant) may give feedback on a
/// session in `status`: they took part (played fully or left early) in a session that was completed or stopped
/// early. A player still in a session that has not finished is told to wait; anyone else is no participant.
pub fn may_give_feedback(
    status: SessionStatus,
    participation: Option<ParticipantStatus>,
) -> Result<(), FeedbackRefusal> {
    let Some(participation) = participation else { return Err(FeedbackRefusal::NotAParticipant) };
    let took_part = matches!(participation, ParticipantStatus::ParticipatedFully | ParticipantStatus::LeftEarly);
    if !took_part && !participation.is_in_session() {
        return Err(FeedbackRefusal::NotAParticipant);
    }
    if !matches!(status, SessionStatus::Completed | SessionStatus::StoppedEarly) || !took_part {
        // In a finished session only those who played are left in it; before the end, they wait.
        return if status.is_final() {
            Err(FeedbackRefusal::NotAParticipant)
        } else {
            Err(FeedbackRefusal::SessionNotCompleted)
        };
    }
    Ok(())
}

/// Whether a participation counts as a session played (the profile's `sessions_played`): played to the end or left
/// early, which only happens in a session that ran.
pub fn counts_as_played(participation: ParticipantStatus) -> bool {
    matches!(participation, ParticipantStatus::ParticipatedFully | ParticipantStatus::LeftEarly)
}

/// Until when a review written at `created_at` may be edited.
pub fn editable_until(created_at: DateTime<Utc>) -> DateTime<Utc> {
    created_at + Duration::days(EDIT_WINDOW_DAYS)
}

/// Whether a review written at `created_at` may still be edited at `now` (the window closes at
/// [`editable_until`] itself).
pub fn is_editable(created_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now < editable_until(created_at)
}

/// The average of `count` ratings summing to `sum`, to one decimal, halves rounded up (4.25 → 4.3); `None` without
/// ratings. Computed on whole tenths, so 4.35 is never 4.3 by a floating-point accident.
pub fn average(sum: u64, count: u64) -> Option<f64> {
    if count == 0 {
        return None;
    }
    let tenths = (sum * 20 + count) / (2 * count);
    Some(tenths as f64 / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_rating_is_one_to_five() {
        for value in 1..=5 {
            assert_eq!(Rating::parse(value).unwrap().get() as i64, value);
        }
        for value in [0, 6, -1, 255, i64::MAX] {
            let error = Rating::parse(value).unwrap_err();
            assert_eq!(error.code, ErrorCode::InvalidRating);
            assert_eq!(error, "Rating must be a whole number from 1 to 5");
        }
    }

    #[test]
    fn texts_are_trimmed_kept_as_written_and_limited() {
        assert_eq!(parse_review_body("  <b>Great</b>\r\nGM\t!  ").unwrap(), "<b>Great</b>\nGM\t!");
        assert_eq!(parse_review_body("   ").unwrap(), "", "a rating alone");
        assert_eq!(parse_review_body(&"é".repeat(2000)).unwrap().chars().count(), 2000);
        let long = parse_review_body(&"x".repeat(2001)).unwrap_err();
        assert_eq!((long.code, long.message.as_str()), (ErrorCode::TooLong, "Review must be at most 2000 characters"));
        assert_eq!(parse_review_body("a\u{202E}b").unwrap_err().code, ErrorCode::ControlCharacters);
        assert_eq!(parse_answer(" \n ").unwrap_err(), "Answer is required");
        assert_eq!(parse_answer(" Thanks! ").unwrap(), "Thanks!");
        assert_eq!(parse_note("  ").unwrap(), None, "an empty note deletes it");
        assert_eq!(parse_note(" Likes puzzles ").unwrap().as_deref(), Some("Likes puzzles"));
        assert_eq!(parse_reason("").unwrap_err().code, ErrorCode::Required);
        assert_eq!(parse_reason(&"x".repeat(501)).unwrap_err(), "Reason must be at most 500 characters");
        assert_eq!(parse_reason(&"x".repeat(500)).unwrap().len(), 500);
    }

    #[test]
    fn only_who_played_in_a_finished_session_gives_feedback() {
        use FeedbackRefusal::*;
        use ParticipantStatus as P;
        use SessionStatus as S;
        for status in [S::Completed, S::StoppedEarly] {
            assert_eq!(may_give_feedback(status, Some(P::ParticipatedFully)), Ok(()));
            assert_eq!(may_give_feedback(status, Some(P::LeftEarly)), Ok(()));
        }
        // Every pair: the outcome follows the table above.
        for &status in S::ALL {
            for participation in std::iter::once(None).chain(P::ALL.iter().copied().map(Some)) {
                let outcome = may_give_feedback(status, participation);
                let played = participation.is_some_and(counts_as_played);
                let finished = matches!(status, S::Completed | S::StoppedEarly);
                if played && finished {
                    assert_eq!(outcome, Ok(()), "{status:?} {participation:?}");
                } else if participation.is_some_and(|p| p.is_in_session()) && !status.is_final() {
                    assert_eq!(outcome, Err(SessionNotCompleted), "{status:?} {participation:?}");
                } else {
                    assert_eq!(outcome, Err(NotAParticipant), "{status:?} {participation:?}");
                }
            }
        }
        assert_eq!(may_give_feedback(S::InProgress, Some(P::Participating)), Err(SessionNotCompleted));
        assert_eq!(may_give_feedback(S::Completed, Some(P::NoShow)), Err(NotAParticipant));
        assert_eq!(may_give_feedback(S::Completed, None), Err(NotAParticipant));
        assert_eq!(may_give_feedback(S::Scheduled, Some(P::Rejected)), Err(NotAParticipant));
        assert_eq!(NotAParticipant.code().as_str(), "not_a_participant");
        assert_eq!(SessionNotCompleted.code().as_str(), "session_not_completed");
    }

    #[test]
    fn a_review_is_editable_for_seven_days() {
        let written = at("2026-11-22T12:00:00Z");
        assert_eq!(editable_until(written), at("2026-11-29T12:00:00Z"));
        assert!(is_editable(written, written));
        assert!(is_editable(written, at("2026-11-29T11:59:59Z")));
        assert!(!is_editable(written, at("2026-11-29T12:00:00Z")));
        assert!(!is_editable(written, at("2026-12-30T00:00:00Z")));
    }

    #[test]
    fn the_average_has_one_decimal_rounded_half_up() {
        assert_eq!(average(0, 0), None);
        assert_eq!(average(5, 1), Some(5.0));
        assert_eq!(average(9, 2), Some(4.5));
        assert_eq!(average(13, 3), Some(4.3), "4.333…");
        assert_eq!(average(14, 3), Some(4.7), "4.666…");
        assert_eq!(average(17, 4), Some(4.3), "4.25 rounds up");
        assert_eq!(average(87, 20), Some(4.4), "4.35 rounds up, not down by a float accident");
        assert_eq!(average(1, 3), Some(0.3));
    }
}
