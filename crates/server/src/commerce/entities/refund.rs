//! A row of `refunds`: at most one per payment, always in full (decisions.md, Commerce §2).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "refunds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub payment_id: Uuid,
    pub session_id: Uuid,
    /// `session_cancelled`, `gm_unavailable`, `new_date_rejected`, `left_before_start`, `removed_by_gm`,
    /// `withdrawn`, `request_approved`.
    pub reason: String,
    /// `requested`, `declined`, `due`, `confirmed`, `failed`.
    pub status: String,
    pub request_message: Option<String>,
    pub decision_message: Option<String>,
    pub decided_by: Option<Uuid>,
    pub provider_refund_id: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
