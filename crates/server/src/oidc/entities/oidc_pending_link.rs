//! A row of `oidc_pending_links`: a provider identity whose verified e-mail matches an existing account, waiting for
//! that account's password before it is linked. The id is the SHA-256 of the link token given to the browser.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "oidc_pending_links")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub account_id: Uuid,
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub return_to: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
