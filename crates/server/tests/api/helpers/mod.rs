//! `TestApp`: a running Questline with its own database, and a helper per endpoint so tests read like user stories.

pub mod json;
pub mod sessions;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use questline::AppState;
use questline::app::Application;
use questline::clock::{Clock, ManualClock};
use questline::config::Config;
use questline::db;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use serde_json::Value;
use tempfile::TempDir;

use crate::smtp::MailSink;

/// Runs a test body on SQLite and on PostgreSQL: `db_test!(async fn name(app) { … })` makes `name::sqlite` and
/// `name::postgres`. Two variants:
/// - `db_test!(configure = f, async fn name(app) { … })` starts the app with `f(&mut Config)` applied;
/// - `db_test!(async fn name(app: OidcTestApp = OidcTestApp::spawn) { … })` for a test that needs more than the
///   plain app: its own type and how to start it, the function taking a `Backend`.
macro_rules! db_test {
    (configure = $configure:expr, $(#[$meta:meta])* async fn $name:ident($app:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[$meta])*
            async fn run($app: $crate::helpers::TestApp) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run($crate::helpers::TestApp::spawn_with($crate::helpers::Backend::Sqlite, $configure).await).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run($crate::helpers::TestApp::spawn_with($crate::helpers::Backend::Postgres, $configure).await).await
            }
        }
    };
    ($(#[$meta:meta])* async fn $name:ident($app:ident: $ty:ty = $spawn:path) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            $(#[$meta])*
            async fn run($app: $ty) $body

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                run($spawn($crate::helpers::Backend::Sqlite).await).await
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                run($spawn($crate::helpers::Backend::Postgres).await).await
            }
        }
    };
    ($(#[$meta:meta])* async fn $name:ident($app:ident) $body:block) => {
        db_test!(configure = |_| {}, $(#[$meta])* async fn $name($app) $body);
    };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub address: String,
    /// A browser that is not signed in; `browser()` opens more.
    pub client: reqwest::Client,
    pub state: AppState,
    /// Every mail the app sends arrives here.
    pub mail: MailSink,
    /// The app's clock; tests of timed rules move it.
    pub clock: ManualClock,
    pub backend: Backend,
    /// The metrics listener's address, when the test's configuration asked for one.
    pub metrics: Option<std::net::SocketAddr>,
    _data_dir: TempDir,
}

/// A configuration for an application of the test's own, on `database_url` or else on SQLite in `data_dir`, with
/// cheap password hashing.
pub fn own_config(data_dir: &std::path::Path, database_url: Option<String>) -> Config {
    let url = database_url.unwrap_or_else(|| format!("sqlite://{}/questline.db?mode=rwc", data_dir.display()));
    let mut config = Config::for_database(url, data_dir.to_path_buf());
    config.argon2_memory_kib = 256;
    config.argon2_iterations = 1;
    config
}

/// An application on the system clock that the test stops as SIGTERM would (`stop`), to watch it drain.
pub struct Running {
    pub address: std::net::SocketAddr,
    pub state: AppState,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    pub async fn start(config: Config) -> Self {
        let app = Application::build_with_clock(config, Arc::new(questline::clock::SystemClock)).await.expect("starts");
        let (address, state) = (app.local_addr(), app.state.clone());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        Self { address, state, stop: Some(stop), server }
    }

    /// The stop signal.
    pub fn stop(&mut self) {
        let _ = self.stop.take().expect("stopped once").send(());
    }

    pub fn has_stopped(&self) -> bool {
        self.server.is_finished()
    }

    /// Waits until the application has stopped, successfully, within `limit`.
    pub async fn stopped_within(&mut self, limit: Duration) {
        tokio::time::timeout(limit, &mut self.server).await.expect("the server stops in time").unwrap().unwrap();
    }
}

pub fn test_start_time() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z").expect("valid time").with_timezone(&Utc)
}

impl TestApp {
    /// Starts the app with a configuration the test may adjust (limits, timeouts).
    pub async fn spawn_with(backend: Backend, configure: impl FnOnce(&mut Config)) -> Self {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let database_url = match backend {
            Backend::Sqlite => format!("sqlite://{}/questline.db?mode=rwc", data_dir.path().display()),
            Backend::Postgres => fresh_postgres_database().await,
        };
        let mut config = Config::for_database(database_url, data_dir.path().to_path_buf());
        // Cheap hashing: the rules are the same, the suite is much faster on two cores.
        config.argon2_memory_kib = 256;
        config.argon2_iterations = 1;
        let mail = MailSink::start().await;
        config.smtp_url = Some(mail.url());
        configure(&mut config);
        let clock = ManualClock::at(test_start_time());
        let app = Application::build_with_clock(config, Arc::new(clock.clone())).await.expect("app starts");
        let address = format!("http://{}", app.local_addr());
        let state = app.state.clone();
        let metrics = app.metrics_addr();
        tokio::spawn(app.run_until(std::future::pending()));
        let client = new_client();
        Self { address, client, state, mail, clock, backend, metrics, _data_dir: data_dir }
    }

    /// A new browser with its own cookies.
    pub fn browser(&self) -> Browser {
        Browser { client: new_client(), address: self.address.clone() }
    }

    /// Signs up a new account in a new browser; returns the browser (signed in) and the account's id.
    pub async fn signed_up(&self, name: &str) -> (Browser, String, String) {
        let browser = self.browser();
        let email = format!("{}-{}@example.test", name.to_lowercase().replace(' ', "."), uuid::Uuid::now_v7().simple());
        let response = browser.sign_up(&email, PASSWORD, name).await;
        assert_eq!(response.status(), 201, "sign-up of {email}");
        let body: Value = response.json().await.unwrap();
        (browser, body["user"]["id"].as_str().unwrap().to_owned(), email)
    }

    /// Marks an account's e-mail address as proven, as its verification link does (a game master needs one).
    pub async fn verify_email(&self, account_id: &str) {
        use questline::db::entities::account;
        use sea_orm::sea_query::Expr;
        use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
        let id = uuid::Uuid::parse_str(account_id).expect("an account id");
        account::Entity::update_many()
            .col_expr(account::Column::EmailVerifiedAt, Expr::value(Some(self.clock_now())))
            .filter(account::Column::Id.eq(id))
            .exec(self.state.db.conn())
            .await
            .expect("e-mail verified");
    }

    /// A signed-in browser whose account is a game master (its e-mail address proven first).
    pub async fn signed_up_gm(&self, name: &str) -> (Browser, String, String) {
        let (browser, id, email) = self.signed_up(name).await;
        self.verify_email(&id).await;
        let response =
            browser.post_json(&format!("/api/accounts/{id}/become-game-master"), &serde_json::json!({})).await;
        assert_eq!(response.status(), 200);
        (browser, id, email)
    }

    /// Applies an administrator's command-line action (`questline admin …`).
    pub async fn admin(&self, email: &str, action: questline::accounts::admin::AdminAction) {
        questline::accounts::admin::apply(
            &self.state.db,
            &self.state.events,
            &self.state.hooks.accounts,
            self.clock.now(),
            email,
            action,
        )
        .await
        .expect("admin action");
    }

    /// The app's current time.
    #[allow(dead_code)]
    pub fn clock_now(&self) -> DateTime<Utc> {
        use questline::clock::Clock;
        self.clock.now()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }

    /// A state-changing JSON request as the web app sends it (with the CSRF header).
    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client.post(self.url(path)).header("X-Questline-Csrf", "1").json(body).send().await.expect("request sent")
    }
}

