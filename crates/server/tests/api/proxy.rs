//! Two instances on one PostgreSQL database behind nginx, with the locations of `deploy/nginx-locations.conf` (the
//! ones docs/operations.md gives operators): a sign-in on one instance holds on the other; a websocket opened
//! through the proxy receives an event the other instance recorded; the client's address is the one nginx puts
//! in `X-Forwarded-For`, because the proxy is trusted; an instance stopped gracefully while requests stream
//! through the proxy fails none of them. Needs Debian's nginx (`make test` installs it: scripts/ensure-nginx.sh).

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use futures::StreamExt;
use questline::events::{Audience, Event};
use questline_domain::ids::AccountId;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::helpers::{PASSWORD, Running, fresh_postgres_database, own_config};

/// The header the test's server block adds: which instance answered (`$upstream_addr`).
const UPSTREAM: &str = "x-questline-upstream";

async fn start_instance(database_url: &str) -> (Running, tempfile::TempDir) {
    let data = tempfile::tempdir().unwrap();
    let mut config = own_config(data.path(), Some(database_url.to_owned()));
    config.trusted_proxies = Some("127.0.0.1".into());
    config.address_limit_per_hour = 2;
    config.shutdown_grace_secs = 5;
    (Running::start(config).await, data)
}

/// nginx on a free port in front of `instances`, killed when dropped.
struct Nginx {
    child: std::process::Child,
    port: u16,
    folder: tempfile::TempDir,
}

