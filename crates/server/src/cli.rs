//! The command line: `questline [serve]`, `questline migrate`, `questline openapi`, `questline backup` and
//! `restore`, `questline demo-data`, `questline admin`. Settings come from the
//! environment (see the README) or the same-named flags.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use questline_domain::commerce::refunds::{Month, MonthError};

use crate::accounts::admin::AdminAction;
use crate::app::Application;
use crate::clock::{Clock, SystemClock};
use crate::config::Config;
use crate::db::Db;
use crate::events::EventBus;
use crate::{accounts, chat, commerce, db, demo, game_systems, openapi, reviews, telemetry};

#[derive(Parser)]
#[command(name = "questline", version, about = "Find, book and run tabletop role-playing games.")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the API and the web app (the default).
    Serve,
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Print the OpenAPI document (needs neither a database nor the built web app).
    Openapi,
    /// Fill an empty database with demo game masters and series (refuses when any account exists). Every demo
    /// account signs in with the password `questline-demo`.
    DemoData {
        /// Do nothing, successfully, when the database already has accounts (what `make run` uses).
        #[arg(long)]
        if_empty: bool,
    },
    /// Write a consistent copy of the SQLite database (uploaded images included) to FILE while the server runs.
    /// PostgreSQL: use pg_dump (docs/operations.md).
    Backup {
        /// Where to write the copy; it must not exist.
        file: std::path::PathBuf,
    },
    /// Put a backup where the database lives; refuses unless its data folder is empty or absent.
    Restore {
        /// A file `questline backup` wrote.
        file: std::path::PathBuf,
    },
    /// Manage accounts (grant or revoke the admin role, suspend or reinstate), regions, game systems, reports and
    /// reviews.
    Admin {
        #[command(subcommand)]
        action: AdminCommand,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Make the account with this e-mail an administrator.
    Grant { email: String },
    /// Take the administrator role away.
    Revoke { email: String },
    /// Stop the account from signing in and end its sessions.
    Suspend { email: String },
    /// Let a suspended account sign in again.
    Reinstate { email: String },
    /// Add a shopping region, e.g. `add-region Belgium eur`.
    AddRegion { name: String, currency: String },
    /// Remove a shopping region by name.
    RemoveRegion { name: String },
    /// Manage the game-system tree: add, rename, move, remove, list.
    #[command(subcommand)]
    GameSystem(game_systems::admin::GameSystemAction),
    /// Print what each GM is owed for a month as CSV on stdout, summed from the ledger (one row per GM and
    /// currency). A month that is not `YYYY-MM` exits with status 2 before touching the database.
    Payouts {
        /// The UTC month, e.g. `2026-11`.
        #[arg(long, value_parser = parse_month)]
        month: Month,
    },
    /// Print every report, newest first, as tab-separated lines: chat reports (a message or a person), then,
    /// after a blank line, review reports.
    Reports,
    /// Hide a review (by id) from its GM's profile and average until `unhide-review`.
    HideReview { id: uuid::Uuid },
    /// Show a hidden review again.
    UnhideReview { id: uuid::Uuid },
}

/// `--month`: clap reports a refusal as a usage error, which exits with status 2.
fn parse_month(text: &str) -> Result<Month, MonthError> {
    Month::parse(text)
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        print!("{}", openapi::to_pretty_json());
        return ExitCode::SUCCESS;
    }
    let telemetry = telemetry::init(cli.config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    let result = runtime.block_on(async move {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => serve(cli.config).await,
            Command::Migrate => migrate(cli.config).await,
            Command::Backup { file } => {
                db::backup::backup(&cli.config.database_url(), &file).await?;
                println!("backed up the database to {}", file.display());
                Ok(())
            }
            Command::Restore { file } => {
                db::backup::restore(&cli.config.database_url(), &file).await?;
                println!("restored {}: start the server with the same settings", file.display());
                Ok(())
            }
            Command::DemoData { if_empty } => demo_data(cli.config, if_empty).await,
            Command::Admin { action } => admin(cli.config, action).await,
            Command::Openapi => unreachable!("handled above"),
        }
    });
    let code = match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "questline stopped");
            ExitCode::FAILURE
        }
    };
    drop(runtime);
    telemetry.shutdown();
    code
}

