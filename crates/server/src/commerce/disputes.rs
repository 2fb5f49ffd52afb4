//! Disputes (chargebacks) of card payments (decisions.md, "Commerce (issue 16)" §12). Stripe's `charge.dispute.*`
//! events schedule `commerce.reconcile_dispute`, which reads the dispute from Stripe itself (the webhook is never
//! believed about money) and makes the ledger follow the money in one write: while the disputed amount is withdrawn
//! from the platform's balance the payment's charge, fee and share are reversed, so the GM's payout does not pay
//! out money the platform no longer has; when Stripe reinstates it (a dispute won) they are written again. Each
//! dispute's row keeps its status as last read and what the ledger shows; a reading older than the one applied is
//! ignored, so jobs finishing out of order never undo a newer move. The GM is told when the money is held back
//! (`payment_disputed`) and when it comes back (`dispute_won`).

use std::sync::Arc;

use futures::FutureExt;
use questline_domain::commerce::disputes::{self, Applied, FundsMove, reconcile};
use questline_domain::ids::PaymentId;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};

use super::entities::{order, payment_dispute};
use super::ledger;
use crate::error::ApiError;
use crate::jobs::{self, Handler, Job, JobRun};
use crate::payments::{ProviderDispute, STRIPE_PROVIDER_ID};
use crate::sessions;
use crate::state::{AppState, Write};

/// Reads one dispute from the provider and brings its row and the ledger in line.
pub const RECONCILE_DISPUTE: &str = "commerce.reconcile_dispute";

/// Attempts of a reconciliation: about three days at the backoff's one-hour cap, as for refunds.
const MAX_ATTEMPTS: i32 = crate::jobs::kinds::REFUND_MAX_ATTEMPTS;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct ReconcilePayload {
    dispute_id: String,
}

/// The job this module runs.
pub fn jobs() -> Vec<(&'static str, Handler)> {
    vec![(RECONCILE_DISPUTE, Arc::new(|state, run| reconcile_job(state, run).boxed()))]
}

/// Schedules a reading of `dispute_id` in the webhook's write: one job per event, so news arriving while an earlier
/// reading runs is read again.
pub async fn schedule(w: &Write<'_>, dispute_id: &str, event_id: &str) -> Result<(), ApiError> {
    let job = Job::new(RECONCILE_DISPUTE, ReconcilePayload { dispute_id: dispute_id.to_owned() })
        .unique(format!("dispute:{event_id}"))
        .max_attempts(MAX_ATTEMPTS);
    jobs::schedule_at(w.txn, w.now, job).await?;
    Ok(())
}

/// What a reconciliation found.
#[derive(Debug)]
enum Reconciled {
    /// The disputed payment is not one of our orders (another platform on the same Stripe account).
    NotOurs,
    /// A reading older than the one applied: nothing written.
    Stale,
    /// The row is up to date; the ledger moved as said.
    Applied(Option<FundsMove>),
}

async fn reconcile_job(state: AppState, run: JobRun) -> anyhow::Result<()> {
    let payload: ReconcilePayload = serde_json::from_value(run.payload)?;
    let Some(provider) = state.payment_providers.get(STRIPE_PROVIDER_ID) else {
        tracing::error!(dispute = %payload.dispute_id,
            "a dispute cannot be read: Stripe is not configured on this instance; settle it by hand");
        return Ok(());
    };
    let dispute = provider.dispute(&payload.dispute_id).await?;
    let (id, status) = (dispute.id.clone(), dispute.reading.status.clone());
    let reconciled = state
        .write(move |w| Box::pin(async move { apply(&w, STRIPE_PROVIDER_ID, &dispute).await }))
        .await
        .map_err(|error| anyhow::anyhow!("recording dispute {id} failed: {error:?}"))?;
    match reconciled {
        Reconciled::NotOurs => tracing::info!(dispute = %id, "a dispute of a payment that is not ours"),
        Reconciled::Stale => tracing::info!(dispute = %id, "an older reading of a dispute; nothing to do"),
        Reconciled::Applied(Some(FundsMove::Withdraw)) => {
            tracing::warn!(dispute = %id, %status, "a payment is disputed: its money is withdrawn, the ledger reversed")
        }
        Reconciled::Applied(Some(FundsMove::Reinstate)) => {
            tracing::info!(dispute = %id, %status, "a disputed payment's money is back, the ledger written again")
        }
        Reconciled::Applied(None) => tracing::info!(dispute = %id, %status, "a dispute moved; the ledger stands"),
    }
    Ok(())
}

