//! `Db::write`: two concurrent conditional updates of one row let exactly one through, on both databases.

use std::sync::Arc;

use questline::ApiError;
use questline::db::expect_updated;
use sea_orm::{ConnectionTrait, Statement, Value};
use tokio::sync::Barrier;

db_test!(async fn two_racing_conditional_updates_let_exactly_one_through(app) {
    let db = app.state.db.clone();
    let backend = db.backend();
    db.conn()
        .execute_unprepared("CREATE TABLE race_probe (id INTEGER PRIMARY KEY, holder TEXT, version BIGINT NOT NULL)")
        .await
        .unwrap();
    db.conn().execute_unprepared("INSERT INTO race_probe (id, holder, version) VALUES (1, NULL, 1)").await.unwrap();

    for round in 0..5 {
        let version: i64 = round + 1;
        let barrier = Arc::new(Barrier::new(2));
        let contenders = ["alice", "bob"].map(|name| {
            let db = db.clone();
            let barrier = barrier.clone();
            tokio::spawn(async move {
                // Both have read the same version before either writes.
                barrier.wait().await;
                db.write(move |txn| {
                    Box::pin(async move {
                        let result = txn
                            .execute_raw(Statement::from_sql_and_values(
                                backend,
                                match backend {
                                    sea_orm::DbBackend::Postgres => {
                                        "UPDATE race_probe SET holder = $1, version = version + 1 \
                                         WHERE id = 1 AND version = $2"
                                    }
                                    _ => "UPDATE race_probe SET holder = ?, version = version + 1 \
                                          WHERE id = 1 AND version = ?",
                                },
                                [Value::from(name), Value::from(version)],
                            ))
                            .await?;
                        Ok(expect_updated(result.rows_affected())?)
                    })
                })
                .await
            })
        });
        let mut outcomes: Vec<Result<(), ApiError>> = Vec::new();
        for contender in contenders {
            outcomes.push(contender.await.unwrap());
        }
        let winners = outcomes.iter().filter(|outcome| outcome.is_ok()).count();
        assert_eq!(winners, 1, "round {round}: exactly one writer wins");
        let loser = outcomes.into_iter().find_map(Result::err).unwrap();
        assert_eq!(loser.code.as_str(), "stale_version");
    }

    let row = db
        .conn()
        .query_one_raw(Statement::from_string(backend, "SELECT version FROM race_probe WHERE id = 1"))
        .await
        .unwrap()
        .unwrap();
    let version: i64 = row.try_get("", "version").unwrap();
    assert_eq!(version, 6, "five rounds, five winning updates");
});
