//! Durable jobs: background work (timed state moves, retries, e-mail) that survives restarts and runs once across
//! instances. See `jobs`.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Kind,
    Payload,
    UniqueKey,
    RunAt,
    EverySecs,
    Attempts,
    MaxAttempts,
    LockedBy,
    LockedUntil,
    LastError,
    FailedAt,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(uuid(Jobs::Id).primary_key())
                    .col(string(Jobs::Kind))
                    .col(json(Jobs::Payload))
                    .col(string_null(Jobs::UniqueKey).unique_key())
                    .col(timestamp_with_time_zone(Jobs::RunAt))
                    .col(big_integer_null(Jobs::EverySecs))
                    .col(integer(Jobs::Attempts).default(0))
                    .col(integer(Jobs::MaxAttempts))
                    .col(string_null(Jobs::LockedBy))
                    .col(timestamp_with_time_zone_null(Jobs::LockedUntil))
                    .col(text_null(Jobs::LastError))
                    .col(timestamp_with_time_zone_null(Jobs::FailedAt))
                    .col(timestamp_with_time_zone(Jobs::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager.create_index(Index::create().name("jobs_due").table(Jobs::Table).col(Jobs::RunAt).to_owned()).await?;
        // The outbox cleanup deletes by age.
        manager
            .create_index(
                Index::create()
                    .name("events_created_at")
                    .table(Alias::new("events"))
                    .col(Alias::new("created_at"))
                    .to_owned(),
            )
            .await
    }
}
