//! Reading series and the Questboard, and turning rows into what the API answers (enum columns are parsed here,
//! once).

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use questline_domain::ErrorCode;
use questline_domain::accounts::TimeZone as ZoneName;
use questline_domain::commerce::{Currency, format_minor, parse_amount_minor};
use questline_domain::ids::{AccountId, BlueprintId, GameSystemId};
use questline_domain::language::Language;
use questline_domain::series::{
    FirstDate, LifecycleStatus, PricingModel, RecruitmentStatus, RecurrenceRule, Schedule, SessionDuration, StartTime,
};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, LikeExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbBackend, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use uuid::Uuid;

use super::dto::{
    Location, LocationKind, PriceKind, QuestboardCard, QuestboardQuery, Series, SeriesBlueprint, SeriesDescriptionPart,
    SeriesPricing, SeriesRequirements, SeriesSchedule,
};
use super::entities::{series, series_image};
use super::images::{ImageKind, image_url};
use crate::blueprints::{self, BlueprintInfo};
use crate::error::ApiError;
use crate::game_systems;
use crate::pagination::PageRequest;

/// How many next sessions a series' page lists.
pub const NEXT_SESSIONS: usize = 5;
/// The longest search text we take.
pub const SEARCH_MAX: usize = 100;

pub fn lifecycle(row: &series::Model) -> LifecycleStatus {
    LifecycleStatus::parse(&row.lifecycle_status).unwrap_or_default()
}

pub fn recruitment(row: &series::Model) -> RecruitmentStatus {
    RecruitmentStatus::parse(&row.recruitment_status).unwrap_or_default()
}

/// The stored schedule, if one is set (stored values were checked on the way in; one we can no longer read
/// counts as none rather than failing a page).
pub fn schedule(row: &series::Model) -> Option<Schedule> {
    let start_time = StartTime::parse(row.schedule_start_time.as_deref()?).ok()?;
    let duration = SessionDuration::parse(row.schedule_duration_minutes.map(i64::from)).ok()?;
    let time_zone = ZoneName::parse(row.schedule_time_zone.as_deref()?).ok()?;
    let first_date = FirstDate::parse(row.schedule_first_date.as_deref()?).ok()?;
    let recurrence = match (row.schedule_is_recurring, row.schedule_recurrence_rule.as_deref()) {
        (Some(true), Some(rule)) => Some(RecurrenceRule::parse(rule).ok()?),
        _ => None,
    };
    Some(Schedule::new(start_time, duration, time_zone, first_date, recurrence))
}

/// The precomputed next session, or, once that has passed, the next one computed now.
pub fn next_session(row: &series::Model, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    match row.next_session_at {
        Some(at) if at > now => Some(at),
        _ => schedule(row)?.next_occurrence(now),
    }
}

pub fn pricing(row: &series::Model) -> Option<SeriesPricing> {
    let model = match row.pricing_model.as_deref()? {
        "paid" => PricingModel::Paid,
        _ => PricingModel::Free,
    };
    Some(match model {
        PricingModel::Free => SeriesPricing { model, amount: None, currency_code: None },
        PricingModel::Paid => {
            SeriesPricing { model, amount: row.price_minor.map(format_minor), currency_code: row.currency_code.clone() }
        }
    })
}

fn small(value: Option<i32>) -> Option<u8> {
    value.and_then(|value| u8::try_from(value).ok())
}

fn requirements(row: &series::Model) -> Option<SeriesRequirements> {
    Some(SeriesRequirements {
        min_players: small(row.min_players)?,
        max_players: small(row.max_players)?,
        min_player_age: small(row.min_player_age)?,
    })
}

/// The location; the link only when `show_link` (the GM, and the players accepted to the series).
fn location(row: &series::Model, show_link: bool) -> Option<Location> {
    let kind = match row.location_kind.as_deref()? {
        "online" => LocationKind::Online,
        _ => LocationKind::InPerson,
    };
    Some(Location {
        kind,
        link: row.location_link.clone().filter(|_| show_link),
        city: row.location_city.clone(),
        venue: row.location_venue.clone(),
    })
}

fn language(row: &series::Model) -> Language {
    Language::parse(&row.language).unwrap_or_default()
}

pub async fn by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<series::Model>, DbErr> {
    series::Entity::find_by_id(id).one(conn).await
}

