//! Slows down password guessing: failures are counted per key (an account's e-mail, a client address) in a fixed
//! window; once a key reaches its limit, attempts are refused with `Retry-After` until the window ends. Counters
//! live in this instance's memory (DESIGN.md allows per-instance limits), so N instances allow at most N times the
//! limit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};

use crate::clock::SharedClock;

#[derive(Clone, Debug)]
pub struct FailureLimiter {
    clock: SharedClock,
    window: Duration,
    counters: Arc<Mutex<HashMap<String, Window>>>,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    started: DateTime<Utc>,
    failures: u32,
}

impl FailureLimiter {
    pub fn new(clock: SharedClock, window: Duration) -> Self {
        Self { clock, window, counters: Arc::new(Mutex::new(HashMap::new())) }
    }

    /// `Err(wait)` when `key` has reached `limit` failures in the current window.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Duration> {
        let now = self.clock.now();
        let counters = self.counters.lock().expect("limiter lock");
        match counters.get(key) {
            Some(window) if window.failures >= limit => {
                let ends = window.started + chrono::Duration::from_std(self.window).unwrap_or_default();
                match (ends - now).to_std() {
                    Ok(wait) if !wait.is_zero() => Err(wait),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    pub fn record_failure(&self, key: &str) {
        let now = self.clock.now();
        let window = chrono::Duration::from_std(self.window).unwrap_or_default();
        let mut counters = self.counters.lock().expect("limiter lock");
        // Forget finished windows so the map does not grow with every address ever seen.
        if counters.len() > 10_000 {
            counters.retain(|_, w| w.started + window > now);
        }
        let entry = counters.entry(key.to_owned()).or_insert(Window { started: now, failures: 0 });
        if entry.started + window <= now {
            *entry = Window { started: now, failures: 0 };
        }
        entry.failures += 1;
    }

    pub fn clear(&self, key: &str) {
        self.counters.lock().expect("limiter lock").remove(key);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::clock::ManualClock;

    #[test]
    fn a_key_is_limited_after_its_failures_until_the_window_ends() {
        let clock = ManualClock::at(Utc::now());
        let limiter = FailureLimiter::new(Arc::new(clock.clone()), Duration::from_secs(60));
        for _ in 0..3 {
            assert!(limiter.check("ada@example.com", 3).is_ok());
            limiter.record_failure("ada@example.com");
        }
        let wait = limiter.check("ada@example.com", 3).unwrap_err();
        assert_eq!(wait, Duration::from_secs(60));
        assert!(limiter.check("bob@example.com", 3).is_ok(), "other keys are not affected");
        clock.advance(chrono::Duration::seconds(45));
        assert_eq!(limiter.check("ada@example.com", 3).unwrap_err(), Duration::from_secs(15));
        clock.advance(chrono::Duration::seconds(15));
        assert!(limiter.check("ada@example.com", 3).is_ok());
        limiter.record_failure("ada@example.com");
        assert!(limiter.check("ada@example.com", 3).is_ok(), "a new window starts from zero");
    }

    #[test]
    fn success_clears_the_count() {
        let limiter = FailureLimiter::new(Arc::new(ManualClock::at(Utc::now())), Duration::from_secs(60));
        limiter.record_failure("k");
        limiter.record_failure("k");
        limiter.clear("k");
        limiter.record_failure("k");
        assert!(limiter.check("k", 2).is_ok());
    }
}
