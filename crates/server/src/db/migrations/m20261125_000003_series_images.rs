//! Series images (thumbnail and banner): the bytes the server re-encoded, kept in the database so instances stay
//! stateless. `series.thumbnail_image_id` / `banner_image_id` point at the current one; a replaced image is
//! deleted in the same transaction, and a series' images go with it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Series {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum SeriesImages {
    Table,
    Id,
    SeriesId,
    Kind,
    ContentType,
    Width,
    Height,
    Sha256,
    Bytes,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(SeriesImages::Table)
                    .col(uuid(SeriesImages::Id).primary_key())
                    .col(uuid(SeriesImages::SeriesId))
                    .col(string(SeriesImages::Kind))
                    .col(string(SeriesImages::ContentType))
                    .col(integer(SeriesImages::Width))
                    .col(integer(SeriesImages::Height))
                    .col(string(SeriesImages::Sha256))
                    .col(blob(SeriesImages::Bytes))
                    .col(timestamp_with_time_zone(SeriesImages::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(SeriesImages::Table, SeriesImages::SeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("series_images_series")
                    .table(SeriesImages::Table)
                    .col(SeriesImages::SeriesId)
                    .to_owned(),
            )
            .await
    }
}
