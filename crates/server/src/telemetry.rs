//! Logs through `tracing`: readable text by default, JSON lines with `QUESTLINE_LOG_FORMAT=json`. The filter comes
//! from `RUST_LOG` (default `info`, with the database drivers' statement logs quiet).

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,sea_orm_migration=warn"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_target(false);
    let result = match format {
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
        LogFormat::Text => builder.try_init(),
    };
    // A second initialisation (tests start many apps in one process) keeps the first subscriber.
    let _ = result;
}
