import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { anonymousUserContext, currentUserQueryKey } from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { storageKeys } from '@/lib/storage-keys';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import type { Order } from '../api/store-types';
import CheckoutSuccessRoute from './checkout-success';

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

vi.mock('../api/publishable-key', () => ({
  storeHeaders: () => Promise.resolve({ 'x-publishable-api-key': 'pk_test' }),
}));

const order: Order = {
  id: 'order_01',
  display_id: 42,
  status: 'completed',
  payment_status: 'captured',
  email: 'ilse@example.com',
  region_id: 'reg_pl',
  currency_code: 'pln',
  items: [
    {
      id: 'cali_1',
      metadata: {},
      requires_shipping: false,
      variant_id: 'variant_abc',
      title: 'Lighthouse Watch — 11 June 2030, 18:30',
      quantity: 1,
      unit_price: 25.5,
      subtotal: 25.5,
      total: 25.5,
    },
  ],
  billing_address: {
    first_name: 'Ilse',
    last_name: 'Nowak',
    address_1: 'ul. Długa 1',
    city: 'Gdańsk',
    postal_code: '80-001',
    country_code: 'pl',
    phone: '+48 600 000 000',
  },
  subtotal: 25.5,
  tax_total: 0,
  total: 25.5,
  seller: { id: 'gm', name: 'Greta' },
  provider_id: 'pp_system_default',
  transaction_id: 'sys_0195f0c4',
  created_at: '2030-06-01T10:00:00Z',
};

let requests: Request[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      requests.push(request);
      const { pathname } = new URL(request.url);
      if (pathname === '/api/store/orders/order_01') {
        return Promise.resolve(jsonResponse(200, { order }));
      }
      if (pathname === '/api/store/carts/cart_1/complete') {
        return Promise.resolve(jsonResponse(200, { type: 'order', order }));
      }
      if (pathname === '/api/store/carts/cart_declined/complete') {
        return Promise.resolve(
          jsonResponse(200, {
            type: 'cart',
            cart: { id: 'cart_declined' },
            error: {
              message: 'Your card was declined.',
              name: 'payment_declined',
              type: 'payment_authorization_error',
            },
          }),
        );
      }
      if (pathname.startsWith('/api/store/orders/')) {
        return Promise.resolve(
          jsonResponse(404, {
            error: { type: 'not_found', code: 'order_not_found', message: 'No such order' },
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, {}));
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await changeLocale('en-GB');
});

function renderAt(path: string) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey, anonymousUserContext);
  return renderWithProviders(<CheckoutSuccessRoute />, { path, queryClient });
}