impl Drop for Nginx {
    /// SIGTERM: the master stops its workers too (a SIGKILL would leave them running).
    fn drop(&mut self) {
        let _ = std::process::Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        for _ in 0..200 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn nginx_binary() -> PathBuf {
    ["/usr/sbin/nginx", "/usr/bin/nginx"]
        .iter()
        .map(PathBuf::from)
        .find(|path| path.exists())
        .expect("nginx is installed (scripts/ensure-nginx.sh, run by `make test`)")
}

async fn start_nginx(instances: &[SocketAddr]) -> Nginx {
    let folder = tempfile::tempdir().unwrap();
    let root = folder.path();
    // nginx's workers run as another user when it starts as root: they must reach the folder and its temp files.
    for temp in ["body", "proxy", "fastcgi", "uwsgi", "scgi"] {
        std::fs::create_dir(root.join(temp)).unwrap();
        set_mode(&root.join(temp), 0o777);
    }
    set_mode(root, 0o755);
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let locations =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/nginx-locations.conf").canonicalize().unwrap();
    let servers: String =
        instances.iter().map(|address| format!("        server {address} max_fails=1 fail_timeout=10s;\n")).collect();
    let dir = root.display();
    let config = format!(
        "worker_processes 1;\npid {dir}/nginx.pid;\nerror_log {dir}/error.log warn;\nevents {{ worker_connections 256; }}\n\
         http {{\n    access_log off;\n    client_body_temp_path {dir}/body;\n    proxy_temp_path {dir}/proxy;\n    \
         fastcgi_temp_path {dir}/fastcgi;\n    uwsgi_temp_path {dir}/uwsgi;\n    scgi_temp_path {dir}/scgi;\n    \
         upstream questline {{\n{servers}        keepalive 8;\n    }}\n    server {{\n        listen 127.0.0.1:{port};\n        \
         add_header X-Questline-Upstream $upstream_addr always;\n        include {};\n    }}\n}}\n",
        locations.display()
    );
    std::fs::write(root.join("nginx.conf"), config).unwrap();
    let child = std::process::Command::new(nginx_binary())
        .args(["-p", &dir.to_string(), "-c", &format!("{dir}/nginx.conf"), "-g", "daemon off;"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::fs::File::create(root.join("stderr.log")).unwrap())
        .spawn()
        .expect("nginx starts");
    let nginx = Nginx { child, port, folder };
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return nginx;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!(
        "nginx did not start: {}",
        std::fs::read_to_string(nginx.folder.path().join("stderr.log")).unwrap_or_default()
    );
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn upstream_of(response: &reqwest::Response) -> String {
    response.headers().get(UPSTREAM).and_then(|value| value.to_str().ok()).unwrap_or_default().to_owned()
}

fn sign_up_body(email: &str) -> Value {
    json!({"email": email, "password": PASSWORD, "display_name": "Proxy", "time_zone": "Europe/Warsaw"})
}

fn new_email() -> String {
    format!("proxy-{}@example.test", uuid::Uuid::now_v7().simple())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_nginx() {
    let database_url = fresh_postgres_database().await;
    let (mut first, _first_data) = start_instance(&database_url).await;
    let (second, _second_data) = start_instance(&database_url).await;
    let nginx = start_nginx(&[first.address, second.address]).await;
    let base = format!("http://127.0.0.1:{}", nginx.port);
    let browser = reqwest::Client::builder().cookie_store(true).build().unwrap();

    // A sign-up (which signs in) on one instance; the next requests are served by both, signed in on both.
    let signed_up = browser
        .post(format!("{base}/api/auth/sign-up"))
        .header("X-Questline-Csrf", "1")
        .json(&sign_up_body(&new_email()))
        .send()
        .await
        .unwrap();
    assert_eq!(signed_up.status(), 201);
    let signed_up_on = upstream_of(&signed_up);
    let cookie = signed_up.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let account: Value = signed_up.json().await.unwrap();
    let account_id: AccountId = account["user"]["id"].as_str().unwrap().parse().unwrap();
    let mut served_by = BTreeSet::new();
    for _ in 0..4 {
        let me = browser.get(format!("{base}/api/auth/me")).send().await.unwrap();
        served_by.insert(upstream_of(&me));
        assert_eq!(me.status(), 200, "signed in on every instance");
        let body: Value = me.json().await.unwrap();
        assert_eq!(body["user"]["id"], account["user"]["id"]);
    }
    assert!(served_by.iter().any(|upstream| *upstream != signed_up_on), "the other instance served: {served_by:?}");
    assert_eq!(served_by.len(), 2, "both instances take turns: {served_by:?}");

    // A websocket through the proxy gets an event the other instance records.
    let mut request = format!("ws://127.0.0.1:{}/api/ws", nginx.port).into_client_request().unwrap();
    request.headers_mut().insert("cookie", HeaderValue::from_str(&cookie).unwrap());
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.expect("the websocket passes the proxy");
    let mut holder = None;
    for _ in 0..200 {
        holder = match (first.state.realtime.registry.len(), second.state.realtime.registry.len()) {
            (1, 0) => Some(&second),
            (0, 1) => Some(&first),
            _ => None,
        };
        if holder.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let other = holder.expect("one instance holds the websocket");
    let (bus, event) =
        (other.state.events.clone(), Event::updated("account", account_id).to(Audience::account(account_id)));
    other.state.db.write(move |txn| Box::pin(async move { Ok(bus.record(txn, event).await?) })).await.unwrap();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await.expect("the event arrives through the proxy") {
            Some(Ok(Message::Text(text))) => {
                let frame: Value = serde_json::from_str(&text).unwrap();
                if frame["type"] == "updated" && frame["id"] == account_id.to_string() {
                    break;
                }
            }
            Some(Ok(_)) => continue,
            other => panic!("the websocket ended: {other:?}"),
        }
    }
    drop(socket);

    // The client address is the one nginx forwards: one address spends its sign-ups on both instances (two an hour
    // each) while another still signs up. Were the proxy's own address counted, the other would be refused too.
    let sign_up_from = |client_address: &'static str| {
        reqwest::Client::new()
            .post(format!("{base}/api/auth/sign-up"))
            .header("X-Questline-Csrf", "1")
            .header("X-Forwarded-For", client_address)
            .json(&sign_up_body(&new_email()))
            .send()
    };
    let mut refused_by = BTreeSet::new();
    for attempt in 0.. {
        let response = sign_up_from("203.0.113.7").await.unwrap();
        if response.status() == 429 {
            refused_by.insert(upstream_of(&response));
        } else {
            assert_eq!(response.status(), 201);
        }
        if refused_by.len() == 2 {
            break;
        }
        assert!(attempt < 12, "both instances refuse the address at last: {refused_by:?}");
    }
    let another = sign_up_from("203.0.113.8").await.unwrap();
    assert_eq!(another.status(), 201, "another client address is counted on its own");

    // One instance stops gracefully while requests stream through the proxy: none fails.
    let (stop_stream, mut stream_stopped) = oneshot::channel::<()>();
    let (first_half, first_half_done) = oneshot::channel::<()>();
    let stream = {
        let (browser, base) = (browser.clone(), base.clone());
        tokio::spawn(async move {
            let mut first_half = Some(first_half);
            let (mut answered, mut failures) = (0, Vec::new());
            loop {
                match browser.get(format!("{base}/api/auth/me")).send().await {
                    Ok(response) if response.status() == 200 => answered += 1,
                    Ok(response) => failures.push(format!("{} from {}", response.status(), upstream_of(&response))),
                    Err(error) => failures.push(error.to_string()),
                }
                if answered == 20
                    && let Some(signal) = first_half.take()
                {
                    let _ = signal.send(());
                }
                if stream_stopped.try_recv().is_ok() {
                    return (answered, failures);
                }
            }
        })
    };
    first_half_done.await.unwrap();
    first.stop();
    first.stopped_within(Duration::from_secs(10)).await;
    // Requests go on after the stop, all to the instance left.
    let mut after = 0;
    while after < 20 {
        let me = browser.get(format!("{base}/api/auth/me")).send().await.unwrap();
        assert_eq!(me.status(), 200);
        assert!(upstream_of(&me).ends_with(&second.address.to_string()), "only the other instance answers");
        after += 1;
    }
    stop_stream.send(()).unwrap();
    let (answered, failures) = stream.await.unwrap();
    assert!(failures.is_empty(), "no request failed while an instance stopped: {failures:?} ({answered} answered)");
}
