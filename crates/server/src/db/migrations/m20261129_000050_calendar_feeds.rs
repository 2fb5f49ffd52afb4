//! Calendar feeds (issue 35): an account's private feed address carries a secret token. The token is kept as it is
//! (not hashed, as sign-in tokens are) because the account's settings show the address again and again, as calendar
//! services show their secret addresses; it reads a schedule, nothing more, and replacing it ends the old address.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CalendarFeeds {
    Table,
    AccountId,
    Token,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CalendarFeeds::Table)
                    .col(uuid(CalendarFeeds::AccountId).primary_key())
                    .col(string(CalendarFeeds::Token))
                    .col(timestamp_with_time_zone(CalendarFeeds::CreatedAt))
                    .owned_by_account(CalendarFeeds::Table, CalendarFeeds::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_calendar_feeds_token")
                    .table(CalendarFeeds::Table)
                    .col(CalendarFeeds::Token)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(CalendarFeeds::Table).to_owned()).await
    }
}
