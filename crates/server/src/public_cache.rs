//! Answers of public reads kept in memory for a few seconds: the Questboard's pages are the same for every visitor
//! and asked for far more often than series change, so a page is worked out once and then served as it was
//! written (docs/performance.md has the figures).
//!
//! A kept answer is served only while nothing it may depend on can have changed:
//! - no write has been committed by this instance since (`Db::commit_count`): a visitor who has just changed
//!   something, on this instance, reads the change at once;
//! - no event has been dispatched since, from this instance or another (`EventBus`): another instance's change to a
//!   series is seen as soon as its event arrives;
//! - the time its work said it stays true until has not come (the Questboard's: the earliest next session on the
//!   page, which then moves on), judged by the injectable clock, so tests that move time see fresh answers;
//! - it is younger than `ttl`, which bounds anything else (a change that records no event on another instance).
//!
//! Nothing else is needed to end an answer, so there is no invalidation to forget. Requests that arrive while an
//! answer is being worked out wait for that work rather than repeat it. Memory is bounded by bytes.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use chrono::{DateTime, Utc};
use moka::sync::Cache;
use tokio::sync::OnceCell;
use tokio::sync::broadcast::error::RecvError;

use crate::clock::SharedClock;
use crate::db::Db;
use crate::events::EventBus;

/// Bytes of answers kept at most.
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// What had happened when an answer was worked out: commits here, events seen from anywhere.
type Generation = (u64, u64);

/// One key's answer: being worked out (empty) or ready, with when it stops being true.
struct Slot {
    generation: Generation,
    at: DateTime<Utc>,
    ready: OnceCell<(Bytes, DateTime<Utc>)>,
}

impl Slot {
    fn serves(&self, generation: Generation, now: DateTime<Utc>) -> bool {
        self.generation == generation && self.at <= now && self.ready.get().is_none_or(|(_, until)| now < *until)
    }
}

/// What a read's work gives: the answer, and when it stops being true by the clock alone (if it does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fresh {
    pub body: Bytes,
    pub until: Option<DateTime<Utc>>,
}

/// The kept answers of one instance. Cheap to clone.
#[derive(Clone)]
pub struct PublicCache {
    db: Db,
    clock: SharedClock,
    ttl: chrono::Duration,
    events_seen: Arc<AtomicU64>,
    kept: Option<Cache<String, Arc<Slot>>>,
}

impl std::fmt::Debug for PublicCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PublicCache")
            .field("ttl", &self.ttl)
            .field("answers", &self.kept.as_ref().map(Cache::entry_count))
            .finish()
    }
}

impl PublicCache {
    /// Keeps answers for `ttl` (zero keeps none). Counts dispatched events from now on, so it must be made
    /// before the dispatcher starts.
    pub fn new(db: Db, events: &EventBus, clock: SharedClock, ttl: Duration) -> Self {
        let events_seen = Arc::new(AtomicU64::new(0));
        let kept = (!ttl.is_zero()).then(|| {
            let mut received = events.subscribe();
            let seen = events_seen.clone();
            tokio::spawn(async move {
                // Missed events changed something too; a closed bus ends the count.
                while let Ok(_) | Err(RecvError::Lagged(_)) = received.recv().await {
                    seen.fetch_add(1, Ordering::Release);
                }
            });
            Cache::builder()
                .max_capacity(MAX_BYTES)
                .weigher(|key: &String, slot: &Arc<Slot>| {
                    let body = slot.ready.get().map_or(0, |(body, _)| body.len());
                    u32::try_from(key.len() + body).unwrap_or(u32::MAX)
                })
                .time_to_live(ttl)
                .build()
        });
        let ttl = chrono::Duration::from_std(ttl).unwrap_or(chrono::Duration::zero());
        Self { db, clock, ttl, events_seen, kept }
    }

    fn generation(&self) -> Generation {
        (self.db.commit_count(), self.events_seen.load(Ordering::Acquire))
    }

