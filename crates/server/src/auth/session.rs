//! Server-side sessions: the cookie holds a random token, the database its hash, the account it belongs to and when
//! it ends. Sign-out, password changes, suspension and deletion delete rows, which takes effect at the next request;
//! each deletion also records an internal `auth_session` event, so every instance closes that session's websockets.
//! Sessions that run out (idle or absolute) are ended the same way by a recurring job, so an open websocket, which
//! makes no requests, does not outlive its session by more than [`END_EXPIRED_EVERY`].

use axum_extra::extract::cookie::{Cookie, SameSite};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect,
    sea_query::Expr,
};
use uuid::Uuid;

use super::tokens::{hash_token, new_token};
use crate::app::AppState;
use crate::config::Config;
use crate::db::entities::{account, session};
use crate::events::{self, Audience, Event};
use crate::jobs::JobRun;

pub const COOKIE: &str = "questline_session";
/// How stale `last_seen_at` may get before a request refreshes it (saves a write per request).
const TOUCH_AFTER: Duration = Duration::minutes(1);

#[derive(Clone, Debug)]
pub struct SessionPolicy {
    pub idle: Duration,
    pub max: Duration,
    pub secure: bool,
}

impl SessionPolicy {
    pub fn from_config(config: &Config) -> Self {
        Self {
            idle: Duration::hours(config.session_idle_hours),
            max: Duration::days(config.session_max_days),
            secure: config.secure_cookies(),
        }
    }

    /// The cookie that carries a new session's token.
    pub fn cookie(&self, token: String) -> Cookie<'static> {
        Cookie::build((COOKIE, token))
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.secure)
            .path("/")
            .max_age(time::Duration::seconds(self.max.num_seconds()))
            .build()
    }

    /// The cookie that tells the browser to forget the session.
    pub fn removal_cookie(&self) -> Cookie<'static> {
        let mut cookie = Cookie::build((COOKIE, "")).http_only(true).same_site(SameSite::Lax).path("/").build();
        cookie.make_removal();
        cookie
    }
}

/// Starts a session for the account; returns the token to put in the cookie.
pub async fn create(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    now: DateTime<Utc>,
    policy: &SessionPolicy,
) -> Result<String, DbErr> {
    let (token, hash) = new_token();
    session::Entity::insert(session::ActiveModel {
        id: Set(hash),
        account_id: Set(account_id),
        created_at: Set(now),
        last_seen_at: Set(now),
        expires_at: Set(now + policy.max),
    })
    .exec_without_returning(conn)
    .await?;
    Ok(token)
}

/// The live session and active account behind a cookie token, if any. Expired sessions are deleted on sight.
pub async fn resolve(
    conn: &impl ConnectionTrait,
    token: &str,
    now: DateTime<Utc>,
    policy: &SessionPolicy,
) -> Result<Option<(session::Model, account::Model)>, DbErr> {
    let id = hash_token(token);
    let Some(found) = session::Entity::find_by_id(id.clone()).one(conn).await? else { return Ok(None) };
    let expired = now >= found.expires_at || now >= found.last_seen_at + policy.idle;
    if expired {
        revoke(conn, &id, now).await?;
        return Ok(None);
    }
    let Some(owner) = account::Entity::find_by_id(found.account_id).one(conn).await? else { return Ok(None) };
    if owner.status != "active" {
        return Ok(None);
    }
    if now - found.last_seen_at > TOUCH_AFTER {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(id))
            .exec(conn)
            .await?;
    }
    Ok(Some((found, owner)))
}

/// The recurring job that ends run-out sessions (see [`end_expired`]); one per database.
pub const END_EXPIRED: &str = "auth.end_expired_sessions";
/// How often it runs: an idle or absolute expiry takes effect on open websockets at most this late.
pub const END_EXPIRED_EVERY: Duration = Duration::minutes(10);
/// Sessions ended per transaction, so a backlog does not make one long transaction.
const END_EXPIRED_BATCH: u64 = 500;

/// Ends up to `limit` sessions that have run out, idle or absolute, and closes their websockets on every instance
/// (a request would refuse them anyway, but an open socket makes no requests). Answers how many ended.
pub async fn end_expired(
    conn: &impl ConnectionTrait,
    now: DateTime<Utc>,
    policy: &SessionPolicy,
    limit: u64,
) -> Result<u64, DbErr> {
    let run_out = Condition::any()
        .add(session::Column::ExpiresAt.lte(now))
        .add(session::Column::LastSeenAt.lte(now - policy.idle));
    let ids: Vec<String> = session::Entity::find()
        .select_only()
        .column(session::Column::Id)
        .filter(run_out)
        .limit(limit)
        .into_tuple()
        .all(conn)
        .await?;
    for id in &ids {
        revoke(conn, id, now).await?;
    }
    Ok(ids.len() as u64)
}

/// Runs [`end_expired`] in batches until none are left.
pub async fn end_expired_job(state: AppState, _run: JobRun) -> anyhow::Result<()> {
    loop {
        let (now, policy) = (state.clock.now(), state.auth.sessions.clone());
        let ended = state
            .db
            .write(move |txn| Box::pin(async move { Ok(end_expired(txn, now, &policy, END_EXPIRED_BATCH).await?) }))
            .await
            .map_err(|error| anyhow::anyhow!("ending expired sessions failed: {error:?}"))?;
        if ended > 0 {
            tracing::info!(ended, "ended expired sessions");
        }
        if ended < END_EXPIRED_BATCH {
            return Ok(());
        }
    }
}

/// Ends one session (sign-out). Call it inside `Db::write` so its sockets close at once.
pub async fn revoke(conn: &impl ConnectionTrait, session_id: &str, now: DateTime<Utc>) -> Result<(), DbErr> {
    let deleted = session::Entity::delete_by_id(session_id.to_owned()).exec(conn).await?.rows_affected;
    if deleted > 0 {
        announce_end(conn, session_id, now).await?;
    }
    Ok(())
}

/// Ends every session of an account, except `keep` (the one making the request, after a password change).
pub async fn revoke_all(
    conn: &impl ConnectionTrait,
    account_id: Uuid,
    keep: Option<&str>,
    now: DateTime<Utc>,
) -> Result<u64, DbErr> {
    let mut find = session::Entity::find().filter(session::Column::AccountId.eq(account_id));
    if let Some(keep) = keep {
        find = find.filter(session::Column::Id.ne(keep));
    }
    let ended = find.all(conn).await?;
    for row in &ended {
        session::Entity::delete_by_id(row.id.clone()).exec(conn).await?;
        announce_end(conn, &row.id, now).await?;
    }
    Ok(ended.len() as u64)
}

/// The session's websockets, on any instance, close when this commits (see `realtime`).
async fn announce_end(conn: &impl ConnectionTrait, session_id: &str, now: DateTime<Utc>) -> Result<(), DbErr> {
    events::record_at(conn, Event::deleted(events::SESSION_ENDED, session_id).to(Audience::Internal), now).await
}
