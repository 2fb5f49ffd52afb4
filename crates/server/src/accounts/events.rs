//! The events of accounts. Audience: the owner only (their settings, roles and e-mail are nobody else's).

use questline_domain::ids::AccountId;

use crate::events::{Audience, Event};

pub const ACCOUNT: &str = "account";

pub fn created(id: AccountId) -> Event {
    Event::created(ACCOUNT, id).to(Audience::account(id))
}

pub fn updated(id: AccountId) -> Event {
    Event::updated(ACCOUNT, id).to(Audience::account(id))
}

pub fn deleted(id: AccountId) -> Event {
    Event::deleted(ACCOUNT, id).to(Audience::account(id))
}
