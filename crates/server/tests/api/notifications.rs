//! Notifications (issue 18): each event notifies the right people and nobody else, the list and its read markers,
//! the preferences, the e-mail through the real SMTP test server (text and HTML parts, the unsubscribe headers),
//! an SMTP outage, two instances, the unsubscribe link without a session, reminders on the injectable clock and
//! a chat message left unread.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::json::{body, id};
use crate::helpers::sessions::{activate, create, gm_act_ok, play_ok, series_with_players};
use crate::helpers::store::{cart_for_seat, complete, paid_session_waiting_for_payment, payment_of};
use crate::helpers::{Browser, PASSWORD, TestApp, error_of};

fn quick_jobs(config: &mut questline::config::Config) {
    config.jobs_poll_ms = 20;
}

/// Makes the notifications of every event committed so far (the background consumer does the same on its own).
async fn settle(app: &TestApp) {
    questline::notifications::consume_now(&app.state).await.expect("the consumer runs");
}

async fn page(who: &Browser, query: &str) -> Value {
    let response = who.get(&format!("/api/notifications{query}")).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

/// The kinds of `who`'s notifications, oldest first.
async fn kinds(who: &Browser) -> Vec<String> {
    let page = page(who, "?limit=100").await;
    let mut kinds: Vec<String> =
        page["items"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap().to_owned()).collect();
    kinds.reverse();
    kinds
}

/// The newest notification of `who` of `kind`.
async fn newest(who: &Browser, kind: &str) -> Value {
    let page = page(who, "?limit=100").await;
    page["items"].as_array().unwrap().iter().find(|n| n["kind"] == kind).cloned().unwrap_or_else(|| panic!("no {kind}"))
}

/// Waits until `check` holds (jobs run on their own).
async fn eventually<F, Fut>(what: &str, check: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting until {what}");
}

/// Proves `email`'s address with the link of its verification mail.
async fn verify(app: &TestApp, who: &Browser, email: &str) {
    let token = app.mail.link_token(email, "/verify-email", 0).await;
    let response = who.post_json("/api/auth/verify-email", &json!({"token": token})).await;
    assert!(response.status().is_success(), "verify {email}: {}", response.status());
}

/// Gwen, a game master whose address was proven through the mailed link (so her verification mail is out of the
/// way before a test makes the mail server refuse one).
async fn gm_verified_by_mail(app: &TestApp) -> (Browser, String) {
    let (gm, gm_id, gm_email) = app.signed_up("Gwen").await;
    verify(app, &gm, &gm_email).await;
    let response = gm.post_json(&format!("/api/accounts/{gm_id}/become-game-master"), &json!({})).await;
    assert_eq!(response.status(), 200, "become a game master");
    (gm, gm_email)
}

/// The mails to `email` that are notifications (the verification mail is not), unfolded.
fn notification_mails(app: &TestApp, email: &str) -> Vec<String> {
    app.mail
        .messages_to(email)
        .into_iter()
        .filter(|m| m.contains("List-Unsubscribe"))
        .map(|m| m.replace("=\n", "").replace("=3D", "="))
        .collect()
}

db_test!(async fn applications_notify_the_gm_and_the_player_and_nobody_else(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, _, _) = app.signed_up("Bo").await;
    let (cy, _, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Tomb of Horrors", json!({"min_players": 1, "max_players": 4, "min_player_age": 1}), &[&pia], &[&bo]).await;
    settle(&app).await;
    assert_eq!(kinds(&gm).await, ["application_received", "application_received"]);
    assert_eq!(kinds(&pia).await, ["application_accepted"]);
    assert!(kinds(&bo).await.is_empty(), "a pending application tells the applicant nothing");
    assert!(kinds(&cy).await.is_empty());

    let received = newest(&gm, "application_received").await;
    assert_eq!(received["params"]["series_title"], "Tomb of Horrors");
    assert_eq!(received["read_at"], Value::Null);
    let accepted = newest(&pia, "application_accepted").await;
    assert_eq!(accepted["params"]["actor_id"], gm_id.as_str());
    assert_eq!(accepted["params"]["actor_name"], "Gwen");
    assert_eq!(accepted["params"]["series_id"], series["id"]);
    assert_eq!(accepted["link"], format!("/questboard/{}", series["handle"].as_str().unwrap()));
    assert!(received["link"].as_str().unwrap().starts_with("/dashboard/gm/my-series/applications?series="));

    // The GM rejects Bo: Bo hears of it, nobody else.
    let applications = body(bo.get("/api/series-applications").await).await;
    let bo_application = applications["items"][0]["id"].as_str().unwrap().to_owned();
    let response = gm.post_json(&format!("/api/series-applications/{bo_application}/reject"), &json!({})).await;
    assert_eq!(response.status(), 200);
    settle(&app).await;
    assert_eq!(kinds(&bo).await, ["application_rejected"]);
    assert_eq!(kinds(&gm).await.len(), 2);
    assert_eq!(kinds(&pia).await.len(), 1);
    let _ = pia_id;

    // Each notification was also an outbox event to its recipient, carrying the notification itself.
    use questline::db::entities::event;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let rows = event::Entity::find()
        .filter(event::Column::Entity.eq("notification"))
        .filter(event::Column::Kind.eq("created"))
        .all(app.state.db.conn())
        .await
        .unwrap();
    assert_eq!(rows.len(), 4);
    let rejected = newest(&bo, "application_rejected").await;
    let row = rows.iter().find(|row| row.entity_id == rejected["id"].as_str().unwrap()).expect("its event");
    assert_eq!(row.data.as_ref().unwrap(), &rejected);
    assert_eq!(row.audience, json!({"accounts": [rejected_recipient(&bo).await]}));
    // Consuming again makes nothing twice.
    settle(&app).await;
    assert_eq!(kinds(&bo).await.len(), 1);
});

async fn rejected_recipient(who: &Browser) -> String {
    who.me().await["user"]["id"].as_str().unwrap().to_owned()
}

db_test!(async fn the_list_pages_filters_and_marks_read(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let mut players = Vec::new();
    for name in ["Ana", "Ben", "Cat"] {
        players.push(app.signed_up(name).await.0);
    }
    let waiting: Vec<&Browser> = players.iter().collect();
    series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 5, "min_player_age": 1}), &[], &waiting).await;
    settle(&app).await;

    let first = page(&gm, "?limit=2").await;
    assert_eq!((first["count"].as_u64(), first["unread_count"].as_u64()), (Some(3), Some(3)));
    assert_eq!((first["offset"].as_u64(), first["limit"].as_u64()), (Some(0), Some(2)));
    let items = first["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["params"]["actor_name"], "Cat", "newest first");
    let rest = page(&gm, "?offset=2&limit=2").await;
    assert_eq!(rest["items"][0]["params"]["actor_name"], "Ana");

    let one = items[0]["id"].as_str().unwrap().to_owned();
    let read = gm.post_json(&format!("/api/notifications/{one}/read"), &json!({})).await;
    assert_eq!(read.status(), 200);
    let read = body(read).await;
    assert_eq!(read["id"], one.as_str());
    assert!(read["read_at"].is_string());
    let again = body(gm.post_json(&format!("/api/notifications/{one}/read"), &json!({})).await).await;
    assert_eq!(again["read_at"], read["read_at"], "reading twice keeps the first time");
    let unread = page(&gm, "?unread_only=true").await;
    assert_eq!((unread["count"].as_u64(), unread["unread_count"].as_u64()), (Some(2), Some(2)));
    assert!(unread["items"].as_array().unwrap().iter().all(|n| n["read_at"].is_null()));
    let all = page(&gm, "").await;
    assert_eq!((all["count"].as_u64(), all["unread_count"].as_u64()), (Some(3), Some(2)));

    // Someone else's notification is not found; so is a made-up one; anonymous is 401.
    let (status, code) = {
        let response = players[0].post_json(&format!("/api/notifications/{one}/read"), &json!({})).await;
        let status = response.status().as_u16();
        (status, error_of(response).await.1)
    };
    assert_eq!((status, code.as_str()), (404, "notification_not_found"));
    assert_eq!(app.get("/api/notifications").await.status(), 401);
    assert_eq!(gm.get("/api/notifications?limit=0").await.status(), 400);

    let response = gm.post_json("/api/notifications/read-all", &json!({})).await;
    assert_eq!(response.status(), 204);
    let all = page(&gm, "").await;
    assert_eq!((all["count"].as_u64(), all["unread_count"].as_u64()), (Some(3), Some(0)));
    assert_eq!(gm.post_json("/api/notifications/read-all", &json!({})).await.status(), 204, "nothing left: still fine");
});

