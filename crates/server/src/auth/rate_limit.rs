//! Rate limits: counters per key (a client address, an (address, account) pair, a mail recipient) in fixed
//! windows, kept in this instance's memory (DESIGN.md allows per-instance limits, so N instances allow up to N
//! times a limit).
//!
//! The store is moka's concurrent cache: bounded ([`MAX_KEYS`] per counter; when full, the keys least likely to
//! be used again go first), expiring (a key is forgotten one window after it was last touched, so live keys are
//! never scanned), and sharded (no lock over the whole map). Windows are judged by the injectable clock, so tests
//! move time instead of waiting; moka's own expiry only frees memory.
//!
//! Sign-in failures slow down rather than lock out (issue 9, finding 5): they are counted per (client address,
//! account) and per client address. An address that fails a few times against one account waits, with the wait
//! growing after every further failure; nobody else is affected, so the owner signing in from elsewhere always
//! gets through. An address that fails against many accounts is refused until its window ends. When one account
//! collects many failures from many addresses (a distributed guess), every address that has failed against it
//! waits from its first failure, while an address that has not (the owner's) still signs in.

use std::time::Duration;

use chrono::{DateTime, Utc};
use moka::ops::compute::Op;
use moka::sync::Cache;

use crate::clock::SharedClock;

/// Keys one counter keeps at most (about 100 bytes each).
pub const MAX_KEYS: u64 = 100_000;
/// The first wait after an address has used up its free failures against an account; each further failure
/// doubles it, up to the window.
pub const FIRST_DELAY: Duration = Duration::from_secs(5);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Window {
    started: DateTime<Utc>,
    count: u32,
    last: DateTime<Utc>,
}

/// Counts events per key in fixed windows that start at a key's first event.
#[derive(Clone)]
pub struct Counter {
    clock: SharedClock,
    window: chrono::Duration,
    cache: Cache<String, Window>,
}

impl std::fmt::Debug for Counter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Counter").field("window", &self.window).field("keys", &self.cache.entry_count()).finish()
    }
}

impl Counter {
    pub fn new(clock: SharedClock, window: Duration) -> Self {
        Self::with_capacity(clock, window, MAX_KEYS)
    }

    pub fn with_capacity(clock: SharedClock, window: Duration, capacity: u64) -> Self {
        let window = window.max(Duration::from_secs(1));
        let cache = Cache::builder().max_capacity(capacity).time_to_idle(window).build();
        Self { clock, window: chrono::Duration::from_std(window).unwrap_or(chrono::Duration::hours(1)), cache }
    }

    /// The key's window, if one is running.
    fn current(&self, key: &str, now: DateTime<Utc>) -> Option<Window> {
        self.cache.get(key).filter(|window| window.started + self.window > now)
    }

    /// Events counted for `key` in its running window.
    pub fn count(&self, key: &str) -> u32 {
        self.current(key, self.clock.now()).map_or(0, |window| window.count)
    }

