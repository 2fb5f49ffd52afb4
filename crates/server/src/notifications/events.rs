//! The events of notifications. Audience: the recipient alone. A new notification travels whole (`notification`
//! created, with the notification as `data`), so the web toasts it and raises the count without a refetch; a read
//! marker is `notification` updated, without data.

use questline_domain::ids::AccountId;
use uuid::Uuid;

use crate::events::{Audience, Event};

pub const NOTIFICATION: &str = "notification";

pub fn created(id: Uuid, recipient: AccountId, data: serde_json::Value) -> Event {
    Event::created(NOTIFICATION, id).to(Audience::account(recipient)).with_data(data)
}

pub fn updated(id: Uuid, recipient: AccountId) -> Event {
    Event::updated(NOTIFICATION, id).to(Audience::account(recipient))
}
