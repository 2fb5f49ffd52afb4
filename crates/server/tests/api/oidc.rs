//! Sign-in through OpenID Connect against a real provider: `test-support/oidc-provider` (the npm package
//! `oidc-provider`) started on 127.0.0.1 for each test. A reqwest client plays the browser: it follows the redirect
//! to the provider, fills in the provider's login form, and stops at the redirect to our `/callback` page, whose
//! code and state it posts to `finishOidcSignIn` as the web app does.

use std::io::{BufRead, BufReader, Read};
use std::ops::Deref;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::Url;
use reqwest::cookie::CookieStore;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, error_of, field_messages};

/// Where the test pretends the app is reachable; the provider sends the browser to `<this>/callback`.
const PUBLIC_URL: &str = "http://127.0.0.1:3999";
const CLIENT_ID: &str = "questline-test";
const CLIENT_SECRET: &str = "test-secret-not-for-production";
const PASSWORD: &str = "correct-horse-battery";

/// The provider's Node process; stopped when the test ends, however it ends.
struct TestProvider {
    child: Child,
    issuer: String,
}

impl TestProvider {
    async fn start() -> Self {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../test-support/oidc-provider");
        assert!(
            dir.join("node_modules/oidc-provider").is_dir(),
            "The test OpenID Connect provider is not installed: run `npm ci` in test-support/oidc-provider \
             (`make test` does it)."
        );
        let mut child = Command::new("node")
            .arg("server.mjs")
            .arg("0")
            .current_dir(&dir)
            .env("OIDC_CLIENT_ID", CLIENT_ID)
            .env("OIDC_CLIENT_SECRET", CLIENT_SECRET)
            .env("OIDC_REDIRECT_URIS", format!("{PUBLIC_URL}/callback"))
            .env("OIDC_EXIT_WITH_STDIN", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Node.js (`node`) must be installed to run the OpenID Connect tests");
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut pipe = child.stderr.take().expect("stderr");
        let collected = stderr.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            let _ = pipe.read_to_string(&mut text);
            collected.lock().unwrap().push_str(&text);
        });
        // Read stdout to its end, not just to the readiness line: a closed pipe would kill the provider (EPIPE).
        let stdout = child.stdout.take().expect("stdout");
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel();
        std::thread::spawn(move || {
            let mut ready_tx = Some(ready_tx);
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some((_, rest)) = line.split_once("ready issuer=")
                    && let Some(tx) = ready_tx.take()
                {
                    let _ = tx.send(rest.split(' ').next().unwrap_or_default().to_owned());
                }
            }
        });
        let issuer = match tokio::time::timeout(Duration::from_secs(30), ready_rx).await {
            Ok(Ok(issuer)) => issuer,
            _ => {
                let _ = child.kill();
                std::thread::sleep(Duration::from_millis(200));
                panic!("the test OpenID Connect provider did not start:\n{}", stderr.lock().unwrap());
            }
        };
        Self { child, issuer }
    }
}

impl Drop for TestProvider {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The app configured with the test provider as its OpenID Connect issuer.
pub struct OidcTestApp {
    app: TestApp,
    provider: TestProvider,
}

impl Deref for OidcTestApp {
    type Target = TestApp;

    fn deref(&self) -> &TestApp {
        &self.app
    }
}

/// What the provider handed to `/callback`.
struct Callback {
    code: String,
    state: String,
    iss: Option<String>,
}

impl Callback {
    fn body(&self) -> Value {
        json!({"code": self.code, "state": self.state, "iss": self.iss})
    }
}

impl OidcTestApp {
    async fn spawn(backend: Backend) -> Self {
        let provider = TestProvider::start().await;
        let issuer = provider.issuer.clone();
        let app = TestApp::spawn_with(backend, |config| {
            config.public_url = Some(PUBLIC_URL.into());
            config.oidc_issuer = Some(issuer);
            config.oidc_client_id = Some(CLIENT_ID.into());
            config.oidc_client_secret = Some(CLIENT_SECRET.into());
            config.oidc_provider_name = "Test Provider".into();
        })
        .await;
        Self { app, provider }
    }

