/**
 * Stripe's Payment Element in the checkout's payment step: loaded through the injected `loadStripe` with the
 * payment session's client secret, mounted in a box of ours, and torn down with the step. The step confirms
 * through the `stripe` and `elements` this hands back once the element is mounted.
 */
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type LoadStripe, stripeLocale } from '../lib/stripe';

export type StripeCard =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe; elements: StripeElements }
  | { status: 'unavailable' };

type Loaded = { key: string; card: StripeCard };

/**
 * Mounts the Payment Element in the returned `container` once Stripe.js is loaded, when `enabled` (the payment
 * session is Stripe's). Without a publishable key or a client secret, or when Stripe.js cannot be loaded, the
 * card is `unavailable` (logged, spec §8).
 */
export function useStripePaymentElement({
  enabled,
  publishableKey,
  clientSecret,
  loadStripe,
}: {
  enabled: boolean;
  publishableKey: string | undefined;
  clientSecret: string | undefined;
  loadStripe: LoadStripe;
}) {
  const { i18n } = useTranslation();
  const locale = stripeLocale(i18n.language);
  const container = useRef<HTMLDivElement>(null);
  // Kept with the inputs it was made for, so a new client secret (a new attempt) shows `loading` again.
  const key = `${publishableKey ?? ''}|${clientSecret ?? ''}|${locale}`;
  const [loaded, setLoaded] = useState<Loaded>();

  useEffect(() => {
    if (!enabled) return;
    if (!publishableKey || !clientSecret) {
      // Spec §8: a missing client secret is a checkout error that is logged.
      console.error(
        publishableKey
          ? 'The Stripe payment session has no client secret'
          : 'Stripe is not configured: no publishable key',
      );
      return;
    }
    let cancelled = false;
    let element: StripePaymentElement | undefined;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe) throw new Error('Stripe.js is not available in this browser');
        const target = container.current;
        if (!target) return;
        const elements = stripe.elements({ clientSecret, locale });
        element = elements.create('payment', { layout: 'tabs' });
        element.mount(target);
        setLoaded({ key, card: { status: 'ready', stripe, elements } });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error('Stripe.js could not be loaded', error);
        setLoaded({ key, card: { status: 'unavailable' } });
      });
    return () => {
      cancelled = true;
      element?.destroy();
    };
  }, [enabled, publishableKey, clientSecret, loadStripe, locale, key]);

  const card: StripeCard =
    !publishableKey || !clientSecret
      ? { status: 'unavailable' }
      : loaded?.key === key
        ? loaded.card
        : { status: 'loading' };
  return { container, card };
}
