//! The database: one connection pool for SQLite or PostgreSQL, the migrations, and `Db::write`, the one way to run
//! a write that must not race.
//!
//! `Db::write` behaves the same on both databases: on SQLite it opens the transaction with `BEGIN IMMEDIATE`, so the
//! write lock is taken up front and two writers queue instead of failing half-way when a read lock cannot be
//! upgraded. SQLite has one writer at a time anyway, so this instance's writes first queue on a fair in-process
//! lock ([`Db::transaction`]) and only then begin: a writer that finds SQLite's lock taken waits in SQLite's busy
//! handler, which polls with sleeps growing to 100 ms and lets a newcomer overtake, so under contention a write
//! waited hundreds of milliseconds for a lock held for one (the checkout benchmark's tail, docs/performance.md).
//! Other processes on the same file still meet the busy timeout as before. On PostgreSQL it is an ordinary READ
//! COMMITTED transaction in which conditional `UPDATE … WHERE version = $n` statements (see [`expect_updated`]) or
//! row locks decide who wins. After a commit that recorded an event or scheduled a job it wakes the event
//! dispatcher or the job runner ([`Db::commits_to`]), so they go out at once; other commits wake neither.
//!
//! This module answers database errors (`DbErr`, [`StaleVersion`]) and knows nothing of HTTP: `error.rs` turns
//! them into API errors, once, and gives handlers `Db::write`, whose work answers `ApiError`.

pub mod backup;
pub mod entities;
pub mod migrations;
pub mod unique;

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use tokio::sync::watch;

use crate::config::redact_url;

/// How long a SQLite writer waits for the write lock before giving up.
pub const SQLITE_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The boxed future a write closure returns; the lifetime ties it to the transaction it borrows. `E` is the
/// caller's error type, which database errors convert into.
pub type TxFuture<'c, T, E = DbErr> = Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>;

/// What a transaction may leave for a background worker to pick up after its commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outbox {
    /// The `events` table, read by the event dispatcher.
    Events,
    /// The `jobs` table, read by the job runner.
    Jobs,
}

impl Outbox {
    fn bit(self) -> u8 {
        match self {
            Outbox::Events => 1,
            Outbox::Jobs => 2,
        }
    }
}

tokio::task_local! {
    /// The outboxes the running transaction has written to (bits of [`Outbox::bit`]).
    static WROTE: Cell<u8>;
}

/// Notes that the transaction running in this task wrote to `outbox` (`events::record_at`, `jobs::schedule_at`),
/// so its commit wakes that outbox's worker. Outside [`Db::transaction`] it does nothing: such a write is found by
/// the worker's next poll.
pub fn wrote(outbox: Outbox) {
    let _ = WROTE.try_with(|wrote| wrote.set(wrote.get() | outbox.bit()));
}

/// What [`Db::pool_state`] reports.
#[derive(Clone, Copy, Debug)]
pub struct PoolState {
    pub in_use: u32,
    pub idle: u32,
    pub max: u32,
    pub writes_waiting: usize,
}

#[derive(Clone, Debug)]
pub struct Db {
    conn: DatabaseConnection,
    /// Counts commits made through `write` (the public cache's "nothing changed here" check).
    commits: Arc<watch::Sender<u64>>,
    /// Count the commits that wrote to the events outbox and to the jobs outbox: the dispatcher and the runner
    /// each watch theirs, and a checkout's many writes without either wake neither.
    event_commits: Arc<watch::Sender<u64>>,
    job_commits: Arc<watch::Sender<u64>>,
    /// SQLite only: this instance's write transactions take turns here, first come first served, before
    /// `BEGIN IMMEDIATE` (see the module documentation).
    writer: Option<Arc<tokio::sync::Mutex<()>>>,
    /// SQLite only: how many writes wait for their turn now (a metric).
    waiting: Arc<std::sync::atomic::AtomicUsize>,
}

impl Db {
    pub fn new(conn: DatabaseConnection) -> Self {
        let writer = (conn.get_database_backend() == DbBackend::Sqlite).then(|| Arc::new(tokio::sync::Mutex::new(())));
        Self {
            conn,
            commits: Arc::new(watch::Sender::new(0)),
            event_commits: Arc::new(watch::Sender::new(0)),
            job_commits: Arc::new(watch::Sender::new(0)),
            writer,
            waiting: Arc::default(),
        }
    }

    /// The pool, for reads.
    pub fn conn(&self) -> &DatabaseConnection {
        &self.conn
    }

    pub fn backend(&self) -> DbBackend {
        self.conn.get_database_backend()
    }

    /// Changes after every committed write. A watcher that was busy when a commit happened still sees the
    /// change, so no wake-up is lost.
    pub fn commits(&self) -> watch::Receiver<u64> {
        self.commits.subscribe()
    }

