//! The notifications' background work, on the durable job runner:
//!
//! - `notifications.send_mail`, one per notification to mail (unique by notification), scheduled in the
//!   transaction that makes the notification: a mail server that is down or refuses fails the attempt, retried with
//!   backoff (20 attempts, the last ones an hour apart); the runner's lease keeps two instances from sending the
//!   same one at once, and `emailed_at` keeps a later run from sending it again. It checks again at sending time
//!   that the account is active with a proven address and still takes this kind by e-mail.
//! - `notifications.consume`, recurring every minute, one per database: the consumer's sweep, for events
//!   committed while no instance was listening (each instance also runs the consumer as soon as its dispatcher
//!   sees an event, see `mod.rs`).
//! - `notifications.prune`, daily: read notifications older than `READ_RETENTION_DAYS` go.

use std::sync::Arc;

use anyhow::Context;
use futures::FutureExt;
use questline_domain::accounts::{AccountStatus, Locale, TimeZone};
use questline_domain::notifications::{
    NotificationKind, NotificationParams, READ_RETENTION_DAYS, UnsubscribeClaims, UnsubscribeScope,
};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::entities::notification;
use super::mails::{self, MailInput};
use super::{store, tokens};
use crate::jobs::{Handler, Job, JobRun};
use crate::mail::Mail;
use crate::state::AppState;

pub const SEND_MAIL: &str = "notifications.send_mail";
pub const CONSUME: &str = "notifications.consume";
pub const CONSUME_EVERY: chrono::Duration = chrono::Duration::minutes(1);
pub const PRUNE: &str = "notifications.prune";
/// Attempts of one mail: about 14 hours in all, the backoff reaching its one-hour cap after the tenth.
pub const MAIL_MAX_ATTEMPTS: i32 = 20;

#[derive(Debug, Serialize, Deserialize)]
struct MailPayload {
    notification_id: Uuid,
}

pub fn handlers() -> Vec<(&'static str, Handler)> {
    vec![
        (SEND_MAIL, Arc::new(|state, run| send_mail(state, run).boxed())),
        (
            CONSUME,
            Arc::new(|state, _run| {
                async move { store::consume(&state).await.map(|_| ()).map_err(|error| anyhow::anyhow!("{error}")) }
                    .boxed()
            }),
        ),
        (PRUNE, Arc::new(|state, _run| prune(state).boxed())),
    ]
}

/// The mail of one notification.
pub fn mail(notification_id: Uuid) -> Job {
    Job::new(SEND_MAIL, MailPayload { notification_id })
        .unique(format!("{SEND_MAIL}:{notification_id}"))
        .max_attempts(MAIL_MAX_ATTEMPTS)
}

async fn send_mail(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: MailPayload = serde_json::from_value(run.payload).context("the job's payload is not a mail")?;
    let conn = state.db.conn();
    let Some(row) = notification::Entity::find_by_id(payload.notification_id).one(conn).await? else { return Ok(()) };
    if row.emailed_at.is_some() {
        return Ok(());
    }
    let Some(kind) = NotificationKind::parse(&row.kind) else { return Ok(()) };
    let Some(account) = crate::accounts::find(conn, row.recipient_id).await? else { return Ok(()) };
    // Only to a proven address of an active account (an unproven one may be someone else's).
    if account.status() != AccountStatus::Active || account.deleted_at.is_some() || account.email_verified_at.is_none()
    {
        return Ok(());
    }
    if !store::preferences(conn, account.id).await?.email_kinds.contains(&kind) {
        return Ok(());
    }
    let now = state.clock.now();
    let secret = tokens::secret(conn, now).await?;
    let token_for = |scope| tokens::sign(&secret, &UnsubscribeClaims::new(account.id, scope, now));
    let (kind_token, all_token) = (token_for(UnsubscribeScope::Kind(kind)), token_for(UnsubscribeScope::All));
    let public = state.config.public_url();
    let params: NotificationParams = serde_json::from_value(row.params.clone()).unwrap_or_default();
    let name = mail_name(&account.display_name);
    let link = format!("{public}{}", row.link);
    let settings = format!("{public}/account");
    let unsubscribe_kind = format!("{public}/unsubscribe?token={kind_token}");
    let unsubscribe_all = format!("{public}/unsubscribe?token={all_token}");
    let rendered = mails::render(&MailInput {
        locale: Locale::parse(&account.locale).unwrap_or_default(),
        time_zone: TimeZone::parse(&account.time_zone).unwrap_or_else(|_| TimeZone::utc()).tz(),
        name: &name,
        kind,
        params: &params,
        link: &link,
        settings: &settings,
        unsubscribe_kind: &unsubscribe_kind,
        unsubscribe_all: &unsubscribe_all,
    })?;
    state
        .mailer
        .send(Mail {
            to_name: name.clone(),
            to_email: account.email.clone(),
            subject: rendered.subject,
            body: rendered.text,
            html: Some(rendered.html),
            unsubscribe_url: Some(format!("{public}/api/unsubscribe?token={kind_token}")),
        })
        .await?;
    notification::Entity::update_many()
        .col_expr(notification::Column::EmailedAt, Expr::value(state.clock.now()))
        .filter(notification::Column::Id.eq(row.id))
        .exec(conn)
        .await?;
    Ok(())
}

/// The name for the greeting and the `To:` header, with any control character a space (as the account mails do).
fn mail_name(display_name: &str) -> String {
    let name: String = display_name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn prune(state: AppState) -> anyhow::Result<()> {
    let before = state.clock.now() - chrono::Duration::days(READ_RETENTION_DAYS);
    let deleted = store::prune_read(state.db.conn(), before).await?;
    tracing::info!(deleted, "pruned read notifications");
    Ok(())
}
