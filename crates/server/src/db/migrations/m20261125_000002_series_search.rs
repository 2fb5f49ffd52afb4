//! Trigram indexes for the Questboard's text search on PostgreSQL: the search is `lower(column) LIKE '%…%'`, which
//! a `pg_trgm` GIN index on `lower(column)` serves. Created only where the extension is available and this role may
//! create it (a trusted extension needs CREATE on the database), so a locked-down database still starts, searching
//! by scan. SQLite keeps the scan; FTS5 there is recorded as remaining work in docs/decisions.md.

use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

const CAN_CREATE: &str = "SELECT (EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')) OR \
     ((EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm')) AND \
      (has_database_privilege(current_database(), 'CREATE') OR \
       COALESCE((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false))) AS ok";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() != DbBackend::Postgres {
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
