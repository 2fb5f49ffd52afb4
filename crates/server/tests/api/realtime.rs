//! The websocket event channel: who may connect, who receives what, keep-alive, sign-out, slow clients and
//! several instances.

use std::time::Duration;

use futures::{SinkExt, StreamExt};
use questline::events::{Audience, Event};
use questline_domain::ids::AccountId;
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::helpers::{Backend, TestApp};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A signed-in user: their account id and session cookie.
struct User {
    id: AccountId,
    cookie: String,
}

/// Cheap password hashing: these tests sign up many users.
fn fast(config: &mut questline::config::Config) {
    config.argon2_memory_kib = 64;
    config.argon2_iterations = 1;
}

async fn sign_up(app: &TestApp, name: &str) -> User {
    let response = reqwest::Client::new()
        .post(app.url("/api/auth/sign-up"))
        .header("X-Questline-Csrf", "1")
        .json(
            &json!({"email": format!("{name}@example.com"), "password": "correct horse battery", "display_name": name}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let cookie = session_cookie(&response);
    let body: Value = response.json().await.unwrap();
    let id = body["user"]["id"].as_str().unwrap().parse().unwrap();
    User { id: AccountId(id), cookie }
}

/// A second browser of the same account.
async fn sign_in(app: &TestApp, name: &str) -> String {
    let response = reqwest::Client::new()
        .post(app.url("/api/auth/sign-in"))
        .header("X-Questline-Csrf", "1")
        .json(&json!({"email": format!("{name}@example.com"), "password": "correct horse battery"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    session_cookie(&response)
}

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

async fn connect(app: &TestApp, cookie: Option<&str>, origin: Option<&str>) -> Result<Ws, tungstenite::Error> {
    let mut request = format!("{}/api/ws", app.address.replace("http://", "ws://")).into_client_request().unwrap();
    if let Some(cookie) = cookie {
        request.headers_mut().insert("cookie", HeaderValue::from_str(cookie).unwrap());
    }
    if let Some(origin) = origin {
        request.headers_mut().insert("origin", HeaderValue::from_str(origin).unwrap());
    }
    tokio_tungstenite::connect_async(request).await.map(|(ws, _)| ws)
}

async fn connect_as(app: &TestApp, user: &User) -> Ws {
    connect(app, Some(&user.cookie), None).await.expect("a signed-in user connects")
}

/// The next text frame as JSON; `None` when nothing arrives in time.
async fn next_json(ws: &mut Ws, wait: Duration) -> Option<Value> {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await {
            Ok(Some(Ok(Message::Text(text)))) => return Some(serde_json::from_str(&text).expect("frames are JSON")),
            Ok(Some(Ok(Message::Close(frame)))) => panic!("closed unexpectedly: {frame:?}"),
            Ok(Some(Ok(_))) => continue,
            Ok(Some(Err(error))) => panic!("socket failed: {error}"),
            Ok(None) => panic!("socket ended"),
            Err(_) => return None,
        }
    }
}

/// Reads frames until one matches; answers it and the frames before it (a user may still get the event of their
/// own sign-up just after connecting).
async fn until_frame(ws: &mut Ws, matches: impl Fn(&Value) -> bool) -> (Value, Vec<Value>) {
    let mut before = Vec::new();
    loop {
        let frame = next_json(ws, Duration::from_secs(5)).await.expect("the expected frame arrives");
        if matches(&frame) {
            return (frame, before);
        }
        before.push(frame);
    }
}

/// Waits for the close frame; answers its code and reason.
async fn closed(ws: &mut Ws, wait: Duration) -> (CloseCode, String) {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, ws.next()).await.expect("the server closes the socket in time") {
            Some(Ok(Message::Close(Some(frame)))) => return (frame.code, frame.reason.to_string()),
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

async fn record(app: &TestApp, event: Event) {
    let bus = app.state.events.clone();
    app.state.db.write(move |txn| Box::pin(async move { Ok(bus.record(txn, event).await?) })).await.unwrap();
}

/// Waits until this instance has `count` open connections (registration happens just after the handshake).
async fn connections_become(app: &TestApp, count: usize) {
    for _ in 0..200 {
        if app.state.realtime.registry.len() == count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("expected {count} connections, have {}", app.state.realtime.registry.len());
}

db_test!(configure = fast, async fn an_event_reaches_its_audience_and_not_an_outsider(app) {
    let ada = sign_up(&app, "ada").await;
    let bob = sign_up(&app, "bob").await;
    let mut ada_ws = connect_as(&app, &ada).await;
    let mut bob_ws = connect_as(&app, &bob).await;
    connections_become(&app, 2).await;

    // Ada changes her settings through the API: the account event is for her only.
    let response = reqwest::Client::new()
        .patch(app.url("/api/account"))
        .header("cookie", &ada.cookie)
        .header("X-Questline-Csrf", "1")
        .json(&json!({"locale": "pl-PL"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (frame, _) = until_frame(&mut ada_ws, |f| f["type"] == "updated").await;
    assert_eq!(
        frame,
        json!({"v": "1", "channel": "qls.events", "type": "updated", "entity": "account", "id": ada.id.to_string()})
    );

    // A public change afterwards reaches both; before it, Bob heard nothing of Ada's account.
    record(&app, Event::updated("series", "s-1").to(Audience::Public)).await;
    let (_, bob_heard) = until_frame(&mut bob_ws, |f| f["entity"] == "series").await;
    let ada_id = ada.id.to_string();
    assert!(bob_heard.iter().all(|f| f["id"] != ada_id.as_str()), "Bob heard of Ada's account: {bob_heard:?}");
    assert_eq!(next_json(&mut ada_ws, Duration::from_secs(5)).await.unwrap()["entity"], "series");
    // Internal signals reach nobody.
    record(&app, Event::updated("anything", "x").to(Audience::Internal)).await;
    assert_eq!(next_json(&mut bob_ws, Duration::from_millis(700)).await, None);
});

db_test!(configure = fast, async fn a_ping_is_answered_with_a_pong(app) {
    let ada = sign_up(&app, "ada").await;
    let mut ws = connect_as(&app, &ada).await;
    ws.send(Message::text(r#"{"type":"ping"}"#)).await.unwrap();
    let (pong, _) = until_frame(&mut ws, |f| f.get("channel").is_none()).await;
    assert_eq!(pong, json!({"v": "1", "type": "pong"}));
});

db_test!(configure = fast, async fn anonymous_users_and_other_sites_are_refused_before_the_upgrade(app) {
    match connect(&app, None, None).await {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 401),
        other => panic!("anonymous must get 401, got {other:?}"),
    }
    let ada = sign_up(&app, "ada").await;
    match connect(&app, Some(&ada.cookie), Some("https://evil.example")).await {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("another origin must get 403, got {other:?}"),
    }
    let ours = app.state.config.public_origin();
    assert!(connect(&app, Some(&ada.cookie), Some(&ours)).await.is_ok(), "our own origin is accepted");
    let plain = reqwest::Client::new().get(app.url("/api/ws")).header("cookie", &ada.cookie).send().await.unwrap();
    assert_eq!(plain.status(), 400, "a plain GET is not a handshake");
});

db_test!(configure = fast, async fn signing_out_closes_that_sessions_sockets_only(app) {
    let ada = sign_up(&app, "ada").await;
    let phone_cookie = sign_in(&app, "ada").await;
    let mut laptop = connect_as(&app, &ada).await;
    let mut phone = connect(&app, Some(&phone_cookie), None).await.unwrap();
    connections_become(&app, 2).await;

    let response = reqwest::Client::new()
        .post(app.url("/api/auth/sign-out"))
        .header("cookie", &ada.cookie)
        .header("X-Questline-Csrf", "1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    let (code, reason) = closed(&mut laptop, Duration::from_secs(5)).await;
    assert_eq!((u16::from(code), reason.as_str()), (4001, "session_ended"));

    record(&app, Event::updated("account", ada.id).to(Audience::account(ada.id))).await;
    let (frame, _) = until_frame(&mut phone, |f| f["type"] == "updated").await;
    assert_eq!(frame["id"], ada.id.to_string(), "the other session stays connected");
});

fn short_timeouts(config: &mut questline::config::Config) {
    fast(config);
    config.request_timeout_secs = 1;
    config.ws_idle_timeout_secs = 2;
}

db_test!(configure = short_timeouts, async fn a_silent_connection_is_dropped_and_the_request_timeout_does_not_apply(app) {
    let ada = sign_up(&app, "ada").await;
    let mut ws = connect_as(&app, &ada).await;
    // Pinging keeps it open well past the request timeout and the idle timeout.
    for _ in 0..6 {
        tokio::time::sleep(Duration::from_millis(600)).await;
        ws.send(Message::text(r#"{"v":"1","type":"ping"}"#)).await.unwrap();
        assert_eq!(until_frame(&mut ws, |f| f.get("channel").is_none()).await.0["type"], "pong");
    }
    // Then silence: closed with the idle reason.
    let (code, reason) = closed(&mut ws, Duration::from_secs(5)).await;
    assert_eq!((u16::from(code), reason.as_str()), (4000, "idle_timeout"));
    connections_become(&app, 0).await;
});

fn small_buffers(config: &mut questline::config::Config) {
    fast(config);
    config.ws_max_pending_events = 64;
    config.ws_send_timeout_secs = 2;
}

db_test!(configure = small_buffers, async fn a_slow_consumer_is_cut_off_while_a_fast_one_keeps_receiving(app) {
    let fast_user = sign_up(&app, "fast").await;
    let slow_user = sign_up(&app, "slow").await;
    let mut fast_ws = connect_as(&app, &fast_user).await;
    // The slow client never reads, and keeps its receive buffer small so the server's writes block soon.
    let slow_ws = {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let stream = socket.connect(app.address.trim_start_matches("http://").parse().unwrap()).await.unwrap();
        let mut request =
            format!("{}/api/ws", app.address.replace("http://", "ws://")).into_client_request().unwrap();
        request.headers_mut().insert("cookie", HeaderValue::from_str(&slow_user.cookie).unwrap());
        tokio_tungstenite::client_async(request, stream).await.unwrap().0
    };
    connections_become(&app, 2).await;

    // 40 commits of 16 public events carrying 16 KiB each: about 10 MiB, more than the kernel buffers hold.
    let payload = "x".repeat(16 * 1024);
    let reader = tokio::spawn(async move {
        let mut received = 0;
        while received < 640 {
            match next_json(&mut fast_ws, Duration::from_secs(20)).await {
                Some(_) => received += 1,
                None => break,
            }
        }
        (received, fast_ws)
    });
    for batch in 0..40 {
        let bus = app.state.events.clone();
        let payload = payload.clone();
        app.state
            .db
            .write(move |txn| {
                Box::pin(async move {
                    for n in 0..16 {
                        let event = Event::created("series", format!("{batch}-{n}"))
                            .to(Audience::Public)
                            .with_data(json!({"blob": payload}));
                        bus.record(txn, event).await?;
                    }
                    Ok(())
                })
            })
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let (received, _fast_ws) = reader.await.unwrap();
    assert_eq!(received, 640, "the fast client receives every event");
    connections_become(&app, 1).await;
    // The slow client, reading at last, finds its stream ended rather than 640 events.
    let mut slow_ws = slow_ws;
    let mut frames = 0;
    loop {
        match tokio::time::timeout(Duration::from_secs(10), slow_ws.next()).await.expect("the stream ends") {
            Some(Ok(Message::Text(_))) => frames += 1,
            Some(Ok(Message::Close(frame))) => {
                if let Some(frame) = frame {
                    assert_eq!(u16::from(frame.code), 4008);
                }
                break;
            }
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break,
        }
    }
    assert!(frames < 640, "the slow client was cut off (it got {frames} frames)");
});

/// Two instances on one PostgreSQL database: an event committed on one reaches a client of the other. Polling is
/// set to a minute, so only LISTEN/NOTIFY can deliver it in time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_cross_instances_on_postgres() {
    let first = TestApp::spawn_with(Backend::Postgres, |config| {
        fast(config);
        config.events_poll_ms = 60_000;
    })
    .await;
    let url = first.state.config.database_url();
    let second = TestApp::spawn_with(Backend::Postgres, |config| {
        fast(config);
        config.events_poll_ms = 60_000;
        config.database_url = Some(url);
    })
    .await;
    let ada = sign_up(&first, "ada").await;
    let mut on_second = connect_as(&second, &ada).await;
    connections_become(&second, 1).await;

    record(&first, Event::updated("account", ada.id).to(Audience::account(ada.id))).await;
    let (frame, _) = until_frame(&mut on_second, |f| f["type"] == "updated").await;
    assert_eq!(frame["id"], ada.id.to_string());

    // Signing out on the first instance closes the socket held by the second.
    let response = reqwest::Client::new()
        .post(first.url("/api/auth/sign-out"))
        .header("cookie", &ada.cookie)
        .header("X-Questline-Csrf", "1")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
    let (code, _) = closed(&mut on_second, Duration::from_secs(5)).await;
    assert_eq!(u16::from(code), 4001);
}

fn quick_jobs(config: &mut questline::config::Config) {
    fast(config);
    config.jobs_poll_ms = 50;
}

db_test!(configure = quick_jobs, async fn a_socket_closes_when_its_session_runs_out_unused(app) {
    let idle = chrono::Duration::hours(app.state.config.session_idle_hours);
    let (ada, bob) = (sign_up(&app, "ada").await, sign_up(&app, "bob").await);
    let mut ada_socket = connect_as(&app, &ada).await;
    let mut bob_socket = connect_as(&app, &bob).await;
    connections_become(&app, 2).await;

    // Bob uses the app an hour before both sessions would idle out; Ada only keeps her socket open.
    app.clock.advance(idle - chrono::Duration::hours(1));
    let me = reqwest::Client::new().get(app.url("/api/auth/me")).header("cookie", &bob.cookie).send().await.unwrap();
    assert_eq!(me.status(), 200);
    app.clock.advance(chrono::Duration::hours(2));

    let (code, reason) = closed(&mut ada_socket, Duration::from_secs(10)).await;
    assert_eq!((u16::from(code), reason.as_str()), (4001, "session_ended"));
    let ada_me = reqwest::Client::new().get(app.url("/api/auth/me")).header("cookie", &ada.cookie).send().await.unwrap();
    assert_eq!(ada_me.json::<Value>().await.unwrap()["user"], Value::Null, "her session is gone");

    record(&app, Event::updated("account", bob.id).to(Audience::account(bob.id))).await;
    let (frame, _) = until_frame(&mut bob_socket, |f| f["type"] == "updated").await;
    assert_eq!(frame["id"], bob.id.to_string(), "a session in use stays connected");
});

// --- Issue 9, finding 4: sockets are capped per session, account and address ---------------------------------------

fn small_socket_caps(config: &mut questline::config::Config) {
    fast(config);
    config.ws_max_per_session = 2;
    config.ws_max_per_account = 3;
    config.ws_max_per_address = 5;
}

async fn refused_with(app: &TestApp, cookie: &str) -> u16 {
    match connect(app, Some(cookie), None).await {
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Ok(_) => panic!("the socket over the cap was opened"),
        Err(other) => panic!("unexpected failure: {other}"),
    }
}

db_test!(configure = small_socket_caps, async fn one_session_account_or_address_cannot_hold_every_socket(app) {
    let ada = sign_up(&app, "ada").await;
    let mut open = vec![connect_as(&app, &ada).await, connect_as(&app, &ada).await];
    assert_eq!(refused_with(&app, &ada.cookie).await, 429, "two per session");

    let second_browser = sign_in(&app, "ada").await;
    open.push(connect(&app, Some(&second_browser), None).await.unwrap());
    assert_eq!(refused_with(&app, &second_browser).await, 429, "three per account");

    let bob = sign_up(&app, "bob").await;
    open.push(connect_as(&app, &bob).await);
    open.push(connect_as(&app, &bob).await);
    let bob_again = sign_in(&app, "bob").await;
    assert_eq!(refused_with(&app, &bob_again).await, 429, "five per address");

    // A closed socket frees its place.
    connections_become(&app, 5).await;
    let mut first = open.remove(0);
    first.close(None).await.unwrap();
    connections_become(&app, 4).await;
    assert!(connect(&app, Some(&bob_again), None).await.is_ok());
});

db_test!(configure = |config| { fast(config); config.header_read_timeout_secs = 1; }, async fn a_client_that_never_finishes_its_headers_is_disconnected(app) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: questline\r\nX-Slow: ").await.unwrap();
    let mut buffer = [0u8; 1024];
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "the connection is still open 5 s later");
});

// --- Issue 9, finding 16: profile events tell others nothing the public view does not -------------------------------

db_test!(configure = fast, async fn editing_private_profile_fields_tells_nobody_else(app) {
    let ada = sign_up(&app, "ada").await;
    let bob = sign_up(&app, "bob").await;
    let mut ada_ws = connect_as(&app, &ada).await;
    let mut bob_ws = connect_as(&app, &bob).await;
    connections_become(&app, 2).await;
    let client = reqwest::Client::new();
    let profile: Value =
        client.get(app.url("/api/profile")).header("cookie", &ada.cookie).send().await.unwrap().json().await.unwrap();
    let update = |base: Value| {
        let (client, url, cookie) =
            (client.clone(), app.url(&format!("/api/profiles/{}", profile["profile_id"].as_str().unwrap())), ada.cookie.clone());
        async move {
            let response = client
                .patch(url)
                .header("cookie", cookie)
                .header("X-Questline-Csrf", "1")
                .json(&json!({"base": base}))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
        }
    };
    let private = json!({"first_name": "Ada", "last_name": "Lovelace", "display_name": "ada", "birthdate": "1990-12-10", "phone": {"phone": "+48 600 100 200"}});
    update(private.clone()).await;
    // Ada's own tabs hear of it; Bob hears nothing (a public event recorded afterwards marks where to stop).
    until_frame(&mut ada_ws, |f| f["entity"] == "profile").await;
    record(&app, Event::updated("series", "marker").to(Audience::Public)).await;
    let (_, before_marker) = until_frame(&mut bob_ws, |f| f["entity"] == "series").await;
    assert!(before_marker.iter().all(|f| f["entity"] != "profile"), "Bob heard of the private edit: {before_marker:?}");
    let mut changed = private;
    changed["bio"] = json!("Now with a public bio.");
    update(changed).await;
    let (frame, _) = until_frame(&mut bob_ws, |f| f["entity"] == "profile").await;
    assert_eq!(frame["id"], ada.id.to_string(), "the public change reaches everyone");
});

/// A POST of a signed-in user's browser, answered as JSON.
async fn post_as(app: &TestApp, user: &User, path: &str, body: Value) -> Value {
    let response = reqwest::Client::new()
        .post(app.url(path))
        .header("X-Questline-Csrf", "1")
        .header("cookie", &user.cookie)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{path}: {}", response.status());
    response.json().await.unwrap()
}

// Chat (issue 17): a message reaches the other participant's socket whole, and nobody else's. Events reach a
// socket in the order they were committed, so Eve's first chat frame being her own chat's message shows that the
// earlier one, between Pia and Gwen, never came to her.
db_test!(configure = fast, async fn a_chat_message_reaches_its_two_participants_only(app) {
    let pia = sign_up(&app, "pia").await;
    let gwen = sign_up(&app, "gwen").await;
    let eve = sign_up(&app, "eve").await;
    let mut gwen_ws = connect_as(&app, &gwen).await;
    let mut eve_ws = connect_as(&app, &eve).await;

    let with_gwen = post_as(&app, &pia, "/api/chats", json!({"type": "direct", "user_id": gwen.id})).await;
    let path = format!("/api/chats/{}/messages", with_gwen["id"].as_str().unwrap());
    let text = "<script>alert('hi')</script>";
    let sent = post_as(&app, &pia, &path, json!({"client_id": uuid::Uuid::now_v7(), "body": text})).await;
    let (frame, _) = until_frame(&mut gwen_ws, |frame| frame["entity"] == "chat_message").await;
    assert_eq!(frame["id"], sent["id"]);
    assert_eq!(frame["data"]["body"], text);
    assert_eq!(frame["data"]["chat_id"], with_gwen["id"]);

    let with_eve = post_as(&app, &pia, "/api/chats", json!({"type": "direct", "user_id": eve.id})).await;
    let path = format!("/api/chats/{}/messages", with_eve["id"].as_str().unwrap());
    post_as(&app, &pia, &path, json!({"client_id": uuid::Uuid::now_v7(), "body": "for Eve"})).await;
    let (frame, before) = until_frame(&mut eve_ws, |frame| frame["entity"] == "chat_message").await;
    assert_eq!(frame["data"]["body"], "for Eve");
    assert!(before.iter().all(|frame| frame["id"] != with_gwen["id"]), "{before:?}");
});
