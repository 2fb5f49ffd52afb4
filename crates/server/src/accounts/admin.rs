//! Account administration from the command line (`questline admin …`). No web path can grant admin: whoever runs
//! the binary against the database is trusted, nobody else.

use questline_domain::accounts::{AccountStatus, Email};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, IntoActiveModel};

use super::queries;
use crate::auth::session;
use crate::db::Db;
use crate::error::ApiError;
use crate::events::EventBus;
use crate::hooks::AccountHooks;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminAction {
    GrantAdmin,
    RevokeAdmin,
    Suspend,
    Reinstate,
}

/// Applies the action to the account with this e-mail; returns a sentence for the operator. A suspension runs the
/// features' `on_suspended` hooks in the same transaction (a suspended GM's sessions are cancelled and refunded).
pub async fn apply(
    db: &Db,
    events: &EventBus,
    hooks: &AccountHooks,
    now: chrono::DateTime<chrono::Utc>,
    email: &str,
    action: AdminAction,
) -> anyhow::Result<String> {
    let email = Email::parse(email).map_err(|message| anyhow::anyhow!(message))?;
    let Some(account) = queries::find_by_email(db.conn(), &email).await? else {
        anyhow::bail!("no account has the e-mail {}", email.as_str());
    };
    if account.status() == AccountStatus::Deleted {
        anyhow::bail!("the account of {} was deleted", email.as_str());
    }
    let id = account.id;
    let mut row = account.into_active_model();
    let message = match action {
        AdminAction::GrantAdmin => {
            row.is_admin = Set(true);
            "is now an administrator (signed out everywhere: the role applies from the next sign-in)"
        }
        AdminAction::RevokeAdmin => {
            row.is_admin = Set(false);
            "is no longer an administrator"
        }
        AdminAction::Suspend => {
            row.status = Set(AccountStatus::Suspended.as_str().to_owned());
            "is suspended and signed out everywhere"
        }
        AdminAction::Reinstate => {
            row.status = Set(AccountStatus::Active.as_str().to_owned());
            "is active again"
        }
    };
    row.updated_at = Set(now);
    let events = events.clone();
    let hooks = hooks.clone();
    db.write(move |txn| {
        Box::pin(async move {
            row.update(txn).await?;
            // A suspension signs out everywhere; a grant does too, so the new role starts with new session
            // tokens (a token copied before the grant never carries admin rights).
            if matches!(action, AdminAction::Suspend | AdminAction::GrantAdmin) {
                session::revoke_all(txn, id, None, now).await?;
            }
            if action == AdminAction::Suspend {
                hooks.suspended(txn, id.into(), now).await?;
            }
            events.record(txn, super::events::updated(id.into())).await?;
            Ok::<_, ApiError>(())
        })
    })
    .await
    .map_err(|error| anyhow::anyhow!("{error}"))?;
    Ok(format!("{} {message}", email.as_str()))
}
