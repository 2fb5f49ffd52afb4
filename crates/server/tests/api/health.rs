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
