//! The events of profiles, named by the owner's account id. Audience: everyone signed in when the public view
//! changed, the owner alone when only private fields did (issue 9, finding 16); events carry no data.

use questline_domain::ids::AccountId;

use crate::events::{Audience, Event};

pub const PROFILE: &str = "profile";

/// A profile changed; `public` says whether what everyone may see changed with it.
pub fn updated(owner: AccountId, public: bool) -> Event {
    let audience = if public { Audience::Public } else { Audience::account(owner) };
    Event::updated(PROFILE, owner).to(audience)
}
