//! The events of series. Audience: a draft's go to its GM only; once a series has been published, its changes
//! are public (everyone signed in), as the Questboard shows it.

use questline_domain::ids::{AccountId, SeriesId};
use questline_domain::series::LifecycleStatus;

use crate::events::{Audience, Event};

pub const SERIES: &str = "series";

fn audience(status: LifecycleStatus, gm: AccountId) -> Audience {
    if status == LifecycleStatus::Draft { Audience::account(gm) } else { Audience::Public }
}

pub fn created(id: SeriesId, gm: AccountId) -> Event {
    Event::created(SERIES, id).to(Audience::account(gm))
}

/// A change seen by whoever can see the series now (`status` is the status after the change).
pub fn updated(id: SeriesId, gm: AccountId, status: LifecycleStatus) -> Event {
    Event::updated(SERIES, id).to(audience(status, gm))
}

pub fn deleted(id: SeriesId, gm: AccountId) -> Event {
    Event::deleted(SERIES, id).to(Audience::account(gm))
}
