//! HTTP plumbing shared by every feature: extractors that answer in the error format, the middleware stack
//! (security headers, limits, timeouts, panics, tracing), the fallbacks for unknown API paths, the
//! client's address behind proxies and the accept loop.

pub mod client_ip;
pub mod conditional;
pub mod extract;
pub mod middleware;
pub mod server;
pub mod socket;

pub use client_ip::{ClientAddress, TrustedProxies};
pub use extract::{Json, Path, Query};
