//! Profiles (one per account) and the shopping regions of the built-in commerce backend, seeded with Poland (PLN)
//! and a euro region.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Profiles {
    Table,
    Id,
    AccountId,
    FirstName,
    LastName,
    Birthdate,
    Bio,
    Language,
    Address1,
    City,
    PostalCode,
    Country,
    Phone,
    ClaimedYearsExperience,
    ExperienceLevel,
    Playstyles,
    GmClaimedYearsExperience,
    GmExperienceLevel,
    GmPlaystyles,
    BasicsCompletedAt,
}

#[derive(DeriveIden)]
enum Regions {
    Table,
    Id,
    Name,
    CurrencyCode,
    Position,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Profiles::Table)
                    .col(uuid(Profiles::Id).primary_key())
                    .col(uuid_uniq(Profiles::AccountId))
                    .col(string(Profiles::FirstName).default(""))
                    .col(string(Profiles::LastName).default(""))
                    .col(date_null(Profiles::Birthdate))
                    .col(text(Profiles::Bio).default(""))
                    .col(string(Profiles::Language).default("en"))
                    .col(string_null(Profiles::Address1))
                    .col(string_null(Profiles::City))
                    .col(string_null(Profiles::PostalCode))
                    .col(string_null(Profiles::Country))
                    .col(string_null(Profiles::Phone))
                    .col(integer(Profiles::ClaimedYearsExperience).default(0))
                    .col(string(Profiles::ExperienceLevel).default("beginner"))
                    .col(json(Profiles::Playstyles))
                    .col(integer(Profiles::GmClaimedYearsExperience).default(0))
                    .col(string(Profiles::GmExperienceLevel).default("beginner"))
                    .col(json(Profiles::GmPlaystyles))
                    .col(timestamp_with_time_zone_null(Profiles::BasicsCompletedAt))
                    .versioned_timestamps()
                    .owned_by_account(Profiles::Table, Profiles::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Regions::Table)
                    .col(uuid(Regions::Id).primary_key())
                    .col(string(Regions::Name))
                    .col(string(Regions::CurrencyCode))
                    .col(integer(Regions::Position).default(0))
                    .to_owned(),
            )
            .await?;
        let seed = Query::insert()
            .into_table(Regions::Table)
            .columns([Regions::Id, Regions::Name, Regions::CurrencyCode, Regions::Position])
            .values_panic([uuid::Uuid::now_v7().into(), "Poland".into(), "pln".into(), 0.into()])
            .values_panic([uuid::Uuid::now_v7().into(), "Europe".into(), "eur".into(), 1.into()])
            .to_owned();
        manager.exec_stmt(seed).await
    }
}
