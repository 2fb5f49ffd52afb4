//! The database: one connection pool for SQLite or PostgreSQL, the migrations, and `Db::write`, the one way to run
//! a write that must not race.
//!
//! `Db::write` behaves the same on both databases: on SQLite it opens the transaction with `BEGIN IMMEDIATE`, so the
//! write lock is taken up front and two writers queue on the busy timeout instead of failing half-way when a read
//! lock cannot be upgraded; on PostgreSQL it is an ordinary READ COMMITTED transaction in which conditional
//! `UPDATE … WHERE version = $n` statements (see [`expect_updated`]) or row locks decide who wins. After a commit it
//! wakes the event dispatcher, so events written in the transaction go out at once.

pub mod entities;
pub mod migrations;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, SqliteTransactionMode,
    TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use tokio::sync::watch;

use crate::config::redact_url;
use crate::error::ApiError;

/// How long a SQLite writer waits for the write lock before giving up.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The boxed future a write closure returns; the lifetime ties it to the transaction it borrows.
pub type TxFuture<'c, T> = Pin<Box<dyn Future<Output = Result<T, ApiError>> + Send + 'c>>;

#[derive(Clone, Debug)]
pub struct Db {
    conn: DatabaseConnection,
    /// Counts commits made through `write`; the event dispatcher and the job runner each watch it.
    commits: Arc<watch::Sender<u64>>,
}

impl Db {
    pub fn new(conn: DatabaseConnection) -> Self {
        Self { conn, commits: Arc::new(watch::Sender::new(0)) }
    }

    /// The pool, for reads.
    pub fn conn(&self) -> &DatabaseConnection {
        &self.conn
    }

    pub fn backend(&self) -> DbBackend {
        self.conn.get_database_backend()
    }

    /// Changes after every committed write; the event dispatcher and the job runner wait on it. A watcher that
    /// was busy when a commit happened still sees the change, so no wake-up is lost.
    pub fn commits(&self) -> watch::Receiver<u64> {
        self.commits.subscribe()
    }

    /// Runs `work` in a write transaction: committed when it returns `Ok`, rolled back when it returns `Err`.
    pub async fn write<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send,
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> TxFuture<'c, T> + Send,
    {
        let options = TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        };
        let txn = self.conn.begin_with_options(options).await?;
        match work(&txn).await {
            Ok(value) => {
                txn.commit().await?;
                self.commits.send_modify(|count| *count = count.wrapping_add(1));
                Ok(value)
            }
            Err(error) => {
                if let Err(rollback) = txn.rollback().await {
                    tracing::warn!(error = %rollback, "rollback failed");
                }
                Err(error)
            }
        }
    }

    /// Answers whether the database can be reached.
    pub async fn ping(&self) -> Result<(), DbErr> {
        self.conn.ping().await
    }
}

/// A conditional update (`… WHERE id = $1 AND version = $2`) touched exactly one row, or the row changed since it
/// was read: a `conflict` with code `stale_version`.
pub fn expect_updated(rows_affected: u64) -> Result<(), ApiError> {
    if rows_affected == 1 { Ok(()) } else { Err(ApiError::stale_version()) }
}

/// Opens the pool. SQLite gets WAL, foreign keys, a busy timeout and its folder created; PostgreSQL is used as is.
pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url)
        && let Some(parent) = std::path::Path::new(path).parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)?;
    }
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max_connections)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(10))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .create_if_missing(true)
        });
    let conn = Database::connect(options)
        .await
        .map_err(|error| anyhow::anyhow!("cannot connect to {}: {error}", redact_url(url)))?;
    Ok(conn)
}

/// Brings the schema up to date. Safe to run at every start and from several instances at once on PostgreSQL
/// (the migrator's table is written in one transaction per migration).
pub async fn migrate(conn: &DatabaseConnection) -> Result<(), DbErr> {
    migrations::Migrator::up(conn, None).await
}

fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_paths_are_found_in_urls() {
        assert_eq!(sqlite_path("sqlite://./data/questline.db?mode=rwc"), Some("./data/questline.db"));
        assert_eq!(sqlite_path("sqlite:///tmp/q.db"), Some("/tmp/q.db"));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
        assert_eq!(sqlite_path("postgres://localhost/q"), None);
    }

    #[test]
    fn a_stale_version_is_a_conflict() {
        assert!(expect_updated(1).is_ok());
        let error = expect_updated(0).unwrap_err();
        assert_eq!(error.code, "stale_version");
        assert_eq!(error.status.as_u16(), 409);
    }
}
