//! `questline admin game-system add|rename|move|remove|list`: the only way to change the tree. Systems are named
//! by their key (`dnd-5e-2024`). A move that would put a system under itself, and removing a system that has
//! editions or that a blueprint uses, are refused with a sentence that says why.

use std::collections::HashMap;

use questline_domain::ErrorCode;
use questline_domain::game_systems::{parse_key, parse_name, would_create_cycle};
use questline_domain::ids::GameSystemId;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait,
    QueryFilter, QuerySelect,
};
use uuid::Uuid;

use super::entity as game_system;
use super::queries;
use crate::db::Db;
use crate::error::ApiError;
use crate::events::EventBus;

#[derive(Debug, Clone, clap::Subcommand)]
pub enum GameSystemAction {
    /// Add a system: `add dnd-6e "6e" --parent dnd --pl "6. edycja"`. Without --parent it is a new family.
    Add {
        key: String,
        name: String,
        #[arg(long)]
        pl: Option<String>,
        #[arg(long)]
        parent: Option<String>,
    },
    /// Rename a system; --pl sets its Polish name (an empty one removes it).
    Rename {
        key: String,
        name: String,
        #[arg(long)]
        pl: Option<String>,
    },
    /// Move a system under another (--parent KEY) or to the root (--root), as the last of its new siblings.
    Move {
        key: String,
        #[arg(long, conflicts_with = "root", required_unless_present = "root")]
        parent: Option<String>,
        #[arg(long)]
        root: bool,
    },
    /// Remove a system that has no editions and that no blueprint uses.
    Remove { key: String },
    /// Print the tree.
    List,
}

/// Applies the action; returns what to tell the operator.
pub async fn apply(db: &Db, events: &EventBus, action: GameSystemAction) -> anyhow::Result<String> {
    match action {
        GameSystemAction::List => list(db).await,
        GameSystemAction::Add { key, name, pl, parent } => {
            let key = parse_key(&key).map_err(anyhow::Error::msg)?;
            let name = parse_name(&name).map_err(anyhow::Error::msg)?;
            let name_pl = polish_name(pl)?;
            if queries::find_by_key(db.conn(), &key).await?.is_some() {
                anyhow::bail!("a game system with the key {key} already exists");
            }
            let parent_id = match parent {
                Some(parent) => Some(existing(db, &parent).await?.id),
                None => None,
            };
            let position = next_position(db.conn(), parent_id).await?;
            let id = Uuid::now_v7();
            let row = game_system::ActiveModel {
                id: Set(id),
                key: Set(key.clone()),
                name: Set(name.clone()),
                name_pl: Set(name_pl.flatten()),
                parent_id: Set(parent_id),
                position: Set(position),
            };
            write(db, events, id, move |txn| Box::pin(async move { row.insert(txn).await.map(|_| ()) })).await?;
            Ok(format!("added {name} ({key})"))
        }
        GameSystemAction::Rename { key, name, pl } => {
            let current = existing(db, &key).await?;
            let name = parse_name(&name).map_err(anyhow::Error::msg)?;
            let id = current.id;
            let mut row = current.into_active_model();
            row.name = Set(name.clone());
            if let Some(name_pl) = polish_name(pl)? {
                row.name_pl = Set(name_pl);
            }
            write(db, events, id, move |txn| Box::pin(async move { row.update(txn).await.map(|_| ()) })).await?;
            Ok(format!("{key} is now called {name}"))
        }
        GameSystemAction::Move { key, parent, root: _ } => {
            let current = existing(db, &key).await?;
            let parent_id = match parent {
                Some(parent) => {
                    let parent = existing(db, &parent).await?;
                    let parents: HashMap<Uuid, Option<Uuid>> =
                        queries::all(db.conn()).await?.into_iter().map(|row| (row.id, row.parent_id)).collect();
                    if would_create_cycle(&parents, current.id, parent.id) {
                        anyhow::bail!("cannot move {key} under {}: that would put {key} inside itself", parent.key);
                    }
                    Some(parent.id)
                }
                None => None,
            };
            let position = next_position(db.conn(), parent_id).await?;
            let id = current.id;
            let mut row = current.into_active_model();
            row.parent_id = Set(parent_id);
            row.position = Set(position);
            write(db, events, id, move |txn| Box::pin(async move { row.update(txn).await.map(|_| ()) })).await?;
            Ok(format!("moved {key}"))
        }
        GameSystemAction::Remove { key } => {
            let current = existing(db, &key).await?;
            let editions = game_system::Entity::find()
                .filter(game_system::Column::ParentId.eq(current.id))
                .count(db.conn())
                .await?;
            if editions > 0 {
                anyhow::bail!("cannot remove {key}: it has {editions} edition(s); move or remove them first");
            }
            let id = current.id;
            let result = write(db, events, id, move |txn| {
                Box::pin(async move { game_system::Entity::delete_by_id(id).exec(txn).await.map(|_| ()) })
            })
            .await;
            match result {
                Ok(()) => Ok(format!("removed {key}")),
                Err(Refused::InUse) => {
                    anyhow::bail!("cannot remove {key}: activity blueprints use it; they must change system first")
                }
                Err(Refused::Other(error)) => Err(error),
            }
        }
    }
}

