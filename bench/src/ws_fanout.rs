//! Websocket fan-out benchmark: N signed-in clients connected to a real `questline serve` process, one public
//! event recorded in the outbox and fanned out to all of them, repeated. Prints p50/p99/max delivery latency and
//! the server's memory per idle connection (RSS growth / N). See docs/performance.md for the method and budgets.
//!
//! It talks only to 127.0.0.1 (server) from 127.0.0.2–127.0.0.9 (clients), and stops by itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::Utc;
use clap::Parser;
use futures::StreamExt;
use questline::auth::session::{self, SessionPolicy};
use questline::clock::SystemClock;
use questline::db::{self, Db, entities::account};
use questline::events::{Audience, Event, EventBus};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use tokio::net::TcpSocket;
use tokio::sync::{Semaphore, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

#[derive(Parser)]
#[command(about = "Fan one event out to N websocket clients, ROUNDS times; print latency and memory per connection")]
struct Args {
    /// Connected, signed-in clients (at most 19,900 with an open-files limit of 20,000 per process).
    #[arg(long, default_value_t = 5000)]
    clients: usize,
    /// Events fanned out, one after another.
    #[arg(long, default_value_t = 20)]
    rounds: usize,
    /// The server binary to start.
    #[arg(long, default_value = "target/release/questline")]
    server: String,
    /// A PostgreSQL server where a throw-away database is created (and dropped afterwards).
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test")]
    postgres: String,
    #[arg(long, default_value_t = 18080)]
    port: u16,
    /// Handshakes in flight at once while connecting.
    #[arg(long, default_value_t = 64)]
    connect_concurrency: usize,
    /// Extra environment for the server, KEY=VALUE (repeatable), to compare settings.
    #[arg(long)]
    server_env: Vec<String>,
}

/// Nanoseconds since `START` at which each round's event was committed.
static ROUND_COMMITTED: [AtomicU64; 256] = [const { AtomicU64::new(0) }; 256];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    anyhow::ensure!(args.clients <= 19_900, "at most 19,900 clients");
    anyhow::ensure!(args.rounds <= 256, "at most 256 rounds");
    let start = Instant::now();

    // A fresh database and a server process on it.
    let name = format!("questline_bench_{}", uuid::Uuid::now_v7().simple());
    let admin = db::connect(&args.postgres, 1).await?;
    admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
    let database_url = format!("{}/{name}", args.postgres.rsplit_once('/').map(|(server, _)| server).unwrap());
    let mut server = tokio::process::Command::new(&args.server)
        .env("DATABASE_URL", &database_url)
        .env("PORT", args.port.to_string())
        .env("QUESTLINE_BIND", "127.0.0.1")
        .env("QUESTLINE_WS_IDLE_TIMEOUT_SECS", "3600")
        .env("RUST_LOG", "warn")
        .envs(args.server_env.iter().filter_map(|pair| pair.split_once('=')))
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", args.server))?;
    let pid = server.id().context("server pid")?;
    let result = run(&args, &database_url, pid, start).await;
    server.kill().await.ok();
    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await.ok();
    result
}