db_test!(async fn preferences_have_defaults_refuse_unknown_kinds_and_are_kept(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let defaults = body(pia.get("/api/notification-preferences").await).await;
    assert_eq!(defaults["reminder_24h"], true);
    assert_eq!(defaults["reminder_1h"], true);
    assert_eq!(defaults["email_kinds"].as_array().unwrap().len(), questline_domain::notifications::NotificationKind::ALL.len(), "every kind by e-mail by default");

    let unknown = json!({"email_kinds": ["chat_message", "nonsense"], "reminder_24h": true, "reminder_1h": true});
    let response = pia.send_json(Method::PUT, "/api/notification-preferences", &unknown).await;
    assert_eq!(response.status(), 400);
    assert_eq!(error_of(response).await.1, "unknown_notification_kind");
    let malformed = json!({"email_kinds": "chat_message", "reminder_24h": true, "reminder_1h": true});
    assert_eq!(pia.send_json(Method::PUT, "/api/notification-preferences", &malformed).await.status(), 400);
    assert_eq!(body(pia.get("/api/notification-preferences").await).await, defaults, "nothing written");

    let chosen = json!({"email_kinds": ["session_reminder", "chat_message", "chat_message"], "reminder_24h": false,
        "reminder_1h": true});
    let response = pia.send_json(Method::PUT, "/api/notification-preferences", &chosen).await;
    assert_eq!(response.status(), 200);
    let stored = json!({"email_kinds": ["chat_message", "session_reminder"], "reminder_24h": false, "reminder_1h": true});
    assert_eq!(body(response).await, stored);
    assert_eq!(body(pia.get("/api/notification-preferences").await).await, stored);
    assert_eq!(app.get("/api/notification-preferences").await.status(), 401);
});

