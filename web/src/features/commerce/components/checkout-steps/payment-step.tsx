/**
 * The checkout's last step: the total, the method and the billing address, then the payment. With Stripe its
 * Payment Element shows here and Stripe.js confirms before the cart is completed; a declined payment says nothing
 * was charged and stays on this step.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';

import type { Cart, Order } from '../../api/store-types';
import { refreshCartAfterOrder } from '../../api/use-cart';
import { describeAddress } from '../../lib/address';
import { payStep, type CheckoutCalls } from '../../lib/checkout-flow';
import { forgetCheckoutSession, rememberCheckoutSession } from '../../lib/checkout-return';
import { commerceCode, toastCheckoutFailure } from '../../lib/errors';
import { isStripeProvider, providerLabel } from '../../lib/providers';
import {
  stripeBillingDetails,
  stripeClientSecret,
  stripeReturnUrl,
  type LoadStripe,
} from '../../lib/stripe';
import { useStripePaymentElement } from '../stripe-payment-element';
import { StepFooter } from './step-frame';

export function PaymentStep({
  cart,
  amount,
  sessionId,
  calls,
  loadStripe,
  onBack,
  onPaid,
}: {
  cart: Cart;
  amount: string;
  sessionId: string;
  calls: CheckoutCalls;
  loadStripe: LoadStripe;
  onBack: () => void;
  onPaid: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [declined, setDeclined] = useState<string>();
  const session = cart.payment_collection?.payment_sessions[0];
  const address = cart.billing_address;
  const stripe = session !== undefined && isStripeProvider(session.provider_id);
  const { data: config } = useConfig();
  const { container, card } = useStripePaymentElement({
    enabled: stripe,
    publishableKey: config?.payment.stripe_publishable_key ?? undefined,
    clientSecret: stripeClientSecret(session),
    loadStripe,
  });

  /**
   * Stripe.js's part: confirms the PaymentIntent in the browser. Stripe sends the buyer to their bank and back
   * to `/checkout/success` only when the method needs it; otherwise the cart is completed here, and the server
   * asks Stripe itself whether the money is there. False when Stripe refused (told and logged, spec §8).
   */
  const confirmWithStripe = async (): Promise<boolean> => {
    if (card.status !== 'ready') return false;
    rememberCheckoutSession(sessionId);
    const result = await card.stripe.confirmPayment({
      elements: card.elements,
      confirmParams: {
        return_url: stripeReturnUrl(window.location.origin),
        payment_method_data: { billing_details: stripeBillingDetails(address, cart.email ?? '') },
      },
      redirect: 'if_required',
    });
    if (result.error) {
      console.error('Stripe did not confirm the payment', result.error);
      toast.error(t('checkout.failed'), {
        description: result.error.message ?? t('checkout.stripe.notConfirmed'),
      });
      return false;
    }
    return true;
  };

  const submit = async () => {
    setBusy(true);
    setDeclined(undefined);
    try {
      if (stripe && !(await confirmWithStripe())) return;
      const answer = await payStep(calls, cart.id);
      if (answer.type === 'cart') {
        // Logged (spec §8) and told: the provider declined or wants more; nothing was charged.
        console.error('Payment not completed', answer.error);
        setDeclined(answer.error.message);
        toast.error(t('checkout.payment.declined'), { description: answer.error.message });
        return;
      }
      await refreshCartAfterOrder(queryClient);
      // Paid without leaving the app: no return page needs to lead back to the session.
      forgetCheckoutSession();
      // The session lists and the session page show the payment completed (their keys start with `session`).
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      toast.success(t('checkout.payment.success'));
      onPaid(answer.order);
    } catch (error) {
      if (commerceCode(error) === 'cart_completed') await refreshCartAfterOrder(queryClient);
      toastCheckoutFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      aria-label={t('checkout.steps.payment')}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t('checkout.payment.total')}</dt>
          <dd className="font-medium" data-testid="checkout-total">
            {amount}
          </dd>
        </div>
        {session && (
          <div>
            <dt className="text-muted-foreground">{t('checkout.method.label')}</dt>
            <dd>
              {(() => {
                const label = providerLabel(session.provider_id);
                return label.kind === 'test' ? t('checkout.method.testPayment') : label.name;
              })()}
            </dd>
          </div>
        )}
        {address && (
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">{t('checkout.payment.billedTo')}</dt>
            <dd className="break-words">
              {(() => {
                const described = describeAddress(address);
                return `${described.name}, ${described.lines}`;
              })()}
            </dd>
          </div>
        )}
      </dl>
      {session?.provider_id === 'pp_system_default' && (
        <p className="text-sm text-muted-foreground">{t('checkout.payment.testNote')}</p>
      )}
      {stripe && (
        <div className="flex flex-col gap-2">
          {card.status === 'loading' && (
            <p className="text-sm text-muted-foreground">{t('checkout.stripe.loading')}</p>
          )}
          {card.status === 'unavailable' && (
            <p role="alert" className="text-sm text-destructive">
              {t('checkout.stripe.unavailable')}
            </p>
          )}
          {/* Stripe's own frame goes here; it labels its fields in the buyer's language. */}
          <div ref={container} data-testid="stripe-payment-element" />
        </div>
      )}
      {declined !== undefined && (
        <p role="alert" className="text-sm text-destructive" data-testid="checkout-declined">
          {t('checkout.payment.declined')}
        </p>
      )}
      <StepFooter
        onBack={onBack}
        busy={busy}
        submitDisabled={stripe && card.status !== 'ready'}
        submitLabel={t('checkout.payment.submit', { amount })}
      />
    </form>
  );
}
