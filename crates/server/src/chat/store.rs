//! The writes of chat, each run inside `AppState::write` by its handler: the rules are the domain's
//! (`questline_domain::chat`); what needs the database (who takes part, blocks, the seq of the next row) is checked
//! here, in the same transaction as the write and its events.

use questline_domain::accounts::AccountStatus;
use questline_domain::chat::{ChatParty, check_start, pair_key};
use questline_domain::ids::{AccountId, SeriesId};
use questline_domain::notifications::{CHAT_UNREAD_MINUTES, NotificationKind, NotificationParams, preview};
use questline_domain::series::LifecycleStatus;
use questline_domain::{ErrorCode, ErrorType};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::entities::{block, conversation, message, participant, report};
use super::{events, queries};
use crate::db::unique;
use crate::error::{ApiError, on_unique_violation};
use crate::events::{Audience, Event, Notice};
use crate::jobs::Job;
use crate::state::Write;
use crate::{accounts, series};

pub fn chat_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ChatNotFound, "Chat not found")
}

pub fn chat_user_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ChatUserNotFound, "Chat user not found")
}

pub fn message_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::ChatMessageNotFound, "Message not found")
}

fn series_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::SeriesNotFound, "Series not found")
}

fn yourself() -> ApiError {
    ApiError::new(ErrorType::NotAllowed, ErrorCode::ChatWithYourself, "You cannot block or report yourself")
}

/// The conflict of two starts of the same pair racing: the handler tries once more and opens the winner's.
pub fn start_raced() -> ApiError {
    ApiError::conflict(ErrorCode::StaleVersion, "The chat was started at the same time; try again")
}

/// An account as a chat party: its nickname and whether anyone can talk to it.
pub async fn party(conn: &impl ConnectionTrait, account: Uuid) -> Result<Option<ChatParty>, DbErr> {
    Ok(accounts::find(conn, account).await?.map(|row| ChatParty {
        account: row.id,
        active: row.status() == AccountStatus::Active && row.deleted_at.is_none(),
        nickname: row.display_name,
    }))
}

/// Who a start is with.
#[derive(Debug, Clone, Copy)]
pub enum Target {
    Account(AccountId),
    Series(SeriesId),
}

/// Starts the direct chat of `me` with the target, or opens the one the two already have; a start from a series
/// makes it the context (with a marker in the history) unless it already is. Answers the row and whether it is
/// new.
pub async fn start(w: &Write<'_>, me: AccountId, target: Target) -> Result<(conversation::Model, bool), ApiError> {
    let (other, context) = match target {
        Target::Account(other) => (other, None),
        Target::Series(id) => {
            let facts = series::facts(w.txn, id, w.now).await?.ok_or_else(series_not_found)?;
            // A draft is its GM's secret.
            if facts.lifecycle == LifecycleStatus::Draft && facts.gm != me {
                return Err(series_not_found());
            }
            (facts.gm, Some(id))
        }
    };
    let mine = party(w.txn, me.as_uuid()).await?.ok_or_else(ApiError::unauthorized)?;
    let theirs = party(w.txn, other.as_uuid()).await?;
    check_start(&mine, theirs.as_ref()).map_err(|refusal| {
        let kind =
            if refusal.code() == ErrorCode::ChatUserNotFound { ErrorType::NotFound } else { ErrorType::NotAllowed };
        ApiError::new(kind, refusal.code(), refusal.message())
    })?;
    let key = pair_key(me.as_uuid(), other.as_uuid());
    let (row, created) = match queries::by_pair(w.txn, &key).await? {
        Some(row) => (row, false),
        None => (create(w, &key, me, other).await?, true),
    };
    let participants = vec![me, other];
    let row = match context {
        Some(series) if row.context_series_id != Some(series.as_uuid()) => {
            // A context marker is a row of the history the other side reads: like a message, none towards someone
            // who blocked the caller (issue 31).
            if queries::is_blocked(w.txn, other, me).await? {
                return Err(blocked());
            }
            let seq = next_seq(w, row.id).await?;
            insert_row(w, row.id, seq, queries::KIND_CONTEXT, me, None, None, Some(series.as_uuid())).await?;
            conversation::Entity::update_many()
                .col_expr(conversation::Column::ContextSeriesId, Expr::value(series.as_uuid()))
                .filter(conversation::Column::Id.eq(row.id))
                .exec(w.txn)
                .await?;
            conversation::Entity::find_by_id(row.id).one(w.txn).await?.ok_or_else(chat_not_found)?
        }
        _ => row,
    };
    if created {
        w.record(events::chat_created(row.id, participants)).await?;
    } else if context.is_some() {
        w.record(events::chat_updated(row.id, participants)).await?;
    }
    Ok((row, created))
}