pub async fn image(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<series_image::Model>, DbErr> {
    series_image::Entity::find_by_id(id).one(conn).await
}

/// The share card of a published or active series (see `super::ShareCard`).
pub async fn share_card(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<super::ShareCard>, DbErr> {
    let Some(row) = by_handle(conn, handle).await? else { return Ok(None) };
    if !matches!(lifecycle(&row), LifecycleStatus::Published | LifecycleStatus::Active) {
        return Ok(None);
    }
    let image_path = match (row.thumbnail_image_id, row.banner_image_id) {
        (Some(image), _) => Some(image_url(row.id, ImageKind::Thumbnail, image)),
        (None, Some(image)) => Some(image_url(row.id, ImageKind::Banner, image)),
        (None, None) => None,
    };
    Ok(Some(super::ShareCard { handle: row.handle, title: row.title, description: row.short_description, image_path }))
}

pub async fn by_handle(conn: &impl ConnectionTrait, handle: &str) -> Result<Option<series::Model>, DbErr> {
    series::Entity::find().filter(series::Column::Handle.eq(handle)).one(conn).await
}

/// Handles already taken among `base` and `base-N`.
pub async fn taken_handles(conn: &impl ConnectionTrait, base: &str) -> Result<Vec<String>, DbErr> {
    series::Entity::find()
        .select_only()
        .column(series::Column::Handle)
        .filter(
            Condition::any().add(series::Column::Handle.eq(base)).add(series::Column::Handle.like(format!("{base}-%"))),
        )
        .into_tuple()
        .all(conn)
        .await
}

pub async fn uses_blueprint(conn: &impl ConnectionTrait, blueprint: BlueprintId) -> Result<bool, DbErr> {
    Ok(series::Entity::find().filter(series::Column::BlueprintId.eq(blueprint.as_uuid())).count(conn).await? > 0)
}

/// The view, with the table link when `show_link` (the GM, or an accepted player).
fn view_showing(row: series::Model, blueprint: &BlueprintInfo, show_link: bool, now: DateTime<Utc>) -> Series {
    let schedule_view = schedule(&row).map(|schedule| SeriesSchedule {
        start_time: schedule.start_time().to_string(),
        session_duration_minutes: schedule.duration().minutes(),
        is_recurring: schedule.is_recurring(),
        recurrence_rule: schedule.recurrence().map(|rule| rule.to_string()),
        time_zone: schedule.time_zone().as_str().to_owned(),
        first_date: schedule.first_date().to_string(),
        next_sessions: schedule.next_occurrences(now, NEXT_SESSIONS),
    });
    Series {
        next_session_at: next_session(&row, now),
        pricing: pricing(&row),
        requirements: requirements(&row),
        location: location(&row, show_link),
        language: language(&row),
        lifecycle_status: lifecycle(&row),
        recruitment_status: recruitment(&row),
        schedule: schedule_view,
        id: row.id,
        handle: row.handle,
        title: row.title,
        short_description: row.short_description,
        game_master_id: row.gm_id,
        activity_blueprint: SeriesBlueprint {
            id: blueprint.id.as_uuid(),
            handle: blueprint.handle.clone(),
            title: blueprint.title.clone(),
            parts: None,
        },
        activity_type: blueprint.activity_type,
        game_system_id: blueprint.game_system_id.as_uuid(),
        thumbnail_url: row.thumbnail_image_id.map(|image| image_url(row.id, ImageKind::Thumbnail, image)),
        banner_url: row.banner_image_id.map(|image| image_url(row.id, ImageKind::Banner, image)),
        seats_taken: u32::try_from(row.seats_taken).unwrap_or(0),
        published_at: row.published_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        version: row.version,
    }
}

/// What the API answers for one series, as `viewer` may see it.
pub async fn view(
    conn: &impl ConnectionTrait,
    row: series::Model,
    viewer: Option<AccountId>,
    now: DateTime<Utc>,
) -> Result<Series, DbErr> {
    let is_gm = viewer.is_some_and(|viewer| viewer.as_uuid() == row.gm_id);
    view_as(conn, row, is_gm, now).await
}

/// What the API answers for one series, with the table link when `show_link` (the GM, an accepted player).
pub async fn view_as(
    conn: &impl ConnectionTrait,
    row: series::Model,
    show_link: bool,
    now: DateTime<Utc>,
) -> Result<Series, DbErr> {
    let blueprint = blueprints::blueprint_by_id(conn, BlueprintId(row.blueprint_id))
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("blueprint of series {}", row.id)))?;
    let parts = blueprints::description_of(conn, blueprint.id).await?;
    let mut series = view_showing(row, &blueprint, show_link, now);
    series.activity_blueprint.parts = Some(
        parts
            .into_iter()
            .map(|part| SeriesDescriptionPart { title: part.title, content: part.content, language: part.language })
            .collect(),
    );
    Ok(series)
}

async fn blueprints_of(
    conn: &impl ConnectionTrait,
    rows: &[series::Model],
) -> Result<HashMap<BlueprintId, BlueprintInfo>, DbErr> {
    let ids: Vec<BlueprintId> = rows.iter().map(|row| BlueprintId(row.blueprint_id)).collect();
    blueprints::blueprints_by_ids(conn, &ids).await
}

