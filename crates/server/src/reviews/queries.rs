//! Reading reviews, notes and reports, and turning rows into what the API answers: the names of authors and series
//! are fetched once per answer.

use std::collections::HashSet;

use questline_domain::ids::AccountId;
use questline_domain::reviews::{average, editable_until};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect};
use uuid::Uuid;

use super::dto::{PlayerNote, Review, ReviewAnswer, ReviewAuthor, ReviewSummary};
use super::entities::{note, report, review};
use crate::pagination::PageRequest;
use crate::{accounts, series};

pub async fn by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<review::Model>, DbErr> {
    review::Entity::find_by_id(id).one(conn).await
}

/// The review `author` wrote of the session, if any (hidden or not).
pub async fn of_session_author(
    conn: &impl ConnectionTrait,
    session: Uuid,
    author: AccountId,
) -> Result<Option<review::Model>, DbErr> {
    review::Entity::find()
        .filter(review::Column::SessionId.eq(session))
        .filter(review::Column::AuthorId.eq(author.as_uuid()))
        .one(conn)
        .await
}

/// Which of `sessions` `author` reviewed (hidden reviews included: they were given).
pub async fn sessions_reviewed_by(
    conn: &impl ConnectionTrait,
    author: AccountId,
    sessions: &[Uuid],
) -> Result<HashSet<Uuid>, DbErr> {
    if sessions.is_empty() {
        return Ok(HashSet::new());
    }
    let reviewed: Vec<Uuid> = review::Entity::find()
        .select_only()
        .column(review::Column::SessionId)
        .filter(review::Column::AuthorId.eq(author.as_uuid()))
        .filter(review::Column::SessionId.is_in(sessions.iter().copied()))
        .into_tuple()
        .all(conn)
        .await?;
    Ok(reviewed.into_iter().collect())
}

/// A page of the GM's visible reviews, newest first, and how many there are.
pub async fn of_gm(
    conn: &impl ConnectionTrait,
    gm: AccountId,
    page: PageRequest,
) -> Result<(Vec<review::Model>, u64), DbErr> {
    let visible =
        review::Entity::find().filter(review::Column::GmId.eq(gm.as_uuid())).filter(review::Column::HiddenAt.is_null());
    let count = visible.clone().count(conn).await?;
    let rows = visible
        .order_by_desc(review::Column::CreatedAt)
        .order_by_desc(review::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    Ok((rows, count))
}

/// The average and count of the GM's visible reviews; `None` without any. Counted per rating (five rows at most),
/// so the sum needs no database-specific arithmetic.
pub async fn summary(conn: &impl ConnectionTrait, gm: AccountId) -> Result<Option<ReviewSummary>, DbErr> {
    let per_rating: Vec<(i32, i64)> = review::Entity::find()
        .select_only()
        .column(review::Column::Rating)
        .column_as(review::Column::Id.count(), "count")
        .filter(review::Column::GmId.eq(gm.as_uuid()))
        .filter(review::Column::HiddenAt.is_null())
        .group_by(review::Column::Rating)
        .into_tuple()
        .all(conn)
        .await?;
    let (sum, count) = per_rating.iter().fold((0u64, 0u64), |(sum, count), &(rating, n)| {
        let (rating, n) = (u64::try_from(rating).unwrap_or(0), u64::try_from(n).unwrap_or(0));
        (sum + rating * n, count + n)
    });
    Ok(average(sum, count).map(|average| ReviewSummary { average, count }))
}

/// What the API answers for these rows, in their order.
pub async fn views(conn: &impl ConnectionTrait, rows: Vec<review::Model>) -> Result<Vec<Review>, DbErr> {
    let authors: Vec<Uuid> = rows.iter().map(|row| row.author_id).collect();
    let names = accounts::display_names(conn, &authors).await?;
    let series_ids: Vec<Uuid> = rows.iter().map(|row| row.series_id).collect();
    let series = series::names(conn, &series_ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let (handle, title) = series.get(&row.series_id).cloned().unwrap_or_default();
            Review {
                id: row.id,
                session_id: row.session_id,
                series_id: row.series_id,
                series_handle: handle,
                series_title: title,
                gm_id: row.gm_id,
                author: ReviewAuthor {
                    account_id: row.author_id,
                    display_name: names.get(&row.author_id).cloned().unwrap_or_default(),
                },
                rating: row.rating,
                body: row.body,
                editable_until: editable_until(row.created_at),
                created_at: row.created_at,
                updated_at: row.updated_at,
                answer: match (row.answer_body, row.answered_at) {
                    (Some(body), Some(created_at)) => Some(ReviewAnswer { body, created_at }),
                    _ => None,
                },
            }
        })
        .collect())
}

pub async fn view(conn: &impl ConnectionTrait, row: review::Model) -> Result<Review, DbErr> {
    Ok(views(conn, vec![row]).await?.pop().expect("one view per row"))
}

pub async fn note_of(conn: &impl ConnectionTrait, gm: AccountId, player: Uuid) -> Result<Option<note::Model>, DbErr> {
    note::Entity::find_by_id((gm.as_uuid(), player)).one(conn).await
}

pub fn note_view(player: Uuid, row: Option<note::Model>) -> PlayerNote {
    match row {
        Some(row) => PlayerNote { player_id: player, body: row.body, updated_at: Some(row.updated_at) },
        None => PlayerNote { player_id: player, body: String::new(), updated_at: None },
    }
}

/// Every review report with its review, newest first.
pub async fn reports(conn: &impl ConnectionTrait) -> Result<Vec<(report::Model, Option<review::Model>)>, DbErr> {
    let rows = report::Entity::find()
        .order_by_desc(report::Column::CreatedAt)
        .order_by_desc(report::Column::Id)
        .all(conn)
        .await?;
    let ids: Vec<Uuid> = rows.iter().map(|row| row.review_id).collect();
    let reviews: std::collections::HashMap<Uuid, review::Model> = review::Entity::find()
        .filter(review::Column::Id.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| (r.id, r))
        .collect();
    Ok(rows
        .into_iter()
        .map(|row| {
            let found = reviews.get(&row.review_id).cloned();
            (row, found)
        })
        .collect())
}
