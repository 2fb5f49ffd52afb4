//! The websocket event channel's platform part: the registry of this instance's connections, the fan-out of
//! committed events to them, the frames and each connection's task. The handler of `GET /api/ws`, which upgrades
//! a signed-in browser's request and pushes the committed events its account may read (channel `qls.events`,
//! protocol version `1`), is the `event_stream` feature.
//!
//! Who receives what is decided by the audience each feature gives its events (written next to the feature:
//! accounts → the owner; sessions → the GM and participants; applications → the applicant and the GM; published
//! series → everyone signed in). A connection receives an event only when its account is in the audience.
//!
//! Several instances: every instance's dispatcher reads the shared outbox (woken by LISTEN/NOTIFY on PostgreSQL),
//! so an event committed anywhere reaches the connections of every instance. A session that ends (sign-out,
//! password change, suspension, deletion) records an internal event, so its sockets close on every instance.
//!
//! Memory: an idle connection is a parked task, a small read buffer and a registry entry; see
//! `docs/performance.md` for the measured cost and the buffer sizes chosen. Speed: the fan-out writes frames to
//! the sockets itself (`http::socket`), so delivering an event wakes no connection task.

pub mod frames;
mod registry;
mod socket;

use std::time::Duration;

pub use registry::{CapReached, Caps, Registry, Slot};
pub use socket::accept;

use crate::config::Config;

/// The websocket's limits, from the configuration.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    pub idle_timeout: Duration,
    pub send_timeout: Duration,
    pub max_pending_events: usize,
    pub caps: Caps,
}

impl Settings {
    pub fn from_config(config: &Config) -> Self {
        Self {
            idle_timeout: Duration::from_secs(config.ws_idle_timeout_secs.max(1)),
            send_timeout: Duration::from_secs(config.ws_send_timeout_secs.max(1)),
            max_pending_events: config.ws_max_pending_events.max(1),
            caps: Caps {
                per_session: config.ws_max_per_session,
                per_account: config.ws_max_per_account,
                per_address: config.ws_max_per_address,
            },
        }
    }
}

/// This instance's connections and their limits. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Realtime {
    pub registry: Registry,
    pub settings: Settings,
}

impl Realtime {
    pub fn new(settings: Settings) -> Self {
        Self { registry: Registry::with_caps(settings.max_pending_events, settings.caps), settings }
    }
}
