//! A campaign that runs itself (issue 35): a series' sessions generated from its schedule on a rolling horizon, and
//! a go/no-go that cancels a table below its minimum before the day rather than an hour after it should have
//! started. Pure rules; the server's durable jobs load a series and its sessions, ask these what to do, and write it.
//!
//! - [`settings`]: the series' settings of both, parsed with field errors.
//! - [`generation`]: the occurrences the horizon holds, and the plan that brings the sessions in line with them.
//! - [`go_no_go`]: the deadline, which sessions it binds, the decision at it and the reminder a day before.
//! - [`calendar`]: the iCalendar text of an account's feed and of one session's event, with the feed's validators.

pub mod calendar;
pub mod generation;
pub mod go_no_go;
pub mod settings;

pub use calendar::{
    CalendarEvent, EventStatus, Feed, MEDIA_TYPE, PRODID, REFRESH_INTERVAL_MINUTES, Reader, Uid, calendar, etag, feed,
    last_modified, sequence, single_event,
};
pub use generation::{
    ExistingSession, HORIZON_DAYS, Kept, KeptReason, MOVE_WITHIN_DAYS, Move, Occurrence, Plan, generates, horizon,
    occurrence_date, plan,
};
pub use go_no_go::{
    BelowMinimum, Decision, Exemption, GoNoGoSession, Participant, REMINDER_BEFORE_DEADLINE_HOURS, Reminder,
    ReminderDecision, deadline, decide, is_subject, remind, reminder_at, seats_held,
};
pub use settings::{
    CampaignSettings, CampaignSettingsInput, GO_NO_GO_LEAD_DEFAULT_HOURS, GO_NO_GO_LEAD_MAX_HOURS,
    GO_NO_GO_LEAD_MIN_HOURS, GenerationSettings, GoNoGoLead, OCCURRENCES_AHEAD_DEFAULT, OCCURRENCES_AHEAD_MAX,
    OCCURRENCES_AHEAD_MIN, OccurrencesAhead, SettingsError,
};
