//! A row of `ledger_entries`: append-only, the only record of money (decisions.md, Commerce §1). Ids only; names
//! are read when a report is made.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "ledger_entries")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub payment_id: Uuid,
    pub order_id: String,
    pub session_id: Uuid,
    pub series_id: Uuid,
    pub gm_id: Uuid,
    pub player_id: Uuid,
    /// `charge`, `platform_fee`, `gm_share`.
    pub kind: String,
    /// Signed: a reversal is negative.
    pub amount_minor: i64,
    pub currency_code: String,
    /// `YYYY-MM` (UTC) of the charge, or of the provider's refund confirmation.
    pub month: String,
    /// The entry a reversal undoes.
    pub reverses: Option<Uuid>,
    /// A test order's row: paid with the built-in provider ("Test payment"), no money moved. Earnings and payouts
    /// leave it out.
    pub is_test: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
