/**
 * The commerce refusals worded for the buyer, the GM and the seller, by the server's stable code (decisions.md
 * §3); any other failure falls back to the app's usual description (describeError).
 */
import { ApiError, describeError, translatorFor } from '@/lib/api/errors';
import { i18n, type TranslationKey } from '@/lib/i18n';

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
] as const;

export type CommerceCode = (typeof commerceCodes)[number];

export function commerceCode(error: unknown): CommerceCode | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  const code: string = error.detail.code;
  return (commerceCodes as readonly string[]).includes(code) ? (code as CommerceCode) : undefined;
}

/** The words for `error`: ours for a commerce code, the app's for anything else. */
export function commerceErrorMessage(error: unknown): string {
  if (error instanceof CartNotInitializedError) return i18n.t('checkout.errors.cartNotInitialized');
  const code = commerceCode(error);
  if (code) return i18n.t(`checkout.errors.codes.${code}` as TranslationKey);
  const described = describeError(error, translatorFor(i18n));
  return described.kind === 'toast' ? described.message : i18n.t('errors.codes.validation_failed');
}
