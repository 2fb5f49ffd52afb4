//! Series: what a GM publishes from one of their blueprints, with its schedule in the same row (a series has at
//! most one schedule; `schedule_*` columns are all null until it is set). Pricing and player requirements are
//! null until set. The card facts of the Questboard (`next_session_at`, `seats_taken`) are precomputed columns,
//! and the indexes follow the Questboard's filters. A blueprint in use cannot be deleted (the foreign key
//! refuses too, behind the explicit check that gives the spec's message).

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum ActivityBlueprints {
    Table,
    Id,
    GameSystemId,
    ActivityType,
}

#[derive(DeriveIden)]
enum Series {
    Table,
    Id,
    Handle,
    GmId,
    BlueprintId,
    Title,
    ShortDescription,
    LifecycleStatus,
    RecruitmentStatus,
    PricingModel,
    PriceMinor,
    CurrencyCode,
    MinPlayers,
    MaxPlayers,
    MinPlayerAge,
    LocationKind,
    LocationLink,
    LocationCity,
    LocationVenue,
    Language,
    ThumbnailImageId,
    BannerImageId,
    ScheduleStartTime,
    ScheduleDurationMinutes,
    ScheduleIsRecurring,
    ScheduleRecurrenceRule,
    ScheduleTimeZone,
    ScheduleFirstDate,
    NextSessionAt,
    SeatsTaken,
    PublishedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Series::Table)
                    .col(uuid(Series::Id).primary_key())
                    .col(string(Series::Handle))
                    .col(uuid(Series::GmId))
                    .col(uuid(Series::BlueprintId))
                    .col(string(Series::Title))
                    .col(text(Series::ShortDescription).default(""))
                    .col(string(Series::LifecycleStatus))
                    .col(string(Series::RecruitmentStatus))
                    .col(string_null(Series::PricingModel))
                    .col(big_integer_null(Series::PriceMinor))
                    .col(string_null(Series::CurrencyCode))
                    .col(integer_null(Series::MinPlayers))
                    .col(integer_null(Series::MaxPlayers))
                    .col(integer_null(Series::MinPlayerAge))
                    .col(string_null(Series::LocationKind))
                    .col(string_null(Series::LocationLink))
                    .col(string_null(Series::LocationCity))
                    .col(string_null(Series::LocationVenue))
                    .col(string(Series::Language))
                    .col(uuid_null(Series::ThumbnailImageId))
                    .col(uuid_null(Series::BannerImageId))
                    .col(string_null(Series::ScheduleStartTime))
                    .col(integer_null(Series::ScheduleDurationMinutes))
                    .col(boolean_null(Series::ScheduleIsRecurring))
                    .col(string_null(Series::ScheduleRecurrenceRule))
                    .col(string_null(Series::ScheduleTimeZone))
                    .col(string_null(Series::ScheduleFirstDate))
                    .col(timestamp_with_time_zone_null(Series::NextSessionAt))
                    .col(integer(Series::SeatsTaken).default(0))
                    .col(timestamp_with_time_zone_null(Series::PublishedAt))
                    .versioned_timestamps()
                    .owned_by_account(Series::Table, Series::GmId)
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_series_blueprint")
                            .from(Series::Table, Series::BlueprintId)
                            .to(ActivityBlueprints::Table, ActivityBlueprints::Id)
                            // Checked at the end of the statement, so erasing an account takes its blueprints and
                            // series together; alone, a blueprint in use is refused.
                            .on_delete(ForeignKeyAction::NoAction),
                    )
                    .to_owned(),
            )
            .await?;
        let indexes = [
            Index::create().name("ux_series_handle").table(Series::Table).col(Series::Handle).unique().to_owned(),
            // My Series: the GM's, most recently changed first.
            Index::create().name("series_gm").table(Series::Table).col(Series::GmId).col(Series::UpdatedAt).to_owned(),
            // "Is this blueprint used?" and the format/game-system filters through the blueprint.
            Index::create().name("series_blueprint").table(Series::Table).col(Series::BlueprintId).to_owned(),
            // The Questboard: published and active, newest first.
            Index::create()
                .name("series_board")
                .table(Series::Table)
                .col(Series::LifecycleStatus)
                .col(Series::PublishedAt)
                .to_owned(),
            Index::create()
                .name("series_board_language")
                .table(Series::Table)
                .col(Series::Language)
                .col(Series::LifecycleStatus)
                .col(Series::PublishedAt)
                .to_owned(),
            Index::create()
                .name("series_board_price")
                .table(Series::Table)
                .col(Series::CurrencyCode)
                .col(Series::PriceMinor)
                .to_owned(),
        ];
        // The game-system and format filters select blueprints first (`blueprints::ids_matching`).
        let blueprint_filter = Index::create()
            .name("activity_blueprints_system_type")
            .table(ActivityBlueprints::Table)
            .col(ActivityBlueprints::GameSystemId)
            .col(ActivityBlueprints::ActivityType)
            .to_owned();
        for index in indexes.into_iter().chain([blueprint_filter]) {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
