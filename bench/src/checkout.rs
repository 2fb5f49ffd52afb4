//! Checkout benchmark (issue 16): the real `questline serve` binary on a fresh database (SQLite or PostgreSQL),
//! then the whole store sequence a storefront sends for one seat — create cart → line item → email and billing
//! address → payment collection → payment session (built-in provider) → complete — in `--loops` concurrent
//! closed loops for `--seconds`. Prints orders per second, each step's p50/p99 and the server's resident memory.
//!
//! Every order needs a seat of its own: a paid session in `waiting_for_payment` with that player's payment
//! outstanding. They are set up through the public API before the clock starts (nothing written behind the
//! server's back, so the bench also proves the sessions front door): one GM, one player per loop, one paid series
//! with all of them accepted, and `--rounds` sessions of that series, each taking every player to ready — so each
//! round gives every loop one seat. Sessions are a day or more ahead (the server is started with a preparation
//! lead long enough to prepare them all now). See docs/performance.md for the method and the budgets.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::{Parser, ValueEnum};
use questline::db;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use uuid::Uuid;

#[derive(Clone, Copy, ValueEnum)]
enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Parser)]
#[command(about = "Drive the whole store checkout of paid seats in concurrent loops and report orders/s")]
struct Args {
    #[arg(long, value_enum, default_value_t = Backend::Sqlite)]
    backend: Backend,
    /// The server binary to start.
    #[arg(long, default_value = "target/release/questline")]
    server: String,
    /// A PostgreSQL server where a throw-away database is created (and dropped afterwards); the server is given
    /// the same URL with that database's name, query included. TLS is off by default: the database is on the
    /// loopback, where TLS protects nothing and costs both ends CPU (sqlx would prefer it when the server offers it).
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable")]
    postgres: String,
    #[arg(long, default_value_t = 18091)]
    port: u16,
    /// Seconds of the timed phase (it ends early, and says so, if the seats run out).
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Concurrent checkout loops (one player each).
    #[arg(long, default_value_t = 8)]
    loops: usize,
    /// Paid sessions set up before timing: each gives every loop one seat.
    #[arg(long, default_value_t = 1500)]
    rounds: usize,
    /// Sessions set up at once.
    #[arg(long, default_value_t = 8)]
    setup_concurrency: usize,
    /// All loops buy seats of the same session at the same time (they queue on its row lock), as the players of
    /// one game paying together would; by default each loop starts on a different session.
    #[arg(long)]
    same_session: bool,
}

const KEY: &str = "pk_questline_local";
const PASSWORD: &str = "correct horse battery staple";
const STEPS: [&str; 6] =
    ["create cart", "line item", "email+address", "payment collection", "payment session", "complete"];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = std::env::temp_dir().join(format!("questline-bench-{}", Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir)?;
    let (database_url, drop_name) = match args.backend {
        Backend::Sqlite => (format!("sqlite://{}/questline.db?mode=rwc", dir.display()), None),
        Backend::Postgres => {
            let name = format!("questline_bench_{}", Uuid::now_v7().simple());
            let admin = db::connect(&args.postgres, 1).await?;
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
            (db::with_database(&args.postgres, &name), Some(name))
        }
    };
    let result = run(&args, &database_url, &dir).await;
    if let Some(name) = drop_name {
        let admin = db::connect(&args.postgres, 1).await?;
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await.ok();
    }
    std::fs::remove_dir_all(&dir).ok();
    result
}

async fn run(args: &Args, database_url: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    // Enough lead to prepare every session now: they are spread two hours apart from tomorrow on.
    let lead_minutes = 24 * 60 + (args.rounds as u64 + 2) * 120;
    let mut server = tokio::process::Command::new(&args.server)
        .arg("serve")
        .env("DATABASE_URL", database_url)
        .env("QUESTLINE_DATA_DIR", dir)
        .env("PORT", args.port.to_string())
        .env("QUESTLINE_BIND", "127.0.0.1")
        .env("RUST_LOG", "warn")
        // Setup signs up one account per loop: test-strength hashing, and no per-address sign-up limit.
        .env("QUESTLINE_ARGON2_MEMORY_KIB", "1024")
        .env("QUESTLINE_ARGON2_ITERATIONS", "1")
        .env("QUESTLINE_ADDRESS_LIMIT_PER_HOUR", "100000")
        .env("QUESTLINE_CARTS_PER_ADDRESS_PER_HOUR", "100000")
        .env("QUESTLINE_PREPARATION_LEAD_MINUTES", lead_minutes.to_string())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", args.server))?;
    let pid = server.id().context("server pid")?;
    let result = bench(args, pid, database_url).await;
    server.kill().await.ok();
    result
}

