import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Cart, PaymentCollection } from '../api/store-types';
import { emptyAddress } from './address';
import {
  paymentSessionDelayMs,
  payStep,
  saveAddressStep,
  startPaymentStep,
  wait,
  type CheckoutCalls,
} from './checkout-flow';

const cart: Cart = {
  id: 'cart_A',
  region_id: 'reg_pl',
  currency_code: 'pln',
  items: [],
  shipping_methods: [],
  shipping_total: 0,
  sales_channel_id: 'sc_questline',
  item_total: 0,
  subtotal: 0,
  tax_total: 0,
  total: 0,
  payment_collection: null,
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
};

const collection: PaymentCollection = {
  id: 'pay_col_A',
  currency_code: 'pln',
  amount: 25,
  status: 'not_paid',
  payment_sessions: [],
};

function fakeCalls(overrides: Partial<CheckoutCalls> = {}) {
  const calls = {
    addCartLineItem: vi.fn((_id: string, variantId: string) =>
      Promise.resolve({
        ...cart,
        items: [
          {
            id: 'cali_1',
            cart_id: 'cart_A',
            created_at: '2030-01-01T00:00:00Z',
            metadata: {},
            requires_shipping: false,
            variant_id: variantId,
            title: 'Seat',
            quantity: 1,
            unit_price: 25,
            subtotal: 25,
            total: 25,
          },
        ],
      }),
    ),
    addCartShippingMethod: vi.fn(() =>
      Promise.resolve({
        ...cart,
        shipping_methods: [
          {
            id: 'casm_1',
            shipping_option_id: 'so_digital_seat',
            name: 'Seat',
            amount: 0,
            data: {},
          },
        ],
      }),
    ),
    saveBillingAddress: vi.fn(() => Promise.resolve(cart)),
    createPaymentCollection: vi.fn(() => Promise.resolve(collection)),
    initiatePaymentSession: vi.fn(() => Promise.resolve(collection)),
    completeCart: vi.fn<CheckoutCalls['completeCart']>(() =>
      Promise.resolve({
        type: 'cart' as const,
        cart,
        error: { message: 'declined', name: 'x', type: 'x' },
      }),
    ),
    wait,
    newIdempotencyKey: vi.fn(() => 'key-1'),
  };
  return { ...calls, ...overrides, completeCart: calls.completeCart };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the checkout steps', () => {
  it('puts the seat and its digital shipping in the cart before the address, once', async () => {
    const calls = fakeCalls();
    const form = {
      ...emptyAddress('ilse@example.com '),
      first_name: 'Ilse',
      country_code: 'be' as const,
    };
    await saveAddressStep(calls, cart, 'variant_abc', form);
    expect(calls.addCartLineItem).toHaveBeenCalledWith('cart_A', 'variant_abc');
    expect(calls.addCartShippingMethod).toHaveBeenCalledWith('cart_A');
    expect(calls.saveBillingAddress).toHaveBeenCalledWith(
      'cart_A',
      'ilse@example.com',
      expect.objectContaining({ first_name: 'Ilse', country_code: 'be' }),
    );

    const ready = await calls.addCartShippingMethod('cart_A');
    const withSeat = {
      ...ready,
      items: (await calls.addCartLineItem('cart_A', 'variant_abc')).items,
    };
    const again = fakeCalls();
    await saveAddressStep(again, withSeat, 'variant_abc', form);
    expect(again.addCartLineItem).not.toHaveBeenCalled();
    expect(again.addCartShippingMethod).not.toHaveBeenCalled();
  });

  it('waits 100 ms after the address before initiating the payment session', async () => {
    vi.useFakeTimers();
    const calls = fakeCalls();
    const started = startPaymentStep(calls, cart, 'pp_system_default');
    await vi.advanceTimersByTimeAsync(paymentSessionDelayMs - 1);
    expect(calls.createPaymentCollection).not.toHaveBeenCalled();
    expect(calls.initiatePaymentSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await started;
    expect(calls.createPaymentCollection).toHaveBeenCalledWith('cart_A');
    expect(calls.initiatePaymentSession).toHaveBeenCalledWith('pay_col_A', 'pp_system_default');
    expect(paymentSessionDelayMs).toBe(100);
  });

  it("reuses the cart's payment collection", async () => {
    const calls = fakeCalls({ wait: () => Promise.resolve() });
    await startPaymentStep(calls, { ...cart, payment_collection: collection }, 'pp_stripe_stripe');
    expect(calls.createPaymentCollection).not.toHaveBeenCalled();
    expect(calls.initiatePaymentSession).toHaveBeenCalledWith('pay_col_A', 'pp_stripe_stripe');
  });

  it('completes the cart with a fresh idempotency key per attempt', async () => {
    let n = 0;
    const calls = fakeCalls({ newIdempotencyKey: () => `key-${String((n += 1))}` });
    await payStep(calls, 'cart_A');
    await payStep(calls, 'cart_A');
    expect(calls.completeCart.mock.calls).toEqual([
      ['cart_A', 'key-1'],
      ['cart_A', 'key-2'],
    ]);
  });
});
