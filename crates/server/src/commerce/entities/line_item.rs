//! A row of `cart_line_items`: the seat in a cart. Its variant is the session payment (`variant_<payment hex>`),
//! priced by the payment, never by the client.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "cart_line_items")]
pub struct Model {
    /// `cali_` + 26 base32 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub cart_id: String,
    pub variant_id: String,
    /// The `session_payments` row this line pays.
    pub payment_id: Uuid,
    pub session_id: Uuid,
    /// "<series title> — <session start>", as the order will show it.
    pub title: String,
    /// Always 1: a seat.
    pub quantity: i32,
    pub unit_price_minor: i64,
    /// The shopper's metadata, merged with ours (`session_id`, `payment_id`) on the way out.
    pub metadata: Json,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