    /// Changes after every committed write that wrote to `outbox` (see [`wrote`]); the event dispatcher and the
    /// job runner wait on theirs.
    pub fn commits_to(&self, outbox: Outbox) -> watch::Receiver<u64> {
        self.outbox_commits(outbox).subscribe()
    }

    fn outbox_commits(&self, outbox: Outbox) -> &watch::Sender<u64> {
        match outbox {
            Outbox::Events => &self.event_commits,
            Outbox::Jobs => &self.job_commits,
        }
    }

    /// How many writes this instance has committed so far (what `commits` watches).
    pub fn commit_count(&self) -> u64 {
        *self.commits.borrow()
    }

    /// Runs `work` in a write transaction: committed when it returns `Ok`, rolled back when it returns `Err`.
    /// Handlers use `write` (in `error.rs`), the same with `ApiError` as the error type. On SQLite the transaction
    /// runs on the writer thread ([`writer_runtime`]).
    pub async fn transaction<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<DbErr> + Send + 'static,
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> TxFuture<'c, T, E> + Send + 'static,
    {
        if self.writer.is_none() {
            return self.transaction_here(work).await;
        }
        let db = self.clone();
        let span = tracing::Span::current();
        let run = async move { db.transaction_here(work).await };
        match writer_runtime().spawn(tracing::Instrument::instrument(run, span)).await {
            Ok(outcome) => outcome,
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(error) => Err(DbErr::Custom(format!("the write was stopped: {error}")).into()),
        }
    }

    async fn transaction_here<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send,
        E: From<DbErr> + Send,
        F: for<'c> FnOnce(&'c DatabaseTransaction) -> TxFuture<'c, T, E> + Send,
    {
        // Held until the commit or rollback.
        let _turn = self.turn().await?;
        let options = TransactionOptions {
            sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
            ..Default::default()
        };
        let txn = self.conn.begin_with_options(options).await?;
        let (outcome, wrote) = WROTE
            .scope(Cell::new(0), async {
                let outcome = work(&txn).await;
                (outcome, WROTE.with(Cell::get))
            })
            .await;
        match outcome {
            Ok(value) => {
                txn.commit().await?;
                let bump = |count: &mut u64| *count = count.wrapping_add(1);
                self.commits.send_modify(bump);
                for outbox in [Outbox::Events, Outbox::Jobs] {
                    if wrote & outbox.bit() != 0 {
                        self.outbox_commits(outbox).send_modify(bump);
                    }
                }
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

    /// Runs `work`, writes outside a transaction (the job runner's leases), in this instance's write turn on
    /// SQLite, so they queue with the transactions instead of meeting SQLite's busy wait; as is on PostgreSQL.
    pub async fn in_turn<T>(&self, work: impl Future<Output = Result<T, DbErr>>) -> Result<T, DbErr> {
        let _turn = self.turn().await?;
        work.await
    }

    /// SQLite: waits for this instance's write turn. Waiting is bounded like SQLite's own busy wait, so a write
    /// that (wrongly) waits for another write of this instance fails as it did without the queue, not forever.
    async fn turn(&self) -> Result<Option<tokio::sync::MutexGuard<'_, ()>>, DbErr> {
        match &self.writer {
            Some(writer) => {
                use std::sync::atomic::Ordering;
                self.waiting.fetch_add(1, Ordering::Relaxed);
                let turn = tokio::time::timeout(SQLITE_BUSY_TIMEOUT, writer.lock()).await;
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                Ok(Some(turn.map_err(|_| {
                    DbErr::Custom("database is locked: timed out waiting for this instance's writes".into())
                })?))
            }
            None => Ok(None),
        }
    }

    /// The pool's connections now: (in use, idle, at most), and the writes waiting for their turn (SQLite; sqlx
    /// does not say how many requests wait for a pooled connection).
    pub fn pool_state(&self) -> PoolState {
        let (size, idle, max) = match self.backend() {
            DbBackend::Sqlite => {
                let pool = self.conn.get_sqlite_connection_pool();
                (pool.size(), pool.num_idle(), pool.options().get_max_connections())
            }
            DbBackend::Postgres => {
                let pool = self.conn.get_postgres_connection_pool();
                (pool.size(), pool.num_idle(), pool.options().get_max_connections())
            }
            _ => (0, 0, 0),
        };
        let idle = u32::try_from(idle).unwrap_or(u32::MAX);
        PoolState {
            in_use: size.saturating_sub(idle),
            idle,
            max,
            writes_waiting: self.waiting.load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    /// Answers whether the database can be reached.
    pub async fn ping(&self) -> Result<(), DbErr> {
        self.conn.ping().await
    }
}

/// SQLite's write transactions run here, on a runtime of their own with one thread. A transaction holds this
/// instance's write turn from `BEGIN IMMEDIATE` to `COMMIT`, and each of its statements is a round trip to the
/// connection's thread (sqlx-sqlite): run among the requests on the main runtime, the transaction's task waited
/// behind their work at every step, and every other write waited for it (docs/performance.md, "Fourth pass").
/// One for the process, never dropped.
fn writer_runtime() -> &'static tokio::runtime::Runtime {
    static WRITER: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    WRITER.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("questline-writer")
            .enable_all()
            .build()
            .expect("the SQLite writer's runtime")
    })
}

