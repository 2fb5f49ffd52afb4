//! Every unique index the code answers a conflict for (`db::unique`) is in the schema the migrations build, under
//! the name PostgreSQL reports and on the columns SQLite reports, in order: a renamed index or a moved column
//! would otherwise turn "this handle is taken" into a 500 on one database only.

use questline::db::unique::{self, UniqueIndex};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

use crate::helpers::TestApp;

async fn rows(app: &TestApp, sql: String) -> Vec<sea_orm::QueryResult> {
    let conn = app.state.db.conn();
    conn.query_all_raw(Statement::from_string(conn.get_database_backend(), sql)).await.unwrap()
}

/// The columns, in order, of the unique indexes on the index's table (SQLite) or of the index by its name
/// (PostgreSQL).
async fn found(app: &TestApp, index: &UniqueIndex) -> Vec<Vec<String>> {
    match app.state.db.conn().get_database_backend() {
        DbBackend::Sqlite => {
            let mut found = Vec::new();
            for list in rows(app, format!("PRAGMA index_list('{}')", index.table)).await {
                if list.try_get::<i64>("", "unique").unwrap() != 1 {
                    continue;
                }
                let name: String = list.try_get("", "name").unwrap();
                let columns = rows(app, format!("PRAGMA index_info('{name}')")).await;
                found.push(columns.iter().map(|column| column.try_get::<String>("", "name").unwrap()).collect());
            }
            found
        }
        _ => {
            let sql = format!(
                "SELECT a.attname AS name FROM pg_index i \
                 JOIN pg_class c ON c.oid = i.indexrelid \
                 JOIN pg_class t ON t.oid = i.indrelid \
                 JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, position) ON true \
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum \
                 WHERE i.indisunique AND c.relname = '{}' AND t.relname = '{}' ORDER BY k.position",
                index.name, index.table
            );
            let columns: Vec<String> =
                rows(app, sql).await.iter().map(|row| row.try_get::<String>("", "name").unwrap()).collect();
            if columns.is_empty() { Vec::new() } else { vec![columns] }
        }
    }
}

db_test!(
    async fn every_index_the_code_answers_for_is_in_the_schema(app) {
        for index in unique::ALL {
            let wanted: Vec<String> = index.columns.iter().map(|column| (*column).to_owned()).collect();
            let found = found(&app, index).await;
            assert!(found.contains(&wanted), "{} on {}{:?}: found {found:?}", index.name, index.table, index.columns);
        }
    }
);
