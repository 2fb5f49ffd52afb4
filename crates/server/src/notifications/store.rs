//! The notifications' reads and writes: the outbox consumer that turns notices into notifications, the reader's
//! list and read markers, and the preferences.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use questline_domain::ErrorCode;
use questline_domain::accounts::AccountStatus;
use questline_domain::ids::AccountId;
use questline_domain::notifications::{NotificationKind, Reminder, default_email_kinds};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect,
};
use uuid::Uuid;

use super::dto::{Notification, NotificationPreferences};
use super::entities::{notification, preference};
use super::{events, jobs};
use crate::db::entities::event;
use crate::error::ApiError;
use crate::events::Notice;
use crate::pagination::PageRequest;
use crate::state::{AppState, Write};

/// Events read per round of the consumer.
const CONSUME_BATCH: u64 = 100;

pub fn notification_not_found() -> ApiError {
    ApiError::not_found(ErrorCode::NotificationNotFound, "Notification not found")
}

pub fn view(row: &notification::Model) -> Notification {
    Notification {
        id: row.id,
        kind: NotificationKind::parse(&row.kind).unwrap_or(NotificationKind::ApplicationReceived),
        created_at: row.created_at,
        read_at: row.read_at,
        link: row.link.clone(),
        params: serde_json::from_value(row.params.clone()).unwrap_or_default(),
    }
}

/// The preferences of `account` (the defaults when it never chose).
pub async fn preferences(conn: &impl ConnectionTrait, account: Uuid) -> Result<NotificationPreferences, DbErr> {
    let row = preference::Entity::find_by_id(account).one(conn).await?;
    Ok(match row {
        Some(row) => NotificationPreferences {
            email_kinds: kinds_of(&row.email_kinds),
            reminder_24h: row.reminder24h,
            reminder_1h: row.reminder1h,
        },
        None => NotificationPreferences { email_kinds: default_email_kinds(), reminder_24h: true, reminder_1h: true },
    })
}

/// The known kinds of a stored array (a kind a newer version wrote and this one does not know is left out).
fn kinds_of(value: &serde_json::Value) -> Vec<NotificationKind> {
    let mut kinds: Vec<NotificationKind> = value
        .as_array()
        .map(|items| items.iter().filter_map(|item| item.as_str().and_then(NotificationKind::parse)).collect())
        .unwrap_or_default();
    kinds.sort();
    kinds.dedup();
    kinds
}

