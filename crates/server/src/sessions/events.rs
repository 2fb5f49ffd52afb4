//! The events of sessions. Audience: the session's GM and every account with a participant row, nobody else. No
//! `data`: the web refetches the session's views and lists.

use questline_domain::ids::AccountId;
use uuid::Uuid;

use crate::events::{Audience, Event};

pub const SESSION: &str = "session";

fn audience(gm: AccountId, players: &[Uuid]) -> Audience {
    let mut accounts = vec![gm];
    accounts.extend(players.iter().copied().map(AccountId));
    accounts.sort_unstable();
    accounts.dedup();
    Audience::Accounts(accounts)
}

pub fn created(id: Uuid, gm: AccountId, players: &[Uuid]) -> Event {
    Event::created(SESSION, id).to(audience(gm, players))
}

pub fn updated(id: Uuid, gm: AccountId, players: &[Uuid]) -> Event {
    Event::updated(SESSION, id).to(audience(gm, players))
}

pub fn deleted(id: Uuid, gm: AccountId, players: &[Uuid]) -> Event {
    Event::deleted(SESSION, id).to(audience(gm, players))
}
