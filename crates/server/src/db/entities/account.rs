//! A row of `accounts`: one person's sign-in identity, roles and preferences.

use questline_domain::accounts::AccountStatus;
use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    #[sea_orm(unique)]
    pub email: String,
    pub email_verified_at: Option<DateTimeUtc>,
    /// An argon2id PHC string; `None` for accounts that only sign in through OpenID Connect, and after deletion.
    pub password_hash: Option<String>,
    pub display_name: String,
    pub locale: String,
    pub time_zone: String,
    /// Read it through [`Model::status`], which parses it once.
    pub status: String,
    pub is_admin: bool,
    pub gm_since: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub deleted_at: Option<DateTimeUtc>,
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    /// The account's status as the domain's enum. A value this version does not know (written by a newer one)
    /// counts as suspended: such an account neither signs in nor passes for deleted.
    pub fn status(&self) -> AccountStatus {
        AccountStatus::parse(&self.status).unwrap_or(AccountStatus::Suspended)
    }
}
