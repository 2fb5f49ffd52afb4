//! Series: what a GM publishes from one of their blueprints — title, description, location, language of play,
//! pricing, player requirements, a schedule in the GM's time zone, and a status that follows the domain's state
//! machine (`questline_domain::series`). A draft is its GM's alone; published and active series are on the public
//! Questboard. Events of a draft go to its GM, of any other series to everyone (`events.rs`).
//!
//! Other features ask through the functions below, never through the table.

mod commands;
mod dto;
mod entities;
mod events;
mod handlers;
mod images;
mod queries;
mod store;

use std::sync::Arc;

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use futures::FutureExt;
use futures::future::BoxFuture;
use questline_domain::ids::{AccountId, BlueprintId, SeriesId};
use questline_domain::series::{LifecycleStatus, RecruitmentStatus};
use sea_orm::sea_query::{Expr, ExprTrait, SelectStatement};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

// The series view, for features that answer series (My Games).
pub use dto::{Series, SeriesPage, SeriesPricing};

use crate::jobs::{Handler, JobRun};
use crate::pagination::PageRequest;
use crate::state::{AppState, Write};

/// The job that keeps the precomputed `next_session_at` current (reads compute a passed one on the fly meanwhile).
pub const REFRESH_NEXT_SESSIONS: &str = "series.refresh_next_sessions";
/// How often it runs.
pub const REFRESH_NEXT_SESSIONS_EVERY: chrono::Duration = chrono::Duration::minutes(10);
const REFRESH_BATCH: u64 = 500;

/// The background work of this feature.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(REFRESH_NEXT_SESSIONS, Arc::new(|state, run| refresh_next_sessions_job(state, run).boxed()))]
}

async fn refresh_next_sessions_job(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    while refresh_next_sessions(&state).await? == REFRESH_BATCH {}
    Ok(())
}

/// Moves one batch of passed `next_session_at` values to the next session; returns how many it moved.
pub async fn refresh_next_sessions(state: &AppState) -> anyhow::Result<u64> {
    let now = state.clock.now();
    let moved = state
        .db
        .write(move |txn| Box::pin(async move { store::refresh_next_sessions(txn, now, REFRESH_BATCH).await }))
        .await
        .map_err(|error| anyhow::anyhow!("refreshing next sessions failed: {error:?}"))?;
    if moved > 0 {
        tracing::info!(moved, "moved next sessions of series");
    }
    Ok(moved)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_my_series, handlers::create_series))
        .routes(routes!(handlers::get_series))
        .routes(routes!(handlers::update_series, handlers::delete_series))
        .routes(routes!(handlers::set_series_schedule))
        .routes(routes!(handlers::list_questboard))
        .merge(
            // Uploads have their own body limit, larger than the API's.
            OpenApiRouter::new()
                .routes(routes!(images::upload_series_image, images::get_series_image))
                .layer(axum::extract::DefaultBodyLimit::max(images::BODY_LIMIT)),
        )
}

/// What a shared link to a series shows (Open Graph, Twitter card): only for a published or active series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShareCard {
    pub handle: String,
    pub title: String,
    pub description: String,
    /// The path of its picture (thumbnail, else banner), with its version.
    pub image_path: Option<String>,
}

/// The share card of the series with this handle, if it is published or active.
pub async fn share_card(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<ShareCard>, DbErr> {
    queries::share_card(conn, handle).await
}

/// Series hook: whether a series is made from the blueprint (then the blueprint may not be deleted).
pub fn uses_blueprint(txn: &DatabaseTransaction, blueprint: BlueprintId) -> BoxFuture<'_, Result<bool, DbErr>> {
    Box::pin(queries::uses_blueprint(txn, blueprint))
}

/// What applications need to know about a series to judge one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesFacts {
    pub id: SeriesId,
    pub handle: String,
    pub title: String,
    pub gm: AccountId,
    pub lifecycle: LifecycleStatus,
    pub recruitment: RecruitmentStatus,
    /// Null until the GM sets the player requirements: then there is no seat limit.
    pub max_players: Option<u32>,
    pub seats_taken: u32,
    pub min_player_age: Option<u8>,
    /// The date of its next session in the schedule's zone; `now`'s date (UTC) when it has none.
    pub next_session_date: NaiveDate,
}

impl SeriesFacts {
    /// Recruiting: published or active, with recruitment open.
    pub fn is_recruiting(&self) -> bool {
        self.lifecycle.is_open_to_players() && self.recruitment == RecruitmentStatus::Open
    }

