//! The accounts' background work: the mails with links. Each is scheduled as a durable job in the transaction
//! that makes it necessary, so a mail server that is down or refuses delays the mail (retried with backoff)
//! instead of losing it, and a restart loses none.
//!
//! A job carries no secret: only the account's id is stored, and the link's token is issued when the mail is
//! sent. A retry issues a fresh token; only the one in the mail that arrives can be used, the others expire
//! unused. A job that finds nothing left to do (the e-mail is verified meanwhile, the account suspended or
//! deleted) sends nothing.

use anyhow::Context;
use questline_domain::accounts::{AccountStatus, Locale};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::mails;
use super::queries::{self, TokenPurpose};
use crate::app::AppState;
use crate::db::entities::account;
use crate::jobs::{Job, JobRun};

/// Mails the link that confirms the account's e-mail address.
pub const SEND_VERIFICATION: &str = "accounts.send_verification";
/// Mails the link that sets a new password.
pub const SEND_PASSWORD_RESET: &str = "accounts.send_password_reset";

#[derive(Debug, Serialize, Deserialize)]
struct LinkMail {
    account_id: Uuid,
}

pub fn verification_mail(account_id: Uuid) -> Job {
    Job::new(SEND_VERIFICATION, LinkMail { account_id })
}

pub fn password_reset_mail(account_id: Uuid) -> Job {
    Job::new(SEND_PASSWORD_RESET, LinkMail { account_id })
}

pub async fn send_verification(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let Some(account) = recipient(&state, run).await? else { return Ok(()) };
    if account.email_verified_at.is_some() {
        return Ok(());
    }
    let token = issue(&state, account.id, TokenPurpose::VerifyEmail).await?;
    let link = format!("{}/verify-email?token={token}", state.config.public_url());
    state.mailer.send(mails::verify_email(locale(&account), &account.display_name, &account.email, &link)).await
}

pub async fn send_password_reset(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let Some(account) = recipient(&state, run).await? else { return Ok(()) };
    let token = issue(&state, account.id, TokenPurpose::ResetPassword).await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_url());
    state.mailer.send(mails::reset_password(locale(&account), &account.display_name, &account.email, &link)).await
}

/// The job's account, if it may still be mailed: it exists, is active and is not deleted.
async fn recipient(state: &AppState, run: JobRun) -> anyhow::Result<Option<account::Model>> {
    let LinkMail { account_id } =
        serde_json::from_value(run.payload).context("the job's payload is not a link mail")?;
    let account = queries::find(state.db.conn(), account_id).await?;
    Ok(account.filter(|account| account.status == AccountStatus::Active.as_str() && account.deleted_at.is_none()))
}

async fn issue(state: &AppState, account_id: Uuid, purpose: TokenPurpose) -> anyhow::Result<String> {
    Ok(queries::issue_token(state.db.conn(), account_id, purpose, state.clock.now()).await?)
}

fn locale(account: &account::Model) -> Locale {
    Locale::parse(&account.locale).unwrap_or_default()
}
