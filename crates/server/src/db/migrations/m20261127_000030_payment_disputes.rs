//! Disputes (chargebacks) of card payments (issue 16, decisions.md commerce §12): one row per provider dispute,
//! holding what its latest reading said and what the ledger was made to show for it.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum PaymentDisputes {
    Table,
    Id,
    ProviderId,
    PaymentId,
    OrderId,
    AmountMinor,
    CurrencyCode,
    Reason,
    Status,
    Withdrawn,
    Progress,
    ReversedMinor,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PaymentDisputes::Table)
                    .col(string(PaymentDisputes::Id).primary_key())
                    .col(string(PaymentDisputes::ProviderId))
                    .col(uuid(PaymentDisputes::PaymentId))
                    .col(string(PaymentDisputes::OrderId))
                    .col(big_integer(PaymentDisputes::AmountMinor))
                    .col(string(PaymentDisputes::CurrencyCode))
                    .col(string(PaymentDisputes::Reason))
                    .col(string(PaymentDisputes::Status))
                    .col(boolean(PaymentDisputes::Withdrawn))
                    .col(integer(PaymentDisputes::Progress))
                    .col(big_integer(PaymentDisputes::ReversedMinor))
                    .col(timestamp_with_time_zone(PaymentDisputes::CreatedAt))
                    .col(timestamp_with_time_zone(PaymentDisputes::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("payment_disputes_payment")
                    .table(PaymentDisputes::Table)
                    .col(PaymentDisputes::PaymentId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(PaymentDisputes::Table).to_owned()).await
    }
}
