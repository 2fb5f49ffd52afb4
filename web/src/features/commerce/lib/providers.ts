/**
 * How a payment provider is named to the buyer (spec §7): its id with the `pp_stripe_` prefix removed; the
 * built-in provider, which takes no money, is labelled a test payment (decisions.md §5).
 */
export const systemProviderId = 'pp_system_default';

const stripePrefix = 'pp_stripe_';

/** Stripe's providers (`pp_stripe_stripe`): the browser confirms their payments with Stripe.js (lib/stripe). */
export function isStripeProvider(providerId: string): boolean {
  return providerId.startsWith(stripePrefix);
}

export type ProviderLabel = { kind: 'test' } | { kind: 'named'; name: string };

export function providerLabel(providerId: string): ProviderLabel {
  if (providerId === systemProviderId) return { kind: 'test' };
  return {
    kind: 'named',
    name: providerId.startsWith(stripePrefix) ? providerId.slice(stripePrefix.length) : providerId,
  };
}