/// A page of the GM's series, most recently changed first.
pub async fn list_mine(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    page: PageRequest,
    now: DateTime<Utc>,
) -> Result<(Vec<Series>, u64), DbErr> {
    recently_changed(conn, series::Entity::find().filter(series::Column::GmId.eq(gm.as_uuid())), page, now).await
}

/// A page of the series whose ids `ids` selects, most recently changed first, as a player accepted to each sees
/// them (with the table link).
pub async fn list_joined(
    conn: &impl ConnectionTrait,
    ids: sea_orm::sea_query::SelectStatement,
    page: PageRequest,
    now: DateTime<Utc>,
) -> Result<(Vec<Series>, u64), DbErr> {
    recently_changed(conn, series::Entity::find().filter(series::Column::Id.in_subquery(ids)), page, now).await
}

/// A page of `select`, most recently changed first, with the table link: both lists are read by people who may
/// see it (the series' GM, its accepted players).
async fn recently_changed(
    conn: &impl ConnectionTrait,
    select: sea_orm::Select<series::Entity>,
    page: PageRequest,
    now: DateTime<Utc>,
) -> Result<(Vec<Series>, u64), DbErr> {
    let count = select.clone().count(conn).await?;
    let rows = select
        .order_by_desc(series::Column::UpdatedAt)
        .order_by_desc(series::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    let blueprints = blueprints_of(conn, &rows).await?;
    let items = rows
        .into_iter()
        .filter_map(|row| {
            let blueprint = blueprints.get(&BlueprintId(row.blueprint_id))?;
            Some(view_showing(row, blueprint, true, now))
        })
        .collect();
    Ok((items, count))
}

fn bad_query(message: impl Into<String>) -> ApiError {
    ApiError::invalid_argument(ErrorCode::InvalidQueryParameter, message)
}

fn comma_list(text: Option<&str>) -> Vec<&str> {
    text.unwrap_or_default().split(',').map(str::trim).filter(|part| !part.is_empty()).collect()
}

fn amount(name: &str, text: Option<&str>) -> Result<Option<i64>, ApiError> {
    match text.map(str::trim).filter(|text| !text.is_empty()) {
        None => Ok(None),
        Some(text) => match parse_amount_minor(text) {
            Ok(minor) if minor >= 0 => Ok(Some(minor)),
            _ => Err(bad_query(format!("{name} must be an amount such as 10 or 12.50"))),
        },
    }
}

/// `%`, `_` and the escape itself are literal in a search.
fn like_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// An FTS5 query: each word (letters and digits) quoted, as a prefix, all required; `None` when there is none.
fn fts_query(text: &str) -> Option<String> {
    let words: Vec<String> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| format!("\"{word}\"*"))
        .collect();
    if words.is_empty() { None } else { Some(words.join(" ")) }
}