/// The password test accounts use.
pub const PASSWORD: &str = "correct horse battery staple";

fn new_client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .cookie_store(true)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("http client")
}

/// One browser: its own cookie jar, a helper per endpoint.
#[derive(Clone)]
pub struct Browser {
    pub client: reqwest::Client,
    address: String,
}

impl Browser {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }

    pub async fn send_json(&self, method: reqwest::Method, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .request(method, self.url(path))
            .header("X-Questline-Csrf", "1")
            .json(body)
            .send()
            .await
            .expect("request sent")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.send_json(reqwest::Method::POST, path, body).await
    }

    pub async fn sign_up(&self, email: &str, password: &str, name: &str) -> reqwest::Response {
        self.post_json(
            "/api/auth/sign-up",
            &serde_json::json!({"email": email, "password": password, "display_name": name, "time_zone": "Europe/Warsaw"}),
        )
        .await
    }

    pub async fn sign_in(&self, email: &str, password: &str) -> reqwest::Response {
        self.post_json("/api/auth/sign-in", &serde_json::json!({"email": email, "password": password})).await
    }

    pub async fn sign_out(&self) -> reqwest::Response {
        self.post_json("/api/auth/sign-out", &serde_json::json!({})).await
    }

    /// The user context (`getCurrentUser`).
    pub async fn me(&self) -> Value {
        let response = self.get("/api/auth/me").await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }
}

