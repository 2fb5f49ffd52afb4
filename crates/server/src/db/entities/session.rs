//! A row of `sessions`: a signed-in browser. The id is the SHA-256 of the cookie's token, so a copy of the
//! database cannot be used to sign in.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub account_id: Uuid,
    pub created_at: DateTimeUtc,
    pub last_seen_at: DateTimeUtc,
    /// The absolute end, however active the session is.
    pub expires_at: DateTimeUtc,
    /// When the user last signed in again at the identity provider to confirm a grave step (deleting an account
    /// without a password).
    pub reauthenticated_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    /// Read with the session in one query when a request is authenticated (`auth::session::resolve`).
    #[sea_orm(belongs_to = "super::account::Entity", from = "Column::AccountId", to = "super::account::Column::Id")]
    Account,
}

impl Related<super::account::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Account.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
