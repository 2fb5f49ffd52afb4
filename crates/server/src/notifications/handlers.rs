//! The notification endpoints. The reader's own notifications and preferences need a signed-in user; the
//! unsubscribe link needs only its signed token (no session, no CSRF header: mail clients post it by themselves).

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::notifications::{NotificationKind, TokenRefusal, UnsubscribeScope};
use questline_domain::{ErrorCode, ErrorType};
use uuid::Uuid;

use super::dto::{
    AllKinds, Notification, NotificationPage, NotificationPreferences, NotificationsQuery, UnsubscribeQuery,
    UnsubscribeResponse, Unsubscribed, UpdateNotificationPreferencesRequest,
};
use super::{store, tokens};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

const TAG: &str = "notifications";

/// The caller's notifications, newest first, page by page; `unread_only` keeps the unread ones.
#[utoipa::path(
    get, path = "/notifications", operation_id = "listNotifications", tag = TAG,
    params(NotificationsQuery),
    responses(
        (status = 200, description = "A page of notifications, with the number of unread ones", body = NotificationPage),
        (status = 400, description = "`offset` or `limit` out of range (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_notifications(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<NotificationsQuery>,
) -> Result<Json<NotificationPage>, ApiError> {
    let page = PageRequest::try_from(PageQuery { offset: query.offset, limit: query.limit })?;
    let (rows, count, unread_count) =
        store::list(state.db.conn(), user.id().as_uuid(), page, query.unread_only.unwrap_or(false)).await?;
    Ok(Json(NotificationPage {
        items: rows.iter().map(store::view).collect(),
        count,
        offset: page.offset,
        limit: page.limit,
        unread_count,
    }))
}

/// Marks one of the caller's notifications read (one already read stays as it was).
#[utoipa::path(
    post, path = "/notifications/{notification_id}/read", operation_id = "markNotificationRead", tag = TAG,
    params(("notification_id" = Uuid, Path, description = "The notification")),
    responses(
        (status = 200, description = "The notification, read", body = Notification),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such notification of yours (`notification_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn mark_notification_read(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<Uuid>,
) -> Result<Json<Notification>, ApiError> {
    let me = user.id();
    let row = state.write(move |w| Box::pin(async move { store::mark_read(&w, me, id).await })).await?;
    Ok(Json(store::view(&row)))
}

/// Marks every notification of the caller's read.
#[utoipa::path(
    post, path = "/notifications/read-all", operation_id = "markAllNotificationsRead", tag = TAG,
    responses(
        (status = 204, description = "All read"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn mark_all_notifications_read(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<StatusCode, ApiError> {
    let me = user.id();
    state.write(move |w| Box::pin(async move { store::mark_all_read(&w, me).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Which notifications the caller gets by e-mail, and which reminders before sessions.
#[utoipa::path(
    get, path = "/notification-preferences", operation_id = "getNotificationPreferences", tag = TAG,
    responses(
        (status = 200, description = "The caller's choices (the defaults until they choose)", body = NotificationPreferences),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_notification_preferences(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<NotificationPreferences>, ApiError> {
    Ok(Json(store::preferences(state.db.conn(), user.id().as_uuid()).await?))
}

/// Replaces the caller's choices.
#[utoipa::path(
    put, path = "/notification-preferences", operation_id = "updateNotificationPreferences", tag = TAG,
    request_body = UpdateNotificationPreferencesRequest,
    responses(
        (status = 200, description = "The choices, stored", body = NotificationPreferences),
        (status = 400, description = "A kind this server does not know (`unknown_notification_kind`), or a malformed body", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn update_notification_preferences(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<UpdateNotificationPreferencesRequest>,
) -> Result<Json<NotificationPreferences>, ApiError> {
    let mut email_kinds = Vec::with_capacity(request.email_kinds.len());
    for name in &request.email_kinds {
        let kind = NotificationKind::parse(name).ok_or_else(|| {
            ApiError::invalid_argument(
                ErrorCode::UnknownNotificationKind,
                format!("Unknown notification kind: {}", name.chars().take(64).collect::<String>()),
            )
        })?;
        email_kinds.push(kind);
    }
    email_kinds.sort();
    email_kinds.dedup();
    let prefs =
        NotificationPreferences { email_kinds, reminder_24h: request.reminder_24h, reminder_1h: request.reminder_1h };
    let me = user.id().as_uuid();
    let stored = prefs.clone();
    state
        .write(move |w| Box::pin(async move { Ok(store::save_preferences(w.txn, me, &stored, w.now).await?) }))
        .await?;
    Ok(Json(prefs))
}

/// Turns off the e-mails an unsubscribe link names (one kind, or all), without signing in: the signed token is
/// the only proof. The e-mail's `List-Unsubscribe` header points here, and mail clients post
/// `List-Unsubscribe=One-Click` form-encoded with no cookie and no CSRF header; any body is accepted and ignored.
#[utoipa::path(
    post, path = "/unsubscribe", operation_id = "unsubscribe", tag = TAG,
    params(UnsubscribeQuery),
    responses(
        (status = 200, description = "Unsubscribed", body = UnsubscribeResponse),
        (status = 400, description = "The token is not one of ours or is damaged (`invalid_unsubscribe_token`), or has expired (`expired_unsubscribe_token`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    Query(query): Query<UnsubscribeQuery>,
) -> Result<Json<UnsubscribeResponse>, ApiError> {
    let now = state.clock.now();
    let secret = tokens::secret(state.db.conn(), now).await?;
    let claims = tokens::verify(&secret, &query.token, now).map_err(|refusal| match refusal {
        TokenRefusal::Invalid => ApiError::new(
            ErrorType::InvalidArgument,
            ErrorCode::InvalidUnsubscribeToken,
            "This unsubscribe link is not valid",
        ),
        TokenRefusal::Expired => ApiError::new(
            ErrorType::InvalidArgument,
            ErrorCode::ExpiredUnsubscribeToken,
            "This unsubscribe link has expired: change your notification settings in your account instead",
        ),
    })?;
    let account = claims.account;
    let scope = claims.scope;
    state
        .write(move |w| {
            Box::pin(async move {
                // An erased account has nothing left to unsubscribe from: answer the same, write nothing.
                if crate::accounts::find(w.txn, account).await?.is_some_and(|row| row.deleted_at.is_none()) {
                    let mut prefs = store::preferences(w.txn, account).await?;
                    prefs.email_kinds = scope.apply(&prefs.email_kinds);
                    store::save_preferences(w.txn, account, &prefs, w.now).await?;
                }
                Ok(())
            })
        })
        .await?;
    let unsubscribed = match scope {
        UnsubscribeScope::Kind(kind) => Unsubscribed::Kind(kind),
        UnsubscribeScope::All => Unsubscribed::All(AllKinds::All),
    };
    Ok(Json(UnsubscribeResponse { unsubscribed }))
}