/// The Questboard: published and active series, newest first, filtered.
pub async fn questboard(
    conn: &impl ConnectionTrait,
    query: &QuestboardQuery,
    page: PageRequest,
    now: DateTime<Utc>,
) -> Result<(Vec<QuestboardCard>, u64), ApiError> {
    // Written out, not bound: a partial index is used only for a condition that matches its own
    // (migration m20261125_000009).
    let on_board = format!(
        "lifecycle_status IN ('{}', '{}')",
        LifecycleStatus::Published.as_str(),
        LifecycleStatus::Active.as_str()
    );
    let mut select = series::Entity::find().filter(Expr::cust(on_board));

    let mut systems = Vec::new();
    for text in comma_list(query.game_systems.as_deref()) {
        let id = Uuid::parse_str(text).map_err(|_| bad_query("game_systems must be game system ids"))?;
        systems.push(GameSystemId(id));
    }
    let systems = if systems.is_empty() { None } else { Some(game_systems::with_editions(conn, &systems).await?) };
    if systems.is_some() || query.format.is_some() {
        let blueprints = blueprints::ids_matching(systems.as_deref(), query.format);
        // SQLite would rather look the matches up by blueprint and sort them all; walking the board in order and
        // checking each entry's blueprint fills a page sooner (`+` keeps the column off its own index).
        let column = match conn.get_database_backend() {
            DbBackend::Sqlite => Expr::cust("+\"series\".\"blueprint_id\""),
            _ => Expr::col((series::Entity, series::Column::BlueprintId)),
        };
        select = select.filter(column.in_subquery(blueprints));
    }

    let mut languages = Vec::new();
    for text in comma_list(query.languages.as_deref()) {
        languages.push(Language::parse(text).map_err(|_| bad_query("languages must be among en, fr, nl, pl"))?);
    }
    if !languages.is_empty() {
        select = select.filter(series::Column::Language.is_in(languages.iter().map(|l| l.as_str())));
    }

    match query.price {
        Some(PriceKind::Free) => select = select.filter(series::Column::PricingModel.eq(PricingModel::Free.as_str())),
        Some(PriceKind::Paid) => select = select.filter(series::Column::PricingModel.eq(PricingModel::Paid.as_str())),
        None => {}
    }

    let (min, max) =
        (amount("price_min", query.price_min.as_deref())?, amount("price_max", query.price_max.as_deref())?);
    if let (Some(min), Some(max)) = (min, max)
        && min > max
    {
        // An empty page would say "nothing matches" when the range itself is back to front.
        return Err(bad_query("price_min must not be more than price_max"));
    }
    if min.is_some() || max.is_some() {
        let currency = Currency::parse(query.currency.as_deref().unwrap_or_default())
            .map_err(|_| bad_query("currency (pln or eur) is required with a price range"))?;
        // Free counts as 0 in any currency; a paid series counts only in the chosen one.
        select = select.filter(
            Condition::any()
                .add(series::Column::PricingModel.eq(PricingModel::Free.as_str()))
                .add(series::Column::CurrencyCode.eq(currency.as_str())),
        );
        select = select.filter(series::Column::PriceMinor.gte(min.unwrap_or(0)));
        if let Some(max) = max {
            select = select.filter(series::Column::PriceMinor.lte(max));
        }
    }

    if let Some(text) = query.q.as_deref().map(str::trim).filter(|text| !text.is_empty()) {
        if text.chars().count() > SEARCH_MAX {
            return Err(bad_query(format!("q must be at most {SEARCH_MAX} characters")));
        }
        if conn.get_database_backend() == DbBackend::Sqlite {
            // FTS5 (migration m20261125_000002): every word of the search, as a prefix, in title or description.
            let condition = match fts_query(text) {
                Some(query) => Expr::col(series::Column::Id).in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(Alias::new("series_id"))
                        .from(Alias::new("series_search"))
                        .and_where(Expr::cust_with_values("series_search MATCH ?", [query]))
                        .to_owned(),
                ),
                // Nothing to search for (only punctuation): nothing matches.
                None => Expr::val(1).eq(0),
            };
            select = select.filter(condition);
        } else {
            let pattern = like_pattern(text);
            let matches = |column: series::Column| {
                Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(pattern.clone()).escape('\\'))
            };
            select = select.filter(
                Condition::any().add(matches(series::Column::Title)).add(matches(series::Column::ShortDescription)),
            );
        }
    }

    let count = select.clone().count(conn).await?;
    let rows = select
        .order_by_desc(series::Column::PublishedAt)
        .order_by_desc(series::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    let blueprints = blueprints_of(conn, &rows).await?;
    let items = rows
        .into_iter()
        .filter_map(|row| {
            let blueprint = blueprints.get(&BlueprintId(row.blueprint_id))?;
            Some(QuestboardCard {
                next_session_at: next_session(&row, now),
                pricing: pricing(&row),
                language: language(&row),
                recruitment_status: recruitment(&row),
                min_player_age: small(row.min_player_age),
                min_players: small(row.min_players),
                max_players: small(row.max_players),
                session_duration_minutes: row.schedule_duration_minutes.and_then(|m| u16::try_from(m).ok()),
                time_zone: row.schedule_time_zone.clone(),
                seats_taken: u32::try_from(row.seats_taken).unwrap_or(0),
                thumbnail_url: row.thumbnail_image_id.map(|image| image_url(row.id, ImageKind::Thumbnail, image)),
                game_system_id: blueprint.game_system_id.as_uuid(),
                activity_type: blueprint.activity_type,
                id: row.id,
                handle: row.handle,
                title: row.title,
                short_description: row.short_description,
                game_master_id: row.gm_id,
                published_at: row.published_at,
            })
        })
        .collect();
    Ok((items, count))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_wildcards_are_literal() {
        assert_eq!(like_pattern("100%_Fun\\"), "%100\\%\\_fun\\\\%");
    }

    #[test]
    fn fts_queries_are_quoted_word_prefixes() {
        assert_eq!(fts_query("Łódź, 100% \"dragons\"").as_deref(), Some("\"Łódź\"* \"100\"* \"dragons\"*"));
        assert_eq!(fts_query(" %%% "), None);
    }

    #[test]
    fn comma_lists_skip_blanks() {
        assert_eq!(comma_list(Some(" en, ,pl ")), ["en", "pl"]);
        assert!(comma_list(None).is_empty());
    }
}
