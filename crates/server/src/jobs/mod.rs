//! Durable jobs: background work kept in the database, so a restart loses none and a second instance doubles none.
//!
//! A feature schedules a job in one line, inside the transaction that makes it necessary:
//!
//! ```ignore
//! state.jobs.schedule(txn, Job::new(REMIND, &payload).at(starts_at - Duration::hours(24))).await?;
//! ```
//!
//! and exports what runs it from its `jobs()`, beside its `router()`; `app.rs`, the table of contents of background
//! work, registers every feature's list. The runner on every
//! instance claims due jobs with a conditional `UPDATE` (the same on SQLite and PostgreSQL: only the instance whose
//! update touched the row runs it) that leases the job for `QUESTLINE_JOBS_LEASE_SECS`. A job that succeeds is
//! deleted (or, when recurring, moved to its next time); one that fails is retried with exponential backoff until
//! its attempts are spent, then kept with `failed_at` for inspection. An instance that dies mid-job leaves a lease
//! that runs out, and another instance retries the job: handlers must be idempotent, and "once" means once per
//! successful run. Time comes from the injectable clock.

pub mod kinds;
mod prune;

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde::Serialize;
use tokio::sync::{Notify, Semaphore};
use uuid::Uuid;

pub use prune::{PRUNE_EVENTS, jobs};

use crate::clock::SharedClock;
use crate::db::entities::job;
use crate::state::AppState;

/// Attempts a job gets unless it says otherwise.
pub const DEFAULT_MAX_ATTEMPTS: i32 = 8;
/// The first retry waits this long; each further one twice as long as the one before.
const FIRST_RETRY: chrono::Duration = chrono::Duration::seconds(10);
const LONGEST_RETRY: chrono::Duration = chrono::Duration::hours(1);

/// Work to schedule: built with [`Job::new`] and the builder methods, then given to [`Jobs::schedule`].
#[derive(Debug, Clone)]
pub struct Job {
    kind: &'static str,
    payload: serde_json::Value,
    run_at: Option<DateTime<Utc>>,
    unique_key: Option<String>,
    every: Option<chrono::Duration>,
    max_attempts: i32,
}

impl Job {
    /// A job of `kind` (a name some module's `jobs()` lists) with its input, due now.
    pub fn new(kind: &'static str, payload: impl Serialize) -> Self {
        let payload = serde_json::to_value(payload).unwrap_or(serde_json::Value::Null);
        Self { kind, payload, run_at: None, unique_key: None, every: None, max_attempts: DEFAULT_MAX_ATTEMPTS }
    }

    /// Not before `when`.
    pub fn at(mut self, when: DateTime<Utc>) -> Self {
        self.run_at = Some(when);
        self
    }

    /// At most one job with this key exists; scheduling another while it does is a no-op.
    pub fn unique(mut self, key: impl Into<String>) -> Self {
        self.unique_key = Some(key.into());
        self
    }

    /// Runs again `period` after each success.
    pub fn every(mut self, period: chrono::Duration) -> Self {
        self.every = Some(period);
        self
    }

    pub fn max_attempts(mut self, attempts: i32) -> Self {
        self.max_attempts = attempts.max(1);
        self
    }
}

/// A claimed job, as its handler sees it.
#[derive(Debug, Clone)]
pub struct JobRun {
    pub id: Uuid,
    pub kind: String,
    pub payload: serde_json::Value,
    /// 1 for the first run.
    pub attempt: i32,
}

/// What runs a kind of job. Gets the application state, so it can use the database, the event bus and the mailer.
pub type Handler = Arc<dyn Fn(AppState, JobRun) -> BoxFuture<'static, anyhow::Result<()>> + Send + Sync>;

#[derive(Clone, Copy, Debug)]
pub struct RunnerSettings {
    pub poll: Duration,
    pub lease: Duration,
    pub concurrency: usize,
}

/// Schedules jobs and runs due ones. Cheap to clone. Knows no kind of job until `register` is told one.
#[derive(Clone)]
pub struct Jobs {
    clock: SharedClock,
    settings: RunnerSettings,
    /// Names this instance in `locked_by`.
    instance: Arc<str>,
    handlers: Arc<RwLock<HashMap<String, Handler>>>,
    wake: Arc<Notify>,
    stop: Arc<Notify>,
    /// The runner's task, once started.
    runner: Arc<std::sync::Mutex<Option<tokio::task::JoinHandle<()>>>>,
    /// One permit per job that may run at once; a running job holds one.
    slots: Arc<Semaphore>,
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs").field("instance", &self.instance).field("settings", &self.settings).finish()
    }
}

