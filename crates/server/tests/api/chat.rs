//! Direct chat (issue 17): starting (twice is the same chat; from a series, with its GM and a context marker),
//! who may read and write (the two participants only), the history's pages, the read markers and unread counts,
//! hostile text kept verbatim as text, a retried send stored once, the per-minute limit, blocking and unblocking,
//! reports, and the events that carry a message to its two participants only.

use questline::db::entities::event;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

use crate::helpers::json::{body, id};
use crate::helpers::{Browser, error_of};

async fn refusal(response: reqwest::Response) -> (u16, String) {
    let status = response.status().as_u16();
    let (_, code, _) = error_of(response).await;
    (status, code)
}

async fn start(browser: &Browser, target: Value) -> reqwest::Response {
    let mut request = json!({"type": "direct"});
    request.as_object_mut().unwrap().extend(target.as_object().unwrap().clone());
    browser.post_json("/api/chats", &request).await
}

async fn start_with(browser: &Browser, user_id: &str) -> Value {
    let response = start(browser, json!({"user_id": user_id})).await;
    assert!(response.status().is_success(), "start: {}", response.status());
    body(response).await
}

async fn send(browser: &Browser, chat: &Value, client_id: &str, text: &str) -> reqwest::Response {
    let path = format!("/api/chats/{}/messages", id(chat));
    browser.post_json(&path, &json!({"client_id": client_id, "body": text})).await
}

async fn send_ok(browser: &Browser, chat: &Value, text: &str) -> Value {
    let response = send(browser, chat, &uuid::Uuid::now_v7().to_string(), text).await;
    assert_eq!(response.status(), 201, "send {text}");
    body(response).await
}

async fn history(browser: &Browser, chat: &Value, query: &str) -> reqwest::Response {
    browser.get(&format!("/api/chats/{}/messages{query}", id(chat))).await
}

async fn chats(browser: &Browser) -> Value {
    let response = browser.get("/api/chats").await;
    assert_eq!(response.status(), 200);
    body(response).await
}

async fn chat(browser: &Browser, chat: &Value) -> Value {
    let response = browser.get(&format!("/api/chats/{}", id(chat))).await;
    assert_eq!(response.status(), 200);
    body(response).await
}

/// A published series of the GM's, open for recruitment.
async fn published_series(gm: &Browser, title: &str) -> Value {
    let systems = body(gm.get("/api/game-systems").await).await;
    let system = systems["items"][0]["id"].as_str().unwrap().to_owned();
    let blueprint = gm.create_blueprint_ok(&format!("{title} blueprint"), &system).await;
    let payload = json!({"title": title, "blueprint_id": blueprint["id"],
        "location": {"kind": "online", "link": "https://table.example/secret"}});
    let response = gm.post_json("/api/series", &payload).await;
    assert_eq!(response.status(), 201, "create {title}");
    let series = body(response).await;
    let path = format!("/api/series/{}", id(&series));
    let schedule = json!({"start_time": "19:00", "session_duration_minutes": 180, "is_recurring": true,
        "recurrence_rule": "FREQ=WEEKLY;BYDAY=TU", "time_zone": "Europe/Warsaw", "first_date": "2026-11-24"});
    assert_eq!(gm.send_json(reqwest::Method::PUT, &format!("{path}/schedule"), &schedule).await.status(), 200);
    let open = json!({"lifecycle_status": "published", "recruitment_status": "open"});
    assert_eq!(gm.send_json(reqwest::Method::PATCH, &path, &open).await.status(), 200, "publish {title}");
    series
}