/// A conditional update touched no row: the row changed since it was read (the API answers `conflict`,
/// `stale_version`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the row changed since it was read")]
pub struct StaleVersion;

/// A conditional update (`… WHERE id = $1 AND version = $2`) touched exactly one row, or the row changed since it
/// was read: [`StaleVersion`].
pub fn expect_updated(rows_affected: u64) -> Result<(), StaleVersion> {
    if rows_affected == 1 { Ok(()) } else { Err(StaleVersion) }
}

/// Opens the pool. SQLite gets WAL, foreign keys, a busy timeout and its folder created; PostgreSQL is used as is.
pub async fn connect(url: &str, max_connections: u32) -> anyhow::Result<DatabaseConnection> {
    if let Some(path) = sqlite_path(url) {
        create_private_file(std::path::Path::new(path))?;
    }
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .max_connections(max_connections)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(10))
        // A connection used within the last half minute is alive: pinging every one handed out cost a round trip
        // per request (on PostgreSQL, a statement in the checkout benchmark's every handful).
        .test_before_acquire_if_idle_for(Duration::from_secs(30))
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(|opts| {
            opts.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(SQLITE_BUSY_TIMEOUT)
                .create_if_missing(true)
                // Keeps the planner's statistics current (SQLite's advice for long-lived pools).
                .optimize_on_close(true, 400)
        });
    let conn = Database::connect(options)
        .await
        .map_err(|error| anyhow::anyhow!("cannot connect to {}: {error}", redact_url(url)))?;
    Ok(conn)
}

/// Brings the schema up to date. Safe to run at every start and from several instances at once on PostgreSQL
/// (the migrator's table is written in one transaction per migration).
pub async fn migrate(conn: &DatabaseConnection) -> Result<(), DbErr> {
    migrations::Migrator::up(conn, None).await?;
    if conn.get_database_backend() == DbBackend::Sqlite {
        // Gathers the statistics the planner lacks (for example after a bulk load), within a bounded effort, so
        // the Questboard's queries pick their indexes; PostgreSQL's autovacuum does this by itself.
        conn.execute_unprepared("PRAGMA optimize=0x10002").await?;
    }
    Ok(())
}

/// Creates the database file (and its folder) readable by the owner only, unless it exists: it holds password
/// hashes and personal data. SQLite gives its `-wal` and `-shm` files the database file's permissions.
fn create_private_file(path: &std::path::Path) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        create_private_folder(parent)?;
    }
    let mut file = std::fs::OpenOptions::new();
    file.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut file, 0o600);
    match file.open(path) {
        Ok(_) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(error) => Err(error),
    }
}

/// Creates the folder (and its parents) readable by the owner only, unless it exists.
fn create_private_folder(path: &std::path::Path) -> std::io::Result<()> {
    if path.as_os_str().is_empty() || path.exists() {
        return Ok(());
    }
    let mut folder = std::fs::DirBuilder::new();
    folder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut folder, 0o700);
    folder.create(path)
}

/// The same database server's URL for another database, its query (`?sslmode=…`) kept: the tests' per-test
/// copies and the benchmarks' throw-away databases.
pub fn with_database(url: &str, database: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let server = base.rsplit_once('/').map(|(server, _)| server).unwrap_or(base);
    match query {
        Some(query) => format!("{server}/{database}?{query}"),
        None => format!("{server}/{database}"),
    }
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
    fn another_database_keeps_the_server_and_the_query() {
        assert_eq!(with_database("postgres://u@h:5432/test", "q1"), "postgres://u@h:5432/q1");
        assert_eq!(
            with_database("postgres://u@h:5432/test?sslmode=disable", "q1"),
            "postgres://u@h:5432/q1?sslmode=disable"
        );
    }

    #[test]
    fn only_one_touched_row_is_an_update() {
        assert_eq!(expect_updated(1), Ok(()));
        assert_eq!(expect_updated(0), Err(StaleVersion));
        assert_eq!(expect_updated(2), Err(StaleVersion));
    }
}