impl Jobs {
    pub fn new(clock: SharedClock, settings: RunnerSettings) -> Self {
        Self {
            clock,
            settings,
            instance: Uuid::now_v7().to_string().into(),
            handlers: Arc::new(RwLock::new(HashMap::new())),
            wake: Arc::new(Notify::new()),
            stop: Arc::new(Notify::new()),
            runner: Arc::default(),
            slots: Arc::new(Semaphore::new(settings.concurrency.max(1))),
        }
    }

    /// Adds (or replaces) the handler of a kind of job.
    pub fn register(&self, kind: &str, handler: Handler) {
        self.handlers.write().expect("handlers lock").insert(kind.to_owned(), handler);
    }

    /// The kinds of job this instance runs.
    pub fn kinds(&self) -> Vec<String> {
        let mut kinds: Vec<String> = self.handlers.read().expect("handlers lock").keys().cloned().collect();
        kinds.sort();
        kinds
    }

    /// The jobs waiting to run now (due, not running, not given up), by kind; every kind this instance runs is
    /// listed, with 0 when none waits.
    pub async fn queued_by_kind(&self, conn: &impl ConnectionTrait) -> Result<Vec<(String, u64)>, DbErr> {
        let waiting: Vec<(String, i64)> = job::Entity::find()
            .select_only()
            .column(job::Column::Kind)
            .column_as(job::Column::Id.count(), "count")
            .filter(due_and_free(self.clock.now()))
            .group_by(job::Column::Kind)
            .into_tuple()
            .all(conn)
            .await?;
        let mut all: Vec<(String, u64)> = self.kinds().into_iter().map(|kind| (kind, 0)).collect();
        for (kind, count) in waiting {
            let count = u64::try_from(count).unwrap_or(0);
            match all.iter_mut().find(|(known, _)| *known == kind) {
                Some(entry) => entry.1 = count,
                None => all.push((kind, count)),
            }
        }
        Ok(all)
    }

    /// Writes the job in the caller's transaction; it can run once that commits.
    pub async fn schedule(&self, conn: &impl ConnectionTrait, job: Job) -> Result<(), DbErr> {
        schedule_at(conn, self.clock.now(), job).await
    }

    /// Starts this instance's runner. It looks for due jobs after every commit, every poll interval, and when
    /// a job finishes.
    pub fn start(&self, state: AppState) {
        let jobs = self.clone();
        let runner = tokio::spawn(async move {
            let mut commits = state.db.commits_to(crate::db::Outbox::Jobs);
            let slots = jobs.slots.clone();
            loop {
                jobs.run_due(&state, &slots).await;
                tokio::select! {
                    _ = commits.changed() => {}
                    _ = jobs.wake.notified() => {}
                    _ = tokio::time::sleep(jobs.settings.poll) => {}
                    _ = jobs.stop.notified() => return,
                }
            }
        });
        *self.runner.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(runner);
    }

    /// Stops the runner after the jobs in progress (a test's "instance shutdown").
    pub fn stop(&self) {
        self.stop.notify_one();
    }

