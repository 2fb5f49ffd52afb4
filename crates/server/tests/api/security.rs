//! The security review of issue 9, finding by finding: each test is the attack, which must fail. Sign-in through
//! the identity provider (findings 1, 2 and 16's re-authentication) is in `oidc.rs`, websockets (4, 16) in
//! `realtime.rs`.

use chrono::Duration;
use questline::accounts::jobs as account_jobs;
use questline::config::Config;
use questline::jobs;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Backend, Browser, PASSWORD, TestApp, error_of, field_messages};

fn email(name: &str) -> String {
    format!("{name}-{}@example.test", uuid::Uuid::now_v7().simple())
}

/// Requests as they arrive through a reverse proxy: from 127.0.0.1, saying who the client is.
async fn post_from(app: &TestApp, client: &str, path: &str, body: &Value) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("X-Questline-Csrf", "1")
        .header("X-Forwarded-For", client)
        .json(body)
        .send()
        .await
        .expect("request sent")
}

async fn sign_in_from(app: &TestApp, client: &str, email: &str, password: &str) -> reqwest::Response {
    post_from(app, client, "/api/auth/sign-in", &json!({"email": email, "password": password})).await
}

async fn status_and_code(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    if status < 400 {
        return (status, String::new());
    }
    (status, error_of(response).await.1)
}

// --- 3. Unauthenticated expensive requests ----------------------------------------------------------------------

fn small_address_limit(config: &mut Config) {
    config.address_limit_per_hour = 2;
}

db_test!(configure = small_address_limit, async fn sign_ups_from_one_address_are_limited(app) {
    for _ in 0..2 {
        assert_eq!(app.browser().sign_up(&email("ada"), PASSWORD, "Ada").await.status(), 201);
    }
    let third = app.browser().sign_up(&email("ada"), PASSWORD, "Ada").await;
    assert_eq!(third.status(), 429);
    assert!(third.headers().contains_key("retry-after"));
    assert_eq!(error_of(third).await.1, "rate_limited");
    // A taken address is answered within the same budget, so the form cannot list who has an account (10).
    app.clock.advance(Duration::hours(1));
    assert_eq!(app.browser().sign_up(&email("bea"), PASSWORD, "Bea").await.status(), 201, "a new hour");
});

db_test!(configure = small_address_limit, async fn reset_confirmations_and_reset_requests_from_one_address_are_limited(app) {
    let confirm = json!({"token": "guessed-token", "new_password": "a brand new passphrase"});
    for _ in 0..2 {
        assert_eq!(status_and_code(app.post_json("/api/auth/password-reset/confirm", &confirm).await).await, (404, "link_invalid".into()));
    }
    assert_eq!(status_and_code(app.post_json("/api/auth/password-reset/confirm", &confirm).await).await, (429, "rate_limited".into()));

    for _ in 0..2 {
        let response = app.post_json("/api/auth/password-reset", &json!({"email": email("nobody")})).await;
        assert_eq!(response.status(), 202);
    }
    let limited = app.post_json("/api/auth/password-reset", &json!({"email": email("nobody")})).await;
    assert_eq!(status_and_code(limited).await, (429, "rate_limited".into()));
});

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn provider_sign_ins_from_one_address_are_limited() {
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.address_limit_per_hour = 2;
        config.oidc_issuer = Some(format!("http://127.0.0.1:{closed_port}"));
        config.oidc_client_id = Some("questline".into());
        config.oidc_client_secret = Some("secret".into());
    })
    .await;
    for _ in 0..2 {
        assert_eq!(app.get("/api/auth/oidc/start").await.status(), 503, "the provider is down");
    }
    assert_eq!(status_and_code(app.get("/api/auth/oidc/start").await).await, (429, "rate_limited".into()));
}