async fn create(w: &Write<'_>, key: &str, me: AccountId, other: AccountId) -> Result<conversation::Model, ApiError> {
    let id = Uuid::now_v7();
    conversation::Entity::insert(conversation::ActiveModel {
        id: Set(id),
        pair_key: Set(key.to_owned()),
        context_series_id: Set(None),
        last_seq: Set(0),
        last_message_at: Set(None),
        created_at: Set(w.now),
        updated_at: Set(w.now),
        version: Set(1),
    })
    .exec_without_returning(w.txn)
    .await
    .map_err(|error| on_unique_violation(error, &unique::CONVERSATION_PAIR, start_raced))?;
    for account in [me, other] {
        participant::Entity::insert(participant::ActiveModel {
            conversation_id: Set(id),
            account_id: Set(account.as_uuid()),
            last_read_seq: Set(0),
            joined_at: Set(w.now),
        })
        .exec_without_returning(w.txn)
        .await?;
    }
    conversation::Entity::find_by_id(id).one(w.txn).await?.ok_or_else(chat_not_found)
}

/// Takes the next `seq` of the conversation. The update locks the conversation's row on PostgreSQL until the
/// transaction ends (SQLite has one writer), so two sends in one conversation never take the same number.
async fn next_seq(w: &Write<'_>, id: Uuid) -> Result<i64, ApiError> {
    conversation::Entity::update_many()
        .col_expr(conversation::Column::LastSeq, Expr::col(conversation::Column::LastSeq).add(1))
        .col_expr(conversation::Column::UpdatedAt, Expr::value(w.now))
        .col_expr(conversation::Column::LastMessageAt, Expr::value(w.now))
        .filter(conversation::Column::Id.eq(id))
        .exec(w.txn)
        .await?;
    let row = conversation::Entity::find_by_id(id).one(w.txn).await?.ok_or_else(chat_not_found)?;
    Ok(row.last_seq)
}

#[allow(clippy::too_many_arguments)]
async fn insert_row(
    w: &Write<'_>,
    conversation: Uuid,
    seq: i64,
    kind: &str,
    sender: AccountId,
    client_id: Option<Uuid>,
    body: Option<String>,
    series: Option<Uuid>,
) -> Result<message::Model, ApiError> {
    let id = Uuid::now_v7();
    message::Entity::insert(message::ActiveModel {
        id: Set(id),
        conversation_id: Set(conversation),
        seq: Set(seq),
        kind: Set(kind.to_owned()),
        sender_id: Set(sender.as_uuid()),
        client_id: Set(client_id),
        body: Set(body),
        series_id: Set(series),
        created_at: Set(w.now),
    })
    .exec_without_returning(w.txn)
    .await
    // Two sends of one client id racing: the unique (sender, client id) index lets one through; the handler then
    // answers the stored one.
    .map_err(|error| on_unique_violation(error, &unique::MESSAGE_CLIENT_ID, client_id_reused))?;
    queries::message_by_id(w.txn, id).await?.ok_or_else(message_not_found)
}

pub fn client_id_reused() -> ApiError {
    ApiError::conflict(ErrorCode::ClientIdReused, "This client id already names another message of yours")
}

fn blocked() -> ApiError {
    ApiError::forbidden(ErrorCode::ChatBlocked, "You cannot send messages to this person")
}

fn you_blocked() -> ApiError {
    ApiError::new(
        ErrorType::UnexpectedState,
        ErrorCode::ChatUserBlocked,
        "You blocked this person: unblock them to send a message",
    )
}

/// What a send did: stored a new message, or found the one this client id already stored.
pub enum Sent {
    New(message::Model),
    Stored(message::Model),
}

/// The stored message of a retried send, if `client_id` names one: the same conversation and text, or a conflict.
pub fn retried(found: message::Model, chat: Uuid, body: &str) -> Result<message::Model, ApiError> {
    if found.conversation_id == chat && found.body.as_deref() == Some(body) {
        Ok(found)
    } else {
        Err(client_id_reused())
    }
}

