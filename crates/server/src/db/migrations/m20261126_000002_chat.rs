//! Direct chat (issue 17). One conversation per pair of accounts (`pair_key`: both ids, the smaller first, unique),
//! its two participants with their read marker, its messages numbered `seq` 1, 2, 3… within the conversation (the
//! conversation's `last_seq` hands them out inside the sending transaction, so numbers never repeat and order is
//! exact even when the clock gives two messages the same time), blocks between accounts, and reports for an admin.
//!
//! A context change (a chat started from a series) is a row of `chat_messages` with `kind` `context` and the series
//! in `series_id`: a marker in the history, where it happened; the conversation's `context_series_id` is the
//! current one. A message's `client_id` is the id its sender's client made for it: unique per sender, so a retried
//! send finds the stored message instead of writing a second.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Series {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ChatConversations {
    Table,
    Id,
    PairKey,
    ContextSeriesId,
    LastSeq,
    LastMessageAt,
}

#[derive(DeriveIden)]
enum ChatParticipants {
    Table,
    ConversationId,
    AccountId,
    LastReadSeq,
    JoinedAt,
}

#[derive(DeriveIden)]
enum ChatMessages {
    Table,
    Id,
    ConversationId,
    Seq,
    Kind,
    SenderId,
    ClientId,
    Body,
    SeriesId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ChatBlocks {
    Table,
    BlockerId,
    BlockedId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ChatReports {
    Table,
    Id,
    ReporterId,
    ReportedAccountId,
    MessageId,
    MessageBody,
    Reason,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ChatConversations::Table)
                    .col(uuid(ChatConversations::Id).primary_key())
                    .col(string(ChatConversations::PairKey))
                    .col(uuid_null(ChatConversations::ContextSeriesId))
                    .col(big_integer(ChatConversations::LastSeq).default(0))
                    .col(timestamp_with_time_zone_null(ChatConversations::LastMessageAt))
                    .versioned_timestamps()
                    .foreign_key(
                        ForeignKey::create()
                            .from(ChatConversations::Table, ChatConversations::ContextSeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChatParticipants::Table)
                    .col(uuid(ChatParticipants::ConversationId))
                    .col(uuid(ChatParticipants::AccountId))
                    .col(big_integer(ChatParticipants::LastReadSeq).default(0))
                    .col(timestamp_with_time_zone(ChatParticipants::JoinedAt))
                    .primary_key(Index::create().col(ChatParticipants::ConversationId).col(ChatParticipants::AccountId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(ChatParticipants::Table, ChatParticipants::ConversationId)
                            .to(ChatConversations::Table, ChatConversations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(ChatParticipants::Table, ChatParticipants::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChatMessages::Table)
                    .col(uuid(ChatMessages::Id).primary_key())
                    .col(uuid(ChatMessages::ConversationId))
                    .col(big_integer(ChatMessages::Seq))
                    .col(string(ChatMessages::Kind))
                    .col(uuid(ChatMessages::SenderId))
                    .col(uuid_null(ChatMessages::ClientId))
                    .col(text_null(ChatMessages::Body))
                    .col(uuid_null(ChatMessages::SeriesId))
                    .col(timestamp_with_time_zone(ChatMessages::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(ChatMessages::Table, ChatMessages::ConversationId)
                            .to(ChatConversations::Table, ChatConversations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(ChatMessages::Table, ChatMessages::SeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .owned_by_account(ChatMessages::Table, ChatMessages::SenderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChatBlocks::Table)
                    .col(uuid(ChatBlocks::BlockerId))
                    .col(uuid(ChatBlocks::BlockedId))
                    .col(timestamp_with_time_zone(ChatBlocks::CreatedAt))
                    .primary_key(Index::create().col(ChatBlocks::BlockerId).col(ChatBlocks::BlockedId))
                    .owned_by_account(ChatBlocks::Table, ChatBlocks::BlockerId)
                    .owned_by_account(ChatBlocks::Table, ChatBlocks::BlockedId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ChatReports::Table)
                    .col(uuid(ChatReports::Id).primary_key())
                    .col(uuid(ChatReports::ReporterId))
                    .col(uuid(ChatReports::ReportedAccountId))
                    .col(uuid_null(ChatReports::MessageId))
                    // The message as it read when reported: the admin sees what was reported.
                    .col(text_null(ChatReports::MessageBody))
                    .col(text_null(ChatReports::Reason))
                    .col(timestamp_with_time_zone(ChatReports::CreatedAt))
                    .owned_by_account(ChatReports::Table, ChatReports::ReporterId)
                    .owned_by_account(ChatReports::Table, ChatReports::ReportedAccountId)
                    .to_owned(),
            )
            .await?;
        let indexes = [
            // One conversation per pair of accounts; two starts racing meet here.
            Index::create()
                .name("ux_chat_conversations_pair")
                .table(ChatConversations::Table)
                .col(ChatConversations::PairKey)
                .unique()
                .to_owned(),
            // An account's conversations (listChats).
            Index::create()
                .name("chat_participants_account")
                .table(ChatParticipants::Table)
                .col(ChatParticipants::AccountId)
                .to_owned(),
            // History pages, newest first, and unread counts: (conversation, seq).
            Index::create()
                .name("ux_chat_messages_conversation_seq")
                .table(ChatMessages::Table)
                .col(ChatMessages::ConversationId)
                .col(ChatMessages::Seq)
                .unique()
                .to_owned(),
            // Idempotent sends: a client id names one message of its sender (NULLs, the context markers, differ).
            Index::create()
                .name("ux_chat_messages_sender_client")
                .table(ChatMessages::Table)
                .col(ChatMessages::SenderId)
                .col(ChatMessages::ClientId)
                .unique()
                .to_owned(),
            Index::create().name("chat_blocks_blocked").table(ChatBlocks::Table).col(ChatBlocks::BlockedId).to_owned(),
            Index::create()
                .name("chat_reports_created")
                .table(ChatReports::Table)
                .col(ChatReports::CreatedAt)
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