enum Refused {
    /// A foreign key still points at the system.
    InUse,
    Other(anyhow::Error),
}

impl From<Refused> for anyhow::Error {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::InUse => anyhow::anyhow!("the game system is in use"),
            Refused::Other(error) => error,
        }
    }
}

/// Runs one change with its public `game_system` event, so open selectors refresh.
async fn write<F>(db: &Db, events: &EventBus, id: Uuid, change: F) -> Result<(), Refused>
where
    F: for<'c> FnOnce(
            &'c sea_orm::DatabaseTransaction,
        ) -> std::pin::Pin<Box<dyn Future<Output = Result<(), sea_orm::DbErr>> + Send + 'c>>
        + Send
        + 'static,
{
    let events = events.clone();
    db.write(move |txn| {
        Box::pin(async move {
            change(txn).await.map_err(|error| {
                if is_foreign_key_violation(&error) {
                    ApiError::conflict(ErrorCode::GameSystemInUse, "The game system is in use")
                } else {
                    ApiError::internal(error)
                }
            })?;
            events.record(txn, super::events::updated(GameSystemId(id))).await?;
            Ok(())
        })
    })
    .await
    .map_err(|error| {
        if error.code == ErrorCode::GameSystemInUse {
            Refused::InUse
        } else {
            Refused::Other(anyhow::anyhow!("{error}"))
        }
    })
}

/// A row still points at the one being removed. SQLite enforces `ON DELETE RESTRICT` with a trigger, so its
/// error is SQLITE_CONSTRAINT_TRIGGER (1811), which SeaORM does not classify as a foreign-key violation.
fn is_foreign_key_violation(error: &sea_orm::DbErr) -> bool {
    matches!(error.sql_err(), Some(sea_orm::SqlErr::ForeignKeyConstraintViolation(_)))
        || error.to_string().contains("FOREIGN KEY constraint failed")
}

/// `--pl ""` removes the Polish name; no flag leaves it alone.
fn polish_name(pl: Option<String>) -> anyhow::Result<Option<Option<String>>> {
    match pl {
        None => Ok(None),
        Some(name) if name.trim().is_empty() => Ok(Some(None)),
        Some(name) => Ok(Some(Some(parse_name(&name).map_err(anyhow::Error::msg)?))),
    }
}

async fn existing(db: &Db, key: &str) -> anyhow::Result<game_system::Model> {
    queries::find_by_key(db.conn(), key.trim())
        .await?
        .ok_or_else(|| anyhow::anyhow!("no game system has the key {key} (see `questline admin game-system list`)"))
}

async fn next_position(conn: &impl ConnectionTrait, parent_id: Option<Uuid>) -> anyhow::Result<i32> {
    let siblings = match parent_id {
        Some(parent) => game_system::Column::ParentId.eq(parent),
        None => game_system::Column::ParentId.is_null(),
    };
    let last: Option<Option<i32>> = game_system::Entity::find()
        .select_only()
        .column_as(game_system::Column::Position.max(), "max")
        .filter(siblings)
        .into_tuple()
        .one(conn)
        .await?;
    Ok(last.flatten().map_or(0, |last| last + 1))
}

async fn list(db: &Db) -> anyhow::Result<String> {
    let rows = queries::all(db.conn()).await?;
    let depth: HashMap<Uuid, usize> = {
        let parents: HashMap<Uuid, Option<Uuid>> = rows.iter().map(|row| (row.id, row.parent_id)).collect();
        rows.iter()
            .map(|row| {
                let mut level = 0;
                let mut current = row.parent_id;
                while let Some(parent) = current {
                    level += 1;
                    current = parents.get(&parent).copied().flatten();
                }
                (row.id, level)
            })
            .collect()
    };
    let lines: Vec<String> = queries::depth_first(&rows)
        .into_iter()
        .map(|(row, _)| {
            let indent = "  ".repeat(depth.get(&row.id).copied().unwrap_or(0));
            let polish = row.name_pl.as_deref().map(|pl| format!(" / {pl}")).unwrap_or_default();
            format!("{indent}{} ({}){polish}", row.name, row.key)
        })
        .collect();
    Ok(lines.join("\n"))
}