    /// Stops the runner and waits until it claims nothing more (jobs it started may still be finishing).
    pub async fn stop_and_wait(&self) {
        self.stop();
        let runner = self.runner.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).take();
        if let Some(runner) = runner {
            let _ = runner.await;
        }
    }

    /// Stops claiming, waits until `deadline` for the running jobs, then hands back those still running: their
    /// lease ends now and the attempt is not counted, so another instance runs them at once. A handed-back job
    /// that still finishes here records nothing (its row is no longer this instance's).
    pub async fn drain(&self, db: &crate::db::Db, deadline: tokio::time::Instant) {
        self.stop_and_wait().await;
        let all = u32::try_from(self.settings.concurrency.max(1)).unwrap_or(u32::MAX);
        if tokio::time::timeout_at(deadline, self.slots.acquire_many(all)).await.is_ok() {
            return;
        }
        let conn = db.conn();
        let handed_back = job::Entity::update_many()
            .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
            .col_expr(job::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(job::Column::Attempts, sea_orm::sea_query::ExprTrait::sub(Expr::col(job::Column::Attempts), 1))
            .filter(job::Column::LockedBy.eq(self.instance.to_string()))
            .filter(job::Column::FailedAt.is_null())
            .exec(conn)
            .await;
        match handed_back {
            Ok(result) => tracing::info!(jobs = result.rows_affected, "running jobs handed back at shutdown"),
            Err(error) => tracing::warn!(%error, "handing jobs back failed; their leases will run out"),
        }
    }

    /// Claims and starts due jobs while there are free slots.
    async fn run_due(&self, state: &AppState, slots: &Arc<Semaphore>) {
        loop {
            let Ok(slot) = slots.clone().try_acquire_owned() else { return };
            let claimed = match state.db.in_turn(self.claim(state.db.conn())).await {
                Ok(Some(run)) => run,
                Ok(None) => return,
                Err(error) => {
                    tracing::warn!(%error, "claiming a job failed; will retry");
                    return;
                }
            };
            let jobs = self.clone();
            let state = state.clone();
            tokio::spawn(async move {
                jobs.execute(state, claimed).await;
                drop(slot);
                jobs.wake.notify_one();
            });
        }
    }

    /// Takes the next due, unleased job. Two instances may pick the same candidate; the conditional update lets
    /// only one of them have it, and the other looks again.
    async fn claim(&self, conn: &impl ConnectionTrait) -> Result<Option<JobRun>, DbErr> {
        for _ in 0..8 {
            let now = self.clock.now();
            let Some(candidate) = job::Entity::find()
                .filter(due_and_free(now))
                .order_by_asc(job::Column::RunAt)
                .limit(1)
                .one(conn)
                .await?
            else {
                return Ok(None);
            };
            let lease = chrono::Duration::from_std(self.settings.lease).unwrap_or(chrono::Duration::minutes(5));
            let taken = job::Entity::update_many()
                .col_expr(job::Column::LockedBy, Expr::value(self.instance.to_string()))
                .col_expr(job::Column::LockedUntil, Expr::value(now + lease))
                .col_expr(
                    job::Column::Attempts,
                    sea_orm::sea_query::ExprTrait::add(Expr::col(job::Column::Attempts), 1),
                )
                .filter(job::Column::Id.eq(candidate.id))
                .filter(unleased(now))
                .filter(job::Column::FailedAt.is_null())
                .exec(conn)
                .await?
                .rows_affected
                == 1;
            if taken {
                return Ok(Some(JobRun {
                    id: candidate.id,
                    kind: candidate.kind,
                    payload: candidate.payload,
                    attempt: candidate.attempts + 1,
                }));
            }
        }
        Ok(None)
    }

    async fn execute(&self, state: AppState, run: JobRun) {
        let handler = self.handlers.read().expect("handlers lock").get(&run.kind).cloned();
        let id = run.id;
        let attempt = run.attempt;
        let kind = run.kind.clone();
        let _running = crate::metrics::job_running(&kind);
        let outcome = match handler {
            Some(handler) => {
                // A panicking handler is a failed attempt, not a dead runner.
                match tokio::spawn(handler(state.clone(), run)).await {
                    Ok(result) => result,
                    Err(panic) => Err(anyhow::anyhow!("the handler panicked: {panic}")),
                }
            }
            None => Err(anyhow::anyhow!("no handler is registered for jobs of kind {kind}")),
        };
        crate::metrics::job_finished(&kind, outcome.is_ok());
        let result = match outcome {
            Ok(()) => state.db.in_turn(self.succeeded(&state, id)).await,
            Err(error) => {
                tracing::warn!(job = %id, %kind, attempt, error = format!("{error:#}"), "a job failed");
                state.db.in_turn(self.failed(&state, id, attempt, &format!("{error:#}"))).await
            }
        };
        if let Err(error) = result {
            tracing::warn!(job = %id, %kind, %error, "recording a job's outcome failed; its lease will run out");
        }
    }

    async fn succeeded(&self, state: &AppState, id: Uuid) -> Result<(), DbErr> {
        let conn = state.db.conn();
        let mine = job::Column::LockedBy.eq(self.instance.to_string());
        let Some(row) = job::Entity::find_by_id(id).filter(mine.clone()).one(conn).await? else { return Ok(()) };
        match row.every_secs {
            Some(every) => {
                let next = self.clock.now() + chrono::Duration::seconds(every);
                job::Entity::update_many()
                    .col_expr(job::Column::RunAt, Expr::value(next))
                    .col_expr(job::Column::Attempts, Expr::value(0))
                    .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
                    .col_expr(job::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
                    .col_expr(job::Column::LastError, Expr::value(Option::<String>::None))
                    .filter(job::Column::Id.eq(id))
                    .filter(mine)
                    .exec(conn)
                    .await?;
            }
            None => {
                job::Entity::delete_many().filter(job::Column::Id.eq(id)).filter(mine).exec(conn).await?;
            }
        }
        Ok(())
    }

    async fn failed(&self, state: &AppState, id: Uuid, attempt: i32, error: &str) -> Result<(), DbErr> {
        let conn = state.db.conn();
        let Some(row) = job::Entity::find_by_id(id).one(conn).await? else { return Ok(()) };
        let now = self.clock.now();
        let mut update = job::Entity::update_many()
            .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
            .col_expr(job::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(job::Column::LastError, Expr::value(error.chars().take(2000).collect::<String>()));
        update = if attempt >= row.max_attempts {
            tracing::error!(job = %id, kind = %row.kind, attempt, "a job failed for the last time; it is kept as failed");
            crate::metrics::job_given_up(&row.kind);
            update.col_expr(job::Column::FailedAt, Expr::value(now))
        } else {
            update.col_expr(job::Column::RunAt, Expr::value(now + retry_delay(attempt)))
        };
        update
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::LockedBy.eq(self.instance.to_string()))
            .exec(conn)
            .await?;
        Ok(())
    }
}

/// No instance holds the job: never leased, or its lease ran out.
fn unleased(now: DateTime<Utc>) -> Condition {
    Condition::any().add(job::Column::LockedUntil.is_null()).add(job::Column::LockedUntil.lte(now))
}

/// A job that may run now: due, not given up, unleased.
fn due_and_free(now: DateTime<Utc>) -> Condition {
    Condition::all().add(job::Column::FailedAt.is_null()).add(job::Column::RunAt.lte(now)).add(unleased(now))
}

/// How long to wait after the `attempt`-th failure: 10 s, 20 s, 40 s, … at most an hour.
pub fn retry_delay(attempt: i32) -> chrono::Duration {
    let doublings = attempt.saturating_sub(1).clamp(0, 20) as u32;
    (FIRST_RETRY * 2_i32.pow(doublings.min(15))).min(LONGEST_RETRY)
}

/// The job rows of a kind, for tests and the admin tools.
pub async fn find_by_kind(conn: &impl ConnectionTrait, kind: &str) -> Result<Vec<job::Model>, DbErr> {
    job::Entity::find().filter(job::Column::Kind.eq(kind)).order_by_asc(job::Column::CreatedAt).all(conn).await
}

/// Writes `job` in the caller's transaction, `now` being that write's time: for the writes that hold a transaction
/// but no [`Jobs`] (account hooks, another job's transaction), e.g. the sessions store scheduling a refund.
pub async fn schedule_at(conn: &impl ConnectionTrait, now: DateTime<Utc>, job: Job) -> Result<(), DbErr> {
    let row = job::ActiveModel {
        id: Set(Uuid::now_v7()),
        kind: Set(job.kind.to_owned()),
        payload: Set(job.payload),
        unique_key: Set(job.unique_key),
        run_at: Set(job.run_at.unwrap_or(now)),
        every_secs: Set(job.every.map(|every| every.num_seconds().max(1))),
        attempts: Set(0),
        max_attempts: Set(job.max_attempts),
        locked_by: Set(None),
        locked_until: Set(None),
        last_error: Set(None),
        failed_at: Set(None),
        created_at: Set(now),
    };
    job::Entity::insert(row)
        .on_conflict(OnConflict::column(job::Column::UniqueKey).do_nothing().to_owned())
        .exec_without_returning(conn)
        .await?;
    crate::db::wrote(crate::db::Outbox::Jobs);
    Ok(())
}

/// Like [`schedule_at`] for a job with a unique key, but a job of that key already waiting (a retry backing off,
/// a recovery due later) is brought forward to this job's time and takes its payload, instead of the new one being
/// dropped: for news that makes waiting pointless (Stripe's webhook saying a refund settled or money is held). A
/// job being run or kept as failed is left alone.
pub async fn hasten(conn: &impl ConnectionTrait, now: DateTime<Utc>, job: Job) -> Result<(), DbErr> {
    let (Some(key), due, payload) = (job.unique_key.clone(), job.run_at.unwrap_or(now), job.payload.clone()) else {
        return schedule_at(conn, now, job).await;
    };
    schedule_at(conn, now, job).await?;
    let waiting = || {
        Condition::all()
            .add(job::Column::UniqueKey.eq(key.clone()))
            .add(job::Column::FailedAt.is_null())
            .add(unleased(now))
    };
    job::Entity::update_many()
        .col_expr(job::Column::Payload, Expr::value(payload))
        .filter(waiting())
        .exec(conn)
        .await?;
    job::Entity::update_many()
        .col_expr(job::Column::RunAt, Expr::value(due))
        .filter(waiting())
        .filter(job::Column::RunAt.gt(due))
        .exec(conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_exponentially_up_to_an_hour() {
        assert_eq!(retry_delay(1), chrono::Duration::seconds(10));
        assert_eq!(retry_delay(2), chrono::Duration::seconds(20));
        assert_eq!(retry_delay(3), chrono::Duration::seconds(40));
        assert_eq!(retry_delay(9), chrono::Duration::seconds(2560));
        assert_eq!(retry_delay(10), chrono::Duration::hours(1));
        assert_eq!(retry_delay(1000), chrono::Duration::hours(1));
    }
}
