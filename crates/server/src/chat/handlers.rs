//! The chat endpoints. Every one needs a signed-in user; only a conversation's two participants read or write it
//! (to anyone else it is `chat_not_found`). A handler checks the request, runs one store function in a write
//! transaction and answers the fresh view: a message is committed before its sender hears it was sent.

use axum::extract::State;
use axum::http::StatusCode;
use questline_domain::chat::{parse_body, parse_history_page};
use questline_domain::ids::{AccountId, SeriesId};
use questline_domain::{DomainError, ErrorCode, ErrorType, FieldErrors};
use uuid::Uuid;

use super::dto::{
    Chat, ChatMessage, ChatMessagePage, ChatMessagesQuery, ChatPage, ChatReport, ChatType, ChatUser,
    MarkChatReadRequest, ReportChatRequest, SendChatMessageRequest, StartDirectChatRequest,
};
use super::queries;
use super::store::{self, Reported, Sent, Target, chat_not_found, chat_user_not_found, message_not_found};
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::http::{Json, Path, Query};
use crate::pagination::{PageQuery, PageRequest};
use crate::state::AppState;

const TAG: &str = "chat";
/// The name of sending in the per-account rate limit.
const SEND: &str = "chat_send";
/// The rate limit's name for a report, and how many one account may make per hour (issue 31).
const REPORT: &str = "chat_report";
const REPORTS_PER_HOUR: u32 = 10;

fn field_error(field: &str, error: questline_domain::FieldError) -> ApiError {
    let mut fields = FieldErrors::new();
    fields.insert(field.to_owned(), vec![error]);
    DomainError::invalid_fields(fields).into()
}

async fn chat_view(
    state: &AppState,
    row: super::entities::conversation::Model,
    me: AccountId,
) -> Result<Json<Chat>, ApiError> {
    Ok(Json(queries::view(state.db.conn(), row, me).await?))
}

/// Starts a direct chat with another account, or with a series' GM about that series; a chat the two already
/// have is opened instead (a start from another series makes that the context, with a marker in the history).
#[utoipa::path(
    post, path = "/chats", operation_id = "startDirectChat", tag = TAG,
    request_body = StartDirectChatRequest,
    responses(
        (status = 200, description = "The chat the two already had", body = Chat),
        (status = 201, description = "A new chat", body = Chat),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such account to chat with, or it is suspended, erased or has no nickname (`chat_user_not_found`); no such series, or a draft (`series_not_found`)", body = ErrorBody),
        (status = 403, description = "A start from a series that would change the context of a chat with someone who blocked you (`chat_blocked`)", body = ErrorBody),
        (status = 409, description = "The other side is you (`chat_with_yourself`), you have no nickname (`nickname_required`), or the same chat was started at the same moment (`stale_version`, try again)", body = ErrorBody),
        (status = 429, description = "A start from a series past the chat's per-minute limit (`rate_limited`, with `Retry-After`)", body = ErrorBody),
        (status = 422, description = "Neither or both of `user_id` and `series_id` (`chat_target_required`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip_all, fields(account = %user.id()))]
pub async fn start_direct_chat(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<StartDirectChatRequest>,
) -> Result<(StatusCode, Json<Chat>), ApiError> {
    // Direct chats are the only kind (the field is the spec's shape and its one value).
    let ChatType::Direct = request.kind;
    let target = match (request.user_id, request.series_id) {
        (Some(account), None) => Target::Account(AccountId(account)),
        (None, Some(series)) => Target::Series(SeriesId(series)),
        _ => {
            return Err(ApiError::new(
                ErrorType::InvalidData,
                ErrorCode::ChatTargetRequired,
                "Give either user_id or series_id",
            ));
        }
    };
    let me = user.id();
    // A start from a series may write a context marker into the other side's history: it counts against the
    // chat's limit like a message (issue 31).
    if let Target::Series(_) = target {
        state.auth.limits.account_action_per_minute(SEND, me.as_uuid(), state.config.chat_messages_per_minute)?;
    }
    let start = || state.write(move |w| Box::pin(async move { store::start(&w, me, target).await }));
    // Two first starts of one pair racing: the loser finds the winner's chat on a second try.
    let (row, created) = match start().await {
        Err(error) if error.code == ErrorCode::StaleVersion => start().await?,
        other => other?,
    };
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, chat_view(&state, row, me).await?))
}