    /// `Err(wait)` while `key` has `limit` or more events in its running window; `wait` is until it ends.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Duration> {
        let now = self.clock.now();
        match self.current(key, now) {
            Some(window) if window.count >= limit => Err(until(window.started + self.window, now)),
            _ => Ok(()),
        }
    }

    /// Counts one event for `key`.
    pub fn record(&self, key: &str) {
        let now = self.clock.now();
        self.update(key, now, |_| true);
    }

    /// Counts one event for `key` if it stays within `limit`; otherwise counts nothing and answers the wait.
    /// Atomic per key: two concurrent calls cannot both take the last place.
    pub fn hit(&self, key: &str, limit: u32) -> Result<(), Duration> {
        let now = self.clock.now();
        let window = self.window;
        let mut refused = None;
        self.update(key, now, |current| match current {
            Some(running) if running.count >= limit => {
                refused = Some(until(running.started + window, now));
                false
            }
            _ => true,
        });
        refused.map_or(Ok(()), Err)
    }

    pub fn clear(&self, key: &str) {
        self.cache.invalidate(key);
    }

    /// Keys held now (after pending evictions are applied).
    pub fn len(&self) -> u64 {
        self.cache.run_pending_tasks();
        self.cache.entry_count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The state of `key` after the event: `count` and `last` of the running window.
    fn window_of(&self, key: &str) -> Option<Window> {
        self.current(key, self.clock.now())
    }

    /// Adds one event to the key's running window (or a new one) when `admit` agrees.
    fn update(&self, key: &str, now: DateTime<Utc>, admit: impl FnOnce(Option<Window>) -> bool) {
        let length = self.window;
        self.cache.entry(key.to_owned()).and_compute_with(|entry| {
            let running = entry.map(|entry| entry.into_value()).filter(|window| window.started + length > now);
            if !admit(running) {
                return Op::Nop;
            }
            Op::Put(match running {
                Some(window) => Window { count: window.count + 1, last: now, ..window },
                None => Window { started: now, count: 1, last: now },
            })
        });
    }
}

fn until(end: DateTime<Utc>, now: DateTime<Utc>) -> Duration {
    (end - now).to_std().unwrap_or_default().max(Duration::from_secs(1))
}

/// The sign-in limits described in the module's notes. Every password check goes through them: the sign-in
/// form, linking a provider identity, the current password of a password change, a deletion or an unlink.
#[derive(Clone, Debug)]
pub struct SignInLimits {
    /// Failures per (address, account).
    pairs: Counter,
    /// Failures per client address, over all accounts.
    addresses: Counter,
    /// Failures per account, over all addresses.
    accounts: Counter,
    /// Free failures per (address, account) before waits begin; an address gets ten times as many over all
    /// accounts, and an account as many before it counts as under attack.
    free_failures: u32,
    window: Duration,
}

impl SignInLimits {
    pub fn new(clock: SharedClock, window: Duration, free_failures: u32) -> Self {
        Self {
            pairs: Counter::new(clock.clone(), window),
            addresses: Counter::new(clock.clone(), window),
            accounts: Counter::new(clock, window),
            free_failures: free_failures.max(1),
            window,
        }
    }

    fn pair_key(address: std::net::IpAddr, account: &str) -> String {
        format!("{address}|{account}")
    }

    /// `Err(wait)` when this address must wait before trying a password for `account` (an e-mail, lower-case).
    pub fn check(&self, address: std::net::IpAddr, account: &str) -> Result<(), Duration> {
        let per_address = self.free_failures.saturating_mul(10);
        self.addresses.check(&address.to_string(), per_address)?;
        let Some(pair) = self.pairs.window_of(&Self::pair_key(address, account)) else { return Ok(()) };
        let under_attack = self.accounts.count(account) >= per_address;
        let free = if under_attack { 1 } else { self.free_failures };
        if pair.count < free {
            return Ok(());
        }
        let doublings = (pair.count - free).min(16);
        let delay = FIRST_DELAY.saturating_mul(1 << doublings).min(self.window);
        let ready = pair.last + chrono::Duration::from_std(delay).unwrap_or_default();
        let now = self.pairs.clock.now();
        if now >= ready { Ok(()) } else { Err(until(ready, now)) }
    }

    pub fn failed(&self, address: std::net::IpAddr, account: &str) {
        self.pairs.record(&Self::pair_key(address, account));
        self.addresses.record(&address.to_string());
        self.accounts.record(account);
    }

    /// The right password: this address's failures against the account are forgiven.
    pub fn succeeded(&self, address: std::net::IpAddr, account: &str) {
        self.pairs.clear(&Self::pair_key(address, account));
    }
}

#[cfg(test)]
mod tests {
    use std::net::IpAddr;
    use std::sync::Arc;

    use super::*;
    use crate::clock::ManualClock;

    fn clock() -> ManualClock {
        ManualClock::at(Utc::now())
    }