db_test!(async fn session_moves_notify_the_sessions_players_only(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let (cy, _, _) = app.signed_up("Cy").await;
    let series = series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}),
        &[&pia, &bo, &cy], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    let response = create(&gm, &series, &[&pia_id, &bo_id], "2026-11-22T12:00:00Z", json!(120)).await;
    assert_eq!(response.status(), 201);
    let session = body(response).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    gm_act_ok(&gm, &session, "start-planning").await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    play_ok(&bo, &session, "reject", Value::Null).await;
    app.clock.set(chrono::DateTime::parse_from_rfc3339("2026-11-22T11:50:00Z").unwrap().into());
    gm_act_ok(&gm, &session, "start-preparation").await;
    play_ok(&pia, &session, "ready", Value::Null).await;
    gm_act_ok(&gm, &session, "start").await;
    settle(&app).await;

    // (The hour-before reminder of this session, due at 11:00, is another test's.)
    let session_kinds = |kinds: Vec<String>| {
        kinds.into_iter().filter(|k| !k.starts_with("application_") && k != "session_reminder").collect::<Vec<_>>()
    };
    assert_eq!(session_kinds(kinds(&pia).await), [
        "session_invited", "schedule_fixed", "schedule_changed", "schedule_fixed", "preparation_started",
        "session_started",
    ]);
    assert_eq!(session_kinds(kinds(&bo).await), ["session_invited", "schedule_fixed", "schedule_changed",
        "schedule_fixed"], "Bo declined: nothing after that");
    assert!(session_kinds(kinds(&cy).await).is_empty(), "not invited");
    assert_eq!(session_kinds(kinds(&gm).await), ["participation_rejected"], "the GM made the moves; Bo's is his");
    let invited = newest(&pia, "session_invited").await;
    assert_eq!(invited["link"], format!("/dashboard/player/my-sessions/{}", id(&session)));
    assert_eq!(invited["params"]["session_id"], session["id"]);
    assert_eq!(invited["params"]["starts_at"], "2026-11-22T12:00:00Z");
    assert_eq!(invited["params"]["time_zone"], "Europe/Warsaw");
    assert_eq!(invited["params"]["actor_name"], "Gwen");

    // A second session, cancelled: its players hear of it.
    let response = create(&gm, &series, &[&cy_id(&cy).await], "2026-11-29T12:00:00Z", json!(120)).await;
    let second = body(response).await;
    gm_act_ok(&gm, &second, "cancel").await;
    settle(&app).await;
    assert_eq!(session_kinds(kinds(&cy).await), ["session_invited", "session_cancelled"]);
    assert_eq!(session_kinds(kinds(&pia).await).len(), 6, "not Pia's session");
});

