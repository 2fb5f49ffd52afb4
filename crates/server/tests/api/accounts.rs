//! Accounts as users meet them: sign-up, sign-in, sessions, links by e-mail, becoming a GM, suspension, deletion.

use chrono::Duration;
use questline::accounts::admin::AdminAction;
use questline::accounts::jobs as account_jobs;
use questline::db::entities::account;
use questline::jobs;
use reqwest::Method;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::helpers::{Backend, PASSWORD, TestApp, error_of, field_codes, field_messages};

fn email() -> String {
    format!("ada-{}@example.test", uuid::Uuid::now_v7().simple())
}

db_test!(async fn sign_up_signs_in_and_answers_the_user_context(app) {
    let browser = app.browser();
    let address = email();
    let response = browser.sign_up(&address.to_uppercase(), PASSWORD, "  Ada Lovelace ").await;
    assert_eq!(response.status(), 201);
    assert!(response.headers()["set-cookie"].to_str().unwrap().contains("HttpOnly"));
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["authenticated"], true);
    assert_eq!(body["user"]["name"], "Ada Lovelace");
    assert_eq!(body["user"]["roles"], json!(["player"]));
    assert_eq!(body["account"]["primary_email"]["email"], address, "e-mails are stored lower-case");
    assert_eq!(body["account"]["email_verified"], false);
    assert_eq!(body["account"]["time_zone"], "Europe/Warsaw");
    assert_eq!(body["account"]["locale"], "en-GB");
    assert_eq!(browser.me().await["user"]["name"], "Ada Lovelace");
    assert_eq!(browser.sign_out().await.status(), 204);
    assert_eq!(browser.me().await["authenticated"], false);
});

db_test!(async fn sign_up_reports_every_broken_rule_and_writes_nothing(app) {
    let browser = app.browser();
    let response = browser
        .post_json("/api/auth/sign-up", &json!({"email": "nope", "password": "short", "display_name": " ", "time_zone": "Mars/Base", "locale": "de-DE"}))
        .await;
    assert_eq!(response.status(), 422);
    let (kind, _, error) = error_of(response).await;
    assert_eq!(kind, "invalid_data");
    assert_eq!(field_messages(&error, "email"), json!(["E-mail is not valid"]));
    assert_eq!(field_messages(&error, "password"), json!(["Password must be at least 12 characters"]));
    assert_eq!(field_messages(&error, "display_name"), json!(["Display name is required"]));
    assert_eq!(field_codes(&error, "email"), json!(["email_invalid"]));
    assert_eq!(error["fields"]["password"][0]["params"], json!({"min": 12}));
    assert_eq!(field_codes(&error, "time_zone"), json!(["time_zone_invalid"]));
    assert_eq!(field_codes(&error, "locale"), json!(["locale_invalid"]));
    assert!(field_messages(&error, "time_zone").is_array());
    assert!(field_messages(&error, "locale").is_array());

    let response = browser.post_json("/api/auth/sign-up", &json!({"email": "", "password": "", "display_name": "Ada"})).await;
    let (_, _, error) = error_of(response).await;
    assert_eq!(field_messages(&error, "email"), json!(["E-mail is required"]));
    assert_eq!(field_messages(&error, "password"), json!(["Password is required"]));

    let response = browser.sign_up(&email(), "password1234", "Ada").await;
    let (_, _, error) = error_of(response).await;
    assert!(field_messages(&error, "password")[0].as_str().unwrap().contains("too common"));

    assert_eq!(account::Entity::find().all(app.state.db.conn()).await.unwrap().len(), 0, "nothing was written");
    assert_eq!(browser.me().await["authenticated"], false);
});

db_test!(async fn a_second_sign_up_with_the_same_email_is_a_conflict(app) {
    let address = email();
    assert_eq!(app.browser().sign_up(&address, PASSWORD, "Ada").await.status(), 201);
    let response = app.browser().sign_up(&format!("  {}", address.to_uppercase()), PASSWORD, "Impostor").await;
    assert_eq!(response.status(), 409);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("conflict", "email_taken"));
});

db_test!(async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(app) {
    let (_, _, address) = app.signed_up("Ada").await;
    let browser = app.browser();
    let wrong_password = browser.sign_in(&address, "not my password at all").await;
    assert_eq!(wrong_password.status(), 401);
    let (_, code_a, error_a) = error_of(wrong_password).await;
    let unknown = browser.sign_in(&email(), PASSWORD).await;
    assert_eq!(unknown.status(), 401);
    let (_, code_b, error_b) = error_of(unknown).await;
    assert_eq!(code_a, "invalid_credentials");
    assert_eq!((code_a, &error_a["message"]), (code_b, &error_b["message"]));
    assert_eq!(browser.me().await["authenticated"], false);

    let response = browser.sign_in(&address.to_uppercase(), PASSWORD).await;
    assert_eq!(response.status(), 200);
    assert_eq!(browser.me().await["user"]["name"], "Ada");
});

