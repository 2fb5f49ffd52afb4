//! Test orders (issue 31): the ledger marks the rows of orders paid with the built-in provider ("Test payment",
//! which takes no money) so earnings and payouts leave them out. Rows written before this change are marked from
//! their order's provider.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LedgerEntries {
    Table,
    IsTest,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(LedgerEntries::Table)
                    .add_column(boolean(LedgerEntries::IsTest).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE ledger_entries SET is_test = TRUE WHERE order_id IN \
                 (SELECT id FROM orders WHERE provider_id = 'pp_system_default')",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(LedgerEntries::Table).drop_column(LedgerEntries::IsTest).to_owned())
            .await
    }
}
