//! The calendar endpoints: your feed's addresses (asked for, and replaced), the feed itself (by its token, for a
//! calendar app that has no cookie), and one session's event for the session page's "Add to calendar".

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use questline_domain::ErrorCode;
use questline_domain::accounts::{AccountStatus, Locale};
use questline_domain::campaign::calendar::{self, MEDIA_TYPE};
use questline_domain::ids::{AccountId, SessionId};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, sea_query::OnConflict};
use uuid::Uuid;

use super::dto::{CalendarFeedQuery, CalendarFeedState, CalendarLinks};
use super::entities::calendar_feed;
use super::events::{calendar_name, events_of, feed_of};
use crate::auth::CurrentUser;
use crate::auth::tokens::new_token;
use crate::db::entities::account;
use crate::error::{ApiError, ErrorBody};
use crate::http::conditional::holds_current;
use crate::http::{Json, Path, Query};
use crate::sessions;
use crate::state::AppState;

const TAG: &str = "calendar";

fn links(state: &AppState, token: &str) -> CalendarLinks {
    let https_url = format!("{}/api/calendar.ics?token={token}", state.config.public_url());
    let webcal_url = match https_url.split_once("://") {
        Some((_, rest)) => format!("webcal://{rest}"),
        None => https_url.clone(),
    };
    CalendarLinks { https_url, webcal_url }
}

fn feed_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::NotFound, "No such calendar")
}

/// Your calendar feed's addresses, or none before you asked for one.
#[utoipa::path(
    get, path = "/account/calendar", operation_id = "getCalendarLinks", tag = TAG,
    responses(
        (status = 200, description = "Your feed's addresses (`feed` is null until you ask for one)", body = CalendarFeedState),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn get_calendar_links(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<CalendarFeedState>, ApiError> {
    let row = calendar_feed::Entity::find_by_id(user.id().as_uuid()).one(state.db.conn()).await?;
    Ok(Json(CalendarFeedState { feed: row.map(|row| links(&state, &row.token)) }))
}

/// Gives you a feed address, or a new one in place of the old, which stops working at once.
#[utoipa::path(
    post, path = "/account/calendar", operation_id = "replaceCalendarToken", tag = TAG,
    responses(
        (status = 200, description = "Your feed's new addresses", body = CalendarLinks),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn replace_calendar_token(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<CalendarLinks>, ApiError> {
    let account = user.id().as_uuid();
    // The token is the whole secret: 256 random bits, URL-safe (the hash `new_token` also gives is not kept, see
    // the migration).
    let (token, _) = new_token();
    let stored = token.clone();
    state
        .write(move |w| {
            Box::pin(async move {
                calendar_feed::Entity::insert(calendar_feed::ActiveModel {
                    account_id: Set(account),
                    token: Set(stored),
                    created_at: Set(w.now),
                })
                .on_conflict(
                    OnConflict::column(calendar_feed::Column::AccountId)
                        .update_columns([calendar_feed::Column::Token, calendar_feed::Column::CreatedAt])
                        .to_owned(),
                )
                .exec_without_returning(w.txn)
                .await?;
                Ok(())
            })
        })
        .await?;
    Ok(Json(links(&state, &token)))
}

/// `text/calendar` with its validators; 304 when the app's copy (`If-None-Match`, else `If-Modified-Since`) is
/// current.
fn calendar_response(
    request: &HeaderMap,
    body: String,
    etag: String,
    last_modified: Option<DateTime<Utc>>,
    filename: Option<&str>,
) -> Response {
    let unchanged = if request.contains_key(header::IF_NONE_MATCH) {
        holds_current(request, &etag)
    } else {
        match (request.get(header::IF_MODIFIED_SINCE).and_then(|v| v.to_str().ok()), last_modified) {
            (Some(since), Some(modified)) => {
                DateTime::parse_from_rfc2822(since).is_ok_and(|since| modified <= since.with_timezone(&Utc))
            }
            _ => false,
        }
    };
    let mut response = if unchanged { StatusCode::NOT_MODIFIED.into_response() } else { body.into_response() };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(MEDIA_TYPE));
    // Private: the feed is one person's; apps revalidate with the validators each time they poll.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-cache"));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if let Some(modified) = last_modified
        && let Ok(value) = HeaderValue::from_str(&modified.format("%a, %d %b %Y %H:%M:%S GMT").to_string())
    {
        headers.insert(header::LAST_MODIFIED, value);
    }
    if let Some(filename) = filename
        && let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\""))
    {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// Your calendar feed (iCalendar, RFC 5545): every session you play in (holding or offered a seat) or run, from 30
/// days back on. For calendar apps: the token in the address is the only key.
#[utoipa::path(
    get, path = "/calendar.ics", operation_id = "getCalendarFeed", tag = TAG,
    params(CalendarFeedQuery),
    responses(
        (status = 200, description = "The feed", content_type = "text/calendar", body = String),
        (status = 304, description = "Unchanged since the copy the app holds"),
        (status = 400, description = "No token (`invalid_query_parameter`)", body = ErrorBody),
        (status = 404, description = "No feed has this token (`not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn calendar_feed(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<CalendarFeedQuery>,
) -> Result<Response, ApiError> {
    let conn = state.db.conn();
    let feed = calendar_feed::Entity::find()
        .filter(calendar_feed::Column::Token.eq(query.token.as_str()))
        .one(conn)
        .await?
        .ok_or_else(feed_not_found)?;
    let owner = account::Entity::find_by_id(feed.account_id).one(conn).await?.ok_or_else(feed_not_found)?;
    if AccountStatus::parse(&owner.status) != Some(AccountStatus::Active) {
        return Err(feed_not_found());
    }
    let locale = Locale::parse(&owner.locale).unwrap_or_default();
    let base = state.config.public_url();
    let events = feed_of(conn, &base, AccountId(owner.id), state.clock.now()).await?;
    let feed = calendar::feed(&calendar_name(locale, &owner.display_name), locale, &events);
    Ok(calendar_response(&headers, feed.body, feed.etag, feed.last_modified, None))
}

/// One of your sessions as an event, to add to your calendar (an `.ics` download).
#[utoipa::path(
    get, path = "/sessions/{session_id}/calendar.ics", operation_id = "getSessionCalendarEvent", tag = TAG,
    params(("session_id" = Uuid, Path, description = "A session you run or play in")),
    responses(
        (status = 200, description = "The event", content_type = "text/calendar", body = String),
        (status = 304, description = "Unchanged since the copy the browser holds"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such session of yours (`session_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, headers), fields(account = %user.id()))]
pub async fn session_calendar_event(
    State(state): State<AppState>,
    user: CurrentUser,
    headers: HeaderMap,
    Path(session_id): Path<Uuid>,
) -> Result<Response, ApiError> {
    let conn = state.db.conn();
    let now = state.clock.now();
    let rows = sessions::calendar_of(conn, user.id(), now, Some(SessionId(session_id))).await?;
    let events = events_of(conn, &state.config.public_url(), rows).await?;
    let event = events.first().ok_or_else(|| ApiError::not_found(ErrorCode::SessionNotFound, "Session not found"))?;
    let locale = Locale::parse(&user.account.locale).unwrap_or_default();
    let body = calendar::single_event(locale, event);
    let etag = calendar::etag(&body);
    let modified = calendar::last_modified(std::slice::from_ref(event));
    Ok(calendar_response(&headers, body, etag, modified, Some("questline-session.ics")))
}
