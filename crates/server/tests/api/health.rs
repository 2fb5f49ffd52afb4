//! `GET /api/health` on both databases.

use crate::helpers::{Backend, error_of};

db_test!(async fn healthy_when_the_database_answers(app) {
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    let expected = if app.backend == Backend::Sqlite { "sqlite" } else { "postgres" };
    assert_eq!(body["database"], expected);
});

db_test!(async fn unavailable_when_the_database_is_gone(app) {
    app.state.db.conn().close_by_ref().await.unwrap();
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 503);
    let (kind, code, _) = error_of(response).await;
    assert_eq!((kind.as_str(), code.as_str()), ("unknown_error", "database_unavailable"));
});

db_test!(async fn live_asks_nothing_of_the_database(app) {
    assert_eq!(app.get("/api/live").await.status(), 200);
    app.state.db.conn().close_by_ref().await.unwrap();
    let response = app.get("/api/live").await;
    assert_eq!(response.status(), 200, "the process still serves");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
});

db_test!(async fn ready_until_the_database_is_gone(app) {
    let response = app.get("/api/ready").await;
    assert_eq!(response.status(), 200);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    app.state.db.conn().close_by_ref().await.unwrap();
    let response = app.get("/api/ready").await;
    assert_eq!(response.status(), 503);
    let (_, code, _) = error_of(response).await;
    assert_eq!(code, "database_unavailable");
});

db_test!(async fn not_ready_once_draining(app) {
    assert_eq!(app.get("/api/ready").await.status(), 200);
    app.state.lifecycle.begin_draining();
    let response = app.get("/api/ready").await;
    assert_eq!(response.status(), 503);
    let (_, code, body) = error_of(response).await;
    assert_eq!((code.as_str(), body["message"].as_str()), ("shutting_down", Some("This instance is shutting down.")));
    // The process itself still serves what it has.
    assert_eq!(app.get("/api/live").await.status(), 200);
    assert_eq!(app.get("/api/health").await.status(), 200);
});