/// Reads an error answer and checks it has the contract's shape; returns `(type, code)`.
pub async fn error_of(response: reqwest::Response) -> (String, String, Value) {
    let content_type = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
    assert_eq!(content_type.as_deref(), Some("application/json"), "errors are JSON");
    let body: Value = response.json().await.expect("JSON body");
    let error = &body["error"];
    assert!(error["message"].as_str().is_some_and(|m| !m.is_empty()), "an error has a message: {body}");
    assert!(error["fields"].is_object(), "an error has fields: {body}");
    for (field, errors) in error["fields"].as_object().unwrap() {
        for field_error in errors.as_array().unwrap_or_else(|| panic!("{field}: a list of field errors: {body}")) {
            let code = field_error["code"].as_str().unwrap_or_default();
            assert!(
                !code.is_empty() && code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
                "{field}: a snake_case code: {body}"
            );
            assert!(field_error["message"].as_str().is_some_and(|m| !m.is_empty()), "{field}: a message: {body}");
            assert!(field_error.get("params").is_none_or(Value::is_object), "{field}: params are named: {body}");
        }
    }
    (error["type"].as_str().unwrap().to_owned(), error["code"].as_str().unwrap().to_owned(), error.clone())
}

/// The English messages of one field's errors (`{"fields": {"title": [{"code", "message", "params"}]}}`), in order.
pub fn field_messages(error: &Value, field: &str) -> Value {
    field_errors(error, field, "message")
}

/// The codes of one field's errors, in order.
pub fn field_codes(error: &Value, field: &str) -> Value {
    field_errors(error, field, "code")
}

fn field_errors(error: &Value, field: &str, part: &str) -> Value {
    match &error["fields"][field] {
        Value::Array(errors) => Value::Array(errors.iter().map(|error| error[part].clone()).collect()),
        other => other.clone(),
    }
}