/// `me` sends `body` to the conversation: stored, with the sender's read marker moved past it and the event to
/// both participants, in one transaction; a client id already stored answers that message.
pub async fn send(w: &Write<'_>, me: AccountId, chat: Uuid, client_id: Uuid, body: String) -> Result<Sent, ApiError> {
    queries::of_participant(w.txn, chat, me).await?.ok_or_else(chat_not_found)?;
    if let Some(found) = queries::by_client_id(w.txn, me, client_id).await? {
        return retried(found, chat, &body).map(Sent::Stored);
    }
    let other = queries::other_participant(w.txn, chat, me).await?;
    if queries::is_blocked(w.txn, other, me).await? {
        return Err(blocked());
    }
    if queries::is_blocked(w.txn, me, other).await? {
        return Err(you_blocked());
    }
    let seq = next_seq(w, chat).await?;
    let row = insert_row(w, chat, seq, queries::KIND_MESSAGE, me, Some(client_id), Some(body), None).await?;
    read_up_to(w, chat, me, seq).await?;
    let view = queries::message_view(w.txn, row.clone()).await?;
    let data = serde_json::to_value(&view).map_err(ApiError::internal)?;
    w.record(events::message_created(row.id, vec![me, other], data)).await?;
    // Still unread a few minutes from now, it becomes a notification (one waiting job per chat and reader: the
    // first unread message of a burst decides).
    let unread = UnreadPayload { chat_id: chat, message_id: row.id, recipient: other.as_uuid() };
    w.schedule(
        Job::new(UNREAD, unread)
            .at(w.now + chrono::Duration::minutes(CHAT_UNREAD_MINUTES))
            .unique(format!("{UNREAD}:{chat}:{other}")),
    )
    .await?;
    Ok(Sent::New(row))
}

/// The job that notifies the reader of a message still unread [`CHAT_UNREAD_MINUTES`] after it was sent.
pub const UNREAD: &str = "chat.notify_unread";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UnreadPayload {
    pub chat_id: Uuid,
    pub message_id: Uuid,
    pub recipient: Uuid,
}