    /// A browser of its own: a cookie jar for the app and the provider, redirects followed by hand.
    fn browser() -> reqwest::Client {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .cookie_store(true)
            .timeout(Duration::from_secs(30))
            .build()
            .expect("http client")
    }

    /// Clicks "Sign in with …", signs in at the provider as `login` and stops at the redirect to `/callback`.
    async fn sign_in_at_provider(&self, browser: &reqwest::Client, login: &str, return_to: &str) -> Callback {
        self.sign_in_at_provider_with(browser, login, &format!("return_to={return_to}")).await
    }

    /// The same, with the start's whole query string.
    async fn sign_in_at_provider_with(&self, browser: &reqwest::Client, login: &str, query: &str) -> Callback {
        let start = self.app.url(&format!("/api/auth/oidc/start?{query}"));
        let response = browser.get(&start).send().await.unwrap();
        assert_eq!(response.status(), 302, "start redirects to the provider");
        let mut url = location(&response, &Url::parse(&start).unwrap());
        assert!(url.as_str().starts_with(&self.provider.issuer), "to the provider: {url}");
        let query: Vec<(String, String)> = url.query_pairs().into_owned().collect();
        let param = |name: &str| query.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
        assert_eq!(param("code_challenge_method").as_deref(), Some("S256"));
        assert_eq!(param("redirect_uri").as_deref(), Some(format!("{PUBLIC_URL}/callback").as_str()));
        assert!(param("scope").unwrap().split(' ').collect::<Vec<_>>().contains(&"email"));
        assert!(param("state").is_some() && param("nonce").is_some());

        for _ in 0..20 {
            if url.as_str().starts_with(&format!("{PUBLIC_URL}/callback")) {
                let pairs: Vec<(String, String)> = url.query_pairs().into_owned().collect();
                let get = |name: &str| pairs.iter().find(|(key, _)| key == name).map(|(_, value)| value.clone());
                return Callback {
                    code: get("code").unwrap_or_else(|| panic!("no code in {url}")),
                    state: get("state").expect("state"),
                    iss: get("iss"),
                };
            }
            let response = browser.get(url.clone()).send().await.unwrap();
            if response.status().is_redirection() {
                url = location(&response, &url);
                continue;
            }
            assert_eq!(response.status(), 200, "the provider shows a page at {url}");
            let page = response.text().await.unwrap();
            let action = url.join(&html_attribute(&page, "action=\"").replace("&amp;", "&")).unwrap();
            let form: Vec<(&str, &str)> = if page.contains("name=\"login\"") {
                vec![("prompt", "login"), ("login", login), ("password", "anything")]
            } else {
                vec![("prompt", "consent")]
            };
            let response = browser.post(action.clone()).form(&form).send().await.unwrap();
            if !response.status().is_redirection() {
                let status = response.status();
                panic!("the provider's form answers with a redirect, not {status}: {}", response.text().await.unwrap());
            }
            url = location(&response, &action);
        }
        panic!("the provider never sent the browser back to /callback");
    }

    /// "Sign in again to confirm" from a signed-in page: the provider asks for the login again.
    async fn reauthenticate_at_provider(&self, browser: &reqwest::Client, login: &str, return_to: &str) -> Callback {
        let query =
            reqwest::Url::parse_with_params("http://x/", [("intent", "reauthenticate"), ("return_to", return_to)])
                .unwrap()
                .query()
                .unwrap()
                .to_owned();
        self.sign_in_at_provider_with(browser, login, &query).await
    }

    async fn finish(&self, browser: &reqwest::Client, callback: &Callback) -> reqwest::Response {
        self.post_as(browser, "/api/auth/oidc/finish", &callback.body()).await
    }

    async fn post_as(&self, browser: &reqwest::Client, path: &str, body: &Value) -> reqwest::Response {
        browser.post(self.app.url(path)).header("X-Questline-Csrf", "1").json(body).send().await.unwrap()
    }