/// Stores `account`'s preferences.
pub async fn save_preferences(
    conn: &impl ConnectionTrait,
    account: Uuid,
    prefs: &NotificationPreferences,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut kinds = prefs.email_kinds.clone();
    kinds.sort();
    kinds.dedup();
    let kinds = serde_json::Value::Array(kinds.iter().map(|kind| kind.as_str().into()).collect());
    preference::Entity::insert(preference::ActiveModel {
        account_id: Set(account),
        email_kinds: Set(kinds),
        reminder24h: Set(prefs.reminder_24h),
        reminder1h: Set(prefs.reminder_1h),
        updated_at: Set(now),
    })
    .on_conflict(
        OnConflict::column(preference::Column::AccountId)
            .update_columns([
                preference::Column::EmailKinds,
                preference::Column::Reminder24h,
                preference::Column::Reminder1h,
                preference::Column::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(conn)
    .await?;
    Ok(())
}

/// A page of `account`'s notifications, newest first; with the filtered count and the total unread.
pub async fn list(
    conn: &impl ConnectionTrait,
    account: Uuid,
    page: PageRequest,
    unread_only: bool,
) -> Result<(Vec<notification::Model>, u64, u64), DbErr> {
    let mine = || notification::Entity::find().filter(notification::Column::RecipientId.eq(account));
    let unread = mine().filter(notification::Column::ReadAt.is_null()).count(conn).await?;
    let selected = if unread_only { mine().filter(notification::Column::ReadAt.is_null()) } else { mine() };
    let count = if unread_only { unread } else { selected.clone().count(conn).await? };
    let rows = selected
        .order_by_desc(notification::Column::CreatedAt)
        .order_by_desc(notification::Column::Id)
        .offset(page.offset)
        .limit(page.limit)
        .all(conn)
        .await?;
    Ok((rows, count, unread))
}

/// Marks one of `account`'s notifications read (already read: unchanged).
pub async fn mark_read(w: &Write<'_>, account: AccountId, id: Uuid) -> Result<notification::Model, ApiError> {
    let row = notification::Entity::find_by_id(id)
        .filter(notification::Column::RecipientId.eq(account.as_uuid()))
        .one(w.txn)
        .await?
        .ok_or_else(notification_not_found)?;
    if row.read_at.is_some() {
        return Ok(row);
    }
    notification::Entity::update_many()
        .col_expr(notification::Column::ReadAt, Expr::value(w.now))
        .filter(notification::Column::Id.eq(id))
        .filter(notification::Column::ReadAt.is_null())
        .exec(w.txn)
        .await?;
    w.record(events::updated(id, account)).await?;
    Ok(notification::Model { read_at: Some(w.now), ..row })
}

/// Marks every unread notification of `account` read.
pub async fn mark_all_read(w: &Write<'_>, account: AccountId) -> Result<(), ApiError> {
    let unread: Vec<Uuid> = notification::Entity::find()
        .select_only()
        .column(notification::Column::Id)
        .filter(notification::Column::RecipientId.eq(account.as_uuid()))
        .filter(notification::Column::ReadAt.is_null())
        .into_tuple()
        .all(w.txn)
        .await?;
    if unread.is_empty() {
        return Ok(());
    }
    notification::Entity::update_many()
        .col_expr(notification::Column::ReadAt, Expr::value(w.now))
        .filter(notification::Column::RecipientId.eq(account.as_uuid()))
        .filter(notification::Column::ReadAt.is_null())
        .exec(w.txn)
        .await?;
    for id in unread {
        w.record(events::updated(id, account)).await?;
    }
    Ok(())
}

/// The outbox's consumer: turns the notices of every event not yet noticed into notifications, oldest first, one
/// event per transaction. Safe to run anywhere at any time: an event is claimed by the `UPDATE` that marks it
/// noticed (another instance's claim waits for this one's commit and then finds it taken), and a notification is
/// unique per recipient and cause. Returns how many events it handled.
pub async fn consume(state: &AppState) -> Result<u64, ApiError> {
    let mut handled = 0;
    loop {
        let pending: Vec<i64> = event::Entity::find()
            .select_only()
            .column(event::Column::Id)
            .filter(event::Column::Notices.is_not_null())
            .filter(event::Column::NoticedAt.is_null())
            .order_by_asc(event::Column::Id)
            .limit(CONSUME_BATCH)
            .into_tuple()
            .all(state.db.conn())
            .await?;
        let full = pending.len() as u64 == CONSUME_BATCH;
        for seq in pending {
            if state.write(move |w| Box::pin(async move { consume_one(&w, seq).await })).await? {
                handled += 1;
            }
        }
        if !full {
            return Ok(handled);
        }
    }
}

async fn consume_one(w: &Write<'_>, seq: i64) -> Result<bool, ApiError> {
    // Claimed and read in one statement (`RETURNING`); none comes back when another consumer took it first.
    let claimed = event::Entity::update_many()
        .col_expr(event::Column::NoticedAt, Expr::value(w.now))
        .filter(event::Column::Id.eq(seq))
        .filter(event::Column::NoticedAt.is_null())
        .exec_with_returning(w.txn)
        .await?
        .pop();
    let Some(row) = claimed else { return Ok(false) };
    let notices: Vec<Notice> = match row.notices.map(serde_json::from_value).transpose() {
        Ok(notices) => notices.unwrap_or_default(),
        Err(error) => {
            // Written by a newer version, or broken: nobody can be told, and retrying would not help.
            tracing::warn!(seq, %error, "skipping unreadable notices");
            return Ok(true);
        }
    };
    for (index, notice) in notices.into_iter().enumerate() {
        let key = notice.key.clone().unwrap_or_else(|| format!("event:{seq}:{index}"));
        let mut seen = HashSet::new();
        for recipient in notice.recipients.iter().copied().filter(|r| seen.insert(*r)) {
            notify(w, recipient, &notice, &key, Some(seq)).await?;
        }
    }
    Ok(true)
}

/// One notification for one recipient, if they still exist, want it (reminders) and do not have it yet; with its
/// realtime event and, when they take this kind by e-mail at a proven address, its mail job.
async fn notify(
    w: &Write<'_>,
    recipient: AccountId,
    notice: &Notice,
    key: &str,
    source: Option<i64>,
) -> Result<(), ApiError> {
    let Some(account) = crate::accounts::find(w.txn, recipient.as_uuid()).await? else { return Ok(()) };
    if account.deleted_at.is_some() || account.status() == AccountStatus::Deleted {
        return Ok(());
    }
    let prefs = preferences(w.txn, recipient.as_uuid()).await?;
    if notice.kind == NotificationKind::SessionReminder {
        let wanted = match notice.params.reminder {
            Some(Reminder::DayBefore) => prefs.reminder_24h,
            Some(Reminder::HourBefore) => prefs.reminder_1h,
            None => true,
        };
        if !wanted {
            return Ok(());
        }
    }
    let id = Uuid::now_v7();
    let row = notification::Model {
        id,
        recipient_id: recipient.as_uuid(),
        kind: notice.kind.as_str().to_owned(),
        link: notice.link.clone(),
        params: serde_json::to_value(&notice.params).map_err(ApiError::internal)?,
        dedupe_key: key.to_owned(),
        source_event_id: source,
        read_at: None,
        emailed_at: None,
        created_at: w.now,
    };
    let inserted = notification::Entity::insert(notification::ActiveModel::from(row.clone()))
        .on_conflict(
            OnConflict::columns([notification::Column::RecipientId, notification::Column::DedupeKey])
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(w.txn)
        .await?;
    if inserted == 0 {
        return Ok(());
    }
    let data = serde_json::to_value(view(&row)).map_err(ApiError::internal)?;
    w.record(events::created(id, recipient, data)).await?;
    // Mailed only to a proven address of an active account (the job checks again when it sends): a job for an
    // unproven one would be three writes that end in nothing.
    let mailable = account.status() == AccountStatus::Active && account.email_verified_at.is_some();
    if mailable && prefs.email_kinds.contains(&notice.kind) {
        w.schedule(jobs::mail(id)).await?;
    }
    Ok(())
}

/// The account is erased: its notifications and preferences go.
pub async fn erase(txn: &DatabaseTransaction, account: AccountId) -> Result<(), DbErr> {
    notification::Entity::delete_many()
        .filter(notification::Column::RecipientId.eq(account.as_uuid()))
        .exec(txn)
        .await?;
    preference::Entity::delete_many().filter(preference::Column::AccountId.eq(account.as_uuid())).exec(txn).await?;
    Ok(())
}

/// Deletes read notifications read before `before`.
pub async fn prune_read(conn: &impl ConnectionTrait, before: DateTime<Utc>) -> Result<u64, DbErr> {
    Ok(notification::Entity::delete_many()
        .filter(notification::Column::ReadAt.is_not_null())
        .filter(notification::Column::ReadAt.lt(before))
        .exec(conn)
        .await?
        .rows_affected)
}
