//! Typed configuration, read from the environment (or the same flags on the command line). Secrets are never
//! printed: `Debug` hides the database password.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

#[derive(Clone, Args)]
pub struct Config {
    /// TCP port to listen on.
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,

    /// Address to bind; use 0.0.0.0 behind a load balancer or in a container.
    #[arg(long, env = "QUESTLINE_BIND", default_value = "127.0.0.1", global = true)]
    pub bind: IpAddr,

    /// Folder for the embedded SQLite database and other local files.
    #[arg(long, env = "QUESTLINE_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,

    /// `sqlite://…` or `postgres://…`. Defaults to `sqlite://<data dir>/questline.db`.
    #[arg(long, env = "DATABASE_URL", global = true)]
    pub database_url: Option<String>,

    /// The address users reach us at; defaults to http://localhost:<port>. Decides the allowed websocket
    /// origin and whether cookies are marked Secure.
    #[arg(long, env = "QUESTLINE_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// `text` for people, `json` for log collectors.
    #[arg(long, env = "QUESTLINE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,

    /// Seconds a request may take before it is answered with a timeout error.
    #[arg(long, env = "QUESTLINE_REQUEST_TIMEOUT_SECS", default_value_t = 30, global = true)]
    pub request_timeout_secs: u64,

    /// Largest accepted request body in bytes.
    #[arg(long, env = "QUESTLINE_BODY_LIMIT_BYTES", default_value_t = 1024 * 1024, global = true)]
    pub body_limit_bytes: usize,

    /// Largest number of pooled database connections.
    #[arg(long, env = "QUESTLINE_DB_MAX_CONNECTIONS", default_value_t = 10, global = true)]
    pub db_max_connections: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

impl Config {
    pub fn socket_addr(&self) -> SocketAddr {
        SocketAddr::new(self.bind, self.port)
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}/questline.db?mode=rwc", self.data_dir.display()))
    }

    pub fn public_url(&self) -> String {
        self.public_url
            .clone()
            .unwrap_or_else(|| format!("http://localhost:{}", self.port))
            .trim_end_matches('/')
            .to_owned()
    }

    pub fn request_timeout(&self) -> Duration {
        Duration::from_secs(self.request_timeout_secs)
    }

    /// A configuration for tests and tools: defaults everywhere, the given database.
    pub fn for_database(database_url: impl Into<String>, data_dir: PathBuf) -> Self {
        Self {
            port: 0,
            bind: IpAddr::from([127, 0, 0, 1]),
            data_dir,
            database_url: Some(database_url.into()),
            public_url: None,
            log_format: LogFormat::Text,
            request_timeout_secs: 30,
            body_limit_bytes: 1024 * 1024,
            db_max_connections: 5,
        }
    }
}

/// Hides the password of a connection URL (`postgres://user:secret@host` → `postgres://user:***@host`).
pub fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _password)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.socket_addr())
            .field("data_dir", &self.data_dir)
            .field("database_url", &redact_url(&self.database_url()))
            .field("public_url", &self.public_url())
            .field("log_format", &self.log_format)
            .field("request_timeout_secs", &self.request_timeout_secs)
            .field("body_limit_bytes", &self.body_limit_bytes)
            .field("db_max_connections", &self.db_max_connections)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_in_database_urls_are_hidden() {
        assert_eq!(redact_url("postgres://app:s3cret@db:5432/q"), "postgres://app:***@db:5432/q");
        assert_eq!(redact_url("postgres://postgres@127.0.0.1/test"), "postgres://postgres@127.0.0.1/test");
        assert_eq!(redact_url("sqlite://./data/questline.db"), "sqlite://./data/questline.db");
        let config = Config::for_database("postgres://app:s3cret@db/q", PathBuf::from("/tmp"));
        assert!(!format!("{config:?}").contains("s3cret"));
    }

    #[test]
    fn default_database_lives_in_the_data_dir() {
        let mut config = Config::for_database("x", PathBuf::from("/srv/questline"));
        config.database_url = None;
        assert_eq!(config.database_url(), "sqlite:///srv/questline/questline.db?mode=rwc");
    }
}
