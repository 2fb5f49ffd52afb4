//! Notifications (issue 18).
//!
//! - `events.notices`: what a feature says its event means for people (kinds, recipients, params, link), written
//!   with the event; `events.noticed_at`: when the notifications' consumer turned it into notifications. The
//!   consumer reads the events with notices not yet noticed (a partial index keeps that cheap), so it depends on no
//!   cursor: an event whose transaction commits late, or while no instance runs, is still found.
//! - `notifications`: one per (recipient, `dedupe_key`), unique, so a consumer that runs twice, or two instances
//!   racing, make it once. `emailed_at` is set when its e-mail went out.
//! - `notification_preferences`: one per account that chose (none: the defaults).
//! - `notification_keys`: the server's secret for signing unsubscribe links, made once per database.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    Notices,
    NoticedAt,
}

#[derive(DeriveIden)]
enum Notifications {
    Table,
    Id,
    RecipientId,
    Kind,
    Link,
    Params,
    DedupeKey,
    SourceEventId,
    ReadAt,
    EmailedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum NotificationPreferences {
    Table,
    AccountId,
    EmailKinds,
    Reminder24h,
    Reminder1h,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum NotificationKeys {
    Table,
    Name,
    Secret,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        manager
            .alter_table(Table::alter().table(Events::Table).add_column(json_null(Events::Notices)).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Events::Table)
                    .add_column(timestamp_with_time_zone_null(Events::NoticedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE INDEX events_notices_pending ON events (id) WHERE notices IS NOT NULL AND noticed_at IS NULL",
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Notifications::Table)
                    .col(uuid(Notifications::Id).primary_key())
                    .col(uuid(Notifications::RecipientId))
                    .col(string(Notifications::Kind))
                    .col(string(Notifications::Link))
                    .col(json(Notifications::Params))
                    .col(string(Notifications::DedupeKey))
                    .col(big_integer_null(Notifications::SourceEventId))
                    .col(timestamp_with_time_zone_null(Notifications::ReadAt))
                    .col(timestamp_with_time_zone_null(Notifications::EmailedAt))
                    .col(timestamp_with_time_zone(Notifications::CreatedAt))
                    .owned_by_account(Notifications::Table, Notifications::RecipientId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NotificationPreferences::Table)
                    .col(uuid(NotificationPreferences::AccountId).primary_key())
                    .col(json(NotificationPreferences::EmailKinds))
                    .col(boolean(NotificationPreferences::Reminder24h))
                    .col(boolean(NotificationPreferences::Reminder1h))
                    .col(timestamp_with_time_zone(NotificationPreferences::UpdatedAt))
                    .owned_by_account(NotificationPreferences::Table, NotificationPreferences::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(NotificationKeys::Table)
                    .col(string(NotificationKeys::Name).primary_key())
                    .col(string(NotificationKeys::Secret))
                    .col(timestamp_with_time_zone(NotificationKeys::CreatedAt))
                    .to_owned(),
            )
            .await?;
        let indexes = [
            // Made once per recipient and cause, however often and wherever the consumer runs.
            Index::create()
                .name("ux_notifications_recipient_dedupe")
                .table(Notifications::Table)
                .col(Notifications::RecipientId)
                .col(Notifications::DedupeKey)
                .unique()
                .to_owned(),
            // A recipient's list, newest first (and the unread count).
            Index::create()
                .name("notifications_recipient_created")
                .table(Notifications::Table)
                .col(Notifications::RecipientId)
                .col(Notifications::CreatedAt)
                .to_owned(),
            // Pruning of read ones.
            Index::create()
                .name("notifications_read_at")
                .table(Notifications::Table)
                .col(Notifications::ReadAt)
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