    async fn me(&self, browser: &reqwest::Client) -> Value {
        browser.get(self.app.url("/api/auth/me")).send().await.unwrap().json().await.unwrap()
    }

    /// A whole sign-in through the provider in a new browser; returns the finish answer's body.
    async fn sign_in_fresh(&self, login: &str) -> (reqwest::Client, Value) {
        let browser = Self::browser();
        let callback = self.sign_in_at_provider(&browser, login, "/").await;
        let response = self.finish(&browser, &callback).await;
        assert_eq!(response.status(), 200);
        (browser, response.json().await.unwrap())
    }

    /// A built-in account, signed up in a browser of its own.
    async fn sign_up(&self, email: &str) -> Value {
        let browser = Self::browser();
        let body = json!({"email": email, "password": PASSWORD, "display_name": "Built In"});
        let response = self.post_as(&browser, "/api/auth/sign-up", &body).await;
        assert_eq!(response.status(), 201);
        response.json().await.unwrap()
    }
}

fn location(response: &reqwest::Response, base: &Url) -> Url {
    let value = response.headers().get("location").expect("a redirect has a Location").to_str().unwrap();
    base.join(value).unwrap()
}

fn html_attribute(page: &str, prefix: &str) -> String {
    let start = page.find(prefix).unwrap_or_else(|| panic!("no {prefix} in the page:\n{page}")) + prefix.len();
    page[start..].split('"').next().unwrap().to_owned()
}

db_test!(async fn first_sign_in_registers_and_the_next_one_signs_in(app: OidcTestApp = OidcTestApp::spawn) {
    let config: Value = app.get("/api/config").await.json().await.unwrap();
    assert_eq!(config["oidc"], json!({"provider_name": "Test Provider"}), "the app offers the button");

    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "alice", "/series/dragons?tab=sessions").await;
    let response = app.finish(&browser, &callback).await;
    assert_eq!(response.status(), 200);
    let first: Value = response.json().await.unwrap();
    assert_eq!(first["outcome"], "registered");
    assert_eq!(first["return_to"], "/series/dragons?tab=sessions");
    assert_eq!(first["claims"], json!({"email": "alice@example.test", "name": "Alice"}));
    assert!(first["link_token"].is_null());
    let account = &first["user"]["account"];
    assert_eq!(account["primary_email"]["email"], "alice@example.test");
    assert_eq!(account["email_verified"], true, "the provider marks the e-mail verified");
    assert_eq!(account["roles"], json!(["player"]));
    assert_eq!(account["has_password"], false);
    assert_eq!(first["user"]["user"]["name"], "Alice");
    let me = app.me(&browser).await;
    assert_eq!(me["authenticated"], true, "the session cookie is set");
    assert_eq!(me["account"]["account_id"], account["account_id"]);

    let (second_browser, second) = app.sign_in_fresh("alice").await;
    assert_eq!(second["outcome"], "signed_in", "no second registration");
    assert_eq!(second["user"]["account"]["account_id"], account["account_id"]);
    assert_eq!(second["return_to"], "/");
    assert_eq!(app.me(&second_browser).await["authenticated"], true);
});

db_test!(async fn the_state_must_be_known_unused_and_fresh(app: OidcTestApp = OidcTestApp::spawn) {
    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "mallory", "/").await;

    let forged = Callback { code: callback.code.clone(), state: "forged-state".into(), iss: callback.iss.clone() };
    let (kind, code, _) = error_of(app.finish(&browser, &forged).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unauthorized", "oidc_authentication_failed"));

    let response = app.finish(&browser, &callback).await;
    assert_eq!(response.status(), 200, "the real state still works");
    let response = app.finish(&browser, &callback).await;
    assert_eq!(response.status(), 401, "a state works once");
    let (_, code, error) = error_of(response).await;
    assert_eq!(code, "oidc_authentication_failed");
    assert_eq!(error["message"], "Authentication Failed");

    // A flow left at the provider for more than ten minutes has expired.
    let late_browser = OidcTestApp::browser();
    let late = app.sign_in_at_provider(&late_browser, "mallory", "/").await;
    app.clock.advance(chrono::Duration::minutes(11));
    let (_, code, _) = error_of(app.finish(&late_browser, &late).await).await;
    assert_eq!(code, "oidc_authentication_failed");
    assert_eq!(app.me(&late_browser).await["authenticated"], false);
});

