//! Schema migrations, one file per change, run at every start on SQLite and PostgreSQL alike. Written with
//! SeaORM's schema builder so the same migration produces the right SQL for each database.

use sea_orm_migration::prelude::*;

mod columns;
mod m20261122_000001_events;
mod m20261122_000002_accounts;
mod m20261122_000003_oidc;
mod m20261122_000005_profiles_regions;
mod m20261123_000003_jobs;
mod m20261124_000001_security;
mod m20261124_000002_game_systems_blueprints;
mod m20261125_000001_series;
mod m20261125_000002_series_search;
mod m20261125_000003_series_images;
mod m20261125_000009_questboard_order;
mod m20261125_000010_series_applications;
mod m20261125_000011_sessions;
mod m20261126_000001_commerce;
mod m20261126_000002_chat;
mod m20261126_000010_stripe_provider;
mod m20261127_000001_notifications;
mod m20261127_000020_reviews;
mod m20261127_000030_payment_disputes;
mod m20261129_000040_test_orders;
mod m20261129_000050_calendar_feeds;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_events::Migration),
            Box::new(m20261122_000002_accounts::Migration),
            Box::new(m20261122_000003_oidc::Migration),
            Box::new(m20261122_000005_profiles_regions::Migration),
            Box::new(m20261123_000003_jobs::Migration),
            Box::new(m20261124_000001_security::Migration),
            Box::new(m20261124_000002_game_systems_blueprints::Migration),
            Box::new(m20261125_000001_series::Migration),
            Box::new(m20261125_000002_series_search::Migration),
            Box::new(m20261125_000003_series_images::Migration),
            Box::new(m20261125_000009_questboard_order::Migration),
            Box::new(m20261125_000010_series_applications::Migration),
            Box::new(m20261125_000011_sessions::Migration),
            Box::new(m20261126_000001_commerce::Migration),
            Box::new(m20261126_000002_chat::Migration),
            Box::new(m20261126_000010_stripe_provider::Migration),
            Box::new(m20261127_000001_notifications::Migration),
            Box::new(m20261127_000020_reviews::Migration),
            Box::new(m20261127_000030_payment_disputes::Migration),
            Box::new(m20261129_000040_test_orders::Migration),
            Box::new(m20261129_000050_calendar_feeds::Migration),
        ]
    }
}
