//! The Questboard's text search. PostgreSQL: the search is `lower(column) LIKE '%…%'`, served by `pg_trgm` GIN
//! indexes on `lower(column)`, created only where the extension is available and this role may create it (a
//! trusted extension needs CREATE on the database), so a locked-down database still starts, searching by scan.
//! SQLite: an FTS5 table `series_search` (its own copy of title and description, keyed by `series_id`, kept by
//! triggers), searched by word prefixes with Unicode case and diacritic folding.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

const CAN_CREATE: &str = "SELECT (EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')) OR \
     ((EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')) AND \
      (has_database_privilege(current_database(), 'CREATE') OR \
       COALESCE((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false))) AS ok";

const SQLITE: [&str; 4] = [
    "CREATE VIRTUAL TABLE series_search USING fts5(series_id UNINDEXED, title, short_description, \
     tokenize = 'unicode61 remove_diacritics 2')",
    "CREATE TRIGGER series_search_insert AFTER INSERT ON series BEGIN \
     INSERT INTO series_search (series_id, title, short_description) \
     VALUES (new.id, new.title, new.short_description); END",
    "CREATE TRIGGER series_search_delete AFTER DELETE ON series BEGIN \
     DELETE FROM series_search WHERE series_id = old.id; END",
    "CREATE TRIGGER series_search_update AFTER UPDATE OF title, short_description ON series BEGIN \
     DELETE FROM series_search WHERE series_id = old.id; \
     INSERT INTO series_search (series_id, title, short_description) \
     VALUES (new.id, new.title, new.short_description); END",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DbBackend::Sqlite {
            for sql in SQLITE {
                db.execute_unprepared(sql).await?;
            }
            return Ok(());
        }
        let row = db.query_one_raw(Statement::from_string(DbBackend::Postgres, CAN_CREATE)).await?;
        let ok: bool = row.map(|row| row.try_get("", "ok")).transpose()?.unwrap_or(false);
        if !ok {
            return Ok(());
        }
        for sql in [
            "CREATE EXTENSION IF NOT EXISTS pg_trgm",
            "CREATE INDEX IF NOT EXISTS series_title_trgm ON series USING gin (lower(title) gin_trgm_ops)",
            "CREATE INDEX IF NOT EXISTS series_description_trgm ON series USING gin (lower(short_description) gin_trgm_ops)",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
