import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

import { baseInfoBody } from './base-info';
import { withoutPartPrefix } from './form-errors';
import { baseInfoSchema, noCountry } from './schemas';

const today = () => '2026-11-22';
const form = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Ada',
  birthdate: '1990-05-01',
  bio: '',
  language: 'en' as const,
  phone: ' +48 600 100 200 ',
  location: { address1: '', city: ' Kraków ', postal_code: '', country: 'pl' },
};

describe('the base part of a profile update', () => {
  it('is what the form parses to: empty optional fields are null, the phone is nested', () => {
    const values = baseInfoSchema(today).parse(form);
    expect(baseInfoBody(values, 'full')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: 'Ada',
      birthdate: '1990-05-01',
      bio: '',
      language: 'en',
      phone: { phone: '+48 600 100 200' },
      location: { address1: null, city: 'Kraków', postal_code: null, country: 'pl' },
    });
  });

  it('sends no country for the "not set" option, and only who you are from the wizard', () => {
    const values = baseInfoSchema(today).parse({
      ...form,
      location: { ...form.location, country: noCountry },
    });
    expect(baseInfoBody(values, 'full').location?.country).toBeNull();
    expect(baseInfoBody(values, 'basics')).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      display_name: 'Ada',
      birthdate: '1990-05-01',
      bio: '',
    });
  });

  it('puts the server field messages on the fields of the same name', () => {
    const message = (code: components['schemas']['ErrorCode']) => [{ code, message: code }];
    const error = new ApiError(422, {
      code: 'validation_failed',
      message: 'Invalid',
      type: 'invalid_argument',
      fields: {
        'base.location.city': message('city_too_long'),
        'base.phone': message('phone_invalid'),
      },
    });
    const local = withoutPartPrefix(error, 'base');
    expect(local instanceof ApiError ? Object.keys(local.detail?.fields ?? {}) : []).toEqual([
      'location.city',
      'phone',
    ]);
  });
});