db_test!(async fn a_verified_email_of_a_built_in_account_links_after_its_password(app: OidcTestApp = OidcTestApp::spawn) {
    let built_in = app.sign_up("bob@example.test").await;
    let account_id = built_in["account"]["account_id"].clone();

    let (browser, answer) = app.sign_in_fresh("bob").await;
    assert_eq!(answer["outcome"], "link_required");
    assert!(answer["user"].is_null());
    assert_eq!(answer["claims"]["email"], "bob@example.test");
    assert_eq!(app.me(&browser).await["authenticated"], false, "nobody is signed in before the password");
    let link_token = answer["link_token"].as_str().expect("a link token").to_owned();

    let wrong = app.post_as(&browser, "/api/auth/oidc/link", &json!({"link_token": link_token, "password": "not-my-password"})).await;
    let (kind, _, error) = error_of(wrong).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "password"), json!(["Password is incorrect"]));
    assert_eq!(app.me(&browser).await["authenticated"], false);

    let right = app.post_as(&browser, "/api/auth/oidc/link", &json!({"link_token": link_token, "password": PASSWORD})).await;
    assert_eq!(right.status(), 200);
    let linked: Value = right.json().await.unwrap();
    assert_eq!(linked["account"]["account_id"], account_id, "linked to the existing account");
    assert_eq!(linked["account"]["email_verified"], true, "the provider vouched for the address");
    assert_eq!(app.me(&browser).await["account"]["account_id"], account_id);

    let replay = app.post_as(&browser, "/api/auth/oidc/link", &json!({"link_token": link_token, "password": PASSWORD})).await;
    let (_, code, _) = error_of(replay).await;
    assert_eq!(code, "oidc_link_expired", "a link token works once");

    let (_, next) = app.sign_in_fresh("bob").await;
    assert_eq!(next["outcome"], "signed_in");
    assert_eq!(next["user"]["account"]["account_id"], account_id);
});

db_test!(async fn unverified_or_missing_emails_do_not_sign_in(app: OidcTestApp = OidcTestApp::spawn) {
    app.sign_up("unverified-carol@example.test").await;
    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "unverified-carol", "/").await;
    let (kind, code, _) = error_of(app.finish(&browser, &callback).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_allowed", "oidc_email_unverified"), "an unverified address never links");
    assert_eq!(app.me(&browser).await["authenticated"], false);

    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "noemail-dave", "/").await;
    let (_, code, error) = error_of(app.finish(&browser, &callback).await).await;
    assert_eq!(code, "oidc_claims_unreadable");
    assert_eq!(error["message"], "Failed to fetch user claims");
    assert_eq!(app.me(&browser).await["authenticated"], false);
});

