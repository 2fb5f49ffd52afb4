/**
 * The checkout dialog (spec §2, §4 "Checkout"): three steps — the billing address, the payment method, the
 * payment. The seat is the player's session payment (lib/seat); the cart is the region's (api/use-cart). A
 * region whose currency is not the seat's is named, with the matching region offered (never converted).
 * A declined payment says nothing was charged and leaves the dialog on the payment step; a completed one
 * refreshes the cart and the session views and links to the receipt. With Stripe the payment step shows Stripe's
 * Payment Element and confirms through Stripe.js before completing the cart (decisions.md "Stripe in the web app").
 * Each step is a file of ./checkout-steps/; this one holds the dialog, the step the buyer is on and the region check.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useFormat } from '@/lib/i18n';

import { defaultCheckoutCalls } from '../api/checkout-calls';
import type { Order } from '../api/store-types';
import { useCart } from '../api/use-cart';
import { regionLabel, selectRegion, useRegion } from '../api/use-region';
import type { CheckoutCalls } from '../lib/checkout-flow';
import type { CheckoutSeat } from '../lib/seat';
import { loadStripeOnDemand, type LoadStripe } from '../lib/stripe';
import { AddressStep } from './checkout-steps/address-step';
import { DoneStep } from './checkout-steps/done-step';
import { MethodStep } from './checkout-steps/method-step';
import { PaymentStep } from './checkout-steps/payment-step';
import { StepList, type CheckoutStep } from './checkout-steps/step-frame';

export type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  seat: CheckoutSeat;
  /** The calls, replaceable in tests; the store API's by default. */
  calls?: CheckoutCalls;
  /** Loads Stripe.js, replaceable in tests; `@stripe/stripe-js` on demand by default. */
  loadStripe?: LoadStripe;
};

export function CheckoutDialog({
  open,
  onOpenChange,
  seat,
  calls = defaultCheckoutCalls,
  loadStripe = loadStripeOnDemand,
}: CheckoutDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [step, setStep] = useState<CheckoutStep>('address');
  const [order, setOrder] = useState<Order>();
  const { region, regions } = useRegion();
  const cart = useCart();
  const amount = format.currency(seat.amount, seat.currencyCode);
  const mismatch = region !== undefined && region.currency_code !== seat.currencyCode;
  const matching = regions.find((candidate) => candidate.currency_code === seat.currencyCode);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('checkout.title')}</DialogTitle>
          <DialogDescription>
            {t('checkout.description', {
              series: seat.seriesTitle,
              start: format.dateTime(seat.startsAt),
              amount,
            })}
          </DialogDescription>
        </DialogHeader>
        {step !== 'done' && <StepList current={step} />}
        {mismatch ? (
          <div className="flex flex-col gap-3" data-testid="checkout-currency-mismatch">
            <p className="text-sm">
              {t('checkout.currencyMismatch', {
                seat: seat.currencyCode.toUpperCase(),
                region: region.currency_code.toUpperCase(),
              })}
            </p>
            {matching ? (
              <Button
                type="button"
                className="self-start"
                onClick={() => {
                  selectRegion(matching);
                }}
              >
                {t('checkout.switchRegion', { region: regionLabel(matching) })}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('checkout.noMatchingRegion')}</p>
            )}
          </div>
        ) : cart.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('checkout.errors.cartNotInitialized')}
          </p>
        ) : !cart.data || !region ? (
          <p className="text-sm text-muted-foreground">{t('checkout.loading')}</p>
        ) : step === 'address' ? (
          <AddressStep
            cart={cart.data}
            seat={seat}
            calls={calls}
            onSaved={() => {
              setStep('method');
            }}
          />
        ) : step === 'method' ? (
          <MethodStep
            cart={cart.data}
            regionId={region.id}
            calls={calls}
            onBack={() => {
              setStep('address');
            }}
            onStarted={() => {
              setStep('payment');
            }}
          />
        ) : step === 'payment' ? (
          <PaymentStep
            cart={cart.data}
            amount={amount}
            sessionId={seat.sessionId}
            calls={calls}
            loadStripe={loadStripe}
            onBack={() => {
              setStep('method');
            }}
            onPaid={(paid) => {
              setOrder(paid);
              setStep('done');
            }}
          />
        ) : (
          order && <DoneStep order={order} />
        )}
      </DialogContent>
    </Dialog>
  );
}
