//! A row of `orders`: a recorded sale, with everything an invoice needs snapshotted at completion (decisions.md,
//! Commerce §1), so later edits of names, addresses or the fee never change it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    /// `order_` + 26 base32 characters, allocated when the completion is claimed.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// The number people see, from `order_counters`.
    #[sea_orm(unique)]
    pub display_id: i64,
    #[sea_orm(unique)]
    pub cart_id: String,
    /// The buyer.
    pub account_id: Uuid,
    pub email: String,
    pub billing_first_name: Option<String>,
    pub billing_last_name: Option<String>,
    pub billing_address_1: Option<String>,
    pub billing_address_2: Option<String>,
    pub billing_city: Option<String>,
    pub billing_postal_code: Option<String>,
    pub billing_country_code: Option<String>,
    pub billing_phone: Option<String>,
    /// The seller: the session's GM, and their name at the time.
    pub gm_id: Uuid,
    pub seller_name: String,
    pub session_id: Uuid,
    pub series_id: Uuid,
    /// The `session_payments` row paid.
    pub payment_id: Uuid,
    pub region_id: Uuid,
    pub currency_code: String,
    pub subtotal_minor: i64,
    pub tax_total_minor: i64,
    pub total_minor: i64,
    /// The platform fee in basis points when sold (1000 = 10 %).
    pub fee_bps: i32,
    pub platform_fee_minor: i64,
    pub gm_share_minor: i64,
    pub provider_id: String,
    pub transaction_id: String,
    /// `captured` or `refunded`.
    pub payment_status: String,
    /// The order's lines as sent (`[{id, variant_id, title, quantity, unit_price_minor, metadata}]`).
    pub items: Json,
    pub seller_tax_id: Option<String>,
    pub buyer_tax_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
