//! The event outbox: every change a feature makes is described by a row written in the same transaction.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Events {
    Table,
    Id,
    Entity,
    EntityId,
    Kind,
    Audience,
    Data,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Events::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Events::Id))
                    .col(string(Events::Entity))
                    .col(string(Events::EntityId))
                    .col(string(Events::Kind))
                    .col(json(Events::Audience))
                    .col(json_null(Events::Data))
                    .col(timestamp_with_time_zone(Events::CreatedAt))
                    .to_owned(),
            )
            .await
    }
}
