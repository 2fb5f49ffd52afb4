//! Hooks: how a feature tells the features above it what happened, and asks them what only they know, without
//! naming them. Imports only go down the floors (docs/architecture.md); news and questions that must go up travel
//! through these registries, which the composition root (`app.rs`) fills, so a lower feature names no higher one
//! and a new feature adds itself in one line there.
//!
//! - [`AccountHooks`]: an account is created, proves its e-mail, is suspended or erased (`accounts` tells).
//! - [`SeriesHooks`]: a series' requirements change, it ends, a player leaves it (`series`, `applications` tell);
//!   is a blueprint in use, is a player seated at a series' table (`blueprints`, `series` ask).
//! - [`PlayerHooks`]: a player's birthdate, stated experience and sessions played (`applications` asks).
//!
//! News hooks run inside the transaction of the change, so every feature's part changes together or not at all.

mod accounts;
mod players;
mod series;

pub use accounts::{AccountHook, AccountHooks};
pub use players::{Birthdate, Experience, PlayerHooks, SessionsPlayed};
pub use series::{BlueprintInUse, PlayerLeftHook, Seated, SeriesHook, SeriesHooks};

/// Every registry, as the root listed them. Cheap to share (behind an `Arc` in `AppState`).
#[derive(Clone, Debug, Default)]
pub struct Hooks {
    pub accounts: AccountHooks,
    pub series: SeriesHooks,
    pub players: PlayerHooks,
}

/// The names of the features listed for one hook, for `Debug`.
fn names<T>(listed: &[(&'static str, T)]) -> Vec<&'static str> {
    listed.iter().map(|(name, _)| *name).collect()
}
