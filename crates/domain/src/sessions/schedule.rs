//! The schedule rules of a session: its start (at least 15 minutes ahead), its duration (1 to 1440 minutes), and
//! when a schedule may change.

use super::*;

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
            code: ErrorCode::SessionTooSoon.to_owned(),
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