/// The caller's chats, most recently active first, each with the last message and the unread count; chats with
/// someone the caller blocked are left out.
#[utoipa::path(
    get, path = "/chats", operation_id = "listChats", tag = TAG,
    params(PageQuery),
    responses(
        (status = 200, description = "A page of chats", body = ChatPage),
        (status = 400, description = "`offset` or `limit` out of range (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn list_chats(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Json<ChatPage>, ApiError> {
    let page = PageRequest::try_from(query)?;
    let (items, count) = queries::list(state.db.conn(), user.id(), page).await?;
    Ok(Json(ChatPage { items, count, offset: page.offset, limit: page.limit }))
}

/// One chat of the caller's.
#[utoipa::path(
    get, path = "/chats/{chat_id}", operation_id = "getChat", tag = TAG,
    params(("chat_id" = Uuid, Path, description = "The chat")),
    responses(
        (status = 200, description = "The chat", body = Chat),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such chat of yours (`chat_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn get_chat(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(chat_id): Path<Uuid>,
) -> Result<Json<Chat>, ApiError> {
    let (row, _) = queries::of_participant(state.db.conn(), chat_id, user.id()).await?.ok_or_else(chat_not_found)?;
    chat_view(&state, row, user.id()).await
}

/// Someone to chat with, by account id: their id and nickname. Unknown, suspended and erased accounts and those
/// without a nickname are not chat users (the web app then shows no Chat button).
#[utoipa::path(
    get, path = "/chat-users/{account_id}", operation_id = "getChatUser", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The account")),
    responses(
        (status = 200, description = "The chat user", body = ChatUser),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Not someone to chat with (`chat_user_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, _user))]
pub async fn get_chat_user(
    State(state): State<AppState>,
    _user: CurrentUser,
    Path(account_id): Path<Uuid>,
) -> Result<Json<ChatUser>, ApiError> {
    let party = store::party(state.db.conn(), account_id)
        .await?
        .filter(|party| party.active && !party.nickname.trim().is_empty())
        .ok_or_else(chat_user_not_found)?;
    Ok(Json(ChatUser { user_id: party.account, nickname: party.nickname }))
}

