//! The outbox: an event recorded in a write transaction reaches subscribers once it commits, and not at all when
//! the transaction rolls back.

use std::time::Duration;

use questline::ApiError;
use questline::db::Outbox;
use questline::events::{Audience, Event, EventKind};
use questline::jobs::Job;
use questline_domain::ErrorCode;
use questline_domain::ids::AccountId;
use sea_orm::ConnectionTrait;

/// Records `event` in a write that then ends with `end`: committed on `Ok`, rolled back on `Err`.
async fn record_then(app: &crate::helpers::TestApp, event: Event, end: Result<(), ApiError>) -> Result<(), ApiError> {
    let bus = app.state.events.clone();
    app.state
        .db
        .write(move |txn| {
            Box::pin(async move {
                bus.record(txn, event).await?;
                end
            })
        })
        .await
}

fn refusal() -> Result<(), ApiError> {
    Err(ApiError::conflict(ErrorCode::StaleVersion, "refused after recording"))
}

db_test!(async fn committed_events_reach_subscribers_in_order(app) {
    let mut events = app.state.events.subscribe();
    let bus = app.state.events.clone();
    let owner = AccountId::new();
    app.state
        .db
        .write(move |txn| {
            Box::pin(async move {
                bus.record(txn, Event::created("account", owner).to(Audience::account(owner))).await?;
                bus.record(txn, Event::updated("account", owner).to(Audience::account(owner))).await?;
                Ok(())
            })
        })
        .await
        .unwrap();

    let first = tokio::time::timeout(Duration::from_secs(5), events.recv()).await.unwrap().unwrap();
    let second = tokio::time::timeout(Duration::from_secs(5), events.recv()).await.unwrap().unwrap();
    assert_eq!((first.kind, second.kind), (EventKind::Created, EventKind::Updated));
    assert_eq!(first.id, owner.to_string());
    assert_eq!(first.entity, "account");
    assert!(first.audience.includes(owner));
    assert!(!first.audience.includes(AccountId::new()));
    assert!(second.seq > first.seq);
});

db_test!(async fn events_of_a_rolled_back_transaction_are_never_sent(app) {
    let mut events = app.state.events.subscribe();
    let result = record_then(&app, Event::deleted("account", AccountId::new()).to(Audience::Public), refusal()).await;
    assert!(result.is_err());

    record_then(&app, Event::created("account", AccountId::new()).to(Audience::Public), Ok(())).await.unwrap();
    let next = tokio::time::timeout(Duration::from_secs(5), events.recv()).await.unwrap().unwrap();
    assert_eq!(next.kind, EventKind::Created, "the rolled-back delete never arrives");
});

db_test!(async fn only_writes_to_an_outbox_wake_its_watcher(app) {
    let db = app.state.db.clone();
    let (mut all, mut events, mut jobs) =
        (db.commits(), db.commits_to(Outbox::Events), db.commits_to(Outbox::Jobs));
    for watcher in [&mut all, &mut events, &mut jobs] {
        watcher.borrow_and_update();
    }

    // A write that leaves nothing for the dispatcher or the runner wakes neither.
    db.write(|txn| {
        Box::pin(async move {
            txn.execute_unprepared("SELECT 1").await?;
            Ok(())
        })
    })
    .await
    .unwrap();
    assert!(all.has_changed().unwrap(), "every commit is counted");
    assert!(!events.has_changed().unwrap() && !jobs.has_changed().unwrap());
    all.borrow_and_update();

    record_then(&app, Event::created("account", AccountId::new()).to(Audience::Public), Ok(())).await.unwrap();
    assert!(events.has_changed().unwrap(), "a recorded event wakes the dispatcher");
    assert!(!jobs.has_changed().unwrap());
    events.borrow_and_update();

    let runner = app.state.jobs.clone();
    let later = app.clock_now() + chrono::Duration::hours(1);
    db.write(move |txn| {
        Box::pin(async move { Ok(runner.schedule(txn, Job::new("test.outbox_wake", ()).at(later)).await?) })
    })
    .await
    .unwrap();
    assert!(jobs.has_changed().unwrap(), "a scheduled job wakes the runner");
    assert!(!events.has_changed().unwrap());

    // An event recorded in a transaction that rolls back wakes nobody.
    jobs.borrow_and_update();
    let refused = record_then(&app, Event::created("account", AccountId::new()).to(Audience::Public), refusal()).await;
    assert!(refused.is_err());
    assert!(!events.has_changed().unwrap() && !jobs.has_changed().unwrap());
});
