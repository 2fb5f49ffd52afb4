//! A row of `cart_completions`: where a cart's completion stands (`started`, `authorized`, `captured`, `recorded`,
//! `voided`), so a crash or a concurrent request resumes it instead of charging twice.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "cart_completions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cart_id: String,
    pub state: String,
    /// Allocated at the claim, so every retry records the same order.
    pub order_id: String,
    /// The provider's id of the authorised attempt.
    pub provider_ref: Option<String>,
    /// A claim's lease: another completion waits (409) until it runs out.
    pub locked_until: Option<DateTimeUtc>,
    /// Declined attempts so far.
    pub attempt: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