db_test!(configure = |config| config.password_hashing_concurrency = 1, async fn a_busy_password_hasher_answers_503_and_bogus_resets_never_wait_for_it(app) {
    let held = app.state.auth.passwords.hold_all_for_test().await;
    // A reset with a token nobody issued is refused before any hashing.
    let bogus = app.post_json("/api/auth/password-reset/confirm", &json!({"token": "guessed", "new_password": "a brand new passphrase"})).await;
    assert_eq!(status_and_code(bogus).await, (404, "link_invalid".into()));
    // A sign-up needs the hasher: while every slot is taken it is told to come back.
    let busy = app.browser().sign_up(&email("ada"), PASSWORD, "Ada").await;
    assert_eq!(busy.status(), 503);
    assert!(busy.headers().contains_key("retry-after"));
    assert_eq!(error_of(busy).await.1, "server_busy");
    drop(held);
    assert_eq!(app.browser().sign_up(&email("ada"), PASSWORD, "Ada").await.status(), 201);
});

db_test!(configure = |config| config.mails_per_recipient_per_hour = 2, async fn sign_up_and_delete_cannot_flood_a_mailbox(app) {
    // This instance's job runner stops before anything is scheduled, so every mail waits as a job to be counted.
    app.state.jobs.stop_and_wait().await;
    let victim = email("victim");
    for round in 0..3 {
        let browser = app.browser();
        assert_eq!(browser.sign_up(&victim, PASSWORD, "Spammer").await.status(), 201, "round {round}");
        let deleted = browser.send_json(Method::DELETE, "/api/account", &json!({"password": PASSWORD})).await;
        assert_eq!(deleted.status(), 204);
    }
    let mails = jobs::find_by_kind(app.state.db.conn(), account_jobs::SEND_VERIFICATION).await.unwrap();
    assert_eq!(mails.len(), 2, "at most two mails an hour to one address");
});

// --- 5. Sign-in limits behind a proxy ---------------------------------------------------------------------------

fn behind_proxy(config: &mut Config) {
    config.trusted_proxies = Some("127.0.0.1".into());
}

db_test!(configure = behind_proxy, async fn one_client_failing_behind_the_proxy_does_not_lock_out_the_others(app) {
    let (_, _, ada) = app.signed_up("Ada").await;
    let (_, _, bob) = app.signed_up("Bob").await;
    let mallory = "203.0.113.66";
    // Mallory guesses Ada's password: after five failures her address waits before trying Ada again.
    for _ in 0..5 {
        assert_eq!(sign_in_from(&app, mallory, &ada, "wrong wrong wrong").await.status(), 401);
    }
    assert_eq!(status_and_code(sign_in_from(&app, mallory, &ada, PASSWORD).await).await, (429, "rate_limited".into()));
    // Then she tries other addresses until her own is refused altogether.
    for _ in 0..45 {
        assert_eq!(sign_in_from(&app, mallory, &email("guess"), "wrong wrong wrong").await.status(), 401);
    }
    assert_eq!(status_and_code(sign_in_from(&app, mallory, &bob, PASSWORD).await).await, (429, "rate_limited".into()));
    // Ada and Bob, each from their own address behind the same proxy, sign in at once.
    assert_eq!(sign_in_from(&app, "198.51.100.7", &ada, PASSWORD).await.status(), 200);
    assert_eq!(sign_in_from(&app, "198.51.100.8, 127.0.0.1", &bob, PASSWORD).await.status(), 200);
});

db_test!(async fn forwarded_for_from_an_untrusted_peer_is_ignored(app) {
    let (_, _, ada) = app.signed_up("Ada").await;
    // Without QUESTLINE_TRUSTED_PROXIES, inventing a new client address per request changes nothing.
    for n in 0..50 {
        sign_in_from(&app, &format!("203.0.113.{n}"), &email("nobody"), "wrong wrong wrong").await;
    }
    let (status, code) = status_and_code(sign_in_from(&app, "198.51.100.7", &ada, PASSWORD).await).await;
    assert_eq!((status, code.as_str()), (429, "rate_limited"), "still one address: the peer's");
});

