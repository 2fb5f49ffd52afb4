//! Durable jobs: due jobs run, failures are retried with backoff on the injectable clock, a job survives a
//! restart, and two instances on one database run each job once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt;
use questline::jobs::{self, Handler, Job};
use uuid::Uuid;

use crate::helpers::TestApp;

const TEST_JOB: &str = "test.count";

/// Runs per job id, shared by the instances of one test.
type Runs = Arc<Mutex<HashMap<Uuid, u32>>>;

/// Counts each run; fails the first `fail_first` runs of every job.
fn counting(runs: Runs, fail_first: u32) -> Handler {
    Arc::new(move |_state, run| {
        let runs = runs.clone();
        async move {
            let count = {
                let mut runs = runs.lock().unwrap();
                let count = runs.entry(run.id).or_default();
                *count += 1;
                *count
            };
            // Long enough for the other instance to try to claim the same job.
            tokio::time::sleep(Duration::from_millis(10)).await;
            if count <= fail_first { anyhow::bail!("failing on purpose (run {count})") } else { Ok(()) }
        }
        .boxed()
    })
}

async fn schedule(app: &TestApp, job: Job) {
    let jobs = app.state.jobs.clone();
    app.state.db.write(move |txn| Box::pin(async move { Ok(jobs.schedule(txn, job).await?) })).await.unwrap();
}

async fn rows(app: &TestApp) -> Vec<questline::db::entities::job::Model> {
    jobs::find_by_kind(app.state.db.conn(), TEST_JOB).await.unwrap()
}

/// Waits until `check` holds for the rows of test jobs.
async fn until(app: &TestApp, what: &str, check: impl Fn(&[questline::db::entities::job::Model]) -> bool) {
    for _ in 0..200 {
        if check(&rows(app).await) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting until {what}: {:?}", rows(app).await);
}

fn quick_polls(config: &mut questline::config::Config) {
    config.jobs_poll_ms = 50;
}

db_test!(configure = quick_polls, async fn a_failed_job_is_retried_after_its_backoff(app) {
    let runs = Runs::default();
    app.state.jobs.register(TEST_JOB, counting(runs.clone(), 1));
    schedule(&app, Job::new(TEST_JOB, "hello")).await;

    until(&app, "the first run failed", |rows| rows.len() == 1 && rows[0].last_error.is_some()).await;
    let row = rows(&app).await.remove(0);
    assert_eq!(row.attempts, 1);
    assert_eq!(row.run_at, app.clock_now() + chrono::Duration::seconds(10), "retried 10 s later");

    // Nothing happens until the clock reaches the retry time.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(runs.lock().unwrap()[&row.id], 1);
    app.clock.advance(chrono::Duration::seconds(10));
    until(&app, "the retry succeeded and the job is gone", |rows| rows.is_empty()).await;
    assert_eq!(runs.lock().unwrap()[&row.id], 2);
});

db_test!(configure = quick_polls, async fn a_job_that_keeps_failing_is_kept_as_failed(app) {
    let runs = Runs::default();
    app.state.jobs.register(TEST_JOB, counting(runs.clone(), u32::MAX));
    schedule(&app, Job::new(TEST_JOB, ()).max_attempts(2)).await;
    until(&app, "the first attempt failed", |rows| rows.first().is_some_and(|r| r.attempts == 1 && r.locked_by.is_none())).await;
    app.clock.advance(chrono::Duration::seconds(10));
    until(&app, "the job is marked failed", |rows| rows.first().is_some_and(|r| r.failed_at.is_some())).await;
    app.clock.advance(chrono::Duration::hours(2));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(runs.lock().unwrap().values().copied().collect::<Vec<_>>(), vec![2], "never run again");
});

db_test!(configure = quick_polls, async fn a_job_survives_a_restart(app) {
    // The first instance schedules work for later, then stops before it is due.
    schedule(&app, Job::new(TEST_JOB, ()).at(app.clock_now() + chrono::Duration::hours(1))).await;
    app.state.jobs.stop();
    let url = app.state.config.database_url();
    // (The stopped instance's data folder must outlive the test: with SQLite it holds the database.)
    let restarted = TestApp::spawn_with(app.backend, |config| {
        quick_polls(config);
        config.database_url = Some(url);
    })
    .await;
    let runs = Runs::default();
    restarted.state.jobs.register(TEST_JOB, counting(runs.clone(), 0));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(runs.lock().unwrap().is_empty(), "not before it is due");
    restarted.clock.advance(chrono::Duration::hours(1));
    until(&restarted, "the restarted instance ran it", |rows| rows.is_empty()).await;
    assert_eq!(runs.lock().unwrap().values().copied().collect::<Vec<_>>(), vec![1]);
});

db_test!(configure = quick_polls, async fn a_job_left_by_a_crashed_instance_is_taken_over_after_its_lease(app) {
    // An instance claims the job and dies mid-run: its handler never finishes.
    app.state.jobs.register(TEST_JOB, Arc::new(|_, _| std::future::pending().boxed()));
    schedule(&app, Job::new(TEST_JOB, ())).await;
    until(&app, "the job is claimed", |rows| rows.first().is_some_and(|r| r.locked_by.is_some())).await;
    app.state.jobs.stop();

    let url = app.state.config.database_url();
    let other = TestApp::spawn_with(app.backend, |config| {
        quick_polls(config);
        config.database_url = Some(url);
    })
    .await;
    let runs = Runs::default();
    other.state.jobs.register(TEST_JOB, counting(runs.clone(), 0));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(runs.lock().unwrap().is_empty(), "not while the lease holds");
    other.clock.advance(chrono::Duration::seconds(301));
    until(&other, "the other instance finished it", |rows| rows.is_empty()).await;
    assert_eq!(runs.lock().unwrap().values().copied().collect::<Vec<_>>(), vec![1]);
});

db_test!(configure = quick_polls, async fn two_instances_run_each_job_once(app) {
    let url = app.state.config.database_url();
    let other = TestApp::spawn_with(app.backend, |config| {
        quick_polls(config);
        config.database_url = Some(url);
    })
    .await;
    let runs = Runs::default();
    app.state.jobs.register(TEST_JOB, counting(runs.clone(), 0));
    other.state.jobs.register(TEST_JOB, counting(runs.clone(), 0));
    for n in 0..40 {
        let on = if n % 2 == 0 { &app } else { &other };
        schedule(on, Job::new(TEST_JOB, n)).await;
    }
    until(&app, "every job ran", |rows| rows.is_empty()).await;
    let runs = runs.lock().unwrap();
    assert_eq!(runs.len(), 40);
    assert!(runs.values().all(|count| *count == 1), "each job ran exactly once: {runs:?}");
});

db_test!(async fn the_outbox_cleanup_is_scheduled_once_per_database(app) {
    let url = app.state.config.database_url();
    let _other = TestApp::spawn_with(app.backend, |config| config.database_url = Some(url)).await;
    let cleanups = jobs::find_by_kind(app.state.db.conn(), jobs::PRUNE_EVENTS).await.unwrap();
    assert_eq!(cleanups.len(), 1);
    assert_eq!(cleanups[0].every_secs, Some(3600));
});
