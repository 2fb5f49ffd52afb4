//! The Questboard in its own order: a partial index on (published_at DESC, id DESC) holding only published and
//! active series, so an unfiltered page reads its 20 rows in order instead of sorting every row, and a filtered one
//! walks the board newest first until its page is full. It also carries the filtered columns, so counting a
//! filtered board reads the index alone. The query names the same condition literally (`series::queries`), which
//! is what lets SQLite and PostgreSQL use a partial index. It replaces `series_board`.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "CREATE INDEX series_board_order ON series \
             (published_at DESC, id DESC, blueprint_id, language, pricing_model, currency_code, price_minor) \
             WHERE lifecycle_status IN ('published', 'active')",
        )
        .await?;
        manager.drop_index(Index::drop().name("series_board").table(Alias::new("series")).to_owned()).await
    }
}
