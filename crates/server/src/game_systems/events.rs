//! The events of game systems. Audience: everyone signed in, so open selectors refresh.

use questline_domain::ids::GameSystemId;

use crate::events::{Audience, Event};

pub const GAME_SYSTEM: &str = "game_system";

pub fn updated(id: GameSystemId) -> Event {
    Event::updated(GAME_SYSTEM, id).to(Audience::Public)
}
