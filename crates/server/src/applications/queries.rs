//! Reading applications, and turning rows into what the API answers: with the series' handle and title, the
//! player's display name and the history, each fetched once per page.

use std::collections::HashMap;

use questline_domain::applications::{ApplicationMove, ApplicationStatus};
use questline_domain::ids::{AccountId, ApplicationId};
use questline_domain::profiles::PlayerExperience;
use sea_orm::ExprTrait;
use sea_orm::sea_query::{Expr, SelectStatement};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, Order, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait,
};
use uuid::Uuid;

use super::dto::{Applicant, SeriesApplication, SeriesApplicationHistoryEntry};
use super::entities::{application, message};
use crate::accounts;
use crate::hooks::PlayerHooks;
use crate::pagination::PageRequest;
use crate::series;

pub fn status(row: &application::Model) -> ApplicationStatus {
    // Only the four are ever written; anything else reads as cancelled (no seat, no further move but reopen).
    ApplicationStatus::parse(&row.status).unwrap_or(ApplicationStatus::Cancelled)
}

pub async fn by_id(conn: &impl ConnectionTrait, id: ApplicationId) -> Result<Option<application::Model>, DbErr> {
    application::Entity::find_by_id(id.as_uuid()).one(conn).await
}

/// The player's application to the series, whatever its status.
pub async fn of_player(
    conn: &impl ConnectionTrait,
    series: Uuid,
    player: Uuid,
) -> Result<Option<application::Model>, DbErr> {
    application::Entity::find()
        .filter(application::Column::SeriesId.eq(series))
        .filter(application::Column::PlayerId.eq(player))
        .one(conn)
        .await
}

/// Whether the player has any application to a series of the GM.
pub async fn any_of_gm_and_player(conn: &impl ConnectionTrait, gm: Uuid, player: Uuid) -> Result<bool, DbErr> {
    let found = application::Entity::find()
        .filter(application::Column::GmId.eq(gm))
        .filter(application::Column::PlayerId.eq(player))
        .one(conn)
        .await?;
    Ok(found.is_some())
}

/// What the API answers for these rows, in their order.
pub async fn views(
    conn: &DatabaseConnection,
    about: &PlayerHooks,
    rows: Vec<application::Model>,
) -> Result<Vec<SeriesApplication>, DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut series_ids: Vec<Uuid> = rows.iter().map(|row| row.series_id).collect();
    series_ids.sort_unstable();
    series_ids.dedup();
    let names = series::names(conn, &series_ids).await?;
    let player_ids: Vec<Uuid> = rows.iter().map(|row| row.player_id).collect();
    let players = accounts::display_names(conn, &player_ids).await?;
    let experience = about.experience(conn, &player_ids).await?;
    let played = about.sessions_played(conn, &player_ids).await?;
    let mut history: HashMap<Uuid, Vec<SeriesApplicationHistoryEntry>> = HashMap::new();
    let entries = message::Entity::find()
        .filter(message::Column::ApplicationId.is_in(rows.iter().map(|row| row.id)))
        .order_by_asc(message::Column::CreatedAt)
        .order_by_asc(message::Column::Id)
        .all(conn)
        .await?;
    for entry in entries {
        let Some(action) = ApplicationMove::parse_action(&entry.action) else { continue };
        history.entry(entry.application_id).or_default().push(SeriesApplicationHistoryEntry {
            action,
            author_id: entry.author_id,
            message: entry.message,
            at: entry.created_at,
        });
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let (handle, title) = names.get(&row.series_id).cloned().unwrap_or_default();
            SeriesApplication {
                status: status(&row),
                series_handle: handle,
                series_title: title,
                player_display_name: players.get(&row.player_id).cloned().unwrap_or_default(),
                applicant: applicant(experience.get(&row.player_id), played.get(&row.player_id)),
                history: history.remove(&row.id).unwrap_or_default(),
                id: row.id,
                series_id: row.series_id,
                player_id: row.player_id,
                game_master_id: row.gm_id,
                message: row.message,
                reply_message: row.reply_message,
                created_at: row.created_at,
                updated_at: row.updated_at,
                version: row.version,
            }
        })
        .collect())
}

fn applicant(experience: Option<&PlayerExperience>, played: Option<&u64>) -> Applicant {
    Applicant {
        experience_level: experience.map(|e| e.experience_level).unwrap_or_default(),
        claimed_years_experience: experience.map_or(0, |e| e.claimed_years_experience),
        sessions_played: played.copied().unwrap_or(0),
    }
}

pub async fn view(
    conn: &DatabaseConnection,
    about: &PlayerHooks,
    row: application::Model,
) -> Result<SeriesApplication, DbErr> {
    let mut views = views(conn, about, vec![row]).await?;
    views.pop().ok_or_else(|| DbErr::RecordNotFound("application view".into()))
}

/// A page of the player's own applications, most recently changed first.
pub async fn list_of_player(
    conn: &DatabaseConnection,
    about: &PlayerHooks,
    player: AccountId,
    page: PageRequest,
) -> Result<(Vec<SeriesApplication>, u64), DbErr> {
    let mine = application::Entity::find().filter(application::Column::PlayerId.eq(player.as_uuid()));
    let count = mine.clone().count(conn).await?;
    let rows = mine
        .order_by_desc(application::Column::UpdatedAt)
        .order_by_desc(application::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    Ok((views(conn, about, rows).await?, count))
}

/// A page of the applications to the GM's series, pending first, then most recently changed; optionally of one
/// series and one status.
pub async fn list_of_gm(
    conn: &DatabaseConnection,
    about: &PlayerHooks,
    gm: AccountId,
    series_id: Option<Uuid>,
    status: Option<ApplicationStatus>,
    page: PageRequest,
) -> Result<(Vec<SeriesApplication>, u64), DbErr> {
    let theirs = application::Entity::find()
        .filter(application::Column::GmId.eq(gm.as_uuid()))
        .apply_if(series_id, |query, id| query.filter(application::Column::SeriesId.eq(id)))
        .apply_if(status, |query, status| query.filter(application::Column::Status.eq(status.as_str())));
    let count = theirs.clone().count(conn).await?;
    let pending_first: Expr =
        Expr::case(application::Column::Status.eq(ApplicationStatus::Pending.as_str()), 0).finally(1).into();
    let rows = theirs
        .order_by(pending_first, Order::Asc)
        .order_by_desc(application::Column::UpdatedAt)
        .order_by_desc(application::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    Ok((views(conn, about, rows).await?, count))
}

/// The ids of the series where the player's application is accepted (My Games), as a subquery.
pub fn joined_series(player: AccountId) -> SelectStatement {
    application::Entity::find()
        .select_only()
        .column(application::Column::SeriesId)
        .filter(application::Column::PlayerId.eq(player.as_uuid()))
        .filter(application::Column::Status.eq(ApplicationStatus::Accepted.as_str()))
        .into_query()
}

/// For each of the GM's series with pending applications: how many, and since when the oldest waits. One grouped
/// query, however many applications wait.
pub async fn waiting_of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
) -> Result<Vec<(Uuid, i64, chrono::DateTime<chrono::Utc>)>, DbErr> {
    application::Entity::find()
        .select_only()
        .column(application::Column::SeriesId)
        .column_as(Expr::col(application::Column::Id).count(), "waiting")
        .column_as(Expr::col(application::Column::UpdatedAt).min(), "oldest")
        .filter(application::Column::GmId.eq(gm.as_uuid()))
        .filter(application::Column::Status.eq(ApplicationStatus::Pending.as_str()))
        .group_by(application::Column::SeriesId)
        .into_tuple()
        .all(conn)
        .await
}
