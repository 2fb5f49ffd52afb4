//! Server-side sessions: the cookie holds a random token, the database its hash, the account it belongs to and when
//! it ends. Sign-out, password changes, suspension and deletion delete rows, which takes effect at the next request;
//! each deletion also records an internal `auth_session` event, so every instance closes that session's websockets.
//! Sessions that run out (idle or absolute) are ended the same way by a recurring job, so an open websocket, which
//! makes no requests, does not outlive its session by more than [`END_EXPIRED_EVERY`].

use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use chrono::{DateTime, Duration, Utc};
use questline_domain::accounts::AccountStatus;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect,
    sea_query::Expr,
};
use uuid::Uuid;

use super::tokens::{hash_token, new_token};
use crate::config::Config;
use crate::db::entities::{account, session};
use crate::events::{self, Audience, Event};
use crate::jobs::JobRun;
use crate::state::AppState;

/// The session cookie's name over plain http (a local install).
pub const COOKIE: &str = "questline_session";
/// Its name behind https: browsers accept a `__Host-` cookie only with `Secure`, `Path=/` and no `Domain`, so no
/// sub-domain (and no http page) can set or overwrite it.
pub const SECURE_COOKIE: &str = "__Host-questline_session";
/// How stale `last_seen_at` may get before a request refreshes it (saves a write per request).
const TOUCH_AFTER: Duration = Duration::minutes(1);
/// How long signing in again counts as a confirmation of who is at the keyboard (deleting an account without a
/// password).
pub const REAUTHENTICATION_VALID_FOR: Duration = Duration::minutes(5);

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

    pub fn cookie_name(&self) -> &'static str {
        if self.secure { SECURE_COOKIE } else { COOKIE }
    }

    /// A cookie of ours as both the session and the sign-in flow need it: HttpOnly, SameSite=Lax, Path=/,
    /// and `Secure` (with the `__Host-` name) behind https.
    pub fn build_cookie(&self, name: &'static str, value: String, max_age: Duration) -> Cookie<'static> {
        let name = if self.secure { format!("__Host-{name}") } else { name.to_owned() };
        Cookie::build((name, value))
            .http_only(true)
            .same_site(SameSite::Lax)
            .secure(self.secure)
            .path("/")
            .max_age(time::Duration::seconds(max_age.num_seconds()))
            .build()
    }

    /// The value of a cookie built with [`Self::build_cookie`], as the browser sent it.
    pub fn read_cookie<'a>(&self, jar: &'a CookieJar, name: &str) -> Option<&'a str> {
        let name = if self.secure { format!("__Host-{name}") } else { name.to_owned() };
        jar.get(&name).map(Cookie::value)
    }

    /// The cookie that tells the browser to forget one of ours (with the same attributes, so it is accepted).
    pub fn removal(&self, name: &'static str) -> Cookie<'static> {
        let mut cookie = self.build_cookie(name, String::new(), Duration::zero());
        cookie.make_removal();
        cookie
    }

    /// The cookie that carries a new session's token.
    pub fn cookie(&self, token: String) -> Cookie<'static> {
        self.build_cookie(COOKIE, token, self.max)
    }

    /// The cookie that tells the browser to forget the session.
    pub fn removal_cookie(&self) -> Cookie<'static> {
        self.removal(COOKIE)
    }

    /// The session token this browser sent, if any.
    pub fn token<'a>(&self, jar: &'a CookieJar) -> Option<&'a str> {
        self.read_cookie(jar, COOKIE)
    }
}

/// Signs the account in in this browser: ends the session the browser had (whoever it belonged to, so a
/// session planted before sign-in, or the previous user's, does not live on) and starts a new one. Returns the
/// token for the cookie. Call it inside `Db::write`.
pub async fn start(
    conn: &impl ConnectionTrait,
    previous_token: Option<&str>,
    account_id: Uuid,
    now: DateTime<Utc>,
    policy: &SessionPolicy,
) -> Result<String, DbErr> {
    if let Some(previous) = previous_token {
        revoke(conn, &hash_token(previous), now).await?;
    }
    create(conn, account_id, now, policy).await
}

/// Records that this session's user has just signed in again at the identity provider.
pub async fn mark_reauthenticated(
    conn: &impl ConnectionTrait,
    session_id: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    session::Entity::update_many()
        .col_expr(session::Column::ReauthenticatedAt, Expr::value(Some(now)))
        .filter(session::Column::Id.eq(session_id))
        .exec(conn)
        .await?;
    Ok(())
}

/// Whether the session's user signed in again recently enough to confirm a grave step.
pub async fn recently_reauthenticated(
    conn: &impl ConnectionTrait,
    session_id: &str,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let found = session::Entity::find_by_id(session_id.to_owned()).one(conn).await?;
    Ok(found
        .and_then(|session| session.reauthenticated_at)
        .is_some_and(|at| at <= now && now - at <= REAUTHENTICATION_VALID_FOR))
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
        reauthenticated_at: Set(None),
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
    // The session and its account in one query: every authenticated request makes it.
    let Some((found, owner)) =
        session::Entity::find_by_id(id.clone()).find_also_related(account::Entity).one(conn).await?
    else {
        return Ok(None);
    };
    let expired = now >= found.expires_at || now >= found.last_seen_at + policy.idle;
    if expired {
        revoke(conn, &id, now).await?;
        return Ok(None);
    }
    let Some(owner) = owner else { return Ok(None) };
    if owner.status() != AccountStatus::Active {
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
