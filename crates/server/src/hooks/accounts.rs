//! Hooks on an account's life: what each feature that keeps data per account does when an account is created,
//! when its e-mail address is proven, when an administrator suspends it, and when it is erased. The `accounts`
//! feature calls them inside its own write transaction, so the account and every feature's part change together or
//! not at all.

use std::fmt;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use questline_domain::ids::AccountId;
use sea_orm::{DatabaseTransaction, DbErr};

use super::names;

/// One feature's part of an account event, run in the transaction that makes the change.
pub type AccountHook =
    for<'c> fn(&'c DatabaseTransaction, AccountId, DateTime<Utc>) -> BoxFuture<'c, Result<(), DbErr>>;

/// The hooks of every feature, in the order the root listed them.
#[derive(Clone, Default)]
pub struct AccountHooks {
    created: Vec<(&'static str, AccountHook)>,
    email_proven: Vec<(&'static str, AccountHook)>,
    suspended: Vec<(&'static str, AccountHook)>,
    erased: Vec<(&'static str, AccountHook)>,
}

impl AccountHooks {
    /// Runs when an account is created (signing up, or a first sign-in through the identity provider).
    pub fn on_created(mut self, feature: &'static str, hook: AccountHook) -> Self {
        self.created.push((feature, hook));
        self
    }

    /// Runs when a mailed link proves an address that was unproven until then (issue 9, finding 1).
    pub fn on_email_proven(mut self, feature: &'static str, hook: AccountHook) -> Self {
        self.email_proven.push((feature, hook));
        self
    }

    /// Runs when an administrator suspends an account (`questline admin suspend`): what it promised others cannot
    /// be kept while it cannot sign in, e.g. a suspended GM's sessions not started are cancelled and refunded.
    pub fn on_suspended(mut self, feature: &'static str, hook: AccountHook) -> Self {
        self.suspended.push((feature, hook));
        self
    }

    /// Runs when an account is deleted: erase personal data, keep what others rely on (docs/decisions.md).
    pub fn on_erased(mut self, feature: &'static str, hook: AccountHook) -> Self {
        self.erased.push((feature, hook));
        self
    }

    pub async fn created(&self, txn: &DatabaseTransaction, id: AccountId, now: DateTime<Utc>) -> Result<(), DbErr> {
        run(&self.created, txn, id, now).await
    }

    pub async fn email_proven(
        &self,
        txn: &DatabaseTransaction,
        id: AccountId,
        now: DateTime<Utc>,
    ) -> Result<(), DbErr> {
        run(&self.email_proven, txn, id, now).await
    }

    pub async fn suspended(&self, txn: &DatabaseTransaction, id: AccountId, now: DateTime<Utc>) -> Result<(), DbErr> {
        run(&self.suspended, txn, id, now).await
    }

    pub async fn erased(&self, txn: &DatabaseTransaction, id: AccountId, now: DateTime<Utc>) -> Result<(), DbErr> {
        run(&self.erased, txn, id, now).await
    }
}

async fn run(
    hooks: &[(&'static str, AccountHook)],
    txn: &DatabaseTransaction,
    id: AccountId,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    for (_, hook) in hooks {
        hook(txn, id, now).await?;
    }
    Ok(())
}

impl fmt::Debug for AccountHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AccountHooks")
            .field("created", &names(&self.created))
            .field("email_proven", &names(&self.email_proven))
            .field("suspended", &names(&self.suspended))
            .field("erased", &names(&self.erased))
            .finish()
    }
}
