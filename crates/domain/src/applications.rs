//! Series applications: how a player gets a seat at a GM's table. The state machine (pending, accepted, rejected,
//! cancelled) and the moves each side may make, the message rule and the age rule, as pure functions. The server
//! loads an application, asks [`transition`] what a move does, and writes the result (with its seat change) in one
//! transaction; `docs/decisions.md` ("Applications") holds the table the tests check pair by pair.

use std::fmt;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::error::{DomainError, ErrorCode, ErrorType, FieldError};
use crate::text::{has_hidden_characters, hidden_characters_message};

/// The longest message (the player's or the GM's reply) we keep, in characters.
pub const MESSAGE_MAX: usize = 1000;

/// Where an application is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SeriesApplicationStatus))]
#[serde(rename_all = "snake_case")]
pub enum ApplicationStatus {
    /// Waiting for the GM. Every application starts here.
    Pending,
    /// The player has a seat.
    Accepted,
    /// The GM said no, or removed an accepted player.
    Rejected,
    /// The player withdrew.
    Cancelled,
}

impl ApplicationStatus {
    pub const ALL: [ApplicationStatus; 4] = [
        ApplicationStatus::Pending,
        ApplicationStatus::Accepted,
        ApplicationStatus::Rejected,
        ApplicationStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ApplicationStatus::Pending => "pending",
            ApplicationStatus::Accepted => "accepted",
            ApplicationStatus::Rejected => "rejected",
            ApplicationStatus::Cancelled => "cancelled",
        }
    }

    /// The stored or sent spelling → the status; `None` for anything else.
    pub fn parse(input: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == input)
    }

    /// Pending and accepted applications are live: the player may not apply to the same series again.
    pub fn is_live(self) -> bool {
        matches!(self, ApplicationStatus::Pending | ApplicationStatus::Accepted)
    }
}

impl fmt::Display for ApplicationStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who makes a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Party {
    /// The player who applied.
    Applicant,
    /// The series' game master.
    GameMaster,
}

/// What someone does to an application; also the history's action (`applied`, `cancelled`, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = SeriesApplicationAction))]
#[serde(rename_all = "snake_case")]
pub enum ApplicationMove {
    /// The player applies again to a series whose application was cancelled or rejected (the same row reopens).
    #[serde(rename = "applied")]
    Apply,
    #[serde(rename = "cancelled")]
    Cancel,
    #[serde(rename = "reopened")]
    Reopen,
    #[serde(rename = "accepted")]
    Accept,
    #[serde(rename = "rejected")]
    Reject,
    /// The GM removes an accepted player from the series.
    #[serde(rename = "removed")]
    Remove,
}

impl ApplicationMove {
    pub const ALL: [ApplicationMove; 6] = [
        ApplicationMove::Apply,
        ApplicationMove::Cancel,
        ApplicationMove::Reopen,
        ApplicationMove::Accept,
        ApplicationMove::Reject,
        ApplicationMove::Remove,
    ];

