//! Websocket fan-out benchmark: N signed-in clients connected to a real `questline serve` process, one public
//! event recorded in the outbox and fanned out to all of them, repeated. Prints p50/p99/max delivery latency and
//! the server's memory per idle connection (RSS growth / N). See docs/performance.md for the method and budgets.
//!
//! It talks only to 127.0.0.1 (server) from 127.0.0.2–127.0.0.9 (clients), and stops by itself.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::Utc;
use clap::Parser;
use questline::auth::session::{self, SessionPolicy};
use questline::clock::SystemClock;
use questline::db::{self, Db, entities::account};
use questline::events::{Audience, Event, EventBus};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;
use tokio::sync::Semaphore;

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

/// Nanoseconds since the start at which each round's recording transaction had committed (`u64::MAX` until then:
/// a frame read before the commit returned counts as delivered at once).
static ROUND_COMMITTED: [AtomicU64; 256] = [const { AtomicU64::new(0) }; 256];
/// Clients that have received each round's event.
static ROUND_DELIVERED: [AtomicUsize; 256] = [const { AtomicUsize::new(0) }; 256];

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
    let database_url = db::with_database(&args.postgres, &name);
    let mut server = tokio::process::Command::new(&args.server)
        .env("DATABASE_URL", &database_url)
        .env("PORT", args.port.to_string())
        .env("QUESTLINE_BIND", "127.0.0.1")
        .env("QUESTLINE_WS_IDLE_TIMEOUT_SECS", "3600")
        // Thousands of clients share eight source addresses here; in production each has its own.
        .env("QUESTLINE_WS_MAX_PER_ADDRESS", "0")
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
    let connecting = Arc::new(Semaphore::new(args.connect_concurrency.max(1)));
    let mut handshakes = Vec::with_capacity(args.clients);
    for (n, cookie) in cookies.into_iter().enumerate() {
        let permit = connecting.clone().acquire_owned().await?;
        let port = args.port;
        handshakes.push(tokio::spawn(async move {
            let source = std::net::Ipv4Addr::new(127, 0, 0, 2 + (n % 8) as u8);
            let stream = connect(source, port, &cookie).await;
            drop(permit);
            stream.with_context(|| format!("client {n}"))
        }));
    }
    let mut streams = Vec::with_capacity(args.clients);
    for handshake in handshakes {
        match handshake.await? {
            Ok(stream) => streams.push(stream),
            Err(error) => eprintln!("could not connect: {error:#}"),
        }
    }
    let connected = streams.len();
    println!("connected: {connected}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let rss_idle = rss_kib(pid)?;
    let per_connection = (rss_idle.saturating_sub(rss_before)) as f64 * 1024.0 / connected.max(1) as f64;
    println!("server RSS with {connected} idle connections: {rss_idle} KiB");

    let stop = Arc::new(AtomicBool::new(false));
    let reader = {
        let stop = stop.clone();
        std::thread::spawn(move || read_deliveries(streams, start, &stop))
    };
    let (server_cpu_before, bench_cpu_before) = (cpu_seconds(pid)?, cpu_seconds(std::process::id())?);
    // The bench records each event through the library's outbox path on its own database connection, like a
    // second instance; the server's dispatcher is woken by NOTIFY and fans it out.
    let events = EventBus::new(Arc::new(SystemClock));
    let mut commits = Vec::with_capacity(args.rounds);
    for (round, committed) in ROUND_COMMITTED.iter().enumerate().take(args.rounds) {
        let bus = events.clone();
        // Delivery latency counts from the moment the commit is known to have succeeded; the commit's own time
        // (PostgreSQL's write-ahead log flush) is the writer's, and is reported apart.
        let began = Instant::now();
        committed.store(u64::MAX, Ordering::Release);
        db.write(move |txn| {
            Box::pin(async move {
                Ok(bus.record(txn, Event::updated("bench", format!("round-{round}")).to(Audience::Public)).await?)
            })
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        committed.store(start.elapsed().as_nanos() as u64, Ordering::Release);
        commits.push(began.elapsed());
        let deadline = Instant::now() + Duration::from_secs(30);
        while ROUND_DELIVERED[round].load(Ordering::Acquire) < connected && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let got = ROUND_DELIVERED[round].load(Ordering::Acquire);
        if got < connected {
            println!("round {round}: only {got} of {connected} delivered within 30 s");
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    stop.store(true, Ordering::Release);
    let mut latencies = reader.join().map_err(|_| anyhow::anyhow!("the reader thread panicked"))??;
    let rss_after = rss_kib(pid)?;
    let delivered = latencies.len().max(1) as f64;
    let server_cpu = (cpu_seconds(pid)? - server_cpu_before) * 1e6 / delivered;
    let bench_cpu = (cpu_seconds(std::process::id())? - bench_cpu_before) * 1e6 / delivered;
    latencies.sort_unstable();
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p).round() as usize] as f64 / 1e6;
    println!("clients: {connected}, rounds: {}, deliveries: {}", args.rounds, latencies.len());
    if !latencies.is_empty() {
        println!(
            "delivery latency: min {:.1} ms, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            pct(0.0),
            pct(0.5),
            pct(0.99),
            pct(1.0)
        );
    }
    commits.sort_unstable();
    if let Some(median) = commits.get(commits.len() / 2) {
        println!("recording transaction (not in the latency): median {:.1} ms", median.as_secs_f64() * 1e3);
    }
    println!("server memory per idle connection: {:.0} bytes ({:.2} KiB)", per_connection, per_connection / 1024.0);
    println!("server RSS after the rounds: {rss_after} KiB");
    println!("CPU time per delivery: server {server_cpu:.1} µs, bench {bench_cpu:.1} µs (both cores, user + system)");
    Ok(())
}

fn round_of(payload: &[u8]) -> Option<usize> {
    let at = payload.windows(6).position(|window| window == b"round-")? + 6;
    let digits = payload[at..].iter().take_while(|byte| byte.is_ascii_digit()).count();
    std::str::from_utf8(&payload[at..at + digits]).ok()?.parse().ok()
}

/// Connects and upgrades to a websocket with a minimal handshake of its own: the bench then reads the raw frames
/// itself (see `read_deliveries`).
async fn connect(source: std::net::Ipv4Addr, port: u16, cookie: &str) -> anyhow::Result<mio::net::TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind((source, 0).into())?;
    let mut stream = socket.connect(([127, 0, 0, 1], port).into()).await?;
    stream.set_nodelay(true)?;
    let request = format!(
        "GET /api/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nCookie: {cookie}\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::with_capacity(256);
    while !response.ends_with(b"\r\n\r\n") {
        let byte = stream.read_u8().await?;
        response.push(byte);
        anyhow::ensure!(response.len() < 4096, "the handshake response is too long");
    }
    anyhow::ensure!(response.starts_with(b"HTTP/1.1 101"), "{}", String::from_utf8_lossy(&response));
    Ok(mio::net::TcpStream::from_std(stream.into_std()?))
}

/// Reads every client's socket on one thread with one epoll set, parsing the server's (unmasked) frames by hand,
/// so that the bench's own cost per delivery is a `read` and little else. Answers the latency of every delivery.
fn read_deliveries(
    mut streams: Vec<mio::net::TcpStream>,
    start: Instant,
    stop: &AtomicBool,
) -> anyhow::Result<Vec<u64>> {
    use std::io::Read;
    let mut poll = mio::Poll::new()?;
    for (n, stream) in streams.iter_mut().enumerate() {
        poll.registry().register(stream, mio::Token(n), mio::Interest::READABLE)?;
    }
    let mut pending: Vec<Vec<u8>> = vec![Vec::new(); streams.len()];
    let mut events = mio::Events::with_capacity(1024);
    let mut buffer = vec![0u8; 64 * 1024];
    let mut latencies = Vec::new();
    while !stop.load(Ordering::Acquire) {
        poll.poll(&mut events, Some(Duration::from_millis(50)))?;
        for event in &events {
            let n = event.token().0;
            loop {
                match streams[n].read(&mut buffer) {
                    Ok(0) => break,
                    Ok(read) => {
                        let arrived = start.elapsed().as_nanos() as u64;
                        let bytes = &mut pending[n];
                        bytes.extend_from_slice(&buffer[..read]);
                        while let Some((opcode, payload, length)) = next_frame(bytes) {
                            if opcode == 1
                                && let Some(round) = round_of(payload)
                            {
                                let committed = ROUND_COMMITTED[round].load(Ordering::Acquire);
                                latencies.push(arrived.saturating_sub(committed));
                                ROUND_DELIVERED[round].fetch_add(1, Ordering::Release);
                            }
                            bytes.drain(..length);
                        }
                    }
                    Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => break,
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(error) => return Err(error.into()),
                }
            }
        }
    }
    Ok(latencies)
}

/// The first complete frame in `bytes` from the server (never masked): opcode, payload and its whole length.
fn next_frame(bytes: &[u8]) -> Option<(u8, &[u8], usize)> {
    let (&first, &second) = (bytes.first()?, bytes.get(1)?);
    let (header, length) = match second & 0x7f {
        126 => (4, u16::from_be_bytes(bytes.get(2..4)?.try_into().ok()?) as usize),
        127 => (10, u64::from_be_bytes(bytes.get(2..10)?.try_into().ok()?) as usize),
        short => (2, short as usize),
    };
    let payload = bytes.get(header..header + length)?;
    Some((first & 0x0f, payload, header + length))
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

/// User + system CPU time a process has used so far, in seconds (`/proc/<pid>/stat`, clock ticks of 1/100 s).
fn cpu_seconds(pid: u32) -> anyhow::Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Fields after the command name (which may hold spaces) start at the state, field 3; utime and stime are 14, 15.
    let after_name = stat.rsplit_once(')').context("stat format")?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>()? + fields[12].parse::<u64>()?;
    Ok(ticks as f64 / 100.0)
}

fn rss_kib(pid: u32) -> anyhow::Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:")).context("VmRSS")?;
    Ok(line.split_whitespace().nth(1).context("VmRSS value")?.parse()?)
}
