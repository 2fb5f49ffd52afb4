/**
 * The reviews' refusals in the reader's language, by the server's stable code (the contract's codes). They have
 * the reviews' own words (`reviews.errors`, in the workspace's strings that load with their code), not the shell's
 * `errors.codes`, which every first page carries; anything else is described the app's usual way.
 */
import { codeWords } from '@/lib/api/error-words';
import { errorCode, errorMessage, type ErrorCode } from '@/lib/api/errors';

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
] as const satisfies readonly ErrorCode[];

export type ReviewCode = (typeof reviewCodes)[number];

const reviewWords = codeWords('reviews.errors');

export function reviewCode(error: unknown): ReviewCode | undefined {
  const code = errorCode(error);
  return (reviewCodes as readonly (string | undefined)[]).includes(code)
    ? (code as ReviewCode)
    : undefined;
}

/** The words for `error`: ours for a reviews code, the app's for anything else. */
export function reviewErrorMessage(error: unknown): string {
  return errorMessage(error, { words: [reviewWords] });
}