/// A signed-in account: its own cookie jar, as a browser has.
#[derive(Clone)]
struct Person {
    client: reqwest::Client,
    id: String,
}

struct Api {
    base: String,
}

impl Api {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn send(
        &self,
        client: &reqwest::Client,
        method: reqwest::Method,
        path: &str,
        payload: Option<Value>,
    ) -> anyhow::Result<Value> {
        let mut request = client
            .request(method.clone(), self.url(path))
            .header("X-Questline-Csrf", "1")
            .header("x-publishable-api-key", KEY);
        if let Some(payload) = payload {
            request = request.json(&payload);
        }
        let response = request.send().await?;
        let status = response.status();
        let text = response.text().await?;
        if !status.is_success() {
            bail!("{method} {path}: {status} {text}");
        }
        serde_json::from_str(&text).with_context(|| format!("{method} {path}: {text}"))
    }

    async fn post(&self, client: &reqwest::Client, path: &str, payload: Value) -> anyhow::Result<Value> {
        self.send(client, reqwest::Method::POST, path, Some(payload)).await
    }

    async fn get(&self, client: &reqwest::Client, path: &str) -> anyhow::Result<Value> {
        self.send(client, reqwest::Method::GET, path, None).await
    }

    async fn person(&self, name: &str) -> anyhow::Result<Person> {
        let client = reqwest::Client::builder().cookie_store(true).pool_max_idle_per_host(64).build()?;
        let email = format!("{}-{}@example.test", name.to_lowercase(), Uuid::now_v7().simple());
        let answer = self
            .post(
                &client,
                "/api/auth/sign-up",
                json!({"email": email, "password": PASSWORD, "display_name": name, "time_zone": "Europe/Warsaw"}),
            )
            .await?;
        let id = answer["user"]["id"].as_str().context("user id")?.to_owned();
        Ok(Person { client, id })
    }
}

fn id(value: &Value) -> anyhow::Result<String> {
    Ok(value["id"].as_str().with_context(|| format!("no id in {value}"))?.to_owned())
}