db_test!(async fn starting_twice_opens_the_same_chat_and_only_its_two_participants_reach_it(app) {
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let (eve, eve_id, _) = app.signed_up("Eve").await;

    let response = start(&pia, json!({"user_id": gwen_id})).await;
    assert_eq!(response.status(), 201);
    let first = body(response).await;
    assert_eq!(first["type"], "direct");
    assert_eq!(first["participants"], json!([{"user_id": pia_id, "nickname": "Pia"},
        {"user_id": gwen_id, "nickname": "Gwen"}]));
    assert_eq!((first["unread_count"].as_u64(), &first["last_message"]), (Some(0), &Value::Null));
    // Again from either side: the same chat, 200, the caller first.
    let response = start(&pia, json!({"user_id": gwen_id})).await;
    assert_eq!(response.status(), 200);
    assert_eq!(id(&body(response).await), id(&first));
    let theirs = start_with(&gwen, &pia_id).await;
    assert_eq!(id(&theirs), id(&first));
    assert_eq!(theirs["participants"][0]["user_id"], gwen_id.as_str());

    // Preconditions: another account, an existing one, exactly one target.
    assert_eq!(refusal(start(&pia, json!({"user_id": pia_id})).await).await, (409, "chat_with_yourself".into()));
    let nobody = uuid::Uuid::now_v7().to_string();
    assert_eq!(refusal(start(&pia, json!({"user_id": nobody})).await).await, (404, "chat_user_not_found".into()));
    assert_eq!(refusal(start(&pia, json!({})).await).await, (422, "chat_target_required".into()));
    let both = json!({"user_id": gwen_id, "series_id": nobody});
    assert_eq!(refusal(start(&pia, both).await).await, (422, "chat_target_required".into()));
    assert_eq!(refusal(start(&pia, json!({"series_id": nobody})).await).await, (404, "series_not_found".into()));
    let user = body(pia.get(&format!("/api/chat-users/{gwen_id}")).await).await;
    assert_eq!(user, json!({"user_id": gwen_id, "nickname": "Gwen"}));
    assert_eq!(refusal(pia.get(&format!("/api/chat-users/{nobody}")).await).await, (404, "chat_user_not_found".into()));
    assert_eq!(app.get(&format!("/api/chat-users/{gwen_id}")).await.status(), 401);

    let message = send_ok(&pia, &first, "Is there a seat left?").await;
    // Eve is no participant: the chat, its history, its messages and its read marker do not exist for her.
    let path = format!("/api/chats/{}", id(&first));
    assert_eq!(refusal(eve.get(&path).await).await, (404, "chat_not_found".into()));
    assert_eq!(refusal(history(&eve, &first, "").await).await, (404, "chat_not_found".into()));
    let sent = send(&eve, &first, &uuid::Uuid::now_v7().to_string(), "hello").await;
    assert_eq!(refusal(sent).await, (404, "chat_not_found".into()));
    let read = eve.post_json(&format!("{path}/read"), &json!({})).await;
    assert_eq!(refusal(read).await, (404, "chat_not_found".into()));
    let report = eve.post_json("/api/chat-reports", &json!({"message_id": id(&message)})).await;
    assert_eq!(refusal(report).await, (404, "chat_message_not_found".into()));
    assert_eq!(chats(&eve).await["count"], 0);
    assert_eq!(app.get(&path).await.status(), 401);

    // The message reached the two participants only, whole.
    let events = event::Entity::find().filter(event::Column::EntityId.eq(id(&message))).all(app.state.db.conn()).await.unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!((events[0].entity.as_str(), events[0].kind.as_str()), ("chat_message", "created"));
    assert_eq!(events[0].audience, json!({"accounts": [pia_id, gwen_id]}));
    assert!(!events[0].audience.to_string().contains(&eve_id));
    assert_eq!(events[0].data.as_ref().unwrap()["body"], "Is there a seat left?");
});

