//! A row of `oidc_identities`: an identity at an OpenID Connect provider (issuer + subject) that signs in to an
//! account.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "oidc_identities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub issuer: String,
    /// The provider's `sub` claim; with the issuer, unique.
    pub subject: String,
    pub account_id: Uuid,
    /// The e-mail the provider gave when the identity was linked (for people reading the table).
    pub email: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