db_test!(configure = behind_proxy, async fn failures_slow_one_address_down_with_growing_delays(app) {
    let (_, _, ada) = app.signed_up("Ada").await;
    let from = "203.0.113.9";
    for _ in 0..5 {
        assert_eq!(sign_in_from(&app, from, &ada, "wrong wrong wrong").await.status(), 401);
    }
    let first = sign_in_from(&app, from, &ada, PASSWORD).await;
    assert_eq!(first.status(), 429, "a pause after five failures");
    let first_wait: i64 = first.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    app.clock.advance(Duration::seconds(first_wait));
    assert_eq!(sign_in_from(&app, from, &ada, "wrong wrong wrong").await.status(), 401, "one more try after it");
    let second = sign_in_from(&app, from, &ada, PASSWORD).await;
    assert_eq!(second.status(), 429);
    let second_wait: i64 = second.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(second_wait > first_wait, "the pause grows: {first_wait} s, then {second_wait} s");
    app.clock.advance(Duration::seconds(second_wait));
    assert_eq!(sign_in_from(&app, from, &ada, PASSWORD).await.status(), 200, "never a hard block");
});

// --- 6, 7. Control characters and field lengths -----------------------------------------------------------------

async fn profile_id(browser: &Browser) -> String {
    let profile = browser.my_profile().await;
    profile["profile_id"].as_str().unwrap().to_owned()
}

fn base(first_name: &str, bio: &str, address1: &str) -> Value {
    json!({"base": {
        "first_name": first_name, "last_name": "Lovelace", "display_name": "Ada", "birthdate": "1990-12-10",
        "bio": bio, "location": {"address1": address1, "city": "Kraków", "postal_code": "30-001", "country": "pl"}
    }})
}

db_test!(async fn control_and_format_characters_and_huge_addresses_are_refused(app) {
    let (browser, _, _) = app.signed_up("Ada").await;
    let id = profile_id(&browser).await;
    let update = |body: Value| {
        let (browser, id) = (browser.clone(), id.clone());
        async move { browser.update_profile(&id, &body).await }
    };
    let nul = update(base("Ada", "Null\u{0}byte", "Main Street 1")).await;
    assert_eq!(nul.status(), 422, "never a 500");
    assert_eq!(field_messages(&error_of(nul).await.2, "base.bio"), json!(["Bio must not contain control characters"]));
    let bidi = update(base("Ada\u{202E}evil", "", "Main Street 1")).await;
    assert_eq!(field_messages(&error_of(bidi).await.2, "base.first_name"), json!(["First name must not contain control characters"]));
    let huge = update(base("Ada", "", &"x".repeat(900 * 1024))).await;
    assert_eq!(field_messages(&error_of(huge).await.2, "base.location.address1"), json!(["Address must be less than 100 characters"]));

    // Line breaks in a bio are fine; so is an emoji made with a zero-width joiner.
    assert_eq!(update(base("Ada", "Line one\nLine two 👩\u{200D}💻", "Main Street 1")).await.status(), 200);
});

db_test!(async fn a_display_name_with_a_line_break_is_refused_at_sign_up(app) {
    let response = app.browser().sign_up(&email("ada"), PASSWORD, "Ada\r\nBcc: everyone@example.test").await;
    assert_eq!(response.status(), 422);
    assert_eq!(field_messages(&error_of(response).await.2, "display_name"), json!(["Display name must not contain control characters"]));
});

// --- 8, 9. Reset links and password checks ----------------------------------------------------------------------

db_test!(async fn a_reset_or_a_password_change_voids_every_other_reset_link(app) {
    let (browser, _, address) = app.signed_up("Rita").await;
    for _ in 0..2 {
        app.post_json("/api/auth/password-reset", &json!({"email": address})).await;
    }
    let older = app.mail.link_token(&address, "/reset-password", 0).await;
    let newer = app.mail.link_token(&address, "/reset-password", 1).await;
    let confirm = |token: String, password: &'static str| {
        let app = &app;
        async move { app.post_json("/api/auth/password-reset/confirm", &json!({"token": token, "new_password": password})).await }
    };
    assert_eq!(confirm(newer, "a brand new passphrase").await.status(), 204);
    assert_eq!(status_and_code(confirm(older, "the attacker's passphrase").await).await, (409, "link_expired".into()));

    assert_eq!(browser.sign_in(&address, "a brand new passphrase").await.status(), 200);
    app.post_json("/api/auth/password-reset", &json!({"email": address})).await;
    let pending = app.mail.link_token(&address, "/reset-password", 2).await;
    let changed = browser
        .post_json("/api/account/password", &json!({"current_password": "a brand new passphrase", "new_password": "yet another passphrase"}))
        .await;
    assert_eq!(changed.status(), 204);
    assert_eq!(status_and_code(confirm(pending, "the attacker's passphrase").await).await, (409, "link_expired".into()));
});

