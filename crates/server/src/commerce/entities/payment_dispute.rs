//! A row of `payment_disputes`: a provider's dispute of a recorded payment, as last read, and what the ledger shows
//! for it (decisions.md, Commerce §12).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_disputes")]
pub struct Model {
    /// The provider's id (Stripe's `dp_…`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub provider_id: String,
    pub payment_id: Uuid,
    pub order_id: String,
    pub amount_minor: i64,
    pub currency_code: String,
    /// The provider's reason (`fraudulent`, `product_not_received`, …).
    pub reason: String,
    /// The provider's status as last read.
    pub status: String,
    /// Whether the ledger shows the disputed money withdrawn (the payment's rows reversed).
    pub withdrawn: bool,
    /// How many balance moves the applied reading had: an older reading is never applied over a newer one.
    pub progress: i32,
    /// The charge the withdrawal reversed (0 when the payment had nothing left to reverse, e.g. refunded).
    pub reversed_minor: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
