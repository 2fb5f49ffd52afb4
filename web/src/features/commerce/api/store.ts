/**
 * The commerce calls (decisions.md §3). Every `/api/store/*` request carries the publishable key; POSTs carry
 * the CSRF header like every other call; failures are the app's `ApiError`/`NetworkError`, so the usual error
 * handling (describeError, the toasts) applies. All go through the generated client.
 */
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';

import { storeHeaders } from './publishable-key';
import type {
  BillingAddress,
  Cart,
  CompleteCartResponse,
  CreateCartBody,
  Earnings,
  Order,
  PaymentCollection,
  PaymentProvider,
  Refund,
  RefundDecision,
  SessionPaymentWithRefund,
  UpdateCartBody,
} from './store-types';

/** The options of a generated-client store call: the publishable key, and the path's `id` when it has one. */
async function store<P extends object>(params: P) {
  return { params, headers: await storeHeaders() };
}

export async function createCart(body: CreateCartBody): Promise<Cart> {
  return unwrap(await api.POST('/api/store/carts', { ...(await store({})), body })).cart;
}

export async function getCart(id: string): Promise<Cart> {
  return unwrap(await api.GET('/api/store/carts/{id}', await store({ path: { id } }))).cart;
}

export async function updateCart(id: string, body: UpdateCartBody): Promise<Cart> {
  return unwrap(
    await api.POST('/api/store/carts/{id}', { ...(await store({ path: { id } })), body }),
  ).cart;
}

export async function saveBillingAddress(
  id: string,
  email: string,
  billingAddress: BillingAddress,
): Promise<Cart> {
  return updateCart(id, { email, billing_address: billingAddress });
}

export async function addCartLineItem(id: string, variantId: string): Promise<Cart> {
  return unwrap(
    await api.POST('/api/store/carts/{id}/line-items', {
      ...(await store({ path: { id } })),
      body: { variant_id: variantId, quantity: 1 },
    }),
  ).cart;
}

/** The seat's one shipping option: nothing ships, but the store flow (and Medusa's SDK) expects a method. */
export const digitalSeatOption = 'so_digital_seat';

export async function addCartShippingMethod(id: string): Promise<Cart> {
  return unwrap(
    await api.POST('/api/store/carts/{id}/shipping-methods', {
      ...(await store({ path: { id } })),
      body: { option_id: digitalSeatOption },
    }),
  ).cart;
}

export async function transferCart(id: string): Promise<Cart> {
  return unwrap(await api.POST('/api/store/carts/{id}/customer', await store({ path: { id } })))
    .cart;
}

export async function listPaymentProviders(regionId: string): Promise<PaymentProvider[]> {
  return unwrap(
    await api.GET('/api/store/payment-providers', await store({ query: { region_id: regionId } })),
  ).payment_providers;
}

export async function createPaymentCollection(cartId: string): Promise<PaymentCollection> {
  return unwrap(
    await api.POST('/api/store/payment-collections', {
      ...(await store({})),
      body: { cart_id: cartId },
    }),
  ).payment_collection;
}

export async function initiatePaymentSession(
  collectionId: string,
  providerId: string,
): Promise<PaymentCollection> {
  return unwrap(
    await api.POST('/api/store/payment-collections/{id}/payment-sessions', {
      ...(await store({ path: { id: collectionId } })),
      body: { provider_id: providerId },
    }),
  ).payment_collection;
}

/** Completes the cart; `idempotencyKey` (one per attempt) makes a retried request answer as the first did. */
export async function completeCart(
  id: string,
  idempotencyKey: string,
): Promise<CompleteCartResponse> {
  const options = await store({ path: { id } });
  return unwrap(
    await api.POST('/api/store/carts/{id}/complete', {
      ...options,
      headers: { ...options.headers, 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export async function getOrder(id: string): Promise<Order> {
  return unwrap(await api.GET('/api/store/orders/{id}', await store({ path: { id } }))).order;
}

/** The buyer's latest order, if any (the checkout fills the next billing address from it). */
export async function getLatestOrder(): Promise<Order | null> {
  const page = unwrap(await api.GET('/api/store/orders', await store({ query: { limit: 1 } })));
  return page.orders[0] ?? null;
}

/** The message a dialog sends: left out when empty (it is optional). */
function messageBody(message: string): { message?: string } {
  const trimmed = message.trim();
  return trimmed === '' ? {} : { message: trimmed };
}

export async function requestRefund(paymentId: string, message: string): Promise<Refund> {
  return unwrap(
    await api.POST('/api/session-payments/{payment_id}/refund-request', {
      params: { path: { payment_id: paymentId } },
      body: messageBody(message),
    }),
  ).refund;
}

export async function decideRefund(
  paymentId: string,
  decision: RefundDecision,
  message: string,
): Promise<Refund> {
  return unwrap(
    await api.POST('/api/session-payments/{payment_id}/refund-request/decision', {
      params: { path: { payment_id: paymentId } },
      body: { decision, ...messageBody(message) },
    }),
  ).refund;
}

/** The session's payments with their refunds: the GM's all, a player's own. */
export async function listSessionPayments(sessionId: string): Promise<SessionPaymentWithRefund[]> {
  return unwrap(
    await api.GET('/api/sessions/{session_id}/payments', {
      params: { path: { session_id: sessionId }, query: { offset: 0, limit: 100 } },
    }),
  ).items;
}

export async function listMyEarnings(month: string): Promise<Earnings> {
  return unwrap(await api.GET('/api/gm/earnings', { params: { query: { month } } }));
}
