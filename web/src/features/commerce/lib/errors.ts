/**
 * The commerce refusals worded for the buyer, the GM and the seller, by the server's stable code (decisions.md
 * §3), with the checkout's own words (`checkout.errors.codes`); any other failure is described the app's usual way.
 */
import { codeWords } from '@/lib/api/error-words';
import { errorCode, errorMessage, type ErrorCode } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';

import { CartNotInitializedError } from './cart-storage';

export const commerceCodes = [
  'cart_not_found',
  'cart_completed',
  'currency_mismatch',
  'no_payment_providers',
  'provider_not_available',
  'seat_not_payable',
  'publishable_key_required',
  'publishable_key_invalid',
  'cart_completion_in_progress',
  'idempotency_key_in_use',
  'idempotency_key_reused',
  'order_not_found',
  'session_payment_not_found',
  'payment_not_refundable',
  'session_already_started',
  'refund_already_requested',
  'refund_not_requested',
  'month_invalid',
  'variant_not_found',
  'cart_empty',
  'payment_session_required',
  'payment_provider_unavailable',
  'payment_collection_not_found',
  'shipping_option_not_found',
] as const satisfies readonly ErrorCode[];

export type CommerceCode = (typeof commerceCodes)[number];

const commerceWords = codeWords('checkout.errors.codes');

export function commerceCode(error: unknown): CommerceCode | undefined {
  const code = errorCode(error);
  return (commerceCodes as readonly (string | undefined)[]).includes(code)
    ? (code as CommerceCode)
    : undefined;
}

/** The words for `error`: ours for a commerce code, the app's for anything else. */
export function commerceErrorMessage(error: unknown): string {
  if (error instanceof CartNotInitializedError) return i18n.t('checkout.errors.cartNotInitialized');
  return errorMessage(error, { words: [commerceWords] });
}

/** The checkout's failure toast (spec §8: checkout errors are logged too, with the cause the toast leaves out). */
export function toastCheckoutFailure(error: unknown) {
  console.error('Checkout failed', error);
  toast.error(i18n.t('checkout.failed'), { description: commerceErrorMessage(error) });
}
