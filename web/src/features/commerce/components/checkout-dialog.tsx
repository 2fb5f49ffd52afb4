/**
 * The checkout dialog (spec §2, §4 "Checkout"): three steps — the billing address, the payment method, the
 * payment. The seat is the player's session payment (lib/seat); the cart is the region's (api/use-cart). A
 * region whose currency is not the seat's is named, with the matching region offered (never converted).
 * A declined payment says nothing was charged and leaves the dialog on the payment step; a completed one
 * refreshes the cart and the session views and links to the receipt. With Stripe the payment step shows Stripe's
 * Payment Element and confirms through Stripe.js before completing the cart (decisions.md "Stripe in the web app").
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api/errors';
import { useSignedInUser } from '@/lib/auth/current-user';
import { i18n, useFormat } from '@/lib/i18n';
import { useConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';

import { defaultCheckoutCalls } from '../api/checkout-calls';
import { listPaymentProviders } from '../api/store';
import type { Cart, Order, PaymentCollection } from '../api/store-types';
import { refreshCartAfterOrder, useCart, useStoreCart } from '../api/use-cart';
import { regionLabel, selectRegion, useRegion } from '../api/use-region';
import { useBillingPrefill } from '../api/use-billing-prefill';
import {
  addressFromCart,
  withPrefill,
  describeAddress,
  countries,
  requiredFields,
  validateAddress,
  type AddressField,
  type AddressMessage,
  type AddressForm,
} from '../lib/address';
import {
  payStep,
  saveAddressStep,
  startPaymentStep,
  type CheckoutCalls,
} from '../lib/checkout-flow';
import { commerceCode, commerceErrorMessage } from '../lib/errors';
import { forgetCheckoutSession, rememberCheckoutSession } from '../lib/checkout-return';
import { isStripeProvider, providerLabel } from '../lib/providers';
import { receiptHref } from '../lib/receipt';
import type { CheckoutSeat } from '../lib/seat';
import {
  loadStripeOnDemand,
  offeredProviders,
  stripeBillingDetails,
  stripeClientSecret,
  stripeReturnUrl,
  type LoadStripe,
} from '../lib/stripe';
import { RefundPolicy } from './refund-policy';
import { useStripePaymentElement } from './stripe-payment-element';

export type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  seat: CheckoutSeat;
  /** The calls, replaceable in tests; the store API's by default. */
  calls?: CheckoutCalls;
  /** Loads Stripe.js, replaceable in tests; `@stripe/stripe-js` on demand by default. */
  loadStripe?: LoadStripe;
};

type Step = 'address' | 'method' | 'payment' | 'done';
const steps = ['address', 'method', 'payment'] as const;

export function CheckoutDialog({
  open,
  onOpenChange,
  seat,
  calls = defaultCheckoutCalls,
  loadStripe = loadStripeOnDemand,
}: CheckoutDialogProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [step, setStep] = useState<Step>('address');
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

function StepList({ current }: { current: Exclude<Step, 'done'> }) {
  const { t } = useTranslation();
  const index = steps.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('checkout.stepsLabel')}>
      {steps.map((step, position) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={
            step === current
              ? 'rounded-md bg-primary px-2 py-1 text-primary-foreground'
              : position < index
                ? 'rounded-md bg-muted px-2 py-1'
                : 'rounded-md px-2 py-1 text-muted-foreground'
          }
        >
          {t('checkout.stepName', { number: position + 1, name: t(`checkout.steps.${step}`) })}
        </li>
      ))}
    </ol>
  );
}

