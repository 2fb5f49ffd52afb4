//! Reading conversations and turning rows into what the API answers: the participants' nicknames, the context's
//! series, the last row of history, the unread count and whether the caller blocked the other side.

use std::collections::HashMap;

use questline_domain::ids::AccountId;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
};
use uuid::Uuid;

use super::dto::{Chat, ChatContext, ChatMessage, ChatMessageKind, ChatType, ChatUser};
use super::entities::{block, conversation, message, participant};
use crate::pagination::PageRequest;
use crate::{accounts, series};

pub const KIND_MESSAGE: &str = "message";
pub const KIND_CONTEXT: &str = "context";

/// The conversation, if `account` takes part in it (to anyone else it does not exist).
pub async fn of_participant(
    conn: &impl ConnectionTrait,
    id: Uuid,
    account: AccountId,
) -> Result<Option<(conversation::Model, participant::Model)>, DbErr> {
    let Some(me) = participant::Entity::find_by_id((id, account.as_uuid())).one(conn).await? else {
        return Ok(None);
    };
    Ok(conversation::Entity::find_by_id(id).one(conn).await?.map(|row| (row, me)))
}

pub async fn by_pair(conn: &impl ConnectionTrait, pair_key: &str) -> Result<Option<conversation::Model>, DbErr> {
    conversation::Entity::find().filter(conversation::Column::PairKey.eq(pair_key)).one(conn).await
}

/// The other participant of a conversation of `me`.
pub async fn other_participant(conn: &impl ConnectionTrait, id: Uuid, me: AccountId) -> Result<AccountId, DbErr> {
    let row = participant::Entity::find()
        .filter(participant::Column::ConversationId.eq(id))
        .filter(participant::Column::AccountId.ne(me.as_uuid()))
        .one(conn)
        .await?;
    // A direct chat always has two; a missing one reads as talking to oneself, which nothing can reach.
    Ok(row.map_or(me, |row| AccountId(row.account_id)))
}

pub async fn is_blocked(conn: &impl ConnectionTrait, blocker: AccountId, blocked: AccountId) -> Result<bool, DbErr> {
    Ok(block::Entity::find_by_id((blocker.as_uuid(), blocked.as_uuid())).one(conn).await?.is_some())
}

pub async fn message_by_id(conn: &impl ConnectionTrait, id: Uuid) -> Result<Option<message::Model>, DbErr> {
    message::Entity::find_by_id(id).one(conn).await
}

/// The message `sender` sent with this client id, if any.
pub async fn by_client_id(
    conn: &impl ConnectionTrait,
    sender: AccountId,
    client_id: Uuid,
) -> Result<Option<message::Model>, DbErr> {
    message::Entity::find()
        .filter(message::Column::SenderId.eq(sender.as_uuid()))
        .filter(message::Column::ClientId.eq(client_id))
        .one(conn)
        .await
}

async fn contexts(conn: &impl ConnectionTrait, ids: &[Uuid]) -> Result<HashMap<Uuid, ChatContext>, DbErr> {
    Ok(series::names(conn, ids)
        .await?
        .into_iter()
        .map(|(series_id, (handle, title))| (series_id, ChatContext { series_id, handle, title }))
        .collect())
}

/// What the API answers for these rows, in their order.
pub async fn message_views(conn: &impl ConnectionTrait, rows: Vec<message::Model>) -> Result<Vec<ChatMessage>, DbErr> {
    let mut series_ids: Vec<Uuid> = rows.iter().filter_map(|row| row.series_id).collect();
    series_ids.sort_unstable();
    series_ids.dedup();
    let names = contexts(conn, &series_ids).await?;
    Ok(rows
        .into_iter()
        .map(|row| ChatMessage {
            id: row.id,
            chat_id: row.conversation_id,
            kind: if row.kind == KIND_CONTEXT { ChatMessageKind::Context } else { ChatMessageKind::Message },
            sender_id: row.sender_id,
            client_id: row.client_id,
            body: row.body,
            context: row.series_id.and_then(|id| names.get(&id).cloned()),
            created_at: row.created_at,
        })
        .collect())
}

pub async fn message_view(conn: &impl ConnectionTrait, row: message::Model) -> Result<ChatMessage, DbErr> {
    Ok(message_views(conn, vec![row]).await?.remove(0))
}

