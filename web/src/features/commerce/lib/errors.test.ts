import { afterEach, describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import { changeLocale } from '@/lib/i18n';

import { CartNotInitializedError } from './cart-storage';
import { commerceCode, commerceCodes, commerceErrorMessage } from './errors';

function refusal(code: string, message = 'The server says no') {
  return new ApiError(422, { type: 'invalid_data', code, message, fields: {} });
}

afterEach(async () => {
  await changeLocale('en-GB');
});

describe('commerceErrorMessage', () => {
  it('words every commerce code in both languages, never as the key itself', async () => {
    for (const locale of ['en-GB', 'pl-PL'] as const) {
      await changeLocale(locale);
      for (const code of commerceCodes) {
        const message = commerceErrorMessage(refusal(code));
        expect(message, `${locale} ${code}`).not.toContain('checkout.errors');
        expect(message, `${locale} ${code}`).not.toBe('The server says no');
      }
    }
  });

  it('tells a buyer whose seat is not theirs, in English and Polish', async () => {
    const error = refusal('variant_not_found');
    expect(commerceCode(error)).toBe('variant_not_found');
    expect(commerceErrorMessage(error)).toBe(
      'This seat is not yours to pay for, or it no longer exists.',
    );
    await changeLocale('pl-PL');
    expect(commerceErrorMessage(error)).toBe(
      'To miejsce nie jest twoje do opłacenia albo już nie istnieje.',
    );
  });

  it('says the cart is not initialized (spec §8) and leaves other codes to the app', () => {
    expect(commerceErrorMessage(new CartNotInitializedError())).toBe('Cart is not initialized');
    expect(commerceCode(refusal('title_required'))).toBeUndefined();
  });
});
