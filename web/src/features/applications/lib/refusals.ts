/**
 * The refusals a player or GM can do something about, by the server's stable code (issue 14's contract): shown
 * in the dialog itself, in the active language, where the user is still looking. Anything else is the spec's
 * failure toast ('Failed to apply to series', …) with the generic description.
 */
import { codeMessage, codeWords } from '@/lib/api/error-words';
import { ApiError, type Translate } from '@/lib/api/errors';

import type { Move } from './moves';

export type Refusal = {
  code: string;
  message: string;
  /** birthdate_required: the way to fix it. */
  profileLink: boolean;
};

/** `applications.refusals.<code>`; too_young and the state refusal take more than the code (below). */
const refusalWords = codeWords('applications.refusals');

/**
 * What to show in the dialog for `error`, or undefined when it is not a refusal we explain there. `minAge` is the
 * series' minimum age (for too_young, whose figure the error body does not carry apart from its English text);
 * `move` words the state refusal ("cannot be accepted in its current state").
 */
export function describeRefusal(
  error: unknown,
  t: Translate,
  { move, minAge }: { move?: Move | 'apply'; minAge?: number | null } = {},
): Refusal | undefined {
  if (!(error instanceof ApiError) || error.detail === undefined) return undefined;
  const { code, message } = error.detail;
  let text: string | undefined;
  if (code === 'too_young') {
    text =
      minAge === undefined || minAge === null
        ? message
        : t('applications.refusals.too_young', { age: minAge });
  } else if (code === 'application_state') {
    text = move && move !== 'apply' ? t(`applications.refusals.state.${move}`) : message;
  } else {
    text = codeMessage(code, t, [refusalWords]);
  }
  if (text === undefined) return undefined;
  return { code, message: text, profileLink: code === 'birthdate_required' };
}
