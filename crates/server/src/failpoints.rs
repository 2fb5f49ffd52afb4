//! Crash points: places where a test build can stop the process as a crash would, so the crash-recovery tests find
//! exactly the state a real crash leaves (decisions.md, Commerce §4). They exist only with the cargo feature
//! `failpoints`, which `make test` turns on and release builds never have; elsewhere [`crash_point`] compiles to
//! nothing.
//!
//! Armed by `QUESTLINE_FAILPOINTS`, a comma-separated list of `<name>=abort`, read when the point is reached:
//! `QUESTLINE_FAILPOINTS=commerce.after_capture=abort questline serve`. A panic would not do: the server answers a
//! panicking request with a 500 and goes on, while a crash ends everything in flight.
//!
//! A test that runs `questline serve` as a child beside its own in-process app must agree with it on the time, or
//! the child would run the jobs the test's clock has not reached yet: `QUESTLINE_FAILPOINTS_CLOCK=<RFC 3339>` pins the
//! child's clock there ([`clock`]). Without the feature the server always reads the wall clock.

use std::sync::Arc;

use crate::clock::{SharedClock, SystemClock};

/// The one action a point knows: end the process at once, without unwinding or flushing anything.
#[cfg(any(feature = "failpoints", test))]
const ABORT_ACTION: &str = "abort";

/// Whether `setting` (the variable's value) arms the point `name`.
#[cfg(any(feature = "failpoints", test))]
fn armed(setting: &str, name: &str) -> bool {
    setting
        .split(',')
        .filter_map(|entry| entry.trim().split_once('='))
        .any(|(point, action)| point.trim() == name && action.trim() == ABORT_ACTION)
}

/// Stops the process here when the test build's `QUESTLINE_FAILPOINTS` arms `name`.
#[cfg(feature = "failpoints")]
pub fn crash_point(name: &str) {
    let Ok(setting) = std::env::var("QUESTLINE_FAILPOINTS") else { return };
    if armed(&setting, name) {
        tracing::error!(point = name, action = ABORT_ACTION, "crash point reached: the process stops as a crash would");
        std::process::abort();
    }
}

/// Without the `failpoints` feature a crash point is nothing at all.
#[cfg(not(feature = "failpoints"))]
#[inline(always)]
pub fn crash_point(_name: &str) {}

/// The server's clock: the wall clock, or in a test build the instant `QUESTLINE_FAILPOINTS_CLOCK` names, standing
/// still. A value that is not RFC 3339 stops the start: a test that meant to pin the clock must not run unpinned.
pub fn clock() -> anyhow::Result<SharedClock> {
    #[cfg(feature = "failpoints")]
    if let Ok(at) = std::env::var("QUESTLINE_FAILPOINTS_CLOCK") {
        let at = chrono::DateTime::parse_from_rfc3339(&at)
            .map_err(|error| anyhow::anyhow!("QUESTLINE_FAILPOINTS_CLOCK must be an RFC 3339 instant: {error}"))?;
        return Ok(Arc::new(crate::clock::ManualClock::at(at.to_utc())));
    }
    Ok(Arc::new(SystemClock))
}

#[cfg(test)]
mod tests {
    use super::armed;

    #[test]
    fn a_point_is_armed_only_by_its_own_name_with_abort() {
        assert!(armed("commerce.after_capture=abort", "commerce.after_capture"));
        assert!(armed("x=abort, commerce.after_capture = abort", "commerce.after_capture"));
        assert!(!armed("commerce.after_capture=abort", "commerce.after_authorise"));
        assert!(!armed("commerce.after_capture=panic", "commerce.after_capture"));
        assert!(!armed("commerce.after_capture", "commerce.after_capture"));
        assert!(!armed("", "commerce.after_capture"));
    }
}
