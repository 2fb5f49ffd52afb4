//! The events of blueprints and parts. Audience: the owner only — blueprints and parts are private until a series
//! shows them.

use questline_domain::ids::{AccountId, BlueprintId, BlueprintPartId};

use crate::events::{Audience, Event};

pub const BLUEPRINT: &str = "activity_blueprint";
pub const PART: &str = "blueprint_part";

pub fn created(id: BlueprintId, owner: AccountId) -> Event {
    Event::created(BLUEPRINT, id).to(Audience::account(owner))
}

pub fn updated(id: BlueprintId, owner: AccountId) -> Event {
    Event::updated(BLUEPRINT, id).to(Audience::account(owner))
}

pub fn deleted(id: BlueprintId, owner: AccountId) -> Event {
    Event::deleted(BLUEPRINT, id).to(Audience::account(owner))
}

pub fn part_created(id: BlueprintPartId, owner: AccountId) -> Event {
    Event::created(PART, id).to(Audience::account(owner))
}

pub fn part_updated(id: BlueprintPartId, owner: AccountId) -> Event {
    Event::updated(PART, id).to(Audience::account(owner))
}

pub fn part_deleted(id: BlueprintPartId, owner: AccountId) -> Event {
    Event::deleted(PART, id).to(Audience::account(owner))
}
