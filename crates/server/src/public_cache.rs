//! Answers of public reads kept in memory for a few seconds: the Questboard's pages are the same for every visitor
//! and asked for far more often than series change, so a page is worked out once and then served as it was
//! written (docs/performance.md has the figures).
//!
//! A kept answer is served only while nothing it may depend on can have changed:
//! - no write has been committed by this instance since (`Db::commit_count`): a visitor who has just changed
//!   something, on this instance, reads the change at once;
//! - no event has been dispatched since, from this instance or another (`EventBus`): another instance's change to a
//!   series is seen as soon as its event arrives;
//! - it is younger than `ttl` by the injectable clock (so tests that move time see answers computed afresh), which
//!   bounds anything else: a change that records no event on another instance, a next session passing.
//!
//! Nothing else is needed to end an answer, so there is no invalidation to forget. Memory is bounded by bytes.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use chrono::{DateTime, Utc};
use moka::sync::Cache;
use tokio::sync::broadcast::error::RecvError;

use crate::clock::SharedClock;
use crate::db::Db;
use crate::events::EventBus;

/// Bytes of answers kept at most.
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// What had happened when an answer was worked out: commits here, events seen from anywhere.
type Generation = (u64, u64);

#[derive(Clone)]
struct Kept {
    generation: Generation,
    at: DateTime<Utc>,
    body: Bytes,
}

/// The kept answers of one instance. Cheap to clone.
#[derive(Clone)]
pub struct PublicCache {
    db: Db,
    clock: SharedClock,
    ttl: chrono::Duration,
    events_seen: Arc<AtomicU64>,
    kept: Option<Cache<String, Kept>>,
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
                .weigher(|key: &String, kept: &Kept| u32::try_from(key.len() + kept.body.len()).unwrap_or(u32::MAX))
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
        F: Future<Output = Result<Bytes, E>>,
    {
        let Some(kept) = &self.kept else { return work.await };
        // Read before the work: a change made while it runs ends the answer it gives.
        let (generation, now) = (self.generation(), self.clock.now());
        if let Some(answer) = kept.get(&key)
            && answer.generation == generation
            && answer.at <= now
            && now - answer.at < self.ttl
        {
            return Ok(answer.body);
        }
        let body = work.await?;
        kept.insert(key, Kept { generation, at: now, body: body.clone() });
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    async fn cache(ttl: Duration) -> (PublicCache, Db, Arc<ManualClock>) {
        let conn = crate::db::connect("sqlite::memory:", 1).await.unwrap();
        let db = Db::new(conn);
        let clock = Arc::new(ManualClock::at("2026-11-25T18:00:00Z".parse().unwrap()));
        let events = EventBus::new(clock.clone());
        (PublicCache::new(db.clone(), &events, clock.clone(), ttl), db, clock)
    }

    async fn ask(cache: &PublicCache, answer: &'static str) -> Bytes {
        cache.answer::<(), _>("k".into(), async move { Ok(Bytes::from_static(answer.as_bytes())) }).await.unwrap()
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
            cache.answer("k".into(), async { Err::<Bytes, _>("failed") }).await,
            Ok(Bytes::from_static(b"fourth")),
            "a kept answer spares the work"
        );
    }

    #[tokio::test]
    async fn a_failure_is_not_kept_and_zero_keeps_nothing() {
        let (cache, _, _) = cache(Duration::from_secs(5)).await;
        assert!(cache.answer("k".into(), async { Err::<Bytes, _>("failed") }).await.is_err());
        assert_eq!(ask(&cache, "first").await, "first");
        let (off, _, _) = cache_off().await;
        assert_eq!(ask(&off, "first").await, "first");
        assert_eq!(ask(&off, "second").await, "second");
    }

    async fn cache_off() -> (PublicCache, Db, Arc<ManualClock>) {
        cache(Duration::ZERO).await
    }
}
