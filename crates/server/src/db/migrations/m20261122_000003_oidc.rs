//! Sign-in through an OpenID Connect provider: flows in progress, the identities linked to accounts, and links
//! waiting for the account's password. Flows and pending links live in the database, not in an instance's memory,
//! because the browser may come back to another instance.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OidcFlows {
    Table,
    Id,
    Nonce,
    PkceVerifier,
    ReturnTo,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum OidcIdentities {
    Table,
    Id,
    Issuer,
    Subject,
    AccountId,
    Email,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OidcPendingLinks {
    Table,
    Id,
    AccountId,
    Issuer,
    Subject,
    Email,
    ReturnTo,
    CreatedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(OidcFlows::Table)
                    .col(string(OidcFlows::Id).primary_key())
                    .col(string(OidcFlows::Nonce))
                    .col(string(OidcFlows::PkceVerifier))
                    .col(string(OidcFlows::ReturnTo))
                    .col(timestamp_with_time_zone(OidcFlows::CreatedAt))
                    .col(timestamp_with_time_zone(OidcFlows::ExpiresAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("oidc_flows_expires_at")
                    .table(OidcFlows::Table)
                    .col(OidcFlows::ExpiresAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OidcIdentities::Table)
                    .col(uuid(OidcIdentities::Id).primary_key())
                    .col(string(OidcIdentities::Issuer))
                    .col(string(OidcIdentities::Subject))
                    .col(uuid(OidcIdentities::AccountId))
                    .col(string(OidcIdentities::Email))
                    .col(timestamp_with_time_zone(OidcIdentities::CreatedAt))
                    .owned_by_account(OidcIdentities::Table, OidcIdentities::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("oidc_identities_issuer_subject")
                    .table(OidcIdentities::Table)
                    .col(OidcIdentities::Issuer)
                    .col(OidcIdentities::Subject)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("oidc_identities_account_id")
                    .table(OidcIdentities::Table)
                    .col(OidcIdentities::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OidcPendingLinks::Table)
                    .col(string(OidcPendingLinks::Id).primary_key())
                    .col(uuid(OidcPendingLinks::AccountId))
                    .col(string(OidcPendingLinks::Issuer))
                    .col(string(OidcPendingLinks::Subject))
                    .col(string(OidcPendingLinks::Email))
                    .col(string(OidcPendingLinks::ReturnTo))
                    .col(timestamp_with_time_zone(OidcPendingLinks::CreatedAt))
                    .col(timestamp_with_time_zone(OidcPendingLinks::ExpiresAt))
                    .owned_by_account(OidcPendingLinks::Table, OidcPendingLinks::AccountId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("oidc_pending_links_account_id")
                    .table(OidcPendingLinks::Table)
                    .col(OidcPendingLinks::AccountId)
                    .to_owned(),
            )
            .await
    }
}
