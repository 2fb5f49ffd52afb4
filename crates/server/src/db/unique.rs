//! The unique indexes a write may run into and the code answers for, each known by its name. A conflict is read
//! as the refusal of the index it names ("this e-mail is taken"), and only that one: a violation of any other
//! index is a fault, not a client error.
//!
//! The two databases name a violation differently. PostgreSQL names the index (`... violates unique constraint
//! "ux_series_handle"`); SQLite names the columns (`UNIQUE constraint failed: series.handle`). An index is
//! therefore written down with both, and `tests/api/unique_indexes.rs` checks every one against the schema the
//! migrations build on each database.

use sea_orm::{DbErr, SqlErr};

/// A unique index: its name (PostgreSQL's, for a column's own `UNIQUE` the default `<table>_<column>_key`), its
/// table and its columns in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UniqueIndex {
    pub name: &'static str,
    pub table: &'static str,
    pub columns: &'static [&'static str],
}

impl UniqueIndex {
    /// Whether `error` is a violation of this index.
    pub fn violated_by(&self, error: &DbErr) -> bool {
        match error.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(message)) => self.named_in(&message),
            _ => false,
        }
    }

    /// Whether a database's message about a unique violation names this index.
    fn named_in(&self, message: &str) -> bool {
        if message.contains(&format!("\"{}\"", self.name)) {
            return true;
        }
        let Some((_, columns)) = message.split_once("UNIQUE constraint failed: ") else {
            return false;
        };
        let named: Vec<&str> = columns.trim().split(", ").collect();
        named.len() == self.columns.len()
            && named.iter().zip(self.columns).all(|(named, column)| {
                named.split_once('.').is_some_and(|(table, name)| table == self.table && name == *column)
            })
    }
}

pub const ACCOUNTS_EMAIL: UniqueIndex =
    UniqueIndex { name: "accounts_email_key", table: "accounts", columns: &["email"] };
pub const OIDC_IDENTITY: UniqueIndex =
    UniqueIndex { name: "oidc_identities_issuer_subject", table: "oidc_identities", columns: &["issuer", "subject"] };
pub const BLUEPRINT_HANDLE: UniqueIndex =
    UniqueIndex { name: "ux_activity_blueprints_handle", table: "activity_blueprints", columns: &["handle"] };
pub const PART_HANDLE: UniqueIndex =
    UniqueIndex { name: "ux_blueprint_parts_handle", table: "blueprint_parts", columns: &["handle"] };
pub const SERIES_HANDLE: UniqueIndex = UniqueIndex { name: "ux_series_handle", table: "series", columns: &["handle"] };
pub const APPLICATION_PER_PLAYER: UniqueIndex = UniqueIndex {
    name: "ux_series_applications_series_player",
    table: "series_applications",
    columns: &["series_id", "player_id"],
};
pub const REFUND_PER_PAYMENT: UniqueIndex =
    UniqueIndex { name: "refunds_payment_id_key", table: "refunds", columns: &["payment_id"] };
pub const CONVERSATION_PAIR: UniqueIndex =
    UniqueIndex { name: "ux_chat_conversations_pair", table: "chat_conversations", columns: &["pair_key"] };
pub const MESSAGE_CLIENT_ID: UniqueIndex = UniqueIndex {
    name: "ux_chat_messages_sender_client",
    table: "chat_messages",
    columns: &["sender_id", "client_id"],
};
pub const REVIEW_PER_AUTHOR: UniqueIndex =
    UniqueIndex { name: "ux_reviews_session_author", table: "reviews", columns: &["session_id", "author_id"] };

/// Every index above, for the test that finds each in the schema.
pub const ALL: &[UniqueIndex] = &[
    ACCOUNTS_EMAIL,
    OIDC_IDENTITY,
    BLUEPRINT_HANDLE,
    PART_HANDLE,
    SERIES_HANDLE,
    APPLICATION_PER_PLAYER,
    REFUND_PER_PAYMENT,
    CONVERSATION_PAIR,
    MESSAGE_CLIENT_ID,
    REVIEW_PER_AUTHOR,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postgres_names_the_index() {
        let message = "duplicate key value violates unique constraint \"ux_series_handle\"";
        assert!(SERIES_HANDLE.named_in(message));
        assert!(!BLUEPRINT_HANDLE.named_in(message));
        // A name that only begins like another's is not it.
        let longer = "duplicate key value violates unique constraint \"ux_series_handle_old\"";
        assert!(!SERIES_HANDLE.named_in(longer));
    }

    #[test]
    fn sqlite_names_the_columns_in_order() {
        let message = "UNIQUE constraint failed: series_applications.series_id, series_applications.player_id";
        assert!(APPLICATION_PER_PLAYER.named_in(message));
        assert!(!REVIEW_PER_AUTHOR.named_in(message));
        assert!(!APPLICATION_PER_PLAYER.named_in("UNIQUE constraint failed: series_applications.series_id"));
        // Another table's column of the same name is another index.
        assert!(!SERIES_HANDLE.named_in("UNIQUE constraint failed: activity_blueprints.handle"));
        assert!(BLUEPRINT_HANDLE.named_in("UNIQUE constraint failed: activity_blueprints.handle"));
        // The primary key is no index of ours.
        assert!(!ACCOUNTS_EMAIL.named_in("UNIQUE constraint failed: accounts.id"));
    }

    #[test]
    fn every_index_is_listed_once() {
        for (i, index) in ALL.iter().enumerate() {
            assert!(!ALL[..i].iter().any(|other| other.name == index.name), "{} twice", index.name);
        }
    }
}
