//! A row of `payment_sessions`: one attempt to pay a collection with one provider; a new one replaces the live one.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_sessions")]
pub struct Model {
    /// `payses_` + 26 base32 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub payment_collection_id: String,
    /// `pp_system_default`, `pp_stripe_stripe`.
    pub provider_id: String,
    pub amount_minor: i64,
    pub currency_code: String,
    /// `pending`, `requires_more`, `authorized`, `captured`, `error`, `canceled`.
    pub status: String,
    /// What the browser may see (`{}`, or Stripe's `{client_secret}`).
    pub data: Json,
    /// The provider's own id of the attempt (a PaymentIntent id); never sent to the browser.
    pub provider_ref: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