/// The message is still unread by its recipient (who has not blocked its sender): a `chat_message` notice for
/// them, with the newest unread message's preview; once per message however often the job runs.
pub async fn notify_unread(
    txn: &DatabaseTransaction,
    payload: &UnreadPayload,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<bool, DbErr> {
    let Some(first) = queries::message_by_id(txn, payload.message_id).await? else { return Ok(false) };
    let recipient = AccountId(payload.recipient);
    let Some((_, reader)) = queries::of_participant(txn, payload.chat_id, recipient).await? else { return Ok(false) };
    let sender = AccountId(first.sender_id);
    if reader.last_read_seq >= first.seq || queries::is_blocked(txn, recipient, sender).await? {
        return Ok(false);
    }
    let newest = message::Entity::find()
        .filter(message::Column::ConversationId.eq(payload.chat_id))
        .filter(message::Column::SenderId.eq(sender.as_uuid()))
        .filter(message::Column::Kind.eq(queries::KIND_MESSAGE))
        .filter(message::Column::Seq.gt(reader.last_read_seq))
        .all(txn)
        .await?
        .into_iter()
        .max_by_key(|row| row.seq)
        .unwrap_or(first);
    let actor_name = accounts::display_names(txn, &[sender.as_uuid()]).await?.remove(&sender.as_uuid());
    let params = NotificationParams {
        actor_id: Some(sender.as_uuid()),
        actor_name,
        chat_id: Some(payload.chat_id),
        message_preview: Some(preview(newest.body.as_deref().unwrap_or(""))),
        ..Default::default()
    };
    let notice =
        Notice::new(NotificationKind::ChatMessage, vec![recipient], format!("/?chat={}", payload.chat_id), params)
            .key(format!("chat:{}", payload.message_id));
    let event = Event::created("chat_unread", payload.message_id).to(Audience::Internal).notice(notice);
    crate::events::record_at(txn, event, now).await?;
    Ok(true)
}

async fn read_up_to(w: &Write<'_>, chat: Uuid, me: AccountId, seq: i64) -> Result<bool, ApiError> {
    let result = participant::Entity::update_many()
        .col_expr(participant::Column::LastReadSeq, Expr::value(seq))
        .filter(participant::Column::ConversationId.eq(chat))
        .filter(participant::Column::AccountId.eq(me.as_uuid()))
        // A read marker only moves forward (an old tab marking an old message changes nothing).
        .filter(participant::Column::LastReadSeq.lt(seq))
        .exec(w.txn)
        .await?;
    Ok(result.rows_affected > 0)
}

/// `me` has read the conversation up to the message (by default all of it).
pub async fn mark_read(
    w: &Write<'_>,
    me: AccountId,
    chat: Uuid,
    up_to: Option<Uuid>,
) -> Result<conversation::Model, ApiError> {
    let (row, _) = queries::of_participant(w.txn, chat, me).await?.ok_or_else(chat_not_found)?;
    let seq = match up_to {
        Some(id) => {
            queries::message_by_id(w.txn, id)
                .await?
                .filter(|m| m.conversation_id == chat)
                .ok_or_else(message_not_found)?
                .seq
        }
        None => row.last_seq,
    };
    if read_up_to(w, chat, me, seq).await? {
        w.record(events::chat_updated(chat, vec![me])).await?;
    }
    Ok(row)
}

/// The other account, for a block or a report: it must exist (an erased one still does, by its id).
async fn existing_account(w: &Write<'_>, me: AccountId, other: AccountId) -> Result<(), ApiError> {
    if other == me {
        return Err(yourself());
    }
    accounts::find(w.txn, other.as_uuid()).await?.ok_or_else(chat_user_not_found)?;
    Ok(())
}

/// The conversation of two accounts, if they have one.
async fn conversation_of(w: &Write<'_>, a: AccountId, b: AccountId) -> Result<Option<conversation::Model>, DbErr> {
    queries::by_pair(w.txn, &pair_key(a.as_uuid(), b.as_uuid())).await
}

/// `me` blocks `other` (again is no change): no more messages from them; their conversation leaves `me`'s list.
pub async fn block(w: &Write<'_>, me: AccountId, other: AccountId) -> Result<(), ApiError> {
    existing_account(w, me, other).await?;
    let result = block::Entity::insert(block::ActiveModel {
        blocker_id: Set(me.as_uuid()),
        blocked_id: Set(other.as_uuid()),
        created_at: Set(w.now),
    })
    .on_conflict(OnConflict::columns([block::Column::BlockerId, block::Column::BlockedId]).do_nothing().to_owned())
    .exec_without_returning(w.txn)
    .await?;
    if result > 0
        && let Some(row) = conversation_of(w, me, other).await?
    {
        w.record(events::chat_updated(row.id, vec![me])).await?;
    }
    Ok(())
}

/// `me` unblocks `other` (not blocked is no change): their conversation is back in `me`'s list.
pub async fn unblock(w: &Write<'_>, me: AccountId, other: AccountId) -> Result<(), ApiError> {
    existing_account(w, me, other).await?;
    let result = block::Entity::delete_many()
        .filter(block::Column::BlockerId.eq(me.as_uuid()))
        .filter(block::Column::BlockedId.eq(other.as_uuid()))
        .exec(w.txn)
        .await?;
    if result.rows_affected > 0
        && let Some(row) = conversation_of(w, me, other).await?
    {
        w.record(events::chat_updated(row.id, vec![me])).await?;
    }
    Ok(())
}

/// What is reported.
#[derive(Debug, Clone, Copy)]
pub enum Reported {
    Message(Uuid),
    Account(AccountId),
}

/// `me` reports a message of a conversation of theirs, or a person; kept for an admin.
/// `me` reports a message or a person: kept for an admin. A report `me` already made about the same message, or
/// about the same person, is answered instead of a second one (`false`: nothing new was written), so one account
/// cannot pile reports on another (issue 31).
pub async fn report(
    w: &Write<'_>,
    me: AccountId,
    reported: Reported,
    reason: Option<String>,
) -> Result<(report::Model, bool), ApiError> {
    let (account, message_id, message_body) = match reported {
        Reported::Message(id) => {
            let found = queries::message_by_id(w.txn, id).await?.ok_or_else(message_not_found)?;
            // Only a participant knows the message exists.
            queries::of_participant(w.txn, found.conversation_id, me).await?.ok_or_else(message_not_found)?;
            (AccountId(found.sender_id), Some(found.id), found.body)
        }
        Reported::Account(account) => {
            existing_account(w, me, account).await?;
            (account, None, None)
        }
    };
    if account == me {
        return Err(ApiError::new(
            ErrorType::NotAllowed,
            ErrorCode::CannotReportYourself,
            "You cannot report yourself",
        ));
    }
    let same_target = match message_id {
        Some(message) => report::Column::MessageId.eq(message),
        None => report::Column::MessageId.is_null(),
    };
    let open = report::Entity::find()
        .filter(report::Column::ReporterId.eq(me.as_uuid()))
        .filter(report::Column::ReportedAccountId.eq(account.as_uuid()))
        .filter(same_target)
        .one(w.txn)
        .await?;
    if let Some(open) = open {
        return Ok((open, false));
    }
    let id = Uuid::now_v7();
    report::Entity::insert(report::ActiveModel {
        id: Set(id),
        reporter_id: Set(me.as_uuid()),
        reported_account_id: Set(account.as_uuid()),
        message_id: Set(message_id),
        message_body: Set(message_body),
        reason: Set(reason),
        created_at: Set(w.now),
    })
    .exec_without_returning(w.txn)
    .await?;
    let row = report::Entity::find_by_id(id).one(w.txn).await?.ok_or_else(message_not_found)?;
    Ok((row, true))
}
