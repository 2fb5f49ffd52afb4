//! Questboard benchmark: N published series (with their GMs and blueprints) written straight to a fresh database,
//! the real `questline serve` binary started on it as a separate process, then `listQuestboard` driven with the
//! issue's mix (40 % no filter, 25 % one game-system family, 15 % price range, 10 % language + format, 10 % text
//! search) and `/api/health` in the same run: closed-loop throughput of each, then the Questboard's latency at a
//! fixed rate. See docs/performance.md for the method and budgets.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use chrono::{DateTime, Utc};
use clap::{Parser, ValueEnum};
use questline::db::{self, entities::account};
use sea_orm::sea_query::{Alias, Query};
use sea_orm::{ActiveValue::Set, ConnectionTrait, DatabaseConnection, EntityTrait};
use uuid::Uuid;

#[derive(Clone, Copy, ValueEnum)]
enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Parser)]
#[command(about = "Drive listQuestboard over N series with the issue's filter mix, against /api/health")]
struct Args {
    #[arg(long, value_enum, default_value_t = Backend::Sqlite)]
    backend: Backend,
    /// Published series to generate.
    #[arg(long, default_value_t = 100_000)]
    series: usize,
    /// The server binary to start.
    #[arg(long, default_value = "target/release/questline")]
    server: String,
    /// A PostgreSQL server where a throw-away database is created (and dropped afterwards).
    #[arg(long, default_value = "postgres://postgres@127.0.0.1:5432/test")]
    postgres: String,
    #[arg(long, default_value_t = 18090)]
    port: u16,
    /// Seconds of each closed-loop phase.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
    /// Requests in flight at once in the closed-loop phases.
    #[arg(long, default_value_t = 16)]
    concurrency: usize,
    /// Requests per second of the fixed-rate phase (0 skips it).
    #[arg(long, default_value_t = 1000)]
    rate: u64,
    /// Keep the database afterwards (its URL is printed), to look at query plans.
    #[arg(long)]
    keep: bool,
}

const SEARCH_WORDS: [&str; 8] = ["dragon", "crypt", "horror", "neon", "kampania", "forest", "vampire", "heist"];
const LANGUAGES: [&str; 4] = ["en", "fr", "nl", "pl"];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let dir = tempfile_dir()?;
    let (database_url, drop_name) = match args.backend {
        Backend::Sqlite => (format!("sqlite://{}/questline.db?mode=rwc", dir.display()), None),
        Backend::Postgres => {
            let name = format!("questline_bench_{}", Uuid::now_v7().simple());
            let admin = db::connect(&args.postgres, 1).await?;
            admin.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await?;
            (db::with_database(&args.postgres, &name), Some(name))
        }
    };
    let result = run(&args, &database_url).await;
    if args.keep {
        println!("kept the database: {database_url}");
        return result;
    }
    if let Some(name) = drop_name {
        let admin = db::connect(&args.postgres, 1).await?;
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await.ok();
    }
    std::fs::remove_dir_all(&dir).ok();
    result
}