async fn run(args: &Args, database_url: &str, pid: u32, start: Instant) -> anyhow::Result<()> {
    wait_for_health(args.port).await?;
    let conn = db::connect(database_url, 4).await?;
    let db = Db::new(conn);
    println!("creating {} accounts and sessions…", args.clients);
    let cookies = sign_in_many(&db, args.clients).await?;

    let rss_before = rss_kib(pid)?;
    println!("server RSS before connecting: {rss_before} KiB");
    let (deliveries_tx, mut deliveries) = mpsc::unbounded_channel::<(usize, u64)>();
    let connecting = Arc::new(Semaphore::new(args.connect_concurrency.max(1)));
    let connected = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let mut clients = Vec::with_capacity(args.clients);
    for (n, cookie) in cookies.into_iter().enumerate() {
        let permit = connecting.clone().acquire_owned().await?;
        let deliveries = deliveries_tx.clone();
        let connected = connected.clone();
        let failed = failed.clone();
        let port = args.port;
        clients.push(tokio::spawn(async move {
            let source = std::net::Ipv4Addr::new(127, 0, 0, 2 + (n % 8) as u8);
            let mut ws = match connect(source, port, &cookie).await {
                Ok(ws) => ws,
                Err(error) => {
                    eprintln!("client {n} could not connect: {error:#}");
                    failed.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            };
            connected.fetch_add(1, Ordering::Relaxed);
            drop(permit);
            while let Some(Ok(message)) = ws.next().await {
                if let Message::Text(text) = message {
                    let arrived = start.elapsed().as_nanos() as u64;
                    if let Some(round) = round_of(&text) {
                        let committed = ROUND_COMMITTED[round].load(Ordering::Acquire);
                        let _ = deliveries.send((round, arrived.saturating_sub(committed)));
                    }
                }
            }
        }));
    }
    drop(deliveries_tx);
    while (connected.load(Ordering::Relaxed) + failed.load(Ordering::Relaxed)) < args.clients as u64 {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let connected = connected.load(Ordering::Relaxed) as usize;
    println!("connected: {connected}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let rss_idle = rss_kib(pid)?;
    let per_connection = (rss_idle.saturating_sub(rss_before)) as f64 * 1024.0 / connected.max(1) as f64;
    println!("server RSS with {connected} idle connections: {rss_idle} KiB");

    // The bench records each event through the library's outbox path on its own database connection, like a
    // second instance; the server's dispatcher is woken by NOTIFY and fans it out.
    let events = EventBus::new(Arc::new(SystemClock));
    let mut latencies: Vec<u64> = Vec::with_capacity(connected * args.rounds);
    for (round, committed) in ROUND_COMMITTED.iter().enumerate().take(args.rounds) {
        let bus = events.clone();
        committed.store(start.elapsed().as_nanos() as u64, Ordering::Release);
        db.write(move |txn| {
            Box::pin(async move {
                Ok(bus.record(txn, Event::updated("bench", format!("round-{round}")).to(Audience::Public)).await?)
            })
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let mut got = 0;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
        while got < connected {
            match tokio::time::timeout_at(deadline, deliveries.recv()).await {
                Ok(Some((r, latency))) if r == round => {
                    latencies.push(latency);
                    got += 1;
                }
                Ok(Some(_)) => {}
                _ => break,
            }
        }
        if got < connected {
            println!("round {round}: only {got} of {connected} delivered within 30 s");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let rss_after = rss_kib(pid)?;
    latencies.sort_unstable();
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p).round() as usize] as f64 / 1e6;
    println!("clients: {connected}, rounds: {}, deliveries: {}", args.rounds, latencies.len());
    if !latencies.is_empty() {
        println!("delivery latency: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms", pct(0.5), pct(0.99), pct(1.0));
    }
    println!("server memory per idle connection: {:.0} bytes ({:.2} KiB)", per_connection, per_connection / 1024.0);
    println!("server RSS after the rounds: {rss_after} KiB");
    for client in clients {
        client.abort();
    }
    Ok(())
}

fn round_of(text: &str) -> Option<usize> {
    let at = text.find("round-")? + "round-".len();
    let digits: String = text[at..].chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

async fn connect(
    source: std::net::Ipv4Addr,
    port: u16,
    cookie: &str,
) -> anyhow::Result<tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>> {
    let socket = TcpSocket::new_v4()?;
    socket.bind((source, 0).into())?;
    let stream = socket.connect(([127, 0, 0, 1], port).into()).await?;
    stream.set_nodelay(true)?;
    let mut request = format!("ws://127.0.0.1:{port}/api/ws").into_client_request()?;
    request.headers_mut().insert("cookie", HeaderValue::from_str(cookie)?);
    // Small client buffers, or the bench itself would need gigabytes.
    let config = WebSocketConfig::default().read_buffer_size(4096).write_buffer_size(0);
    let (ws, _) = tokio_tungstenite::client_async_with_config(request, stream, Some(config)).await?;
    Ok(ws)
}

async fn wait_for_health(port: u16) -> anyhow::Result<()> {
    for _ in 0..600 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the server did not start listening on port {port}")
}

/// Accounts and sessions written straight to the database (signing up 20,000 users through argon2 would take
/// minutes and measures nothing of interest here). Answers the session cookies.
async fn sign_in_many(db: &Db, count: usize) -> anyhow::Result<Vec<String>> {
    let now = Utc::now();
    let policy = SessionPolicy { idle: chrono::Duration::days(1), max: chrono::Duration::days(1), secure: false };
    let mut cookies = Vec::with_capacity(count);
    for chunk in (0..count).collect::<Vec<_>>().chunks(500) {
        let ids: Vec<uuid::Uuid> = chunk.iter().map(|_| uuid::Uuid::now_v7()).collect();
        let rows = ids.iter().zip(chunk).map(|(id, n)| account::ActiveModel {
            id: Set(*id),
            email: Set(format!("bench-{n}@example.com")),
            email_verified_at: Set(Some(now)),
            password_hash: Set(None),
            display_name: Set(format!("Bench {n}")),
            locale: Set("en-GB".into()),
            time_zone: Set("UTC".into()),
            status: Set("active".into()),
            is_admin: Set(false),
            gm_since: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            deleted_at: Set(None),
            version: Set(1),
        });
        account::Entity::insert_many(rows).exec_without_returning(db.conn()).await?;
        for id in ids {
            let token = session::create(db.conn(), id, now, &policy).await?;
            cookies.push(format!("questline_session={token}"));
        }
    }
    Ok(cookies)
}

fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).context("VmRSS")?;
    Ok(line.split_whitespace().nth(1).context("VmRSS value")?.parse()?)
}