async fn cy_id(who: &Browser) -> String {
    who.me().await["user"]["id"].as_str().unwrap().to_owned()
}

db_test!(configure = quick_jobs, async fn payments_notify_payment_due_receipt_and_refund_to_the_payer(app) {
    let paid = paid_session_waiting_for_payment(&app).await;
    let (pia, _) = &paid.players[0];
    let (bo, _) = &paid.players[1];
    settle(&app).await;
    let due = newest(pia, "payment_due").await;
    assert_eq!((due["params"]["amount"].as_i64(), due["params"]["currency_code"].as_str()), (Some(2550), Some("pln")));
    assert!(kinds(bo).await.contains(&"payment_due".to_owned()));
    assert!(!kinds(&paid.gm).await.contains(&"payment_due".to_owned()));

    let cart = cart_for_seat(pia, &payment_of(pia, &paid.session).await).await;
    assert_eq!(complete(pia, &cart, None).await.status(), 200);
    settle(&app).await;
    let receipt = newest(pia, "payment_receipt").await;
    assert_eq!(receipt["params"]["amount"], 2550);
    assert_eq!(receipt["link"], format!("/dashboard/player/my-sessions/{}", paid.session));
    assert!(!kinds(bo).await.contains(&"payment_receipt".to_owned()));

    let response = paid.gm.post_json(&format!("/api/sessions/{}/cancel", paid.session), &json!({})).await;
    assert_eq!(response.status(), 200);
    let pia_kinds = || async { settle(&app).await; kinds(pia).await.contains(&"refund_issued".to_owned()) };
    eventually("Pia hears of her refund", pia_kinds).await;
    let kinds_of_bo = kinds(bo).await;
    assert!(kinds_of_bo.contains(&"session_cancelled".to_owned()));
    assert!(!kinds_of_bo.contains(&"refund_issued".to_owned()), "Bo never paid");
    assert_eq!(newest(pia, "refund_issued").await["params"]["amount"], 2550);
});

