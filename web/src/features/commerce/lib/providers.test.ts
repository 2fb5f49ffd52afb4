import { describe, expect, it } from 'vitest';

import { providerLabel } from './providers';

describe('providerLabel', () => {
  it("strips Stripe's pp_stripe_ prefix (spec §7)", () => {
    expect(providerLabel('pp_stripe_stripe')).toEqual({ kind: 'named', name: 'stripe' });
    expect(providerLabel('pp_stripe_blik')).toEqual({ kind: 'named', name: 'blik' });
  });

  it('labels the built-in provider a test payment', () => {
    expect(providerLabel('pp_system_default')).toEqual({ kind: 'test' });
  });

  it('shows any other provider by its id', () => {
    expect(providerLabel('pp_paypal_paypal')).toEqual({ kind: 'named', name: 'pp_paypal_paypal' });
  });
});
