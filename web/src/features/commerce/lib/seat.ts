/**
 * The seat a player pays for: their session payment, sold as the variant `variant_` + payment id (decisions.md
 * §4). Read from the player's session view, so the checkout needs nothing the page does not already have.
 */
import type { components } from '@/lib/api/schema';

type PlayerSession = components['schemas']['PlayerSession'];

export type CheckoutSeat = {
  sessionId: string;
  seriesTitle: string;
  startsAt: string;
  paymentId: string;
  variantId: string;
  /** A decimal string, `"25.00"`. */
  amount: string;
  currencyCode: string;
};

/** The session statuses before the start: the seat can be paid (and its refund requested) only then. */
const beforeStart: readonly PlayerSession['status'][] = [
  'planning',
  'scheduled',
  'waiting_for_players',
  'waiting_for_payment',
  'ready_to_start',
];

/**
 * The player may check out: the server says so (`may_pay`, the domain's `may_pay` rule — a seat held, the payment
 * open, the session waiting for payment or ready to start), so the web never re-derives it.
 */
export function canCheckout(session: PlayerSession): boolean {
  return session.may_pay && session.payment !== null && session.payment !== undefined;
}

export function checkoutSeat(session: PlayerSession): CheckoutSeat | undefined {
  const payment = session.payment;
  if (!payment) return undefined;
  return {
    sessionId: session.id,
    seriesTitle: session.series.title,
    startsAt: session.schedule.scheduled_start_datetime,
    paymentId: payment.id,
    variantId: payment.variant_id,
    amount: payment.amount,
    currencyCode: payment.currency_code,
  };
}

/**
 * The player may ask for their money back: paid, nothing asked or refunded yet (`hasRefund`: the payment has a
 * refund row), and the session has not started.
 */
export function canRequestRefund(session: PlayerSession, hasRefund: boolean): boolean {
  return (
    session.payment?.status === 'completed' && !hasRefund && beforeStart.includes(session.status)
  );
}