db_test!(async fn wrong_current_passwords_count_like_failed_sign_ins(app) {
    let (browser, _, _) = app.signed_up("Pia").await;
    for _ in 0..5 {
        let wrong = browser.post_json("/api/account/password", &json!({"current_password": "guess guess guess", "new_password": "a brand new passphrase"})).await;
        assert_eq!(wrong.status(), 422);
    }
    let change = browser.post_json("/api/account/password", &json!({"current_password": "guess guess guess", "new_password": "a brand new passphrase"})).await;
    assert_eq!(status_and_code(change).await, (429, "rate_limited".into()));
    let delete = browser.send_json(Method::DELETE, "/api/account", &json!({"password": "guess guess guess"})).await;
    assert_eq!(status_and_code(delete).await, (429, "rate_limited".into()));
    assert_eq!(browser.me().await["authenticated"], true);
});

// --- 10. Enumeration ---------------------------------------------------------------------------------------------

db_test!(async fn a_reset_request_does_the_same_work_for_unknown_addresses(app) {
    // This instance's job runner stops before anything is scheduled, so every mail waits as a job to be counted.
    app.state.jobs.stop_and_wait().await;
    let (_, _, known) = app.signed_up("Kim").await;
    for address in [known.clone(), email("nobody")] {
        assert_eq!(app.post_json("/api/auth/password-reset", &json!({"email": address})).await.status(), 202);
    }
    let scheduled = jobs::find_by_kind(app.state.db.conn(), account_jobs::SEND_PASSWORD_RESET).await.unwrap();
    assert_eq!(scheduled.len(), 2, "a job for the known and for the unknown address alike");
    let serialized = serde_json::to_string(&scheduled.iter().map(|job| &job.payload).collect::<Vec<_>>()).unwrap();
    assert!(!serialized.contains("token"), "jobs hold no secret: {serialized}");
});

// --- 12, 14. Transport headers -------------------------------------------------------------------------------------

fn https(config: &mut Config) {
    config.public_url = Some("https://play.example.com".into());
}

db_test!(configure = https, async fn behind_https_the_session_cookie_is_host_only_and_secure_and_hsts_is_sent(app) {
    let response = app.post_json("/api/auth/sign-up", &json!({"email": email("ada"), "password": PASSWORD, "display_name": "Ada"})).await;
    assert_eq!(response.status(), 201);
    let hsts = response.headers().get("strict-transport-security").expect("HSTS behind https").to_str().unwrap();
    assert!(hsts.starts_with("max-age=31536000"), "{hsts}");
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.starts_with("__Host-questline_session="), "{cookie}");
    assert!(cookie.contains("Secure") && cookie.contains("Path=/") && !cookie.contains("Domain"), "{cookie}");
    let token = cookie.split(';').next().unwrap().to_owned();

    let signed_out = reqwest::Client::new()
        .post(app.url("/api/auth/sign-out"))
        .header("X-Questline-Csrf", "1")
        .header("cookie", &token)
        .send()
        .await
        .unwrap();
    let removal = signed_out.headers()["set-cookie"].to_str().unwrap();
    assert!(removal.starts_with("__Host-questline_session=") && removal.contains("Secure"), "{removal}");
});

db_test!(async fn over_plain_http_there_is_no_hsts(app) {
    let response = app.get("/api/health").await;
    assert!(response.headers().get("strict-transport-security").is_none());
});