/// A page of a chat's history, newest first: messages and the markers where its context changed. For older
/// messages, pass the `next_before` of the page before.
#[utoipa::path(
    get, path = "/chats/{chat_id}/messages", operation_id = "listChatMessages", tag = TAG,
    params(("chat_id" = Uuid, Path, description = "The chat"), ChatMessagesQuery),
    responses(
        (status = 200, description = "A page of history", body = ChatMessagePage),
        (status = 400, description = "`before` is not a message id or `limit` is out of range (`invalid_query_parameter`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such chat of yours (`chat_not_found`), or `before` is no message of it (`chat_message_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, query), fields(account = %user.id()))]
pub async fn list_chat_messages(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(chat_id): Path<Uuid>,
    Query(query): Query<ChatMessagesQuery>,
) -> Result<Json<ChatMessagePage>, ApiError> {
    let page = parse_history_page(query.before.as_deref(), query.limit)
        .map_err(|error| ApiError::invalid_argument(ErrorCode::InvalidQueryParameter, error.message()))?;
    let conn = state.db.conn();
    queries::of_participant(conn, chat_id, user.id()).await?.ok_or_else(chat_not_found)?;
    let before_seq = match page.before {
        Some(id) => Some(
            queries::message_by_id(conn, id)
                .await?
                .filter(|row| row.conversation_id == chat_id)
                .ok_or_else(message_not_found)?
                .seq,
        ),
        None => None,
    };
    let (rows, more) = queries::history(conn, chat_id, before_seq, page.limit).await?;
    let next_before = if more { rows.last().map(|row| row.id) } else { None };
    Ok(Json(ChatMessagePage { items: queries::message_views(conn, rows).await?, next_before }))
}

/// Sends a message. It is stored before this answers; sending again with the same `client_id` answers the stored
/// message (200) instead of storing a second.
#[utoipa::path(
    post, path = "/chats/{chat_id}/messages", operation_id = "sendChatMessage", tag = TAG,
    params(("chat_id" = Uuid, Path, description = "The chat")),
    request_body = SendChatMessageRequest,
    responses(
        (status = 200, description = "Already stored under this client id", body = ChatMessage),
        (status = 201, description = "Stored and delivered to both participants", body = ChatMessage),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The other participant blocked you (`chat_blocked`)", body = ErrorBody),
        (status = 404, description = "No such chat of yours (`chat_not_found`)", body = ErrorBody),
        (status = 409, description = "You blocked the other participant (`chat_user_blocked`), or this client id names another message (`client_id_reused`)", body = ErrorBody),
        (status = 422, description = "The body is blank (`message_required`), longer than 2000 characters (`message_too_long`) or holds control characters (`message_control_characters`)", body = ErrorBody),
        (status = 429, description = "Too many messages this minute (`rate_limited`, `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn send_chat_message(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(chat_id): Path<Uuid>,
    Json(request): Json<SendChatMessageRequest>,
) -> Result<(StatusCode, Json<ChatMessage>), ApiError> {
    let body = parse_body(&request.body).map_err(|error| field_error("body", error))?;
    let (me, client_id) = (user.id(), request.client_id);
    let conn = state.db.conn();
    // A retry of a stored message is answered without counting against the limit.
    if let Some(found) = queries::by_client_id(conn, me, client_id).await? {
        queries::of_participant(conn, chat_id, me).await?.ok_or_else(chat_not_found)?;
        let found = store::retried(found, chat_id, &body)?;
        return Ok((StatusCode::OK, Json(queries::message_view(conn, found).await?)));
    }
    state.auth.limits.account_action_per_minute(SEND, me.as_uuid(), state.config.chat_messages_per_minute)?;
    let text = body.clone();
    let sent = state.write(move |w| Box::pin(async move { store::send(&w, me, chat_id, client_id, text).await })).await;
    let (status, row) = match sent {
        Ok(Sent::New(row)) => (StatusCode::CREATED, row),
        Ok(Sent::Stored(row)) => (StatusCode::OK, row),
        // Two sends of one client id at once: the other one stored it.
        Err(error) if error.code == ErrorCode::ClientIdReused => {
            let found = queries::by_client_id(conn, me, client_id).await?.ok_or(error)?;
            (StatusCode::OK, store::retried(found, chat_id, &body)?)
        }
        Err(error) => return Err(error),
    };
    Ok((status, Json(queries::message_view(conn, row).await?)))
}

/// Marks the chat read up to a message (by default the newest). A read marker never moves back.
#[utoipa::path(
    post, path = "/chats/{chat_id}/read", operation_id = "markChatRead", tag = TAG,
    params(("chat_id" = Uuid, Path, description = "The chat")),
    request_body = MarkChatReadRequest,
    responses(
        (status = 200, description = "The chat with its new unread count", body = Chat),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such chat of yours (`chat_not_found`), or no such message in it (`chat_message_not_found`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn mark_chat_read(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(chat_id): Path<Uuid>,
    Json(request): Json<MarkChatReadRequest>,
) -> Result<Json<Chat>, ApiError> {
    let me = user.id();
    let up_to = request.message_id;
    let row = state.write(move |w| Box::pin(async move { store::mark_read(&w, me, chat_id, up_to).await })).await?;
    chat_view(&state, row, me).await
}

/// Blocks an account: no more messages from them, and your chat with them leaves your list. Blocking again
/// changes nothing.
#[utoipa::path(
    put, path = "/chat-users/{account_id}/block", operation_id = "blockUser", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The account to block")),
    responses(
        (status = 204, description = "Blocked"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such account (`chat_user_not_found`)", body = ErrorBody),
        (status = 409, description = "That is you (`chat_with_yourself`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn block_user(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(account_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    let (me, other) = (user.id(), AccountId(account_id));
    state.write(move |w| Box::pin(async move { store::block(&w, me, other).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Unblocks an account: they may message you again and your chat with them is back in your list. Unblocking
/// someone not blocked changes nothing.
#[utoipa::path(
    delete, path = "/chat-users/{account_id}/block", operation_id = "unblockUser", tag = TAG,
    params(("account_id" = Uuid, Path, description = "The account to unblock")),
    responses(
        (status = 204, description = "Not blocked (any more)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such account (`chat_user_not_found`)", body = ErrorBody),
        (status = 409, description = "That is you (`chat_with_yourself`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user), fields(account = %user.id()))]
pub async fn unblock_user(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(account_id): Path<Uuid>,
) -> Result<StatusCode, ApiError> {
    let (me, other) = (user.id(), AccountId(account_id));
    state.write(move |w| Box::pin(async move { store::unblock(&w, me, other).await })).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Reports a message of one of your chats, or a person, with an optional reason: kept for an admin
/// (`questline admin reports`).
#[utoipa::path(
    post, path = "/chat-reports", operation_id = "reportChatMessage", tag = TAG,
    request_body = ReportChatRequest,
    responses(
        (status = 200, description = "You reported this message or person already: that report, unchanged", body = ChatReport),
        (status = 201, description = "Reported", body = ChatReport),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such message in a chat of yours (`chat_message_not_found`), or no such account (`chat_user_not_found`)", body = ErrorBody),
        (status = 409, description = "The message or person is you (`cannot_report_yourself`, `chat_with_yourself`)", body = ErrorBody),
        (status = 422, description = "Neither or both of `message_id` and `user_id` (`report_target_required`); the reason is longer than 1000 characters or holds control characters (`reason`)", body = ErrorBody),
        (status = 429, description = "More than 10 reports in an hour (`rate_limited`, with `Retry-After`)", body = ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user, request), fields(account = %user.id()))]
pub async fn report_chat_message(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(request): Json<ReportChatRequest>,
) -> Result<(StatusCode, Json<ChatReport>), ApiError> {
    let reported = match (request.message_id, request.user_id) {
        (Some(message), None) => Reported::Message(message),
        (None, Some(account)) => Reported::Account(AccountId(account)),
        _ => {
            return Err(ApiError::new(
                ErrorType::InvalidData,
                ErrorCode::ReportTargetRequired,
                "Give either message_id or user_id",
            ));
        }
    };
    let reason = questline_domain::applications::message_field(request.reason.as_deref(), "reason")?;
    let me = user.id();
    state.auth.limits.account_action(REPORT, me.as_uuid(), REPORTS_PER_HOUR)?;
    let (row, created) =
        state.write(move |w| Box::pin(async move { store::report(&w, me, reported, reason).await })).await?;
    if created {
        state.auth.limits.account_action_done(REPORT, me.as_uuid());
    }
    let answer = ChatReport {
        id: row.id,
        reported_user_id: row.reported_account_id,
        message_id: row.message_id,
        created_at: row.created_at,
    };
    Ok((if created { StatusCode::CREATED } else { StatusCode::OK }, Json(answer)))
}
