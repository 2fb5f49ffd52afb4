import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, NetworkError } from '@/lib/api/errors';
import { changeLocale, i18n } from '@/lib/i18n';

import { chatErrorMessage } from './errors';

function refusal(code: string) {
  return new ApiError(403, {
    type: 'forbidden',
    code,
    message: 'English from the server',
    fields: {},
  });
}

describe('chatErrorMessage', () => {
  afterEach(async () => {
    await changeLocale('en-GB');
  });

  it('translates the chat codes in the reader’s language', async () => {
    await changeLocale('pl-PL');
    expect(chatErrorMessage(refusal('chat_blocked'), i18n.t)).toBe(
      'Ta osoba nie przyjmuje Twoich wiadomości.',
    );
    await changeLocale('en-GB');
    expect(chatErrorMessage(refusal('chat_user_blocked'), i18n.t)).toBe(
      'You have blocked this person. Unblock them to write.',
    );
  });

  it('describes other failures the app’s usual way', () => {
    expect(chatErrorMessage(new NetworkError(new TypeError('offline')), i18n.t)).toBe(
      'Cannot reach Questline. Check your connection and try again.',
    );
    expect(chatErrorMessage(refusal('some_new_code'), i18n.t)).toBe('English from the server');
  });
});