db_test!(async fn a_start_from_a_series_is_with_its_gm_and_marks_the_context_where_it_changes(app) {
    let (gm, gm_id, _) = app.signed_up_gm("Gwen").await;
    let (pia, _, _) = app.signed_up("Pia").await;
    let citadel = published_series(&gm, "The Sunless Citadel").await;
    let tomb = published_series(&gm, "Tomb of Horrors").await;

    let response = start(&pia, json!({"series_id": citadel["id"]})).await;
    assert_eq!(response.status(), 201);
    let first = body(response).await;
    assert_eq!(first["participants"][1]["user_id"], gm_id.as_str());
    assert_eq!(first["context"]["series_id"], citadel["id"]);
    assert_eq!(first["context"]["title"], "The Sunless Citadel");
    send_ok(&pia, &first, "About the citadel…").await;
    // The same series again: no second marker. Another series: the context changes, marked in the history.
    assert_eq!(start(&pia, json!({"series_id": citadel["id"]})).await.status(), 200);
    let again = body(start(&pia, json!({"series_id": tomb["id"]})).await).await;
    assert_eq!(id(&again), id(&first));
    assert_eq!(again["context"]["title"], "Tomb of Horrors");
    // From the GM's profile: the same chat, the context unchanged.
    let plain = start_with(&pia, &gm_id).await;
    assert_eq!(plain["context"]["title"], "Tomb of Horrors");

    let page = body(history(&pia, &first, "").await).await;
    let rows: Vec<(&str, Value)> = page["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["kind"].as_str().unwrap(), row["context"]["title"].clone()))
        .collect();
    assert_eq!(rows, vec![
        ("context", json!("Tomb of Horrors")),
        ("message", Value::Null),
        ("context", json!("The Sunless Citadel")),
    ]);
    // Markers are not unread messages; the GM's own series is no chat with themself.
    assert_eq!(chat(&gm, &first).await["unread_count"], 1);
    assert_eq!(refusal(start(&gm, json!({"series_id": tomb["id"]})).await).await, (409, "chat_with_yourself".into()));
});

db_test!(async fn hostile_text_is_stored_and_returned_verbatim_and_bodies_are_checked(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let (_, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    let hostile = [
        "<script>alert('x')</script>",
        "<img src=x onerror=alert(1)><b>bold</b> &amp; &lt;",
        "[click](javascript:alert(1)) javascript:alert(document.cookie)",
        "  two\nlines\tand a tab  ",
    ];
    for text in hostile {
        let sent = send_ok(&pia, &room, text).await;
        assert_eq!(sent["body"], text);
    }
    let page = body(history(&pia, &room, "").await).await;
    let bodies: Vec<&str> = page["items"].as_array().unwrap().iter().map(|row| row["body"].as_str().unwrap()).collect();
    let newest_first: Vec<&str> = hostile.iter().rev().copied().collect();
    assert_eq!(bodies, newest_first);
    // `\r\n` is kept as one line break.
    assert_eq!(send_ok(&pia, &room, "a\r\nb").await["body"], "a\nb");

    let client = uuid::Uuid::now_v7().to_string();
    for (text, code) in [
        ("   \n ", "message_required"),
        // NUL and invisible characters are refused for every text the server takes (issue 31), before the chat's rules.
        ("null\u{0}byte", "control_characters"),
        ("\u{202E}reversed", "control_characters"),
        ("cr\ralone", "message_control_characters"),
    ] {
        let response = send(&pia, &room, &client, text).await;
        assert_eq!(response.status(), 422, "{text:?}");
        let (_, _, error) = error_of(response).await;
        assert_eq!(error["fields"]["body"][0]["code"], code, "{text:?}");
    }
    let long = "x".repeat(2001);
    let (_, _, error) = error_of(send(&pia, &room, &client, &long).await).await;
    assert_eq!(error["fields"]["body"][0]["code"], "message_too_long");
    assert_eq!(send(&pia, &room, &client, &"x".repeat(2000)).await.status(), 201);
});

db_test!(async fn a_retried_send_is_stored_once(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    let client = uuid::Uuid::now_v7().to_string();
    let first = send(&pia, &room, &client, "Only once, please").await;
    assert_eq!(first.status(), 201);
    let first = body(first).await;
    assert_eq!(first["client_id"], client.as_str());
    for _ in 0..2 {
        let retry = send(&pia, &room, &client, "Only once, please").await;
        assert_eq!(retry.status(), 200);
        assert_eq!(body(retry).await, first);
    }
    let page = body(history(&gwen, &room, "").await).await;
    assert_eq!(page["items"].as_array().unwrap().len(), 1);
    assert_eq!(chat(&gwen, &room).await["unread_count"], 1);
    // The same client id for another text is not a retry. Another sender's ids are their own.
    assert_eq!(refusal(send(&pia, &room, &client, "Something else").await).await, (409, "client_id_reused".into()));
    assert_eq!(send(&gwen, &room, &client, "Only once, please").await.status(), 201);
});

db_test!(async fn history_pages_newest_first_and_read_markers_count_unread(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    // Same instant for all (the test clock stands still): the order is the order of sending.
    let mut sent = Vec::new();
    for n in 1..=5 {
        sent.push(send_ok(&pia, &room, &format!("message {n}")).await);
    }
    let texts = |page: &Value| -> Vec<String> {
        page["items"].as_array().unwrap().iter().map(|row| row["body"].as_str().unwrap().to_owned()).collect()
    };
    let first = body(history(&gwen, &room, "?limit=2").await).await;
    assert_eq!(texts(&first), ["message 5", "message 4"]);
    let before = first["next_before"].as_str().unwrap();
    let second = body(history(&gwen, &room, &format!("?limit=2&before={before}")).await).await;
    assert_eq!(texts(&second), ["message 3", "message 2"]);
    let before = second["next_before"].as_str().unwrap();
    let last = body(history(&gwen, &room, &format!("?limit=2&before={before}")).await).await;
    assert_eq!((texts(&last), &last["next_before"]), (vec!["message 1".to_owned()], &Value::Null));
    let (status, code) = refusal(history(&gwen, &room, "?before=yesterday").await).await;
    assert_eq!((status, code.as_str()), (400, "invalid_query_parameter"));
    assert_eq!(history(&gwen, &room, "?limit=101").await.status(), 400);
    let elsewhere = uuid::Uuid::now_v7();
    let (status, code) = refusal(history(&gwen, &room, &format!("?before={elsewhere}")).await).await;
    assert_eq!((status, code.as_str()), (404, "chat_message_not_found"));

    // Unread: the other side's messages after the marker; the sender has read their own.
    let listed = chats(&gwen).await;
    assert_eq!(listed["items"][0]["unread_count"], 5);
    assert_eq!(listed["items"][0]["last_message"]["body"], "message 5");
    assert_eq!(chats(&pia).await["items"][0]["unread_count"], 0);
    let path = format!("/api/chats/{}/read", id(&room));
    let marked = body(gwen.post_json(&path, &json!({"message_id": id(&sent[2])})).await).await;
    assert_eq!(marked["unread_count"], 2);
    // A marker never moves back.
    let marked = body(gwen.post_json(&path, &json!({"message_id": id(&sent[0])})).await).await;
    assert_eq!(marked["unread_count"], 2);
    let marked = body(gwen.post_json(&path, &json!({})).await).await;
    assert_eq!(marked["unread_count"], 0);
});

db_test!(configure = |config| config.chat_messages_per_minute = 3, async fn sending_is_limited_per_minute(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let (_, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    let mut last = Value::Null;
    for n in 0..3 {
        last = send_ok(&pia, &room, &format!("flood {n}")).await;
    }
    let limited = send(&pia, &room, &uuid::Uuid::now_v7().to_string(), "one more").await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(error_of(limited).await.1, "rate_limited");
    // A retry of a stored message is still answered: it sends nothing new.
    let retry = send(&pia, &room, last["client_id"].as_str().unwrap(), "flood 2").await;
    assert_eq!(retry.status(), 200);
    app.clock.advance(chrono::Duration::seconds(61));
    send_ok(&pia, &room, "a minute later").await;
});

db_test!(async fn blocking_stops_messages_and_hides_the_chat_until_unblocked(app) {
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    send_ok(&pia, &room, "Hello").await;
    let block_path = format!("/api/chat-users/{pia_id}/block");
    assert_eq!(gwen.send_json(reqwest::Method::PUT, &block_path, &json!({})).await.status(), 204);
    // Again: no change.
    assert_eq!(gwen.send_json(reqwest::Method::PUT, &block_path, &json!({})).await.status(), 204);

    // Pia's messages are refused with a code of its own; Gwen must unblock before writing.
    let refused = send(&pia, &room, &uuid::Uuid::now_v7().to_string(), "Hello?").await;
    assert_eq!(refusal(refused).await, (403, "chat_blocked".into()));
    let refused = send(&gwen, &room, &uuid::Uuid::now_v7().to_string(), "Bye").await;
    assert_eq!(refusal(refused).await, (409, "chat_user_blocked".into()));
    // Hidden from Gwen's list, still in Pia's; Gwen can still open it and sees it blocked.
    assert_eq!(chats(&gwen).await["count"], 0);
    assert_eq!(chats(&pia).await["count"], 1);
    assert_eq!(chat(&gwen, &room).await["blocked_by_me"], true);
    assert_eq!(chat(&pia, &room).await["blocked_by_me"], false);
    assert_eq!(body(history(&gwen, &room, "").await).await["items"].as_array().unwrap().len(), 1);

    // Refusals: oneself, nobody.
    let own = format!("/api/chat-users/{gwen_id}/block");
    assert_eq!(refusal(gwen.send_json(reqwest::Method::PUT, &own, &json!({})).await).await.1, "chat_with_yourself");
    let nobody = format!("/api/chat-users/{}/block", uuid::Uuid::now_v7());
    let response = gwen.send_json(reqwest::Method::PUT, &nobody, &json!({})).await;
    assert_eq!(refusal(response).await, (404, "chat_user_not_found".into()));

    assert_eq!(gwen.send_json(reqwest::Method::DELETE, &block_path, &json!({})).await.status(), 204);
    assert_eq!(gwen.send_json(reqwest::Method::DELETE, &block_path, &json!({})).await.status(), 204);
    assert_eq!(chats(&gwen).await["count"], 1);
    send_ok(&pia, &room, "Hello again").await;
    send_ok(&gwen, &room, "Hi").await;
});

db_test!(async fn reports_of_messages_and_people_are_kept_for_an_admin(app) {
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;
    let rude = send_ok(&gwen, &room, "<b>rude</b>\nwords").await;
    let mine = send_ok(&pia, &room, "mine").await;

    let response = pia.post_json("/api/chat-reports", &json!({"message_id": id(&rude), "reason": "Rude"})).await;
    assert_eq!(response.status(), 201);
    let report = body(response).await;
    assert_eq!((report["reported_user_id"].as_str(), &report["message_id"]), (Some(gwen_id.as_str()), &rude["id"]));
    let response = gwen.post_json("/api/chat-reports", &json!({"user_id": pia_id})).await;
    assert_eq!(response.status(), 201);

    let own = pia.post_json("/api/chat-reports", &json!({"message_id": id(&mine)})).await;
    assert_eq!(refusal(own).await, (409, "cannot_report_yourself".into()));
    let neither = pia.post_json("/api/chat-reports", &json!({"reason": "?"})).await;
    assert_eq!(refusal(neither).await, (422, "report_target_required".into()));
    let long = pia.post_json("/api/chat-reports", &json!({"user_id": gwen_id, "reason": "x".repeat(1001)})).await;
    assert_eq!(long.status(), 422);

    let listing = questline::chat::reports_listing(app.state.db.conn()).await.unwrap();
    let lines: Vec<&str> = listing.lines().collect();
    assert_eq!(lines.len(), 3, "{listing}");
    assert!(lines[0].starts_with("created_at\treporter"));
    assert!(listing.contains(&format!("{pia_id} (Pia)\t{gwen_id} (Gwen)\t{}\t<b>rude</b>\\nwords\tRude", id(&rude))));
    assert!(listing.contains(&format!("{gwen_id} (Gwen)\t{pia_id} (Pia)\t\t\t")));
});

db_test!(configure = |config| config.chat_messages_per_minute = 3,
async fn context_changes_count_against_the_chat_limit_and_stop_at_a_block(app) {
    let (gm, _, _) = app.signed_up_gm("Gwen").await;
    let (pia, pia_id, _) = app.signed_up("Pia").await;
    let citadel = published_series(&gm, "The Sunless Citadel").await;
    let tomb = published_series(&gm, "Tomb of Horrors").await;

    // Alternating series writes a marker each time: three per minute, like messages (issue 31).
    let room = body(start(&pia, json!({"series_id": citadel["id"]})).await).await;
    assert_eq!(start(&pia, json!({"series_id": tomb["id"]})).await.status(), 200);
    assert_eq!(start(&pia, json!({"series_id": citadel["id"]})).await.status(), 200);
    let limited = start(&pia, json!({"series_id": tomb["id"]})).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    assert_eq!(error_of(limited).await.1, "rate_limited");
    let limited = send(&pia, &room, &uuid::Uuid::now_v7().to_string(), "and a message").await;
    assert_eq!(limited.status(), 429, "one limit for markers and messages");
    let markers = || async {
        let page = body(history(&gm, &room, "").await).await;
        page["items"].as_array().unwrap().iter().filter(|row| row["kind"] == "context").count()
    };
    assert_eq!(markers().await, 3);

    // Blocked by the GM: no more markers in the GM's history, whatever the series.
    app.clock.advance(chrono::Duration::seconds(61));
    let block_path = format!("/api/chat-users/{pia_id}/block");
    assert_eq!(gm.send_json(reqwest::Method::PUT, &block_path, &json!({})).await.status(), 204);
    assert_eq!(refusal(start(&pia, json!({"series_id": tomb["id"]})).await).await, (403, "chat_blocked".into()));
    assert_eq!(markers().await, 3, "nothing written");
    // The chat itself still opens, as it did (the current context is no change).
    assert_eq!(start(&pia, json!({"series_id": citadel["id"]})).await.status(), 200);
});

db_test!(async fn one_open_report_per_reporter_and_target_and_ten_an_hour(app) {
    let (pia, _, _) = app.signed_up("Pia").await;
    let (gwen, gwen_id, _) = app.signed_up("Gwen").await;
    let room = start_with(&pia, &gwen_id).await;

    let first = pia.post_json("/api/chat-reports", &json!({"user_id": gwen_id, "reason": "Spam"})).await;
    assert_eq!(first.status(), 201);
    let first = body(first).await;
    // Again about the same person: the open report is answered, no second one is kept.
    let again = pia.post_json("/api/chat-reports", &json!({"user_id": gwen_id, "reason": "Spam!!"})).await;
    assert_eq!(again.status(), 200);
    assert_eq!(body(again).await["id"], first["id"]);
    let listing = questline::chat::reports_listing(app.state.db.conn()).await.unwrap();
    assert_eq!(listing.lines().count(), 2, "a header and one report: {listing}");

    // Ten reports an hour: the person, then nine messages; the eleventh is refused.
    let mut messages = Vec::new();
    for n in 0..10 {
        messages.push(send_ok(&gwen, &room, &format!("spam {n}")).await);
    }
    for message in &messages[..9] {
        let response = pia.post_json("/api/chat-reports", &json!({"message_id": id(message)})).await;
        assert_eq!(response.status(), 201);
    }
    let limited = pia.post_json("/api/chat-reports", &json!({"message_id": id(&messages[9])})).await;
    assert_eq!(limited.status(), 429);
    assert_eq!(error_of(limited).await.1, "rate_limited");
    let listing = questline::chat::reports_listing(app.state.db.conn()).await.unwrap();
    assert_eq!(listing.lines().count(), 11, "{listing}");
});
