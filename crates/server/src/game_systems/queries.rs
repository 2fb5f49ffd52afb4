//! Reading the tree.

use std::collections::HashMap;

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use uuid::Uuid;

use super::entity as game_system;

/// Every system, siblings in display order.
pub async fn all(conn: &impl ConnectionTrait) -> Result<Vec<game_system::Model>, DbErr> {
    game_system::Entity::find()
        .order_by_asc(game_system::Column::Position)
        .order_by_asc(game_system::Column::Name)
        .all(conn)
        .await
}

pub async fn find_by_key(conn: &impl ConnectionTrait, key: &str) -> Result<Option<game_system::Model>, DbErr> {
    game_system::Entity::find().filter(game_system::Column::Key.eq(key)).one(conn).await
}

/// Orders `rows` depth first (each family followed by its editions) and lists each one's children.
pub fn depth_first(rows: &[game_system::Model]) -> Vec<(&game_system::Model, Vec<Uuid>)> {
    let mut children: HashMap<Option<Uuid>, Vec<&game_system::Model>> = HashMap::new();
    for row in rows {
        children.entry(row.parent_id).or_default().push(row);
    }
    let mut ordered = Vec::with_capacity(rows.len());
    let mut stack: Vec<&game_system::Model> =
        children.get(&None).map(|roots| roots.iter().rev().copied().collect()).unwrap_or_default();
    while let Some(row) = stack.pop() {
        let kids = children.get(&Some(row.id)).cloned().unwrap_or_default();
        ordered.push((row, kids.iter().map(|kid| kid.id).collect()));
        stack.extend(kids.iter().rev());
    }
    ordered
}
