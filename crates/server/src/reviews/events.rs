//! The events of reviews: entity `review`, created or updated, to the reviewed GM and the review's author, without
//! data (what either may see differs: clients refetch).

use questline_domain::ids::AccountId;
use questline_domain::notifications::{NotificationKind, NotificationParams};
use uuid::Uuid;

use crate::events::{Audience, Event, Notice};

pub const REVIEW: &str = "review";

/// A new review of `gm` by `author` (named `author_name`) of a session (`session_id`) of the series `series_title`,
/// rated `rating`, with the GM's `review_received` notification, which leads to the GM's profile, where the review
/// is shown with its "Answer publicly".
pub fn review_created(
    review: Uuid,
    gm: AccountId,
    author: AccountId,
    author_name: &str,
    series_title: &str,
    session_id: Uuid,
    rating: u8,
) -> Event {
    let params = NotificationParams {
        actor_id: Some(author.as_uuid()),
        actor_name: Some(author_name.to_owned()),
        series_title: Some(series_title.to_owned()),
        session_id: Some(session_id),
        rating: Some(i32::from(rating)),
        ..NotificationParams::default()
    };
    let notice = Notice::new(NotificationKind::ReviewReceived, vec![gm], format!("/profile/{}", gm.as_uuid()), params);
    Event::created(REVIEW, review).to(Audience::Accounts(vec![gm, author])).notice(notice)
}

/// A review changed: edited, answered, hidden or shown again.
pub fn review_updated(review: Uuid, gm: AccountId, author: AccountId) -> Event {
    Event::updated(REVIEW, review).to(Audience::Accounts(vec![gm, author]))
}
