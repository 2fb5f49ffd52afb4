//! Series applications (issue 14): one row per (series, player) — applying again after a cancellation or a
//! rejection reopens the same row — with the player's latest message and the GM's latest reply, and every message
//! kept in `series_application_messages` (who wrote what, when). `gm_id` is the series' GM, copied when the player
//! applies (a series never changes its GM), so the GM's list needs no join. `series.seats_taken` counts the
//! accepted ones and is kept in the same transaction as each change.

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
enum SeriesApplications {
    Table,
    Id,
    SeriesId,
    PlayerId,
    GmId,
    Status,
    Message,
    ReplyMessage,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SeriesApplicationMessages {
    Table,
    Id,
    ApplicationId,
    Action,
    AuthorId,
    Message,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SeriesApplications::Table)
                    .col(uuid(SeriesApplications::Id).primary_key())
                    .col(uuid(SeriesApplications::SeriesId))
                    .col(uuid(SeriesApplications::PlayerId))
                    .col(uuid(SeriesApplications::GmId))
                    .col(string(SeriesApplications::Status))
                    .col(text_null(SeriesApplications::Message))
                    .col(text_null(SeriesApplications::ReplyMessage))
                    .versioned_timestamps()
                    .foreign_key(
                        ForeignKey::create()
                            .from(SeriesApplications::Table, SeriesApplications::SeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(SeriesApplications::Table, SeriesApplications::PlayerId)
                    .owned_by_account(SeriesApplications::Table, SeriesApplications::GmId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SeriesApplicationMessages::Table)
                    .col(uuid(SeriesApplicationMessages::Id).primary_key())
                    .col(uuid(SeriesApplicationMessages::ApplicationId))
                    .col(string(SeriesApplicationMessages::Action))
                    .col(uuid(SeriesApplicationMessages::AuthorId))
                    .col(text_null(SeriesApplicationMessages::Message))
                    .col(timestamp_with_time_zone(SeriesApplicationMessages::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(SeriesApplicationMessages::Table, SeriesApplicationMessages::ApplicationId)
                            .to(SeriesApplications::Table, SeriesApplications::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(SeriesApplicationMessages::Table, SeriesApplicationMessages::AuthorId)
                    .to_owned(),
            )
            .await?;
        let indexes = [
            // One application per (series, player): a second apply reopens the row; two racing ones meet here.
            Index::create()
                .name("ux_series_applications_series_player")
                .table(SeriesApplications::Table)
                .col(SeriesApplications::SeriesId)
                .col(SeriesApplications::PlayerId)
                .unique()
                .to_owned(),
            // The player's applications (and My Games), most recently changed first.
            Index::create()
                .name("series_applications_player")
                .table(SeriesApplications::Table)
                .col(SeriesApplications::PlayerId)
                .col(SeriesApplications::UpdatedAt)
                .to_owned(),
            // The GM's applications, filtered by status.
            Index::create()
                .name("series_applications_gm")
                .table(SeriesApplications::Table)
                .col(SeriesApplications::GmId)
                .col(SeriesApplications::Status)
                .col(SeriesApplications::UpdatedAt)
                .to_owned(),
            Index::create()
                .name("series_application_messages_application")
                .table(SeriesApplicationMessages::Table)
                .col(SeriesApplicationMessages::ApplicationId)
                .col(SeriesApplicationMessages::CreatedAt)
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