db_test!(async fn repeated_failures_are_slowed_down_until_the_window_ends(app) {
    let (_, _, address) = app.signed_up("Ada").await;
    let browser = app.browser();
    for _ in 0..5 {
        assert_eq!(browser.sign_in(&address, "wrong wrong wrong").await.status(), 401);
    }
    let limited = browser.sign_in(&address, PASSWORD).await;
    assert_eq!(limited.status(), 429, "even the right password waits");
    let retry_after: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry_after > 0 && retry_after <= 15 * 60);
    let (kind, code, _) = error_of(limited).await;
    assert_eq!((kind.as_str(), code.as_str()), ("not_allowed", "rate_limited"));

    app.clock.advance(Duration::minutes(16));
    assert_eq!(browser.sign_in(&address, PASSWORD).await.status(), 200);
});

#[tokio::test]
async fn the_limit_per_account_is_configurable() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.sign_in_max_failures = 2).await;
    let (_, _, address) = app.signed_up("Ada").await;
    let browser = app.browser();
    for _ in 0..2 {
        assert_eq!(browser.sign_in(&address, "wrong wrong wrong").await.status(), 401);
    }
    assert_eq!(browser.sign_in(&address, PASSWORD).await.status(), 429);
}

db_test!(async fn sign_out_revokes_the_session_on_the_server(app) {
    // A client without a cookie jar, so the test holds the cookie itself and can replay it after sign-out.
    let client = reqwest::Client::new();
    let response = client
        .post(app.url("/api/auth/sign-up"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"email": email(), "password": PASSWORD, "display_name": "Ada"}))
        .send()
        .await
        .unwrap();
    let cookie = response.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    assert!(cookie.starts_with("questline_session="));
    let me = |cookie: String| {
        let client = client.clone();
        let url = app.url("/api/auth/me");
        async move { client.get(url).header("cookie", cookie).send().await.unwrap().json::<Value>().await.unwrap() }
    };
    assert_eq!(me(cookie.clone()).await["authenticated"], true);
    let signed_out = client
        .post(app.url("/api/auth/sign-out"))
        .header("X-Questline-Csrf", "1")
        .header("cookie", cookie.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(signed_out.status(), 204);
    assert!(signed_out.headers()["set-cookie"].to_str().unwrap().contains("Max-Age=0"), "the browser forgets it");
    assert_eq!(me(cookie).await["authenticated"], false, "a copy of the old cookie is worthless");
});

db_test!(async fn idle_and_old_sessions_expire(app) {
    let (idle, _, _) = app.signed_up("Idle Ida").await;
    let (busy, _, _) = app.signed_up("Busy Bob").await;
    for _ in 0..6 {
        app.clock.advance(Duration::days(1));
        assert_eq!(busy.me().await["authenticated"], true);
    }
    app.clock.advance(Duration::days(1) + Duration::minutes(1));
    assert_eq!(idle.me().await["authenticated"], false, "unused for a week");
    assert_eq!(busy.me().await["authenticated"], true, "used every day");
    for _ in 0..23 {
        app.clock.advance(Duration::days(1));
        busy.me().await;
    }
    assert_eq!(busy.me().await["authenticated"], false, "30 days after sign-in, however active");
});