db_test!(configure = quick_jobs, async fn a_notification_mail_has_both_parts_and_unsubscribes_without_a_session(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, _, pia_email) = app.signed_up("Pia").await;
    let (bo, _, bo_email) = app.signed_up("Bo").await;
    verify(&app, &pia, &pia_email).await;
    series_with_players(&gm, "Night & Day", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[&pia, &bo], &[]).await;
    eventually("Pia's mail arrives", || async { notification_mails(&app, &pia_email).len() == 1 }).await;
    let mail = notification_mails(&app, &pia_email).remove(0);
    assert!(mail.contains("multipart/alternative"), "{mail}");
    assert!(mail.contains("Content-Type: text/plain") && mail.contains("Content-Type: text/html"), "{mail}");
    assert!(mail.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"), "{mail}");
    let public = app.state.config.public_url();
    let header = mail.lines().find(|l| l.starts_with("List-Unsubscribe:")).expect("the header").to_owned();
    let prefix = format!("List-Unsubscribe: <{public}/api/unsubscribe?token=");
    assert!(header.starts_with(&prefix), "{header}");
    let token = header[prefix.len()..].trim_end_matches('>').to_owned();
    assert!(mail.contains(&format!("{public}/unsubscribe?token=")), "the body links to the web page");
    assert!(mail.contains("/questboard/"), "a link back to the series");
    // Bo never proved his address: the in-app notification, no mail.
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(notification_mails(&app, &bo_email).is_empty());
    assert!(kinds(&bo).await.contains(&"application_accepted".to_owned()));

    // Forged, damaged or expired tokens are refused; the good one works with no cookie, no CSRF header, and the
    // one-click form body.
    let stranger = reqwest::Client::new();
    let post = |token: String| {
        stranger
            .post(app.url(&format!("/api/unsubscribe?token={token}")))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
    };
    let (claims, tag) = token.split_once('.').unwrap();
    let mut forged_tag = tag.to_owned();
    forged_tag.replace_range(0..1, if tag.starts_with('A') { "B" } else { "A" });
    for bad in [format!("{claims}.{forged_tag}"), "nonsense".to_owned(), String::new()] {
        let response = post(bad.clone()).await.unwrap();
        assert_eq!(response.status(), 400, "{bad}");
        assert_eq!(error_of(response).await.1, "invalid_unsubscribe_token");
    }
    let response = post(token.clone()).await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(body(response).await, json!({"unsubscribed": "application_accepted"}));
    let prefs = body(pia.get("/api/notification-preferences").await).await;
    let kinds_by_mail = prefs["email_kinds"].as_array().unwrap();
    assert_eq!(kinds_by_mail.len(), questline_domain::notifications::NotificationKind::ALL.len() - 1);
    assert!(!kinds_by_mail.contains(&json!("application_accepted")));
    // An empty body and a JSON one are as good; the all-kinds link turns every e-mail off.
    let all_link = mail.split(&format!("{public}/unsubscribe?token=")).nth(2).expect("the second link");
    let all_token: String = all_link.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_' || *c == '.').collect();
    let response = stranger.post(app.url(&format!("/api/unsubscribe?token={all_token}"))).json(&json!({})).send().await.unwrap();
    assert_eq!(body(response).await, json!({"unsubscribed": "all"}));
    assert_eq!(body(pia.get("/api/notification-preferences").await).await["email_kinds"], json!([]));
    let response = stranger.post(app.url(&format!("/api/unsubscribe?token={token}"))).send().await.unwrap();
    assert_eq!(response.status(), 200, "an empty body");

    // 91 days on, the link has expired. Checked last: with the clock that far ahead the session clean-up job may
    // end Pia's session at any moment, and nothing after this needs it.
    app.clock.set(app.clock_now() + chrono::Duration::days(91));
    let response = post(token.clone()).await.unwrap();
    assert_eq!(response.status(), 400);
    assert_eq!(error_of(response).await.1, "expired_unsubscribe_token");
});