function StepFooter({
  onBack,
  busy,
  submitDisabled = false,
  submitLabel,
}: {
  onBack?: () => void;
  busy: boolean;
  /** The step cannot be submitted yet (nothing to submit), though the buyer may go back. */
  submitDisabled?: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter className="pt-2">
      {onBack && (
        <Button type="button" variant="outline" onClick={onBack} disabled={busy}>
          {t('checkout.back')}
        </Button>
      )}
      <Button type="submit" disabled={busy || submitDisabled}>
        {busy ? t('checkout.working') : submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** The server's "<field> is required" codes (the spec's messages), worded in the active language. */
const requiredCodes: Record<string, AddressMessage> = {
  email_required: 'emailRequired',
  first_name_required: 'firstNameRequired',
  last_name_required: 'lastNameRequired',
  phone_required: 'phoneRequired',
  address_required: 'addressRequired',
  city_required: 'cityRequired',
  postal_code_required: 'postalCodeRequired',
  country_required: 'countryRequired',
};

/**
 * The server's field errors on the address form's fields (`billing_address.city` → `city`); a required field in
 * the active language, any other rule (too long, not one line) in the server's words.
 */
function serverAddressErrors(error: unknown): Partial<Record<AddressField, string[]>> | undefined {
  if (!(error instanceof ApiError) || !error.detail?.fields) return undefined;
  const known = new Set<string>([...requiredFields.map(([field]) => field), 'address_2']);
  const result: Partial<Record<AddressField, string[]>> = {};
  for (const [serverField, errors] of Object.entries(error.detail.fields)) {
    const field = serverField.split('.').pop() ?? serverField;
    if (!known.has(field)) return undefined;
    result[field as AddressField] = errors.map((fieldError) => {
      const key = Object.hasOwn(requiredCodes, fieldError.code)
        ? requiredCodes[fieldError.code]
        : undefined;
      return key ? i18n.t(`checkout.address.errors.${key}`) : fieldError.message;
    });
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function AddressStep({
  cart,
  seat,
  calls,
  onSaved,
}: {
  cart: Cart;
  seat: CheckoutSeat;
  calls: CheckoutCalls;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const storeCart = useStoreCart();
  const [form, setForm] = useState<AddressForm>(() =>
    addressFromCart(cart.email, cart.billing_address, user?.account.primary_email.email ?? ''),
  );
  // A cart without an address yet starts from the buyer's last order (or profile) once it is read; nothing
  // typed meanwhile is overwritten.
  const prefill = useBillingPrefill(!cart.billing_address && user !== undefined);
  const [prefilled, setPrefilled] = useState(false);
  if (prefill !== undefined && !prefilled) {
    setPrefilled(true);
    if (prefill !== null) setForm((previous) => withPrefill(previous, prefill));
  }
  const [errors, setErrors] = useState<Partial<Record<AddressField, string[]>>>({});
  const [busy, setBusy] = useState(false);

  // Editing a field takes its message away: what was wrong with the old value says nothing about the new one.
  const set = (field: AddressField) => (value: string) => {
    setForm((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) =>
      field in previous
        ? Object.fromEntries(Object.entries(previous).filter(([name]) => name !== field))
        : previous,
    );
  };

  const submit = async () => {
    const local = validateAddress(form);
    if (Object.keys(local).length > 0) {
      setErrors(
        Object.fromEntries(
          Object.entries(local).map(([field, key]) => [
            field,
            [t(`checkout.address.errors.${key}`)],
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      storeCart(await saveAddressStep(calls, cart, seat.variantId, form));
      onSaved();
    } catch (error) {
      const fieldErrors = serverAddressErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      else toastCheckoutFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const text = (field: AddressField, autoComplete: string, type = 'text') => (
    <Field
      label={t(`checkout.address.fields.${field}`)}
      errors={errors[field]}
      className={field === 'address_1' || field === 'address_2' ? 'sm:col-span-2' : undefined}
    >
      {(control) => (
        <Input
          {...control}
          type={type}
          autoComplete={autoComplete}
          value={form[field]}
          onChange={(event) => {
            set(field)(event.target.value);
          }}
        />
      )}
    </Field>
  );

  return (
    <form
      noValidate
      aria-label={t('checkout.steps.address')}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('email', 'email', 'email')}
        {text('phone', 'tel', 'tel')}
        {text('first_name', 'given-name')}
        {text('last_name', 'family-name')}
        {text('address_1', 'address-line1')}
        {text('address_2', 'address-line2')}
        {text('city', 'address-level2')}
        {text('postal_code', 'postal-code')}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t('checkout.address.fields.country_code')}
        </legend>
        <div className="flex flex-wrap gap-4">
          {countries.map((country) => (
            <label key={country} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="country_code"
                value={country}
                checked={form.country_code === country}
                onChange={() => {
                  set('country_code')(country);
                }}
              />
              {t(`checkout.address.countries.${country}`)}
            </label>
          ))}
        </div>
        {errors.country_code && (
          <p className="text-sm text-destructive">{errors.country_code.join(' ')}</p>
        )}
      </fieldset>
      <StepFooter busy={busy} submitLabel={t('checkout.address.submit')} />
    </form>
  );
}

function MethodStep({
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

function PaymentStep({
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

function DoneStep({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3" data-testid="checkout-done">
      <p className="text-sm">{t('checkout.done.text', { number: order.display_id })}</p>
      <Link to={receiptHref(order.id)} className="self-start text-sm underline underline-offset-4">
        {t('checkout.done.receipt')}
      </Link>
    </div>
  );
}

function toastCheckoutFailure(error: unknown) {
  // Logged too (spec §8: checkout errors are logged), with the cause the toast leaves out.
  console.error('Checkout failed', error);
  toast.error(i18n.t('checkout.failed'), { description: commerceErrorMessage(error) });
}