db_test!(async fn without_configuration_there_is_no_provider_sign_in(app) {
    let config: Value = app.get("/api/config").await.json().await.unwrap();
    assert!(config["oidc"].is_null());
    let (kind, code, _) = error_of(app.get("/api/auth/oidc/start").await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_found", "oidc_not_configured"));
    // A browser that follows a link to it is shown the failure by the app instead.
    let page = app.client.get(app.url("/api/auth/oidc/start")).header("accept", "text/html,*/*;q=0.8").send().await.unwrap();
    assert_eq!(page.status(), 302);
    assert_eq!(page.headers()["location"], "/callback?error=oidc_not_configured");
    let (_, code, _) = error_of(app.post_json("/api/auth/oidc/finish", &json!({"code": "c", "state": "s"})).await).await;
    assert_eq!(code, "oidc_not_configured");
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_provider_answers_503_and_the_app_still_starts() {
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.oidc_issuer = Some(format!("http://127.0.0.1:{closed_port}"));
        config.oidc_client_id = Some(CLIENT_ID.into());
        config.oidc_client_secret = Some(CLIENT_SECRET.into());
    })
    .await;
    assert_eq!(app.get("/api/health").await.status(), 200);
    let response = app.get("/api/auth/oidc/start").await;
    assert_eq!(response.status(), 503);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unknown_error", "oidc_provider_unavailable"));
    let page = app.client.get(app.url("/api/auth/oidc/start")).header("accept", "text/html").send().await.unwrap();
    assert_eq!(page.status(), 302);
    assert_eq!(page.headers()["location"], "/callback?error=oidc_provider_unavailable");
}

db_test!(async fn a_deleted_account_never_signs_in_through_the_provider_again(app: OidcTestApp = OidcTestApp::spawn) {
    let (browser, first) = app.sign_in_fresh("erin").await;
    assert_eq!(first["outcome"], "registered");
    let callback = app.reauthenticate_at_provider(&browser, "erin", "/account").await;
    assert_eq!(app.finish(&browser, &callback).await.status(), 200, "signing in again confirms the deletion");
    let deleted = browser
        .delete(app.url("/api/account"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"confirm_email": "erin@example.test"}))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 204);

    let (_, again) = app.sign_in_fresh("erin").await;
    assert_eq!(again["outcome"], "registered", "a new account, not the deleted one");
    assert_ne!(again["user"]["account"]["account_id"], first["user"]["account"]["account_id"]);
});

// --- Issue 9, finding 1: pre-registration takeover through the identity provider ------------------------------------

db_test!(async fn an_unverified_provider_email_never_creates_or_claims_an_account(app: OidcTestApp = OidcTestApp::spawn) {
    // Mallory's provider account claims Victor's address without having proven it.
    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "unverified-victor", "/").await;
    let response = app.finish(&browser, &callback).await;
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_allowed", "oidc_email_unverified"));
    assert_eq!(app.me(&browser).await["authenticated"], false);
    // The address is still Victor's to sign up with.
    app.sign_up("unverified-victor@example.test").await;
    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "unverified-victor", "/").await;
    let (_, code, _) = error_of(app.finish(&browser, &callback).await).await;
    assert_eq!(code, "oidc_email_unverified", "and never links to his account");
});

/// An account registered through the provider before the fix, from an address nobody proved: the identity is
/// linked, the address unverified, no password.
async fn legacy_unproven_registration(app: &OidcTestApp, login: &str) -> uuid::Uuid {
    use questline::db::entities::account;
    use sea_orm::sea_query::{Alias, Query};
    use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait};
    let now = app.clock_now();
    let id = uuid::Uuid::now_v7();
    let email = format!("{login}@example.test");
    account::ActiveModel {
        id: Set(id),
        email: Set(email.clone()),
        email_verified_at: Set(None),
        password_hash: Set(None),
        display_name: Set("Victim".into()),
        locale: Set("en-GB".into()),
        time_zone: Set("UTC".into()),
        status: Set("active".into()),
        is_admin: Set(false),
        gm_since: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        version: Set(1),
    }
    .insert(app.state.db.conn())
    .await
    .unwrap();
    // Its profile, as every account gets one (the profiles feature's creation hook).
    app.state
        .db
        .write(move |txn| {
            Box::pin(async move { Ok(questline::profiles::on_account_created(txn, id.into(), now).await?) })
        })
        .await
        .unwrap();
    // The identity row itself: the oidc feature's tables are its own, so the test writes it as SQL.
    let identity = Query::insert()
        .into_table(Alias::new("oidc_identities"))
        .columns(["id", "issuer", "subject", "account_id", "email", "created_at"].map(Alias::new))
        .values_panic([
            uuid::Uuid::now_v7().into(),
            app.provider.issuer.clone().into(),
            login.to_owned().into(),
            id.into(),
            email.into(),
            now.into(),
        ])
        .to_owned();
    app.state.db.conn().execute(&identity).await.unwrap();
    id
}