    #[test]
    fn a_key_is_limited_after_its_events_until_the_window_ends() {
        let clock = clock();
        let counter = Counter::new(Arc::new(clock.clone()), Duration::from_secs(60));
        for _ in 0..3 {
            assert!(counter.hit("ada", 3).is_ok());
        }
        assert_eq!(counter.hit("ada", 3).unwrap_err(), Duration::from_secs(60));
        assert_eq!(counter.count("ada"), 3, "a refused event is not counted");
        assert!(counter.check("bob", 3).is_ok(), "other keys are not affected");
        clock.advance(chrono::Duration::seconds(45));
        assert_eq!(counter.check("ada", 3).unwrap_err(), Duration::from_secs(15));
        clock.advance(chrono::Duration::seconds(15));
        assert!(counter.hit("ada", 3).is_ok(), "a new window starts from zero");
        assert_eq!(counter.count("ada"), 1);
        counter.clear("ada");
        assert_eq!(counter.count("ada"), 0);
    }

    #[test]
    fn the_store_is_bounded_and_fast_with_many_keys() {
        // The old map scanned all its keys under one lock for every failure past 10,000 keys, and never
        // forgot a live one (issue 9, finding 11).
        let counter = Counter::with_capacity(Arc::new(clock()), Duration::from_secs(900), 5_000);
        let started = std::time::Instant::now();
        for n in 0..50_000 {
            counter.record(&format!("address:{n}"));
        }
        assert!(started.elapsed() < Duration::from_secs(10), "took {:?}", started.elapsed());
        assert!(counter.len() <= 5_000, "holds {} keys", counter.len());
    }

    #[test]
    fn failures_slow_one_address_down_and_leave_the_owner_alone() {
        let clock = clock();
        let limits = SignInLimits::new(Arc::new(clock.clone()), Duration::from_secs(900), 5);
        let (mallory, owner): (IpAddr, IpAddr) = ("203.0.113.1".parse().unwrap(), "198.51.100.2".parse().unwrap());
        for _ in 0..5 {
            assert!(limits.check(mallory, "ada").is_ok());
            limits.failed(mallory, "ada");
        }
        assert_eq!(limits.check(mallory, "ada").unwrap_err(), FIRST_DELAY);
        assert!(limits.check(owner, "ada").is_ok(), "the owner's address is not slowed down");
        clock.advance(chrono::Duration::seconds(5));
        limits.failed(mallory, "ada");
        assert_eq!(limits.check(mallory, "ada").unwrap_err(), FIRST_DELAY * 2, "the wait doubles");
        limits.succeeded(mallory, "ada");
        assert!(limits.check(mallory, "ada").is_ok());
    }

    #[test]
    fn an_account_under_attack_from_many_addresses_slows_every_failing_address() {
        let limits = SignInLimits::new(Arc::new(clock()), Duration::from_secs(900), 5);
        for n in 0..50u8 {
            limits.failed(IpAddr::from([203, 0, 113, n]), "ada");
        }
        assert!(limits.check(IpAddr::from([203, 0, 113, 1]), "ada").is_err(), "one failure is enough now");
        assert!(limits.check(IpAddr::from([198, 51, 100, 2]), "ada").is_ok(), "an address without failures");
        assert!(limits.check(IpAddr::from([203, 0, 113, 1]), "bob").is_ok(), "other accounts are not affected");
    }

    #[test]
    fn an_address_failing_against_many_accounts_is_refused_until_its_window_ends() {
        let clock = clock();
        let limits = SignInLimits::new(Arc::new(clock.clone()), Duration::from_secs(900), 5);
        let mallory: IpAddr = "203.0.113.1".parse().unwrap();
        for n in 0..50 {
            limits.failed(mallory, &format!("user{n}"));
        }
        assert_eq!(limits.check(mallory, "fresh").unwrap_err(), Duration::from_secs(900));
        clock.advance(chrono::Duration::seconds(900));
        assert!(limits.check(mallory, "fresh").is_ok());
    }
}
