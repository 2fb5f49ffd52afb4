//! `questline backup <file>` and `questline restore <file>` for SQLite, where the whole platform (accounts,
//! series, the ledger, uploaded images) lives in one file. PostgreSQL has its own tools (`pg_dump`,
//! `pg_restore`: docs/operations.md).
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction, so the copy is exactly the database as it was when it
//! began, whatever the server writes meanwhile (WAL lets both go on), compacted, without the `-wal` file. A
//! restore checks the copy and puts it where the settings say the database lives, into an empty data folder
//! only: it never replaces a database.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

use super::sqlite_path;

/// The SQLite file `database_url` names, or why there is none.
fn sqlite_file(database_url: &str, verb: &str) -> anyhow::Result<PathBuf> {
    match sqlite_path(database_url) {
        Some(path) => Ok(PathBuf::from(path)),
        None => {
            bail!("`questline {verb}` works on SQLite; for PostgreSQL use pg_dump and pg_restore (docs/operations.md)")
        }
    }
}

/// Writes a consistent copy of the database at `database_url` to `target`, which must not exist.
pub async fn backup(database_url: &str, target: &Path) -> anyhow::Result<()> {
    let source = sqlite_file(database_url, "backup")?;
    if !source.is_file() {
        bail!("there is no database at {}", source.display());
    }
    if target.exists() {
        bail!("{} already exists: a backup never overwrites a file", target.display());
    }
    let into = target.to_str().context("the backup's path must be valid UTF-8")?;
    // Made empty and the owner's only first (a database holds password hashes): `VACUUM INTO` fills an empty file.
    super::create_private_file(target)?;
    let conn = super::connect(database_url, 1).await?;
    let written = conn
        .execute_raw(Statement::from_sql_and_values(DbBackend::Sqlite, "VACUUM INTO ?", [into.into()]))
        .await
        .with_context(|| format!("cannot write the backup to {}", target.display()));
    conn.close().await?;
    if written.is_err() {
        let _ = std::fs::remove_file(target);
    }
    written?;
    Ok(())
}

/// Puts the backup `source` where `database_url` says the database lives; its folder must be empty or absent.
pub async fn restore(database_url: &str, source: &Path) -> anyhow::Result<()> {
    let target = sqlite_file(database_url, "restore")?;
    let folder = target.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if folder.exists() && std::fs::read_dir(folder)?.next().is_some() {
        bail!(
            "{} is not empty: a restore goes into an empty data folder only (move the current one aside first)",
            folder.display()
        );
    }
    check_backup(source).await?;
    // Written beside its place (the owner's only, like the database) and renamed, so an interrupted copy never
    // looks like a database.
    let partial = target.with_extension("restoring");
    super::create_private_file(&partial)?;
    let copied = std::fs::File::open(source)
        .and_then(|mut from| std::io::copy(&mut from, &mut std::fs::OpenOptions::new().write(true).open(&partial)?));
    if let Err(error) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(anyhow::Error::new(error).context(format!("cannot copy {}", source.display())));
    }
    std::fs::rename(&partial, &target)?;
    Ok(())
}

/// The file is an intact SQLite database of Questline's (it has the migrations' table).
async fn check_backup(source: &Path) -> anyhow::Result<()> {
    if !source.is_file() {
        bail!("there is no backup at {}", source.display());
    }
    let url = format!("sqlite://{}?mode=ro", source.to_str().context("the backup's path must be valid UTF-8")?);
    let conn = sea_orm::Database::connect(sea_orm::ConnectOptions::new(url).sqlx_logging(false).to_owned())
        .await
        .with_context(|| format!("{} is not a usable backup: it cannot be opened as a database", source.display()))?;
    let verdict = async {
        let integrity = conn
            .query_one_raw(Statement::from_string(DbBackend::Sqlite, "PRAGMA integrity_check"))
            .await
            .context("not an SQLite database")?
            .and_then(|row| row.try_get_by_index::<String>(0).ok());
        if integrity.as_deref() != Some("ok") {
            bail!("the database is damaged ({})", integrity.unwrap_or_default());
        }
        let migrated = conn
            .query_one_raw(Statement::from_string(
                DbBackend::Sqlite,
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'",
            ))
            .await?
            .is_some();
        if !migrated {
            bail!("it is not a Questline database");
        }
        Ok(())
    }
    .await
    .with_context(|| format!("{} is not a usable backup", source.display()));
    conn.close().await?;
    verdict
}