db_test!(configure = quick_jobs, async fn application_mails_quote_the_applicant_and_the_welcome(app) {
    // Issue 32: the mails left out the applicant's message to the GM and the GM's welcome to the player.
    let (gm, _, gm_email) = app.signed_up_gm("Gwen").await;
    let (pia, _, pia_email) = app.signed_up("Pia").await;
    for (who, email) in [(&gm, &gm_email), (&pia, &pia_email)] {
        let me = body(who.get("/api/auth/me").await).await;
        if me["account"]["email_verified"] != true {
            verify(&app, who, email).await;
        }
    }
    // Pia is old enough for the series (it asks for a minimum age).
    let profile_id = pia.my_profile().await["profile_id"].as_str().unwrap().to_owned();
    let base = json!({"base": {"first_name": "Pia", "last_name": "Player", "display_name": "Pia",
        "birthdate": "1990-05-01", "language": "en"}});
    assert_eq!(pia.update_profile(&profile_id, &base).await.status(), 200, "Pia's profile");
    let series = series_with_players(&gm, "Night & Day", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[], &[]).await;
    let apply = json!({"series_id": series["id"], "message": "I bring <dice> & snacks"});
    let response = pia.post_json("/api/series-applications", &apply).await;
    assert_eq!(response.status(), 201);
    let application = body(response).await;
    eventually("Gwen's mail arrives", || async { notification_mails(&app, &gm_email).len() == 1 }).await;
    let received = notification_mails(&app, &gm_email).remove(0);
    assert!(received.contains("I bring <dice> & snacks"), "the text part as written: {received}");
    assert!(received.contains("I bring &lt;dice&gt; &amp; snacks"), "the HTML part escaped: {received}");
    assert_eq!(newest(&gm, "application_received").await["params"]["message"], "I bring <dice> & snacks");

    let accept = json!({"message": "Welcome, <b>Pia</b>! Session zero on Friday."});
    let path = format!("/api/series-applications/{}/accept", id(&application));
    assert_eq!(gm.post_json(&path, &accept).await.status(), 200);
    eventually("Pia's mail arrives", || async { notification_mails(&app, &pia_email).len() == 1 }).await;
    let accepted = notification_mails(&app, &pia_email).remove(0);
    assert!(accepted.contains("Welcome, <b>Pia</b>! Session zero on Friday."), "{accepted}");
    assert!(accepted.contains("Welcome, &lt;b&gt;Pia&lt;&#x2f;b&gt;! Session zero on Friday."), "{accepted}");
});

db_test!(configure = quick_jobs, async fn a_mail_server_outage_delays_the_mail_and_loses_none(app) {
    let gm = gm_verified_by_mail(&app).await;
    let gm_email = gm.1;
    let gm = gm.0;
    let (pia, _, pia_email) = app.signed_up("Pia").await;
    // Pia's own verification mail is out of the way before the mail server starts refusing.
    app.mail.link_token(&pia_email, "/verify-email", 0).await;
    app.mail.refuse_next(1);
    series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[], &[&pia]).await;
    use questline::db::entities::job;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    let mail_job = || async {
        job::Entity::find()
            .filter(job::Column::Kind.eq("notifications.send_mail"))
            .one(app.state.db.conn())
            .await
            .unwrap()
    };
    eventually("the first attempt failed", || async { mail_job().await.is_some_and(|j| j.last_error.is_some() && j.locked_by.is_none()) }).await;
    assert!(notification_mails(&app, &gm_email).is_empty());
    app.clock.advance(chrono::Duration::seconds(10));
    eventually("the retry delivered", || async { notification_mails(&app, &gm_email).len() == 1 }).await;
    eventually("the job is done", || async { mail_job().await.is_none() }).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(notification_mails(&app, &gm_email).len(), 1, "once");
    assert!(notification_mails(&app, &gm_email)[0].contains("Pia applied to your series"));
});

db_test!(configure = quick_jobs, async fn two_instances_send_each_mail_once(app) {
    let gm = gm_verified_by_mail(&app).await;
    let gm_email = gm.1;
    let gm = gm.0;
    let url = app.state.config.database_url();
    let other = TestApp::spawn_with(app.backend, |config| {
        quick_jobs(config);
        config.database_url = Some(url);
    })
    .await;
    let mut players = Vec::new();
    for n in 0..6 {
        let on = if n % 2 == 0 { &app } else { &other };
        players.push(on.signed_up(&format!("Player{n}")).await.0);
    }
    let waiting: Vec<&Browser> = players.iter().collect();
    series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 8, "min_player_age": 1}), &[], &waiting).await;
    let both = || notification_mails(&app, &gm_email).len() + notification_mails(&other, &gm_email).len();
    eventually("six mails", || async { both() == 6 }).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(both(), 6, "each once");
    settle(&other).await;
    assert_eq!(page(&gm, "").await["count"], 6, "six notifications, not twelve");
});

