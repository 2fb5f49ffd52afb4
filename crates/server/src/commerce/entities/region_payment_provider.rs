//! A row of `region_payment_providers`: a provider offered in a region (seeded `pp_system_default` for each).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "region_payment_providers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub region_id: Uuid,
    #[sea_orm(primary_key, auto_increment = false)]
    pub provider_id: String,
    pub is_enabled: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