describe('/checkout/success', () => {
  it('shows the receipt of ?order_id=: seller, seat line, amounts in the currency, date, transaction', async () => {
    renderAt('/checkout/success?order_id=order_01');
    const receipt = await screen.findByTestId('receipt');
    expect(receipt).toHaveTextContent('Receipt for order no. 42');
    expect(receipt).toHaveTextContent('Greta, through Questline (marketplace operator)');
    expect(receipt).toHaveTextContent('Lighthouse Watch — 11 June 2030, 18:30');
    expect(receipt).toHaveTextContent('1 × PLN 25.50');
    expect(screen.getByTestId('receipt-total')).toHaveTextContent('PLN 25.50');
    expect(receipt).toHaveTextContent('sys_0195f0c4');
    expect(receipt).toHaveTextContent('Paid');
    expect(receipt).toHaveTextContent('2030');
    expect(requests[0]?.headers.get('x-publishable-api-key')).toBe('pk_test');
  });

  it('is titled a receipt and leads back to the session the seat is in', async () => {
    const withSession = {
      ...order,
      items: order.items.map((item) => ({ ...item, metadata: { session_id: 'session-7' } })),
    };
    vi.mocked(fetch).mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { order: withSession })),
    );
    renderAt('/checkout/success?order_id=order_01');
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Receipt');
    expect(screen.getByRole('link', { name: 'Back to the session' })).toHaveAttribute(
      'href',
      '/dashboard/player/my-sessions/session-7',
    );
  });

  it("says so for an order that is not the buyer's", async () => {
    renderAt('/checkout/success?order_id=order_other');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });

  it("completes the stored cart on a provider's return, with an idempotency key, and shows the order", async () => {
    window.localStorage.setItem(storageKeys.cartId, 'cart_1');
    renderAt('/checkout/success?payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByTestId('receipt')).toHaveTextContent('Receipt for order no. 42');
    const complete = requests.find((request) => request.url.endsWith('/complete'));
    expect(complete?.method).toBe('POST');
    expect(complete?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(complete?.headers.get('X-Questline-Csrf')).toBe('1');
    expect(window.localStorage.getItem(storageKeys.cartId)).toBeNull();
  });

  it("says 'Cart is not initialized' on a return without a stored cart", async () => {
    renderAt('/checkout/success?payment_intent=pi_1&redirect_status=succeeded');
    expect(await screen.findByText('Cart is not initialized')).toBeInTheDocument();
    expect(requests.some((request) => request.url.endsWith('/complete'))).toBe(false);
  });

  it('leads back to the session the payment was for, and forgets it once paid', async () => {
    window.localStorage.setItem(storageKeys.cartId, 'cart_1');
    window.localStorage.setItem(storageKeys.checkoutSessionId, 'session-1');
    renderAt(
      '/checkout/success?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=succeeded',
    );
    expect(await screen.findByTestId('receipt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the session' })).toHaveAttribute(
      'href',
      '/dashboard/player/my-sessions/session-1',
    );
    expect(window.localStorage.getItem(storageKeys.checkoutSessionId)).toBeNull();
  });

  it("asks the server even when the provider's redirect says it failed, and shows the failure with the way back", async () => {
    window.localStorage.setItem(storageKeys.cartId, 'cart_declined');
    window.localStorage.setItem(storageKeys.checkoutSessionId, 'session-1');
    renderAt('/checkout/success?payment_intent=pi_2&redirect_status=failed');
    const failed = await screen.findByTestId('checkout-return-failed');
    expect(within(failed).getByRole('heading')).toHaveTextContent('Payment not completed');
    expect(failed).toHaveTextContent('The payment did not go through. Nothing was charged.');
    expect(failed).toHaveTextContent('Your card was declined.');
    expect(within(failed).getByRole('link', { name: 'Back to the session' })).toHaveAttribute(
      'href',
      '/dashboard/player/my-sessions/session-1',
    );
    expect(requests.filter((request) => request.url.endsWith('/complete'))).toHaveLength(1);
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();
    // The cart stays, so the buyer can try again from the session.
    expect(window.localStorage.getItem(storageKeys.cartId)).toBe('cart_declined');
    expect(window.localStorage.getItem(storageKeys.checkoutSessionId)).toBe('session-1');
  });

  it("does not take 'succeeded' on the browser's word: a declined answer is shown as declined", async () => {
    window.localStorage.setItem(storageKeys.cartId, 'cart_declined');
    renderAt('/checkout/success?payment_intent=pi_2&redirect_status=succeeded');
    expect(await screen.findByTestId('checkout-return-failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my sessions' })).toHaveAttribute(
      'href',
      '/dashboard/player/my-sessions',
    );
  });

  it('speaks Polish on the way back', async () => {
    await changeLocale('pl-PL');
    window.localStorage.setItem(storageKeys.cartId, 'cart_declined');
    window.localStorage.setItem(storageKeys.checkoutSessionId, 'session-1');
    renderAt('/checkout/success?payment_intent=pi_2&redirect_status=failed');
    const failed = await screen.findByTestId('checkout-return-failed');
    expect(failed).toHaveTextContent('Płatność nie została zrealizowana');
    expect(within(failed).getByRole('link', { name: 'Wróć do sesji' })).toBeInTheDocument();
  });
});
