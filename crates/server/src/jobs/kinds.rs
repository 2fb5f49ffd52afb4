//! The kinds of job that one feature schedules and another runs, named here so the scheduling feature names no
//! code of the running one (the sessions store schedules refunds; commerce runs them).

use questline_domain::commerce::refunds::RefundReason;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

/// Pays a completed session payment back in full (decisions.md, "Commerce (issue 16)" §2). Run by commerce.
pub const COMMERCE_REFUND: &str = "commerce.refund";

/// Attempts of a refund: about three days at the one-hour cap of the backoff, long enough for a provider's
/// pending refund to settle.
pub const REFUND_MAX_ATTEMPTS: i32 = 72;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RefundPayload {
    pub payment_id: Uuid,
    pub reason: RefundReason,
}

/// The refund job of one payment: one per payment at a time (`refund:<payment_id>`), so a cancellation racing a
/// player's leaving schedules it once.
pub fn refund(payment_id: Uuid, reason: RefundReason) -> Job {
    Job::new(COMMERCE_REFUND, RefundPayload { payment_id, reason })
        .unique(format!("refund:{payment_id}"))
        .max_attempts(REFUND_MAX_ATTEMPTS)
}