async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::info!(?config, "starting");
    for warning in config.warnings() {
        tracing::warn!("{warning}");
    }
    let app = Application::build(config).await?;
    tracing::info!(address = %app.local_addr(), public_url = %app.state.config.public_url(), "Questline is listening");
    app.run_until(shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn migrate(config: Config) -> anyhow::Result<()> {
    let conn = db::connect(&config.database_url(), 1).await?;
    db::migrate(&conn).await?;
    tracing::info!("database is up to date");
    Ok(())
}

async fn demo_data(config: Config, if_empty: bool) -> anyhow::Result<()> {
    match demo::load(config).await? {
        demo::Outcome::Loaded { game_masters, series } => {
            let email = demo::demo_emails().into_iter().next().unwrap_or_default();
            println!(
                "Loaded demo data: {game_masters} game masters and {series} series. Sign in as {email} (or any \
                 *@demo.questline.test account) with the password {}.",
                demo::DEMO_PASSWORD
            );
            Ok(())
        }
        demo::Outcome::NotEmpty if if_empty => {
            println!("The database already has accounts; demo data not loaded.");
            Ok(())
        }
        demo::Outcome::NotEmpty => anyhow::bail!(
            "the database already has accounts, so demo data was not loaded: it only fills an empty database"
        ),
    }
}

async fn admin(config: Config, command: AdminCommand) -> anyhow::Result<()> {
    let conn = db::connect(&config.database_url(), 2).await?;
    db::migrate(&conn).await?;
    let db = Db::new(conn);
    let (email, action) = match command {
        AdminCommand::AddRegion { name, currency } => {
            let region = commerce::regions::add_region(&db, &name, &currency).await?;
            println!("added region {} ({})", region.name, region.currency_code.to_uppercase());
            return Ok(());
        }
        AdminCommand::RemoveRegion { name } => {
            commerce::regions::remove_region(&db, &name).await?;
            println!("removed region {name}");
            return Ok(());
        }
        AdminCommand::Payouts { month } => {
            print!("{}", commerce::earnings::payouts_csv(db.conn(), month).await?);
            return Ok(());
        }
        AdminCommand::Reports => {
            print!("{}", chat::reports_listing(db.conn()).await?);
            println!();
            print!("{}", reviews::reports_listing(db.conn()).await?);
            return Ok(());
        }
        AdminCommand::HideReview { id } => {
            let events = EventBus::new(std::sync::Arc::new(SystemClock));
            println!("{}", reviews::set_hidden(&db, &events, id, true, SystemClock.now()).await?);
            return Ok(());
        }
        AdminCommand::UnhideReview { id } => {
            let events = EventBus::new(std::sync::Arc::new(SystemClock));
            println!("{}", reviews::set_hidden(&db, &events, id, false, SystemClock.now()).await?);
            return Ok(());
        }
        AdminCommand::GameSystem(action) => {
            let events = EventBus::new(std::sync::Arc::new(SystemClock));
            println!("{}", game_systems::admin::apply(&db, &events, action).await?);
            return Ok(());
        }
        AdminCommand::Grant { email } => (email, AdminAction::GrantAdmin),
        AdminCommand::Revoke { email } => (email, AdminAction::RevokeAdmin),
        AdminCommand::Suspend { email } => (email, AdminAction::Suspend),
        AdminCommand::Reinstate { email } => (email, AdminAction::Reinstate),
    };
    let clock = SystemClock;
    let events = EventBus::new(std::sync::Arc::new(SystemClock));
    let outcome =
        accounts::admin::apply(&db, &events, &crate::app::account_hooks(), clock.now(), &email, action).await?;
    println!("{outcome}");
    Ok(())
}

/// Resolves on SIGINT (Ctrl+C) or SIGTERM; in-flight requests then finish before the process exits.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::warn!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
