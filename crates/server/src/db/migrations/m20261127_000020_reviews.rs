//! Feedback and GM reviews (issue 19). A review is one player's rating (1–5) and text about one session they took
//! part in, addressed to its GM: one per (session, author), unique, so a second submit — or two racing — is refused.
//! It carries the GM's one public answer, and `hidden_at` when an administrator hid it (hidden reviews leave the
//! GM's list and average). Reports wait for an administrator, one per (review, reporter). A GM's private note about a
//! player is one row per (GM, player).

use sea_orm_migration::{prelude::*, schema::*};

use super::columns::CommonColumns;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum GameSessions {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Series {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Reviews {
    Table,
    Id,
    SessionId,
    SeriesId,
    GmId,
    AuthorId,
    Rating,
    Body,
    AnswerBody,
    AnsweredAt,
    HiddenAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum ReviewReports {
    Table,
    Id,
    ReviewId,
    ReporterId,
    Reason,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PlayerNotes {
    Table,
    GmId,
    PlayerId,
    Body,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Reviews::Table)
                    .col(uuid(Reviews::Id).primary_key())
                    .col(uuid(Reviews::SessionId))
                    .col(uuid(Reviews::SeriesId))
                    .col(uuid(Reviews::GmId))
                    .col(uuid(Reviews::AuthorId))
                    .col(integer(Reviews::Rating))
                    .col(text(Reviews::Body))
                    .col(text_null(Reviews::AnswerBody))
                    .col(timestamp_with_time_zone_null(Reviews::AnsweredAt))
                    .col(timestamp_with_time_zone_null(Reviews::HiddenAt))
                    .versioned_timestamps()
                    .foreign_key(
                        ForeignKey::create()
                            .from(Reviews::Table, Reviews::SessionId)
                            .to(GameSessions::Table, GameSessions::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Reviews::Table, Reviews::SeriesId)
                            .to(Series::Table, Series::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(Reviews::Table, Reviews::GmId)
                    .owned_by_account(Reviews::Table, Reviews::AuthorId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ReviewReports::Table)
                    .col(uuid(ReviewReports::Id).primary_key())
                    .col(uuid(ReviewReports::ReviewId))
                    .col(uuid(ReviewReports::ReporterId))
                    .col(text(ReviewReports::Reason))
                    .col(timestamp_with_time_zone(ReviewReports::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(ReviewReports::Table, ReviewReports::ReviewId)
                            .to(Reviews::Table, Reviews::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .owned_by_account(ReviewReports::Table, ReviewReports::ReporterId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PlayerNotes::Table)
                    .col(uuid(PlayerNotes::GmId))
                    .col(uuid(PlayerNotes::PlayerId))
                    .col(text(PlayerNotes::Body))
                    .col(timestamp_with_time_zone(PlayerNotes::CreatedAt))
                    .col(timestamp_with_time_zone(PlayerNotes::UpdatedAt))
                    .primary_key(Index::create().col(PlayerNotes::GmId).col(PlayerNotes::PlayerId))
                    .owned_by_account(PlayerNotes::Table, PlayerNotes::GmId)
                    .owned_by_account(PlayerNotes::Table, PlayerNotes::PlayerId)
                    .to_owned(),
            )
            .await?;
        let indexes = [
            // One review per session and author; two submits racing meet here.
            Index::create()
                .name("ux_reviews_session_author")
                .table(Reviews::Table)
                .col(Reviews::SessionId)
                .col(Reviews::AuthorId)
                .unique()
                .to_owned(),
            // A GM's reviews, newest first (listGmReviews, the average).
            Index::create()
                .name("reviews_gm_created")
                .table(Reviews::Table)
                .col(Reviews::GmId)
                .col(Reviews::CreatedAt)
                .to_owned(),
            // A repeated report by the same person is the same report.
            Index::create()
                .name("ux_review_reports_review_reporter")
                .table(ReviewReports::Table)
                .col(ReviewReports::ReviewId)
                .col(ReviewReports::ReporterId)
                .unique()
                .to_owned(),
            Index::create().name("player_notes_player").table(PlayerNotes::Table).col(PlayerNotes::PlayerId).to_owned(),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}
