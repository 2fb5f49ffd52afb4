//! `questline demo-data` on a fresh SQLite database: it loads the demo world through the features' own rules, the
//! Questboard then lists its series with pictures, a demo account signs in with the README's password, and a second
//! run leaves the now non-empty database alone. It sends no mail: the demo addresses are made up and the links
//! would point at the loader's private port (issue 31).

use std::sync::Arc;

use questline::app::Application;
use questline::clock::SystemClock;
use questline::config::Config;
use questline::demo::{self, DEMO_PASSWORD, Outcome};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn demo_data_fills_an_empty_database_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/questline.db?mode=rwc", dir.path().display());
    let mut config = Config::for_database(url, dir.path().to_path_buf());
    config.argon2_memory_kib = 256;
    config.argon2_iterations = 1;
    assert_eq!(demo::load(config.clone()).await.unwrap(), Outcome::Loaded { game_masters: 12, series: 40 });
    assert_eq!(demo::load(config.clone()).await.unwrap(), Outcome::NotEmpty, "a second run writes nothing");

    let app = Application::build_with_clock(config, Arc::new(SystemClock)).await.unwrap();
    let conn = app.state.db.conn().clone();
    let count = |sql: &'static str| {
        let conn = conn.clone();
        async move {
            let statement = Statement::from_string(conn.get_database_backend(), sql.to_owned());
            conn.query_one_raw(statement).await.unwrap().unwrap().try_get::<i64>("", "n").unwrap()
        }
    };
    assert!(count("SELECT COUNT(*) AS n FROM notifications").await > 0, "the demo's applications notify");
    assert_eq!(count("SELECT COUNT(*) AS n FROM notifications WHERE emailed_at IS NOT NULL").await, 0);
    assert_eq!(count("SELECT COUNT(*) AS n FROM jobs WHERE kind = 'notifications.send_mail'").await, 0);
    let mails = std::fs::read_dir(dir.path().join("mail")).map(|entries| entries.count()).unwrap_or(0);
    assert_eq!(mails, 0, "no mail written");
    let base = format!("http://{}", app.local_addr());
    tokio::spawn(app.run_until(std::future::pending()));
    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let board: Value =
        client.get(format!("{base}/api/questboard?limit=100")).send().await.unwrap().json().await.unwrap();
    assert_eq!(board["count"], 40);
    let items = board["items"].as_array().unwrap();
    assert!(items.iter().all(|card| card["thumbnail_url"].is_string() && card["next_session_at"].is_string()));
    let languages: std::collections::BTreeSet<&str> =
        items.iter().map(|card| card["language"].as_str().unwrap()).collect();
    assert_eq!(languages.into_iter().collect::<Vec<_>>(), ["en", "fr", "nl", "pl"]);
    assert!(items.iter().any(|card| card["pricing"]["model"] == "free"));
    assert!(items.iter().any(|card| card["pricing"]["currency_code"] == "pln"));
    assert!(items.iter().any(|card| card["pricing"]["currency_code"] == "eur"));
    let zones: std::collections::BTreeSet<&str> =
        items.iter().map(|card| card["time_zone"].as_str().unwrap()).collect();
    assert!(zones.len() >= 5, "{zones:?}");
    let thumbnail = client.get(format!("{base}{}", items[0]["thumbnail_url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(thumbnail.headers()["content-type"], "image/jpeg");

    let email = &demo::demo_emails()[0];
    let response = client
        .post(format!("{base}/api/auth/sign-in"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"email": email, "password": DEMO_PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let me: Value = client.get(format!("{base}/api/auth/me")).send().await.unwrap().json().await.unwrap();
    assert_eq!(me["account"]["email_verified"], true);
    assert!(me["user"]["roles"].as_array().unwrap().iter().any(|role| role == "gm"), "{me}");
    let profile: Value = client.get(format!("{base}/api/profile")).send().await.unwrap().json().await.unwrap();
    assert_eq!(profile["basics_completed"], true, "{profile}");
    // Demo tables have players: the first GM plays at someone's table and has applications to answer.
    let games: Value = client.get(format!("{base}/api/my-games")).send().await.unwrap().json().await.unwrap();
    assert!(games["count"].as_u64().unwrap() >= 1, "{games}");
    let theirs: Value =
        client.get(format!("{base}/api/gm/series-applications")).send().await.unwrap().json().await.unwrap();
    assert!(theirs["count"].as_u64().unwrap() >= 2, "{theirs}");
}
