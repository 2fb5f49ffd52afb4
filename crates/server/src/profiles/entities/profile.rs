//! A row of `profiles`: the player part and, once the account is a GM, the GM part. Fields the specification
//! requires may be empty until the user completes the profile wizard (`basics_completed_at`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "profiles")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub account_id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub birthdate: Option<Date>,
    pub bio: String,
    pub language: String,
    pub address1: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
    pub phone: Option<String>,
    pub claimed_years_experience: i32,
    pub experience_level: String,
    /// A JSON list of playstyle names.
    pub playstyles: Json,
    pub gm_claimed_years_experience: i32,
    pub gm_experience_level: String,
    pub gm_playstyles: Json,
    pub basics_completed_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
