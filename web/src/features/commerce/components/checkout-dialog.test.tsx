import type { Stripe } from '@stripe/stripe-js';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  anonymousUserContext,
  currentUserQueryKey,
  type UserContext,
} from '@/lib/auth/current-user';
import { changeLocale } from '@/lib/i18n';
import { configQueryKey } from '@/lib/runtime-config';
import { storageKeys } from '@/lib/storage-keys';
import { toast } from '@/lib/toast';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/test/render';

import { regionsQueryKey } from '../api/list-regions';
import type { Cart, CompleteCartResponse, PaymentCollection } from '../api/store-types';
import { latestOrderQueryKey } from '../api/use-billing-prefill';
import { cartQueryKey } from '../api/use-cart';
import type { CheckoutCalls } from '../lib/checkout-flow';
import type { CheckoutSeat } from '../lib/seat';
import type { LoadStripe } from '../lib/stripe';
import { CheckoutDialog } from './checkout-dialog';

vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

vi.mock('../api/publishable-key', () => ({
  storeHeaders: () => Promise.resolve({ 'x-publishable-api-key': 'pk_test' }),
}));

const buyer: UserContext = {
  authenticated: true,
  user: { id: 'buyer-1', name: 'Ilse', roles: ['player'] },
  account: {
    account_id: 'buyer-1',
    email_verified: true,
    has_password: true,
    locale: 'en-GB',
    member_since: '2030-01-01T00:00:00Z',
    primary_email: { email: 'ilse@example.com' },
    roles: ['player'],
    status: 'active',
    time_zone: 'Europe/Warsaw',
  },
};

const poland = { id: 'reg_pl', name: 'Poland', currency_code: 'pln' };
const europe = { id: 'reg_eu', name: 'Europe', currency_code: 'eur' };

const seat: CheckoutSeat = {
  sessionId: 'session-1',
  seriesTitle: 'Lighthouse Watch',
  startsAt: '2030-06-11T16:30:00Z',
  paymentId: 'payment-1',
  variantId: 'variant_abc',
  amount: '25.00',
  currencyCode: 'pln',
};