    /// The history's spelling of the move.
    pub fn action(self) -> &'static str {
        match self {
            ApplicationMove::Apply => "applied",
            ApplicationMove::Cancel => "cancelled",
            ApplicationMove::Reopen => "reopened",
            ApplicationMove::Accept => "accepted",
            ApplicationMove::Reject => "rejected",
            ApplicationMove::Remove => "removed",
        }
    }

    pub fn parse_action(input: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|action| action.action() == input)
    }

    /// Who may make it: the applicant applies, cancels and reopens; the GM accepts, rejects and removes.
    pub fn party(self) -> Party {
        match self {
            ApplicationMove::Apply | ApplicationMove::Cancel | ApplicationMove::Reopen => Party::Applicant,
            ApplicationMove::Accept | ApplicationMove::Reject | ApplicationMove::Remove => Party::GameMaster,
        }
    }

    /// Whether the move needs a free seat: applying and reopening (a full series takes no new applications) and
    /// accepting (the seat itself).
    pub fn needs_free_seat(self) -> bool {
        matches!(self, ApplicationMove::Apply | ApplicationMove::Reopen | ApplicationMove::Accept)
    }

    /// Whether the move asks the series to take the player (recruitment open, old enough): applying and reopening.
    pub fn is_application(self) -> bool {
        matches!(self, ApplicationMove::Apply | ApplicationMove::Reopen)
    }

    /// The verb in the refusal's message ("This application cannot be accepted in its current state").
    fn participle(self) -> &'static str {
        match self {
            ApplicationMove::Apply => "submitted again",
            ApplicationMove::Cancel => "cancelled",
            ApplicationMove::Reopen => "reopened",
            ApplicationMove::Accept => "accepted",
            ApplicationMove::Reject => "rejected",
            ApplicationMove::Remove => "removed",
        }
    }
}

impl fmt::Display for ApplicationMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.action())
    }
}

/// An accepted move: the status before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Transition {
    pub from: ApplicationStatus,
    pub to: ApplicationStatus,
    pub by: ApplicationMove,
}

impl Transition {
    /// How the series' taken seats change: +1 when the player gets a seat, −1 when they lose it.
    pub fn seat_change(&self) -> i32 {
        match (self.from == ApplicationStatus::Accepted, self.to == ApplicationStatus::Accepted) {
            (false, true) => 1,
            (true, false) => -1,
            _ => 0,
        }
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// `already_applied` (conflict): applying while the application is pending or accepted.
    AlreadyApplied,
    /// `application_state` (unexpected state): a move the current status does not allow.
    State { from: ApplicationStatus, by: ApplicationMove },
}

impl Refusal {
    pub fn error_type(self) -> ErrorType {
        match self {
            Refusal::AlreadyApplied => ErrorType::Conflict,
            Refusal::State { .. } => ErrorType::UnexpectedState,
        }
    }

