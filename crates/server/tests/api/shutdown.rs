//! Graceful shutdown: a request in flight when the signal comes is still answered, then the server stops.

use std::sync::Arc;
use std::time::Duration;

use questline::app::Application;
use questline::clock::SystemClock;
use questline::config::Config;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test]
async fn a_request_in_flight_is_finished_before_the_server_stops() {
    let data_dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/questline.db?mode=rwc", data_dir.path().display());
    let mut config = Config::for_database(url, data_dir.path().to_path_buf());
    config.argon2_memory_kib = 256;
    config.argon2_iterations = 1;
    let app = Application::build_with_clock(config, Arc::new(SystemClock)).await.unwrap();
    let address = app.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));

    // Half a request: the headers and part of the body.
    let body = br#"{"email": "nobody@example.test", "password": "not a real password"}"#;
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         X-Questline-Csrf: 1\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body[..10]).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;

    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!server.is_finished(), "the server waits for the request in flight");

    stream.write_all(&body[10..]).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 401"), "the request was answered: {answer}");

    tokio::time::timeout(Duration::from_secs(5), server).await.expect("the server stops").unwrap().unwrap();
    assert!(TcpStream::connect(address).await.is_err(), "no new connections after shutdown");
}

#[tokio::test]
async fn a_request_still_unfinished_after_the_grace_period_does_not_hold_the_server() {
    let data_dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/questline.db?mode=rwc", data_dir.path().display());
    let mut config = Config::for_database(url, data_dir.path().to_path_buf());
    config.shutdown_grace_secs = 1;
    let app = Application::build_with_clock(config, Arc::new(SystemClock)).await.unwrap();
    let address = app.local_addr();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async move {
        let _ = stopped.await;
    }));
    // A request whose body never comes.
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         X-Questline-Csrf: 1\r\nContent-Length: 100\r\n\r\n{{"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;

    stop.send(()).unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!server.is_finished(), "the grace period is given");
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server stops after the grace")
        .unwrap()
        .unwrap();
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the unfinished request's connection is closed");
}

mod jobs_in_flight {
    //! A stop signal with a background job running: the job gets the grace period to finish; one still running
    //! after it is handed back (no lease left, the attempt not counted) so another instance runs it at once.

    use futures::FutureExt;
    use questline::AppState;
    use questline::db::entities::job;
    use questline::jobs::{Job, JobRun};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use tokio::sync::oneshot;

    use super::*;
    use crate::helpers::{Backend, fresh_postgres_database};

    const KIND: &str = "test_shutdown_job";

    async fn app_on(backend: Backend, grace_secs: u64) -> (Application, tempfile::TempDir) {
        let data_dir = tempfile::tempdir().unwrap();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}/questline.db?mode=rwc", data_dir.path().display()),
            Backend::Postgres => fresh_postgres_database().await,
        };
        let mut config = Config::for_database(url, data_dir.path().to_path_buf());
        config.shutdown_grace_secs = grace_secs;
        config.jobs_poll_ms = 20;
        (Application::build_with_clock(config, Arc::new(SystemClock)).await.unwrap(), data_dir)
    }

    /// Registers the test's job kind: it says when it starts, then finishes when `finish` fires (never if it
    /// is dropped), and schedules one.
    async fn start_job(app: &Application) -> (oneshot::Receiver<()>, oneshot::Sender<()>) {
        let (started_tx, started) = oneshot::channel();
        let (finish, finish_rx) = oneshot::channel::<()>();
        let started_tx = std::sync::Mutex::new(Some(started_tx));
        let finish_rx = std::sync::Mutex::new(Some(finish_rx));
        app.state.jobs.register(
            KIND,
            Arc::new(move |_state: AppState, _run: JobRun| {
                if let Some(tx) = started_tx.lock().unwrap().take() {
                    let _ = tx.send(());
                }
                let finish = finish_rx.lock().unwrap().take();
                async move {
                    let finished = match finish {
                        Some(finish) => finish.await.is_ok(),
                        None => false,
                    };
                    if !finished {
                        std::future::pending::<()>().await;
                    }
                    Ok(())
                }
                .boxed()
            }),
        );
        app.state.jobs.schedule(app.state.db.conn(), Job::new(KIND, ())).await.unwrap();
        (started, finish)
    }

    async fn job_row(state: &AppState) -> Option<job::Model> {
        job::Entity::find().filter(job::Column::Kind.eq(KIND)).one(state.db.conn()).await.unwrap()
    }

    async fn handed_back_after_the_grace(backend: Backend) {
        let (app, _data) = app_on(backend, 1).await;
        let state = app.state.clone();
        let (started, finish) = start_job(&app).await;
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        tokio::time::timeout(Duration::from_secs(10), started).await.expect("the job starts").unwrap();
        let claimed = job_row(&state).await.expect("the job is there");
        assert!(claimed.locked_by.is_some(), "the job is claimed while it runs");
        assert_eq!(claimed.attempts, 1);

        stop.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("the server stops").unwrap().unwrap();
        let row = job_row(&state).await.expect("the unfinished job is kept");
        assert_eq!(
            (row.locked_by, row.locked_until, row.attempts),
            (None, None, 0),
            "handed back, attempt not counted"
        );
        assert!(row.failed_at.is_none());
        drop(finish);
    }

    async fn finished_within_the_grace(backend: Backend) {
        let (app, _data) = app_on(backend, 30).await;
        let state = app.state.clone();
        let (started, finish) = start_job(&app).await;
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        tokio::time::timeout(Duration::from_secs(10), started).await.expect("the job starts").unwrap();

        stop.send(()).unwrap();
        // The server waits for the running job (no request is in flight, so only the job holds it).
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!server.is_finished(), "the server waits for the job in flight");
        finish.send(()).unwrap();
        tokio::time::timeout(Duration::from_secs(10), server).await.expect("the server stops").unwrap().unwrap();
        assert!(job_row(&state).await.is_none(), "the finished job is done and gone");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_still_running_after_the_grace_is_handed_back_sqlite() {
        handed_back_after_the_grace(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_still_running_after_the_grace_is_handed_back_postgres() {
        handed_back_after_the_grace(Backend::Postgres).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_finishes_within_the_grace_is_done_sqlite() {
        finished_within_the_grace(Backend::Sqlite).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_finishes_within_the_grace_is_done_postgres() {
        finished_within_the_grace(Backend::Postgres).await;
    }
}