async fn wait_for_health(api: &Api) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if client.get(api.url("/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bail!("the server did not answer /api/health")
}

/// The GM, the players and their paid series (25.00 PLN, one seat per player).
async fn people(api: &Api, loops: usize) -> anyhow::Result<(Person, Vec<Person>, String)> {
    let gm = api.person("Gwen").await?;
    api.post(&gm.client, &format!("/api/accounts/{}/become-game-master", gm.id), json!({})).await?;
    let mut players = Vec::with_capacity(loops);
    for n in 0..loops {
        players.push(api.person(&format!("Player{n}")).await?);
    }
    let systems = api.get(&gm.client, "/api/game-systems").await?;
    let system = systems["items"][0]["id"].clone();
    let blueprint = api
        .post(&gm.client, "/api/activity-blueprints", json!({"title": "Bench blueprint", "game_system_id": system}))
        .await?;
    let series = api
        .post(
            &gm.client,
            "/api/series",
            json!({"title": "Bench checkout", "blueprint_id": blueprint["id"],
                "location": {"kind": "online", "link": "https://table.example/bench"}}),
        )
        .await?;
    let series_id = id(&series)?;
    let path = format!("/api/series/{series_id}");
    let schedule = json!({"start_time": "19:00", "session_duration_minutes": 180, "is_recurring": true,
        "recurrence_rule": "FREQ=WEEKLY;BYDAY=TU", "time_zone": "Europe/Warsaw", "first_date": "2027-01-05"});
    api.send(&gm.client, reqwest::Method::PUT, &format!("{path}/schedule"), Some(schedule)).await?;
    api.send(
        &gm.client,
        reqwest::Method::PATCH,
        &path,
        Some(json!({"lifecycle_status": "published", "recruitment_status": "open"})),
    )
    .await?;
    for player in &players {
        let application = api.post(&player.client, "/api/series-applications", json!({"series_id": series_id})).await?;
        api.post(&gm.client, &format!("/api/series-applications/{}/accept", id(&application)?), json!({})).await?;
    }
    api.send(
        &gm.client,
        reqwest::Method::PATCH,
        &path,
        Some(json!({"min_players": 1, "max_players": loops, "min_player_age": 1, "lifecycle_status": "active",
            "pricing": {"model": "paid", "amount": "25.00", "currency_code": "pln"}})),
    )
    .await?;
    Ok((gm, players, series_id))
}

/// One session of the series, `round` × 2 hours after tomorrow, taken to `waiting_for_payment`. Returns each
/// player's variant id (the seat to buy), in the players' order.
async fn round(
    api: &Api,
    gm: &Person,
    players: &[Person],
    series_id: &str,
    round: usize,
) -> anyhow::Result<Vec<String>> {
    let start = chrono::Utc::now() + chrono::Duration::days(1) + chrono::Duration::hours(2 * round as i64);
    let start = start.format("%Y-%m-%dT%H:00:00Z").to_string();
    let ids: Vec<&str> = players.iter().map(|player| player.id.as_str()).collect();
    let session = api
        .post(
            &gm.client,
            "/api/sessions",
            json!({"series_id": series_id, "participant_ids": ids,
                "schedule": {"scheduled_start_datetime": start, "scheduled_duration_minutes": 90}}),
        )
        .await?;
    let session = id(&session)?;
    api.post(&gm.client, &format!("/api/sessions/{session}/fix-schedule"), json!({})).await?;
    for player in players {
        api.post(&player.client, &format!("/api/sessions/{session}/confirm"), json!({})).await?;
    }
    api.post(&gm.client, &format!("/api/sessions/{session}/start-preparation"), json!({})).await?;
    let mut variants = Vec::with_capacity(players.len());
    for player in players {
        let view = api.post(&player.client, &format!("/api/sessions/{session}/ready"), json!({})).await?;
        let variant = view["payment"]["variant_id"].as_str().with_context(|| format!("no payment in {view}"))?;
        variants.push(variant.to_owned());
    }
    Ok(variants)
}

/// The whole checkout of one seat; each step's latency (ms) is pushed to `times[step]`.
async fn checkout(api: &Api, player: &Person, variant: &str, times: &mut [Vec<f64>; 6]) -> anyhow::Result<()> {
    let client = &player.client;
    let mut timed = async |step: usize, path: String, payload: Value| -> anyhow::Result<Value> {
        let began = Instant::now();
        let answer = api.post(client, &path, payload).await;
        times[step].push(began.elapsed().as_secs_f64() * 1000.0);
        answer
    };
    let cart = id(&timed(0, "/api/store/carts".into(), json!({})).await?["cart"])?;
    let path = format!("/api/store/carts/{cart}");
    timed(1, format!("{path}/line-items"), json!({"variant_id": variant, "quantity": 1})).await?;
    let address = json!({"first_name": "Pia", "last_name": "Nowak", "address_1": "ul. Długa 1",
        "city": "Kraków", "postal_code": "30-001", "country_code": "pl", "phone": "+48 600 100 200"});
    timed(2, path.clone(), json!({"email": "pia@example.test", "billing_address": address})).await?;
    let collection = timed(3, "/api/store/payment-collections".into(), json!({"cart_id": cart})).await?;
    let collection = id(&collection["payment_collection"])?;
    timed(
        4,
        format!("/api/store/payment-collections/{collection}/payment-sessions"),
        json!({"provider_id": "pp_system_default"}),
    )
    .await?;
    let answer = timed(5, format!("{path}/complete"), json!({})).await?;
    if answer["type"] != "order" {
        bail!("the cart did not complete: {answer}");
    }
    Ok(())
}

/// The server's resident set now and at its peak (KiB), from /proc.
fn rss_kib(pid: u32) -> anyhow::Result<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| -> anyhow::Result<u64> {
        let line = status.lines().find(|line| line.starts_with(name)).with_context(|| format!("{name} in /proc"))?;
        Ok(line.split_whitespace().nth(1).context("value")?.parse()?)
    };
    Ok((field("VmRSS:")?, field("VmHWM:")?))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

/// Waits until the server has worked off what setup left behind (notifications of the sign-ups, acceptances and
/// session moves, their due jobs), so the timed phase measures checkouts, not setup's backlog. Read straight from
/// the database; gives up after two minutes.
async fn drain(database_url: &str) -> anyhow::Result<()> {
    use questline::db::entities::{event, job};
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    let conn = db::connect(database_url, 1).await?;
    let began = Instant::now();
    loop {
        let notices = event::Entity::find()
            .filter(event::Column::Notices.is_not_null())
            .filter(event::Column::NoticedAt.is_null())
            .count(&conn)
            .await?;
        let jobs = job::Entity::find()
            .filter(job::Column::FailedAt.is_null())
            .filter(job::Column::RunAt.lte(chrono::Utc::now()))
            .count(&conn)
            .await?;
        if notices == 0 && jobs == 0 {
            println!("setup's background work done after {:.1} s more", began.elapsed().as_secs_f64());
            return Ok(());
        }
        if began.elapsed() > Duration::from_secs(120) {
            println!(
                "setup's background work not done after 120 s ({notices} events, {jobs} jobs left); timing anyway"
            );
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn bench(args: &Args, pid: u32, database_url: &str) -> anyhow::Result<()> {
    let api = Arc::new(Api { base: format!("http://127.0.0.1:{}", args.port) });
    wait_for_health(&api).await?;

    let started = Instant::now();
    let (gm, players, series_id) = people(&api, args.loops).await?;
    let (gm, players, series_id) = (Arc::new(gm), Arc::new(players), Arc::new(series_id));
    // Rounds are set up `setup_concurrency` at a time; seats[loop] is that loop's queue of variants.
    let mut seats: Vec<Vec<String>> = vec![Vec::with_capacity(args.rounds); args.loops];
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..args.setup_concurrency {
        let (api, gm, players, series_id, next, rounds) =
            (api.clone(), gm.clone(), players.clone(), series_id.clone(), next.clone(), args.rounds);
        tasks.push(tokio::spawn(async move {
            let mut made = Vec::new();
            loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= rounds {
                    return anyhow::Ok(made);
                }
                made.push(round(&api, &gm, &players, &series_id, n).await?);
            }
        }));
    }
    for task in tasks {
        for variants in task.await?? {
            for (queue, variant) in seats.iter_mut().zip(variants) {
                queue.push(variant);
            }
        }
    }
    if !args.same_session {
        // Loop n starts n/loops of the way into its seats: at any moment the loops pay for different sessions.
        for (n, queue) in seats.iter_mut().enumerate() {
            let by = queue.len() * n / args.loops.max(1);
            queue.rotate_left(by);
        }
    }
    drain(database_url).await?;
    let (rss_idle, _) = rss_kib(pid)?;
    println!(
        "set up {} paid sessions ({} seats) in {:.1} s; server RSS {:.1} MiB",
        args.rounds,
        args.rounds * args.loops,
        started.elapsed().as_secs_f64(),
        rss_idle as f64 / 1024.0
    );

    // Warm-up: one checkout per loop, not counted.
    let mut discard: [Vec<f64>; 6] = Default::default();
    for (player, queue) in players.iter().zip(seats.iter_mut()) {
        let variant = queue.pop().context("no seat for the warm-up")?;
        checkout(&api, player, &variant, &mut discard).await?;
    }

    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let mut workers = Vec::new();
    for (player, queue) in players.iter().cloned().zip(seats) {
        let (api, stop) = (api.clone(), stop.clone());
        workers.push(tokio::spawn(async move {
            let mut times: [Vec<f64>; 6] = Default::default();
            let (mut orders, mut ran_out) = (0u64, false);
            let mut queue = queue.into_iter();
            while !stop.load(Ordering::Relaxed) {
                let Some(variant) = queue.next() else {
                    ran_out = true;
                    break;
                };
                checkout(&api, &player, &variant, &mut times).await?;
                orders += 1;
            }
            anyhow::Ok((orders, times, ran_out))
        }));
    }
    let seconds = Duration::from_secs(args.seconds);
    let mut peak_rss = 0;
    while started.elapsed() < seconds && workers.iter().any(|worker| !worker.is_finished()) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        peak_rss = peak_rss.max(rss_kib(pid)?.0);
    }
    stop.store(true, Ordering::Relaxed);
    let (mut orders, mut ran_out) = (0, false);
    let mut times: [Vec<f64>; 6] = Default::default();
    for worker in workers {
        let (done, mut mine, out) = worker.await??;
        orders += done;
        ran_out |= out;
        for (all, step) in times.iter_mut().zip(mine.iter_mut()) {
            all.append(step);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (rss_end, rss_hwm) = rss_kib(pid)?;
    println!(
        "{orders} orders in {elapsed:.1} s with {} loops: {:.1} orders/s{}",
        args.loops,
        orders as f64 / elapsed,
        if ran_out { " (the seats ran out before the time: raise --rounds)" } else { "" }
    );
    for (name, step) in STEPS.iter().zip(times.iter_mut()) {
        step.sort_by(f64::total_cmp);
        println!(
            "  {name:<20} p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
            percentile(step, 0.5),
            percentile(step, 0.99),
            step.last().copied().unwrap_or(f64::NAN)
        );
    }
    println!(
        "server RSS: {:.1} MiB after setup, {:.1} MiB peak while timed (sampled), {:.1} MiB at the end, {:.1} MiB high-water mark",
        rss_idle as f64 / 1024.0,
        peak_rss as f64 / 1024.0,
        rss_end as f64 / 1024.0,
        rss_hwm as f64 / 1024.0
    );
    Ok(())
}
