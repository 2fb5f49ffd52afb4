//! The columns and keys most tables repeat, so a migration names only what is its own. They build exactly the
//! statements the migrations wrote out by hand before, so the schema of a new database is unchanged.

use sea_orm_migration::{prelude::*, schema::*};

/// What `Table::create()` gains here.
pub trait CommonColumns {
    /// `created_at` and `updated_at` (timestamps with time zone) and `version` (starting at 1): an editable row's
    /// bookkeeping, read by conditional updates (`… WHERE version = $n`).
    fn versioned_timestamps(&mut self) -> &mut Self;

    /// A foreign key from `table.column` to `accounts.id`: the row belongs to the account and goes with it.
    fn owned_by_account(&mut self, table: impl IntoIden, column: impl IntoIden) -> &mut Self;
}

impl CommonColumns for TableCreateStatement {
    fn versioned_timestamps(&mut self) -> &mut Self {
        self.col(timestamp_with_time_zone(Alias::new("created_at")))
            .col(timestamp_with_time_zone(Alias::new("updated_at")))
            .col(big_integer(Alias::new("version")).default(1))
    }

    fn owned_by_account(&mut self, table: impl IntoIden, column: impl IntoIden) -> &mut Self {
        self.foreign_key(
            ForeignKey::create()
                .from(table, column)
                .to(Alias::new("accounts"), Alias::new("id"))
                .on_delete(ForeignKeyAction::Cascade),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(DeriveIden)]
    enum Things {
        Table,
        Id,
        AccountId,
        CreatedAt,
        UpdatedAt,
        Version,
    }

    #[derive(DeriveIden)]
    enum Accounts {
        Table,
        Id,
    }

    #[test]
    fn the_helpers_write_what_the_migrations_wrote_by_hand() {
        let by_hand = Table::create()
            .table(Things::Table)
            .col(uuid(Things::Id).primary_key())
            .col(uuid(Things::AccountId))
            .col(timestamp_with_time_zone(Things::CreatedAt))
            .col(timestamp_with_time_zone(Things::UpdatedAt))
            .col(big_integer(Things::Version).default(1))
            .foreign_key(
                ForeignKey::create()
                    .from(Things::Table, Things::AccountId)
                    .to(Accounts::Table, Accounts::Id)
                    .on_delete(ForeignKeyAction::Cascade),
            )
            .to_owned();
        let helped = Table::create()
            .table(Things::Table)
            .col(uuid(Things::Id).primary_key())
            .col(uuid(Things::AccountId))
            .versioned_timestamps()
            .owned_by_account(Things::Table, Things::AccountId)
            .to_owned();
        assert_eq!(helped.build(SqliteQueryBuilder), by_hand.build(SqliteQueryBuilder));
        assert_eq!(helped.build(PostgresQueryBuilder), by_hand.build(PostgresQueryBuilder));
    }
}
