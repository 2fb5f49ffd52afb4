//! The events of chat. Audience: the conversation's two participants, nobody else. A new message travels whole
//! (`chat_message` created, with the message as `data`: both recipients may read all of it), so an open
//! conversation shows it without a refetch; a read marker or a block is the reader's own (`chat` updated, to them
//! alone); a start or a context change is both sides' (`chat` created or updated).

use questline_domain::ids::AccountId;
use uuid::Uuid;

use crate::events::{Audience, Event};

pub const CHAT: &str = "chat";
pub const CHAT_MESSAGE: &str = "chat_message";

pub fn chat_created(id: Uuid, participants: Vec<AccountId>) -> Event {
    Event::created(CHAT, id).to(Audience::Accounts(participants))
}

pub fn chat_updated(id: Uuid, participants: Vec<AccountId>) -> Event {
    Event::updated(CHAT, id).to(Audience::Accounts(participants))
}

pub fn message_created(id: Uuid, participants: Vec<AccountId>, data: serde_json::Value) -> Event {
    Event::created(CHAT_MESSAGE, id).to(Audience::Accounts(participants)).with_data(data)
}
