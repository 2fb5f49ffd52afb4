//! A row of `carts`: a shopper's cart, reached by its account or by the visitor cookie's hash, never by id alone.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "carts")]
pub struct Model {
    /// `cart_` + 26 base32 characters.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub region_id: Uuid,
    pub sales_channel_id: String,
    /// The region's currency when it was chosen, lower-case.
    pub currency_code: String,
    pub email: Option<String>,
    /// The signed-in owner; null while a visitor's.
    pub account_id: Option<Uuid>,
    /// SHA-256 (hex) of the `ql_visitor` cookie of a signed-out shopper; kept after a transfer so the cookie still
    /// reaches nothing else.
    pub visitor_hash: Option<String>,
    pub billing_first_name: Option<String>,
    pub billing_last_name: Option<String>,
    pub billing_address_1: Option<String>,
    pub billing_address_2: Option<String>,
    pub billing_city: Option<String>,
    pub billing_postal_code: Option<String>,
    /// `pl` or `be`.
    pub billing_country_code: Option<String>,
    pub billing_phone: Option<String>,
    /// Set when the order is recorded; a completed cart is never changed again.
    pub completed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