db_test!(async fn a_password_reset_removes_identities_linked_before_the_address_was_proven(app: OidcTestApp = OidcTestApp::spawn) {
    // (The attacker's login claims the victim's address; the provider now says it is verified, as Mallory
    // later proved her own copy of the name at her provider — what counts is that Questline never did.)
    legacy_unproven_registration(&app, "victim").await;
    let owner = OidcTestApp::browser();
    let requested = app.post_as(&owner, "/api/auth/password-reset", &json!({"email": "victim@example.test"})).await;
    assert_eq!(requested.status(), 202);
    let token = app.mail.link_token("victim@example.test", "/reset-password", 0).await;
    let reset = app.post_as(&owner, "/api/auth/password-reset/confirm", &json!({"token": token, "new_password": "the owner's passphrase"})).await;
    assert_eq!(reset.status(), 204);

    // Mallory signs in through the provider: the identity is no longer linked, so she must prove the password.
    let (mallory, answer) = app.sign_in_fresh("victim").await;
    assert_eq!(answer["outcome"], "link_required", "{answer}");
    assert_eq!(app.me(&mallory).await["authenticated"], false);
});

db_test!(async fn an_email_verification_removes_identities_linked_before_the_address_was_proven(app: OidcTestApp = OidcTestApp::spawn) {
    let id = legacy_unproven_registration(&app, "victor").await;
    let jobs = app.state.jobs.clone();
    app.state
        .db
        .write(move |txn| Box::pin(async move { Ok(jobs.schedule(txn, questline::accounts::jobs::verification_mail(id)).await?) }))
        .await
        .unwrap();
    let token = app.mail.link_token("victor@example.test", "/verify-email", 0).await;
    let owner = OidcTestApp::browser();
    assert_eq!(app.post_as(&owner, "/api/auth/verify-email", &json!({"token": token})).await.status(), 204);

    let browser = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&browser, "victor", "/").await;
    let response = app.finish(&browser, &callback).await;
    assert_ne!(response.status(), 200, "the identity linked before the proof no longer signs in");
    assert_eq!(app.me(&browser).await["authenticated"], false);
});

db_test!(async fn linked_identities_are_listed_and_removed_with_the_password(app: OidcTestApp = OidcTestApp::spawn) {
    app.sign_up("bob@example.test").await;
    let (browser, answer) = app.sign_in_fresh("bob").await;
    let link_token = answer["link_token"].as_str().unwrap().to_owned();
    let linked = app.post_as(&browser, "/api/auth/oidc/link", &json!({"link_token": link_token, "password": PASSWORD})).await;
    assert_eq!(linked.status(), 200);

    let listed = browser.get(app.url("/api/account/identities")).send().await.unwrap();
    assert_eq!(listed.status(), 200);
    let listed: Value = listed.json().await.unwrap();
    let items = listed["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "{listed}");
    assert_eq!(items[0]["provider_name"], "Test Provider");
    assert_eq!(items[0]["email"], "bob@example.test");
    assert!(items[0]["linked_at"].is_string());
    let identity = items[0]["identity_id"].as_str().unwrap().to_owned();

    let remove = |password: &'static str| {
        let (browser, url) = (browser.clone(), app.url(&format!("/api/account/identities/{identity}")));
        async move {
            browser.delete(url).header("X-Questline-Csrf", "1").json(&json!({"password": password})).send().await.unwrap()
        }
    };
    let wrong = remove("not my password").await;
    assert_eq!(field_messages(&error_of(wrong).await.2, "password"), json!(["Password is incorrect"]));
    assert_eq!(remove(PASSWORD).await.status(), 204);
    let listed: Value = browser.get(app.url("/api/account/identities")).send().await.unwrap().json().await.unwrap();
    assert_eq!(listed["items"], json!([]));

    let (_, again) = app.sign_in_fresh("bob").await;
    assert_eq!(again["outcome"], "link_required", "the provider no longer signs in to Bob's account");
});