/// The conversation as `me` sees it.
pub async fn view(conn: &impl ConnectionTrait, row: conversation::Model, me: AccountId) -> Result<Chat, DbErr> {
    let members = participant::Entity::find().filter(participant::Column::ConversationId.eq(row.id)).all(conn).await?;
    let mut ids: Vec<Uuid> = members.iter().map(|member| member.account_id).collect();
    // The caller first.
    ids.sort_by_key(|id| *id != me.as_uuid());
    let names = accounts::display_names(conn, &ids).await?;
    let participants = ids
        .iter()
        .map(|id| ChatUser { user_id: *id, nickname: names.get(id).cloned().unwrap_or_default() })
        .collect::<Vec<_>>();
    let read = members.iter().find(|member| member.account_id == me.as_uuid()).map_or(0, |m| m.last_read_seq);
    let unread_count = message::Entity::find()
        .filter(message::Column::ConversationId.eq(row.id))
        .filter(message::Column::Seq.gt(read))
        .filter(message::Column::Kind.eq(KIND_MESSAGE))
        .filter(message::Column::SenderId.ne(me.as_uuid()))
        .count(conn)
        .await?;
    let last = message::Entity::find()
        .filter(message::Column::ConversationId.eq(row.id))
        .order_by_desc(message::Column::Seq)
        .one(conn)
        .await?;
    let last_message = match last {
        Some(last) => Some(message_view(conn, last).await?),
        None => None,
    };
    let context = match row.context_series_id {
        Some(id) => contexts(conn, &[id]).await?.remove(&id),
        None => None,
    };
    let other = ids.iter().copied().find(|id| *id != me.as_uuid()).map(AccountId);
    let blocked_by_me = match other {
        Some(other) => is_blocked(conn, me, other).await?,
        None => false,
    };
    Ok(Chat {
        id: row.id,
        kind: ChatType::Direct,
        participants,
        context,
        last_message,
        unread_count,
        blocked_by_me,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

/// A page of `me`'s conversations, most recently active first, leaving out those with someone `me` blocked.
pub async fn list(conn: &impl ConnectionTrait, me: AccountId, page: PageRequest) -> Result<(Vec<Chat>, u64), DbErr> {
    let blocked: Vec<Uuid> = block::Entity::find()
        .select_only()
        .column(block::Column::BlockedId)
        .filter(block::Column::BlockerId.eq(me.as_uuid()))
        .into_tuple::<Uuid>()
        .all(conn)
        .await?;
    let mine = participant::Entity::find()
        .select_only()
        .column(participant::Column::ConversationId)
        .filter(participant::Column::AccountId.eq(me.as_uuid()))
        .into_tuple::<Uuid>()
        .all(conn)
        .await?;
    // Hidden: the conversations whose other participant is one `me` blocked.
    let hidden: Vec<Uuid> = if blocked.is_empty() || mine.is_empty() {
        Vec::new()
    } else {
        participant::Entity::find()
            .select_only()
            .column(participant::Column::ConversationId)
            .filter(participant::Column::ConversationId.is_in(mine.clone()))
            .filter(participant::Column::AccountId.is_in(blocked))
            .into_tuple::<Uuid>()
            .all(conn)
            .await?
    };
    let shown: Vec<Uuid> = mine.into_iter().filter(|id| !hidden.contains(id)).collect();
    if shown.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let query = conversation::Entity::find().filter(conversation::Column::Id.is_in(shown));
    let count = query.clone().count(conn).await?;
    let rows = query
        .order_by_desc(conversation::Column::UpdatedAt)
        .order_by_desc(conversation::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    let mut items = Vec::with_capacity(rows.len());
    for row in rows {
        items.push(view(conn, row, me).await?);
    }
    Ok((items, count))
}

/// Up to `limit` rows of history older than `before_seq` (all when none), newest first, and whether older ones
/// remain.
pub async fn history(
    conn: &impl ConnectionTrait,
    id: Uuid,
    before_seq: Option<i64>,
    limit: u64,
) -> Result<(Vec<message::Model>, bool), DbErr> {
    let mut rows = message::Entity::find()
        .filter(message::Column::ConversationId.eq(id))
        .apply_if(before_seq, |query, seq| query.filter(message::Column::Seq.lt(seq)))
        .order_by_desc(message::Column::Seq)
        .limit(limit + 1)
        .all(conn)
        .await?;
    let more = rows.len() as u64 > limit;
    rows.truncate(limit as usize);
    Ok((rows, more))
}

/// Every report, newest first, for `questline admin reports`.
pub async fn reports(conn: &impl ConnectionTrait) -> Result<Vec<super::entities::report::Model>, DbErr> {
    use super::entities::report;
    report::Entity::find().order_by_desc(report::Column::CreatedAt).order_by_desc(report::Column::Id).all(conn).await
}
