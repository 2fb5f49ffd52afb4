/**
 * The commerce calls (decisions.md §3). Every `/api/store/*` request carries the publishable key; POSTs carry
 * the CSRF header like every other call; failures are the app's `ApiError`/`NetworkError`, so the usual error
 * handling (describeError, the toasts) applies. The calls the OpenAPI document has go through the generated
 * client; `request` serves the ones of branches not merged yet (completion, refunds, earnings).
 */
import { api, withCsrfHeader } from '@/lib/api/client';
import { ApiError, NetworkError, unwrap } from '@/lib/api/errors';

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
  UpdateCartBody,
} from './store-types';

type RequestOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  /** `/api/store/*` calls need the publishable key; our own (refunds, earnings) do not. */
  store?: boolean;
};

async function request<T>(
  path: string,
  { method = 'GET', body, query, headers = {}, store = true }: RequestOptions = {},
): Promise<T> {
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();
  const init = new Request(
    `${globalThis.location.origin}/api${path}${search ? `?${search}` : ''}`,
    {
      method,
      credentials: 'include',
      headers: {
        ...(store ? await storeHeaders() : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
  );
  let response: Response;
  try {
    response = await globalThis.fetch(withCsrfHeader(init));
  } catch (error) {
    throw new NetworkError(error);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok || data === undefined) throw ApiError.fromResponse(response, data);
  return data as T;
}

const cartPath = (id: string) => `/store/carts/${encodeURIComponent(id)}`;

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
  return request<CompleteCartResponse>(`${cartPath(id)}/complete`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export async function getOrder(id: string): Promise<Order> {
  return (await request<{ order: Order }>(`/store/orders/${encodeURIComponent(id)}`)).order;
}

export async function requestRefund(paymentId: string, message: string): Promise<Refund> {
  const trimmed = message.trim();
  return (
    await request<{ refund: Refund }>(
      `/session-payments/${encodeURIComponent(paymentId)}/refund-request`,
      { method: 'POST', body: trimmed === '' ? {} : { message: trimmed }, store: false },
    )
  ).refund;
}

export async function decideRefund(
  paymentId: string,
  decision: RefundDecision,
  message: string,
): Promise<Refund> {
  const trimmed = message.trim();
  return (
    await request<{ refund: Refund }>(
      `/session-payments/${encodeURIComponent(paymentId)}/refund-request/decision`,
      {
        method: 'POST',
        body: trimmed === '' ? { decision } : { decision, message: trimmed },
        store: false,
      },
    )
  ).refund;
}

export async function listMyEarnings(month: string): Promise<Earnings> {
  return request<Earnings>('/gm/earnings', { query: { month }, store: false });
}
