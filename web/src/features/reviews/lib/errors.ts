/**
 * The reviews' refusals in the reader's language, by the server's stable code (the contract's codes). They are
 * translated with the reviews' own strings (the workspace's, loaded with their code), not in the shell's
 * `errors.codes`, which every first page carries; anything else is described the app's usual way.
 */
import { ApiError, describeError, translatorFor } from '@/lib/api/errors';
import { i18n, type TranslationKey } from '@/lib/i18n';

export const reviewCodes = [
  'feedback_already_submitted',
  'not_a_participant',
  'session_not_completed',
  'invalid_rating',
  'feedback_edit_window_closed',
  'review_already_answered',
  // The server's own refusals beyond the contract's list (the reviews-server branch).
  'review_not_found',
  'feedback_not_found',
  'cannot_report_yourself',
  'game_master_only',
  'player_not_found',
] as const;

export type ReviewCode = (typeof reviewCodes)[number];

export function reviewCode(error: unknown): ReviewCode | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  const code: string = error.detail.code;
  return (reviewCodes as readonly string[]).includes(code) ? (code as ReviewCode) : undefined;
}

/** The words for `error`: ours for a reviews code, the app's for anything else. */
export function reviewErrorMessage(error: unknown): string {
  const code = reviewCode(error);
  if (code) return i18n.t(`reviews.errors.${code}` as TranslationKey);
  const described = describeError(error, translatorFor(i18n));
  return described.kind === 'toast' ? described.message : i18n.t('errors.generic');
}
