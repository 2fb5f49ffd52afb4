/**
 * The checkout's first step: the billing address, started from the cart's, the buyer's last order or profile; the
 * spec's messages for a missing field before anything is sent, and the server's on the fields it names.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api/errors';
import { useSignedInUser } from '@/lib/auth/current-user';
import { i18n } from '@/lib/i18n';

import type { Cart } from '../../api/store-types';
import { useStoreCart } from '../../api/use-cart';
import { useBillingPrefill } from '../../api/use-billing-prefill';
import {
  addressFromCart,
  withPrefill,
  countries,
  requiredFields,
  validateAddress,
  type AddressField,
  type AddressMessage,
  type AddressForm,
} from '../../lib/address';
import { saveAddressStep, type CheckoutCalls } from '../../lib/checkout-flow';
import { toastCheckoutFailure } from '../../lib/errors';
import type { CheckoutSeat } from '../../lib/seat';
import { StepFooter } from './step-frame';

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

export function AddressStep({
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
