//! A row of the event outbox.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub entity: String,
    pub entity_id: String,
    pub kind: String,
    pub audience: Json,
    pub data: Option<Json>,
    pub created_at: DateTimeUtc,
    /// What the event means for people (`events::Notice`s), for the notifications' consumer.
    pub notices: Option<Json>,
    /// When the consumer turned the notices into notifications.
    pub noticed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
