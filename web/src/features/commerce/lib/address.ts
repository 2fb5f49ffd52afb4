/**
 * The checkout address (spec §5 "Checkout address"): every field but the second address line is required, each
 * with the spec's message; the country is Poland or Belgium, Poland by default. We send the chosen country's
 * code (decisions.md §3 says why this departs from the spec's fixed `pl`). The server checks the same rules and
 * answers with the same messages.
 */
import type { BillingAddress, SavedAddress } from '../api/store-types';

export const countries = ['pl', 'be'] as const;
export type Country = (typeof countries)[number];

export type AddressForm = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  postal_code: string;
  country_code: Country | '';
};

export type AddressField = keyof AddressForm;

/** The required fields in the order the form shows them, each with its message's key. */
export const requiredFields = [
  ['email', 'emailRequired'],
  ['first_name', 'firstNameRequired'],
  ['last_name', 'lastNameRequired'],
  ['phone', 'phoneRequired'],
  ['address_1', 'addressRequired'],
  ['city', 'cityRequired'],
  ['postal_code', 'postalCodeRequired'],
  ['country_code', 'countryRequired'],
] as const satisfies readonly (readonly [AddressField, string])[];

export type AddressMessage = (typeof requiredFields)[number][1];

export function emptyAddress(email = ''): AddressForm {
  return {
    email,
    first_name: '',
    last_name: '',
    phone: '',
    address_1: '',
    address_2: '',
    city: '',
    postal_code: '',
    country_code: 'pl',
  };
}

/** The form filled from a cart's saved address (a second attempt starts where the first left off). */
export function addressFromCart(
  email: string | null | undefined,
  address: SavedAddress | null | undefined,
  fallbackEmail: string,
): AddressForm {
  const form = emptyAddress(
    email === null || email === undefined || email === '' ? fallbackEmail : email,
  );
  if (!address) return form;
  return {
    ...form,
    first_name: address.first_name ?? '',
    last_name: address.last_name ?? '',
    phone: address.phone ?? '',
    address_1: address.address_1 ?? '',
    address_2: address.address_2 ?? '',
    city: address.city ?? '',
    postal_code: address.postal_code ?? '',
    country_code: countries.find((country) => country === address.country_code) ?? 'pl',
  };
}

/** What a buyer's profile knows of a billing address (the profiles feature's `MyProfile` has these fields). */
export type ProfileAddress = {
  first_name?: unknown;
  last_name?: unknown;
  phone?: { phone?: unknown } | null;
  location?: {
    address1?: unknown;
    city?: unknown;
    postal_code?: unknown;
    country?: unknown;
  } | null;
};

/**
 * The address a new checkout starts from: the buyer's last order's, else what their profile holds (a country
 * only when it is one we sell in); `undefined` when neither says anything.
 */
export function addressFromHistory(
  lastOrder: SavedAddress | null | undefined,
  profile: ProfileAddress | null | undefined,
): Partial<AddressForm> | undefined {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  if (lastOrder) {
    const fields: Partial<AddressForm> = addressFromCart(null, lastOrder, '');
    // The e-mail is the cart's (or the account's), not the last order's.
    delete fields.email;
    return fields;
  }
  if (!profile) return undefined;
  const location = profile.location ?? {};
  const country = text(location.country).toLowerCase();
  const fields: Partial<AddressForm> = {
    first_name: text(profile.first_name),
    last_name: text(profile.last_name),
    phone: text(profile.phone?.phone),
    address_1: text(location.address1),
    city: text(location.city),
    postal_code: text(location.postal_code),
    ...(countries.some((known) => known === country) ? { country_code: country as Country } : {}),
  };
  const filled = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
  return Object.keys(filled).length > 0 ? filled : undefined;
}

/** `form` with its empty fields taken from `prefill` (nothing typed is overwritten; the country only if unchosen). */
export function withPrefill(form: AddressForm, prefill: Partial<AddressForm>): AddressForm {
  const next = { ...form };
  for (const [field, value] of Object.entries(prefill) as [AddressField, string][]) {
    if (field === 'email' || value === '') continue;
    if (field === 'country_code') {
      if (form.country_code === 'pl' || form.country_code === '') {
        next.country_code = value as Country;
      }
    } else if (form[field].trim() === '') {
      next[field] = value;
    }
  }
  return next;
}

/** Each empty required field with its message key; empty when the address can be saved. */
export function validateAddress(form: AddressForm): Partial<Record<AddressField, AddressMessage>> {
  const errors: Partial<Record<AddressField, AddressMessage>> = {};
  for (const [field, message] of requiredFields) {
    if (form[field].trim() === '') errors[field] = message;
  }
  return errors;
}

/** What `updateCart` is sent: trimmed, the optional line left out when empty. */
export function billingAddress(form: AddressForm): BillingAddress {
  const address2 = form.address_2.trim();
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    address_1: form.address_1.trim(),
    ...(address2 === '' ? {} : { address_2: address2 }),
    city: form.city.trim(),
    postal_code: form.postal_code.trim(),
    country_code: form.country_code || 'pl',
    phone: form.phone.trim(),
  };
}

/** A saved address as one can read it: the name, and the lines joined (missing parts left out, never "null"). */
export function describeAddress(address: SavedAddress): { name: string; lines: string } {
  const part = (value: string | null | undefined) => value?.trim() ?? '';
  const join = (parts: string[], separator: string) =>
    parts.filter((value) => value !== '').join(separator);
  return {
    name: join([part(address.first_name), part(address.last_name)], ' '),
    lines: join(
      [
        part(address.address_1),
        part(address.address_2),
        join([part(address.postal_code), part(address.city)], ' '),
        part(address.country_code).toUpperCase(),
      ],
      ', ',
    ),
  };
}