    pub fn code(self) -> ErrorCode {
        match self {
            Refusal::AlreadyApplied => ErrorCode::AlreadyApplied,
            Refusal::State { .. } => ErrorCode::ApplicationState,
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::AlreadyApplied => f.write_str("You have already applied to this series"),
            Refusal::State { from, by } => {
                write!(f, "This application cannot be {} now that it is {from}", by.participle())
            }
        }
    }
}

impl From<Refusal> for DomainError {
    fn from(refusal: Refusal) -> Self {
        DomainError::new(refusal.error_type(), refusal.code(), refusal.to_string())
    }
}

/// The one function of the state machine: where `move_` takes an application that is `from`, or why not. Pure.
///
/// | from \ move | apply         | cancel    | reopen  | accept   | reject   | remove   |
/// |-------------|---------------|-----------|---------|----------|----------|----------|
/// | pending     | already       | cancelled | ✗       | accepted | rejected | ✗        |
/// | accepted    | already       | cancelled | ✗       | ✗        | ✗        | rejected |
/// | rejected    | pending       | ✗         | pending | ✗        | ✗        | ✗        |
/// | cancelled   | pending       | ✗         | pending | ✗        | ✗        | ✗        |
///
/// "already" is `already_applied`, ✗ is `application_state`. A new application starts pending.
pub fn transition(from: ApplicationStatus, move_: ApplicationMove) -> Result<Transition, Refusal> {
    use ApplicationMove::*;
    use ApplicationStatus::*;
    let to = match (from, move_) {
        (Pending | Accepted, Apply) => return Err(Refusal::AlreadyApplied),
        (Rejected | Cancelled, Apply | Reopen) => Pending,
        (Pending | Accepted, Cancel) => Cancelled,
        (Pending, Accept) => Accepted,
        (Pending, Reject) => Rejected,
        (Accepted, Remove) => Rejected,
        _ => return Err(Refusal::State { from, by: move_ }),
    };
    Ok(Transition { from, to, by: move_ })
}

/// A message (the player's, or the GM's reply): trimmed, empty is none, at most [`MESSAGE_MAX`] characters
/// (line breaks count; `\r\n` is kept as one `\n`), with no control or format characters but line breaks (as a
/// bio).
pub fn parse_message(input: Option<&str>) -> Result<Option<String>, FieldError> {
    let Some(text) = input.map(|text| text.replace("\r\n", "\n")) else { return Ok(None) };
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().count() > MESSAGE_MAX {
        return Err(FieldError::new(
            ErrorCode::MessageTooLong,
            format!("Message must be at most {MESSAGE_MAX} characters"),
        )
        .param("max", MESSAGE_MAX));
    }
    // The other side reads it: line breaks are fine, invisible and direction-changing characters are not.
    if has_hidden_characters(text, true) {
        return Err(FieldError::new(ErrorCode::MessageControlCharacters, hidden_characters_message("Message")));
    }
    Ok(Some(text.to_owned()))
}

/// [`parse_message`] for a request's field: its refusal is the request's, under `field` ("message", "reason").
pub fn message_field(input: Option<&str>, field: &str) -> Result<Option<String>, DomainError> {
    parse_message(input).map_err(|error| {
        let mut fields = crate::error::FieldErrors::new();
        fields.insert(field.to_owned(), vec![error]);
        DomainError::invalid_fields(fields)
    })
}

/// Whole years someone born on `birthdate` has lived on `on`. A 29 February birthday is reached on 1 March in a
/// year without one (the day after 28 February), as UK law counts it.
pub fn age_on(birthdate: NaiveDate, on: NaiveDate) -> i32 {
    let years = on.year() - birthdate.year();
    if (on.month(), on.day()) < (birthdate.month(), birthdate.day()) { years - 1 } else { years }
}

/// Why the age rule refused an application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeRefusal {
    /// `birthdate_required`: the series has a minimum age and the player's birthdate is unknown.
    BirthdateRequired,
    /// `too_young`: younger than `min_age` on the day of the next session.
    TooYoung { min_age: u8 },
}

impl AgeRefusal {
    pub fn code(self) -> ErrorCode {
        match self {
            AgeRefusal::BirthdateRequired => ErrorCode::BirthdateRequired,
            AgeRefusal::TooYoung { .. } => ErrorCode::TooYoung,
        }
    }
}

impl fmt::Display for AgeRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgeRefusal::BirthdateRequired => {
                f.write_str("Add your date of birth to your profile before applying to this series")
            }
            AgeRefusal::TooYoung { min_age } => {
                write!(f, "You must be at least {min_age} years old on the day of the next session to join this series")
            }
        }
    }
}

impl From<AgeRefusal> for DomainError {
    fn from(refusal: AgeRefusal) -> Self {
        DomainError::new(ErrorType::NotAllowed, refusal.code(), refusal.to_string())
    }
}

