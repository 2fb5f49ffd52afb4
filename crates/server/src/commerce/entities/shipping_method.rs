//! A row of `cart_shipping_methods`: the SDK's checkout wants one; a seat ships nothing, so it is the free
//! `so_digital_seat`.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "cart_shipping_methods")]
pub struct Model {
    /// `casm_` + 26 base32 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub cart_id: String,
    pub option_id: String,
    pub name: String,
    pub amount_minor: i64,
    pub data: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