db_test!(async fn api_answers_are_never_cached(app) {
    for path in ["/api/auth/me", "/api/health", "/api/no-such-endpoint", "/api/config"] {
        let response = app.get(path).await;
        assert_eq!(response.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"), "{path}");
    }
    let error = app.post_json("/api/auth/sign-in", &json!({"email": "", "password": ""})).await;
    assert_eq!(error.headers()["cache-control"], "no-store");
    // The web app's pages keep their own rule (revalidate).
    assert_eq!(app.get("/").await.headers()["cache-control"], "no-cache");
});

// --- 16. Hardening ---------------------------------------------------------------------------------------------------

fn session_cookie(response: &reqwest::Response) -> String {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find(|value| value.starts_with("questline_session="))
        .and_then(|value| value.split(';').next())
        .expect("a session cookie")
        .to_owned()
}

async fn authenticated_with(app: &TestApp, cookie: &str) -> bool {
    let me: Value = reqwest::Client::new()
        .get(app.url("/api/auth/me"))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    me["authenticated"] == true
}

db_test!(async fn a_new_sign_in_in_the_same_browser_ends_the_old_session(app) {
    let (_, _, ada) = app.signed_up("Ada").await;
    let (_, _, bob) = app.signed_up("Bob").await;
    let client = reqwest::Client::new();
    let sign_in = |email: String, cookie: Option<String>| {
        let (client, url) = (client.clone(), app.url("/api/auth/sign-in"));
        async move {
            let mut request = client.post(url).header("X-Questline-Csrf", "1");
            if let Some(cookie) = cookie {
                request = request.header("cookie", cookie);
            }
            request.json(&json!({"email": email, "password": PASSWORD})).send().await.unwrap()
        }
    };
    let first = session_cookie(&sign_in(ada, None).await);
    let second = session_cookie(&sign_in(bob, Some(first.clone())).await);
    assert!(authenticated_with(&app, &second).await);
    assert!(!authenticated_with(&app, &first).await, "the first session ended when the browser signed in again");
});

db_test!(async fn becoming_a_game_master_rotates_the_session_token(app) {
    let client = reqwest::Client::new();
    let response = client
        .post(app.url("/api/auth/sign-up"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"email": email("gwen"), "password": PASSWORD, "display_name": "Gwen"}))
        .send()
        .await
        .unwrap();
    let before = session_cookie(&response);
    let id = response.json::<Value>().await.unwrap()["user"]["id"].as_str().unwrap().to_owned();
    app.verify_email(&id).await;
    let became = client
        .post(app.url(&format!("/api/accounts/{id}/become-game-master")))
        .header("X-Questline-Csrf", "1")
        .header("cookie", &before)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(became.status(), 200);
    let after = session_cookie(&became);
    assert_ne!(before, after);
    assert!(authenticated_with(&app, &after).await);
    assert!(!authenticated_with(&app, &before).await, "the token from before the new role is void");
});

db_test!(async fn an_admin_grant_ends_the_accounts_sessions(app) {
    let (browser, _, address) = app.signed_up("Ada").await;
    app.admin(&address, questline::accounts::admin::AdminAction::GrantAdmin).await;
    assert_eq!(browser.me().await["authenticated"], false, "signs in again with the new role");
    assert_eq!(browser.sign_in(&address, PASSWORD).await.status(), 200);
    assert_eq!(browser.me().await["user"]["roles"], json!(["player", "admin"]));
});

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_and_mail_files_are_readable_by_the_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::spawn_with(Backend::Sqlite, |config| {
        config.smtp_url = None;
        config.database_url = None;
    })
    .await;
    let (_, _, _) = app.signed_up("Fiona").await;
    let data = app.state.config.data_dir.clone();
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let mail_dir = data.join("mail");
    let mut mail = None;
    for _ in 0..100 {
        let written = std::fs::read_dir(&mail_dir).ok().and_then(|entries| {
            entries.flatten().map(|entry| entry.path()).find(|path| path.extension().is_some_and(|e| e == "eml"))
        });
        if let Some(path) = written {
            mail = Some(path);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mail = mail.expect("a mail file");
    assert_eq!(mode(&mail), 0o600, "{}", mail.display());
    assert_eq!(mode(&mail_dir), 0o700);
    for file in ["questline.db", "questline.db-wal"] {
        let path = data.join(file);
        if path.exists() {
            assert_eq!(mode(&path), 0o600, "{}", path.display());
        }
    }
    assert_eq!(mode(&data.join("questline.db")), 0o600);
}