function cart(regionId: string, overrides: Partial<Cart> = {}): Cart {
  return {
    id: `cart_${regionId}`,
    region_id: regionId,
    sales_channel_id: 'sc_questline',
    currency_code: regionId === 'reg_pl' ? 'pln' : 'eur',
    customer_id: null,
    items: [],
    shipping_methods: [],
    shipping_total: 0,
    item_total: 0,
    subtotal: 0,
    tax_total: 0,
    total: 0,
    payment_collection: null,
    created_at: '2030-01-01T00:00:00Z',
    updated_at: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

const collection: PaymentCollection = {
  id: 'pay_col_1',
  currency_code: 'pln',
  amount: 25,
  status: 'not_paid',
  payment_sessions: [
    {
      id: 'payses_1',
      provider_id: 'pp_system_default',
      amount: 25,
      currency_code: 'pln',
      status: 'pending',
      data: {},
    },
  ],
};

const declined: CompleteCartResponse = {
  type: 'cart',
  cart: cart('reg_pl'),
  error: {
    message: 'Card declined',
    name: 'payment_declined',
    type: 'payment_authorization_error',
  },
};

const paid: CompleteCartResponse = {
  type: 'order',
  order: {
    id: 'order_1',
    display_id: 7,
    status: 'completed',
    payment_status: 'captured',
    email: 'ilse@example.com',
    region_id: 'reg_pl',
    currency_code: 'pln',
    items: [],
    subtotal: 25,
    tax_total: 0,
    total: 25,
    seller: { id: 'gm', name: 'Greta' },
    billing_address: {},
    provider_id: 'pp_system_default',
    transaction_id: 'sys_1',
    created_at: '2030-06-01T10:00:00Z',
  },
};

function fakeCalls() {
  let attempt = 0;
  return {
    addCartLineItem: vi.fn((id: string) => Promise.resolve(cart('reg_pl', { id }))),
    addCartShippingMethod: vi.fn((id: string) => Promise.resolve(cart('reg_pl', { id }))),
    saveBillingAddress: vi.fn((id: string) => Promise.resolve(cart('reg_pl', { id }))),
    createPaymentCollection: vi.fn(() => Promise.resolve(collection)),
    initiatePaymentSession: vi.fn(() => Promise.resolve(collection)),
    completeCart: vi.fn<CheckoutCalls['completeCart']>(),
    wait: vi.fn(() => Promise.resolve()),
    newIdempotencyKey: vi.fn(() => `key-${String((attempt += 1))}`),
  };
}

function setup(
  regionId = 'reg_pl',
  {
    stripeKey = 'pk_test_stripe',
    loadStripe,
    prepare,
  }: {
    stripeKey?: string | null;
    loadStripe?: LoadStripe;
    /** Changes the cache before the dialog opens (a signed-in buyer, their last order). */
    prepare?: (queryClient: ReturnType<typeof createTestQueryClient>) => void;
  } = {},
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(regionsQueryKey, { regions: [poland, europe] });
  queryClient.setQueryData(configQueryKey, {
    commerce: { publishable_key: 'pk_test', sales_channel_id: 'sc_questline' },
    payment: { stripe_publishable_key: stripeKey },
  });
  queryClient.setQueryData(currentUserQueryKey, anonymousUserContext);
  for (const region of ['reg_pl', 'reg_eu']) {
    queryClient.setQueryData([...cartQueryKey, region, null], cart(region));
  }
  prepare?.(queryClient);
  window.localStorage.setItem(storageKeys.regionId, regionId);
  window.localStorage.setItem(storageKeys.cartId, 'cart_reg_pl');
  const calls = fakeCalls();
  const onOpenChange = vi.fn();
  renderWithProviders(
    <CheckoutDialog
      open
      onOpenChange={onOpenChange}
      seat={seat}
      calls={calls}
      loadStripe={loadStripe}
    />,
    { queryClient },
  );
  return { calls, queryClient };
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/store/payment-providers') {
        return Promise.resolve(
          jsonResponse(200, {
            payment_providers: [
              { id: 'pp_system_default', is_enabled: true },
              { id: 'pp_stripe_stripe', is_enabled: true },
            ],
            count: 2,
            offset: 0,
            limit: 20,
          }),
        );
      }
      return Promise.resolve(jsonResponse(200, { cart: cart('reg_pl', { id: 'cart_fresh' }) }));
    }),
  );
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  await changeLocale('en-GB');
});

async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'ilse@example.com');
  await user.type(screen.getByLabelText('Phone number'), '+32 470 00 00 00');
  await user.type(screen.getByLabelText('First name'), 'Ilse');
  await user.type(screen.getByLabelText('Last name'), 'Nowak');
  await user.type(screen.getByRole('textbox', { name: 'Address' }), 'Rue Haute 1');
  await user.type(screen.getByLabelText('City'), 'Bruxelles');
  await user.type(screen.getByLabelText('Postal code'), '1000');
  await user.click(screen.getByRole('radio', { name: 'Belgium' }));
}

