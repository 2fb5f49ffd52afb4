//! The events of reviews: entity `review`, created or updated, to the reviewed GM and the review's author, without
//! data (what either may see differs: clients refetch).

use questline_domain::ids::AccountId;
use uuid::Uuid;

use crate::events::{Audience, Event};

pub const REVIEW: &str = "review";

/// A new review of `gm` by `author` (named `author_name`) of a session (`session_id`) of the series `series_title`,
/// rated `rating`. The GM's notification of it (issue 18's `review_received`, params `actor_name`,
/// `series_title`, `session_id`, `rating`) is built from these same arguments on this event.
pub fn review_created(
    review: Uuid,
    gm: AccountId,
    author: AccountId,
    author_name: &str,
    series_title: &str,
    session_id: Uuid,
    rating: u8,
) -> Event {
    tracing::info!(%review, %gm, %session_id, rating, "review received");
    // The notification's wording (issue 18) reads these; the outbox event itself carries no data.
    let _ = (author_name, series_title);
    Event::created(REVIEW, review).to(Audience::Accounts(vec![gm, author]))
}

/// A review changed: edited, answered, hidden or shown again.
pub fn review_updated(review: Uuid, gm: AccountId, author: AccountId) -> Event {
    Event::updated(REVIEW, review).to(Audience::Accounts(vec![gm, author]))
}
