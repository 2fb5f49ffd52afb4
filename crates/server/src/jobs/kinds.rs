//! Kinds of job that one feature schedules and another runs, named here so the scheduler need not name the
//! runner's code (the sessions store schedules commerce's refunds; the webhook and completion schedule the
//! recovery of a completion).

use questline_domain::commerce::refunds::RefundReason;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Job;

/// Resumes a cart's completion from its stored state (decisions.md, commerce §4 "Crash recovery"): scheduled at
/// each claim, unique per cart, due a minute later; a completion recorded by then makes it a no-op.
pub const FINISH_COMPLETION: &str = "commerce.finish_completion";

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

/// Releases what a provider holds for a cart whose seat's payment failed before it completed (the player left, was
/// removed, the session was cancelled, a no-show), or was paid through another cart (issue 31): a Stripe
/// PaymentIntent confirmed but never captured is cancelled instead of waiting a week for Stripe to let it lapse
/// (decisions.md, "Commerce (issue 16)" §2 and §7). Run by commerce; scheduled by the sessions store in the
/// transaction that fails the payment, and by commerce's completion in the one that records the paying order.
pub const RELEASE_ATTEMPT: &str = "commerce.release_attempt";

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReleasePayload {
    pub cart_id: String,
}

/// The release of one cart's attempts: one at a time per cart.
pub fn release_attempt(cart_id: &str) -> Job {
    Job::new(RELEASE_ATTEMPT, ReleasePayload { cart_id: cart_id.to_owned() }).unique(format!("release:{cart_id}"))
}
