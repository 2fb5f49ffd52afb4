//! A row of `game_systems`: one node of the curated tree.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "game_systems")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    /// The operator's handle for it in `questline admin game-system …` (`dnd-5e-2024`).
    #[sea_orm(unique)]
    pub key: String,
    /// The English name, also used where no translation exists.
    pub name: String,
    pub name_pl: Option<String>,
    pub parent_id: Option<Uuid>,
    /// Order among its siblings.
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
