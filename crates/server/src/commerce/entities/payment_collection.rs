//! A row of `payment_collections`: what a cart is to pay, one per cart, holding the live payment session.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_collections")]
pub struct Model {
    /// `pay_col_` + 26 base32 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    #[sea_orm(unique)]
    pub cart_id: String,
    pub currency_code: String,
    /// The cart's total when the collection was created or its seat last changed.
    pub amount_minor: i64,
    /// Medusa's collection status: `not_paid`, `awaiting`, `authorized`, `completed`, `canceled`.
    pub status: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