db_test!(async fn state_changing_requests_without_the_csrf_header_are_forbidden(app) {
    let response = app
        .client
        .post(app.url("/api/auth/sign-up"))
        .json(&json!({"email": email(), "password": PASSWORD, "display_name": "Ada"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("forbidden", "csrf_header_missing"));
    assert_eq!(account::Entity::find().all(app.state.db.conn()).await.unwrap().len(), 0);
    assert_eq!(app.get("/api/auth/me").await.status(), 200, "reads need no header");
});

db_test!(async fn becoming_a_game_master_is_immediate_and_idempotent(app) {
    let (browser, id, _) = app.signed_up("Gwen").await;
    app.verify_email(&id).await;
    let first: Value = browser.post_json(&format!("/api/accounts/{id}/become-game-master"), &json!({})).await.json().await.unwrap();
    assert_eq!(first["user"]["roles"], json!(["player", "gm"]));
    let since = first["account"]["gm_since"].clone();
    assert!(since.is_string());
    assert_eq!(browser.me().await["user"]["roles"], json!(["player", "gm"]), "no new sign-in needed");

    app.clock.advance(Duration::hours(1));
    let second = browser.post_json(&format!("/api/accounts/{id}/become-game-master"), &json!({})).await;
    assert_eq!(second.status(), 200);
    let second: Value = second.json().await.unwrap();
    assert_eq!(second["account"]["gm_since"], since, "the GM-since date stays the first one");
});

db_test!(async fn suspended_accounts_cannot_sign_in_and_their_sessions_end(app) {
    let (browser, _, address) = app.signed_up("Sam").await;
    app.admin(&address, AdminAction::Suspend).await;
    assert_eq!(browser.me().await["authenticated"], false);
    let response = app.browser().sign_in(&address, PASSWORD).await;
    assert_eq!(response.status(), 403);
    let (_, code, _) = error_of(response).await;
    assert_eq!(code, "account_suspended");

    app.admin(&address, AdminAction::Reinstate).await;
    assert_eq!(app.browser().sign_in(&address, PASSWORD).await.status(), 200);
});

db_test!(async fn admins_are_granted_from_the_command_line_only(app) {
    let (browser, _, address) = app.signed_up("Ada").await;
    app.admin(&address, AdminAction::GrantAdmin).await;
    assert_eq!(browser.sign_in(&address, PASSWORD).await.status(), 200, "a grant signs out: sign in again");
    assert_eq!(browser.me().await["user"]["roles"], json!(["player", "admin"]));
    app.admin(&address, AdminAction::RevokeAdmin).await;
    assert_eq!(browser.me().await["user"]["roles"], json!(["player"]));
});

db_test!(async fn the_verification_link_works_once_and_expires(app) {
    let (browser, _, address) = app.signed_up("Vera").await;
    let token = app.mail.link_token(&address, "/verify-email", 0).await;
    let verify = |token: String| {
        let browser = browser.clone();
        async move { browser.post_json("/api/auth/verify-email", &json!({"token": token})).await }
    };
    assert_eq!(verify(token.clone()).await.status(), 204);
    assert_eq!(browser.me().await["account"]["email_verified"], true);

    let again = verify(token).await;
    assert_eq!(again.status(), 409);
    assert_eq!(error_of(again).await.1, "email_already_verified", "used, and the address is confirmed");

    let unknown = verify("not-a-real-token".into()).await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(error_of(unknown).await.1, "link_invalid");

    let (_, _, late_address) = app.signed_up("Late Larry").await;
    let late_token = app.mail.link_token(&late_address, "/verify-email", 0).await;
    app.clock.advance(Duration::days(3) + Duration::seconds(1));
    let expired = verify(late_token).await;
    assert_eq!(expired.status(), 409);
});

db_test!(async fn a_password_reset_changes_the_password_and_ends_every_session(app) {
    let (old_browser, _, address) = app.signed_up("Rita").await;
    let anonymous = app.browser();
    let response = anonymous.post_json("/api/auth/password-reset", &json!({"email": address.to_uppercase()})).await;
    assert_eq!(response.status(), 202);
    let token = app.mail.link_token(&address, "/reset-password", 0).await;

    let weak = anonymous.post_json("/api/auth/password-reset/confirm", &json!({"token": token, "new_password": "short"})).await;
    assert_eq!(weak.status(), 422);
    let new_password = "a brand new passphrase";
    let reset = anonymous.post_json("/api/auth/password-reset/confirm", &json!({"token": token, "new_password": new_password})).await;
    assert_eq!(reset.status(), 204);
    assert_eq!(old_browser.me().await["authenticated"], false, "sessions end with a reset");
    assert_eq!(anonymous.sign_in(&address, PASSWORD).await.status(), 401);
    assert_eq!(anonymous.sign_in(&address, new_password).await.status(), 200);

    let replay = anonymous.post_json("/api/auth/password-reset/confirm", &json!({"token": token, "new_password": "yet another passphrase"})).await;
    assert_eq!(replay.status(), 409, "a reset link works once");
});

db_test!(async fn reset_links_expire_after_an_hour(app) {
    let (_, _, address) = app.signed_up("Rita").await;
    app.browser().post_json("/api/auth/password-reset", &json!({"email": address})).await;
    let token = app.mail.link_token(&address, "/reset-password", 0).await;
    app.clock.advance(Duration::minutes(61));
    let response = app.browser().post_json("/api/auth/password-reset/confirm", &json!({"token": token, "new_password": "a brand new passphrase"})).await;
    assert_eq!(response.status(), 409);
    assert_eq!(error_of(response).await.1, "link_expired");
});

db_test!(async fn a_reset_for_an_unknown_address_answers_the_same_and_sends_nothing(app) {
    let nobody = email();
    let response = app.browser().post_json("/api/auth/password-reset", &json!({"email": nobody})).await;
    assert_eq!(response.status(), 202);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(app.mail.messages_to(&nobody).is_empty());
});

db_test!(async fn changing_the_password_ends_the_other_sessions(app) {
    let (laptop, _, address) = app.signed_up("Pia").await;
    let phone = app.browser();
    assert_eq!(phone.sign_in(&address, PASSWORD).await.status(), 200);

    let wrong = laptop.post_json("/api/account/password", &json!({"current_password": "not it at all", "new_password": "a brand new passphrase"})).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(field_messages(&error_of(wrong).await.2, "current_password"), json!(["Current password is incorrect"]));

    let changed = laptop.post_json("/api/account/password", &json!({"current_password": PASSWORD, "new_password": "a brand new passphrase"})).await;
    assert_eq!(changed.status(), 204);
    assert_eq!(laptop.me().await["authenticated"], true, "the session that changed it stays");
    assert_eq!(phone.me().await["authenticated"], false, "every other session ends");
    assert_eq!(app.browser().sign_in(&address, "a brand new passphrase").await.status(), 200);
});

db_test!(async fn deleting_an_account_erases_personal_data_at_once(app) {
    let (browser, id, address) = app.signed_up("Dora").await;
    let wrong = browser.send_json(Method::DELETE, "/api/account", &json!({"password": "not my password"})).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(browser.me().await["authenticated"], true);

    let deleted = browser.send_json(Method::DELETE, "/api/account", &json!({"password": PASSWORD})).await;
    assert_eq!(deleted.status(), 204);
    assert_eq!(browser.me().await["authenticated"], false);
    assert_eq!(app.browser().sign_in(&address, PASSWORD).await.status(), 401);

    let row = account::Entity::find_by_id(id.parse::<uuid::Uuid>().unwrap()).one(app.state.db.conn()).await.unwrap().unwrap();
    assert_eq!(row.status, "deleted");
    assert_eq!(row.display_name, "Deleted user");
    assert!(!row.email.contains("dora"), "the e-mail is gone: {}", row.email);
    assert!(row.password_hash.is_none());
    assert!(row.deleted_at.is_some());

    // The address is free for a new account.
    assert_eq!(app.browser().sign_up(&address, PASSWORD, "Dora again").await.status(), 201);
});

db_test!(async fn settings_keep_the_language_and_time_zone(app) {
    let (browser, _, _) = app.signed_up("Lena").await;
    let response = browser.send_json(Method::PATCH, "/api/account", &json!({"locale": "pl-PL", "time_zone": "America/New_York"})).await;
    assert_eq!(response.status(), 200);
    let me = browser.me().await;
    assert_eq!(me["account"]["locale"], "pl-PL");
    assert_eq!(me["account"]["time_zone"], "America/New_York");
    let bad = browser.send_json(Method::PATCH, "/api/account", &json!({"time_zone": "Nowhere/Land"})).await;
    assert_eq!(bad.status(), 422);
});

#[tokio::test]
async fn mails_go_to_files_when_no_smtp_server_is_set() {
    let app = TestApp::spawn_with(Backend::Sqlite, |config| config.smtp_url = None).await;
    let (_, _, address) = app.signed_up("Fiona").await;
    let folder = app.state.config.data_dir.join("mail");
    let mut found = None;
    for _ in 0..100 {
        if let Ok(entries) = std::fs::read_dir(&folder)
            && let Some(path) =
                entries.flatten().map(|entry| entry.path()).find(|path| path.extension().is_some_and(|e| e == "eml"))
        {
            found = Some(std::fs::read_to_string(path).unwrap());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mail = found.expect("a mail file");
    assert!(mail.contains(&address));
    assert!(mail.contains("/verify-email?token="));
}

db_test!(
    configure = |config| config.jobs_poll_ms = 50,
    async fn a_mail_the_mail_server_refuses_goes_out_again_later(app) {
        app.mail.refuse_next(1);
        let (browser, _, address) = app.signed_up("Retta").await;
        // The first attempt is refused; the job stays, with the error, for its retry.
        let mut waited = 0;
        let job = loop {
            let jobs = jobs::find_by_kind(app.state.db.conn(), account_jobs::SEND_VERIFICATION).await.unwrap();
            if let Some(job) = jobs.into_iter().find(|job| job.last_error.is_some() && job.locked_by.is_none()) {
                break job;
            }
            waited += 1;
            assert!(waited < 200, "the first attempt never failed");
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        };
        assert_eq!(job.attempts, 1);
        assert!(job.failed_at.is_none(), "a refusal is retried, not given up");
        assert!(app.mail.messages_to(&address).is_empty());

        app.clock.advance(jobs::retry_delay(1) + Duration::seconds(1));
        let token = app.mail.link_token(&address, "/verify-email", 0).await;
        assert_eq!(browser.post_json("/api/auth/verify-email", &json!({"token": token})).await.status(), 204);
        assert_eq!(app.mail.messages_to(&address).len(), 1, "one mail, however many attempts");
        let left = jobs::find_by_kind(app.state.db.conn(), account_jobs::SEND_VERIFICATION).await.unwrap();
        assert!(left.is_empty(), "a sent mail's job is done");
    }
);

db_test!(async fn a_reset_link_is_not_mailed_to_an_account_suspended_before_it_went_out(app) {
    let (_, _, address) = app.signed_up("Sue").await;
    app.mail.link_token(&address, "/verify-email", 0).await;
    // This instance's runner stops, as if the mail were waiting for a busy runner.
    app.state.jobs.stop();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let response = app.browser().post_json("/api/auth/password-reset", &json!({"email": address})).await;
    assert_eq!(response.status(), 202);
    app.admin(&address, AdminAction::Suspend).await;
    let run = jobs::find_by_kind(app.state.db.conn(), account_jobs::SEND_PASSWORD_RESET).await.unwrap();
    assert_eq!(run.len(), 1, "the reset mail waits as a job");
    let job = questline::jobs::JobRun { id: run[0].id, kind: run[0].kind.clone(), payload: run[0].payload.clone(), attempt: 1 };
    account_jobs::send_password_reset(app.state.clone(), job).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(app.mail.messages_to(&address).iter().all(|mail| !mail.contains("/reset-password")));
});

// --- Issue 11: sending the verification link again; a used link after success; one spelling of "e-mail" ------------

db_test!(configure = |config| config.mails_per_recipient_per_hour = 2, async fn the_verification_link_can_be_sent_again_within_a_limit(app) {
    let (browser, _, address) = app.signed_up("Vera").await;
    app.mail.link_token(&address, "/verify-email", 0).await;
    let again = browser.post_json("/api/account/verification-email", &json!({})).await;
    assert_eq!(again.status(), 202);
    let token = app.mail.link_token(&address, "/verify-email", 1).await;
    let limited = browser.post_json("/api/account/verification-email", &json!({})).await;
    assert_eq!(limited.status(), 429, "two mails an hour to one address");
    assert!(limited.headers().contains_key("retry-after"));

    assert_eq!(browser.post_json("/api/auth/verify-email", &json!({"token": token})).await.status(), 204);
    app.clock.advance(Duration::hours(1));
    let verified = browser.post_json("/api/account/verification-email", &json!({})).await;
    assert_eq!(error_of(verified).await.1, "email_already_verified");
    assert_eq!(app.post_json("/api/account/verification-email", &json!({})).await.status(), 401);
});

db_test!(async fn a_used_link_after_a_successful_verification_says_the_address_is_verified(app) {
    let (browser, _, address) = app.signed_up("Vera").await;
    let token = app.mail.link_token(&address, "/verify-email", 0).await;
    assert_eq!(browser.post_json("/api/auth/verify-email", &json!({"token": token})).await.status(), 204);
    let again = app.post_json("/api/auth/verify-email", &json!({"token": token})).await;
    let (kind, code, error) = error_of(again).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unexpected_state", "email_already_verified"));
    assert_eq!(error["message"], "This e-mail address is already verified.");
});

db_test!(async fn english_messages_spell_e_mail_one_way(app) {
    let response = app.browser().sign_up("nope", PASSWORD, "Ada").await;
    assert_eq!(field_messages(&error_of(response).await.2, "email"), json!(["E-mail is not valid"]));
    let response = app.browser().sign_in(&email(), PASSWORD).await;
    assert_eq!(error_of(response).await.2["message"], "The e-mail or password is incorrect.");
    let address = email();
    app.browser().sign_up(&address, PASSWORD, "Ada").await;
    let taken = app.browser().sign_up(&address, PASSWORD, "Ada").await;
    assert_eq!(error_of(taken).await.2["message"], "An account with this e-mail already exists.");
});