// --- Issue 9, finding 2: login CSRF ----------------------------------------------------------------------------------

db_test!(async fn another_browser_cannot_finish_a_sign_in_it_did_not_start(app: OidcTestApp = OidcTestApp::spawn) {
    // Mallory starts a sign-in with her own provider account and sends the callback link to Victor.
    let mallory = OidcTestApp::browser();
    let callback = app.sign_in_at_provider(&mallory, "mallory", "/").await;
    let victor = OidcTestApp::browser();
    let response = app.finish(&victor, &callback).await;
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unauthorized", "oidc_authentication_failed"));
    assert_eq!(app.me(&victor).await["authenticated"], false, "Victor is not signed in as Mallory");
});

// --- Issue 9, finding 16: an account without a password confirms deletion by signing in again -----------------------

db_test!(async fn an_identity_only_account_confirms_deletion_by_signing_in_again(app: OidcTestApp = OidcTestApp::spawn) {
    let (browser, first) = app.sign_in_fresh("erin").await;
    assert_eq!(first["outcome"], "registered");
    let delete = || async {
        browser
            .delete(app.url("/api/account"))
            .header("X-Questline-Csrf", "1")
            .json(&json!({"confirm_email": "erin@example.test"}))
            .send()
            .await
            .unwrap()
    };
    // Typing the e-mail is not enough: anyone at an unlocked screen could.
    let (kind, code, _) = error_of(delete().await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_allowed", "reauthentication_required"));

    // Signing in again at the provider, from this browser, confirms it.
    let callback = app.reauthenticate_at_provider(&browser, "erin", "/account?delete=1").await;
    let response = app.finish(&browser, &callback).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["outcome"], "reauthenticated");
    assert_eq!(answer["return_to"], "/account?delete=1");
    assert_eq!(delete().await.status(), 204);
    assert_eq!(app.me(&browser).await["authenticated"], false);
});

db_test!(async fn re_authentication_must_be_recent_and_by_the_same_identity(app: OidcTestApp = OidcTestApp::spawn) {
    let jar = Arc::new(reqwest::cookie::Jar::default());
    let erin = browser_with(jar.clone());
    let callback = app.sign_in_at_provider(&erin, "erin", "/").await;
    assert_eq!(app.finish(&erin, &callback).await.status(), 200);
    // Another person's provider sign-in does not confirm Erin's deletion. (A second browser with Erin's
    // Questline session and no provider session, so the provider takes the other login without asking to sign
    // Erin out there first.)
    let app_url = Url::parse(&app.url("/")).unwrap();
    let cookies = jar.cookies(&app_url).expect("Erin's cookies");
    let session = cookies.to_str().unwrap().split("; ").find(|c| c.starts_with("questline_session=")).unwrap().to_owned();
    let elsewhere_jar = Arc::new(reqwest::cookie::Jar::default());
    elsewhere_jar.add_cookie_str(&session, &app_url);
    let elsewhere = browser_with(elsewhere_jar);
    let callback = app.reauthenticate_at_provider(&elsewhere, "frank", "/account").await;
    let (kind, code, _) = error_of(app.finish(&elsewhere, &callback).await).await;
    assert_eq!((kind.as_str(), code.as_str()), ("forbidden", "oidc_reauthentication_failed"));
    // A re-authentication grows stale.
    let callback = app.reauthenticate_at_provider(&erin, "erin", "/account").await;
    assert_eq!(app.finish(&erin, &callback).await.status(), 200);
    app.clock.advance(chrono::Duration::minutes(6));
    let late = erin
        .delete(app.url("/api/account"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"confirm_email": "erin@example.test"}))
        .send()
        .await
        .unwrap();
    assert_eq!(error_of(late).await.1, "reauthentication_required");
});

/// A browser whose cookies the test can read and copy.
fn browser_with(jar: Arc<reqwest::cookie::Jar>) -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .cookie_provider(jar)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("http client")
}
