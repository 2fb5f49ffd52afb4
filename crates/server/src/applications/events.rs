//! The events of applications. Audience: the applicant and the series' GM, nobody else (an application is
//! between the two of them). The seat count it changes is the series' own event (`series::take_seat`).

use questline_domain::ids::{AccountId, ApplicationId};

use crate::events::{Audience, Event};

pub const SERIES_APPLICATION: &str = "series_application";

fn audience(player: AccountId, gm: AccountId) -> Audience {
    Audience::Accounts(vec![player, gm])
}

pub fn created(id: ApplicationId, player: AccountId, gm: AccountId) -> Event {
    Event::created(SERIES_APPLICATION, id.as_uuid()).to(audience(player, gm))
}

pub fn updated(id: ApplicationId, player: AccountId, gm: AccountId) -> Event {
    Event::updated(SERIES_APPLICATION, id.as_uuid()).to(audience(player, gm))
}