    /// Every seat is taken.
    pub fn is_full(&self) -> bool {
        self.max_players.is_some_and(|max| self.seats_taken >= max)
    }
}

/// The facts of one series, as of `now`.
pub async fn facts(
    conn: &impl ConnectionTrait,
    id: SeriesId,
    now: DateTime<Utc>,
) -> Result<Option<SeriesFacts>, DbErr> {
    let Some(row) = queries::by_id(conn, id.as_uuid()).await? else { return Ok(None) };
    let next = queries::next_session(&row, now);
    let next_session_date = match (next, queries::schedule(&row)) {
        (Some(at), Some(schedule)) => at.with_timezone(&schedule.time_zone().tz()).date_naive(),
        _ => now.date_naive(),
    };
    Ok(Some(SeriesFacts {
        id,
        lifecycle: queries::lifecycle(&row),
        recruitment: queries::recruitment(&row),
        max_players: row.max_players.and_then(|max| u32::try_from(max).ok()),
        seats_taken: u32::try_from(row.seats_taken).unwrap_or(0),
        min_player_age: row.min_player_age.and_then(|age| u8::try_from(age).ok()),
        gm: AccountId(row.gm_id),
        handle: row.handle,
        title: row.title,
        next_session_date,
    }))
}

/// The handle and title of each series named (missing ones are left out).
pub async fn names(conn: &impl ConnectionTrait, ids: &[Uuid]) -> Result<HashMap<Uuid, (String, String)>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(Uuid, String, String)> = entities::series::Entity::find()
        .select_only()
        .column(entities::series::Column::Id)
        .column(entities::series::Column::Handle)
        .column(entities::series::Column::Title)
        .filter(entities::series::Column::Id.is_in(ids.iter().copied()))
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|(id, handle, title)| (id, (handle, title))).collect())
}

/// Where a series meets, for the calendar: its title and its place (a web link, or "venue, city"), which only the
/// GM and players holding a seat may be told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesPlace {
    pub handle: String,
    pub title: String,
    pub place: Option<String>,
}

/// The title and place of each series named (missing ones are left out).
pub async fn places(conn: &impl ConnectionTrait, ids: &[Uuid]) -> Result<HashMap<Uuid, SeriesPlace>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = entities::series::Entity::find()
        .filter(entities::series::Column::Id.is_in(ids.iter().copied()))
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let place = match row.location_kind.as_deref() {
                Some("online") => row.location_link,
                Some(_) => match (row.location_venue, row.location_city) {
                    (Some(venue), Some(city)) => Some(format!("{venue}, {city}")),
                    (venue, city) => venue.or(city),
                },
                None => None,
            };
            (row.id, SeriesPlace { handle: row.handle, title: row.title, place })
        })
        .collect())
}

/// A series a GM's public profile lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedSeries {
    pub id: Uuid,
    pub handle: String,
    pub title: String,
}

/// Profiles' front door: the GM's series players can see (published or active), the most recently published
/// first, at most `limit`.
pub async fn published_of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    limit: u64,
) -> Result<Vec<PublishedSeries>, DbErr> {
    let open = [LifecycleStatus::Published.as_str(), LifecycleStatus::Active.as_str()];
    let rows: Vec<(Uuid, String, String)> = entities::series::Entity::find()
        .select_only()
        .column(entities::series::Column::Id)
        .column(entities::series::Column::Handle)
        .column(entities::series::Column::Title)
        .filter(entities::series::Column::GmId.eq(gm.as_uuid()))
        .filter(entities::series::Column::LifecycleStatus.is_in(open))
        .order_by_desc(entities::series::Column::PublishedAt)
        .order_by_desc(entities::series::Column::Id)
        .limit(limit)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|(id, handle, title)| PublishedSeries { id, handle, title }).collect())
}

/// Takes one seat of the series if one is free (`seats_taken < max_players`, or no maximum), in the write's
/// transaction, and announces the new count; `false` when the series is full. The condition is part of the
/// `UPDATE`, so two transactions racing for the last seat cannot both take it: SQLite runs writers one at a time,
/// and PostgreSQL re-checks the condition on the row the other transaction committed.
pub async fn take_seat(w: &Write<'_>, id: SeriesId) -> Result<bool, DbErr> {
    use entities::series::{Column, Entity};
    let result = Entity::update_many()
        .col_expr(Column::SeatsTaken, Expr::col(Column::SeatsTaken).add(1))
        .filter(Column::Id.eq(id.as_uuid()))
        .filter(
            Condition::any()
                .add(Column::MaxPlayers.is_null())
                .add(Expr::col(Column::SeatsTaken).lt(Expr::col(Column::MaxPlayers))),
        )
        .exec(w.txn)
        .await?;
    if result.rows_affected == 0 {
        return Ok(false);
    }
    announce_seats(w.txn, id, w.now).await?;
    Ok(true)
}