db_test!(configure = quick_jobs, async fn reminders_fall_24_hours_and_1_hour_before_and_follow_the_schedule(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (bo, bo_id, _) = app.signed_up("Bo").await;
    let series = series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}),
        &[&pia, &bo], &[]).await;
    activate(&gm, &series, json!({"model": "free"})).await;
    // Bo wants no reminder an hour before.
    let prefs = json!({"email_kinds": [], "reminder_24h": true, "reminder_1h": false});
    assert_eq!(bo.send_json(Method::PUT, "/api/notification-preferences", &prefs).await.status(), 200);
    // Thursday 26 November, 19:00 in Warsaw.
    let response = create(&gm, &series, &[&pia_id, &bo_id], "2026-11-26T18:00:00Z", json!(120)).await;
    assert_eq!(response.status(), 201);
    let session = body(response).await;
    gm_act_ok(&gm, &session, "fix-schedule").await;
    play_ok(&pia, &session, "confirm", Value::Null).await;
    play_ok(&bo, &session, "confirm", Value::Null).await;
    let reminders = |who: &Browser| {
        let who = who.clone();
        async move {
            let page = page(&who, "?limit=100").await;
            page["items"].as_array().unwrap().iter().filter(|n| n["kind"] == "session_reminder")
                .map(|n| n["params"]["reminder"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
        }
    };
    let at = |text: &str| chrono::DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&chrono::Utc);

    app.clock.set(at("2026-11-25T17:59:00Z"));
    tokio::time::sleep(Duration::from_millis(200)).await;
    settle(&app).await;
    assert!(reminders(&pia).await.is_empty(), "not a minute early");
    app.clock.set(at("2026-11-25T18:00:00Z"));
    eventually("the day-before reminders", || async { settle(&app).await; reminders(&gm).await == ["24h"] && reminders(&pia).await == ["24h"] && reminders(&bo).await == ["24h"] }).await;
    let reminder = newest(&gm, "session_reminder").await;
    assert_eq!(reminder["link"], format!("/dashboard/gm/my-sessions/{}", id(&session)));
    assert_eq!(newest(&pia, "session_reminder").await["link"], format!("/dashboard/player/my-sessions/{}", id(&session)));

    app.clock.set(at("2026-11-26T17:00:00Z"));
    eventually("the hour-before reminders", || async { settle(&app).await; reminders(&pia).await == ["1h", "24h"] && reminders(&gm).await.len() == 2 }).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    settle(&app).await;
    assert_eq!(reminders(&bo).await, ["24h"], "Bo chose no hour-before reminder");

    // A session moved later is reminded at its new time, not its old one; a cancelled one not at all.
    let response = create(&gm, &series, &[&pia_id], "2026-11-30T18:00:00Z", json!(120)).await;
    let moved = body(response).await;
    let path = format!("/api/sessions/{}/schedule", id(&moved));
    let change = json!({"schedule": {"scheduled_start_datetime": "2026-12-01T18:00:00Z", "scheduled_duration_minutes": 120}});
    let response = gm.send_json(Method::PUT, &path, &change).await;
    assert_eq!(response.status(), 200, "{}", body(response).await);
    gm_act_ok(&gm, &moved, "fix-schedule").await;
    play_ok(&pia, &moved, "confirm", Value::Null).await;
    let cancelled = body(create(&gm, &series, &[&pia_id], "2026-11-30T12:00:00Z", json!(60)).await).await;
    gm_act_ok(&gm, &cancelled, "fix-schedule").await;
    play_ok(&pia, &cancelled, "confirm", Value::Null).await;
    gm_act_ok(&gm, &cancelled, "cancel").await;
    app.clock.set(at("2026-11-29T18:30:00Z"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    settle(&app).await;
    assert_eq!(reminders(&pia).await.len(), 2, "nothing at the old time, nothing for the cancelled session");
    app.clock.set(at("2026-11-30T18:00:00Z"));
    eventually("the moved session's reminder", || async { settle(&app).await; reminders(&pia).await.len() == 3 }).await;
    let _ = PASSWORD;
});

db_test!(configure = quick_jobs, async fn a_chat_message_notifies_only_when_left_unread(app) {
    let (ada, ada_id, _) = app.signed_up("Ada").await;
    let (bob, bob_id, _) = app.signed_up("Bob").await;
    let chat = body(ada.post_json("/api/chats", &json!({"type": "direct", "user_id": bob_id})).await).await;
    let send = |who: &Browser, text: &str| {
        let (who, path, text) = (who.clone(), format!("/api/chats/{}/messages", id(&chat)), text.to_owned());
        async move {
            let response = who.post_json(&path, &json!({"client_id": uuid::Uuid::now_v7(), "body": text})).await;
            assert_eq!(response.status(), 201);
        }
    };
    send(&ada, "Hello Bob").await;
    send(&ada, &format!("Are you there?\n{}", "x".repeat(200))).await;
    app.clock.advance(chrono::Duration::minutes(4));
    tokio::time::sleep(Duration::from_millis(200)).await;
    settle(&app).await;
    assert!(kinds(&bob).await.is_empty(), "not before five minutes");
    app.clock.advance(chrono::Duration::minutes(1));
    eventually("Bob hears of the unread messages", || async { settle(&app).await; kinds(&bob).await == ["chat_message"] }).await;
    let notice = newest(&bob, "chat_message").await;
    assert_eq!(notice["params"]["actor_name"], "Ada");
    assert_eq!(notice["params"]["actor_id"], ada_id.as_str());
    assert_eq!(notice["params"]["chat_id"], chat["id"]);
    let preview = notice["params"]["message_preview"].as_str().unwrap();
    assert!(preview.starts_with("Are you there? xxx") && preview.chars().count() == 140, "{preview}");
    assert_eq!(notice["link"], format!("/?chat={}", id(&chat)));
    assert!(kinds(&ada).await.is_empty(), "the sender hears nothing");

    // Read within the five minutes: nothing.
    send(&bob, "Yes, here").await;
    let read = ada.post_json(&format!("/api/chats/{}/read", id(&chat)), &json!({})).await;
    assert!(read.status().is_success());
    app.clock.advance(chrono::Duration::minutes(6));
    tokio::time::sleep(Duration::from_millis(300)).await;
    settle(&app).await;
    assert!(kinds(&ada).await.is_empty(), "Ada read it in time");
});

db_test!(async fn erasing_an_account_deletes_its_notifications_and_preferences(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    series_with_players(&gm, "Night", json!({"min_players": 1, "max_players": 3, "min_player_age": 1}), &[&pia], &[]).await;
    settle(&app).await;
    let prefs = json!({"email_kinds": [], "reminder_24h": false, "reminder_1h": false});
    assert_eq!(pia.send_json(Method::PUT, "/api/notification-preferences", &prefs).await.status(), 200);
    assert_eq!(kinds(&pia).await.len(), 1);
    let deleted = pia.send_json(Method::DELETE, "/api/account", &json!({"password": PASSWORD})).await;
    assert!(deleted.status().is_success(), "{}", deleted.status());
    let pia = uuid::Uuid::parse_str(&pia_id).unwrap();
    assert_eq!(questline::notifications::unread_count(app.state.db.conn(), pia).await.unwrap(), 0);
    use sea_orm::ConnectionTrait;
    let backend = app.state.db.conn().get_database_backend();
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => "SELECT COUNT(*) AS n FROM notification_preferences WHERE account_id = $1",
        _ => "SELECT COUNT(*) AS n FROM notification_preferences WHERE account_id = ?",
    };
    let statement = sea_orm::Statement::from_sql_and_values(backend, sql, [pia.into()]);
    let left = app.state.db.conn().query_one_raw(statement).await.unwrap().unwrap();
    let n: i64 = left.try_get("", "n").unwrap();
    assert_eq!(n, 0);
});
