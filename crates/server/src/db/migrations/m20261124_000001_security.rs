//! Issue 9 (security review): a sign-in flow is bound to the browser that started it (login CSRF) and may be a
//! re-authentication of a signed-in user; a session remembers when its user last signed in again at the provider.
//! SQLite adds one column per `ALTER TABLE`, so each column is its own statement.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OidcFlows {
    Table,
    BrowserBinding,
    Intent,
    AccountId,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    ReauthenticatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // Flows live ten minutes; one started before the upgrade has no binding and cannot finish (sign in again).
        manager
            .alter_table(
                Table::alter()
                    .table(OidcFlows::Table)
                    .add_column(string(OidcFlows::BrowserBinding).default(""))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OidcFlows::Table)
                    .add_column(string(OidcFlows::Intent).default("sign_in"))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table(OidcFlows::Table).add_column(uuid_null(OidcFlows::AccountId)).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Sessions::Table)
                    .add_column(timestamp_with_time_zone_null(Sessions::ReauthenticatedAt))
                    .to_owned(),
            )
            .await
    }
}
