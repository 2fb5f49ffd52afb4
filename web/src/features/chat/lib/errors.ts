/**
 * The chat's refusals in the reader's language. Their codes have the chat's own words (`chat.errors`, in the
 * workspace's strings that load with its code), not the shell's `errors.codes`, which every first page carries;
 * anything else is described the app's usual way.
 */
import type { TFunction } from 'i18next';

import { codeWords } from '@/lib/api/error-words';
import { errorMessage } from '@/lib/api/errors';

const chatWords = codeWords('chat.errors');

export function chatErrorMessage(error: unknown, t: TFunction): string {
  return errorMessage(error, { t: (key, options) => t(key, options ?? {}), words: [chatWords] });
}