/// One write: the order the dispute is about, its session locked (refunds of the same payment wait), the reading
/// checked against the applied one, the ledger moved, the row written.
async fn apply(w: &Write<'_>, provider_id: &str, dispute: &ProviderDispute) -> Result<Reconciled, ApiError> {
    let Some(order) = order::Entity::find()
        .filter(order::Column::TransactionId.eq(dispute.transaction_id.clone()))
        .filter(order::Column::ProviderId.eq(provider_id))
        .one(w.txn)
        .await?
    else {
        return Ok(Reconciled::NotOurs);
    };
    sessions::lock_payment(w, PaymentId(order.payment_id)).await?;
    let stored = payment_dispute::Entity::find_by_id(dispute.id.clone()).one(w.txn).await?;
    let applied = stored.as_ref().map(|row| Applied {
        withdrawn: row.withdrawn,
        progress: row.progress,
        closed: disputes::is_closed(&row.status),
    });
    let Some(funds) = reconcile(applied, &dispute.reading) else { return Ok(Reconciled::Stale) };
    let mut reversed_minor = stored.as_ref().map_or(0, |row| row.reversed_minor);
    match funds {
        Some(FundsMove::Withdraw) => {
            reversed_minor = ledger::reverse_payment(w.txn, order.payment_id, w.now).await?;
            if reversed_minor == 0 {
                tracing::error!(dispute = %dispute.id, payment = %order.payment_id,
                    "a disputed payment was refunded already: the money went back twice; settle it with Stripe");
            }
        }
        // Only what the withdrawal reversed is written again (a payment refunded before its dispute had nothing).
        Some(FundsMove::Reinstate) => {
            if reversed_minor > 0 {
                ledger::reinstate_order(w.txn, &order, w.now).await?;
            }
            reversed_minor = 0;
        }
        None => {}
    }
    let row = payment_dispute::ActiveModel {
        id: Set(dispute.id.clone()),
        provider_id: Set(provider_id.to_owned()),
        payment_id: Set(order.payment_id),
        order_id: Set(order.id.clone()),
        amount_minor: Set(dispute.amount_minor),
        currency_code: Set(dispute.currency_code.clone()),
        reason: Set(dispute.reason.clone()),
        status: Set(dispute.reading.status.clone()),
        withdrawn: Set(dispute.reading.withdrawn()),
        progress: Set(dispute.reading.progress()),
        reversed_minor: Set(reversed_minor),
        created_at: Set(stored.as_ref().map_or(w.now, |row| row.created_at)),
        updated_at: Set(w.now),
    };
    let changing = [
        payment_dispute::Column::AmountMinor,
        payment_dispute::Column::CurrencyCode,
        payment_dispute::Column::Reason,
        payment_dispute::Column::Status,
        payment_dispute::Column::Withdrawn,
        payment_dispute::Column::Progress,
        payment_dispute::Column::ReversedMinor,
        payment_dispute::Column::UpdatedAt,
    ];
    payment_dispute::Entity::insert(row)
        .on_conflict(OnConflict::column(payment_dispute::Column::Id).update_columns(changing).to_owned())
        .exec_without_returning(w.txn)
        .await?;
    if let Some(funds) = funds {
        let held = funds == FundsMove::Withdraw;
        let key = format!("dispute:{}:{}", dispute.id, dispute.reading.progress());
        sessions::payment_disputed(w, PaymentId(order.payment_id), held, key).await?;
    }
    Ok(Reconciled::Applied(funds))
}
