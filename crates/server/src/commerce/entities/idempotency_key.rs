//! A row of `idempotency_keys`: a store POST's `Idempotency-Key` and its first answer, replayed for 24 hours.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "idempotency_keys")]
pub struct Model {
    /// The account id or the visitor hash: keys are per caller, so nobody replays another's answer.
    #[sea_orm(primary_key, auto_increment = false)]
    pub principal: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub method: String,
    pub path: String,
    /// SHA-256 (hex) of the request body: the same key with another body is refused.
    pub request_hash: String,
    /// `in_progress` or `done`.
    pub state: String,
    pub status: Option<i32>,
    pub body: Option<String>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
