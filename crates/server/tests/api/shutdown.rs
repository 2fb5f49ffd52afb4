//! Graceful shutdown: a request in flight when the signal comes is still answered, then the server stops; one
//! still unfinished after the grace period does not hold it.

use std::net::SocketAddr;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{Running, own_config};

/// A sign-in whose body says it is `length` bytes long, of which only `sent` go now.
async fn unfinished_sign_in(address: SocketAddr, length: usize, sent: &[u8]) -> TcpStream {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\n\
         X-Questline-Csrf: 1\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(sent).await.unwrap();
    stream
}

#[tokio::test]
async fn a_request_in_flight_is_finished_before_the_server_stops() {
    let data = tempfile::tempdir().unwrap();
    let mut app = Running::start(own_config(data.path(), None)).await;
    let address = app.address;

    // Half a request: the headers and part of the body.
    let body = br#"{"email": "nobody@example.test", "password": "not a real password"}"#;
    let mut stream = unfinished_sign_in(address, body.len(), &body[..10]).await;
    tokio::time::sleep(Duration::from_millis(100)).await;

    app.stop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(!app.has_stopped(), "the server waits for the request in flight");

    stream.write_all(&body[10..]).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 401"), "the request was answered: {answer}");

    app.stopped_within(Duration::from_secs(5)).await;
    assert!(TcpStream::connect(address).await.is_err(), "no new connections after shutdown");
}

#[tokio::test]
async fn a_request_still_unfinished_after_the_grace_period_does_not_hold_the_server() {
    let data = tempfile::tempdir().unwrap();
    let mut config = own_config(data.path(), None);
    config.shutdown_grace_secs = 1;
    let mut app = Running::start(config).await;
    // A request whose body never comes.
    let mut stream = unfinished_sign_in(app.address, 100, b"{").await;
    tokio::time::sleep(Duration::from_millis(100)).await;

    app.stop();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!app.has_stopped(), "the grace period is given");
    app.stopped_within(Duration::from_secs(5)).await;
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut rest)).await;
    assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the unfinished request's connection is closed");
}

mod jobs_in_flight {
    //! A stop signal with a background job running: the job gets the grace period to finish; one still running
    //! after it is handed back (no lease left, the attempt not counted) so another instance runs it at once.

    use std::sync::{Arc, Mutex};

    use futures::FutureExt;
    use questline::AppState;
    use questline::db::entities::job;
    use questline::jobs::{Job, JobRun};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    use tokio::sync::oneshot;

    use super::*;
    use crate::helpers::{Backend, fresh_postgres_database};

    const KIND: &str = "test_shutdown_job";

    async fn running(backend: Backend, grace_secs: u64) -> (Running, tempfile::TempDir) {
        let data = tempfile::tempdir().unwrap();
        let url = match backend {
            Backend::Sqlite => None,
            Backend::Postgres => Some(fresh_postgres_database().await),
        };
        let mut config = own_config(data.path(), url);
        config.shutdown_grace_secs = grace_secs;
        config.jobs_poll_ms = 20;
        (Running::start(config).await, data)
    }

    async fn with_a_short_grace(backend: Backend) -> (Running, tempfile::TempDir) {
        running(backend, 1).await
    }

    async fn with_a_long_grace(backend: Backend) -> (Running, tempfile::TempDir) {
        running(backend, 30).await
    }

    /// Registers the test's job kind and schedules one, then waits until it runs. The job finishes when `finish`
    /// fires, never if it is dropped.
    async fn job_running(state: &AppState) -> oneshot::Sender<()> {
        let (started_tx, started) = oneshot::channel();
        let (finish, finish_rx) = oneshot::channel::<()>();
        let (started_tx, finish_rx) = (Mutex::new(Some(started_tx)), Mutex::new(Some(finish_rx)));
        state.jobs.register(
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
        state.jobs.schedule(state.db.conn(), Job::new(KIND, ())).await.unwrap();
        tokio::time::timeout(Duration::from_secs(10), started).await.expect("the job starts").unwrap();
        finish
    }

    async fn job_row(state: &AppState) -> Option<job::Model> {
        job::Entity::find().filter(job::Column::Kind.eq(KIND)).one(state.db.conn()).await.unwrap()
    }

    db_test!(async fn a_job_still_running_after_the_grace_is_handed_back(
        app: (Running, tempfile::TempDir) = with_a_short_grace
    ) {
        let (mut app, _data) = app;
        let finish = job_running(&app.state).await;
        let claimed = job_row(&app.state).await.expect("the job is there");
        assert!(claimed.locked_by.is_some(), "the job is claimed while it runs");
        assert_eq!(claimed.attempts, 1);

        app.stop();
        app.stopped_within(Duration::from_secs(10)).await;
        let row = job_row(&app.state).await.expect("the unfinished job is kept");
        assert_eq!(
            (row.locked_by, row.locked_until, row.attempts),
            (None, None, 0),
            "handed back, attempt not counted"
        );
        assert!(row.failed_at.is_none());
        drop(finish);
    });

    db_test!(async fn a_job_that_finishes_within_the_grace_is_done(
        app: (Running, tempfile::TempDir) = with_a_long_grace
    ) {
        let (mut app, _data) = app;
        let finish = job_running(&app.state).await;

        app.stop();
        // The server waits for the running job (no request is in flight, so only the job holds it).
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert!(!app.has_stopped(), "the server waits for the job in flight");
        finish.send(()).unwrap();
        app.stopped_within(Duration::from_secs(10)).await;
        assert!(job_row(&app.state).await.is_none(), "the finished job is done and gone");
    });
}