/// Gives one seat of the series back, in the write's transaction, and announces the new count.
pub async fn free_seat(w: &Write<'_>, id: SeriesId) -> Result<(), DbErr> {
    free_seat_in(w.txn, id, w.now).await
}

/// [`free_seat`] for work that has only the transaction (an account hook).
pub async fn free_seat_in(txn: &DatabaseTransaction, id: SeriesId, now: DateTime<Utc>) -> Result<(), DbErr> {
    use entities::series::{Column, Entity};
    Entity::update_many()
        .col_expr(Column::SeatsTaken, Expr::col(Column::SeatsTaken).sub(1))
        .filter(Column::Id.eq(id.as_uuid()))
        .filter(Column::SeatsTaken.gt(0))
        .exec(txn)
        .await?;
    announce_seats(txn, id, now).await
}

/// The seat count is a change of the series for whoever may see it (everyone once published). It is a derived
/// fact like `next_session_at`: no new `version`, so a GM's open edit does not turn stale when a player joins.
async fn announce_seats(txn: &DatabaseTransaction, id: SeriesId, now: DateTime<Utc>) -> Result<(), DbErr> {
    if let Some(row) = queries::by_id(txn, id.as_uuid()).await? {
        crate::events::record_at(txn, events::updated(id, AccountId(row.gm_id), queries::lifecycle(&row)), now).await?;
    }
    Ok(())
}

/// A page of the series whose ids `ids` selects (the caller's accepted applications), most recently changed
/// first, with the table link an accepted player may see.
pub async fn list_joined(
    conn: &impl ConnectionTrait,
    ids: SelectStatement,
    page: PageRequest,
    now: DateTime<Utc>,
) -> Result<(Vec<Series>, u64), DbErr> {
    queries::list_joined(conn, ids, page, now).await
}

/// What sessions need to know about a series: its names, GM, status, pricing, player limits and zone.
#[derive(Debug, Clone)]
pub struct SessionSeriesFacts {
    pub id: SeriesId,
    pub handle: String,
    pub title: String,
    pub gm: AccountId,
    pub lifecycle: LifecycleStatus,
    /// Null until the GM sets pricing.
    pub pricing: Option<SeriesPricing>,
    /// The price of one session in minor units, and its currency, when paid.
    pub price: Option<(i64, String)>,
    pub min_players: Option<u32>,
    pub max_players: Option<u32>,
    /// The schedule's IANA zone; `UTC` when it has none.
    pub time_zone: String,
}

impl SessionSeriesFacts {
    pub fn is_paid(&self) -> bool {
        self.price.is_some()
    }
}

/// The session facts of each series named (missing ones are left out).
pub async fn session_facts(
    conn: &impl ConnectionTrait,
    ids: &[Uuid],
) -> Result<HashMap<Uuid, SessionSeriesFacts>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows = entities::series::Entity::find()
        .filter(entities::series::Column::Id.is_in(ids.iter().copied()))
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let pricing = queries::pricing(&row);
            let price = match (&pricing, row.price_minor, row.currency_code.clone()) {
                (Some(pricing), Some(minor), Some(currency))
                    if pricing.model == questline_domain::series::PricingModel::Paid && minor > 0 =>
                {
                    Some((minor, currency))
                }
                _ => None,
            };
            let facts = SessionSeriesFacts {
                id: SeriesId(row.id),
                lifecycle: queries::lifecycle(&row),
                pricing,
                price,
                min_players: row.min_players.and_then(|value| u32::try_from(value).ok()),
                max_players: row.max_players.and_then(|value| u32::try_from(value).ok()),
                time_zone: row.schedule_time_zone.clone().unwrap_or_else(|| "UTC".to_owned()),
                gm: AccountId(row.gm_id),
                handle: row.handle,
                title: row.title,
            };
            (row.id, facts)
        })
        .collect())
}

/// The session facts of one series.
pub async fn session_facts_of(conn: &impl ConnectionTrait, id: SeriesId) -> Result<Option<SessionSeriesFacts>, DbErr> {
    Ok(session_facts(conn, &[id.as_uuid()]).await?.remove(&id.as_uuid()))
}