fn tempfile_dir() -> anyhow::Result<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("questline-bench-{}", Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

async fn run(args: &Args, database_url: &str) -> anyhow::Result<()> {
    let conn = db::connect(database_url, 2).await?;
    db::migrate(&conn).await?;
    let started = Instant::now();
    let families = seed(&conn, args.series).await?;
    println!("seeded {} series in {:.1} s", args.series, started.elapsed().as_secs_f64());
    // What a live database has by now: PostgreSQL's autovacuum would have analysed and vacuumed the bulk load (an
    // index-only count needs the visibility map); SQLite's statistics come from `PRAGMA optimize` at server start.
    if matches!(args.backend, Backend::Postgres) {
        conn.execute_unprepared("VACUUM ANALYZE").await?;
    }
    conn.close().await.ok();

    let mut server = tokio::process::Command::new(&args.server)
        .env("DATABASE_URL", database_url)
        .env("PORT", args.port.to_string())
        .env("QUESTLINE_BIND", "127.0.0.1")
        .env("RUST_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("starting {}", args.server))?;
    let result = measure(args, &families).await;
    server.kill().await.ok();
    result
}

/// Accounts (one GM per 10 series), one blueprint per series over every game system, and the series: published,
/// spread over languages, prices (a quarter free; pln and eur), formats and a year of publication dates. Returns the
/// ids of the game-system families.
async fn seed(conn: &DatabaseConnection, count: usize) -> anyhow::Result<Vec<Uuid>> {
    let systems: Vec<(Uuid, Option<Uuid>)> = conn
        .query_all_raw(sea_orm::Statement::from_string(
            conn.get_database_backend(),
            "SELECT id, parent_id FROM game_systems".to_owned(),
        ))
        .await?
        .into_iter()
        .map(|row| Ok((row.try_get::<Uuid>("", "id")?, row.try_get::<Option<Uuid>>("", "parent_id")?)))
        .collect::<Result<_, sea_orm::DbErr>>()?;
    let families: Vec<Uuid> = systems.iter().filter(|(_, parent)| parent.is_none()).map(|(id, _)| *id).collect();
    let now = Utc::now();
    let gms: Vec<Uuid> = (0..count.div_ceil(10)).map(|_| Uuid::now_v7()).collect();
    for chunk in gms.chunks(500) {
        let rows = chunk.iter().enumerate().map(|(n, id)| account::ActiveModel {
            id: Set(*id),
            email: Set(format!("gm-{id}-{n}@example.com")),
            email_verified_at: Set(Some(now)),
            password_hash: Set(None),
            display_name: Set("Bench GM".into()),
            locale: Set("en-GB".into()),
            time_zone: Set("UTC".into()),
            status: Set("active".into()),
            is_admin: Set(false),
            gm_since: Set(Some(now)),
            created_at: Set(now),
            updated_at: Set(now),
            deleted_at: Set(None),
            version: Set(1),
        });
        account::Entity::insert_many(rows).exec_without_returning(conn).await?;
    }
    let words = ["Dragon", "Crypt", "Horror", "Neon", "Kampania", "Forest", "Vampire", "Heist", "Tomb", "Storm"];
    for start in (0..count).step_by(200) {
        let end = (start + 200).min(count);
        let mut blueprints = Query::insert();
        blueprints.into_table(Alias::new("activity_blueprints")).columns(
            [
                "id",
                "handle",
                "owner_id",
                "title",
                "language",
                "activity_type",
                "game_system_id",
                "created_at",
                "updated_at",
                "version",
            ]
            .map(Alias::new),
        );
        let mut series = Query::insert();
        series.into_table(Alias::new("series")).columns(
            [
                "id",
                "handle",
                "gm_id",
                "blueprint_id",
                "title",
                "short_description",
                "lifecycle_status",
                "recruitment_status",
                "pricing_model",
                "price_minor",
                "currency_code",
                "min_players",
                "max_players",
                "min_player_age",
                "language",
                "schedule_start_time",
                "schedule_duration_minutes",
                "schedule_is_recurring",
                "schedule_recurrence_rule",
                "schedule_time_zone",
                "schedule_first_date",
                "next_session_at",
                "seats_taken",
                "published_at",
                "created_at",
                "updated_at",
                "version",
            ]
            .map(Alias::new),
        );
        for n in start..end {
            let (blueprint, id) = (Uuid::now_v7(), Uuid::now_v7());
            let gm = gms[n / 10];
            let system = systems[n % systems.len()].0;
            let one_shot = n % 3 == 0;
            let title = format!("{} {} {n}", words[n % words.len()], words[(n / 7) % words.len()]);
            let published: DateTime<Utc> = now - chrono::Duration::minutes((n * 5) as i64);
            blueprints.values_panic([
                blueprint.into(),
                format!("bench-blueprint-{n}").into(),
                gm.into(),
                title.clone().into(),
                LANGUAGES[n % 4].into(),
                if one_shot { "one_shot" } else { "campaign" }.into(),
                system.into(),
                now.into(),
                now.into(),
                1i64.into(),
            ]);
            let (model, price, currency): (&str, i64, Option<&str>) = match n % 4 {
                0 => ("free", 0, None),
                1 => ("paid", 1000 + (n % 50) as i64 * 100, Some("pln")),
                _ => ("paid", 500 + (n % 30) as i64 * 100, Some("eur")),
            };
            series.values_panic([
                id.into(),
                format!("bench-series-{n}").into(),
                gm.into(),
                blueprint.into(),
                title.into(),
                format!("A {} adventure for brave players, number {n}.", words[(n / 3) % words.len()].to_lowercase())
                    .into(),
                if n % 5 == 0 { "active" } else { "published" }.into(),
                "open".into(),
                model.into(),
                price.into(),
                currency.map(str::to_owned).into(),
                3i32.into(),
                5i32.into(),
                16i32.into(),
                LANGUAGES[n % 4].into(),
                "19:00".into(),
                180i32.into(),
                (!one_shot).into(),
                if one_shot { None } else { Some("FREQ=WEEKLY;BYDAY=TU".to_owned()) }.into(),
                "Europe/Warsaw".into(),
                "2027-01-05".into(),
                (now + chrono::Duration::days(7)).into(),
                0i32.into(),
                published.into(),
                now.into(),
                now.into(),
                1i64.into(),
            ]);
        }
        conn.execute(&blueprints).await?;
        conn.execute(&series).await?;
    }
    Ok(families)
}

/// One Questboard request of the mix, chosen by `n`.
fn questboard_path(n: u64, families: &[Uuid]) -> String {
    let pick = n % 100;
    let query = if pick < 40 {
        String::new()
    } else if pick < 65 {
        format!("game_systems={}", families[(n as usize / 100) % families.len()])
    } else if pick < 80 {
        format!("currency={}&price_min=10&price_max={}", if n.is_multiple_of(2) { "pln" } else { "eur" }, 20 + n % 30)
    } else if pick < 90 {
        format!(
            "languages={}&format={}",
            LANGUAGES[(n / 100) as usize % 4],
            if n.is_multiple_of(2) { "one_shot" } else { "campaign" }
        )
    } else {
        format!("q={}", SEARCH_WORDS[(n / 100) as usize % SEARCH_WORDS.len()])
    };
    format!("/api/questboard?{query}")
}

async fn wait_for_health(client: &reqwest::Client, base: &str) -> anyhow::Result<()> {
    for _ in 0..300 {
        if client.get(format!("{base}/api/health")).send().await.is_ok_and(|r| r.status().is_success()) {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the server did not answer /api/health")
}

/// Requests per second with `concurrency` requests always in flight for `seconds`.
async fn closed_loop(
    client: &reqwest::Client,
    base: &str,
    args: &Args,
    path: impl Fn(u64) -> String + Send + Sync + 'static,
) -> anyhow::Result<f64> {
    let (done, failed, stop) =
        (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)), Arc::new(AtomicBool::new(false)));
    let path = Arc::new(path);
    let started = Instant::now();
    let mut workers = Vec::new();
    for worker in 0..args.concurrency {
        let (client, base, done, failed, stop, path) =
            (client.clone(), base.to_owned(), done.clone(), failed.clone(), stop.clone(), path.clone());
        workers.push(tokio::spawn(async move {
            let mut n = worker as u64 * 7919;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                match client.get(format!("{base}{}", path(n))).send().await {
                    Ok(response) if response.status().is_success() => {
                        let _ = response.bytes().await;
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => {
                        failed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for worker in workers {
        worker.await?;
    }
    let failed = failed.load(Ordering::Relaxed);
    anyhow::ensure!(failed == 0, "{failed} requests failed");
    Ok(done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64())
}

/// Latencies (ms, sorted) of Questboard requests sent at a fixed rate for `seconds`, whatever the answers' pace.
async fn fixed_rate(client: &reqwest::Client, base: &str, args: &Args, families: &[Uuid]) -> anyhow::Result<Vec<f64>> {
    let total = args.rate * args.seconds;
    let mut tasks = Vec::with_capacity(total as usize);
    let started = Instant::now();
    for n in 0..total {
        let due = started + Duration::from_nanos(n * 1_000_000_000 / args.rate);
        tokio::time::sleep_until(due.into()).await;
        let (client, url) = (client.clone(), format!("{base}{}", questboard_path(n, families)));
        tasks.push(tokio::spawn(async move {
            let began = Instant::now();
            let response = client.get(url).send().await?;
            anyhow::ensure!(response.status().is_success(), "status {}", response.status());
            let _ = response.bytes().await?;
            Ok(began.elapsed().as_secs_f64() * 1000.0)
        }));
    }
    let mut latencies = Vec::with_capacity(tasks.len());
    for task in tasks {
        latencies.push(task.await??);
    }
    latencies.sort_by(f64::total_cmp);
    Ok(latencies)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

async fn measure(args: &Args, families: &[Uuid]) -> anyhow::Result<()> {
    let base = format!("http://127.0.0.1:{}", args.port);
    let client = reqwest::Client::builder().pool_max_idle_per_host(args.concurrency * 4).build()?;
    wait_for_health(&client, &base).await?;
    // Warm the caches (the database's pages, the connection pool) before measuring.
    let warm = families.to_vec();
    for n in 0..200 {
        client.get(format!("{base}{}", questboard_path(n, &warm))).send().await?.bytes().await?;
    }
    let board_families = families.to_vec();
    let board = closed_loop(&client, &base, args, move |n| questboard_path(n, &board_families)).await?;
    let health = closed_loop(&client, &base, args, |_| "/api/health".to_owned()).await?;
    println!(
        "listQuestboard: {board:.0} requests/s; /api/health: {health:.0} requests/s; ratio {:.0} %",
        board / health * 100.0
    );
    if args.rate > 0 {
        let latencies = fixed_rate(&client, &base, args, families).await?;
        println!(
            "listQuestboard at {} requests/s: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} requests)",
            args.rate,
            percentile(&latencies, 0.5),
            percentile(&latencies, 0.99),
            latencies.last().copied().unwrap_or_default(),
            latencies.len()
        );
    }
    Ok(())
}
