/**
 * Stripe in the browser (spec §7 "the card payment provider's client"; decisions.md "Stripe in the web app"):
 * the seam through which the checkout loads Stripe.js, and what the payment step hands to it. Only types come
 * from `@stripe/stripe-js` here; its code is imported when a Stripe payment step first needs it, so neither the
 * Questboard nor the checkout's other steps carry it, and js.stripe.com is contacted only then.
 */
import type { Stripe } from '@stripe/stripe-js';

import type { PaymentSession, SavedAddress } from '../api/store-types';
import { isStripeProvider } from './providers';
import { checkoutSuccessPath } from './receipt';

/** Loads Stripe.js for a publishable key; `null` when it cannot be loaded. Tests pass a fake. */
export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

const loads = new Map<string, Promise<Stripe | null>>();

/**
 * The real loader: `@stripe/stripe-js/pure`, which injects js.stripe.com only when called (the package's main
 * entry injects it as soon as it is imported). One load per key for the page's life, as Stripe asks.
 */
export const loadStripeOnDemand: LoadStripe = (publishableKey) => {
  let load = loads.get(publishableKey);
  if (!load) {
    load = import('@stripe/stripe-js/pure').then((module) => module.loadStripe(publishableKey));
    // A failed load (offline, blocked) may be tried again on the next payment step.
    load.catch(() => loads.delete(publishableKey));
    loads.set(publishableKey, load);
  }
  return load;
};

/**
 * The providers the buyer may choose: Stripe's only when the server gave a publishable key (without it the
 * browser could not confirm the payment).
 */
export function offeredProviders<T extends { id: string }>(
  providers: readonly T[],
  stripePublishableKey: string | null | undefined,
): T[] {
  return providers.filter((provider) => !isStripeProvider(provider.id) || !!stripePublishableKey);
}

/** The PaymentIntent's client secret the server put in the payment session (`data.client_secret`). */
export function stripeClientSecret(session: PaymentSession | undefined): string | undefined {
  const data: Record<string, unknown> = session?.data ?? {};
  const secret = data.client_secret;
  return typeof secret === 'string' && secret !== '' ? secret : undefined;
}

/** Stripe's locale for the interface language: Stripe knows `pl` and `en-GB`. */
export function stripeLocale(language: string): 'pl' | 'en-GB' {
  return language.startsWith('pl') ? 'pl' : 'en-GB';
}

/** Where Stripe sends the buyer back when the payment method needs a redirect (spec §2). */
export function stripeReturnUrl(origin: string): string {
  return `${origin}${checkoutSuccessPath}`;
}

/** The cart's billing address and e-mail as Stripe's billing details (spec §7: confirmed with them). */
export function stripeBillingDetails(address: SavedAddress | null | undefined, email: string) {
  const name = [address?.first_name, address?.last_name].filter(Boolean).join(' ');
  return {
    name: name === '' ? undefined : name,
    email: email === '' ? undefined : email,
    phone: address?.phone ?? undefined,
    address: {
      line1: address?.address_1 ?? undefined,
      line2: address?.address_2 ?? undefined,
      city: address?.city ?? undefined,
      postal_code: address?.postal_code ?? undefined,
      country: address?.country_code ? address.country_code.toUpperCase() : undefined,
    },
  };
}
