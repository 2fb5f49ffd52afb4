//! HTTP plumbing shared by every feature: extractors that answer in the error format, the middleware stack
//! (security headers, limits, timeouts, panics, tracing) and the fallbacks for unknown API paths.

pub mod extract;
pub mod middleware;
pub mod socket;

pub use extract::{Json, Path, Query};