describe('CheckoutDialog', () => {
  it("shows the spec's messages for a missing address and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    expect(await screen.findByRole('radio', { name: 'Poland' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
    for (const message of [
      'Email is required',
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'Postal code is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('Country is required')).not.toBeInTheDocument();
    expect(calls.saveBillingAddress).not.toHaveBeenCalled();
    expect(calls.addCartLineItem).not.toHaveBeenCalled();
  });

  it('goes through address, payment method and payment; a decline charges nothing, a retry pays', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    const steps = await screen.findByRole('list', { name: 'Checkout steps' });
    expect(within(steps).getByText('1. Address')).toHaveAttribute('aria-current', 'step');

    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
    expect(calls.addCartLineItem).toHaveBeenCalledWith('cart_reg_pl', 'variant_abc');
    expect(calls.saveBillingAddress).toHaveBeenCalledWith(
      'cart_reg_pl',
      'ilse@example.com',
      expect.objectContaining({ country_code: 'be', city: 'Bruxelles' }),
    );

    // Step 2: the region's providers, Stripe's prefix removed, the built-in one a test payment; the policy.
    const test = await screen.findByRole('radio', { name: 'Test payment (no money is taken)' });
    expect(test).toBeChecked();
    expect(screen.getByRole('radio', { name: 'stripe' })).toBeInTheDocument();
    expect(screen.getByText('Refund and cancellation policy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => {
      expect(calls.initiatePaymentSession).toHaveBeenCalledWith('pay_col_1', 'pp_system_default');
    });
    expect(calls.wait).toHaveBeenCalledWith(100);
    const waited = calls.wait.mock.invocationCallOrder[0] ?? Infinity;
    const initiated = calls.initiatePaymentSession.mock.invocationCallOrder[0] ?? -Infinity;
    expect(waited).toBeLessThan(initiated);

    // Step 3: declined → told, nothing charged, still on the payment step.
    calls.completeCart.mockResolvedValueOnce(declined).mockResolvedValueOnce(paid);
    const pay = await screen.findByRole('button', { name: /^Pay / });
    await user.click(pay);
    expect(await screen.findByTestId('checkout-declined')).toHaveTextContent(
      'The payment did not go through. Nothing was charged.',
    );
    expect(toast.error).toHaveBeenCalledWith(
      'The payment did not go through. Nothing was charged.',
      { description: 'Card declined' },
    );

    // A retry is a new attempt (its own idempotency key) and pays: the receipt is linked.
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    const receipt = await screen.findByRole('link', { name: 'View the receipt' });
    expect(receipt).toHaveAttribute('href', '/checkout/success?order_id=order_1');
    expect(calls.completeCart.mock.calls).toEqual([
      ['cart_reg_pl', 'key-1'],
      ['cart_reg_pl', 'key-2'],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Payment completed. Your seat is paid.');
    // The paid cart is done with: a new one is made for the next purchase.
    await waitFor(() => {
      expect(window.localStorage.getItem(storageKeys.cartId)).toBe('cart_fresh');
    });
  });

  it(
    "fills the address from the buyer's last order, or else from their profile",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const signedIn = (queryClient: ReturnType<typeof createTestQueryClient>) => {
        queryClient.setQueryData(currentUserQueryKey, buyer);
      };
      const first = setup('reg_pl', {
        prepare: (queryClient) => {
          signedIn(queryClient);
          queryClient.setQueryData(latestOrderQueryKey, {
            ...paid.order,
            billing_address: {
              first_name: 'Ilse',
              last_name: 'Nowak',
              address_1: 'Rue Haute 1',
              city: 'Bruxelles',
              postal_code: '1000',
              country_code: 'be',
              phone: '+32 470 00 00 00',
            },
          });
        },
      });
      expect(await screen.findByLabelText('City')).toHaveValue('Bruxelles');
      expect(screen.getByLabelText('Email')).toHaveValue('ilse@example.com');
      expect(screen.getByLabelText('Phone number')).toHaveValue('+32 470 00 00 00');
      expect(screen.getByRole('radio', { name: 'Belgium' })).toBeChecked();
      await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
      expect(first.calls.saveBillingAddress).toHaveBeenCalledWith(
        expect.any(String),
        'ilse@example.com',
        expect.objectContaining({
          first_name: 'Ilse',
          address_1: 'Rue Haute 1',
          country_code: 'be',
        }),
      );
      cleanup();

      setup('reg_pl', {
        prepare: (queryClient) => {
          signedIn(queryClient);
          queryClient.setQueryData(latestOrderQueryKey, null);
          queryClient.setQueryData(['profiles', 'me'], {
            first_name: 'Ilse',
            last_name: 'Nowak',
            phone: { phone: '+48 600 000 000' },
            location: { city: 'Gdańsk', postal_code: '80-001', country: 'pl' },
          });
        },
      });
      expect(await screen.findByLabelText('City')).toHaveValue('Gdańsk');
      expect(screen.getByLabelText('First name')).toHaveValue('Ilse');
      expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');
    },
  );

  it('names a region whose currency is not the seat’s and offers the matching one, never converting', async () => {
    const user = userEvent.setup();
    const { calls } = setup('reg_eu');
    const notice = await screen.findByTestId('checkout-currency-mismatch');
    expect(notice).toHaveTextContent(
      'This seat is priced in PLN, but your shopping region uses EUR.',
    );
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch to Poland (PLN)' }));
    expect(window.localStorage.getItem(storageKeys.regionId)).toBe('reg_pl');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(calls.addCartLineItem).not.toHaveBeenCalled();
  });

  it('speaks Polish', async () => {
    await changeLocale('pl-PL');
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Przejdź do metody płatności' }));
    expect(screen.getByText('Imię jest wymagane')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Polska' })).toBeChecked();
  });
});

const stripeCollection: PaymentCollection = {
  ...collection,
  payment_sessions: [
    {
      id: 'payses_stripe',
      provider_id: 'pp_stripe_stripe',
      amount: 25,
      currency_code: 'pln',
      status: 'pending',
      data: { client_secret: 'pi_123_secret_abc', id: 'pi_123' } as unknown as Record<
        string,
        never
      >,
    },
  ],
};

/** Stripe.js as far as the checkout uses it: elements → a Payment Element, and confirmPayment. */
function fakeStripe() {
  const element = { mount: vi.fn(), destroy: vi.fn() };
  const elements = { create: vi.fn(() => element) };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment:
      vi.fn<(options: unknown) => Promise<{ error?: { type: string; message?: string } }>>(),
  };
  const loadStripe = vi.fn<LoadStripe>(() => Promise.resolve(stripe as unknown as Stripe));
  return { element, elements, stripe, loadStripe };
}

/** Address and method steps done, Stripe chosen: the payment step shows Stripe's Payment Element. */
async function reachStripePayment(fake: ReturnType<typeof fakeStripe>) {
  const user = userEvent.setup();
  const { calls } = setup('reg_pl', { loadStripe: fake.loadStripe });
  calls.initiatePaymentSession.mockResolvedValue(stripeCollection);
  await screen.findByLabelText('Email');
  await fillAddress(user);
  await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
  await user.click(await screen.findByRole('radio', { name: 'stripe' }));
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await waitFor(() => {
    expect(fake.element.mount).toHaveBeenCalledWith(screen.getByTestId('stripe-payment-element'));
  });
  return { user, calls };
}

describe('CheckoutDialog with Stripe', () => {
  it("mounts Stripe's Payment Element with the session's client secret; a confirmed payment completes the cart", async () => {
    const fake = fakeStripe();
    const { user, calls } = await reachStripePayment(fake);
    expect(calls.initiatePaymentSession).toHaveBeenCalledWith('pay_col_1', 'pp_stripe_stripe');
    expect(fake.loadStripe).toHaveBeenCalledWith('pk_test_stripe');
    expect(fake.stripe.elements).toHaveBeenCalledWith({
      clientSecret: 'pi_123_secret_abc',
      locale: 'en-GB',
    });
    expect(fake.elements.create).toHaveBeenCalledWith('payment', expect.anything());
    expect(screen.queryByText(/This is a test payment/)).not.toBeInTheDocument();

    fake.stripe.confirmPayment.mockResolvedValueOnce({});
    calls.completeCart.mockResolvedValueOnce(paid);
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('link', { name: 'View the receipt' })).toBeInTheDocument();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      confirmParams: {
        return_url: `${window.location.origin}/checkout/success`,
        payment_method_data: { billing_details: expect.any(Object) as unknown },
      },
      redirect: 'if_required',
    });
    // Stripe first, then the server, which asks Stripe itself whether the money is there.
    const confirmed = fake.stripe.confirmPayment.mock.invocationCallOrder[0] ?? Infinity;
    const completed = calls.completeCart.mock.invocationCallOrder[0] ?? -Infinity;
    expect(confirmed).toBeLessThan(completed);
    expect(calls.completeCart).toHaveBeenCalledWith('cart_reg_pl', 'key-1');
    // Kept for a redirect's return page while Stripe confirmed, then forgotten: paid without leaving the app.
    expect(window.localStorage.getItem(storageKeys.checkoutSessionId)).toBeNull();
  });

  it('shows the checkout failure toast when Stripe refuses the card, and does not complete the cart', async () => {
    const fake = fakeStripe();
    const { user, calls } = await reachStripePayment(fake);
    fake.stripe.confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('Checkout failed', {
        description: 'Your card was declined.',
      });
    });
    expect(console.error).toHaveBeenCalledWith(
      'Stripe did not confirm the payment',
      expect.objectContaining({ type: 'card_error' }),
    );
    expect(calls.completeCart).not.toHaveBeenCalled();
    // A redirect's return page would lead back to this session.
    expect(window.localStorage.getItem(storageKeys.checkoutSessionId)).toBe('session-1');
    // Still on the payment step, ready for another card.
    expect(screen.getByRole('button', { name: /^Pay / })).toBeEnabled();
    expect(screen.queryByTestId('checkout-done')).not.toBeInTheDocument();
  });

  it('says so when Stripe.js cannot be loaded, and lets the buyer go back', async () => {
    const user = userEvent.setup();
    const loadStripe = vi.fn<LoadStripe>(() => Promise.resolve(null));
    const { calls } = setup('reg_pl', { loadStripe });
    calls.initiatePaymentSession.mockResolvedValue(stripeCollection);
    await screen.findByLabelText('Email');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
    await user.click(await screen.findByRole('radio', { name: 'stripe' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText(/The card form could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('radio', { name: 'stripe' })).toBeInTheDocument();
    expect(calls.completeCart).not.toHaveBeenCalled();
  });

  it('does not offer Stripe when the server has no publishable key for it', async () => {
    const user = userEvent.setup();
    setup('reg_pl', { stripeKey: null });
    await screen.findByLabelText('Email');
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment method' }));
    expect(
      await screen.findByRole('radio', { name: 'Test payment (no money is taken)' }),
    ).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'stripe' })).not.toBeInTheDocument();
  });

  it("gives Stripe the buyer's language", async () => {
    await changeLocale('pl-PL');
    const fake = fakeStripe();
    const user = userEvent.setup();
    const { calls } = setup('reg_pl', { loadStripe: fake.loadStripe });
    calls.initiatePaymentSession.mockResolvedValue(stripeCollection);
    await screen.findByLabelText('E-mail');
    await user.type(screen.getByLabelText('E-mail'), 'ilse@example.com');
    await user.type(screen.getByLabelText('Numer telefonu'), '+48 600 000 000');
    await user.type(screen.getByLabelText('Imię'), 'Ilse');
    await user.type(screen.getByLabelText('Nazwisko'), 'Nowak');
    await user.type(screen.getByRole('textbox', { name: 'Adres' }), 'ul. Długa 1');
    await user.type(screen.getByLabelText('Miasto'), 'Gdańsk');
    await user.type(screen.getByLabelText('Kod pocztowy'), '80-001');
    await user.click(screen.getByRole('button', { name: 'Przejdź do metody płatności' }));
    await user.click(await screen.findByRole('radio', { name: 'stripe' }));
    await user.click(screen.getByRole('button', { name: 'Przejdź do płatności' }));
    await waitFor(() => {
      expect(fake.stripe.elements).toHaveBeenCalledWith({
        clientSecret: 'pi_123_secret_abc',
        locale: 'pl',
      });
    });
  });
});
