/**
 * The checkout's second step: the region's payment methods (Stripe only with its publishable key), and the
 * refund policy before the buyer goes on.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useConfig } from '@/lib/runtime-config';

import { listPaymentProviders } from '../../api/store';
import type { Cart, PaymentCollection } from '../../api/store-types';
import { startPaymentStep, type CheckoutCalls } from '../../lib/checkout-flow';
import { commerceErrorMessage, toastCheckoutFailure } from '../../lib/errors';
import { providerLabel } from '../../lib/providers';
import { offeredProviders } from '../../lib/stripe';
import { RefundPolicy } from '../refund-policy';
import { StepFooter } from './step-frame';

export function MethodStep({
  cart,
  regionId,
  calls,
  onBack,
  onStarted,
}: {
  cart: Cart;
  regionId: string;
  calls: CheckoutCalls;
  onBack: () => void;
  onStarted: (collection: PaymentCollection) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useQuery({
    queryKey: ['commerce', 'payment-providers', regionId],
    queryFn: () => listPaymentProviders(regionId),
  });
  const { data: config } = useConfig();
  // Stripe is offered only with its publishable key: without it the browser could not confirm the payment.
  const enabled = offeredProviders(
    (providers.data ?? []).filter((provider) => provider.is_enabled),
    config?.payment.stripe_publishable_key,
  );
  const [chosen, setChosen] = useState<string>();
  const selected = chosen ?? enabled[0]?.id;
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      const collection = await startPaymentStep(calls, cart, selected);
      queryClient.setQueriesData<Cart>({ queryKey: ['commerce', 'cart'] }, (previous) =>
        previous?.id === cart.id ? { ...previous, payment_collection: collection } : previous,
      );
      onStarted(collection);
    } catch (error) {
      toastCheckoutFailure(error);
    } finally {
      setBusy(false);
    }
  };

  let choices: ReactNode;
  if (providers.isPending) {
    choices = <p className="text-sm text-muted-foreground">{t('checkout.loading')}</p>;
  } else if (providers.isError || enabled.length === 0) {
    // Logged as well (spec §8: "no payment providers available" is a checkout error that is logged).
    if (providers.isSuccess) console.error('No payment providers available for region', regionId);
    choices = (
      <p role="alert" className="text-sm text-destructive">
        {providers.isError
          ? commerceErrorMessage(providers.error)
          : t('checkout.errors.codes.no_payment_providers')}
      </p>
    );
  } else {
    choices = (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('checkout.method.label')}</legend>
        {enabled.map((provider) => {
          const label = providerLabel(provider.id);
          return (
            <label key={provider.id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="provider_id"
                value={provider.id}
                checked={selected === provider.id}
                onChange={() => {
                  setChosen(provider.id);
                }}
              />
              {label.kind === 'test' ? t('checkout.method.testPayment') : label.name}
            </label>
          );
        })}
      </fieldset>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('checkout.steps.method')}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {choices}
      <RefundPolicy />
      <StepFooter
        onBack={onBack}
        busy={busy || !selected}
        submitLabel={t('checkout.method.submit')}
      />
    </form>
  );
}