    /// The kept answer for `key`, or the one `work` gives (kept when it succeeds). `key` must name everything the
    /// answer depends on besides the data (the path and its normalised query).
    pub async fn answer<E, F>(&self, key: String, work: F) -> Result<Bytes, E>
    where
        F: Future<Output = Result<Fresh, E>>,
    {
        let Some(kept) = &self.kept else {
            crate::metrics::public_answer(false);
            return Ok(work.await?.body);
        };
        // Read before the work: a change made while it runs ends the answer it gives.
        let (generation, now) = (self.generation(), self.clock.now());
        let slot = kept
            .entry(key.clone())
            .or_insert_with_if(
                || Arc::new(Slot { generation, at: now, ready: OnceCell::new() }),
                |slot| !slot.serves(generation, now),
            )
            .into_value();
        if let Some((body, _)) = slot.ready.get() {
            crate::metrics::public_answer(true);
            return Ok(body.clone());
        }
        let (ttl, worked) = (self.ttl, std::sync::atomic::AtomicBool::new(false));
        let (body, _) = slot
            .ready
            .get_or_try_init(|| async {
                worked.store(true, Ordering::Relaxed);
                let fresh = work.await?;
                let until = fresh.until.map_or(now + ttl, |until| until.min(now + ttl));
                Ok::<_, E>((fresh.body, until))
            })
            .await?;
        let body = body.clone();
        let worked = worked.into_inner();
        crate::metrics::public_answer(!worked);
        // The one request that did the work has the slot weighed again, now that it holds its answer (if it is
        // still the key's); those that waited for it have nothing to add.
        if worked && kept.get(&key).is_some_and(|current| Arc::ptr_eq(&current, &slot)) {
            kept.insert(key, slot);
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{Clock, ManualClock};

    async fn cache(ttl: Duration) -> (PublicCache, Db, Arc<ManualClock>) {
        let conn = crate::db::connect("sqlite::memory:", 1).await.unwrap();
        let db = Db::new(conn);
        let clock = Arc::new(ManualClock::at("2026-11-25T18:00:00Z".parse().unwrap()));
        let events = EventBus::new(clock.clone());
        (PublicCache::new(db.clone(), &events, clock.clone(), ttl), db, clock)
    }

    async fn ask_until(cache: &PublicCache, answer: &'static str, until: Option<DateTime<Utc>>) -> Bytes {
        let fresh = Fresh { body: Bytes::from_static(answer.as_bytes()), until };
        cache.answer::<(), _>("k".into(), async move { Ok(fresh) }).await.unwrap()
    }

    async fn ask(cache: &PublicCache, answer: &'static str) -> Bytes {
        ask_until(cache, answer, None).await
    }

    #[tokio::test]
    async fn an_answer_is_kept_until_a_commit_or_its_time_is_up() {
        let (cache, db, clock) = cache(Duration::from_secs(5)).await;
        assert_eq!(ask(&cache, "first").await, "first");
        assert_eq!(ask(&cache, "second").await, "first", "kept");
        db.transaction::<_, sea_orm::DbErr, _>(|_| Box::pin(async { Ok(()) })).await.unwrap();
        assert_eq!(ask(&cache, "third").await, "third", "a commit ends it");
        clock.advance(chrono::Duration::seconds(5));
        assert_eq!(ask(&cache, "fourth").await, "fourth", "so does time");
        assert_eq!(
            cache.answer("k".into(), async { Err::<Fresh, _>("failed") }).await,
            Ok(Bytes::from_static(b"fourth")),
            "a kept answer spares the work"
        );
    }

    #[tokio::test]
    async fn an_answer_that_says_when_it_stops_being_true_is_kept_until_then() {
        let (cache, _, clock) = cache(Duration::from_secs(60)).await;
        let session = clock.now() + chrono::Duration::seconds(10);
        assert_eq!(ask_until(&cache, "before", Some(session)).await, "before");
        clock.advance(chrono::Duration::seconds(9));
        assert_eq!(ask(&cache, "again").await, "before", "still true");
        clock.advance(chrono::Duration::seconds(1));
        assert_eq!(ask(&cache, "after").await, "after", "the session has begun");
    }

    #[tokio::test]
    async fn requests_that_arrive_during_the_work_wait_for_it() {
        let (cache, _, _) = cache(Duration::from_secs(5)).await;
        let runs = Arc::new(AtomicU64::new(0));
        let (release, wait) = tokio::sync::watch::channel(false);
        let ask = |answer: &'static str| {
            let (cache, runs, mut wait) = (cache.clone(), runs.clone(), wait.clone());
            tokio::spawn(async move {
                cache
                    .answer::<(), _>("k".into(), async move {
                        runs.fetch_add(1, Ordering::SeqCst);
                        wait.wait_for(|go| *go).await.unwrap();
                        Ok(Fresh { body: Bytes::from_static(answer.as_bytes()), until: None })
                    })
                    .await
                    .unwrap()
            })
        };
        let (first, second) = (ask("first"), ask("second"));
        tokio::task::yield_now().await;
        release.send(true).unwrap();
        assert_eq!((first.await.unwrap(), second.await.unwrap()), ("first".into(), "first".into()));
        assert_eq!(runs.load(Ordering::SeqCst), 1, "worked out once");
    }

    #[tokio::test]
    async fn a_failure_is_not_kept_and_zero_keeps_nothing() {
        let (cache, _, _) = cache(Duration::from_secs(5)).await;
        assert!(cache.answer("k".into(), async { Err::<Fresh, _>("failed") }).await.is_err());
        assert_eq!(ask(&cache, "first").await, "first");
        let (off, _, _) = cache_off().await;
        assert_eq!(ask(&off, "first").await, "first");
        assert_eq!(ask(&off, "second").await, "second");
    }

    async fn cache_off() -> (PublicCache, Db, Arc<ManualClock>) {
        cache(Duration::ZERO).await
    }
}
