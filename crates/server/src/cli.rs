//! The command line: `questline [serve]`, `questline migrate`, `questline openapi`. Settings come from the
//! environment (see the README) or the same-named flags.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::app::Application;
use crate::config::Config;
use crate::{db, openapi, telemetry};

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
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        print!("{}", openapi::to_pretty_json());
        return ExitCode::SUCCESS;
    }
    telemetry::init(cli.config.log_format);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("tokio runtime");
    let result = runtime.block_on(async move {
        match cli.command.unwrap_or(Command::Serve) {
            Command::Serve => serve(cli.config).await,
            Command::Migrate => migrate(cli.config).await,
            Command::Openapi => unreachable!("handled above"),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "questline stopped");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    tracing::info!(?config, "starting");
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
