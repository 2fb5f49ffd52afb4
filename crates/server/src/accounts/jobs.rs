//! The accounts' background work: the mails with links. Each is scheduled as a durable job in the transaction
//! that makes it necessary, so a mail server that is down or refuses delays the mail (retried with backoff)
//! instead of losing it, and a restart loses none.
//!
//! A job carries no secret: only the account's id (or, for a reset, the address asked for) is stored, and the
//! link's token is issued when the mail is sent. A retry issues a fresh token; only the one in the mail that
//! arrives can be used, the others expire unused. A job that finds nothing left to do (the e-mail is verified
//! meanwhile, the account suspended or deleted, no account has the address) sends nothing. A reset job is
//! scheduled for every request, known address or not, so the request takes the same time either way.

use std::sync::Arc;

use anyhow::Context;
use futures::FutureExt;
use questline_domain::accounts::{AccountStatus, Email, Locale};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::mails;
use super::queries::{self, TokenPurpose};
use crate::db::entities::account;
use crate::jobs::{Handler, Job, JobRun};
use crate::state::AppState;

/// Mails the link that confirms the account's e-mail address.
pub const SEND_VERIFICATION: &str = "accounts.send_verification";
/// Mails the link that sets a new password.
pub const SEND_PASSWORD_RESET: &str = "accounts.send_password_reset";

/// A mail job's payload: the account, or (reset requests) the address someone typed.
#[derive(Debug, Default, Serialize, Deserialize)]
struct LinkMail {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    account_id: Option<Uuid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    email: Option<String>,
}

/// The kinds of job this feature runs, for `app.rs` to register.
pub fn handlers() -> Vec<(&'static str, Handler)> {
    vec![
        (SEND_VERIFICATION, Arc::new(|state, run| send_verification(state, run).boxed())),
        (SEND_PASSWORD_RESET, Arc::new(|state, run| send_password_reset(state, run).boxed())),
    ]
}

pub fn verification_mail(account_id: Uuid) -> Job {
    Job::new(SEND_VERIFICATION, LinkMail { account_id: Some(account_id), email: None })
}

pub fn password_reset_mail(email: &Email) -> Job {
    Job::new(SEND_PASSWORD_RESET, LinkMail { account_id: None, email: Some(email.as_str().to_owned()) })
}

pub async fn send_verification(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let Some(account) = recipient(&state, run).await? else { return Ok(()) };
    if account.email_verified_at.is_some() {
        return Ok(());
    }
    let token = issue(&state, account.id, TokenPurpose::VerifyEmail).await?;
    let link = format!("{}/verify-email?token={token}", state.config.public_url());
    state.mailer.send(mails::verify_email(locale(&account), &mail_name(&account), &account.email, &link)).await
}

pub async fn send_password_reset(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let Some(account) = recipient(&state, run).await? else { return Ok(()) };
    let token = issue(&state, account.id, TokenPurpose::ResetPassword).await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_url());
    state.mailer.send(mails::reset_password(locale(&account), &mail_name(&account), &account.email, &link)).await
}

/// The job's account, if it may still be mailed: it exists, is active and is not deleted.
async fn recipient(state: &AppState, run: JobRun) -> anyhow::Result<Option<account::Model>> {
    let mail: LinkMail = serde_json::from_value(run.payload).context("the job's payload is not a link mail")?;
    let account = match (mail.account_id, mail.email) {
        (Some(id), _) => queries::find(state.db.conn(), id).await?,
        (None, Some(email)) => match Email::parse(&email) {
            Ok(email) => queries::find_by_email(state.db.conn(), &email).await?,
            Err(_) => None,
        },
        (None, None) => None,
    };
    Ok(account.filter(|account| account.status() == AccountStatus::Active && account.deleted_at.is_none()))
}

/// The name for the mail's greeting and `To:` header. New names cannot hold control characters, but a name
/// stored before that rule could; a line break in it must not stop the account's mails for good (issue 9,
/// finding 7), so such characters become spaces.
fn mail_name(account: &account::Model) -> String {
    let name: String = account.display_name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    name.split_whitespace().collect::<Vec<_>>().join(" ")
}

async fn issue(state: &AppState, account_id: Uuid, purpose: TokenPurpose) -> anyhow::Result<String> {
    Ok(queries::issue_token(state.db.conn(), account_id, purpose, state.clock.now()).await?)
}

fn locale(account: &account::Model) -> Locale {
    Locale::parse(&account.locale).unwrap_or_default()
}
