import { describe, expect, it } from 'vitest';

import type { PaymentSession } from '../api/store-types';
import { isStripeProvider } from './providers';
import {
  offeredProviders,
  stripeBillingDetails,
  stripeClientSecret,
  stripeLocale,
  stripeReturnUrl,
} from './stripe';

const providers = [
  { id: 'pp_system_default', is_enabled: true },
  { id: 'pp_stripe_stripe', is_enabled: true },
];

function session(data: Record<string, unknown>): PaymentSession {
  return {
    id: 'payses_1',
    provider_id: 'pp_stripe_stripe',
    amount: 25,
    currency_code: 'pln',
    status: 'pending',
    data: data as Record<string, never>,
  };
}

describe('Stripe in the browser', () => {
  it('offers Stripe only with a publishable key', () => {
    expect(offeredProviders(providers, 'pk_test_1').map(({ id }) => id)).toEqual([
      'pp_system_default',
      'pp_stripe_stripe',
    ]);
    for (const key of [null, undefined, '']) {
      expect(offeredProviders(providers, key).map(({ id }) => id)).toEqual(['pp_system_default']);
    }
    expect(isStripeProvider('pp_stripe_stripe')).toBe(true);
    expect(isStripeProvider('pp_system_default')).toBe(false);
  });

  it("reads the client secret from the payment session's data, and nothing else", () => {
    expect(stripeClientSecret(session({ client_secret: 'pi_1_secret_2', id: 'pi_1' }))).toBe(
      'pi_1_secret_2',
    );
    expect(stripeClientSecret(session({}))).toBeUndefined();
    expect(stripeClientSecret(session({ client_secret: '' }))).toBeUndefined();
    expect(stripeClientSecret(session({ client_secret: 42 }))).toBeUndefined();
    expect(stripeClientSecret(undefined)).toBeUndefined();
  });

  it("speaks the buyer's language and returns to /checkout/success", () => {
    expect(stripeLocale('pl-PL')).toBe('pl');
    expect(stripeLocale('en-GB')).toBe('en-GB');
    expect(stripeReturnUrl('https://questline.example')).toBe(
      'https://questline.example/checkout/success',
    );
  });

  it("hands Stripe the cart's billing address, the country in capitals", () => {
    expect(
      stripeBillingDetails(
        {
          first_name: 'Ilse',
          last_name: 'Nowak',
          address_1: 'Rue Haute 1',
          address_2: null,
          city: 'Bruxelles',
          postal_code: '1000',
          country_code: 'be',
          phone: '+32 470 00 00 00',
        },
        'ilse@example.com',
      ),
    ).toEqual({
      name: 'Ilse Nowak',
      email: 'ilse@example.com',
      phone: '+32 470 00 00 00',
      address: {
        line1: 'Rue Haute 1',
        line2: undefined,
        city: 'Bruxelles',
        postal_code: '1000',
        country: 'BE',
      },
    });
  });
});
