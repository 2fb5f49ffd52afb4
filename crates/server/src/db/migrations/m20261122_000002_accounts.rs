//! Accounts, their server-side sessions and their single-use tokens (e-mail verification, password reset).

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Accounts {
    Table,
    Id,
    Email,
    EmailVerifiedAt,
    PasswordHash,
    DisplayName,
    Locale,
    TimeZone,
    Status,
    IsAdmin,
    GmSince,
    CreatedAt,
    UpdatedAt,
    DeletedAt,
    Version,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    AccountId,
    CreatedAt,
    LastSeenAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum AccountTokens {
    Table,
    Id,
    AccountId,
    Purpose,
    CreatedAt,
    ExpiresAt,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Accounts::Table)
                    .col(uuid(Accounts::Id).primary_key())
                    .col(string_uniq(Accounts::Email))
                    .col(timestamp_with_time_zone_null(Accounts::EmailVerifiedAt))
                    .col(string_null(Accounts::PasswordHash))
                    .col(string(Accounts::DisplayName))
                    .col(string(Accounts::Locale))
                    .col(string(Accounts::TimeZone))
                    .col(string(Accounts::Status))
                    .col(boolean(Accounts::IsAdmin).default(false))
                    .col(timestamp_with_time_zone_null(Accounts::GmSince))
                    .col(timestamp_with_time_zone(Accounts::CreatedAt))
                    .col(timestamp_with_time_zone(Accounts::UpdatedAt))
                    .col(timestamp_with_time_zone_null(Accounts::DeletedAt))
                    .col(big_integer(Accounts::Version).default(1))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(string(Sessions::Id).primary_key())
                    .col(uuid(Sessions::AccountId))
                    .col(timestamp_with_time_zone(Sessions::CreatedAt))
                    .col(timestamp_with_time_zone(Sessions::LastSeenAt))
                    .col(timestamp_with_time_zone(Sessions::ExpiresAt))
                    .owned_by_account(Sessions::Table, Sessions::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("sessions_account_id").table(Sessions::Table).col(Sessions::AccountId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AccountTokens::Table)
                    .col(string(AccountTokens::Id).primary_key())
                    .col(uuid(AccountTokens::AccountId))
                    .col(string(AccountTokens::Purpose))
                    .col(timestamp_with_time_zone(AccountTokens::CreatedAt))
                    .col(timestamp_with_time_zone(AccountTokens::ExpiresAt))
                    .col(timestamp_with_time_zone_null(AccountTokens::UsedAt))
                    .owned_by_account(AccountTokens::Table, AccountTokens::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("account_tokens_account_id")
                    .table(AccountTokens::Table)
                    .col(AccountTokens::AccountId)
                    .to_owned(),
            )
            .await
    }
}
