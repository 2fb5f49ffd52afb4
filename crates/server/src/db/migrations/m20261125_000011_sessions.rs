//! Sessions (issue 15): `game_sessions` (one game of a series, its schedule, what really happened and the count of
//! confirmed seats), `session_participants` (one row per session and player, with the player's latest message),
//! `session_events` (the history: who did what to whom, the session's new status, the message) and
//! `session_payments` (one per session and player of a paid series, created at preparation; the commerce issue
//! takes them through checkout). The table is `game_sessions` because `sessions` holds the sign-ins.
//! `game_master_id` is copied from the series, so the GM's list needs no join.

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Series {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum GameSessions {
    Table,
    Id,
    SeriesId,
    GameMasterId,
    Status,
    ScheduledStart,
    DurationMinutes,
    ActualStart,
    ActualDurationMinutes,
    SeatsConfirmed,
}

#[derive(DeriveIden)]
enum SessionParticipants {
    Table,
    Id,
    SessionId,
    PlayerId,
    Status,
    Message,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SessionEvents {
    Table,
    Id,
    SessionId,
    Kind,
    ActorId,
    PlayerId,
    Status,
    Message,
    At,
}

#[derive(DeriveIden)]
enum SessionPayments {
    Table,
    Id,
    SessionId,
    PlayerId,
    AmountMinor,
    CurrencyCode,
    Status,
    CartId,
    OrderId,
    TransactionId,
    TransactionsCount,
    CreatedAt,
    UpdatedAt,
}

fn of_session(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(GameSessions::Table, GameSessions::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(GameSessions::Table)
                    .col(uuid(GameSessions::Id).primary_key())
                    .col(uuid(GameSessions::SeriesId))
                    .col(uuid(GameSessions::GameMasterId))
                    .col(string(GameSessions::Status))
                    .col(timestamp_with_time_zone(GameSessions::ScheduledStart))
                    .col(integer(GameSessions::DurationMinutes))
                    .col(timestamp_with_time_zone_null(GameSessions::ActualStart))
                    .col(integer_null(GameSessions::ActualDurationMinutes))
                    .col(integer(GameSessions::SeatsConfirmed).default(0))
                    .versioned_timestamps()
                    .foreign_key(
                        ForeignKey::create()
                            .from(GameSessions::Table, GameSessions::SeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(GameSessions::Table, GameSessions::GameMasterId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SessionParticipants::Table)
                    .col(uuid(SessionParticipants::Id).primary_key())
                    .col(uuid(SessionParticipants::SessionId))
                    .col(uuid(SessionParticipants::PlayerId))
                    .col(string(SessionParticipants::Status))
                    .col(text_null(SessionParticipants::Message))
                    .col(timestamp_with_time_zone(SessionParticipants::UpdatedAt))
                    .foreign_key(&mut of_session(SessionParticipants::Table, SessionParticipants::SessionId))
                    .owned_by_account(SessionParticipants::Table, SessionParticipants::PlayerId)
                    .to_owned(),
            )
            .await?;
        // Actor and player are kept without a key to accounts: the history outlives nobody's account (erased
        // accounts keep their row), and the platform's rows have no actor.
        manager
            .create_table(
                Table::create()
                    .table(SessionEvents::Table)
                    .col(uuid(SessionEvents::Id).primary_key())
                    .col(uuid(SessionEvents::SessionId))
                    .col(string(SessionEvents::Kind))
                    .col(uuid_null(SessionEvents::ActorId))
                    .col(uuid_null(SessionEvents::PlayerId))
                    .col(string_null(SessionEvents::Status))
                    .col(text_null(SessionEvents::Message))
                    .col(timestamp_with_time_zone(SessionEvents::At))
                    .foreign_key(&mut of_session(SessionEvents::Table, SessionEvents::SessionId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SessionPayments::Table)
                    .col(uuid(SessionPayments::Id).primary_key())
                    .col(uuid(SessionPayments::SessionId))
                    .col(uuid(SessionPayments::PlayerId))
                    .col(big_integer(SessionPayments::AmountMinor))
                    .col(string(SessionPayments::CurrencyCode))
                    .col(string(SessionPayments::Status))
                    .col(string_null(SessionPayments::CartId))
                    .col(string_null(SessionPayments::OrderId))
                    .col(string_null(SessionPayments::TransactionId))
                    .col(integer(SessionPayments::TransactionsCount).default(0))
                    .col(timestamp_with_time_zone(SessionPayments::CreatedAt))
                    .col(timestamp_with_time_zone(SessionPayments::UpdatedAt))
                    .foreign_key(&mut of_session(SessionPayments::Table, SessionPayments::SessionId))
                    .owned_by_account(SessionPayments::Table, SessionPayments::PlayerId)
                    .to_owned(),
            )
            .await?;
        let indexes = [
            // The GM's list: upcoming first by start, filtered by series or status.
            Index::create()
                .name("game_sessions_gm")
                .table(GameSessions::Table)
                .col(GameSessions::GameMasterId)
                .col(GameSessions::ScheduledStart)
                .to_owned(),
            // A series' sessions (the series and application hooks).
            Index::create()
                .name("game_sessions_series")
                .table(GameSessions::Table)
                .col(GameSessions::SeriesId)
                .to_owned(),
            // One row per (session, player); racing invitations meet here.
            Index::create()
                .name("ux_session_participants_session_player")
                .table(SessionParticipants::Table)
                .col(SessionParticipants::SessionId)
                .col(SessionParticipants::PlayerId)
                .unique()
                .to_owned(),
            // The player's list.
            Index::create()
                .name("session_participants_player")
                .table(SessionParticipants::Table)
                .col(SessionParticipants::PlayerId)
                .to_owned(),
            Index::create()
                .name("session_events_session")
                .table(SessionEvents::Table)
                .col(SessionEvents::SessionId)
                .col(SessionEvents::At)
                .to_owned(),
            Index::create()
                .name("ux_session_payments_session_player")
                .table(SessionPayments::Table)
                .col(SessionPayments::SessionId)
                .col(SessionPayments::PlayerId)
                .unique()
                .to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
