//! The payment rules of a session: who needs a payment, who may pay now, who owes, and what a move does to a
//! payment.

use super::*;

/// What becomes of a participant's payment when they move to `to`: an open payment of someone no longer in the
/// session (rejected, no-show, cancelled, removed) is voided (`failed`); anything else stays (a completed one is
/// refunded by the commerce issue).
pub fn payment_after(to: ParticipantStatus, payment: PaymentStatus) -> PaymentStatus {
    if payment.is_open() && !to.is_in_session() { PaymentStatus::Failed } else { payment }
}

/// Whether a participant who is `status` in a paid session being prepared needs a payment: those holding a seat.
pub fn needs_payment(status: ParticipantStatus) -> bool {
    matches!(status, ParticipantStatus::Confirmed | ParticipantStatus::Ready)
}

/// Whether a participant may pay for their seat now (issue 31): they hold a seat (confirmed or ready), their
/// payment is open, and the session is waiting for payment or ready to start (a ready session may still have
/// players beyond the minimum to pay). Not while the session waits for players: the page offers no way to pay then.
/// The Dashboard's "pay" action, the payment-due notice, the store's seat, the completion and the web's checkout
/// button all ask this.
pub fn may_pay(session: SessionStatus, me: ParticipantStatus, payment: Option<PaymentStatus>) -> bool {
    matches!(me, ParticipantStatus::Confirmed | ParticipantStatus::Ready)
        && session.takes_payment()
        && payment.is_some_and(PaymentStatus::is_open)
}

/// Whether someone owes money: their payment is open while they are in the session.
pub fn owes(status: ParticipantStatus, payment: Option<PaymentStatus>) -> bool {
    payment.is_some_and(PaymentStatus::is_open) && status.is_in_session()
}