/// The age rule: a player may join a series with a minimum age only when they are at least that old on `on`, the
/// date of its next session in the series' zone (today when it has none). No minimum (none set, or 0) admits
/// everyone, with or without a birthdate.
pub fn check_age(min_age: Option<u8>, birthdate: Option<NaiveDate>, on: NaiveDate) -> Result<(), AgeRefusal> {
    let Some(min_age) = min_age.filter(|age| *age > 0) else { return Ok(()) };
    let birthdate = birthdate.ok_or(AgeRefusal::BirthdateRequired)?;
    if age_on(birthdate, on) < i32::from(min_age) { Err(AgeRefusal::TooYoung { min_age }) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::ApplicationMove::*;
    use super::ApplicationStatus::*;
    use super::*;

    /// What the table in docs/decisions.md says, written out by hand: the status after the move, or the code.
    fn expected(from: ApplicationStatus, by: ApplicationMove) -> Result<ApplicationStatus, &'static str> {
        const NO: Result<ApplicationStatus, &str> = Err("application_state");
        const ALREADY: Result<ApplicationStatus, &str> = Err("already_applied");
        let row = match from {
            //            apply         cancel         reopen       accept         reject         remove
            Pending => [ALREADY, Ok(Cancelled), NO, Ok(Accepted), Ok(Rejected), NO],
            Accepted => [ALREADY, Ok(Cancelled), NO, NO, NO, Ok(Rejected)],
            Rejected => [Ok(Pending), NO, Ok(Pending), NO, NO, NO],
            Cancelled => [Ok(Pending), NO, Ok(Pending), NO, NO, NO],
        };
        row[ApplicationMove::ALL.iter().position(|m| *m == by).unwrap()]
    }

    #[test]
    fn every_state_and_move_follows_the_table() {
        let mut checked = 0;
        for from in ApplicationStatus::ALL {
            for by in ApplicationMove::ALL {
                let got = transition(from, by);
                assert_eq!(got.map(|t| t.to).map_err(|r| r.code().as_str()), expected(from, by), "{from} by {by}");
                if let Ok(t) = got {
                    assert_eq!((t.from, t.by), (from, by));
                }
                checked += 1;
            }
        }
        assert_eq!(checked, 24);
    }

    #[test]
    fn refusals_say_what_and_why() {
        let refusal = transition(Cancelled, Accept).unwrap_err();
        assert_eq!(refusal.to_string(), "This application cannot be accepted now that it is cancelled");
        let error = DomainError::from(refusal);
        assert_eq!((error.kind, error.code.as_str()), (ErrorType::UnexpectedState, "application_state"));
        assert_eq!(
            transition(Accepted, Reopen).unwrap_err().to_string(),
            "This application cannot be reopened now that it is accepted"
        );
        let again = DomainError::from(transition(Pending, Apply).unwrap_err());
        assert_eq!((again.kind, again.code.as_str()), (ErrorType::Conflict, "already_applied"));
        assert_eq!(again.message, "You have already applied to this series");
    }

    #[test]
    fn seats_follow_the_accepted_status() {
        assert_eq!(transition(Pending, Accept).unwrap().seat_change(), 1);
        assert_eq!(transition(Accepted, Cancel).unwrap().seat_change(), -1);
        assert_eq!(transition(Accepted, Remove).unwrap().seat_change(), -1);
        for (from, by) in [(Pending, Cancel), (Pending, Reject), (Cancelled, Reopen), (Rejected, Apply)] {
            assert_eq!(transition(from, by).unwrap().seat_change(), 0, "{from} by {by}");
        }
    }

    #[test]
    fn each_side_has_its_moves() {
        for by in [Apply, Cancel, Reopen] {
            assert_eq!(by.party(), Party::Applicant);
        }
        for by in [Accept, Reject, Remove] {
            assert_eq!(by.party(), Party::GameMaster);
        }
        assert!(Apply.needs_free_seat() && Reopen.needs_free_seat() && Accept.needs_free_seat());
        assert!(!Cancel.needs_free_seat() && !Reject.needs_free_seat() && !Remove.needs_free_seat());
        assert!(Apply.is_application() && Reopen.is_application() && !Accept.is_application());
    }

    #[test]
    fn statuses_and_actions_travel_in_snake_case() {
        for status in ApplicationStatus::ALL {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(ApplicationStatus::parse(status.as_str()), Some(status));
        }
        for by in ApplicationMove::ALL {
            assert_eq!(serde_json::to_value(by).unwrap(), by.action());
            assert_eq!(ApplicationMove::parse_action(by.action()), Some(by));
        }
        assert_eq!(ApplicationStatus::parse("canceled"), None, "one spelling: British");
        assert!(Pending.is_live() && Accepted.is_live() && !Rejected.is_live() && !Cancelled.is_live());
    }

    #[test]
    fn messages_are_trimmed_optional_and_bounded() {
        assert_eq!(parse_message(None), Ok(None));
        assert_eq!(parse_message(Some("   \n ")), Ok(None));
        assert_eq!(parse_message(Some("  Hi!\r\nSee you  ")), Ok(Some("Hi!\nSee you".to_owned())));
        let longest = "ż".repeat(MESSAGE_MAX);
        assert_eq!(parse_message(Some(&longest)), Ok(Some(longest.clone())));
        let error = parse_message(Some(&format!("{longest}a"))).unwrap_err();
        assert_eq!(error, "Message must be at most 1000 characters");
        assert_eq!(error.code, ErrorCode::MessageTooLong);
        let hidden = parse_message(Some("Hi\u{0}there")).unwrap_err();
        assert_eq!(hidden.code, ErrorCode::MessageControlCharacters);
        assert_eq!(hidden, "Message must not contain control characters");
        assert!(parse_message(Some("Hi\tthere")).is_err());
        assert!(parse_message(Some("Hi \u{202E}there")).is_err());
        assert!(parse_message(Some("Paragraph one.\n\nTwo 👩\u{200D}💻")).is_ok());
    }

    #[test]
    fn a_message_field_refuses_under_its_name() {
        assert_eq!(message_field(Some(" Hi "), "reason"), Ok(Some("Hi".to_owned())));
        let refused = message_field(Some("Hi\u{0}"), "reason").unwrap_err();
        assert_eq!(refused.code, ErrorCode::ValidationFailed);
        assert_eq!(refused.fields["reason"][0].code, ErrorCode::MessageControlCharacters);
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn age_counts_whole_years_up_to_the_birthday() {
        let born = date(2010, 6, 15);
        assert_eq!(age_on(born, date(2026, 6, 14)), 15, "the day before the birthday");
        assert_eq!(age_on(born, date(2026, 6, 15)), 16, "on the birthday");
        assert_eq!(age_on(born, date(2026, 6, 16)), 16);
        assert_eq!(age_on(born, date(2026, 12, 31)), 16);
        assert_eq!(age_on(born, date(2027, 1, 1)), 16);
        assert_eq!(age_on(born, born), 0);
    }

    #[test]
    fn a_leap_day_birthday_is_reached_on_the_first_of_march() {
        let born = date(2008, 2, 29);
        assert_eq!(age_on(born, date(2026, 2, 28)), 17);
        assert_eq!(age_on(born, date(2026, 3, 1)), 18);
        assert_eq!(age_on(born, date(2028, 2, 28)), 19);
        assert_eq!(age_on(born, date(2028, 2, 29)), 20, "in a leap year, on the day itself");
    }

    #[test]
    fn the_age_rule_needs_a_birthdate_only_with_a_minimum() {
        let on = date(2026, 11, 24);
        assert_eq!(check_age(None, None, on), Ok(()));
        assert_eq!(check_age(Some(0), None, on), Ok(()));
        assert_eq!(check_age(Some(18), None, on), Err(AgeRefusal::BirthdateRequired));
        assert_eq!(check_age(Some(18), Some(date(2008, 11, 24)), on), Ok(()), "18 that very day");
        assert_eq!(check_age(Some(18), Some(date(2008, 11, 25)), on), Err(AgeRefusal::TooYoung { min_age: 18 }));
        let error = DomainError::from(AgeRefusal::TooYoung { min_age: 18 });
        assert_eq!((error.kind, error.code.as_str()), (ErrorType::NotAllowed, "too_young"));
        assert_eq!(
            error.message,
            "You must be at least 18 years old on the day of the next session to join this series"
        );
        let error = DomainError::from(AgeRefusal::BirthdateRequired);
        assert_eq!(error.code.as_str(), "birthdate_required");
        assert_eq!(error.message, "Add your date of birth to your profile before applying to this series");
    }
}
