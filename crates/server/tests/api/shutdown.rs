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
