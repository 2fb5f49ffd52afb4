//! Stripe (issue 16, decisions.md commerce §5): every region lists `pp_stripe_stripe` beside the built-in provider.
//! The row alone offers nothing: `PaymentProviders::has` keeps a provider this instance has not configured out of
//! every list, so an instance without Stripe's keys never shows it, and one given the keys offers it at once.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Regions {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum RegionPaymentProviders {
    Table,
    RegionId,
    ProviderId,
    IsEnabled,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let seed = Query::insert()
            .into_table(RegionPaymentProviders::Table)
            .columns([
                RegionPaymentProviders::RegionId,
                RegionPaymentProviders::ProviderId,
                RegionPaymentProviders::IsEnabled,
            ])
            .select_from(
                Query::select()
                    .column(Regions::Id)
                    .expr(Expr::val("pp_stripe_stripe"))
                    .expr(Expr::val(true))
                    .from(Regions::Table)
                    .to_owned(),
            )
            .map_err(|error| DbErr::Migration(error.to_string()))?
            .to_owned();
        manager.exec_stmt(seed).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let delete = Query::delete()
            .from_table(RegionPaymentProviders::Table)
            .and_where(Expr::col(RegionPaymentProviders::ProviderId).eq("pp_stripe_stripe"))
            .to_owned();
        manager.exec_stmt(delete).await
    }
}
