import { describe, expect, it } from 'vitest';

import { createI18n } from '@/lib/i18n/create-i18n';

import { addressFromCart, billingAddress, emptyAddress, validateAddress } from './address';

describe('the checkout address', () => {
  it("names every missing field with the spec's message, Poland chosen by default", () => {
    const en = createI18n('en-GB');
    const errors = validateAddress({ ...emptyAddress(), country_code: '' });
    expect(Object.values(errors).map((key) => en.t(`checkout.address.errors.${key}`))).toEqual([
      'Email is required',
      'First name is required',
      'Last name is required',
      'Phone number is required',
      'Address is required',
      'City is required',
      'Postal code is required',
      'Country is required',
    ]);
    expect(emptyAddress().country_code).toBe('pl');
    expect(validateAddress(emptyAddress()).country_code).toBeUndefined();
  });

  it('takes a blank (spaces only) field as missing and the second line as optional', () => {
    const form = {
      ...emptyAddress('ilse@example.com'),
      first_name: 'Ilse',
      last_name: '   ',
      phone: '+48 600 000 000',
      address_1: 'ul. Długa 1',
      city: 'Gdańsk',
      postal_code: '80-001',
    };
    expect(validateAddress(form)).toEqual({ last_name: 'lastNameRequired' });
    expect(validateAddress({ ...form, last_name: 'Nowak' })).toEqual({});
  });

  it('sends the chosen country and leaves out an empty second line', () => {
    const form = {
      ...emptyAddress('ilse@example.com'),
      first_name: ' Ilse ',
      last_name: 'Nowak',
      phone: '+32 470 00 00 00',
      address_1: 'Rue Haute 1',
      city: 'Bruxelles',
      postal_code: '1000',
      country_code: 'be' as const,
    };
    expect(billingAddress(form)).toEqual({
      first_name: 'Ilse',
      last_name: 'Nowak',
      address_1: 'Rue Haute 1',
      city: 'Bruxelles',
      postal_code: '1000',
      country_code: 'be',
      phone: '+32 470 00 00 00',
    });
    expect(billingAddress({ ...form, address_2: 'Boîte 2' }).address_2).toBe('Boîte 2');
  });

  it("starts from the cart's saved address, else the account's e-mail", () => {
    expect(addressFromCart(null, null, 'me@example.com').email).toBe('me@example.com');
    const saved = addressFromCart(
      'cart@example.com',
      {
        first_name: 'A',
        last_name: 'B',
        address_1: 'C',
        city: 'D',
        postal_code: 'E',
        country_code: 'be',
        phone: 'F',
      },
      'me@example.com',
    );
    expect(saved).toMatchObject({ email: 'cart@example.com', country_code: 'be', address_2: '' });
  });
});
