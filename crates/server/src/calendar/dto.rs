//! What the calendar endpoints answer.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The addresses of your feed: `webcal://` opens a calendar app's "subscribe", `https://` is for pasting.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CalendarLinks {
    pub https_url: String,
    pub webcal_url: String,
}

/// `getCalendarLinks`: your feed's addresses, or none before you asked for one.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct CalendarFeedState {
    pub feed: Option<CalendarLinks>,
}

/// The feed's secret.
#[derive(Debug, Clone, Deserialize, IntoParams)]
pub struct CalendarFeedQuery {
    /// The token of the feed's address (URL-safe base64).
    #[param(max_length = 64, pattern = r"^[A-Za-z0-9_-]+$")]
    pub token: String,
}
