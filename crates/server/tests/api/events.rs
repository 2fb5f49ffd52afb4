//! The outbox: an event recorded in a write transaction reaches subscribers once it commits, and not at all when
//! the transaction rolls back.

use std::time::Duration;

use questline::ApiError;
use questline::events::{Audience, Event, EventKind};
use questline_domain::ids::AccountId;

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
    let bus = app.state.events.clone();
    let result: Result<(), ApiError> = app
        .state
        .db
        .write(move |txn| {
            Box::pin(async move {
                bus.record(txn, Event::deleted("account", AccountId::new()).to(Audience::Public)).await?;
                Err(ApiError::conflict("test_refusal", "refused after recording"))
            })
        })
        .await;
    assert!(result.is_err());

    let bus = app.state.events.clone();
    app.state
        .db
        .write(move |txn| {
            Box::pin(async move {
                bus.record(txn, Event::created("account", AccountId::new()).to(Audience::Public)).await?;
                Ok(())
            })
        })
        .await
        .unwrap();
    let next = tokio::time::timeout(Duration::from_secs(5), events.recv()).await.unwrap().unwrap();
    assert_eq!(next.kind, EventKind::Created, "the rolled-back delete never arrives");
});
