/**
 * The chat's refusals in the reader's language. Their codes are translated with the chat's own strings (loaded
 * with its code), not in the shell's `errors.codes`, which every first page carries; anything else is described
 * the app's usual way.
 */
import type { TFunction } from 'i18next';

import { ApiError, describeError, translatorFor } from '@/lib/api/errors';
import { i18n } from '@/lib/i18n';

import type enGBWorkspace from '@/locales/workspace/en-GB.json';

type ChatCode = keyof typeof enGBWorkspace.chat.errors;

// The codes as a value would bring the whole workspace file into the chat's chunk: ask i18next instead.
function isChatCode(code: string): code is ChatCode {
  return i18n.exists(`chat.errors.${code}`);
}

export function chatErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.detail && isChatCode(error.detail.code)) {
    return t(`chat.errors.${error.detail.code}`);
  }
  const outcome = describeError(error, translatorFor(i18n));
  return outcome.kind === 'toast' ? outcome.message : t('errors.generic');
}
