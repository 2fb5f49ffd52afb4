//! `questline backup` and `questline restore` (SQLite): a backup taken while the server takes writes holds every
//! write acknowledged before it began, and a server started on its restored copy serves them.

use std::path::Path;
use std::process::Output;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::helpers::{Backend, PASSWORD, Running, TestApp, own_config};

/// Runs the `questline` binary with only the settings given (none inherited from the test's environment).
async fn questline(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_questline"));
    command.args(args).env_remove("DATABASE_URL").env_remove("QUESTLINE_DATA_DIR").env("RUST_LOG", "warn");
    for (name, value) in env {
        command.env(name, value);
    }
    tokio::task::spawn_blocking(move || command.output().expect("questline runs")).await.unwrap()
}

fn said(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn email(number: usize) -> String {
    format!("writer-{number}@example.test")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_during_writes_restores_every_write_acknowledged_before_it() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.address_limit_per_hour = 100_000).await;
    let database_url = app.state.config.database_url();

    // A stream of sign-ups, each noted once the server has answered 201.
    let acknowledged = Arc::new(Mutex::new(Vec::<usize>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (address, acknowledged, stop) = (app.address.clone(), acknowledged.clone(), stop.clone());
        // Without cookies: each sign-up is a new visitor's.
        let client = reqwest::Client::new();
        tokio::spawn(async move {
            let mut number = 0;
            while !stop.load(Ordering::SeqCst) {
                let body = serde_json::json!({
                    "email": email(number), "password": PASSWORD, "display_name": "Writer", "time_zone": "Europe/Warsaw"
                });
                let response = client
                    .post(format!("{address}/api/auth/sign-up"))
                    .header("X-Questline-Csrf", "1")
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), 201, "sign-up {number}");
                acknowledged.lock().unwrap().push(number);
                number += 1;
            }
        })
    };
    while acknowledged.lock().unwrap().len() < 5 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }

    let folder = tempfile::tempdir().unwrap();
    let backup = folder.path().join("questline-backup.db");
    let before_backup = acknowledged.lock().unwrap().clone();
    let output = questline(&["backup", backup.to_str().unwrap()], &[("DATABASE_URL", &database_url)]).await;
    assert!(output.status.success(), "backup: {}", said(&output));
    let during_backup = acknowledged.lock().unwrap().len();
    // The writes go on after it.
    while acknowledged.lock().unwrap().len() < during_backup + 3 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    stop.store(true, Ordering::SeqCst);
    writer.await.unwrap();

    // A backup never overwrites a file.
    let again = questline(&["backup", backup.to_str().unwrap()], &[("DATABASE_URL", &database_url)]).await;
    assert!(!again.status.success());
    assert!(said(&again).contains("already exists"), "{}", said(&again));

    let data_dir = folder.path().join("restored");
    let data = data_dir.to_str().unwrap();
    let output = questline(&["restore", backup.to_str().unwrap(), "--data-dir", data], &[]).await;
    assert!(output.status.success(), "restore: {}", said(&output));
    // Only into an empty folder.
    let again = questline(&["restore", backup.to_str().unwrap(), "--data-dir", data], &[]).await;
    assert!(!again.status.success());
    assert!(said(&again).contains("is not empty"), "{}", said(&again));

    // A server on the restored folder knows every account acknowledged before the backup began.
    let mut config = own_config(&data_dir, None);
    config.address_limit_per_hour = 100_000;
    let restored = Running::start(config).await;
    let address = format!("http://{}", restored.address);
    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    for number in before_backup {
        let response = client
            .post(format!("{address}/api/auth/sign-in"))
            .header("X-Questline-Csrf", "1")
            .json(&serde_json::json!({"email": email(number), "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{} signs in on the restored copy", email(number));
    }
}

#[tokio::test]
async fn backup_and_restore_refuse_what_they_cannot_do() {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("copy.db");
    let file = file.to_str().unwrap();

    let postgres = [("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")];
    let output = questline(&["backup", file], &postgres).await;
    assert!(!output.status.success());
    assert!(said(&output).contains("pg_dump"), "PostgreSQL is pointed to its own tools: {}", said(&output));

    let missing = format!("sqlite://{}/nothing-here.db?mode=rwc", folder.path().display());
    let output = questline(&["backup", file], &[("DATABASE_URL", &missing)]).await;
    assert!(!output.status.success());
    assert!(said(&output).contains("there is no database"), "{}", said(&output));
    assert!(!Path::new(file).exists() && !folder.path().join("nothing-here.db").exists(), "nothing is created");

    // A file that is not a Questline database is not restored.
    std::fs::write(file, b"not a database").unwrap();
    let data = folder.path().join("data");
    let output = questline(&["restore", file, "--data-dir", data.to_str().unwrap()], &[]).await;
    assert!(!output.status.success());
    assert!(said(&output).contains("not a usable backup"), "{}", said(&output));
    assert!(!data.join("questline.db").exists(), "nothing is restored");
}