pub fn postgres_admin_url() -> String {
    std::env::var("QUESTLINE_TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into())
}

/// Copies a migrated template into a new database for one test. The template is built once per schema (its name
/// carries a hash of the migrations), under an advisory lock so parallel test processes build it only once.
pub async fn fresh_postgres_database() -> String {
    let admin_url = postgres_admin_url();
    let admin = connect_one(&admin_url).await;
    let template = format!("questline_tpl_{:016x}", migrations_fingerprint());
    exec(&admin, "SELECT pg_advisory_lock(72731)").await;
    let exists = admin
        .query_one_raw(Statement::from_string(
            admin.get_database_backend(),
            format!("SELECT 1 FROM pg_database WHERE datname = '{template}'"),
        ))
        .await
        .expect("query pg_database")
        .is_some();
    if !exists {
        exec(&admin, &format!("CREATE DATABASE \"{template}\"")).await;
        let template_conn = connect_one(&db::with_database(&admin_url, &template)).await;
        db::migrate(&template_conn).await.expect("migrate the template");
        template_conn.close().await.expect("close template");
    }
    exec(&admin, "SELECT pg_advisory_unlock(72731)").await;
    let name = format!("qltest_{}", uuid::Uuid::now_v7().simple());
    exec(&admin, &format!("CREATE DATABASE \"{name}\" TEMPLATE \"{template}\"")).await;
    admin.close().await.expect("close admin");
    db::with_database(&admin_url, &name)
}

async fn connect_one(url: &str) -> DatabaseConnection {
    let mut options = sea_orm::ConnectOptions::new(url.to_owned());
    options.max_connections(1).sqlx_logging(false);
    Database::connect(options).await.unwrap_or_else(|e| panic!("PostgreSQL at {url} must be running: {e}"))
}

async fn exec(conn: &DatabaseConnection, sql: &str) {
    conn.execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// Changes whenever a migration file changes, so a stale template is never reused.
fn migrations_fingerprint() -> u64 {
    use std::hash::{Hash, Hasher};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/db/migrations");
    let mut files: Vec<_> =
        std::fs::read_dir(&dir).expect("migrations folder").map(|entry| entry.expect("dir entry").path()).collect();
    files.sort();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for file in files {
        file.file_name().hash(&mut hasher);
        std::fs::read(&file).expect("read migration").hash(&mut hasher);
    }
    hasher.finish()
}

/// Game systems, blueprints and parts (`tests/api/blueprints.rs`, `roles.rs`).
impl TestApp {
    /// The id of a seeded game system by its English name and its family's (`None` for a family).
    pub async fn game_system_id(&self, name: &str, family: Option<&str>) -> String {
        let systems: Value = self.get("/api/game-systems").await.json().await.unwrap();
        let items = systems["items"].as_array().unwrap();
        let family_id = family.map(|family| {
            items.iter().find(|s| s["name"] == family && s["parent_id"].is_null()).expect("family")["id"].clone()
        });
        items
            .iter()
            .find(|s| s["name"] == name && family_id.as_ref().is_none_or(|id| &s["parent_id"] == id))
            .unwrap_or_else(|| panic!("no game system {name}"))["id"]
            .as_str()
            .unwrap()
            .to_owned()
    }
}

impl Browser {
    pub async fn delete(&self, path: &str) -> reqwest::Response {
        self.client.delete(self.url(path)).header("X-Questline-Csrf", "1").send().await.expect("request sent")
    }

    pub async fn create_blueprint(&self, body: &Value) -> reqwest::Response {
        self.post_json("/api/activity-blueprints", body).await
    }

    /// Creates a blueprint that passes every rule; returns it.
    pub async fn create_blueprint_ok(&self, title: &str, game_system_id: &str) -> Value {
        let response =
            self.create_blueprint(&serde_json::json!({"title": title, "game_system_id": game_system_id})).await;
        assert_eq!(response.status(), 201, "create blueprint {title}");
        response.json().await.unwrap()
    }

    pub async fn blueprint(&self, handle: &str) -> reqwest::Response {
        self.get(&format!("/api/activity-blueprints/by-handle/{handle}")).await
    }

    pub async fn update_blueprint(&self, id: &str, body: &Value) -> reqwest::Response {
        self.send_json(reqwest::Method::PATCH, &format!("/api/activity-blueprints/{id}"), body).await
    }

    pub async fn delete_blueprint(&self, id: &str) -> reqwest::Response {
        self.delete(&format!("/api/activity-blueprints/{id}")).await
    }

    pub async fn set_blueprint_parts(&self, id: &str, part_ids: &[&str], version: i64) -> reqwest::Response {
        let body = serde_json::json!({"part_ids": part_ids, "version": version});
        self.send_json(reqwest::Method::PUT, &format!("/api/activity-blueprints/{id}/parts"), &body).await
    }

    pub async fn create_part(&self, body: &Value) -> reqwest::Response {
        self.post_json("/api/activity-blueprint-parts", body).await
    }

    /// Creates a part with empty content; returns it.
    pub async fn create_part_ok(&self, title: &str) -> Value {
        let response = self.create_part(&serde_json::json!({"title": title})).await;
        assert_eq!(response.status(), 201, "create part {title}");
        response.json().await.unwrap()
    }

    pub async fn part(&self, handle: &str) -> reqwest::Response {
        self.get(&format!("/api/activity-blueprint-parts/by-handle/{handle}")).await
    }

    pub async fn update_part(&self, id: &str, body: &Value) -> reqwest::Response {
        self.send_json(reqwest::Method::PATCH, &format!("/api/activity-blueprint-parts/{id}"), body).await
    }

    pub async fn delete_part(&self, id: &str) -> reqwest::Response {
        self.delete(&format!("/api/activity-blueprint-parts/{id}")).await
    }
}

/// Profiles (`tests/api/profiles.rs`, `security.rs`).
impl Browser {
    /// The signed-in user's own profile (`getMyProfile`), which must answer 200.
    pub async fn my_profile(&self) -> Value {
        let response = self.get("/api/profile").await;
        assert_eq!(response.status(), 200);
        response.json().await.unwrap()
    }

    /// `updateProfile` with `body`.
    pub async fn update_profile(&self, profile_id: &str, body: &Value) -> reqwest::Response {
        self.send_json(reqwest::Method::PATCH, &format!("/api/profiles/{profile_id}"), body).await
    }
}
